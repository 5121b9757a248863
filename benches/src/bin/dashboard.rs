//! dashboardoneIndex through the served system: the release `adeval serve` on a fresh database
//! of a running cluster (`DATABASE_URL`, its admin URL) with the demo master data, 1,000 copied
//! products with orders over January to June 2026, and 10 million viewing rows in the lake
//! (10,000 deleted) written as the import writes them, rollups and month rollups included
//! (benches/src/viewing.rs). The call: the first quarter by ISO week for 3 products.
//!
//! The peer is what an analyst would run without adeval: DuckDB over a plain Parquet copy of the
//! live rows (deletions applied, one file), the same titles joined, the same days, the customer
//! side and each product's default group (what the call counts with no side or group chosen),
//! grouped by product and ISO week. Both must give the same spots and GRP per product and week before
//! anything is timed. ADEVAL_BENCH_DASHBOARD_KEEP leaves the database and files in place.
//!
//! Settings: ADEVAL_BENCH_DASHBOARD_ROWS (10,000,000), ADEVAL_BENCH_DASHBOARD_RUNS (50),
//! ADEVAL_BIN.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use serde_json::Value;
use sqlx::PgPool;

use adeval_benches::serve::{Server, time, time_cold, time_peer};
use adeval_benches::{Runs, env_u64, report, secs, thousands, verdict};

const FROM: &str = "2026-01-01";
const TO: &str = "2026-03-31";
/// First calls after a lake change timed.
const COLD_RUNS: usize = 10;
const PEER_RUNS: usize = 15;

/// Per (product, week label): spots and GRP.
type Cells = BTreeMap<(i64, String), (i64, f64)>;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_DASHBOARD_ROWS", 10_000_000);
    let runs = env_u64("ADEVAL_BENCH_DASHBOARD_RUNS", 50) as usize;
    let bench = adeval_benches::serve::BenchDatabase::create("dashboard").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = PgPool::connect(&url).await?;
        adeval_benches::orders::seed_orders(&db, 1_000).await?;
        let started = Instant::now();
        let first = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date");
        let written = adeval_benches::viewing::fill_lake(&db, &data.join("lake"), rows, 10_000, first, 181).await?;
        let generated = started.elapsed().as_secs_f64();
        sqlx::query("analyze").execute(&db).await?;
        let plain = data.join("viewing-plain.parquet");
        adeval_benches::viewing::plain_copy(&db, &data.join("lake"), &plain).await?;
        let rollup_rows: i64 =
            sqlx::query_scalar("select coalesce(sum(rows), 0)::int8 from lake_files where dataset = 'viewing_daily' and live").fetch_one(&db).await?;
        println!("generated {written} viewing rows ({rollup_rows} rollup rows) in {}; plain copy written", secs(generated));
        let products: Vec<i64> = sqlx::query_scalar(
            "select product_id from orders where cycle_start <= $2::date and cycle_end >= $1::date order by id desc limit 3",
        )
        .bind(FROM)
        .bind(TO)
        .fetch_all(&db)
        .await?;
        let titles = titles(&db, &products).await?;
        let token = server.login().await?;
        let ids = products.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let args = || {
            vec![
                ("productId", ids.clone()),
                ("timeAdd", FROM.to_owned()),
                ("timeEnd", TO.to_owned()),
                ("timeType", "4".to_owned()),
            ]
        };

        let answer = server.call("dashboardoneIndex", args(), &token).await?;
        let ours = cells(&answer)?;
        let theirs = peer(&plain, &titles)?;
        check(&ours, &theirs)?;
        let spots: i64 = ours.values().map(|(s, _)| s).sum();
        println!("{} products, {} weeks, {spots} spots", products.len(), answer["tTime"].as_array().map_or(0, Vec::len));

        let warm = time(runs, || server.call("dashboardoneIndex", args(), &token)).await?;
        let cold = time_cold(&db, COLD_RUNS, || server.call("dashboardoneIndex", args(), &token)).await?;
        let peer_runs = time_peer(PEER_RUNS, || async { peer(&plain, &titles) }).await?;
        db.close().await;
        write_report(written, rollup_rows, spots, generated, [&warm, &cold, &peer_runs])
    }
    .await;
    bench.finish(Some("ADEVAL_BENCH_DASHBOARD_KEEP"), outcome).await
}

/// Each product's titles as an analyst would list them (its name and its tapes' three names),
/// with its default group.
async fn titles(db: &PgPool, products: &[i64]) -> anyhow::Result<Vec<(i64, String, i64)>> {
    Ok(sqlx::query_as(
        "select distinct p.id, trim(x), p.default_audience_group_id from products p
         cross join lateral (select p.product_name union all
                             select unnest(array[t.media_file_name, t.media_tape_number, t.customer_title])
                             from product_tapes t where t.product_id = p.id) n(x)
         where p.id = any($1) and trim(x) <> '' order by 1, 2",
    )
    .bind(products)
    .fetch_all(db)
    .await?)
}

