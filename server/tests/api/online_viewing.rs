//! Integration tests of the online_viewing calls (issue 4).
