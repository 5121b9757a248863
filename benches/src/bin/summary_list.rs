//! orderSummaryList through the served system: the release `adeval serve` on a fresh database
//! of a running cluster (`DATABASE_URL`, its admin URL) with the demo master data, the bench
//! channel's order (benches/src/channel.rs) scheduled over January to June 2026 (50 lines a
//! month, a cell every other day, assessed from April 1st) among 1,000 other orders, and 10
//! million viewing rows in the lake (10,000 deleted) spread over all of them.
//!
//! The peer computes the same month figures the way an analyst would without adeval: the
//! planned and remaining spots per month and class by one Postgres statement, and the issued
//! GRP, aired spots and 正负三 counts per month by one DuckDB statement over a plain Parquet copy
//! of the live viewing rows (deletions already applied). Both must give the same per-month
//! counts and GRP before anything is timed. ADEVAL_BENCH_SUMMARY_LIST_KEEP leaves the database
//! and files in place.
//!
//! Settings: ADEVAL_BENCH_SUMMARY_LIST_ROWS (10,000,000), ADEVAL_BENCH_SUMMARY_LIST_ORDERS
//! (1,000), ADEVAL_BENCH_SUMMARY_LIST_RUNS (50), ADEVAL_BIN.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use serde_json::Value;
use sqlx::PgPool;

use adeval_benches::channel::{self, Channel, DAYS, first_day};
use adeval_benches::serve::{Server, time, time_cold, time_peer};
use adeval_benches::{Runs, env_u64, report, secs, thousands, verdict};

/// First calls after a lake change timed.
const COLD_RUNS: usize = 10;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_SUMMARY_LIST_ROWS", 10_000_000);
    let others = env_u64("ADEVAL_BENCH_SUMMARY_LIST_ORDERS", 1_000);
    let runs = env_u64("ADEVAL_BENCH_SUMMARY_LIST_RUNS", 50) as usize;
    let bench = adeval_benches::serve::BenchDatabase::create("summary_list").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = PgPool::connect(&url).await?;
        let seed = channel::seed(&db, 1).await?;
        let order = seed.orders[0];
        let (lines, planned) = schedule(&db, &seed, order).await?;
        adeval_benches::orders::seed_orders(&db, others).await?;
        let started = Instant::now();
        let written = adeval_benches::viewing::fill_lake(&db, &data.join("lake"), rows, 10_000, first_day(), DAYS).await?;
        let generated = started.elapsed().as_secs_f64();
        sqlx::query("analyze").execute(&db).await?;
        let plain = data.join("viewing-plain.parquet");
        adeval_benches::viewing::plain_copy(&db, &data.join("lake"), &plain).await?;
        println!("generated {written} viewing rows in {}; plain copy written", secs(generated));
        let token = server.login().await?;
        let args = || vec![("belongingTo", "1".to_owned()), ("orderId", order.to_string())];

        let answer = server.call("orderSummaryList", args(), &token).await?;
        check(&answer, &peer(&db, &plain, order).await?)?;
        let aired = answer.as_array().and_then(|r| r.last()).map_or(0, |t| t["airedSpots"].as_u64().unwrap_or(0));
        println!("order {order}: {lines} lines, {planned} planned spots, {aired} aired spots on the customer side");

        let warm = time(runs, || server.call("orderSummaryList", args(), &token)).await?;
        let cold = time_cold(&db, COLD_RUNS, || server.call("orderSummaryList", args(), &token)).await?;
        let peer_runs = time_peer(runs, || peer(&db, &plain, order)).await?;
        db.close().await;
        write_report(written, others, lines, planned, aired, generated, [&warm, &cold, &peer_runs])
    }
    .await;
    bench.finish(Some("ADEVAL_BENCH_SUMMARY_LIST_KEEP"), outcome).await
}

/// The order's schedule straight into Postgres: 50 lines a month (tape k mod 3, period k div 3,
/// so both classes), a cell on every other day from the 1st to the 27th with one or two spots,
/// every seventh withdrawn; assessed from April 1st. Answers lines and planned spots.
async fn schedule(db: &PgPool, seed: &Channel, order: i64) -> anyhow::Result<(u64, i64)> {
    let lines = seed.grid_lines(db, order).await?;
    sqlx::query(
        "insert into order_cells (line_id, ymd, point, value)
         select l.id, l.month + d, 1 + (l.id + d) % 2, case when (l.id + d) % 7 = 0 then '撤掉' else '' end
         from order_lines l cross join generate_series(0, 26, 2) d where l.order_id = $1",
    )
    .bind(order)
    .execute(db)
    .await?;
    sqlx::query("update orders set estimate_date = '2026-04-01' where id = $1").bind(order).execute(db).await?;
    let planned: i64 = sqlx::query_scalar(
        "select sum(c.point)::int8 from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.value <> '撤掉'",
    )
    .bind(order)
    .fetch_one(db)
    .await?;
    Ok((lines, planned))
}

/// Per month: planned, remaining, issued GRP, aired spots, positioned, top or bottom three.
type PeerMonth = (String, i64, i64, f64, i64, i64, i64);

