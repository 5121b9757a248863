//! Default viewing estimates of one order: six time-period classes of one channel and audience
//! group over the 28 days before the assessment date, through the call the server makes
//! (`adeval_server::orders::estimates::compute_keys`: the class day means of the rating series
//! and their mean, 20th and 80th percentile), never its memo; against the same statistic
//! computed by DuckDB directly over the plain Parquet copy of the raw rows, written without the
//! engine's tricks (a join of every sample with every day and window, then DuckDB's own
//! `quantile_cont`). Warm: one unmeasured run each; the answers are checked equal.
//!
//! ADEVAL_BENCH_ROWS (100 million), ADEVAL_BENCH_QUERY_RUNS (15, at least 5).

use adeval_benches::ratings::{imported_lake, parquet_source, rows, snapshot};
use adeval_benches::{env_u64, measure, report, secs, thousands, verdict};
use adeval_engine::orders::{ClassWindow, round3};
use adeval_engine::{Dataset, LakeOptions, Month, Snapshot};
use adeval_server::orders::estimates::{BasisSource, DefaultKey, compute_keys};
use chrono::{Days, NaiveDate};
use duckdb::Connection;
use duckdb::types::Value;

/// Per class: days with samples, normal, low, high.
type Answer = Vec<(i64, u64, [f64; 3])>;

/// Six classes as a channel sells them, in broadcast-day seconds: two of 黄金's periods overlap
/// and 深夜 runs past midnight.
const WINDOWS: [ClassWindow; 8] = [
    (1, 6 * 3600, 9 * 3600),                 // 早间
    (2, 11 * 3600 + 1800, 13 * 3600 + 1800), // 午间
    (3, 14 * 3600, 17 * 3600),               // 下午
    (4, 19 * 3600, 20 * 3600 + 1800),        // 黄金
    (4, 20 * 3600, 21 * 3600 + 1800),        // 黄金, overlapping
    (5, 21 * 3600 + 1800, 24 * 3600),        // 晚间
    (6, 24 * 3600, 26 * 3600),               // 深夜
    (6, 25 * 3600, 25 * 3600),               // 深夜's one second
];

fn main() -> anyhow::Result<()> {
    let rows = rows();
    let runs = env_u64("ADEVAL_BENCH_QUERY_RUNS", 15).max(5) as usize;
    println!("== default estimates: {rows} rating rows");
    let plain = parquet_source(rows)?;
    let options = LakeOptions::default();
    let (lake, files) = imported_lake(rows, options.clone())?;
    let ratings = snapshot(&files, Dataset::Ratings);
    let peer = Connection::open_in_memory()?;
    peer.execute_batch(&format!("set memory_limit = '{}'; set threads = {};", options.memory_limit, options.threads))?;

    // The last day of the series is partial: it is the assessment date, so the 28 days before
    // it are whole.
    let last: String =
        peer.query_row("select max(ts)::date::varchar from read_parquet(?)", [plain.display().to_string()], |r| {
            r.get(0)
        })?;
    let assessed: NaiveDate = last.parse()?;
    let (channel, group) = (adeval_engine::generate::CHANNELS[0], adeval_engine::generate::AUDIENCE_GROUPS[0]);
    let key = DefaultKey {
        media_id: 1,
        channel: channel.to_owned(),
        group_id: 1,
        group: group.to_owned(),
        windows: WINDOWS.to_vec(),
        from: assessed - Days::new(28),
        to_excl: assessed,
        belonging_to: 1,
        category: None,
        source: None,
    };
    let no_viewing = Snapshot::new(Vec::<String>::new());
    let engine = || -> anyhow::Result<Answer> {
        let found = compute_keys(&lake, &ratings, &no_viewing, std::slice::from_ref(&key))?;
        let mut out: Answer = Vec::new();
        for (class, (estimate, basis)) in &found[0] {
            anyhow::ensure!(basis.source == BasisSource::Ratings, "class {class} is not from ratings: {basis:?}");
            let e = estimate.ok_or_else(|| anyhow::anyhow!("class {class} has no estimate"))?;
            out.push((*class, basis.days.unwrap_or(0), [e.normal, e.low, e.high]));
        }
        out.sort_by_key(|c| c.0);
        Ok(out)
    };
    let peer_run = || peer_stats(&peer, &plain.display().to_string(), &key);
    // The floor: reading the series' ratings of the whole range from the same month files, with
    // nothing computed, under the same DuckDB settings.
    let lake_files: Vec<String> = files
        .iter()
        .filter(|f| f.dataset == Dataset::Ratings)
        .filter(|f| f.month >= Month::of(key.from) && f.month <= Month::of(key.to_excl))
        .map(|f| lake.root().join(&f.path).display().to_string())
        .collect();
    let floor_run = || -> anyhow::Result<()> {
        let start = key.from.and_hms_opt(0, 0, 0).expect("midnight");
        let end = key.to_excl.and_hms_opt(0, 0, 0).expect("midnight") + chrono::Duration::hours(2);
        let micros = |t: chrono::NaiveDateTime| {
            Value::Timestamp(duckdb::types::TimeUnit::Microsecond, t.and_utc().timestamp_micros())
        };
        let sql = "select sum(rating) from read_parquet(string_split(?, chr(10))) \
                   where ts >= ? and ts < ? and channel = ? and audience_group = ?";
        let params = [
            Value::Text(lake_files.join("\n")),
            micros(start),
            micros(end),
            Value::Text(key.channel.clone()),
            Value::Text(key.group.clone()),
        ];
        let _: Option<f64> = peer.query_row(sql, duckdb::params_from_iter(&params), |r| r.get(0))?;
        Ok(())
    };

    let (a, b) = (engine()?, peer_run()?);
    check_same(&a, &b)?;
    let adeval = measure("adeval", runs, |_| Ok(()), |()| engine().map(drop))?;
    let duck = measure("duckdb", runs, |_| Ok(()), |()| peer_run().map(drop))?;
    floor_run()?;
    let floor = measure("floor", runs, |_| Ok(()), |()| floor_run())?;
    let month_files = files.iter().filter(|f| f.dataset == Dataset::Ratings).count();
    let median_ms = adeval.median() * 1000.0;
    let answer: Vec<String> = a
        .iter()
        .map(|(class, days, [n, l, h])| format!("class {class}: {days} days, {n:.3} / {l:.3} / {h:.3}"))
        .collect();
    let md = format!(
        "## Viewing estimates\n\n\
         The default estimates of one order: {} time-period classes ({} windows, two overlapping, one past \
         midnight) of `{channel}` / `{group}` over the 28 days {} … {}, from {} rating rows imported as one batch \
         ({month_files} month files in time order). adeval answers through the call the server makes on a memo \
         miss (`orders::estimates::compute_keys`: one `Lake::class_day_means_many` query over the month files of the \
         range, then mean, 20th and 80th percentile per class); the peer computes the same statistic with DuckDB \
         directly on the plain Parquet copy (one {:.0} MiB file in delivery order): every sample joined with \
         every day and window, de-duplicated, averaged per class and day, then `avg` and `quantile_cont`. Same \
         process, same DuckDB settings ({} memory, {} threads); warm runs after one unmeasured run each, both \
         answers checked equal (to the 3 decimals estimates keep). The floor row reads the series' ratings of the \
         range from the same lake files and sums them, nothing else: what any answer has to read.\n\n\
         Answer (normal / low / high): {}.\n\n\
         | query | runs | adeval median | adeval min–max | DuckDB on plain Parquet median | min–max | peer ÷ adeval |\n\
         |---|---|---|---|---|---|---|\n\
         | default estimates of one order, {} classes | {runs} | {} | {} | {} | {} | {:.1}× |\n\
         | floor: `sum(rating)` of the series over the range, lake files | {runs} | {} | {} | | | |\n\n\
         | goal | measured | verdict |\n|---|---|---|\n\
         | ≤ 300 ms p50: default estimates of one order (6 classes) over {} rating rows | {median_ms:.1} ms | {} |\n",
        a.len(),
        WINDOWS.len(),
        key.from,
        key.to_excl - Days::new(1),
        thousands(rows as f64),
        std::fs::metadata(&plain)?.len() as f64 / (1u64 << 20) as f64,
        options.memory_limit,
        options.threads,
        answer.join("; "),
        a.len(),
        secs(adeval.median()),
        adeval.spread(),
        secs(duck.median()),
        duck.spread(),
        duck.median() / adeval.median(),
        secs(floor.median()),
        floor.spread(),
        thousands(rows as f64),
        verdict(median_ms <= 300.0),
    );
    report(&md)
}

