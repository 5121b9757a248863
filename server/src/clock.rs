//! Times as a person reads them: every date-time the server answers, exports, prints or sends
//! is a [`LocalTime`], a wall-clock time in the server's zone (`ADEVAL_TIMEZONE`, a [`Zone`]),
//! written `YYYY-MM-DD HH:MM:SS` by its `Display` — the one formatter.
//!
//! Instants get there two ways, both from the one [`Zone`]: Postgres sessions run in it (see
//! `db::connect`), so a `timestamptz` read as `created_at::timestamp` is already its wall-clock
//! time; an instant held in Rust (the lake's `created_at`, kept in UTC; now) goes through
//! [`Zone::at`]. `LocalTime` decodes only from `timestamp`, so a `timestamptz` selected
//! without the cast fails loudly instead of being shown in another zone.
//! Calendar times that were never instants — a spot's air time as the broadcaster wrote it —
//! are shown through [`LocalTime::wall`], as they are.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde::{Serialize, Serializer};
use sqlx::postgres::{PgTypeInfo, PgValueRef};
use sqlx::{Decode, Postgres, Type};
use utoipa::ToSchema;

/// The message for a date that is not a `YYYY-MM-DD` day of the calendar: the argument
/// parser's (`http::args::Day`), and the analysis's for a day past the calendar's end.
pub const BAD_DAY: &str = "日期格式应为 YYYY-MM-DD";

/// The zone times are shown and read in: an IANA name such as `Asia/Shanghai`, the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone(Tz);

impl Default for Zone {
    fn default() -> Self {
        Zone(chrono_tz::Asia::Shanghai)
    }
}

impl FromStr for Zone {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        name.trim().parse::<Tz>().map(Zone).map_err(|_| format!("unknown time zone {name:?}: use an IANA name such as Asia/Shanghai"))
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Zone {
    /// The IANA name, as Postgres (`set time zone`) and browsers (`Intl`) take it.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// An instant as a wall-clock time here.
    pub fn at(self, instant: DateTime<Utc>) -> LocalTime {
        LocalTime(instant.with_timezone(&self.0).naive_local())
    }

    /// An instant kept as UTC without a zone (the lake's `created_at`).
    pub fn at_utc(self, utc: NaiveDateTime) -> LocalTime {
        self.at(utc.and_utc())
    }

    pub fn now(self) -> LocalTime {
        self.at(Utc::now())
    }

    /// Today's date here.
    pub fn today(self) -> NaiveDate {
        self.now().0.date()
    }
}

/// A wall-clock time in the server's zone, answered and exported as `YYYY-MM-DD HH:MM:SS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, ToSchema)]
#[schema(value_type = String, example = "2026-12-07 09:00:29", pattern = r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")]
pub struct LocalTime(NaiveDateTime);

impl LocalTime {
    /// A calendar time shown as it is: one that was never an instant elsewhere, like an air
    /// time as the broadcaster's log wrote it.
    pub fn wall(t: NaiveDateTime) -> LocalTime {
        LocalTime(t)
    }

    pub fn naive(self) -> NaiveDateTime {
        self.0
    }
}

impl fmt::Display for LocalTime {
    /// `YYYY-MM-DD HH:MM:SS`, written by hand: chrono's `format` parses its pattern on every
    /// call, and an export writes two of these a row for millions of rows. Years beyond four
    /// digits are written whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use chrono::{Datelike, Timelike};
        let t = self.0;
        let mut out = *b"0000-00-00 00:00:00";
        let mut put = |at: usize, n: u32, width: usize| {
            for place in 0..width {
                out[at + width - 1 - place] = b'0' + (n / 10u32.pow(place as u32) % 10) as u8;
            }
        };
        put(5, t.month(), 2);
        put(8, t.day(), 2);
        put(11, t.hour(), 2);
        put(14, t.minute(), 2);
        put(17, t.second(), 2);
        let year = u32::try_from(t.year()).ok().filter(|y| *y <= 9999);
        if let Some(y) = year {
            put(0, y, 4);
        }
        let text = std::str::from_utf8(&out).unwrap_or_default();
        match year {
            Some(_) => f.write_str(text),
            None => write!(f, "{}{}", t.year(), &text[4..]),
        }
    }
}

impl Serialize for LocalTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Type<Postgres> for LocalTime {
    fn type_info() -> PgTypeInfo {
        <NaiveDateTime as Type<Postgres>>::type_info()
    }

    /// `timestamp` only: a `timestamptz` must be cast (`::timestamp`, in the session's zone).
    fn compatible(ty: &PgTypeInfo) -> bool {
        *ty == Self::type_info()
    }
}

impl<'r> Decode<'r, Postgres> for LocalTime {
    fn decode(value: PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        <NaiveDateTime as Decode<Postgres>>::decode(value).map(LocalTime)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap().and_utc()
    }

    #[test]
    fn an_instant_reads_as_the_zone_s_wall_clock_with_its_daylight_saving() {
        let shanghai: Zone = "Asia/Shanghai".parse().unwrap();
        let new_york: Zone = "America/New_York".parse().unwrap();
        // The import of the report: 01:00:29 UTC is 09:00:29 in Shanghai (UTC+8 all year).
        assert_eq!(shanghai.at(utc("2026-12-07 01:00:29")).to_string(), "2026-12-07 09:00:29");
        // New York is UTC-5 in winter, UTC-4 in summer, and the day can differ from UTC's.
        assert_eq!(new_york.at(utc("2026-12-07 01:00:29")).to_string(), "2026-12-06 20:00:29");
        assert_eq!(new_york.at(utc("2026-07-01 12:00:00")).to_string(), "2026-07-01 08:00:00");
        assert_eq!(shanghai.at_utc(utc("2026-12-31 16:00:00").naive_utc()).to_string(), "2027-01-01 00:00:00");
        assert_eq!(Zone::default(), shanghai);
        assert_eq!(new_york.name(), "America/New_York");
    }

    #[test]
    fn an_unknown_zone_is_refused_with_its_name() {
        let refused = "Mars/Olympus".parse::<Zone>().unwrap_err();
        assert!(refused.contains("Mars/Olympus") && refused.contains("Asia/Shanghai"), "{refused}");
        assert!("+08:00".parse::<Zone>().is_err());
    }

    #[test]
    fn the_text_is_chrono_s_for_every_year_and_whole_beyond_four_digits() {
        for text in ["2026-03-01 00:00:00", "1999-12-31 23:59:59", "2026-11-22 07:05:09", "0001-01-01 00:00:00"] {
            let t = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap();
            assert_eq!(LocalTime::wall(t).to_string(), text);
            assert_eq!(serde_json::to_value(LocalTime::wall(t)).unwrap(), serde_json::json!(text));
        }
        let far = NaiveDate::from_ymd_opt(12345, 6, 7).unwrap().and_hms_opt(8, 9, 10).unwrap();
        assert_eq!(LocalTime::wall(far).to_string(), "12345-06-07 08:09:10");
    }
}