/// The peer: Postgres for the schedule's counts, DuckDB on the plain copy for the aired spots.
async fn peer(db: &PgPool, plain: &Path, order: i64) -> anyhow::Result<Vec<PeerMonth>> {
    {
        let (media, group, start, end, titles): (i64, i64, chrono::NaiveDate, chrono::NaiveDate, Vec<String>) = sqlx::query_as(
            "select o.media_id, o.default_group_id, o.cycle_start, o.cycle_end,
                    array(select trim(x) from (select p.product_name as x union
                          select unnest(array[t.media_file_name, t.media_tape_number, t.customer_title])
                          from order_tapes ot join product_tapes t on t.id = ot.tape_id where ot.order_id = o.id) n
                          where trim(x) <> '')
             from orders o join products p on p.id = o.product_id where o.id = $1",
        )
        .bind(order)
        .fetch_one(db)
        .await?;
        let schedule: Vec<(String, i64, i64)> = sqlx::query_as(
            "select to_char(l.month, 'YYYY-MM'), coalesce(sum(c.point), 0)::int8,
                    coalesce(sum(c.point) filter (where c.ymd >= coalesce(o.estimate_date, current_date)), 0)::int8
             from order_lines l join orders o on o.id = l.order_id join order_cells c on c.line_id = l.id
             where l.order_id = $1 and c.value <> '撤掉' group by 1 order by 1",
        )
        .bind(order)
        .fetch_all(db)
        .await?;
        let conn = duckdb::Connection::open_in_memory()?;
        let list = titles.iter().map(|t| format!("'{}'", t.replace('\'', "''"))).collect::<Vec<_>>().join(", ");
        let mut stmt = conn.prepare(&format!(
            "select strftime(ymd, '%Y-%m'), sum(grp), count(*), count(\"position\"),
                    count(*) filter (where position_index <= 3 or (position_of is not null and position_index > position_of - 3))
             from read_parquet('{}')
             where media_id = ? and audience_group_id = ? and belonging_to = 1 and ymd between ?::date and ?::date
               and title in ({list})
             group by 1 order by 1",
            plain.display()
        ))?;
        let aired: Vec<(String, f64, i64, i64, i64)> = stmt
            .query_map(duckdb::params![media, group, start.to_string(), end.to_string()], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect::<Result<_, _>>()?;
        Ok(schedule
            .into_iter()
            .map(|(month, planned, remaining)| {
                let a = aired.iter().find(|a| a.0 == month).cloned().unwrap_or((month.clone(), 0.0, 0, 0, 0));
                (month, planned, remaining, a.1, a.2, a.3, a.4)
            })
            .collect())
    }
}

/// The server's month rows hold the peer's counts and GRP (to the answered 3 decimals).
fn check(answer: &Value, peer: &[PeerMonth]) -> anyhow::Result<()> {
    let rows = answer.as_array().context("orderSummaryList answered no rows")?;
    if rows.len() != peer.len() + 1 || peer.is_empty() {
        bail!("{} rows answered for {} months", rows.len(), peer.len());
    }
    for (row, (month, planned, remaining, grp, aired, positioned, top)) in rows.iter().zip(peer) {
        let ours = (row["month"].as_str(), row["plannedSpots"].as_i64(), row["remainingSpots"].as_i64());
        let counts = (row["airedSpots"].as_i64(), row["positionedSpots"].as_i64(), row["alreadyUpsideDownThree"].as_i64());
        let close = (row["IssuedGrp"].as_f64().unwrap_or(f64::NAN) - grp).abs() < 0.0015;
        if ours != (Some(month.as_str()), Some(*planned), Some(*remaining)) || counts != (Some(*aired), Some(*positioned), Some(*top)) || !close {
            bail!("month {month}: adeval answered {row}, the peer {planned} {remaining} {grp} {aired} {positioned} {top}");
        }
    }
    Ok(())
}

fn write_report(
    rows: u64,
    others: u64,
    lines: u64,
    planned: i64,
    aired: u64,
    generated: f64,
    [warm, cold, peer]: [&Runs; 3],
) -> anyhow::Result<()> {
    let mut md = String::from("## orderSummaryList\n\n");
    md.push_str(&format!(
        "The release `adeval serve` on a fresh database: the demo master data, the bench channel's order ({lines} \
         lines over January to June 2026, {planned} planned spots, assessed from April 1st) among {others} other \
         orders, and {} viewing rows in the lake (10,000 deleted; generated in {}) spread over all of them: the \
         order's customer side has {aired} aired spots. One request at a time, signed, `belongingTo` 1, each after \
         one unmeasured call. adeval reads the order's aired spots once per lake version (kept in memory, as the \
         grid does) and its schedule's counts and class estimates per call; the cold rows are the first call after \
         the lake's manifest version moved, nothing of it kept. **The peer** is what an analyst would run for the \
         same month counts: one Postgres statement for planned and remaining spots per month and one DuckDB \
         statement over a plain Parquet copy of the live viewing rows (deletions applied, one file) for issued GRP, \
         aired spots and 正负三 per month — no estimates, no formulas. Both gave the same counts and GRP per month \
         before timing.\n\n",
        thousands(rows as f64),
        secs(generated)
    ));
    md.push_str("| way | runs | median | min–max |\n|---|---|---|---|\n");
    md.push_str(&format!("| adeval orderSummaryList | {} | {} | {} |\n", warm.len(), secs(warm.median()), warm.spread()));
    md.push_str(&format!(
        "| adeval orderSummaryList, first call after a lake change | {} | {} | {} |\n",
        cold.len(),
        secs(cold.median()),
        cold.spread()
    ));
    md.push_str(&format!("| peer: Postgres + DuckDB on plain Parquet | {} | {} | {} |\n", peer.len(), secs(peer.median()), peer.spread()));
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!("| orderSummaryList p50 ≤ 100 ms | {} | {} |\n", secs(warm.median()), verdict(warm.median() <= 0.1)));
    md.push_str(&format!(
        "| orderSummaryList p50 ≤ 100 ms, first call after a lake change | {} | {} |\n",
        secs(cold.median()),
        verdict(cold.median() <= 0.1)
    ));
    md.push('\n');
    report(&md)
}
