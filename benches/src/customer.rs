//! Customer viewing data the way `adeval import customer-data` handles it, minus Postgres:
//! read and check the workbook (adeval-ingest), resolve each row against master data into a
//! `ViewingRow` (the server's own `Lookups`), write the batch to the lake (adeval-engine).

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use adeval_engine::{Lake, LakeFile};
use adeval_ingest::{CustomerOptions, CustomerRow, Limits, read_customer_data};
use adeval_server::imports::customer::{BatchRows, ImportOptions, Lookups, MasterRows};
use anyhow::Context;

/// Broadcast-day periods (start, end seconds, prime or not), as the demo data defines them.
const PERIODS: [(i32, i32, bool); 6] = [
    (6 * 3600, 12 * 3600 - 1, false),
    (12 * 3600, 14 * 3600 - 1, false),
    (14 * 3600, 19 * 3600 - 1, false),
    (19 * 3600, 21 * 3600 - 1, true),
    (21 * 3600, 23 * 3600 - 1, true),
    (23 * 3600, 30 * 3600 - 1, false),
];

/// The master data a demo database holds for the generated workbooks: every channel and
/// audience group the rows name (ids in order of first appearance), and a broadcast day of
/// time periods per media in two classes, so the class is derived from the air time as it is
/// for files without a 时段归纳 column. Resolved by the server's own [`Lookups`].
pub fn master_data(rows: &[CustomerRow]) -> Lookups {
    let mut master = MasterRows::default();
    let mut media: HashSet<&str> = HashSet::new();
    let mut groups: HashSet<&str> = HashSet::new();
    for row in rows {
        if media.insert(&row.channel) {
            master.media.push((master.media.len() as i64 + 1, row.channel.clone()));
        }
        if let Some(g) = &row.audience_group
            && groups.insert(g)
        {
            master.groups.push((master.groups.len() as i64 + 1, g.clone(), None));
        }
    }
    for media_id in 1..=master.media.len() as i64 {
        let (prime, other) = (media_id * 10, media_id * 10 + 1);
        master.classes.push((prime, media_id, "黄金时段".into()));
        master.classes.push((other, media_id, "非黄金时段".into()));
        for &(start, end, is_prime) in &PERIODS {
            master.periods.push((media_id, start, end, Some(if is_prime { prime } else { other })));
        }
    }
    Lookups::new(master)
}

/// Reads a customer-data file, refusing it (as an error) when any row is bad.
pub fn read(path: &Path) -> anyhow::Result<Vec<CustomerRow>> {
    read_customer_data(path, &CustomerOptions::default(), &Limits::default())
        .map_err(|e| anyhow::anyhow!("{path:?} was refused: {e:?}"))
}

/// Seconds spent in each stage of one import.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stages {
    /// adeval-ingest: open, guard, stream and type every cell, check every row.
    pub read: f64,
    /// Master-data lookups into lake rows.
    pub resolve: f64,
    /// adeval-engine: stage through DuckDB's appender, sort, write zstd Parquet per month.
    pub write: f64,
}

/// The whole import of one file as one batch: read and check, resolve, write the month files.
/// Answers the rows, the files written and where the time went.
pub fn import(
    lake: &Lake,
    path: &Path,
    batch_id: i64,
    master: &Lookups,
) -> anyhow::Result<(usize, Vec<LakeFile>, Stages)> {
    let start = Instant::now();
    let rows = read(path)?;
    let read_done = start.elapsed().as_secs_f64();
    let opts = ImportOptions { category: 2, source: 3, belonging_to: 1, audience_group: None };
    let batch = BatchRows { batch_id, opts: &opts, default_group: None, created_at: chrono::Local::now().naive_local() };
    let viewing = master
        .resolve_all(rows, &batch)
        .map_err(|errors| anyhow::anyhow!("{} rows did not resolve, first {:?}", errors.len(), errors.first()))?;
    let resolve_done = start.elapsed().as_secs_f64();
    let files = lake.write_viewing(batch_id, &viewing).context("writing the batch")?;
    let stages = Stages {
        read: read_done,
        resolve: resolve_done - read_done,
        write: start.elapsed().as_secs_f64() - resolve_done,
    };
    Ok((viewing.len(), files, stages))
}

/// The export's columns, as the customer-data export writes them.
/// Creates (once) the generated customer workbook of `rows` rows in the bench data directory,
/// as `adeval demo customer-data` writes it; answers its path.
pub fn workbook(rows: u64) -> anyhow::Result<std::path::PathBuf> {
    let workbook = crate::data_dir()?.join(format!("customer-data-{rows}.xlsx"));
    if !workbook.exists() {
        let tmp = workbook.with_extension("xlsx.tmp");
        let from = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).expect("a date");
        adeval_server::cli::generate::customer_data(rows, from, 31, 1, &tmp)?;
        std::fs::rename(&tmp, &workbook).context("publishing the workbook")?;
    }
    Ok(workbook)
}
