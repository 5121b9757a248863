//! Realistic rating series of any size, for demos and benchmarks: per-minute ratings of every
//! channel × audience group from [`ratings_start`], written by DuckDB as csv or Parquet in the
//! import format (`channel, audience_group, ts, rating`); and the demo's series ([`model`]):
//! minutes with per-second stretches around the ad breaks, and each spot's mean.
//!
//! The output goes wherever the caller says, so this runs on an unrestricted DuckDB connection
//! of its own, never on a lake's sandboxed ones. Nothing of the SQL comes from outside but the
//! output path, quoted as a literal, and numbers.

use std::path::Path;

use chrono::NaiveDateTime;
use duckdb::{Config, Connection};

use crate::lake::sql_literal;
use crate::{Error, Result};

mod model;

pub use model::{AROUND_BREAK_SECS, Break, DemoModel, DemoSeries, SpotSeconds};

/// Channels of the generated series: the demo master data's four first, so a demo database
/// knows them, then other national and provincial channels.
pub const CHANNELS: [&str; 40] = [
    "CCTV-1 综合", "湖南卫视", "浙江卫视", "东方卫视", "CCTV-2 财经", "CCTV-3 综艺", "CCTV-4 中文国际",
    "CCTV-5 体育", "CCTV-6 电影", "CCTV-7 国防军事", "CCTV-8 电视剧", "CCTV-9 纪录", "CCTV-10 科教",
    "CCTV-11 戏曲", "CCTV-12 社会与法", "CCTV-13 新闻", "CCTV-14 少儿", "CCTV-15 音乐", "CCTV-17 农业农村",
    "江苏卫视", "北京卫视", "深圳卫视", "广东卫视", "山东卫视", "天津卫视", "安徽卫视", "湖北卫视",
    "四川卫视", "重庆卫视", "河南卫视", "辽宁卫视", "黑龙江卫视", "东南卫视", "江西卫视", "广西卫视",
    "贵州卫视", "云南卫视", "河北卫视", "吉林卫视", "陕西卫视",
];

/// Audience/city groups of the generated series: the demo groups first.
pub const AUDIENCE_GROUPS: [&str; 16] = [
    "全国4+", "全国25-45女性", "一线城市", "全国15-44岁", "一二线城市", "全国35+", "全国4-14岁", "全国女性",
    "全国男性", "北京", "上海", "广州", "深圳", "杭州", "成都", "武汉",
];

/// The first minute of every generated series.
pub fn ratings_start() -> NaiveDateTime {
    chrono::NaiveDate::from_ymd_opt(2026, 1, 29).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("a valid date")
}

/// Writes `rows` rating samples to `out` (`.csv` with a header, or `.parquet` zstd), the same
/// rows for the same `seed`. Rows come in time order as a provider delivers them: minute by
/// minute, every series within a minute; one day is 40 × 16 × 1440 = 921,600 rows, so 100
/// million rows cover about 108 days from 29 January 2026.
///
/// A rating follows the day (low at night, a noon bump, prime time at 20:30), scaled by the
/// channel's and the group's reach, with ±15 % noise from a hash of the row number and seed.
pub fn ratings(out: &Path, rows: u64, seed: u64) -> Result<()> {
    write_ratings(out, &Series { start: ratings_start(), channels: &CHANNELS, groups: &AUDIENCE_GROUPS }, 60, rows, seed)
}

/// As [`ratings`], per second: every series within a second, second by second, the same
/// shape of day. One day is 40 × 16 × 86,400 = 55,296,000 rows, so 300 million rows cover
/// about five and a half days from 29 January 2026.
pub fn ratings_per_second(out: &Path, rows: u64, seed: u64) -> Result<()> {
    write_ratings(out, &Series { start: ratings_start(), channels: &CHANNELS, groups: &AUDIENCE_GROUPS }, 1, rows, seed)
}

/// Which series a generated file holds, from which minute on.
struct Series<'a> {
    start: NaiveDateTime,
    channels: &'a [&'a str],
    groups: &'a [&'a str],
}

