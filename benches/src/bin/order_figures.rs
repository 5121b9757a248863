//! The order list's figures through the served system: the release `adeval serve` on a fresh
//! database of a running cluster (`DATABASE_URL`, its admin URL) with the demo master data,
//! 1,000 orders and 10 million viewing rows in the lake (deleted rows among them), asked for
//! orderList pages of 10 and orderIndexExport of every order, one request at a time.
//!
//! The peer is a second `adeval serve` on the same database and lake, started with
//! `ADEVAL_BENCH_FIGURES_PER_ORDER=1`: the way figures were computed per order (every
//! deletion read from Postgres per request, two lake scans per order). Both answer the same
//! figures; the bench checks that before it measures. ADEVAL_BENCH_FIGURES_KEEP leaves the
//! database and lake in place for a look afterwards.
//!
//! Settings: ADEVAL_BENCH_FIGURES_ORDERS (1,000), ADEVAL_BENCH_FIGURES_ROWS (10,000,000),
//! ADEVAL_BENCH_FIGURES_DELETED (10,000), ADEVAL_BENCH_FIGURES_LIST_RUNS (50),
//! ADEVAL_BENCH_FIGURES_PEER_LIST_RUNS (9), ADEVAL_BENCH_FIGURES_EXPORT_RUNS (5),
//! ADEVAL_BENCH_FIGURES_PEER_EXPORT_RUNS (1), ADEVAL_BIN (the adeval binary).

use std::time::Instant;

use anyhow::bail;
use chrono::NaiveDate;

use adeval_benches::serve::Server;
use adeval_benches::{Runs, env_u64, report, secs, verdict};

/// Orders' cycles and the viewing rows lie in January to June 2026.
fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date")
}
/// First pages after a lake change timed.
const COLD_RUNS: usize = 10;
/// First exports after a lake change timed.
const COLD_EXPORT_RUNS: usize = 3;
const DAYS: u64 = 181;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let orders = env_u64("ADEVAL_BENCH_FIGURES_ORDERS", 1_000);
    let rows = env_u64("ADEVAL_BENCH_FIGURES_ROWS", 10_000_000);
    let deleted = env_u64("ADEVAL_BENCH_FIGURES_DELETED", 10_000);
    let list_runs = env_u64("ADEVAL_BENCH_FIGURES_LIST_RUNS", 50) as usize;
    let peer_list_runs = env_u64("ADEVAL_BENCH_FIGURES_PEER_LIST_RUNS", 9) as usize;
    let export_runs = env_u64("ADEVAL_BENCH_FIGURES_EXPORT_RUNS", 5) as usize;
    let peer_export_runs = env_u64("ADEVAL_BENCH_FIGURES_PEER_EXPORT_RUNS", 1) as usize;
    let bench = adeval_benches::serve::BenchDatabase::create("figures").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = sqlx::PgPool::connect(&url).await?;
        adeval_benches::orders::seed_orders(&db, orders).await?;
        let started = Instant::now();
        let written = adeval_benches::viewing::fill_lake(&db, &data.join("lake"), rows, deleted, first_day(), DAYS).await?;
        let generated = started.elapsed().as_secs_f64();
        println!("generated {written} viewing rows in {}", secs(generated));
        let peer = Server::start(&url, &data, &[("ADEVAL_BENCH_FIGURES_PER_ORDER", "1")]).await?;
        // One session for both: the database keeps one per account.
        let token = server.login().await?;
        let peer_token = token.clone();
        let pages = orders.div_ceil(10);
        let page = |n: usize| vec![("limit", "10".to_owned()), ("page", (1 + n as u64 % pages).to_string())];
        // The same answers first: every figure of a few pages, from both servers.
        for n in [0, 7, 42] {
            let (a, b) = (server.call("orderList", page(n), &token).await?, peer.call("orderList", page(n), &peer_token).await?);
            if !same(&a["data"], &b["data"]) || a["data"].as_array().is_none_or(Vec::is_empty) {
                bail!("the two ways answer page {} differently:\n{a}\n{b}", 1 + n);
            }
        }
        let list = time(list_runs, |n| server.call("orderList", page(n), &token)).await?;
        // The first page after the lake changed: nothing of the new version kept yet. The
        // manifest's version is moved by hand, as any import or deletion moves it; the
        // background computation of the previous round is left time to end first.
        // The first answer may be the previous version's figures, marked `recomputing`; the page
        // is then asked again (every 10 ms) until its figures are the new version's.
        let (mut cold, mut current) = (Vec::with_capacity(COLD_RUNS), Vec::with_capacity(COLD_RUNS));
        for n in 0..COLD_RUNS {
            tokio::time::sleep(std::time::Duration::from_secs(3)).await;
            sqlx::query("update lake_manifest set version = version + 1").execute(&db).await?;
            let start = Instant::now();
            let mut answer = server.call("orderList", page(n), &token).await?;
            cold.push(start.elapsed().as_secs_f64());
            while recomputing(&answer) {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                answer = server.call("orderList", page(n), &token).await?;
            }
            current.push(start.elapsed().as_secs_f64());
        }
        let (cold, current) = (Runs(cold), Runs(current));
        println!("  {} cold calls: median {} ({})", cold.len(), secs(cold.median()), cold.spread());
        println!("  {} cold pages until current: median {} ({})", current.len(), secs(current.median()), current.spread());
        let mut cold_export = Vec::with_capacity(COLD_EXPORT_RUNS);
        for _ in 0..COLD_EXPORT_RUNS {
            tokio::time::sleep(std::time::Duration::from_secs(3)).await;
            sqlx::query("update lake_manifest set version = version + 1").execute(&db).await?;
            let start = Instant::now();
            server.call("orderIndexExport", Vec::new(), &token).await?;
            cold_export.push(start.elapsed().as_secs_f64());
        }
        let cold_export = Runs(cold_export);
        println!("  {} cold exports: median {} ({})", cold_export.len(), secs(cold_export.median()), cold_export.spread());
        db.close().await;
        let peer_list = time(peer_list_runs, |n| peer.call("orderList", page(n), &peer_token)).await?;
        let export = time(export_runs, |_| server.call("orderIndexExport", Vec::new(), &token)).await?;
        // The per-order export may outlast the server's 120-s request timeout: that is its result.
        let peer_export = time(peer_export_runs, |_| peer.call("orderIndexExport", Vec::new(), &peer_token))
            .await
            .map_err(|e| format!("{e:#}").chars().take(80).collect::<String>());
        let counted = server.call("orderList", page(0), &token).await?["total"].as_u64().unwrap_or(0);
        write_report(orders, counted, rows, deleted, generated, [&list, &cold, &current, &peer_list, &export, &cold_export], &peer_export)
    }
    .await;
    bench.finish(Some("ADEVAL_BENCH_FIGURES_KEEP"), outcome).await
}

