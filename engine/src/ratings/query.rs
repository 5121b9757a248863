//! Aggregate queries over the daily rollup, and the raw series of one channel and group.

use chrono::{NaiveDate, NaiveDateTime};
use duckdb::types::Value;
use duckdb::{Row, params_from_iter};

use crate::lake::PARQUET_SOURCE;
use crate::paths::{LakePath, parse_files};
use crate::micros::{Micros, from_micros, micros, timestamp};
use crate::{Dataset, Error, Lake, Month, Result, Snapshot};

/// Count, sum, mean and range of a set of ratings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingStats {
    pub n: u64,
    pub sum: f64,
    pub avg: f64,
    pub min: f64,
    pub max: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChannelRatings {
    pub channel: String,
    pub stats: RatingStats,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChannelGroupRatings {
    pub channel: String,
    pub audience_group: String,
    pub stats: RatingStats,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DailyRatings {
    pub day: NaiveDate,
    pub stats: RatingStats,
}

/// The merged rollup columns, after the group key: rollups of several batches may hold the
/// same key, so every query re-aggregates.
const STATS: &str = "sum(n)::bigint, sum(sum), min(min), max(max)";

impl Lake {
    /// Ratings per channel over the rollup files of the snapshot, all months or one.
    pub fn ratings_by_channel(&self, rollup: &Snapshot, month: Option<Month>) -> Result<Vec<ChannelRatings>> {
        let sql = format!("select channel, {STATS} from {PARQUET_SOURCE} v group by channel order by channel");
        self.rollup_query(rollup, month, &sql, Vec::new(), |r| {
            Ok(ChannelRatings { channel: r.get(0)?, stats: stats(r, 1)? })
        })
    }

    /// Ratings per channel and audience group, all months or one.
    pub fn ratings_by_channel_group(
        &self,
        rollup: &Snapshot,
        month: Option<Month>,
    ) -> Result<Vec<ChannelGroupRatings>> {
        let sql = format!(
            "select channel, audience_group, {STATS} from {PARQUET_SOURCE} v \
             group by channel, audience_group order by channel, audience_group"
        );
        self.rollup_query(rollup, month, &sql, Vec::new(), |r| {
            Ok(ChannelGroupRatings { channel: r.get(0)?, audience_group: r.get(1)?, stats: stats(r, 2)? })
        })
    }

    /// Ratings per day of one channel, over one audience group or all, all months or one.
    pub fn ratings_by_day(
        &self,
        rollup: &Snapshot,
        channel: &str,
        audience_group: Option<&str>,
        month: Option<Month>,
    ) -> Result<Vec<DailyRatings>> {
        let sql = format!(
            "select day::timestamp, {STATS} from {PARQUET_SOURCE} v \
             where channel = ? and (? is null or audience_group = ?) group by day order by day"
        );
        let group = audience_group.map_or(Value::Null, |g| Value::Text(g.to_owned()));
        let params = vec![Value::Text(channel.to_owned()), group.clone(), group];
        self.rollup_query(rollup, month, &sql, params, |r| {
            Ok(DailyRatings { day: from_micros(r.get::<_, Micros>(0)?.0).date(), stats: stats(r, 1)? })
        })
    }

    /// The raw series of one channel and audience group in `[from, to)`, in time order:
    /// reads only the months the range covers, and the files' time order lets DuckDB skip
    /// the row groups outside the range.
    pub fn ratings_series(
        &self,
        ratings: &Snapshot,
        channel: &str,
        audience_group: &str,
        from: NaiveDateTime,
        to: NaiveDateTime,
    ) -> Result<Vec<(NaiveDateTime, f64)>> {
        let Some(files) = files_of(ratings, Dataset::Ratings)? else { return Ok(Vec::new()) };
        let (first, last) = (Month::of(from.date()), Month::of(to.date()));
        let files: Vec<LakePath> = files.into_iter().filter(|f| f.month >= first && f.month <= last).collect();
        if files.is_empty() || from >= to {
            return Ok(Vec::new());
        }
        let sql = format!(
            "select ts, rating from {PARQUET_SOURCE} v \
             where channel = ? and audience_group = ? and ts >= ? and ts < ? order by ts"
        );
        let params = [
            Value::Text(self.file_list(&files)),
            Value::Text(channel.to_owned()),
            Value::Text(audience_group.to_owned()),
            timestamp(micros(from)),
            timestamp(micros(to)),
        ];
        let conn = self.conn()?;
        let mut stmt = conn.prepare(&sql)?;
        let series = stmt
            .query_map(params_from_iter(&params), |r| Ok((from_micros(r.get::<_, Micros>(0)?.0), r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        Ok(series)
    }

    /// Runs an aggregate over the rollup files of `month` (all when `None`): the file list is
    /// the first parameter, `params` follow.
    fn rollup_query<T>(
        &self,
        rollup: &Snapshot,
        month: Option<Month>,
        sql: &str,
        params: Vec<Value>,
        map: impl FnMut(&Row<'_>) -> duckdb::Result<T>,
    ) -> Result<Vec<T>> {
        let Some(files) = files_of(rollup, Dataset::RatingsDaily)? else { return Ok(Vec::new()) };
        // A rollup file holds exactly the days of its path's month.
        let files: Vec<LakePath> = files.into_iter().filter(|f| month.is_none_or(|m| f.month == m)).collect();
        if files.is_empty() {
            return Ok(Vec::new());
        }
        let mut all = vec![Value::Text(self.file_list(&files))];
        all.extend(params);
        let conn = self.conn()?;
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map(params_from_iter(&all), map)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }
}

/// The snapshot's files, checked to be of `dataset`, which has no deletions.
pub(super) fn files_of(snapshot: &Snapshot, dataset: Dataset) -> Result<Option<Vec<LakePath>>> {
    let Some((found, files)) = parse_files(&snapshot.files)? else { return Ok(None) };
    if found != dataset {
        return Err(Error::Caller(format!("a {dataset} query got {found} files")));
    }
    if !snapshot.deleted.is_empty() {
        return Err(Error::Caller(format!("{dataset} rows have no ids to delete")));
    }
    Ok(Some(files))
}

fn stats(r: &Row<'_>, at: usize) -> duckdb::Result<RatingStats> {
    let n: i64 = r.get(at)?;
    let sum: f64 = r.get(at + 1)?;
    Ok(RatingStats { n: n as u64, sum, avg: sum / n as f64, min: r.get(at + 2)?, max: r.get(at + 3)? })
}
