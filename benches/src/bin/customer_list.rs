//! The customer data list (customerIndex) over 10 million viewing rows (10,000 deleted), 100 rows
//! a page, newest first, with the total: the first page, page 5,000, a middle one and the last,
//! and a one-month filter. Timed through the engine call the server makes
//! (`Lake::viewing_page` on the manifest's snapshot) and once over HTTP through the release
//! `adeval serve`; the rows are those of the bench's fill (benches/src/viewing.rs), ten batches
//! of a million, each spread over January to June 2026 and beyond.
//!
//! The peer is what an analyst would run: DuckDB over one plain Parquet copy of the live rows
//! (deletions applied), `count(*)` and `order by air_time desc, id desc limit 100 offset k`. Both
//! must answer the same total and the same ids on every page before anything is timed. The
//! general query adeval ran for every page before (and still runs for lists filtered by more
//! than days) is timed too, on a filter that keeps every row.
//!
//! Settings: ADEVAL_BENCH_CUSTOMER_LIST_ROWS (10,000,000), ADEVAL_BENCH_CUSTOMER_LIST_RUNS (30),
//! DATABASE_URL (the admin URL of a running cluster), ADEVAL_BIN, ADEVAL_BENCH_CUSTOMER_LIST_KEEP
//! (set: the database and lake are kept, for a closer look).

use std::path::Path;
use std::time::Instant;

use anyhow::bail;
use chrono::NaiveDate;
use sqlx::PgPool;

use adeval_benches::channel::{self, DAYS, first_day};
use adeval_benches::serve::{Server, time};
use adeval_benches::{Runs, env_u64, measure, report, secs, thousands, verdict};
use adeval_engine::{Dataset, Lake, LakeOptions, Snapshot, ViewingFilter};

const LIMIT: u64 = 100;
const DELETED: u64 = 10_000;

/// One measured list: its label, filter and page.
struct Case {
    label: String,
    filter: ViewingFilter,
    page: u64,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_CUSTOMER_LIST_ROWS", 10_000_000);
    let runs = env_u64("ADEVAL_BENCH_CUSTOMER_LIST_RUNS", 30) as usize;
    let bench = adeval_benches::serve::BenchDatabase::create("customer_list").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = PgPool::connect(&url).await?;
        channel::seed(&db, 1).await?;
        adeval_benches::orders::seed_orders(&db, 100).await?;
        let started = Instant::now();
        let root = data.join("lake");
        let written = adeval_benches::viewing::fill_lake(&db, &root, rows, DELETED, first_day(), DAYS).await?;
        let generated = started.elapsed().as_secs_f64();
        let snapshot = adeval_server::lake::snapshot(&db, Dataset::Viewing).await?;
        let plain = data.join("viewing-plain.parquet");
        let lake = Lake::open(&root, LakeOptions::default())?;
        plain_copy(&lake, &snapshot, &root, &plain)?;
        println!("generated {written} viewing rows in {}; plain copy written", secs(generated));
        let peer = duckdb::Connection::open_in_memory()?;

