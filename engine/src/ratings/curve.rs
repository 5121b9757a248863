//! A spot's rating curve (the point-details dialog, docs/api.md "Data analysis and the spot curve"): the samples of one series
//! around a spot and the mean over the spot itself, from one query.
//!
//! The query reads only the month files the window reaches, and since a month file is in time
//! order its row groups' `ts` statistics let DuckDB skip every group outside the window: a
//! curve costs the few row groups it covers, however long the history.
//!
//! Series are per second or per minute (docs/import-formats.md 收视率), and one series may be
//! both: a provider's minutes all day and per-second stretches around the ad breaks. So each
//! sample is read at its own resolution: a sample holds until the next sample of the series,
//! for at most a minute (the next sample a second later: it stands for its second; a minute
//! later, or none, for its minute; the last sample of a series holds as long as the gap before
//! it). Which samples belong to a stretch of time follows from that, so a spot in per-second
//! data has the mean of its own seconds and a spot in per-minute data the mean of the minutes
//! it overlaps, however the window around it is delivered. The query looks at the samples of
//! the window widened by three minutes each side to see every sample's neighbours.

use chrono::{Duration, NaiveDateTime};
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::query::files_of;
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::micros::{Micros, from_micros, micros, timestamp};
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
    /// The samples whose time (from `ts` to the next sample, at most a minute) overlaps
    /// `[start − before, end + after)`, in time order; duplicates of a time are kept as
    /// imported.
    pub points: Vec<(NaiveDateTime, f64)>,
    /// The mean of the samples whose time overlaps the spot `[start, end)`, of the finest
    /// resolution among them (per-second samples when the spot has any); `None` when there is
    /// none.
    pub spot_mean: Option<f64>,
    /// `Second` when the samples the mean is of stand for less than a minute each (with none in
    /// the spot: when any sample of the window does); otherwise (per-minute samples, a lone
    /// sample, or none) `Minute`.
    pub resolution: Resolution,
}

/// How much wider than the window the samples looked at are: a sample's time depends on the
/// next one (up to a minute on) and, for the last of a series, on the one before.
const PROBE_MINUTES: i64 = 3;

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
            let probe = Duration::minutes(PROBE_MINUTES);
            Some((end, lo, hi, (lo.checked_sub_signed(probe)?, hi.checked_add_signed(probe)?)))
        })();
        let Some((end, lo, hi, (probe_lo, probe_hi))) = stretch else { return Ok(empty) };
        let Some(files) = files_of(ratings, Dataset::Ratings)? else { return Ok(empty) };
        let (first, last) = (Month::of(probe_lo.date()), Month::of(probe_hi.date()));
        let files: Vec<LakePath> = files.into_iter().filter(|f| f.month >= first && f.month <= last).collect();
        if files.is_empty() {
            return Ok(empty);
        }
        // `step`: the microseconds a sample holds, to the next distinct time (the one before
        // for the last), at most a minute; `fine` when less. A sample overlaps `[a, b)` when
        // `ts < b` and `ts + step > a`. The spot's mean is of its finest samples: where a break
        // is per second, the minute sample that also covers a few of its seconds is left out.
        let sql = format!(
            "with s as materialized (
                 select ts, rating from {PARQUET_SOURCE} v
                 where channel = ? and audience_group = ? and ts > ? and ts < ?
             ),
             t as (
                 select ts, epoch_us(lead(ts) over w) - epoch_us(ts) as next_gap,
                        epoch_us(ts) - epoch_us(lag(ts) over w) as gap_before
                 from (select distinct ts from s) window w as (order by ts)
             ),
             k as (
                 select s.ts, s.rating, least(coalesce(t.next_gap, t.gap_before, 60000000), 60000000) as step
                 from s join t using (ts)
             ),
             w as (
                 select ts, rating, step < 60000000 as fine, ts < ? and epoch_us(ts) + step > ? as in_spot
                 from k where ts < ? and epoch_us(ts) + step > ?
             ),
             r as (
                 select *, coalesce(bool_or(fine) filter (where in_spot) over (), bool_or(fine) over ()) as finest
                 from w
             )
             select ts, rating, avg(rating) filter (where in_spot and fine = finest) over (), finest
             from r order by ts"
        );
        let us = |t: NaiveDateTime| Value::BigInt(micros(t));
        let params = [
            Value::Text(self.file_list(&files)),
            Value::Text(request.channel.to_owned()),
            Value::Text(request.audience_group.to_owned()),
            timestamp(micros(probe_lo)),
            timestamp(micros(probe_hi)),
            timestamp(micros(end)),
            us(start),
            timestamp(micros(hi)),
            us(lo),
        ];
        let conn = self.conn()?;
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(&params))?;
        let mut curve = empty;
        while let Some(r) = rows.next()? {
            curve.points.push((from_micros(r.get::<_, Micros>(0)?.0), r.get(1)?));
            curve.spot_mean = r.get(2)?;
            if r.get::<_, bool>(3)? {
                curve.resolution = Resolution::Second;
            }
        }
        Ok(curve)
    }
}
