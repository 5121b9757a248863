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
                return NaiveDate::from_ymd_opt(*y as i32, *m, *d).ok_or_else(bad);
            }
        }
    }
    match t.parse::<f64>() {
        Ok(serial) if (1.0..2_958_466.0).contains(&serial) => {
            Ok(excel_epoch() + Duration::days(serial.trunc() as i64))
        }
        _ => Err(bad()),
    }
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
        if m > 59 || s > 59 {
            return Err(bad());
        }
        let secs = h * 3600 + m * 60 + s;
        return if secs <= MAX_BROADCAST_SECS { Ok(secs) } else { Err(bad()) };
    }
    match t.parse::<f64>() {
        // A fraction of a day, as Excel stores times; rounded to the second.
        Ok(f) if (0.0..1.25).contains(&f) => {
            let secs = (f * 86_400.0).round() as u32;
            if secs <= MAX_BROADCAST_SECS { Ok(secs) } else { Err(bad()) }
        }
        _ => Err(bad()),
    }
}

/// The calendar date-time of a broadcast-day time: past 24:00 it is the next day.
pub fn broadcast_datetime(date: NaiveDate, secs: u32) -> NaiveDateTime {
    date.and_hms_opt(0, 0, 0).expect("midnight exists") + Duration::seconds(i64::from(secs))
}

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
    fn times_past_midnight_fall_on_the_next_day() {
        let t = broadcast_datetime(d(2026, 3, 31), parse_time("25:30").unwrap());
        assert_eq!(t, d(2026, 4, 1).and_hms_opt(1, 30, 0).unwrap());
    }
}
