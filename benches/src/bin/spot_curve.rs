//! The point-details curve (spotCurve's engine call, `Lake::spot_curve`) over per-second
//! rating series: random spots of random series, 300 s before and after, against DuckDB
//! running the same read on the plain Parquet copy of the rows (the generated source: one
//! file in delivery order). Both answers are checked equal: the samples and the spot's mean.
//!
//! ADEVAL_BENCH_CURVE_ROWS (300 million), ADEVAL_BENCH_CURVE_SPOTS (31, at least 5).

use adeval_benches::ratings::{per_second_lake, per_second_source, snapshot};
use adeval_benches::{Runs, env_u64, measure, report, secs, thousands, verdict};
use adeval_engine::generate::{AUDIENCE_GROUPS, CHANNELS, ratings_start};
use adeval_engine::{CurveRequest, Dataset, LakeOptions, Resolution};
use chrono::{Duration, NaiveDateTime};
use duckdb::Connection;
use duckdb::types::{TimeUnit, Value};

/// A spot: series, start and length.
#[derive(Clone, Copy)]
struct Spot {
    channel: &'static str,
    group: &'static str,
    start: NaiveDateTime,
    duration: u32,
}

const AROUND: u32 = 300;

/// The samples and the spot's mean, as both sides answer them.
type Answer = (Vec<(i64, f64)>, Option<f64>);

fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_CURVE_ROWS", 300_000_000);
    let n = env_u64("ADEVAL_BENCH_CURVE_SPOTS", 31).max(5) as usize;
    println!("== spot curve: {rows} per-second rows, {n} spots");
    let plain = per_second_source(rows)?;
    let options = LakeOptions::default();
    let import_start = std::time::Instant::now();
    let (lake, files) = per_second_lake(rows, options.clone())?;
    let opened = import_start.elapsed().as_secs_f64();
    let ratings = snapshot(&files, Dataset::Ratings);
    let months = files.iter().filter(|f| f.dataset == Dataset::Ratings).count();

    // Spots anywhere in the series' seconds, their window inside it; a fixed seed.
    let series = (CHANNELS.len() * AUDIENCE_GROUPS.len()) as u64;
    let seconds = rows / series;
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let spots: Vec<Spot> = (0..n)
        .map(|_| {
            let duration = [5, 10, 15, 30, 60][next(5) as usize];
            let room = seconds - 2 * u64::from(AROUND) - 60;
            Spot {
                channel: CHANNELS[next(CHANNELS.len() as u64) as usize],
                group: AUDIENCE_GROUPS[next(AUDIENCE_GROUPS.len() as u64) as usize],
                start: ratings_start() + Duration::seconds((u64::from(AROUND) + next(room)) as i64),
                duration,
            }
        })
        .collect();

    let engine = |s: &Spot| -> anyhow::Result<Answer> {
        let request = CurveRequest {
            channel: s.channel,
            audience_group: s.group,
            start: s.start,
            duration: s.duration,
            before: AROUND,
            after: AROUND,
        };
        let curve = lake.spot_curve(&ratings, &request)?;
        anyhow::ensure!(curve.resolution == Resolution::Second, "the series is per second");
        Ok((curve.points.iter().map(|(t, r)| (t.and_utc().timestamp(), *r)).collect(), curve.spot_mean))
    };
    let peer = Connection::open_in_memory()?;
    peer.execute_batch(&format!("set memory_limit = '{}'; set threads = {};", options.memory_limit, options.threads))?;
    let peer_sql = "select epoch(ts)::bigint, rating, avg(rating) filter (where ts >= ? and ts < ?) over () \
                    from read_parquet(?) where channel = ? and audience_group = ? and ts >= ? and ts < ? order by ts";
    let at = |t: NaiveDateTime| Value::Timestamp(TimeUnit::Microsecond, t.and_utc().timestamp_micros());
    let peer_run = |s: &Spot| -> anyhow::Result<Answer> {
        let end = s.start + Duration::seconds(s.duration.into());
        let around = Duration::seconds(AROUND.into());
        let params = [
            at(s.start),
            at(end),
            Value::Text(plain.display().to_string()),
            Value::Text(s.channel.to_owned()),
            Value::Text(s.group.to_owned()),
            at(s.start - around),
            at(end + around),
        ];
        let mut stmt = peer.prepare(peer_sql)?;
        let mut rows = stmt.query(duckdb::params_from_iter(&params))?;
        let (mut points, mut mean) = (Vec::new(), None);
        while let Some(r) = rows.next()? {
            points.push((r.get(0)?, r.get(1)?));
            mean = r.get(2)?;
        }
        Ok((points, mean))
    };

    // Same answers first (and one unmeasured run of each side).
    for s in &spots {
        let (a, b) = (engine(s)?, peer_run(s)?);
        let close = match (a.1, b.1) {
            (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * y.abs().max(1.0),
            (x, y) => x == y,
        };
        anyhow::ensure!(a.0 == b.0 && close, "{} {} at {}: the answers differ", s.channel, s.group, s.start);
        anyhow::ensure!(a.0.len() as u32 == 2 * AROUND + s.duration, "{} samples", a.0.len());
    }
    let adeval = measure("adeval", n, |i| Ok(spots[i]), |s| engine(&s).map(drop))?;
    let duck = measure("duckdb", n, |i| Ok(spots[i]), |s| peer_run(&s).map(drop))?;
    let (p50, p90) = (adeval.median(), quantile(&adeval, 0.9));
    let md = format!(
        "## Spot curve\n\n\
         {} per-second rating rows (`generate::ratings_per_second`, seed 1: 40 channels × 16 audience groups, \
         {} seconds each from {}) imported as one batch through `Lake::import_ratings` into {} month files in time \
         order ({:.1} s to open or import the lake this run; it is kept under ADEVAL_BENCH_DATA). adeval answers \
         through spotCurve's engine call `Lake::spot_curve`: one query over the month files the window reaches, \
         row groups skipped by their `ts` statistics, the resolution told from the samples, the spot's mean by \
         the overlap rule. {} spots of random series at random seconds, 5–60 s long, {AROUND} s before and after \
         ({}–{} samples each); the peer runs the same read (samples of the window and the mean over the spot) with \
         DuckDB directly on the plain Parquet copy (one {:.0} MiB file in delivery order, row groups of 122,880 \
         rows). Same process, same DuckDB settings ({} memory, {} threads); every answer checked equal first, \
         then each spot measured once per side.\n\n\
         | query | spots | adeval p50 | adeval p90 | min–max | DuckDB on plain Parquet p50 | min–max | peer ÷ adeval |\n\
         |---|---|---|---|---|---|---|---|\n\
         | a spot's curve, {AROUND} s each side | {n} | {} | {} | {} | {} | {} | {:.1}× |\n\n\
         | goal | measured | verdict |\n|---|---|---|\n\
         | ≤ 50 ms p50: spotCurve over ≥ 300,000,000 per-second rating rows | {:.1} ms over {} rows | {} |\n",
        thousands(rows as f64),
        thousands(seconds as f64),
        ratings_start(),
        months,
        opened,
        n,
        2 * AROUND + 5,
        2 * AROUND + 60,
        std::fs::metadata(&plain)?.len() as f64 / (1u64 << 20) as f64,
        options.memory_limit,
        options.threads,
        secs(p50),
        secs(p90),
        adeval.spread(),
        secs(duck.median()),
        duck.spread(),
        duck.median() / p50,
        p50 * 1000.0,
        thousands(rows as f64),
        verdict(p50 * 1000.0 <= 50.0 && rows >= 300_000_000),
    );
    report(&md)
}

/// The `q` quantile of the runs (nearest rank).
fn quantile(runs: &Runs, q: f64) -> f64 {
    let mut v = runs.0.clone();
    v.sort_by(f64::total_cmp);
    v[((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1]
}
