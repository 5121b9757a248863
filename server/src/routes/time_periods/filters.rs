//! Filter and field parsing shared by the time-period and suit calls: broadcast-day times,
//! ids, id lists and update/create time ranges.

use chrono::{DateTime, NaiveDate, NaiveDateTime};

use crate::http::{Checks, Text};

/// A broadcast-day time `HH:mm[:ss]` (hours up to 29) as seconds, or a field error.
pub fn time(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i32> {
    let text = Text::get(value)?;
    match adeval_ingest::cell::parse_time(text) {
        // Only the clock form: a bare number would be read as an Excel day fraction.
        Ok(secs) if text.contains(':') => Some(secs as i32),
        _ => {
            checks.add(field, "时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）");
            None
        }
    }
}

/// The SQL rendering of a seconds column as `HH:mm:ss` (hours may pass 24).
pub fn hms(column: &str) -> String {
    format!(
        "(lpad(({column} / 3600)::text, 2, '0') || ':' || lpad(({column} % 3600 / 60)::text, 2, '0') || ':' || lpad(({column} % 60)::text, 2, '0'))"
    )
}

/// An optional positive id filter; a bad one is a field error.
pub fn opt_id(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i64> {
    match Text::get(value).map(str::parse::<i64>) {
        None => None,
        Some(Ok(id)) if id >= 0 => Some(id),
        Some(_) => {
            checks.add(field, "编号格式错误");
            None
        }
    }
}

/// Comma-joined positive ids (a JSON array is accepted too), in order, without repeats.
/// `None` when a part is not an id.
pub fn ids(value: &Option<Text>) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    for part in Text::get(value).unwrap_or("").split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match part.parse::<i64>() {
            Ok(id) if id > 0 => {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
            _ => return None,
        }
    }
    Some(out)
}

/// One end of an update/create time range. Accepts `YYYY-MM-DD` (read in the session's time
/// zone, the end date inclusive), `YYYY-MM-DD HH:mm[:ss]` (inclusive to the second) and unix
/// timestamps in seconds or milliseconds, as the product screen sends them. Answers text for
/// a `$n::timestamptz` bind: the start is inclusive, the end exclusive.
pub fn instant(field: &str, value: &Option<Text>, end: bool, checks: &mut Checks) -> Option<String> {
    let text = Text::get(value)?;
    let step = |t: NaiveDateTime| if end { t + chrono::Duration::seconds(1) } else { t };
    if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        let date = if end { date.succ_opt()? } else { date };
        return Some(date.format("%Y-%m-%d 00:00:00").to_string());
    }
    for format in ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(text, format) {
            return Some(step(t).format("%Y-%m-%d %H:%M:%S").to_string());
        }
    }
    if let Ok(n) = text.parse::<i64>() {
        let secs = if n.abs() >= 100_000_000_000 { n.div_euclid(1000) } else { n };
        if let Some(t) = DateTime::from_timestamp(secs, 0) {
            return Some(format!("{}+00", step(t.naive_utc()).format("%Y-%m-%d %H:%M:%S")));
        }
    }
    checks.add(field, "时间格式应为 YYYY-MM-DD、YYYY-MM-DD HH:mm:ss 或时间戳");
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Option<Text> {
        Some(Text(s.into()))
    }

    #[test]
    fn broadcast_times_pass_midnight_but_not_thirty_hours() {
        let mut checks = Checks::default();
        assert_eq!(time("a", &t("25:30"), &mut checks), Some(25 * 3600 + 1800));
        assert_eq!(time("a", &t("29:59:59"), &mut checks), Some(107_999));
        assert!(checks.finish().is_ok());
        let mut checks = Checks::default();
        time("a", &t("30:00:00"), &mut checks);
        time("b", &t("0.5"), &mut checks);
        assert!(checks.has("a") && checks.has("b"));
    }

    #[test]
    fn id_lists_drop_repeats_and_refuse_junk() {
        assert_eq!(ids(&t("3, 4,3")), Some(vec![3, 4]));
        assert_eq!(ids(&None), Some(vec![]));
        assert_eq!(ids(&t("3,x")), None);
    }

    #[test]
    fn range_ends_are_inclusive() {
        let mut checks = Checks::default();
        assert_eq!(instant("a", &t("2026-03-01"), true, &mut checks).unwrap(), "2026-03-02 00:00:00");
        assert_eq!(instant("a", &t("2026-03-01 10:00:00"), true, &mut checks).unwrap(), "2026-03-01 10:00:01");
        assert_eq!(instant("a", &t("1700000000000"), false, &mut checks).unwrap(), "2023-11-14 22:13:20+00");
        assert!(checks.finish().is_ok());
        let mut checks = Checks::default();
        instant("a", &t("yesterday"), false, &mut checks);
        assert!(checks.has("a"));
    }
}
