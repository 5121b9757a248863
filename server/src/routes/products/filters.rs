//! List filters shared by the product and tape screens: optional ids, seconds bounds and
//! time bounds sent as unix timestamps.

use chrono::{DateTime, Utc};

use crate::http::{Checks, Text};

/// An optional id filter (`brandIdi`, `mediaIdi` …); a value that is not a positive id is a
/// field error rather than a silently ignored filter.
pub fn id(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i64> {
    match Text::get(value)?.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            checks.add(field, "请选择有效的选项");
            None
        }
    }
}

/// An optional seconds bound (inclusive).
pub fn seconds(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i32> {
    match Text::get(value)?.parse::<i32>() {
        Ok(n) if n >= 0 => Some(n),
        _ => {
            checks.add(field, "秒数必须是非负整数");
            None
        }
    }
}

/// An optional time bound (inclusive): unix seconds, or milliseconds when it has 13 or more
/// digits (what a JavaScript `Date` gives).
pub fn timestamp(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<DateTime<Utc>> {
    let text = Text::get(value)?;
    let parsed = text.parse::<i64>().ok().and_then(|n| {
        let secs = if text.trim_start_matches('-').len() >= 13 { n.div_euclid(1000) } else { n };
        DateTime::from_timestamp(secs, 0)
    });
    if parsed.is_none() {
        checks.add(field, "时间必须是时间戳");
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Option<Text> {
        Some(Text(s.into()))
    }

    #[test]
    fn timestamps_are_read_as_seconds_or_milliseconds() {
        let mut checks = Checks::default();
        let secs = timestamp("a", &t("1700000000"), &mut checks).unwrap();
        let millis = timestamp("b", &t("1700000000999"), &mut checks).unwrap();
        assert_eq!(secs, millis);
        assert_eq!(secs.to_rfc3339(), "2023-11-14T22:13:20+00:00");
        assert!(timestamp("c", &None, &mut checks).is_none());
        assert!(checks.finish().is_ok());
    }

    #[test]
    fn bad_filters_are_field_errors() {
        let mut checks = Checks::default();
        timestamp("createtimeGt", &t("2024-01-01"), &mut checks);
        id("brandIdi", &t("x"), &mut checks);
        seconds("secondslt", &t("-1"), &mut checks);
        assert!(checks.has("createtimeGt") && checks.has("brandIdi") && checks.has("secondslt"));
    }
}
