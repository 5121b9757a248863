//! Integration tests of the tapes calls (issue 4).