/// Whether some row of an orderList answer holds the previous lake version's figures.
fn recomputing(answer: &serde_json::Value) -> bool {
    answer["data"].as_array().is_some_and(|rows| rows.iter().any(|r| r["recomputing"] == true))
}

/// Whether two answers hold the same orders and figures: floats may differ by one unit of
/// their last answered decimal (sums of the same GRP in another order round either way at a
/// tie; the per-order way's own sums vary so from run to run), everything else not at all.
fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            (x.as_f64().unwrap_or(f64::NAN) - y.as_f64().unwrap_or(f64::NAN)).abs() <= 0.0101
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w))),
        _ => a == b,
    }
}

/// Times `n` calls one after the other (closed loop, one connection's worth), after one
/// unmeasured call that warms the server (first snapshot read, page cache).
async fn time<F, Fut>(n: usize, call: F) -> anyhow::Result<Runs>
where
    F: Fn(usize) -> Fut,
    Fut: Future<Output = anyhow::Result<serde_json::Value>>,
{
    if n > 0 {
        call(usize::MAX / 2).await?;
    }
    let mut runs = Vec::with_capacity(n);
    for i in 0..n {
        let start = Instant::now();
        call(i).await?;
        runs.push(start.elapsed().as_secs_f64());
    }
    let runs = Runs(runs);
    println!("  {} calls: median {} ({})", runs.len(), secs(runs.median()), runs.spread());
    Ok(runs)
}

