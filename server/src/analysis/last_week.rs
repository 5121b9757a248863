//! dataAnalysisLastWeek: the ISO week (Monday to Sunday) holding the latest broadcast day with a
//! spot of a product in a group, either side — what 数据分析 opens on when the order's cycle has
//! no spot (a cycle still to come, data not imported yet), so it never opens on an empty grid
//! when there is a spot to show. The rows are dataAnalysis's ([`super::spots_filter`]) on any day.

use adeval_engine::Dataset;
use anyhow::Context;
use chrono::{Datelike, Days, NaiveDate};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::SpotsOf;
use crate::error::{Checks, Result};
use crate::reads::Reads;

/// dataAnalysisLastWeek's answer; every field null when the rows have no spot.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LastWeek {
    /// The latest broadcast day with a spot, `YYYY-MM-DD`.
    pub ymd: Option<String>,
    /// Its week's Monday, `YYYY-MM-DD` (dataAnalysis's `addTimes`).
    pub add_times: Option<String>,
    /// Its week's Sunday (dataAnalysis's `endTimes`).
    pub end_times: Option<String>,
}

impl LastWeek {
    fn of(day: Option<NaiveDate>) -> LastWeek {
        let Some(day) = day else { return LastWeek { ymd: None, add_times: None, end_times: None } };
        let monday = day - Days::new(u64::from(day.weekday().num_days_from_monday()));
        // chrono's last week may have no Sunday: the week ends where the calendar does.
        let sunday = monday.checked_add_days(Days::new(6)).unwrap_or(NaiveDate::MAX);
        LastWeek { ymd: Some(day.to_string()), add_times: Some(monday.to_string()), end_times: Some(sunday.to_string()) }
    }
}

/// The last week of `of`'s spots. Unknown product, group or media are field errors (4000).
pub async fn last_week(db: &PgPool, reads: &Reads, of: &SpotsOf) -> Result<LastWeek> {
    let mut checks = Checks::default();
    let filter = super::spots_filter(db, of, (None, None), &mut checks).await?;
    checks.finish()?;
    let snapshot = reads.snapshots.get(db, Dataset::Viewing).await?;
    let lake = reads.lake.clone();
    let day = crate::lake::blocking(move || lake.viewing_last_day(&snapshot, &filter))
        .await?
        .context("the last day with a spot")?;
    Ok(LastWeek::of(day))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_week_runs_monday_to_sunday_around_the_day() {
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d);
        let week = |d| {
            let w = LastWeek::of(d);
            (w.ymd, w.add_times, w.end_times)
        };
        let s = |t: &str| Some(t.to_owned());
        // 2026-12-06 is a Sunday, 12-07 a Monday, 2027-01-01 a Friday (of 2026-W53).
        assert_eq!(week(day(12, 6)), (s("2026-12-06"), s("2026-11-30"), s("2026-12-06")));
        assert_eq!(week(day(12, 7)), (s("2026-12-07"), s("2026-12-07"), s("2026-12-13")));
        assert_eq!(week(NaiveDate::from_ymd_opt(2027, 1, 1)), (s("2027-01-01"), s("2026-12-28"), s("2027-01-03")));
        assert_eq!(week(None), (None, None, None));
    }
}