/// Writes `rows` samples of `spec`'s series, one every `step` seconds.
fn write_ratings(out: &Path, spec: &Series<'_>, step: u32, rows: u64, seed: u64) -> Result<()> {
    if spec.channels.is_empty() || spec.groups.is_empty() {
        return Err(Error::Caller("generated ratings need a channel and an audience group".into()));
    }
    let format = match out.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("csv") => "format csv, header true, delimiter ','",
        Some("parquet") => "format parquet, compression zstd, row_group_size 122880",
        _ => return Err(Error::Caller(format!("ratings can be written as .csv or .parquet, not {}", out.display()))),
    };
    let target = out.to_str().ok_or_else(|| Error::Caller(format!("path is not UTF-8: {}", out.display())))?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(Error::io(dir))?;
    }
    let list = |names: &[&str]| names.iter().map(|n| sql_literal(n)).collect::<Vec<_>>().join(", ");
    let (channels, groups) = (spec.channels.len() as u64, spec.groups.len() as u64);
    let series = channels * groups;
    let start = spec.start.format("%Y-%m-%d %H:%M:%S");
    // t: seconds from the start; h: hour of the day as a fraction; reach falls with the
    // channel's rank, groups vary.
    let sql = format!(
        "copy (
           select [{channel_list}][1 + (s // {groups})] as channel,
                  [{group_list}][1 + (s % {groups})] as audience_group,
                  timestamp '{start}' + to_seconds(t) as ts,
                  round(2.5 / (1 + 0.15 * (s // {groups}))
                        * (0.6 + 0.8 * ((s % {groups}) * 7 % {groups}) / {groups})
                        * (0.04 + exp(-pow(h - 20.5, 2) / 9.68) + 0.3 * exp(-pow(h - 12.5, 2) / 2.88))
                        * (0.85 + 0.3 * (hash(i, {seed}::ubigint) % 1000000) / 1000000.0), 4) as rating
           from (select i, i % {series} as s, (i // {series})::bigint * {step} as t,
                        ((i // {series})::bigint * {step} % 86400) / 3600.0 as h
                 from range({rows}::bigint) r(i))
         ) to {} ({format})",
        sql_literal(target),
        channel_list = list(spec.channels),
        group_list = list(spec.groups),
    );
    let conn = Connection::open_in_memory_with_flags(Config::default().enable_autoload_extension(false)?)?;
    conn.execute_batch(&sql)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_writes_the_same_series_in_the_import_format() {
        let dir = std::env::temp_dir().join(format!("adeval-generate-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        let (csv, parquet) = (dir.join("r.csv"), dir.join("r.parquet"));

        ratings(&csv, 2_000, 7).unwrap();
        ratings(&parquet, 2_000, 7).unwrap();

        let conn = Connection::open_in_memory().unwrap();
        let (c, p) = (csv.to_str().unwrap(), parquet.to_str().unwrap());
        let header = std::fs::read_to_string(&csv).unwrap().lines().next().unwrap().to_owned();
        assert_eq!(header, "channel,audience_group,ts,rating");
        let differing: i64 = conn
            .query_row(
                "select count(*) from (select * from read_csv(?) except all select * from read_parquet(?))",
                [c, p],
                |r| r.get(0),
            )
            .unwrap();
        let (n, series, minutes, bad): (i64, i64, i64, i64) = conn
            .query_row(
                "select count(*), count(distinct (channel, audience_group)), count(distinct ts), \
                 count(*) filter (where rating < 0 or not isfinite(rating)) from read_parquet(?)",
                [p],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap();
        assert_eq!((differing, n, series, minutes, bad), (0, 2_000, 640, 4, 0));
        assert!(ratings(&dir.join("r.txt"), 10, 1).is_err());

        // Per second: the same series, a second apart.
        let seconds = dir.join("s.parquet");
        ratings_per_second(&seconds, 2_000, 7).unwrap();
        let (first, last, times): (i64, i64, i64) = conn
            .query_row(
                "select epoch(min(ts))::bigint, epoch(max(ts))::bigint, count(distinct ts) from read_parquet(?)",
                [seconds.to_str().unwrap()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!((last - first, times), (3, 4));
        std::fs::remove_dir_all(dir).ok();
    }
}
