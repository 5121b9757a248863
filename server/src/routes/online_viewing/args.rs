//! The arguments of the network-viewing calls and their parsing into typed values with the
//! spec's Chinese messages (docs/screens.md "Master-data validation" online viewing).

use chrono::DateTime;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::Checks;
use crate::http::args::{self, Id, Ids, Paging};
use crate::http::Text;

pub const PICK_MEDIA: &str = "请选择媒体";
pub const NAME_REQUIRED: &str = "请输入名称";
pub const TIME_REQUIRED: &str = "请选择网络收视日期";
pub const TIME_FORMAT: &str = "网络收视日期格式应为 YYYY-MM-DD HH:MM:SS";
pub const VIEWING_REQUIRED: &str = "请输入收视";
pub const VIEWING_NUMBER: &str = "只可输入大于等于0的数字！";
pub const RANKING_REQUIRED: &str = "请输入排名";
pub const RANKING_NUMBER: &str = "只可输入正整数！";
pub const NAME_MAX: usize = 100;
/// `viewing` is numeric(14, 4).
pub const VIEWING_MAX: f64 = 9_999_999_999.0;

/// The list's filters; every bound is inclusive.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ViewingIndexArgs {
    page: Option<Text>,
    /// Default 30.
    limit: Option<Text>,
    /// Part of the name.
    #[serde(rename = "onlineViewingName")]
    name: Option<Text>,
    /// From this time: `YYYY-MM-DD[ HH:MM[:SS]]` or unix seconds.
    #[serde(rename = "onlineViewingTimeGt")]
    time_gt: Option<Text>,
    /// Up to this time; a bare date includes the whole day.
    #[serde(rename = "onlineViewingTimeLt")]
    time_lt: Option<Text>,
    #[serde(rename = "viewingGt")]
    viewing_gt: Option<Text>,
    #[serde(rename = "viewingLt")]
    viewing_lt: Option<Text>,
    #[serde(rename = "rankingGt")]
    ranking_gt: Option<Text>,
    #[serde(rename = "rankingLt")]
    ranking_lt: Option<Text>,
    /// Media ids, comma-joined.
    #[serde(rename = "mediaIdi")]
    media_ids: Option<Text>,
}

/// Filters that passed validation. Times are text Postgres reads as `timestamptz`: local
/// times in the session's zone, unix times with their offset.
pub struct ViewingFilters {
    pub paging: Paging,
    pub name: Option<String>,
    pub time_from: Option<String>,
    pub time_to: Option<String>,
    pub viewing_from: Option<f64>,
    pub viewing_to: Option<f64>,
    pub ranking_from: Option<i32>,
    pub ranking_to: Option<i32>,
    pub media_ids: Option<Vec<i64>>,
}

impl ViewingIndexArgs {
    pub fn parse(&self, checks: &mut Checks) -> ViewingFilters {
        let bound = |field: &str, value: &Option<Text>, end: bool, checks: &mut Checks| {
            Text::get(value).and_then(|text| {
                let parsed = date_time(text, end);
                if parsed.is_none() {
                    checks.add(field, TIME_FORMAT);
                }
                parsed
            })
        };
        ViewingFilters {
            paging: Paging::parse(&self.page, &self.limit, 30, checks),
            name: args::text(&self.name),
            time_from: bound("onlineViewingTimeGt", &self.time_gt, false, checks),
            time_to: bound("onlineViewingTimeLt", &self.time_lt, true, checks),
            viewing_from: Text::get(&self.viewing_gt).map(|t| viewing("viewingGt", t, checks)),
            viewing_to: Text::get(&self.viewing_lt).map(|t| viewing("viewingLt", t, checks)),
            ranking_from: Text::get(&self.ranking_gt).map(|t| ranking("rankingGt", t, checks)),
            ranking_to: Text::get(&self.ranking_lt).map(|t| ranking("rankingLt", t, checks)),
            media_ids: Ids::filter("mediaIdi", &self.media_ids, checks),
        }
    }
}

/// A date-time as Postgres should read it. `YYYY-MM-DD HH:MM[:SS]` (or with `T`) is local
/// time; a bare date is the start of the day, or its last second when `end` is set; 10 digits
/// are unix seconds and 13 unix milliseconds.
pub fn date_time(text: &str, end: bool) -> Option<String> {
    if text.len() >= 10 && text.bytes().all(|b| b.is_ascii_digit()) {
        let n: i64 = text.parse().ok()?;
        let utc = match text.len() {
            10 => DateTime::from_timestamp(n, 0)?,
            13 => DateTime::from_timestamp_millis(n)?,
            _ => return None,
        };
        return Some(utc.to_rfc3339());
    }
    let normalised = text.replace('T', " ");
    if let Some(t) = args::ymd_hms(&normalised, ' ', &["%H:%M:%S", "%H:%M"]) {
        return Some(t.format("%Y-%m-%d %H:%M:%S").to_string());
    }
    let day = args::ymd(&normalised)?;
    Some(format!("{} {}", day.format("%Y-%m-%d"), if end { "23:59:59" } else { "00:00:00" }))
}

