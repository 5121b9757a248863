//! figureRows (the drill-down) through the served system: the release `adeval serve` on a fresh
//! database of a running cluster (`DATABASE_URL`, its admin URL) with the bench channel's order
//! (benches/src/channel.rs) scheduled over January to June 2026 as summary_list schedules it,
//! among 1,000 other orders, and 10 million viewing rows in the lake (10,000 deleted) spread
//! over all of them. Timed: the first page of the issued-GRP rows of the whole order and of one
//! month, one request at a time, kept state warm; and the first call after a lake change.
//!
//! The peer is what an analyst would run to list the same rows and their sum without adeval:
//! one DuckDB statement over a plain Parquet copy of the live viewing rows (deletions applied)
//! for the page, newest air time last, and one for the count and the sum. Both must give the
//! same count and sum before anything is timed (the bench order has no manual GRP).
//! ADEVAL_BENCH_FIGURE_ROWS_KEEP leaves the database and files in place.
//!
//! Settings: ADEVAL_BENCH_FIGURE_ROWS_ROWS (10,000,000), ADEVAL_BENCH_FIGURE_ROWS_ORDERS (1,000),
//! ADEVAL_BENCH_FIGURE_ROWS_RUNS (50), ADEVAL_BIN.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use serde_json::Value;
use sqlx::PgPool;

use adeval_benches::channel::{self, DAYS, first_day};
use adeval_benches::serve::{Server, time, time_cold, time_peer};
use adeval_benches::{Runs, env_u64, report, secs, thousands, verdict};

/// First calls after a lake change timed.
const COLD_RUNS: usize = 10;
/// The page a screen asks for.
const LIMIT: &str = "20";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_FIGURE_ROWS_ROWS", 10_000_000);
    let others = env_u64("ADEVAL_BENCH_FIGURE_ROWS_ORDERS", 1_000);
    let runs = env_u64("ADEVAL_BENCH_FIGURE_ROWS_RUNS", 50) as usize;
    let bench = adeval_benches::serve::BenchDatabase::create("figure_rows").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = PgPool::connect(&url).await?;
        let seed = channel::seed(&db, 1).await?;
        let order = seed.orders[0];
        let lines = seed.grid_lines(&db, order).await?;
        schedule(&db, order).await?;
        adeval_benches::orders::seed_orders(&db, others).await?;
        let started = Instant::now();
        let written = adeval_benches::viewing::fill_lake(&db, &data.join("lake"), rows, 10_000, first_day(), DAYS).await?;
        let generated = started.elapsed().as_secs_f64();
        sqlx::query("analyze").execute(&db).await?;
        let plain = data.join("viewing-plain.parquet");
        adeval_benches::viewing::plain_copy(&db, &data.join("lake"), &plain).await?;
        println!("generated {written} viewing rows in {}; plain copy written", secs(generated));
        let token = server.login().await?;
        let args = |month: Option<&str>| {
            let mut a = vec![("belongingTo", "1".to_owned()), ("figure", "issuedGrp".to_owned()), ("limit", LIMIT.to_owned())];
            if let Some(m) = month {
                a.push(("month", m.to_owned()));
            }
            a.push(("orderId", order.to_string()));
            a.push(("page", "1".to_owned()));
            a
        };

        let answer = server.call("figureRows", args(None), &token).await?;
        let (count, sum) = peer(&db, &plain, order).await?;
        check(&answer, count, sum)?;
        println!("order {order}: {lines} lines, {count} issued-GRP rows on the customer side, sum {sum:.4}");

        let whole = time(runs, || server.call("figureRows", args(None), &token)).await?;
        let month = time(runs, || server.call("figureRows", args(Some("2026-03")), &token)).await?;
        let cold = time_cold(&db, COLD_RUNS, || server.call("figureRows", args(None), &token)).await?;
        let peer_runs = time_peer(runs, || peer(&db, &plain, order)).await?;
        db.close().await;
        write_report((written, others, lines, count), generated, [&whole, &month, &cold, &peer_runs])
    }
    .await;
    bench.finish(Some("ADEVAL_BENCH_FIGURE_ROWS_KEEP"), outcome).await
}

/// The order's cells as summary_list writes them: a cell on every other day from the 1st to the
/// 27th with one or two spots, every seventh withdrawn; assessed from April 1st.
async fn schedule(db: &PgPool, order: i64) -> anyhow::Result<()> {
    sqlx::query(
        "insert into order_cells (line_id, ymd, point, value)
         select l.id, l.month + d, 1 + (l.id + d) % 2, case when (l.id + d) % 7 = 0 then '撤掉' else '' end
         from order_lines l cross join generate_series(0, 26, 2) d where l.order_id = $1",
    )
    .bind(order)
    .execute(db)
    .await?;
    sqlx::query("update orders set estimate_date = '2026-04-01' where id = $1").bind(order).execute(db).await?;
    Ok(())
}

