//! The daily means of rating series over the time windows of time-period classes: what a
//! class's default viewing estimate is computed from (docs/evaluation.md, "Viewing
//! estimates").
//!
//! One query answers every class of every series asked for: the requests' windows are bound as
//! a VALUES list, the series are read only from the month files the ranges reach, with their
//! channels and groups as constant lists DuckDB pushes into the scan, and the time range lets
//! it skip the row groups outside it (month files are in time order).

use chrono::{Days, NaiveDate, NaiveDateTime};
use duckdb::params_from_iter;
use duckdb::types::Value;

use crate::lake::PARQUET_SOURCE;
use crate::orders::{ClassWindow, class_windows};
use crate::paths::LakePath;
use crate::micros::{micros, timestamp};
use crate::{Dataset, Lake, Month, Result, Snapshot};

/// A class's value on one broadcast day: `(class id, day, mean, samples)`.
pub type ClassDay = (i64, NaiveDate, f64, u64);

/// One series and the class windows and broadcast days of `from..to_excl` wanted of it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesWindows<'a> {
    pub channel: &'a str,
    pub audience_group: &'a str,
    pub windows: &'a [ClassWindow],
    pub from: NaiveDate,
    pub to_excl: NaiveDate,
}

const DAY_SECS: i64 = 86_400;

impl Lake {
    /// Per class and broadcast day of `from..to_excl`, the mean rating of `channel` and
    /// `audience_group` over the time inside any of the class's windows: each sample weighs the
    /// time it stands for, until the series' next sample and at most a minute (the spot
    /// curve's rule), so a per-second stretch around a break counts for its seconds, not sixty
    /// times a per-minute sample (broadcast-day
    /// seconds from the day's midnight, end excluded, past 24:00 into the next calendar day;
    /// a sample in overlapping windows counts once). A day counts only once the series is
    /// delivered to the class's latest window end that day (a sample in its last minute or
    /// later — series are per minute or per second — looked for up to a day beyond the
    /// range): the last days before an assessment
    /// date, whose windows past 24:00 fall on a day not delivered yet, would otherwise stand
    /// for the class with part of their windows. Sorted by class and day.
    pub fn class_day_means(
        &self,
        ratings: &Snapshot,
        channel: &str,
        audience_group: &str,
        windows: &[ClassWindow],
        from: NaiveDate,
        to_excl: NaiveDate,
    ) -> Result<Vec<ClassDay>> {
        let request = SeriesWindows { channel, audience_group, windows, from, to_excl };
        Ok(self.class_day_means_many(ratings, &[request])?.pop().unwrap_or_default())
    }