/// A viewing figure: a number ≥ 0 that fits the column.
pub fn viewing(field: &str, text: &str, checks: &mut Checks) -> f64 {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=VIEWING_MAX).contains(&v) => v,
        Ok(v) if v.is_finite() && v > VIEWING_MAX => {
            checks.add(field, "收视数值过大");
            0.0
        }
        _ => {
            checks.add(field, VIEWING_NUMBER);
            0.0
        }
    }
}

/// A ranking: a positive integer.
pub fn ranking(field: &str, text: &str, checks: &mut Checks) -> i32 {
    match text.parse::<i32>() {
        Ok(n) if n > 0 => n,
        _ => {
            checks.add(field, RANKING_NUMBER);
            0
        }
    }
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ViewingArgs {
    /// onlineViewingUp: the record to change.
    pub id: Option<Text>,
    #[serde(rename = "mediaId")]
    pub media_id: Option<Text>,
    #[serde(rename = "onlineViewingName")]
    pub name: Option<Text>,
    /// `YYYY-MM-DD HH:MM:SS` (or a date, or unix seconds).
    #[serde(rename = "onlineViewingTime")]
    pub time: Option<Text>,
    /// A number ≥ 0.
    pub viewing: Option<Text>,
    /// A positive integer.
    pub ranking: Option<Text>,
}

/// A form that passed the field checks (the media's existence is checked against the database).
pub struct ViewingForm {
    pub media_id: i64,
    pub name: String,
    pub time: String,
    pub viewing: f64,
    pub ranking: i32,
}

impl ViewingArgs {
    pub fn parse(&self, checks: &mut Checks) -> ViewingForm {
        let media_id = Id::picked("mediaId", &self.media_id, PICK_MEDIA, checks);
        let name = match Text::get(&self.name) {
            None => {
                checks.add("onlineViewingName", NAME_REQUIRED);
                String::new()
            }
            Some(s) if s.chars().count() > NAME_MAX => {
                checks.add("onlineViewingName", format!("名称不能超过{NAME_MAX}个字符"));
                String::new()
            }
            Some(s) => s.to_owned(),
        };
        let time = match Text::get(&self.time) {
            None => {
                checks.add("onlineViewingTime", TIME_REQUIRED);
                String::new()
            }
            Some(t) => date_time(t, false).unwrap_or_else(|| {
                checks.add("onlineViewingTime", TIME_FORMAT);
                String::new()
            }),
        };
        let viewing = match Text::get(&self.viewing) {
            None => {
                checks.add("viewing", VIEWING_REQUIRED);
                0.0
            }
            Some(t) => viewing("viewing", t, checks),
        };
        let ranking = match Text::get(&self.ranking) {
            None => {
                checks.add("ranking", RANKING_REQUIRED);
                0
            }
            Some(t) => ranking("ranking", t, checks),
        };
        ViewingForm { media_id, name, time, viewing, ranking }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_times_accept_the_forms_the_screen_and_scripts_send() {
        assert_eq!(date_time("2026-03-01 20:05:09", false).as_deref(), Some("2026-03-01 20:05:09"));
        assert_eq!(date_time("2026-03-01T20:05", false).as_deref(), Some("2026-03-01 20:05:00"));
        assert_eq!(date_time("2026-03-01", false).as_deref(), Some("2026-03-01 00:00:00"));
        assert_eq!(date_time("2026-03-01", true).as_deref(), Some("2026-03-01 23:59:59"));
        assert_eq!(date_time("1700000000", false).as_deref(), Some("2023-11-14T22:13:20+00:00"));
        assert_eq!(date_time("1700000000000", false).as_deref(), Some("2023-11-14T22:13:20+00:00"));
        for bad in ["2026-13-01", "yesterday", "12345678901", "2026-03-01 25:00"] {
            assert_eq!(date_time(bad, false), None, "{bad}");
        }
    }

    #[test]
    fn viewing_and_ranking_follow_the_spec_rules() {
        let mut checks = Checks::default();
        assert_eq!(viewing("v", "0", &mut checks), 0.0);
        assert_eq!(viewing("v", "1.2345", &mut checks), 1.2345);
        assert_eq!(ranking("r", "3", &mut checks), 3);
        assert!(checks.finish().is_ok());
        for (v, r) in [("-1", "0"), ("abc", "1.5"), ("NaN", "-2")] {
            let mut checks = Checks::default();
            viewing("v", v, &mut checks);
            ranking("r", r, &mut checks);
            assert!(checks.has("v") && checks.has("r"), "{v} {r}");
        }
    }
}
