//! Typed readings of raw cells shared by the imports, each failing with a Chinese reason.
//! Numbers are read from numeric cells directly; text goes through the `cell` parsers.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use crate::cell::{
    broadcast_datetime, date_from_serial, datetime_from_serial, parse_date, parse_datetime,
    parse_time, time_from_fraction, FIRST_DATE, LAST_DATE,
};
use crate::reader::{Raw, Text};

pub const EMPTY: &str = "不能为空";
pub const ERROR_VALUE: &str = "单元格是错误值";
pub const BAD_DATE: &str = "无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）";
pub const BAD_TIME: &str =
    "无法识别的播出时间（支持 HH:MM[:SS]，最大 29:59:59，Excel 时间，或日期加时间）";
pub const DATE_OUT_OF_RANGE: &str = "日期须在 1900-01-01 到 2099-12-31 之间";
pub const TIME_NOT_ON_DATE: &str =
    "播出时间中的日期与“日期”列不符（应为同一天，或次日 06:00 前的跨夜时间）";
pub const BAD_DURATION: &str = "时长须为大于 0 的整数秒";
pub const HAS_NUL: &str = "含有不可见的空字符";
pub const BAD_GRP: &str = "毛评点须为 0 到 100000 之间的数字";

/// The largest GRP a spot can have: a rating is a share of the audience, so a spot's points
/// are far below this; beyond it a value is a typo, and sums of such values overflow the
/// figures' rounding (1e308 made every figure of the order null).
pub const MAX_GRP: f64 = 100_000.0;
pub const BAD_POSITION: &str = "无法识别的位置（支持 2/8、正一…正三、倒一…倒三、中）";

type Reading<T> = Result<T, &'static str>;

/// Trimmed text, or `None` for a blank cell. Numbers and dates become their display text.
pub fn text(raw: Raw) -> Reading<Option<String>> {
    match raw {
        Raw::Text(Text::Owned(s)) => Ok(trimmed(s)),
        Raw::Text(Text::Shared(s)) => Ok(Some(s.trim()).filter(|t| !t.is_empty()).map(str::to_owned)),
        Raw::Error(_) => Err(ERROR_VALUE),
        Raw::Empty => Ok(None),
        other => Ok(Some(display(&other))),
    }
}

/// Trims in place, reusing the string's buffer.
fn trimmed(mut s: String) -> Option<String> {
    let end = s.trim_end().len();
    s.truncate(end);
    let start = s.len() - s.trim_start().len();
    s.drain(..start);
    (!s.is_empty()).then_some(s)
}

/// A date of [`FIRST_DATE`]…[`LAST_DATE`]; a real date outside it gets its own reason.
pub fn date(raw: &Raw) -> Reading<NaiveDate> {
    let date = any_date(raw)?;
    if (FIRST_DATE..=LAST_DATE).contains(&date) { Ok(date) } else { Err(DATE_OUT_OF_RANGE) }
}

fn any_date(raw: &Raw) -> Reading<NaiveDate> {
    match raw {
        // `20260301` typed as a number: eight digits are a date as written, never a serial (a
        // serial of 20 million lies 55,000 years ahead).
        Raw::Number(f) if f.fract() == 0.0 && (10_000_101.0..=99_991_231.0).contains(f) => {
            parse_date(&format!("{}", *f as i64)).map_err(|_| BAD_DATE)
        }
        Raw::Number(f) | Raw::DateTime(f) => date_from_serial(*f).ok_or(BAD_DATE),
        Raw::Text(s) => parse_date(s).map_err(|_| BAD_DATE),
        Raw::Empty => Err(EMPTY),
        Raw::Error(_) => Err(ERROR_VALUE),
        Raw::Bool(_) => Err(BAD_DATE),
    }
}

/// An air time as written: a time of the broadcast day, or a full date-time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AirTime {
    Time(u32),
    At(NaiveDateTime),
}

/// Excel fractions below 1.25 (30 hours) are times; larger serials are date-times.
pub fn air_time(raw: &Raw) -> Reading<AirTime> {
    let serial = |f: f64| {
        if f < 1.25 {
            time_from_fraction(f).map(AirTime::Time)
        } else {
            datetime_from_serial(f).map(AirTime::At)
        }
    };
    match raw {
        Raw::Number(f) | Raw::DateTime(f) => serial(*f).ok_or(BAD_TIME),
        Raw::Text(s) => parse_time(s)
            .map(AirTime::Time)
            .ok()
            .or_else(|| {
                let (d, secs) = parse_datetime(s).ok()?;
                broadcast_datetime(d, secs).map(AirTime::At)
            })
            .or_else(|| s.trim().parse::<f64>().ok().and_then(serial))
            .ok_or(BAD_TIME),
        Raw::Empty => Err(EMPTY),
        Raw::Error(_) => Err(ERROR_VALUE),
        Raw::Bool(_) => Err(BAD_TIME),
    }
}

