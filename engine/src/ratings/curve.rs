//! A spot's rating curve (the point-details dialog, DESIGN §5.4): the samples of one series
//! around a spot and the mean over the spot itself, from one query.
//!
//! The query reads only the month files the window reaches, and since a month file is in time
//! order its row groups' `ts` statistics let DuckDB skip every group outside the window: a
//! curve costs the few row groups it covers, however long the history.
//!
//! Series are per second or per minute (docs/import-formats.md 收视率). A sample stands for its
//! second or its minute from `ts` on, so which samples belong to a stretch of time depends on
//! the series' resolution: the query works it out from the samples themselves (consecutive
//! samples less than a minute apart: per second), over the window widened by a minute each
//! side so a per-minute series shows at least two samples.

use chrono::{Duration, NaiveDateTime};
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::query::files_of;
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::write::{Micros, from_micros, micros, timestamp};
use crate::{Dataset, Lake, Month, Result, Snapshot};

/// Which series and which stretch of time a curve is of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurveRequest<'a> {
    pub channel: &'a str,
    pub audience_group: &'a str,
    /// When the spot began (calendar time: a broadcast-day 24:30:00 is the next day's 00:30).
    pub start: NaiveDateTime,
    /// The spot's length in seconds.
    pub duration: u32,
    /// Seconds of the curve before the spot's start and after its end.
    pub before: u32,
    pub after: u32,
}

/// How far apart a series' samples are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    Second,
    Minute,
}

impl Resolution {
    /// The time one sample stands for.
    pub fn step(self) -> Duration {
        match self {
            Resolution::Second => Duration::seconds(1),
            Resolution::Minute => Duration::minutes(1),
        }
    }
}

/// The answer of [`Lake::spot_curve`].
#[derive(Debug, Clone, PartialEq)]
pub struct SpotCurve {
    /// The samples whose second (or minute) overlaps `[start − before, end + after)`, in time
    /// order; duplicates of a time are kept as imported.
    pub points: Vec<(NaiveDateTime, f64)>,
    /// The mean of the samples whose second (or minute) overlaps the spot `[start, end)`;
    /// `None` when there is none.
    pub spot_mean: Option<f64>,
    /// `Second` when two consecutive samples of the widened window are less than a minute
    /// apart; otherwise (a lone sample, or none) `Minute`.
    pub resolution: Resolution,
}

impl Lake {
    /// The rating curve of `request` over the ratings snapshot.
    pub fn spot_curve(&self, ratings: &Snapshot, request: &CurveRequest<'_>) -> Result<SpotCurve> {
        let empty = SpotCurve { points: Vec::new(), spot_mean: None, resolution: Resolution::Minute };
        let start = request.start;
        let secs = |n: u32| Duration::seconds(n.into());
        // A stretch past the dates chrono holds has no samples: an empty curve, not a panic.
        let stretch = (|| {
            let end = start.checked_add_signed(secs(request.duration))?;
            let lo = start.checked_sub_signed(secs(request.before))?;
            let hi = end.checked_add_signed(secs(request.after))?;
            // The samples looked at to tell the resolution: a minute more on each side.
            let probe = (lo.checked_sub_signed(Duration::minutes(1))?, hi.checked_add_signed(Duration::minutes(1))?);
            Some((end, lo, hi, probe))
        })();
        let Some((end, lo, hi, (probe_lo, probe_hi))) = stretch else { return Ok(empty) };
        let Some(files) = files_of(ratings, Dataset::Ratings)? else { return Ok(empty) };
        let (first, last) = (Month::of(probe_lo.date()), Month::of(probe_hi.date()));
        let files: Vec<LakePath> = files.into_iter().filter(|f| f.month >= first && f.month <= last).collect();
        if files.is_empty() {
            return Ok(empty);
        }
        // A sample at `ts` overlaps `[a, b)` when `a ≤ ts < b` per second, and when
        // `a − 1 min < ts < b` per minute (its minute reaches into the stretch).
        // Each takes the stretch's two ends twice.
        const OVERLAPS: &str =
            "case when r.per_second then s.ts >= ? and s.ts < ? else s.ts > ? - interval 1 minute and s.ts < ? end";
        let sql = format!(
            "with s as materialized (
                 select ts, rating from {PARQUET_SOURCE} v
                 where channel = ? and audience_group = ? and ts > ? and ts < ?
             ),
             r as (
                 select coalesce(min(gap) < 60000000, false) as per_second
                 from (select epoch_us(ts) - epoch_us(lag(ts) over (order by ts)) as gap from s)
                 where gap > 0
             ),
             w as (select s.ts, s.rating, r.per_second, {OVERLAPS} as in_spot from s, r where {OVERLAPS})
             select ts, rating, per_second, avg(rating) filter (where in_spot) over () from w order by ts"
        );
        let params = [
            Value::Text(self.file_list(&files)),
            Value::Text(request.channel.to_owned()),
            Value::Text(request.audience_group.to_owned()),
            timestamp(micros(probe_lo)),
            timestamp(micros(probe_hi)),
            timestamp(micros(start)),
            timestamp(micros(end)),
            timestamp(micros(start)),
            timestamp(micros(end)),
            timestamp(micros(lo)),
            timestamp(micros(hi)),
            timestamp(micros(lo)),
            timestamp(micros(hi)),
        ];
        let conn = self.conn()?;
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(&params))?;
        let mut curve = empty;
        while let Some(r) = rows.next()? {
            curve.points.push((from_micros(r.get::<_, Micros>(0)?.0), r.get(1)?));
            if r.get::<_, bool>(2)? {
                curve.resolution = Resolution::Second;
            }
            curve.spot_mean = r.get(3)?;
        }
        Ok(curve)
    }
}