/// The peer: the order's rows by DuckDB on the plain copy, a page of them and their count and sum.
async fn peer(db: &PgPool, plain: &Path, order: i64) -> anyhow::Result<(i64, f64)> {
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
    let conn = duckdb::Connection::open_in_memory()?;
    let list = titles.iter().map(|t| format!("'{}'", t.replace('\'', "''"))).collect::<Vec<_>>().join(", ");
    let from = format!(
        "from read_parquet('{}') where media_id = ? and audience_group_id = ? and belonging_to = 1
           and ymd between ?::date and ?::date and title in ({list})",
        plain.display()
    );
    let params = duckdb::params![media, group, start.to_string(), end.to_string()];
    let mut page = conn.prepare(&format!("select ymd, air_time, title, grp, \"position\" {from} order by air_time, id limit {LIMIT}"))?;
    let listed = page.query_map(params, |r| r.get::<_, f64>(3))?.count();
    let mut totals = conn.prepare(&format!("select count(*), coalesce(sum(grp), 0) {from}"))?;
    let (count, sum) = totals.query_row(params, |r| Ok((r.get::<_, i64>(0)?, r.get::<_, f64>(1)?)))?;
    if listed as i64 != count.min(LIMIT.parse()?) {
        bail!("the peer listed {listed} of {count} rows");
    }
    Ok((count, sum))
}

/// adeval's total and sum are the peer's (GRP to the answered 4 decimals).
fn check(answer: &Value, count: i64, sum: f64) -> anyhow::Result<()> {
    let total = answer["total"].as_i64().context("figureRows answered no total")?;
    let ours = answer["sum"].as_f64().context("figureRows answered no sum")?;
    let page = answer["data"].as_array().map_or(0, Vec::len);
    if total != count || (ours - sum).abs() > 0.00015 || page as i64 != count.min(LIMIT.parse()?) {
        bail!("adeval answered {total} rows summing to {ours} ({page} on the page), the peer {count} summing to {sum}");
    }
    Ok(())
}

fn write_report((rows, others, lines, count): (u64, u64, u64, i64), generated: f64, [whole, month, cold, peer]: [&Runs; 4]) -> anyhow::Result<()> {
    let mut md = String::from("## figureRows (drill-down)\n\n");
    md.push_str(&format!(
        "The release `adeval serve` on a fresh database: the demo master data, the bench channel's order ({lines} \
         lines over January to June 2026, as in orderSummaryList's bench) among {others} other orders, and {} viewing \
         rows in the lake (10,000 deleted; generated in {}) spread over all of them: the order's customer side has \
         {count} aired spots. One request at a time, signed, each after one unmeasured call: the first page ({LIMIT} \
         rows) of `figure` issuedGrp of the whole order and of March, with the total and the sum of every row. adeval \
         reads the order's aired spots once per lake version (kept in memory, as the grid and orderSummaryList do), \
         places them on the schedule and tallies its ledger per call; the cold rows are the first call after the \
         lake's manifest version moved. **The peer** lists the same rows and their count and sum with two DuckDB \
         statements over a plain Parquet copy of the live viewing rows (deletions applied, one file) — no placement \
         on the schedule, no manual GRP. Both gave the same count and sum before timing.\n\n",
        thousands(rows as f64),
        secs(generated)
    ));
    md.push_str("| way | runs | median | min–max |\n|---|---|---|---|\n");
    for (what, r) in [
        ("adeval figureRows issuedGrp, whole order", whole),
        ("adeval figureRows issuedGrp, one month", month),
        ("adeval figureRows issuedGrp, first call after a lake change", cold),
        ("peer: DuckDB on plain Parquet", peer),
    ] {
        md.push_str(&format!("| {what} | {} | {} | {} |\n", r.len(), secs(r.median()), r.spread()));
    }
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!("| figureRows p50 ≤ 100 ms over 10 M viewing rows | {} | {} |\n", secs(whole.median()), verdict(whole.median() <= 0.1)));
    // The first call after a lake change reads the order's spots from the lake, as every figure's
    // first call does (orderSummaryList's bench times the same read): measured, not a goal here.
    md.push('\n');
    report(&md)
}