/// Places an air time on its broadcast day. A full date-time must fall on that day, or on the
/// next calendar day before 06:00 (a programme past midnight still belongs to the day before).
pub fn air_time_on(air: AirTime, day: NaiveDate) -> Reading<NaiveDateTime> {
    match air {
        AirTime::Time(secs) => broadcast_datetime(day, secs).ok_or(DATE_OUT_OF_RANGE),
        AirTime::At(t) if t.date() == day => Ok(t),
        AirTime::At(t) if Some(t.date()) == day.succ_opt() && t.time() < six_o_clock() => Ok(t),
        AirTime::At(_) => Err(TIME_NOT_ON_DATE),
    }
}

fn six_o_clock() -> NaiveTime {
    NaiveTime::from_hms_opt(6, 0, 0).expect("valid time")
}

/// Whole seconds above zero and at most `i32::MAX` (the lake's column; 2147483648 was stored
/// as -2147483648): a number, text such as `15`, `15秒`, `15s` or `00:00:15`, or a
/// cell formatted as a time.
pub fn duration(raw: &Raw) -> Reading<u32> {
    let whole = |f: f64| {
        (f.is_finite() && f > 0.0 && f.fract() == 0.0 && f <= f64::from(i32::MAX))
            .then_some(f as u32)
    };
    match raw {
        Raw::Number(f) => whole(*f).ok_or(BAD_DURATION),
        Raw::DateTime(f) if *f < 1.0 => whole((f * 86_400.0).round()).ok_or(BAD_DURATION),
        Raw::Text(s) => {
            let t = s.trim();
            let t = t.strip_suffix('秒').or_else(|| t.strip_suffix(['s', 'S'])).unwrap_or(t);
            let t = t.trim();
            if t.matches(':').count() == 2 {
                return parse_time(t).ok().filter(|&s| s > 0).ok_or(BAD_DURATION);
            }
            t.parse::<f64>().ok().and_then(whole).ok_or(BAD_DURATION)
        }
        Raw::Empty => Err(EMPTY),
        Raw::Error(_) => Err(ERROR_VALUE),
        Raw::DateTime(_) | Raw::Bool(_) => Err(BAD_DURATION),
    }
}

/// A finite number, zero or more.
pub fn grp(raw: &Raw) -> Reading<f64> {
    // -0 is within the range; stored as 0, so no list shows "-0.0".
    let valid = |f: f64| (f.is_finite() && (0.0..=MAX_GRP).contains(&f)).then_some(f.abs());
    match raw {
        Raw::Number(f) => valid(*f).ok_or(BAD_GRP),
        Raw::Text(s) => s.trim().parse::<f64>().ok().and_then(valid).ok_or(BAD_GRP),
        Raw::Empty => Err(EMPTY),
        Raw::Error(_) => Err(ERROR_VALUE),
        Raw::DateTime(_) | Raw::Bool(_) => Err(BAD_GRP),
    }
}

/// The most characters of a cell an error listing shows; longer text is cut short with "…".
pub const DISPLAY_CHARS: usize = 50;

/// A cell as the user sees it, for error listings.
pub fn display(raw: &Raw) -> String {
    match raw {
        Raw::Empty => String::new(),
        Raw::Text(s) => cut_short(s.trim()),
        Raw::Number(f) => f.to_string(),
        Raw::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_owned(),
        Raw::Error(e) => cut_short(e),
        Raw::DateTime(f) if *f < 1.25 => match time_from_fraction(*f) {
            Some(s) => format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
            None => f.to_string(),
        },
        Raw::DateTime(f) => match datetime_from_serial(*f) {
            Some(t) if t.time() == NaiveTime::MIN => t.format("%Y-%m-%d").to_string(),
            Some(t) => t.format("%Y-%m-%d %H:%M:%S").to_string(),
            None => f.to_string(),
        },
    }
}