fn write_report(
    orders: u64,
    counted: u64,
    rows: u64,
    deleted: u64,
    generated: f64,
    [list, cold, current, peer_list, export, cold_export]: [&Runs; 6],
    peer_export: &Result<Runs, String>,
) -> anyhow::Result<()> {
    let ratio = |peer: &Runs, ours: &Runs| {
        if peer.is_empty() { "—".to_owned() } else { format!("{:.1}×", peer.median() / ours.median()) }
    };
    let mut md = String::from("## Order figures\n\n");
    md.push_str(&format!(
        "The release `adeval serve` on a fresh database: the demo master data, {orders} orders ({counted} listed) with \
         their products' tapes, and {} viewing rows in the lake ({} deleted; generated and imported in {}) of the \
         orders' media, groups and titles and others, over January to June 2026. One request at a time, signed, \
         each after one unmeasured call. adeval computes the figures of all orders of a call in one engine call over a \
         snapshot kept until the manifest changes (a page's orders summed from the lake's rollups, every order's in one \
         scan of the rows), keeps each order's issued totals under the manifest's version, and \
         after the first call at a version computes every order's totals once in the background, so later pages are \
         answered from memory; the cold rows are the first page after the lake changed (the manifest's version moved \
         between runs, as a viewing import or deletion moves it), before anything of the new version is kept but \
         the class means of the demo's rating series (kept per set of rating files, which such a move leaves as it \
         was): its first answer (the previous version's figures, \
         marked `recomputing`, while the one computation of the new version runs) and the time until the page, asked \
         again every 10 ms, answers the new version's figures. **The peer is the same build started with \
         `ADEVAL_BENCH_FIGURES_PER_ORDER=1`** on the same database and lake: every deletion read from Postgres per \
         request and two lake scans per order. Both answered the same orders and figures for pages 1, 8 and 43 (a float may differ by one unit of its last answered decimal: the same GRP summed in another order rounds either way at a tie). The lake DuckDB has the server's defaults (1GB memory, 2 threads).\n\n",
        adeval_benches::thousands(rows as f64),
        adeval_benches::thousands(deleted as f64),
        secs(generated)
    ));
    md.push_str("| call | way | runs | median | min–max | peer time ÷ adeval time |\n|---|---|---|---|---|---|\n");
    let call = "orderList, 10 orders a page (pages in turn)";
    md.push_str(&format!("| {call} | one scan | {} | {} | {} | {} |\n", list.len(), secs(list.median()), list.spread(), ratio(peer_list, list)));
    md.push_str(&format!(
        "| orderList, the first answer after the lake changed (the previous figures, marked `recomputing`) | kept per version | {} | {} | {} | {} |\n",
        cold.len(),
        secs(cold.median()),
        cold.spread(),
        ratio(peer_list, cold)
    ));
    md.push_str(&format!(
        "| orderList, the first page after the lake changed, until its figures are the new version's | the page from the rollups; of the version before, only the rating means | {} | {} | {} | {} |\n",
        current.len(),
        secs(current.median()),
        current.spread(),
        ratio(peer_list, current)
    ));
    md.push_str(&format!("| {call} | peer: per order | {} | {} | {} | — |\n", peer_list.len(), secs(peer_list.median()), peer_list.spread()));
    let call = "orderIndexExport, every order";
    let (peer_ratio, peer_row) = match peer_export {
        Ok(p) if !p.is_empty() => (ratio(p, export), format!("{} | {} | {}", p.len(), secs(p.median()), p.spread())),
        Ok(_) => ("—".to_owned(), "0 | not run | —".to_owned()),
        Err(e) => ("—".to_owned(), format!("1 | did not finish: {e} | —")),
    };
    md.push_str(&format!("| {call} | one scan | {} | {} | {} | {peer_ratio} |\n", export.len(), secs(export.median()), export.spread()));
    md.push_str(&format!(
        "| orderIndexExport, the first after the lake changed | one scan, nothing kept | {} | {} | {} | — |\n",
        cold_export.len(),
        secs(cold_export.median()),
        cold_export.spread()
    ));
    md.push_str(&format!("| {call} | peer: per order | {peer_row} | — |\n"));
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!("| orderList p50 ≤ 100 ms | {} | {} |\n", secs(list.median()), verdict(list.median() <= 0.1)));
    md.push_str(&format!(
        "| orderList p50 ≤ 100 ms, first page after a lake change (its figures current) | {} | {} |\n",
        secs(current.median()),
        verdict(current.median() <= 0.1)
    ));
    md.push_str(&format!(
        "| orderList p50 ≤ 100 ms, first answer after a lake change (marked) | {} | {} |\n",
        secs(cold.median()),
        verdict(cold.median() <= 0.1)
    ));
    md.push_str(&format!(
        "| orderIndexExport of {counted} orders ≤ 2 s | {} | {} |\n",
        secs(export.median()),
        verdict(export.median() <= 2.0)
    ));
    md.push_str(&format!(
        "| orderIndexExport of {counted} orders ≤ 2 s, the first after a lake change | {} | {} |\n",
        secs(cold_export.median()),
        verdict(cold_export.median() <= 2.0)
    ));
    md.push('\n');
    report(&md)
}