/// The peer: the products' titles joined to the plain copy, customer side, each product's
/// default group (the bench's rows all carry a group id), grouped by product and ISO week.
fn peer(plain: &Path, titles: &[(i64, String, i64)]) -> anyhow::Result<Cells> {
    let conn = duckdb::Connection::open_in_memory()?;
    conn.execute_batch("set threads = 2")?;
    let values = titles.iter().map(|(k, t, g)| format!("({k}, '{}', {g})", t.replace('\'', "''"))).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "select t.k, strftime(v.ymd, '%G-W%V'), count(*), sum(v.grp)
         from read_parquet('{}') v join (values {values}) t(k, title, g) on v.title = t.title and v.audience_group_id = t.g
         where v.ymd between date '{FROM}' and date '{TO}' and v.belonging_to = 1
         group by all",
        plain.display()
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map([], |r| Ok(((r.get::<_, i64>(0)?, r.get::<_, String>(1)?), (r.get::<_, i64>(2)?, r.get::<_, f64>(3)?))))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The answer's non-empty cells.
fn cells(answer: &Value) -> anyhow::Result<Cells> {
    let labels: Vec<&str> = answer["tTime"].as_array().context("no tTime")?.iter().filter_map(Value::as_str).collect();
    let mut out = Cells::new();
    for (grp, spots) in answer["tData"].as_array().context("no tData")?.iter().zip(answer["cData"].as_array().context("no cData")?) {
        let id = grp["id"].as_i64().context("a series without id")?;
        for (i, label) in labels.iter().enumerate() {
            let n = spots["t"][i].as_i64().context("spots")?;
            if n != 0 {
                out.insert((id, (*label).to_owned()), (n, grp["t"][i].as_f64().context("GRP")?));
            }
        }
    }
    Ok(out)
}

fn check(ours: &Cells, peer: &Cells) -> anyhow::Result<()> {
    if ours.is_empty() || ours.keys().ne(peer.keys()) {
        bail!("adeval answered cells {:?}, the peer {:?}", ours.keys().collect::<Vec<_>>(), peer.keys().collect::<Vec<_>>());
    }
    for (k, (spots, grp)) in peer {
        let (s, g) = ours[k];
        if s != *spots || (g - grp).abs() > 0.0015 {
            bail!("{k:?}: adeval {s} spots {g} GRP, the peer {spots} spots {grp} GRP");
        }
    }
    Ok(())
}

fn write_report(rows: u64, rollup_rows: i64, spots: i64, generated: f64, [warm, cold, peer]: [&Runs; 3]) -> anyhow::Result<()> {
    let mut md = String::from("## Dashboard\n\n");
    md.push_str(&format!(
        "`dashboardoneIndex` through the release `adeval serve` on a fresh database: the demo master data, 1,000 \
         copied products with orders over January to June 2026, and {} viewing rows in the lake (10,000 deleted; \
         generated in {}) written as the import writes them, each batch with its rollup and each commit merging \
         its months' rollups into one file per month ({} rollup rows in all, both kinds). \
         The call: {FROM} … {TO} by ISO week for 3 products ({spots} spots: the customer side, each product's \
         default group), one request at a time, signed, each \
         after one unmeasured call; the cold rows are the first call after the lake's manifest version moved (the \
         snapshots read again). adeval reads the rows of the products' titles from the title companions of the quarter's month \
         rollups (the rows summed by title, day, media, side and group, GRP in integer units, sorted by title, \
         256-row LZ4 pages with a page index) \
         by an index of where each title lies, and DuckDB sums them with the deleted rows' sums (read from the \
         raw files once per deletion set and kept in memory) per product and week. **The peer** is DuckDB over a plain \
         Parquet copy of the live rows (deletions applied, one file): the products' titles joined, the customer side, \
         each product's default group, the quarter's days, grouped by product and ISO week. Both gave the same spots and GRP per product and week before \
         timing.\n\n",
        thousands(rows as f64),
        secs(generated),
        thousands(rollup_rows as f64),
    ));
    md.push_str("| way | runs | median | min–max |\n|---|---|---|---|\n");
    md.push_str(&format!("| adeval dashboardoneIndex | {} | {} | {} |\n", warm.len(), secs(warm.median()), warm.spread()));
    md.push_str(&format!(
        "| adeval dashboardoneIndex, first call after a lake change | {} | {} | {} |\n",
        cold.len(),
        secs(cold.median()),
        cold.spread()
    ));
    md.push_str(&format!("| peer: DuckDB on plain Parquet | {} | {} | {} |\n", peer.len(), secs(peer.median()), peer.spread()));
    let ratio = peer.median() / warm.median();
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!("| dashboardoneIndex p50 ≤ 50 ms | {} | {} |\n", secs(warm.median()), verdict(warm.median() <= 0.05)));
    md.push_str(&format!("| ≥ 5× the peer | {ratio:.1}× | {} |\n", verdict(ratio >= 5.0)));
    md.push('\n');
    report(&md)
}
