//! Queries over the imported rating series: a month-filtered group-by (per channel and
//! audience group) and a full group-by (per channel) through the engine's rollup queries,
//! against the same aggregates run by DuckDB directly on the plain Parquet copy of the raw
//! rows. Warm: one unmeasured run each, then the measured ones; the answers are compared.
//!
//! ADEVAL_BENCH_ROWS (100 million), ADEVAL_BENCH_QUERY_RUNS (9, at least 5).

use std::collections::HashMap;

use adeval_benches::ratings::{imported_lake, rows, snapshot, sources};
use adeval_benches::{Runs, env_u64, measure, report, secs, thousands, verdict};
use adeval_engine::{Dataset, LakeOptions, RatingStats};
use duckdb::Connection;
use duckdb::types::Value;

/// Count, sum, min and max per group key, to check both sides answer alike.
type Answer = HashMap<String, (u64, f64, f64, f64)>;

fn main() -> anyhow::Result<()> {
    let rows = rows();
    let runs = env_u64("ADEVAL_BENCH_QUERY_RUNS", 9).max(5) as usize;
    println!("== ratings queries: {rows} rows");
    let (plain, _) = sources(rows)?;
    let options = LakeOptions::default();
    let (lake, files) = imported_lake(rows, options.clone())?;
    let rollup = snapshot(&files, Dataset::RatingsDaily);
    // The month holding the most rows: a whole month at full size.
    let month = files
        .iter()
        .filter(|f| f.dataset == Dataset::Ratings)
        .max_by_key(|f| f.rows)
        .map(|f| f.month)
        .ok_or_else(|| anyhow::anyhow!("the lake has no ratings files"))?;
    let month_rows: u64 = files.iter().filter(|f| f.dataset == Dataset::Ratings && f.month == month).map(|f| f.rows).sum();
    let rollup_rows: u64 = files.iter().filter(|f| f.dataset == Dataset::RatingsDaily).map(|f| f.rows).sum();

    let peer = Connection::open_in_memory()?;
    peer.execute_batch(&format!("set memory_limit = '{}'; set threads = {};", options.memory_limit, options.threads))?;

    // Month-filtered: per channel and audience group.
    let engine_month = || -> anyhow::Result<Answer> {
        let found = lake.ratings_by_channel_group(&rollup, Some(month))?;
        Ok(found.into_iter().map(|r| (format!("{}|{}", r.channel, r.audience_group), tuple(r.stats))).collect())
    };
    let (start, end) = month.time_range();
    let peer_month_sql = "select channel || '|' || audience_group, count(*), sum(rating), avg(rating), min(rating), max(rating) \
                          from read_parquet(?) where ts >= ? and ts < ? group by channel, audience_group \
                          order by channel, audience_group";
    let micros = |t: chrono::NaiveDateTime| Value::Timestamp(duckdb::types::TimeUnit::Microsecond, t.and_utc().timestamp_micros());
    let month_params = [Value::Text(plain.display().to_string()), micros(start), micros(end)];
    let peer_month = || peer_query(&peer, peer_month_sql, &month_params);

    // Full: per channel over every month.
    let engine_full = || -> anyhow::Result<Answer> {
        let found = lake.ratings_by_channel(&rollup, None)?;
        Ok(found.into_iter().map(|r| (r.channel, tuple(r.stats))).collect())
    };
    let peer_full_sql = "select channel, count(*), sum(rating), avg(rating), min(rating), max(rating) \
                         from read_parquet(?) group by channel order by channel";
    let full_params = [Value::Text(plain.display().to_string())];
    let peer_full = || peer_query(&peer, peer_full_sql, &full_params);

    let mut lines = Vec::new();
    let mut goals = Vec::new();
    for (what, goal_ms, engine, peer_run, scanned) in [
        (
            format!("month {month}: avg rating per channel × audience group"),
            30.0,
            &engine_month as &dyn Fn() -> anyhow::Result<Answer>,
            &peer_month as &dyn Fn() -> anyhow::Result<Answer>,
            month_rows,
        ),
        ("all months: avg rating per channel".to_owned(), 60.0, &engine_full, &peer_full, rows),
    ] {
        println!("  {what}");
        let (a, b) = (engine()?, peer_run()?);
        check_same(&a, &b)?;
        let adeval = measure("adeval", runs, |_| Ok(()), |()| engine().map(drop))?;
        let duck = measure("duckdb", runs, |_| Ok(()), |()| peer_run().map(drop))?;
        lines.push(format!(
            "| {what} ({} groups over {} raw rows) | {} | {} | {} | {} | {} | {:.0}× |",
            a.len(),
            thousands(scanned as f64),
            runs,
            secs(adeval.median()),
            adeval.spread(),
            secs(duck.median()),
            duck.spread(),
            duck.median() / adeval.median()
        ));
        goals.push(goal(&what, goal_ms, &adeval));
    }
    let md = format!(
        "## Rating queries\n\n\
         {} rating rows imported as one batch: {} month partitions in time order plus the daily rollup \
         ({} rows) maintained at ingest. adeval answers through `Lake::ratings_by_channel_group` (one month) and \
         `Lake::ratings_by_channel` (all months), which re-aggregate the rollup; the peer runs the same aggregates \
         (count, sum, avg, min, max) with DuckDB directly on the plain Parquet copy of the raw rows \
         (one {:.0} MiB file in delivery order, no partitions, no rollup). Same process, same DuckDB settings \
         ({} memory, {} threads); warm runs after one unmeasured run each, both answers checked equal.\n\n\
         | query | runs | adeval median | adeval min–max | DuckDB on plain Parquet median | min–max | peer ÷ adeval |\n\
         |---|---|---|---|---|---|---|\n{}\n\n\
         | goal | measured | verdict |\n|---|---|---|\n{}\n",
        thousands(rows as f64),
        files.iter().filter(|f| f.dataset == Dataset::Ratings).count(),
        thousands(rollup_rows as f64),
        std::fs::metadata(&plain)?.len() as f64 / (1u64 << 20) as f64,
        options.memory_limit,
        options.threads,
        lines.join("\n"),
        goals.join("\n")
    );
    report(&md)
}

fn goal(what: &str, ms: f64, runs: &Runs) -> String {
    let median_ms = runs.median() * 1000.0;
    format!("| ≤ {ms:.0} ms: {what} | {median_ms:.1} ms | {} |", verdict(median_ms <= ms))
}

fn tuple(s: RatingStats) -> (u64, f64, f64, f64) {
    (s.n, s.sum, s.min, s.max)
}

fn peer_query(conn: &Connection, sql: &str, params: &[Value]) -> anyhow::Result<Answer> {
    let mut stmt = conn.prepare(sql)?;
    let rows = stmt.query_map(duckdb::params_from_iter(params), |r| {
        Ok((r.get::<_, String>(0)?, (r.get::<_, i64>(1)? as u64, r.get(2)?, r.get(4)?, r.get(5)?)))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Both sides must find the same groups with the same counts, extremes and (to float
/// rounding) sums.
fn check_same(a: &Answer, b: &Answer) -> anyhow::Result<()> {
    anyhow::ensure!(a.len() == b.len(), "adeval found {} groups, DuckDB {}", a.len(), b.len());
    for (key, (n, sum, min, max)) in a {
        let Some((n2, sum2, min2, max2)) = b.get(key) else { anyhow::bail!("DuckDB lacks group {key}") };
        let close = (sum - sum2).abs() <= 1e-9 * sum.abs().max(1.0);
        anyhow::ensure!(n == n2 && close && min == min2 && max == max2, "group {key} differs");
    }
    Ok(())
}
