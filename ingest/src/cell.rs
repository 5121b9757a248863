//! Dates and times as they appear in imported sheets.

use chrono::{Duration, NaiveDate, NaiveDateTime};

use crate::{Error, Result};

/// Excel's day zero in the 1900 date system (it counts the phantom 1900-02-29).
fn excel_epoch() -> NaiveDate {
    NaiveDate::from_ymd_opt(1899, 12, 30).expect("valid date")
}

/// Reads `2026-03-01`, `2026/3/1`, `20260301` or an Excel serial date.
pub fn parse_date(text: &str) -> Result<NaiveDate> {
    let t = text.trim();
    let bad = || Error::Date(t.to_owned());
    if t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()) {
        return NaiveDate::parse_from_str(t, "%Y%m%d").map_err(|_| bad());
    }
    for sep in ['-', '/'] {
        let parts: Vec<&str> = t.split(sep).collect();
        if parts.len() == 3 {
            let nums: Option<Vec<u32>> = parts.iter().map(|p| p.trim().parse().ok()).collect();
            if let Some([y, m, d]) = nums.as_deref() {
                // A year past i32 would wrap in the cast; no calendar year has ten digits.
                let y = i32::try_from(*y).map_err(|_| bad())?;
                return NaiveDate::from_ymd_opt(y, *m, *d).ok_or_else(bad);
            }
        }
    }
    t.parse::<f64>().ok().and_then(date_from_serial).ok_or_else(bad)
}

/// The date of an Excel serial (the time of day, if any, is dropped). Serials run from 1
/// (1900-01-01) to 2958465 (9999-12-31).
pub fn date_from_serial(serial: f64) -> Option<NaiveDate> {
    (1.0..2_958_466.0)
        .contains(&serial)
        .then(|| excel_epoch() + Duration::days(serial.trunc() as i64))
}

/// The date and time of an Excel serial, rounded to the second.
pub fn datetime_from_serial(serial: f64) -> Option<NaiveDateTime> {
    if !(1.0..2_958_466.0).contains(&serial) {
        return None;
    }
    let secs = (serial * 86_400.0).round() as i64;
    excel_epoch().and_hms_opt(0, 0, 0).map(|t| t + Duration::seconds(secs))
}

/// The last second of a broadcast day: 29:59:59, i.e. 05:59:59 the next calendar day.
pub const MAX_BROADCAST_SECS: u32 = 30 * 3600 - 1;

/// Reads `HH:MM[:SS]` (hours up to 29 for the broadcast day) or an Excel time fraction, as
/// seconds from the start of the broadcast day.
pub fn parse_time(text: &str) -> Result<u32> {
    let t = text.trim();
    let bad = || Error::Time(t.to_owned());
    if t.contains(':') {
        let parts: Vec<&str> = t.split(':').collect();
        if !(2..=3).contains(&parts.len()) {
            return Err(bad());
        }
        let nums: Option<Vec<u32>> = parts.iter().map(|p| p.trim().parse().ok()).collect();
        let nums = nums.ok_or_else(bad)?;
        let (h, m, s) = (nums[0], nums[1], nums.get(2).copied().unwrap_or(0));
        // Hours are bounded before any arithmetic: 4294967295:00:00 overflowed the product
        // (a panic in debug builds, a wrapped and wrong time in release ones).
        if h > MAX_BROADCAST_SECS / 3600 || m > 59 || s > 59 {
            return Err(bad());
        }
        let secs = h * 3600 + m * 60 + s;
        return if secs <= MAX_BROADCAST_SECS { Ok(secs) } else { Err(bad()) };
    }
    t.parse::<f64>().ok().and_then(time_from_fraction).ok_or_else(bad)
}

/// Seconds of a broadcast day from a fraction of a day, as Excel stores times; rounded to the
/// second, up to 29:59:59.
pub fn time_from_fraction(f: f64) -> Option<u32> {
    if !(0.0..1.25).contains(&f) {
        return None;
    }
    let secs = (f * 86_400.0).round() as u32;
    (secs <= MAX_BROADCAST_SECS).then_some(secs)
}

/// Reads a date and a time written together: `2026-03-01 20:15[:00]`, `2026/3/1 20:15`, or
/// ISO `2026-03-01T20:15:00`. The time may be a broadcast-day time (up to 29:59:59); the
/// result is the date and the seconds from its start.
pub fn parse_datetime(text: &str) -> Result<(NaiveDate, u32)> {
    let t = text.trim();
    let bad = || Error::Time(t.to_owned());
    let (date, time) =
        t.split_once('T').or_else(|| t.split_once(char::is_whitespace)).ok_or_else(bad)?;
    let time = time.trim();
    if !time.contains(':') {
        return Err(bad());
    }
    let date = parse_date(date).map_err(|_| bad())?;
    let secs = parse_time(time.trim_end_matches('Z')).map_err(|_| bad())?;
    Ok((date, secs))
}

