//! The value forms the streaming path reads from csv text. Each accepts only a plain form
//! that every reader agrees on; anything else is left to the general path, which reads what
//! DuckDB reads and says what is wrong.

/// Microseconds in a day.
pub(super) const DAY_MICROS: i64 = 86_400_000_000;

/// `YYYY-MM-DD HH:MM:SS` (or with `T`), optionally with 1 to 6 fraction digits, as
/// microseconds since the epoch. Years 1 to 9999, real calendar days, hours 0 to 23.
pub(super) fn timestamp(text: &[u8]) -> Option<i64> {
    if text.len() < 19 || text[4] != b'-' || text[7] != b'-' || !matches!(text[10], b' ' | b'T') {
        return None;
    }
    if text[13] != b':' || text[16] != b':' {
        return None;
    }
    let year = digits(&text[0..4])? as i32;
    let month = digits(&text[5..7])? as u32;
    let day = digits(&text[8..10])? as u32;
    let (hour, minute, second) = (digits(&text[11..13])?, digits(&text[14..16])?, digits(&text[17..19])?);
    if year < 1 || !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let fraction = match &text[19..] {
        [] => 0,
        [b'.', rest @ ..] if (1..=6).contains(&rest.len()) => digits(rest)? * 10i64.pow(6 - rest.len() as u32),
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    Some(days * DAY_MICROS + (hour * 3_600 + minute * 60 + second) * 1_000_000 + fraction)
}

/// A non-negative decimal without sign or exponent (`12`, `0.0575`), correctly rounded.
pub(super) fn rating(text: &[u8]) -> Option<f64> {
    let (whole, fraction) = match memchr::memchr(b'.', text) {
        Some(dot) => (&text[..dot], &text[dot + 1..]),
        None => (text, &text[text.len()..]),
    };
    if whole.is_empty() || (fraction.is_empty() && whole.len() != text.len()) {
        return None;
    }
    let all_digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    if !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    // Up to 15 digits the integer of all digits is exact as a double, and so is the power of
    // ten up to 10^22: one division of two exact values is correctly rounded.
    if whole.len() + fraction.len() <= 15 {
        let mut m: i64 = 0;
        for &b in whole.iter().chain(fraction) {
            m = m * 10 + i64::from(b - b'0');
        }
        return Some(m as f64 / POWERS[fraction.len()]);
    }
    std::str::from_utf8(text).ok()?.parse().ok()
}

const POWERS: [f64; 16] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/// A channel or audience group name as stored: UTF-8, not empty, without white space at
/// either end (the general path trims, and says so when nothing is left).
pub(super) fn name(text: &[u8]) -> Option<&str> {
    let s = std::str::from_utf8(text).ok()?;
    let bare = !s.is_empty() && !s.starts_with(char::is_whitespace) && !s.ends_with(char::is_whitespace);
    bare.then_some(s)
}

fn digits(text: &[u8]) -> Option<i64> {
    let mut n: i64 = 0;
    for &b in text {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + i64::from(b - b'0');
    }
    Some(n)
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(year: i32, month: u32, day: u32) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::micros::micros;
    use chrono::NaiveDate;

    fn at(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32, us: u32) -> i64 {
        micros(NaiveDate::from_ymd_opt(y, mo, d).unwrap().and_hms_micro_opt(h, mi, s, us).unwrap())
    }

    #[test]
    fn timestamps_in_the_plain_forms_match_chrono() {
        assert_eq!(timestamp(b"2026-01-29 00:00:00"), Some(at(2026, 1, 29, 0, 0, 0, 0)));
        assert_eq!(timestamp(b"2024-02-29T23:59:59"), Some(at(2024, 2, 29, 23, 59, 59, 0)));
        assert_eq!(timestamp(b"1969-12-31 12:00:00.5"), Some(at(1969, 12, 31, 12, 0, 0, 500_000)));
        assert_eq!(timestamp(b"0001-01-01 00:00:00.000001"), Some(at(1, 1, 1, 0, 0, 0, 1)));
        assert_eq!(timestamp(b"9999-12-31 23:59:59.999999"), Some(at(9999, 12, 31, 23, 59, 59, 999_999)));
        for d in [1, 59, 60, 365, 366, 10_000] {
            let date = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap() + chrono::Days::new(d);
            let text = format!("{} 01:02:03", date.format("%Y-%m-%d"));
            assert_eq!(timestamp(text.as_bytes()), Some(micros(date.and_hms_opt(1, 2, 3).unwrap())), "{text}");
        }
    }

    #[test]
    fn other_timestamp_forms_are_left_to_the_general_path() {
        for text in [
            "",
            "2026-01-29",
            "2026-1-29 00:00:00",
            "2026-02-29 00:00:00",
            "2026-13-01 00:00:00",
            "2026-01-29 24:00:00",
            "2026-01-29 00:60:00",
            "2026-01-29 00:00:00.",
            "2026-01-29 00:00:00.1234567",
            "2026-01-29 00:00:00+08",
            " 2026-01-29 00:00:00",
            "2026-01-29 00:00:00 ",
            "0000-01-01 00:00:00",
            "2026/01/29 00:00:00",
            "+026-01-29 00:00:00",
        ] {
            assert_eq!(timestamp(text.as_bytes()), None, "{text:?}");
        }
    }

    #[test]
    fn ratings_are_correctly_rounded_and_only_plain_decimals_pass() {
        for text in
            ["0", "0.0575", "12.5", "3.141592653589793", "0.1", "123456789012345", "1234567890.123456789", "007.50"]
        {
            assert_eq!(rating(text.as_bytes()), Some(text.parse::<f64>().unwrap()), "{text}");
        }
        for text in ["", ".5", "5.", "-1", "+1", "1e3", "inf", "NaN", "1,5", " 1", "1 ", "0x10", "1..2"] {
            assert_eq!(rating(text.as_bytes()), None, "{text:?}");
        }
    }

    #[test]
    fn names_must_be_bare_utf8() {
        assert_eq!(name("CCTV-1 综合".as_bytes()), Some("CCTV-1 综合"));
        for text in [&b""[..], b" a", b"a ", b"\ta", "a\u{3000}".as_bytes(), b"\xff"] {
            assert_eq!(name(text), None, "{text:?}");
        }
    }
}
