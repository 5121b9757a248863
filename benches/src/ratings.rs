//! Rating-series inputs shared by the ingest and query benches: the generated source files
//! (`adeval_engine::generate::ratings`, Parquet and csv, kept between runs) and a lake that
//! holds them imported, with its file list, so the query bench needs no import of its own.

use std::path::{Path, PathBuf};

use adeval_engine::{Dataset, Lake, LakeFile, LakeOptions, Snapshot};
use anyhow::{Context, bail};

use crate::{data_dir, free_bytes, thousands};

/// Rows of the rating benches: `ADEVAL_BENCH_ROWS`, 100 million unless told.
pub fn rows() -> u64 {
    crate::env_u64("ADEVAL_BENCH_ROWS", 100_000_000)
}

/// Generous bytes per row for everything the benches keep or write at once: the csv source
/// (about 45 bytes a row), the Parquet source, an imported lake and a scratch import's lake,
/// and DuckDB's spill files.
const BYTES_PER_ROW: u64 = 110;

/// Generous bytes per row for the per-second source and its imported lake, all the spot-curve
/// bench writes (no csv; the streaming import spills nothing): about 3 bytes a row each.
const PER_SECOND_BYTES_PER_ROW: u64 = 16;

/// Refuses to start when the data folder's file system can't hold what the benches write.
pub fn check_disk(rows: u64) -> anyhow::Result<()> {
    check_disk_for(rows, BYTES_PER_ROW)
}

fn check_disk_for(rows: u64, bytes_per_row: u64) -> anyhow::Result<()> {
    let dir = data_dir()?;
    let need = rows * bytes_per_row;
    let free = free_bytes(&dir)?;
    if free < need {
        bail!(
            "{} rows need about {:.1} GiB free under {}, only {:.1} GiB are: set ADEVAL_BENCH_ROWS lower",
            thousands(rows as f64),
            need as f64 / (1u64 << 30) as f64,
            dir.display(),
            free as f64 / (1u64 << 30) as f64
        );
    }
    Ok(())
}

/// The generated sources of `rows` rows, made on first use: `(parquet, csv)`. The Parquet file
/// is also the query peers' plain copy: one file, the rows in delivery (time) order, no
/// partitions, no series sort, no rollup.
pub fn sources(rows: u64) -> anyhow::Result<(PathBuf, PathBuf)> {
    let dir = data_dir()?;
    let parquet = parquet_source(rows)?;
    let csv = dir.join(format!("ratings-{rows}.csv"));
    generated(rows, &csv)?;
    Ok((parquet, csv))
}

/// The Parquet source alone, made on first use: for the benches that never read the csv,
/// which would cost about 45 bytes a row of disk and minutes to write.
pub fn parquet_source(rows: u64) -> anyhow::Result<PathBuf> {
    let parquet = data_dir()?.join(format!("ratings-{rows}.parquet"));
    generated(rows, &parquet)?;
    Ok(parquet)
}

/// The per-second Parquet source (`generate::ratings_per_second`, seed 1), made on first use:
/// the spot-curve bench's input and its peer's plain copy.
pub fn per_second_source(rows: u64) -> anyhow::Result<PathBuf> {
    let parquet = data_dir()?.join(format!("ratings-seconds-{rows}.parquet"));
    if !parquet.exists() {
        check_disk_for(rows, PER_SECOND_BYTES_PER_ROW)?;
    }
    generated_by(rows, &parquet, adeval_engine::generate::ratings_per_second)?;
    Ok(parquet)
}

/// Generates `path` (its format by extension) unless it is there.
fn generated(rows: u64, path: &Path) -> anyhow::Result<()> {
    if !path.exists() {
        check_disk(rows)?;
    }
    generated_by(rows, path, adeval_engine::generate::ratings)
}

/// Generates `path` with `generate` unless it is there.
fn generated_by(
    rows: u64,
    path: &Path,
    generate: fn(&Path, u64, u64) -> adeval_engine::Result<()>,
) -> anyhow::Result<()> {
    if !path.exists() {
        println!("  generating {}", path.display());
        let start = std::time::Instant::now();
        let tmp = tmp_name(path);
        generate(&tmp, rows, 1)?;
        std::fs::rename(&tmp, path).with_context(|| format!("publishing {}", path.display()))?;
        println!("  generated in {:.1} s", start.elapsed().as_secs_f64());
    }
    Ok(())
}

/// `x.parquet` → `x.tmp.parquet`: the generator picks the format by extension.
fn tmp_name(path: &Path) -> PathBuf {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
    path.with_extension(format!("tmp.{ext}"))
}

/// A lake holding the Parquet source imported as batch 1, made on first use, and its files.
pub fn imported_lake(rows: u64, options: LakeOptions) -> anyhow::Result<(Lake, Vec<LakeFile>)> {
    lake_of(&data_dir()?.join(format!("ratings-{rows}-lake")), rows, parquet_source, options)
}

/// A lake holding the per-second source imported as batch 1, made on first use, and its files.
pub fn per_second_lake(rows: u64, options: LakeOptions) -> anyhow::Result<(Lake, Vec<LakeFile>)> {
    lake_of(&data_dir()?.join(format!("ratings-seconds-{rows}-lake")), rows, per_second_source, options)
}

/// The lake at `root` holding `source(rows)` imported as batch 1, imported unless it is there.
fn lake_of(
    root: &Path,
    rows: u64,
    source: fn(u64) -> anyhow::Result<PathBuf>,
    options: LakeOptions,
) -> anyhow::Result<(Lake, Vec<LakeFile>)> {
    let root = root.to_path_buf();
    let manifest = root.join("files.txt");
    if !manifest.exists() {
        let parquet = source(rows)?;
        if root.exists() {
            std::fs::remove_dir_all(&root)?;
        }
        let lake = Lake::open(&root, options.clone())?;
        println!("  importing {} into {}", parquet.display(), root.display());
        let (files, summary) = lake.import_ratings(1, &[parquet])?;
        anyhow::ensure!(summary.rejected.is_empty() && summary.rows == rows, "import: {summary:?}");
        let list: Vec<String> = files.iter().map(|f| format!("{}\t{}", f.path, f.rows)).collect();
        std::fs::write(&manifest, list.join("\n")).context("writing the lake's file list")?;
    }
    let lake = Lake::open(&root, options)?;
    let text = std::fs::read_to_string(&manifest)?;
    let mut files = Vec::new();
    for line in text.lines() {
        let (path, n) = line.split_once('\t').context("a file-list line")?;
        files.push((path.to_owned(), n.parse::<u64>()?));
    }
    Ok((lake, listed(files)?))
}

/// The lake files of a file list, as far as the benches need them (path, dataset, month, rows).
fn listed(files: Vec<(String, u64)>) -> anyhow::Result<Vec<LakeFile>> {
    files
        .into_iter()
        .map(|(path, rows)| {
            let dataset = if path.starts_with("ratings_daily/") { Dataset::RatingsDaily } else { Dataset::Ratings };
            let month = path
                .split('/')
                .nth(1)
                .and_then(|m| m.strip_prefix("month="))
                .and_then(|m| m.parse().ok())
                .with_context(|| format!("no month in {path}"))?;
            let epoch = chrono::NaiveDateTime::default();
            Ok(LakeFile { path, dataset, month, rows, bytes: 0, min_time: epoch, max_time: epoch })
        })
        .collect()
}

/// The snapshot of the files of one dataset.
pub fn snapshot(files: &[LakeFile], dataset: Dataset) -> Snapshot {
    Snapshot::new(files.iter().filter(|f| f.dataset == dataset).map(|f| f.path.as_str()))
}
