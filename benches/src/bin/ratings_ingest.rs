//! Rating-series ingest: `Lake::import_ratings` of the generated series (Parquet and csv
//! sources) into a fresh lake per run — checks, month partitions in time order, daily
//! rollup — against DuckDB copying the same source to one Parquet file with none of that.
//!
//! ADEVAL_BENCH_ROWS (100 million), ADEVAL_BENCH_INGEST_RUNS (3),
//! ADEVAL_BENCH_CSV_ROWS (the csv source's rows, default ADEVAL_BENCH_ROWS).

use std::path::Path;

use adeval_benches::ratings::{check_disk, rows, sources};
use adeval_benches::{Runs, env_u64, fresh_dir, measure, report, secs, thousands, verdict};
use adeval_engine::{Lake, LakeOptions};
use duckdb::Connection;

fn main() -> anyhow::Result<()> {
    let rows = rows();
    let csv_rows = env_u64("ADEVAL_BENCH_CSV_ROWS", rows);
    let runs = env_u64("ADEVAL_BENCH_INGEST_RUNS", 3) as usize;
    check_disk(rows.max(csv_rows))?;
    println!("== ratings ingest: {rows} rows (csv {csv_rows})");
    let (parquet, _) = sources(rows)?;
    let (_, csv) = sources(csv_rows)?;
    let options = LakeOptions::default();

    let mut lines = Vec::new();
    let mut goals = Vec::new();
    for (kind, source, n) in [("Parquet", &parquet, rows), ("csv", &csv, csv_rows)] {
        let size = std::fs::metadata(source)?.len() as f64 / (1u64 << 20) as f64;
        let adeval = measure(&format!("adeval {kind}"), runs, |_| fresh_dir("ratings-ingest-lake"), |dir| {
            let lake = Lake::open(&dir, options.clone())?;
            let (files, summary) = lake.import_ratings(1, &[source.to_path_buf()])?;
            anyhow::ensure!(summary.rejected.is_empty() && summary.rows == n, "import: {summary:?}");
            anyhow::ensure!(!files.is_empty(), "no files written");
            Ok(())
        })?;
        let peer = measure(&format!("duckdb {kind}"), runs, |_| fresh_dir("ratings-ingest-peer"), |dir| {
            copy_with_duckdb(source, &dir.join("copy.parquet"), &options)
        })?;
        std::fs::remove_dir_all(fresh_dir("ratings-ingest-lake")?).ok();
        std::fs::remove_dir_all(fresh_dir("ratings-ingest-peer")?).ok();
        let rate = |r: &Runs| n as f64 / r.median();
        lines.push(format!(
            "| {kind} ({} rows, {size:.0} MiB) | adeval `Lake::import_ratings`: value checks, month partitions in time order, daily rollup (streaming path: one parallel read that writes as it goes) | {} | {} | {} | {} | — |",
            thousands(n as f64),
            adeval.len(),
            secs(adeval.median()),
            adeval.spread(),
            thousands(rate(&adeval)),
        ));
        lines.push(format!(
            "| {kind} | DuckDB directly: `COPY (FROM source) TO one.parquet` (zstd), no checks, no sort, no rollup | {} | {} | {} | {} | {:.2}× |",
            peer.len(),
            secs(peer.median()),
            peer.spread(),
            thousands(rate(&peer)),
            peer.median() / adeval.median()
        ));
        goals.push(format!(
            "| ≥ 5,000,000 rows/s ({kind} source) | {} rows/s | {} |",
            thousands(rate(&adeval)),
            verdict(rate(&adeval) >= 5_000_000.0)
        ));
    }
    let md = format!(
        "## Rating series ingest\n\n\
         Generated per-minute series (`adeval_engine::generate::ratings`, seed 1: 40 channels × 16 audience groups, \
         in time order), imported as one batch into a fresh lake per run; lake DuckDB settings {} memory, {} threads \
         (the server's defaults); the peer gets the same.\n\n\
         | source | pipeline | runs | median | min–max | rows/s | peer time ÷ adeval time |\n|---|---|---|---|---|---|---|\n{}\n\n\
         | goal | measured | verdict |\n|---|---|---|\n{}\n",
        options.memory_limit,
        options.threads,
        lines.join("\n"),
        goals.join("\n")
    );
    report(&md)
}

/// What a user without adeval would run: DuckDB turning the source into one Parquet file.
fn copy_with_duckdb(source: &Path, out: &Path, options: &LakeOptions) -> anyhow::Result<()> {
    let conn = Connection::open_in_memory()?;
    conn.execute_batch(&format!("set memory_limit = '{}'; set threads = {};", options.memory_limit, options.threads))?;
    let reader = if source.extension().is_some_and(|e| e == "csv") { "read_csv" } else { "read_parquet" };
    let quote = |p: &Path| format!("'{}'", p.display().to_string().replace('\'', "''"));
    conn.execute_batch(&format!(
        "copy (from {reader}({})) to {} (format parquet, compression zstd)",
        quote(source),
        quote(out)
    ))?;
    Ok(())
}
