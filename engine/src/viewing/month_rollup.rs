//! One rollup file per month across batches: the month's rollup rows merged and sorted by
//! title, then day, in small row groups, so the Parquet statistics of `title` skip every row
//! group without a product's titles (per-batch rollups each spread a product's few rows over
//! all their groups).
//!
//! A month rollup says in its Parquet key-value metadata which viewing files it sums
//! ([`COVERS_KEY`], their paths newline-joined). A reader uses it only when every one of those
//! files is in its viewing snapshot, and reads the others through their twins or raw, so a
//! month rollup that lags (a compaction since) changes speed, never numbers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use duckdb::{ToSql, params};

use super::rollup::ROLLUP_COLUMNS;
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::{Dataset, Lake, LakeFile, Month, Result};

/// The metadata key of the covered viewing files.
const COVERS_KEY: &str = "adeval_covers";

/// Month rollups are named `month-b<batch>-<µs>`: a viewing file's stem never starts so, so a
/// month rollup is never taken for a twin.
const PREFIX: &str = "month-";

/// Rows a row group: a month of the bench's 10M rows is ~2.4M rollup rows of ~7,000 titles,
/// so a product's title spans one or two groups of this size.
pub(crate) const MONTH_GROUP_ROWS: usize = 8_192;

/// Whether the rollup path is a month rollup (else it is a viewing file's twin).
pub fn is_month_rollup(path: &str) -> bool {
    LakePath::parse(path)
        .is_ok_and(|p| p.dataset == Dataset::ViewingDaily && p.stem().starts_with(PREFIX))
}

/// The covered files of each month rollup read so far (files never change once written).
#[derive(Default)]
pub(crate) struct Covers(Mutex<HashMap<String, Arc<Vec<String>>>>);

impl Lake {
    /// Writes a month rollup of `month` named after `batch` from `sources` (rollup files of
    /// that month: twins and an earlier month rollup), saying it covers `covers` (viewing
    /// paths). The caller makes sure the sources sum exactly those files' rows. `None` when
    /// the sources have no rows.
    pub fn month_rollup(
        &self,
        month: Month,
        batch: i64,
        sources: &[String],
        covers: &[String],
    ) -> Result<Option<LakeFile>> {
        let sources = sources
            .iter()
            .map(|p| LakePath::parse(p))
            .collect::<Result<Vec<_>>>()?;
        let keys = ROLLUP_COLUMNS[..9]
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(", ");
        let query = format!(
            "select {keys}, sum(n)::bigint as n, sum(grp)::double as grp from {PARQUET_SOURCE} v group by all
             order by title, ymd, media_id, audience_group_id, audience_group, category, source, belonging_to, time_period_class_id"
        );
        let conn = self.conn()?;
        let list = self.file_list(&sources);
        let params: [&dyn ToSql; 1] = [&list];
        let mut covers = covers.to_vec();
        covers.sort();
        // The time makes the name new even when a batch's month rollup is rebuilt (the
        // backfill) where a file of a run that never committed may lie: files are never replaced.
        let stem = format!("{PREFIX}b{batch}-{}", chrono::Utc::now().timestamp_micros());
        let target = (Dataset::ViewingDaily, month, stem.as_str());
        let file = self.copy_to_file_with(
            &conn,
            target,
            (&query, &params),
            "ymd",
            MONTH_GROUP_ROWS,
            Some((COVERS_KEY, &covers.join("\n"))),
        )?;
        if let Some(f) = &file {
            self.month_covers
                .0
                .lock()
                .expect("covers lock")
                .insert(f.path.clone(), Arc::new(covers));
        }
        Ok(file)
    }

    /// The viewing files a month rollup covers, from its metadata (read once per file).
    pub fn month_rollup_covers(&self, path: &str) -> Result<Arc<Vec<String>>> {
        if let Some(known) = self.month_covers.0.lock().expect("covers lock").get(path) {
            return Ok(known.clone());
        }
        let abs = self.abs(&LakePath::parse(path)?).display().to_string();
        let conn = self.conn()?;
        let mut stmt =
            conn.prepare("select decode(value) from parquet_kv_metadata(?) where decode(key) = ?")?;
        let value: Option<String> = stmt.query_row(params![abs, COVERS_KEY], |r| r.get(0)).ok();
        let covers: Arc<Vec<String>> = Arc::new(
            value
                .unwrap_or_default()
                .split('\n')
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
        );
        self.month_covers
            .0
            .lock()
            .expect("covers lock")
            .insert(path.to_owned(), covers.clone());
        Ok(covers)
    }
}