        let total = lake.viewing_page(&snapshot, &ViewingFilter::default(), 1, LIMIT)?.1;
        let last = total.div_ceil(LIMIT);
        let march = ViewingFilter { from: Some(day(3, 1)), to: Some(day(3, 31)), ..ViewingFilter::default() };
        let march_last = lake.viewing_page(&snapshot, &march, 1, LIMIT)?.1.div_ceil(LIMIT);
        let cases = [
            Case { label: "first page".into(), filter: ViewingFilter::default(), page: 1 },
            Case { label: "page 5,000".into(), filter: ViewingFilter::default(), page: 5_000 },
            Case { label: format!("page {} (the middle)", thousands((last / 2) as f64)), filter: ViewingFilter::default(), page: last / 2 },
            Case { label: format!("page {} (the last)", thousands(last as f64)), filter: ViewingFilter::default(), page: last },
            Case { label: "March 2026, first page".into(), filter: march.clone(), page: 1 },
            Case { label: format!("March 2026, page {} (the last)", thousands(march_last as f64)), filter: march.clone(), page: march_last },
        ];
        let mut table = Vec::new();
        for case in &cases {
            println!("{}", case.label);
            let (ours, n) = lake.viewing_page(&snapshot, &case.filter, case.page, LIMIT)?;
            let ids: Vec<i64> = ours.iter().map(|r| r.id).collect();
            let (peer_ids, peer_n) = peer_page(&peer, &plain, &case.filter, case.page)?;
            if (ids.clone(), n) != (peer_ids, peer_n) || ids.is_empty() {
                bail!("{}: adeval answered {n} rows and ids {:?}…, the peer {peer_n}", case.label, &ids[..ids.len().min(5)]);
            }
            let engine = measure("adeval", runs, |_| Ok(()), |_| Ok(lake.viewing_page(&snapshot, &case.filter, case.page, LIMIT).map(drop)?))?;
            // The peer takes seconds a call: fewer runs.
            let peer_runs = measure("peer", runs.min(3), |_| Ok(()), |_| peer_page(&peer, &plain, &case.filter, case.page).map(drop))?;
            table.push((case.label.clone(), n, engine, peer_runs));
        }
        // The general query over every row, as every page ran before; a few runs, it is slow. A
        // blank title filters nothing but is more than a day range, so it takes that query.
        let everything = ViewingFilter { title: Some(" ".into()), ..ViewingFilter::default() };
        let mut general = Vec::new();
        for page in [1, last] {
            let (rows, n) = lake.viewing_page(&snapshot, &everything, page, LIMIT)?;
            let fast = lake.viewing_page(&snapshot, &ViewingFilter::default(), page, LIMIT)?;
            if (rows, n) != fast {
                bail!("page {page}: the general query and the list differ");
            }
            general.push(measure("general query", 3, |_| Ok(()), |_| Ok(lake.viewing_page(&snapshot, &everything, page, LIMIT).map(drop)?))?);
        }
        // The first call after a deletion: the list looks up where the newly deleted row is.
        let ids = lake.viewing_page(&snapshot, &ViewingFilter::default(), last / 3, LIMIT)?.0;
        let after_delete = measure(
            "first page after a deletion",
            5,
            |i| Ok(Snapshot { deleted: [snapshot.deleted.clone(), vec![ids[i].id]].concat(), ..snapshot.clone() }),
            |s| Ok(lake.viewing_page(&s, &ViewingFilter::default(), 1, LIMIT).map(drop)?),
        )?;
        // A fresh process: every footer read and every deleted id located once.
        let fresh = measure(
            "first page of a fresh lake handle",
            3,
            |_| Ok(Lake::open(&root, LakeOptions::default())?),
            |l| Ok(l.viewing_page(&snapshot, &ViewingFilter::default(), 1, LIMIT).map(drop)?),
        )?;
        drop(lake);

        let token = server.login().await?;
        // Fields in their sorted order, as the signature wants them.
        let args = |page: u64, month: bool| {
            let mut a = Vec::new();
            if month {
                a.extend([("addTime", "2026-03-01".to_owned()), ("endTime", "2026-03-31".to_owned())]);
            }
            a.extend([("limit", LIMIT.to_string()), ("page", page.to_string())]);
            a
        };
        let answer = server.call("customerIndex", args(1, false), &token).await?;
        if answer["total"].as_u64() != Some(total) {
            bail!("customerIndex answered a total of {}, the engine {total}", answer["total"]);
        }
        let mut http = Vec::new();
        for (label, page, month) in [("first page", 1, false), ("the last page", last, false), ("March 2026, first page", 1, true)] {
            println!("customerIndex, {label}");
            http.push((label, time(runs, || server.call("customerIndex", args(page, month), &token)).await?));
        }
        db.close().await;
        write_report(written, generated, total, &table, &general, &after_delete, &fresh, &http)
    }
    .await;
    bench.finish(Some("ADEVAL_BENCH_CUSTOMER_LIST_KEEP"), outcome).await
}

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).expect("a day")
}

/// The live viewing rows, deletions applied, as one plain Parquet file, checked to hold the
/// lake's count.
fn plain_copy(lake: &Lake, snapshot: &Snapshot, root: &Path, to: &Path) -> anyhow::Result<()> {
    adeval_benches::viewing::write_plain_copy(root, &snapshot.files, &snapshot.deleted, to)?;
    let conn = duckdb::Connection::open_in_memory()?;
    let n: i64 = conn.query_row(&format!("select count(*) from read_parquet('{}')", to.display()), [], |r| r.get(0))?;
    let ours = lake.viewing_page(snapshot, &ViewingFilter::default(), 1, 1)?.1;
    if n as u64 != ours {
        bail!("the plain copy has {n} rows, the lake {ours}");
    }
    Ok(())
}