/// The statistic as plain SQL over the raw rows: a sample is in a class on a day when some
/// window of the class holds it (`[day + start, day + max(end, start + 1))`), counted once.
/// A plain `avg`: the bench's series are per minute, where adeval's time weights are all equal.
fn peer_stats(conn: &Connection, plain: &str, key: &DefaultKey) -> anyhow::Result<Answer> {
    let values = vec!["(?::bigint, ?::integer, ?::integer)"; key.windows.len()].join(", ");
    let sql = format!(
        "with w(class, s, e) as (values {values}),
         d as (select unnest(generate_series(?::date::timestamp, ?::date::timestamp - interval 1 day, interval 1 day)) as day),
         x as (
             select distinct w.class, d.day, r.ts, r.rating
             from read_parquet(?) r, d, w
             where r.channel = ? and r.audience_group = ?
               and r.ts >= d.day + to_seconds(w.s) and r.ts < d.day + to_seconds(greatest(w.e, w.s + 1))
         ),
         m as (select class, day, avg(rating) as v from x group by class, day)
         select class, count(*), avg(v), quantile_cont(v, 0.2), quantile_cont(v, 0.8) from m group by class order by class"
    );
    let mut params = Vec::new();
    for (class, s, e) in &key.windows {
        params.extend([Value::BigInt(*class), Value::Int(*s), Value::Int(*e)]);
    }
    params.extend([
        Value::Text(key.from.to_string()),
        Value::Text(key.to_excl.to_string()),
        Value::Text(plain.to_owned()),
        Value::Text(key.channel.clone()),
        Value::Text(key.group.clone()),
    ]);
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(duckdb::params_from_iter(&params), |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)? as u64, [r.get(2)?, r.get(3)?, r.get(4)?]))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Same classes and days; the engine's 3-decimal figures are the peer's rounded (within float
/// rounding of the last digit).
fn check_same(a: &Answer, b: &Answer) -> anyhow::Result<()> {
    anyhow::ensure!(a.len() == 6 && a.len() == b.len(), "adeval found {} classes, DuckDB {}", a.len(), b.len());
    for ((class, days, mine), (class2, days2, theirs)) in a.iter().zip(b) {
        anyhow::ensure!(class == class2 && days == days2, "class {class}: {days} days, DuckDB class {class2}: {days2}");
        for (x, y) in mine.iter().zip(theirs) {
            anyhow::ensure!((x - round3(*y)).abs() <= 0.000_501, "class {class}: adeval {mine:?}, DuckDB {theirs:?}");
        }
    }
    Ok(())
}
