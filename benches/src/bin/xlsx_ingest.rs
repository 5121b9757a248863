//! xlsx ingest end to end: a customer-data workbook (`adeval demo customer-data`'s generator)
//! through adeval-ingest, master-data resolution and the lake write, against pandas with
//! openpyxl and python-calamine reading, typing and writing the same file as Parquet.
//!
//! ADEVAL_BENCH_XLSX_ROWS (200,000), ADEVAL_BENCH_RUNS (5), ADEVAL_BENCH_PANDAS_RUNS (3).

use adeval_benches::customer::{self, Stages};
use adeval_benches::{Runs, env_u64, fresh_dir, measure, median, peers, report, secs, thousands, verdict};
use adeval_engine::{Lake, LakeOptions};
use anyhow::Context;

fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_XLSX_ROWS", 200_000);
    let runs = env_u64("ADEVAL_BENCH_RUNS", 5) as usize;
    let pandas_runs = env_u64("ADEVAL_BENCH_PANDAS_RUNS", 3);
    println!("== xlsx ingest: {rows} rows");

    let workbook = adeval_benches::customer::workbook(rows)?;
    let bytes = std::fs::metadata(&workbook)?.len();
    // The master data a demo database holds for these rows, loaded before timing as the
    // server loads it before resolving (the read also warms the page cache for every peer).
    let master = customer::master_data(&customer::read(&workbook)?);

    let lake_dir = fresh_dir("xlsx-ingest-lake")?;
    let lake = Lake::open(&lake_dir, LakeOptions::default())?;
    let mut stages: Vec<Stages> = Vec::new();
    let adeval = measure(
        "adeval",
        runs,
        |i| Ok(i as i64 + 1),
        |batch| {
            let (n, files, s) = customer::import(&lake, &workbook, batch, &master)?;
            anyhow::ensure!(n as u64 == rows, "imported {n} rows of {rows}");
            stages.push(s);
            lake.remove(&files)?;
            Ok(())
        },
    )?;
    drop(lake);
    let stage = |f: fn(&Stages) -> f64| secs(median(&stages.iter().map(f).collect::<Vec<_>>()));

    let out = fresh_dir("xlsx-ingest-peers")?;
    let calamine_runs = runs.to_string();
    let peers = peers::run(&[
        "xlsx-ingest",
        workbook.to_str().context("UTF-8 path")?,
        out.to_str().context("UTF-8 path")?,
        &pandas_runs.to_string(),
        &calamine_runs,
    ]);
    std::fs::remove_dir_all(&out).ok();
    std::fs::remove_dir_all(&lake_dir).ok();

    let rate = |r: &Runs| rows as f64 / r.median();
    let mut md = format!(
        "## xlsx ingest, end to end\n\n\
         One customer-data workbook of {} rows × 9 columns ({:.1} MiB, `adeval demo customer-data` generator, \
         seed 1: dates and times as text, numbers as numbers), read from the page cache by every pipeline.\n\n\
         | pipeline | runs | median | min–max | rows/s | peer time ÷ adeval time |\n|---|---|---|---|---|---|\n\
         | adeval: `read_customer_data` (guards, typing, row checks) → `ViewingRow`s → `Lake::write_viewing` (zstd Parquet) | {} | {} | {} | {} | — |\n",
        thousands(rows as f64),
        bytes as f64 / (1 << 20) as f64,
        adeval.len(),
        secs(adeval.median()),
        adeval.spread(),
        thousands(rate(&adeval)),
    );
    let mut pandas_ratio = None;
    match &peers {
        Err(why) => md.push_str(&format!("| Python peers | — | — | — | — | not run: {why} |\n")),
        Ok(peers) => {
            for p in peers {
                match &p.runs {
                    Ok(r) => {
                        let ratio = r.median() / adeval.median();
                        if p.name.contains("openpyxl") {
                            pandas_ratio = Some(ratio);
                        }
                        let checked = if p.rows == rows { String::new() } else { format!(" ({} rows!)", p.rows) };
                        md.push_str(&format!(
                            "| {} ({}){checked} | {} | {} | {} | {} | {ratio:.1}× |\n",
                            p.name,
                            p.note,
                            r.len(),
                            secs(r.median()),
                            r.spread(),
                            thousands(rate(r))
                        ));
                    }
                    Err(why) => md.push_str(&format!("| {} | — | — | — | — | failed: {why} |\n", p.name)),
                }
            }
        }
    }
    md.push_str(&format!(
        "\nadeval's stages (medians): read and check {}, resolve {}, lake write {}.\n\n\
         | goal | measured | verdict |\n|---|---|---|\n| ≥ 150,000 rows/s | {} rows/s | {} |\n",
        stage(|s| s.read),
        stage(|s| s.resolve),
        stage(|s| s.write),
        thousands(rate(&adeval)),
        verdict(rate(&adeval) >= 150_000.0),
    ));
    match pandas_ratio {
        Some(r) => md.push_str(&format!("| ≥ 20× pandas+openpyxl | {r:.1}× | {} |\n", verdict(r >= 20.0))),
        None => md.push_str("| ≥ 20× pandas+openpyxl | not measured | **not met** (peer did not run) |\n"),
    }
    report(&md)
}