/// The peer's page: its total and the ids of the page, newest first.
fn peer_page(conn: &duckdb::Connection, plain: &Path, filter: &ViewingFilter, page: u64) -> anyhow::Result<(Vec<i64>, u64)> {
    let (from, to) = (filter.from.map_or("0001-01-01".into(), |d| d.to_string()), filter.to.map_or("9999-12-31".into(), |d| d.to_string()));
    let source = format!("read_parquet('{}') where ymd between ?::date and ?::date", plain.display());
    let total: i64 = conn.query_row(&format!("select count(*) from {source}"), [&from, &to], |r| r.get(0))?;
    let mut stmt = conn.prepare(&format!("select * from {source} order by air_time desc, id desc limit ? offset ?"))?;
    let offset = (page - 1) * LIMIT;
    let ids = stmt
        .query_map(duckdb::params![from, to, LIMIT, offset], |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((ids, total as u64))
}

type Row = (String, u64, Runs, Runs);

#[allow(clippy::too_many_arguments)]
fn write_report(
    rows: u64,
    generated: f64,
    total: u64,
    table: &[Row],
    general: &[Runs],
    after_delete: &Runs,
    fresh: &Runs,
    http: &[(&str, Runs)],
) -> anyhow::Result<()> {
    let mut md = String::from("## customer_list\n\n");
    md.push_str(&format!(
        "The customer data list (customerIndex) over {} viewing rows (ten import batches of a million, each spread \
         over January to June 2026 and the seeded orders' cycles, generated in {}; {} deleted, so {} listed), 100 \
         rows a page, newest first, each answer with its total. **adeval** is the engine call the server makes \
         (`Lake::viewing_page` on the manifest's snapshot), each after one unmeasured call; the pages and the \
         month filter come from the files' footers (row counts and air-time spans, less the deleted rows each span \
         holds), the spans that can hold the page and the page's own rows. **The peer** is DuckDB over one plain Parquet copy of the live rows (deletions applied): `count(*)` and `order \
         by air_time desc, id desc limit 100 offset k`. Both answered the same total and ids on every page before \
         timing.\n\n",
        thousands(rows as f64),
        secs(generated),
        thousands(DELETED as f64),
        thousands(total as f64)
    ));
    md.push_str("| list | total | adeval median | min–max | peer median (3 runs) | peer ÷ adeval |\n|---|---|---|---|---|---|\n");
    for (label, n, ours, peer) in table {
        md.push_str(&format!(
            "| {label} | {} | {} | {} | {} | {:.1}× |\n",
            thousands(*n as f64),
            secs(ours.median()),
            ours.spread(),
            secs(peer.median()),
            peer.median() / ours.median()
        ));
    }
    md.push_str(&format!(
        "| the general query over every row (as each page ran before), first page | | {} | {} | | |\n",
        secs(general[0].median()),
        general[0].spread()
    ));
    md.push_str(&format!("| the same, the last page | | {} | {} | | |\n", secs(general[1].median()), general[1].spread()));
    md.push_str(&format!(
        "| first page, first call after a deletion (only the newly deleted id looked up) | | {} | {} | | |\n",
        secs(after_delete.median()),
        after_delete.spread()
    ));
    md.push_str(&format!(
        "| first page of a fresh lake handle (every footer read, every deleted id located) | | {} | {} | | |\n",
        secs(fresh.median()),
        fresh.spread()
    ));
    md.push_str("\nOver HTTP, through the release `adeval serve` (signed GET, the manifest read from Postgres on each call):\n\n");
    md.push_str("| customerIndex | runs | median | min–max |\n|---|---|---|---|\n");
    for (label, runs) in http {
        md.push_str(&format!("| {label} | {} | {} | {} |\n", runs.len(), secs(runs.median()), runs.spread()));
    }
    let first = table[0].2.median();
    let worst = table[..4].iter().map(|r| r.2.median()).fold(0.0, f64::max);
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!("| first page p50 ≤ 50 ms | {} | {} |\n", secs(first), verdict(first <= 0.05)));
    md.push_str(&format!("| any page p50 ≤ 200 ms (the slowest of the four) | {} | {} |\n", secs(worst), verdict(worst <= 0.2)));
    let month = table[4..].iter().map(|r| r.2.median()).fold(0.0, f64::max);
    md.push_str(&format!("| a month's pages p50 ≤ 200 ms (the slower of the two) | {} | {} |\n", secs(month), verdict(month <= 0.2)));
    md.push('\n');
    report(&md)
}
