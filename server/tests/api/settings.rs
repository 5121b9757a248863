//! Integration tests of the settings calls (issue 4).