    /// [`Lake::class_day_means`] of each request, in their order, from one query (what
    /// [`Lake::class_day_means_many`] does not find kept: kept_means.rs).
    pub(super) fn read_class_day_means(
        &self,
        ratings: &Snapshot,
        requests: &[SeriesWindows<'_>],
    ) -> Result<Vec<Vec<ClassDay>>> {
        let mut out = vec![Vec::new(); requests.len()];
        let Some(files) = super::query::files_of(ratings, Dataset::Ratings)? else { return Ok(out) };
        // Rows of the VALUES list: request, class, window; each request's windows merged.
        let mut rows = Vec::new();
        let (mut start, mut end): (Option<NaiveDateTime>, Option<NaiveDateTime>) = (None, None);
        for (k, r) in requests.iter().enumerate().filter(|(_, r)| r.from < r.to_excl) {
            let windows = class_windows(r.windows);
            let (Some(first), Some(last)) = (windows.iter().map(|w| w.1).min(), windows.iter().map(|w| w.2).max())
            else {
                continue;
            };
            // Samples of the first day's earliest window to the last day's latest one.
            let at = |day: NaiveDate, secs: i32| {
                day.and_hms_opt(0, 0, 0).expect("midnight") + chrono::Duration::seconds(secs.into())
            };
            let (s, e) = (at(r.from, first), at(r.to_excl - Days::new(1), last));
            start = Some(start.map_or(s, |t| t.min(s)));
            end = Some(end.map_or(e, |t| t.max(e)));
            // How far this request looks for the series' delivery: a day beyond its own last
            // window, whatever the other requests of the batch reach, so its answer is the
            // same alone or in any batch (kept_means.rs keeps it).
            let hi = (e + chrono::Duration::days(1)).and_utc().timestamp();
            // The class's latest end: a day counts once the series is delivered past it.
            let ends: Vec<(i64, i32)> = windows.iter().map(|w| (w.0, w.2)).collect();
            let last_end = |class: i64| ends.iter().filter(|(c, _)| *c == class).map(|(_, e)| *e).max().unwrap_or(0);
            rows.extend(windows.iter().map(|w| (k, r, *w, i64::from(last_end(w.0)), hi)));
        }
        let (Some(start), Some(end)) = (start, end) else { return Ok(out) };
        // A day beyond the windows, to see whether the series is delivered past the last day.
        let end = end + chrono::Duration::days(1);
        let (first_month, last_month) = (Month::of(start.date()), Month::of(end.date()));
        let files: Vec<LakePath> =
            files.into_iter().filter(|f| f.month >= first_month && f.month <= last_month).collect();
        if files.is_empty() {
            return Ok(out);
        }
        let mut channels: Vec<&str> = rows.iter().map(|(_, r, _, _, _)| r.channel).collect();
        let mut groups: Vec<&str> = rows.iter().map(|(_, r, _, _, _)| r.audience_group).collect();
        for list in [&mut channels, &mut groups] {
            list.sort_unstable();
            list.dedup();
        }
        // A window past 24:00 reaches the next calendar day: a sample is tried as its own
        // day's (k = 0) and as the day before's (k = 1, 24 h later in that day).
        let reach =
            if rows.iter().any(|(_, _, w, _, _)| i64::from(w.2) > DAY_SECS) { "(values (0), (1))" } else { "(values (0))" };
        let marks = |n: usize| vec!["?"; n].join(", ");
        let values = vec![
            "(?::integer, ?::varchar, ?::varchar, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint)";
            rows.len()
        ]
        .join(", ");
        let sql = format!(
            "with v as (
                 select channel, audience_group, epoch_us(ts) // 1000000 as t, rating from {PARQUET_SOURCE} v
                 where ts >= ? and ts < ? and channel in ({}) and audience_group in ({})
             ),
             r as (
                 select *, least(coalesce(lead(t) over (partition by channel, audience_group order by t) - t, 60), 60) as w
                 from v
             ),
             s as (select channel, audience_group, t // {DAY_SECS} - k.k as day, t % {DAY_SECS} + k.k * {DAY_SECS} as sec, rating, w
                   from r cross join {reach} k(k)),
             w(k, channel, grp, class, s, e, d0, d1, last_end, hi) as (values {values}),
             m as (select d.channel, d.grp, d.hi, max(r.t) as last
                   from r join (select distinct channel, grp, hi from w) d
                        on r.channel = d.channel and r.audience_group = d.grp and r.t < d.hi
                   group by all)
             select w.k, w.class, s.day, sum(s.rating * s.w) / sum(s.w), count(*)
             from s join w on s.channel = w.channel and s.audience_group = w.grp
                          and s.sec >= w.s and s.sec < w.e and s.day >= w.d0 and s.day < w.d1
                    join m on m.channel = w.channel and m.grp = w.grp and m.hi = w.hi
             where s.day * {DAY_SECS} + w.last_end - 60 <= m.last
             group by w.k, w.class, s.day order by w.k, w.class, s.day",
            marks(channels.len()),
            marks(groups.len()),
        );
        let epoch = NaiveDate::default();
        let day_number = |d: NaiveDate| Value::BigInt((d - epoch).num_days());
        let mut params = vec![Value::Text(self.file_list(&files)), timestamp(micros(start)), timestamp(micros(end))];
        params.extend(channels.iter().chain(&groups).map(|t| Value::Text((*t).to_owned())));
        for (k, r, (class, s, e), last_end, hi) in &rows {
            params.extend([
                Value::Int(*k as i32),
                Value::Text(r.channel.to_owned()),
                Value::Text(r.audience_group.to_owned()),
                Value::BigInt(*class),
                Value::BigInt((*s).into()),
                Value::BigInt((*e).into()),
                day_number(r.from),
                day_number(r.to_excl),
                Value::BigInt(*last_end),
                Value::BigInt(*hi),
            ]);
        }
        let conn = self.conn()?;
        let mut stmt = conn.prepare(&sql)?;
        let mut found = stmt.query(params_from_iter(&params))?;
        while let Some(r) = found.next()? {
            let day = epoch + Days::new(r.get::<_, i64>(2)? as u64);
            out[r.get::<_, i32>(0)? as usize].push((r.get(1)?, day, r.get(3)?, r.get::<_, i64>(4)? as u64));
        }
        Ok(out)
    }
}
