//! Integration tests of the time_periods calls (issue 4).
