//! Integration tests of the suits calls (issue 4).
