//! Integration tests of the products calls (issue 4).
