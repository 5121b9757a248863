//! The daily means of a rating series over the time windows of time-period classes: what a
//! class's default viewing estimate is computed from (docs/evaluation.md, "Viewing
//! estimates").
//!
//! One query answers every class: the windows are bound as a VALUES list, the series is read
//! only from the month files the range reaches, and its time range lets DuckDB skip the row
//! groups outside it (month files are in time order).

use chrono::{Days, NaiveDate};
use duckdb::params_from_iter;
use duckdb::types::Value;

use crate::lake::PARQUET_SOURCE;
use crate::orders::{ClassWindow, class_windows};
use crate::paths::LakePath;
use crate::write::{micros, timestamp};
use crate::{Dataset, Lake, Month, Result, Snapshot};

/// A class's value on one broadcast day: `(class id, day, mean, samples)`.
pub type ClassDay = (i64, NaiveDate, f64, u64);

const DAY_SECS: i64 = 86_400;

impl Lake {
    /// Per class and broadcast day of `from..to_excl`, the mean rating of `channel` and
    /// `audience_group` over the samples inside any of the class's windows (broadcast-day
    /// seconds from the day's midnight, end excluded, past 24:00 into the next calendar day;
    /// a sample in overlapping windows counts once). Days without a sample are left out.
    /// Sorted by class and day.
    pub fn class_day_means(
        &self,
        ratings: &Snapshot,
        channel: &str,
        audience_group: &str,
        windows: &[ClassWindow],
        from: NaiveDate,
        to_excl: NaiveDate,
    ) -> Result<Vec<ClassDay>> {
        let windows = class_windows(windows);
        let Some(files) = super::query::files_of(ratings, Dataset::Ratings)? else {
            return Ok(Vec::new());
        };
        let (Some(first), Some(last)) = (windows.iter().map(|w| w.1).min(), windows.iter().map(|w| w.2).max()) else {
            return Ok(Vec::new());
        };
        if from >= to_excl {
            return Ok(Vec::new());
        }
        // Samples of the first day's earliest window to the last day's latest one.
        let start = from.and_hms_opt(0, 0, 0).expect("midnight") + chrono::Duration::seconds(first.into());
        let last_day = to_excl - Days::new(1);
        let end = last_day.and_hms_opt(0, 0, 0).expect("midnight") + chrono::Duration::seconds(last.into());
        let (first_month, last_month) = (Month::of(start.date()), Month::of(end.date()));
        let files: Vec<LakePath> =
            files.into_iter().filter(|f| f.month >= first_month && f.month <= last_month).collect();
        if files.is_empty() {
            return Ok(Vec::new());
        }
        // A window past 24:00 reaches the next calendar day: a sample is tried as its own
        // day's (k = 0) and as the day before's (k = 1, 24 h later in that day).
        let reach = if last > DAY_SECS as i32 { "(values (0), (1))" } else { "(values (0))" };
        let values = vec!["(?::bigint, ?::integer, ?::integer)"; windows.len()].join(", ");
        let sql = format!(
            "with r as (
                 select epoch_us(ts) // 1000000 as t, rating from {PARQUET_SOURCE} v
                 where channel = ? and audience_group = ? and ts >= ? and ts < ?
             ),
             s as (select t // {DAY_SECS} - k.k as day, t % {DAY_SECS} + k.k * {DAY_SECS} as sec, rating
                   from r cross join {reach} k(k)),
             w(class, s, e) as (values {values})
             select w.class, s.day, avg(s.rating), count(*)
             from s join w on s.sec >= w.s and s.sec < w.e
             where s.day >= ? and s.day < ?
             group by w.class, s.day order by w.class, s.day"
        );
        let epoch = NaiveDate::default();
        let day_number = |d: NaiveDate| Value::BigInt((d - epoch).num_days());
        let mut params = vec![
            Value::Text(self.file_list(&files)),
            Value::Text(channel.to_owned()),
            Value::Text(audience_group.to_owned()),
            timestamp(micros(start)),
            timestamp(micros(end)),
        ];
        for (class, s, e) in &windows {
            params.extend([Value::BigInt(*class), Value::Int(*s), Value::Int(*e)]);
        }
        params.extend([day_number(from), day_number(to_excl)]);
        let conn = self.conn()?;
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt
            .query_map(params_from_iter(&params), |r| {
                let day = epoch + Days::new(r.get::<_, i64>(1)? as u64);
                Ok((r.get(0)?, day, r.get(2)?, r.get::<_, i64>(3)? as u64))
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }
}