/// The calendar date-time of a broadcast-day time: past 24:00 it is the next day. `None` past
/// the last date chrono holds (only a date far outside [`FIRST_DATE`]…[`LAST_DATE`] gets there).
pub fn broadcast_datetime(date: NaiveDate, secs: u32) -> Option<NaiveDateTime> {
    date.and_time(chrono::NaiveTime::MIN).checked_add_signed(Duration::seconds(i64::from(secs)))
}

/// The first and last broadcast day an imported row may have (docs/import-formats.md): the
/// first day of Excel's 1900 date system, and the last day the other screens take (a tape
/// change's 2099-12-31). Every date computed from a row — the air time past midnight, the
/// lake's month, a dashboard bucket — then stays far inside every type that holds it.
pub const FIRST_DATE: NaiveDate = NaiveDate::from_ymd_opt(1900, 1, 1).expect("valid date");
pub const LAST_DATE: NaiveDate = NaiveDate::from_ymd_opt(2099, 12, 31).expect("valid date");

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn dates_in_every_accepted_form() {
        assert_eq!(parse_date("2026-03-01"), Ok(d(2026, 3, 1)));
        assert_eq!(parse_date("2026/3/1"), Ok(d(2026, 3, 1)));
        assert_eq!(parse_date(" 20260301 "), Ok(d(2026, 3, 1)));
        assert_eq!(parse_date("46082"), Ok(d(2026, 3, 1)));
        assert_eq!(parse_date("45658.75"), Ok(d(2025, 1, 1)));
    }

    #[test]
    fn impossible_dates_are_refused_with_the_value() {
        for bad in ["2026-02-30", "2026/13/1", "20261301", "yesterday", "", "0"] {
            let err = parse_date(bad).unwrap_err();
            assert!(err.to_string().contains("无法识别的日期"), "{bad}");
        }
    }

    #[test]
    fn broadcast_day_times_run_to_29_59_59() {
        assert_eq!(parse_time("08:05"), Ok(8 * 3600 + 5 * 60));
        assert_eq!(parse_time("23:59:59"), Ok(86_399));
        assert_eq!(parse_time("29:59:59"), Ok(MAX_BROADCAST_SECS));
        assert_eq!(parse_time("0.5"), Ok(12 * 3600));
        assert!(parse_time("30:00:00").is_err());
        assert!(parse_time("12:60").is_err());
        assert!(parse_time("noon").is_err());
    }

    #[test]
    fn hours_too_large_to_multiply_are_refused_not_wrapped() {
        // 1193047 h is 2^32 s + 1904 s: wrapped it read as 00:31:44.
        for bad in ["4294967295:00:00", "1193047:00:00", "30:00", "99999999999:00"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn years_past_i32_are_refused_not_wrapped() {
        // 4294967295 would have been cast to year -1.
        assert!(parse_date("4294967295-01-01").is_err());
        assert!(parse_date("4294967295/1/1").is_err());
    }

    #[test]
    fn serials_and_written_date_times() {
        assert_eq!(date_from_serial(46082.9), Some(d(2026, 3, 1)));
        assert_eq!(date_from_serial(0.5), None);
        let t = datetime_from_serial(46082.5).unwrap();
        assert_eq!(t, d(2026, 3, 1).and_hms_opt(12, 0, 0).unwrap());
        assert_eq!(time_from_fraction(1.0625), Some(25 * 3600 + 30 * 60));
        assert_eq!(parse_datetime("2026-03-01 20:15"), Ok((d(2026, 3, 1), 20 * 3600 + 15 * 60)));
        assert_eq!(parse_datetime("2026/3/1 25:00:00"), Ok((d(2026, 3, 1), 25 * 3600)));
        assert_eq!(parse_datetime("2026-03-01T08:00:00"), Ok((d(2026, 3, 1), 8 * 3600)));
        assert!(parse_datetime("2026-03-01").is_err());
        assert!(parse_datetime("2026-03-01 0.5").is_err());
    }

    #[test]
    fn times_past_midnight_fall_on_the_next_day() {
        let t = broadcast_datetime(d(2026, 3, 31), parse_time("25:30").unwrap()).unwrap();
        assert_eq!(t, d(2026, 4, 1).and_hms_opt(1, 30, 0).unwrap());
    }

    #[test]
    fn the_last_date_chrono_holds_does_not_overflow() {
        assert_eq!(broadcast_datetime(NaiveDate::MAX, MAX_BROADCAST_SECS), None);
    }
}