pub fn cut_short(text: &str) -> String {
    match text.char_indices().nth(DISPLAY_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Why a text is refused for being longer than its field allows.
pub fn too_long(label: &str, max_chars: usize) -> String {
    format!("{label}过长（最多{max_chars}个字符）")
}

/// Whether the trimmed text of `raw` is longer than `max_chars` characters.
pub fn longer_than(raw: &Raw, max_chars: usize) -> bool {
    // Bytes bound chars from above, so most cells skip the count.
    matches!(raw, Raw::Text(s) if s.len() > max_chars && s.trim().chars().count() > max_chars)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    fn at(m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
        day(m, d).and_hms_opt(h, min, 0).unwrap()
    }

    #[test]
    fn dates_typed_as_eight_digit_numbers_read_as_written() {
        assert_eq!(date(&Raw::Number(20_261_008.0)), Ok(day(10, 8)));
        assert_eq!(date(&Raw::Number(46_082.0)), Ok(day(3, 1)));
        assert_eq!(date(&Raw::Number(20_261_332.0)), Err(BAD_DATE));
        assert_eq!(date(&Raw::Text("20261008".into())), Ok(day(10, 8)));
    }

    #[test]
    fn dates_outside_the_import_range_are_refused_as_such() {
        let first = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap();
        let last = NaiveDate::from_ymd_opt(2099, 12, 31).unwrap();
        assert_eq!(date(&Raw::Text("1900-01-01".into())), Ok(first));
        assert_eq!(date(&Raw::Text("2099/12/31".into())), Ok(last));
        assert_eq!(date(&Raw::Number(20_991_231.0)), Ok(last));
        for bad in ["0000-01-01", "0001-01-01", "1677-09-21", "1899-12-31", "2100-01-01", "9999-12-31", "10000-01-01", "99999-01-01", "+262142-12-31", "16770921"] {
            assert_eq!(date(&Raw::Text(bad.into())), Err(DATE_OUT_OF_RANGE), "{bad}");
        }
        assert_eq!(date(&Raw::Number(16_770_921.0)), Err(DATE_OUT_OF_RANGE));
        assert_eq!(date(&Raw::DateTime(2_958_465.0)), Err(DATE_OUT_OF_RANGE));
        assert_eq!(date(&Raw::Text("2026-02-30".into())), Err(BAD_DATE));
    }

    #[test]
    fn air_times_in_every_form_land_on_their_broadcast_day() {
        let on = |raw: Raw| air_time(&raw).and_then(|a| air_time_on(a, day(3, 1)));
        assert_eq!(on(Raw::Text("20:15".into())), Ok(at(3, 1, 20, 15)));
        assert_eq!(on(Raw::Text("25:30:00".into())), Ok(at(3, 2, 1, 30)));
        assert_eq!(on(Raw::DateTime(0.5)), Ok(at(3, 1, 12, 0)));
        assert_eq!(on(Raw::Number(1.0625)), Ok(at(3, 2, 1, 30)));
        assert_eq!(on(Raw::Text("2026-03-01 20:15".into())), Ok(at(3, 1, 20, 15)));
        assert_eq!(on(Raw::Text("2026-03-02 01:30".into())), Ok(at(3, 2, 1, 30)));
        assert_eq!(on(Raw::Text("2026-03-01 25:30".into())), Ok(at(3, 2, 1, 30)));
        assert_eq!(on(Raw::DateTime(46082.84375)), Ok(at(3, 1, 20, 15)));
        assert_eq!(on(Raw::Text("2026-03-02 07:00".into())), Err(TIME_NOT_ON_DATE));
        assert_eq!(on(Raw::Text("2026-02-28 23:00".into())), Err(TIME_NOT_ON_DATE));
        assert_eq!(on(Raw::Text("30:00".into())), Err(BAD_TIME));
        assert_eq!(on(Raw::Empty), Err(EMPTY));
    }

    #[test]
    fn durations_are_whole_positive_seconds() {
        assert_eq!(duration(&Raw::Number(15.0)), Ok(15));
        assert_eq!(duration(&Raw::Text(" 30秒".into())), Ok(30));
        assert_eq!(duration(&Raw::Text("5s".into())), Ok(5));
        assert_eq!(duration(&Raw::Text("00:00:15".into())), Ok(15));
        assert_eq!(duration(&Raw::DateTime(15.0 / 86_400.0)), Ok(15));
        assert_eq!(duration(&Raw::Number(2_147_483_647.0)), Ok(2_147_483_647));
        for bad in [
            Raw::Number(0.0),
            Raw::Number(-5.0),
            Raw::Number(7.5),
            Raw::Text("abc".into()),
            Raw::Number(2_147_483_648.0),
            Raw::Text("2147483648".into()),
            Raw::Number(4_294_967_295.0),
        ] {
            assert_eq!(duration(&bad), Err(BAD_DURATION), "{bad:?}");
        }
    }

    #[test]
    fn grp_is_a_finite_number_not_below_zero() {
        assert_eq!(grp(&Raw::Number(1.25)), Ok(1.25));
        assert_eq!(grp(&Raw::Text(" 0 ".into())), Ok(0.0));
        assert_eq!(grp(&Raw::Number(100_000.0)), Ok(100_000.0));
        for zero in [Raw::Number(-0.0), Raw::Text("-0".into()), Raw::Text("-0.000".into())] {
            assert!(grp(&zero).is_ok_and(|g| g == 0.0 && g.is_sign_positive()), "{zero:?}");
        }
        for bad in [Raw::Number(-0.1), Raw::Text("NaN".into()), Raw::Text("inf".into()), Raw::Number(100_000.01), Raw::Text("1e308".into())] {
            assert_eq!(grp(&bad), Err(BAD_GRP), "{bad:?}");
        }
    }

    #[test]
    fn cells_display_as_the_user_sees_them() {
        assert_eq!(display(&Raw::Number(46082.0)), "46082");
        assert_eq!(display(&Raw::DateTime(46082.0)), "2026-03-01");
        assert_eq!(display(&Raw::DateTime(46082.84375)), "2026-03-01 20:15:00");
        assert_eq!(display(&Raw::DateTime(1.0625)), "25:30:00");
        assert_eq!(text(Raw::Text("  CCTV-1 ".into())), Ok(Some("CCTV-1".into())));
        assert_eq!(text(Raw::Text("   ".into())), Ok(None));
    }
}
