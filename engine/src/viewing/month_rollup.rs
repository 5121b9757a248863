//! One rollup file per month across batches: the month's rollup rows merged and sorted by
//! title, then day, in small row groups, so the Parquet statistics of `title` skip every row
//! group without a product's titles (per-batch rollups each spread a product's few rows over
//! all their groups). Rows of the previous month's last broadcast day (spots aired past
//! midnight) come first, in groups of their own, so a range ending that day skips the rest.
//!
//! Beside each month rollup lies its title companion (`<stem>-titles`): the same rows summed
//! by title, day and media alone, sorted by a 63-bit hash of the title ([`TITLE_ID_SQL`]) in
//! 2,048-row groups. A dashboard filtering on nothing but titles, days and media reads it: a
//! fifth to a sixth of the rows, and an integer the row-group statistics prune exactly
//! (docs/decisions.md, "Issue 18: the dashboard's title companion").
//!
//! A month rollup says in its Parquet key-value metadata which viewing files it sums
//! ([`COVERS_KEY`], their paths newline-joined). A reader uses it only when every one of those
//! files is in its viewing snapshot, and reads the others through their twins or raw, so a
//! month rollup that lags (a compaction since) changes speed, never numbers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use duckdb::{ToSql, params};

use super::read::date;
use super::rollup::ROLLUP_COLUMNS;
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::write::FileLayout;
use crate::{Dataset, Lake, LakeFile, Month, Result};

/// The metadata key of the covered viewing files.
const COVERS_KEY: &str = "adeval_covers";

/// Month rollups are named `month-b<batch>-<µs>`: a viewing file's stem never starts so, so a
/// month rollup is never taken for a twin.
const PREFIX: &str = "month-";

/// Rows a row group: a month of the bench's 10M rows is ~2.4M rollup rows of ~7,000 titles,
/// so a product's title spans one or two groups of this size.
pub(crate) const MONTH_GROUP_ROWS: usize = 8_192;

/// The stem suffix of a month rollup's title companion.
const TITLES_SUFFIX: &str = "-titles";

/// Rows a row group of a title companion: a month of the bench's 10M rows is ~280,000
/// companion rows; at this size a title's rows lie in one group, and skipping the other
/// ~140 groups costs less than reading larger ones (measured against 4,096 and 8,192).
pub(crate) const TITLE_GROUP_ROWS: usize = 2_048;

/// A title's id in the companion: 63 bits of its MD5 (stable across DuckDB versions, unlike
/// `hash`; [`title_id`] works it out alike for a query's titles). Only for pruning: readers still match the title itself, so a collision
/// costs a row group read, never a wrong row.
pub(crate) const TITLE_ID_SQL: &str = "(md5_number_upper(title) >> 1)::bigint";

/// [`TITLE_ID_SQL`] worked out here, so a query's ids need no round trip: the first eight
/// bytes of the title's MD5 as a little-endian number, less its lowest bit.
pub(crate) fn title_id(title: &str) -> i64 {
    use md5::{Digest, Md5};
    let digest = Md5::digest(title.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    (u64::from_le_bytes(first) >> 1) as i64
}

/// Whether the rollup path is a month rollup or its title companion (else it is a viewing
/// file's twin).
pub fn is_month_rollup(path: &str) -> bool {
    LakePath::parse(path)
        .is_ok_and(|p| p.dataset == Dataset::ViewingDaily && p.stem().starts_with(PREFIX))
}

/// Whether a month rollup path is a title companion.
pub fn is_titles_rollup(path: &str) -> bool {
    is_month_rollup(path) && path.ends_with(&format!("{TITLES_SUFFIX}.parquet"))
}

/// The lake path of the title companion of the month rollup at `path`; `None` when `path` is
/// not a month rollup's.
pub fn titles_rollup_path(path: &str) -> Option<String> {
    let parsed = LakePath::parse(path).ok().filter(|_| is_month_rollup(path) && !is_titles_rollup(path))?;
    titles_path(&parsed).ok().map(|p| p.rel)
}

/// The path of a month rollup's title companion.
pub(crate) fn titles_path(month_rollup: &LakePath) -> Result<LakePath> {
    LakePath::new(month_rollup.dataset, month_rollup.month, &format!("{}{TITLES_SUFFIX}", month_rollup.stem()))
}

/// The covered files of each month rollup read so far (files never change once written).
#[derive(Default)]
pub(crate) struct Covers(Mutex<HashMap<String, Arc<Vec<String>>>>);

impl Lake {
    /// Writes a month rollup of `month` named after `batch` from `sources` (rollup files of
    /// that month: twins and an earlier month rollup), saying it covers `covers` (viewing
    /// paths), and its title companion, which says the same. The caller makes sure the sources
    /// sum exactly those files' rows. Answers both files (the month rollup first), or none
    /// when the sources have no rows; a failure removes what was written.
    pub fn month_rollup(&self, month: Month, batch: i64, sources: &[String], covers: &[String]) -> Result<Vec<LakeFile>> {
        let sources = sources.iter().map(|p| LakePath::parse(p)).collect::<Result<Vec<_>>>()?;
        let keys = ROLLUP_COLUMNS[..9].iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ");
        let first_day = date(month.first_day());
        let query = format!(
            "select * from (select {keys}, sum(n)::bigint as n, sum(grp)::double as grp from {PARQUET_SOURCE} v group by all)
             order by ymd >= ?, title, ymd, media_id, audience_group_id, audience_group, category, source, belonging_to, time_period_class_id"
        );
        let conn = self.conn()?;
        let list = self.file_list(&sources);
        let params: [&dyn ToSql; 2] = [&list, &first_day];
        let mut covers = covers.to_vec();
        covers.sort();
        let kv = Some((COVERS_KEY, covers.join("\n")));
        // The time makes the name new even when a batch's month rollup is rebuilt (the
        // backfill) where a file of a run that never committed may lie: files are never replaced.
        let stem = format!("{PREFIX}b{batch}-{}", chrono::Utc::now().timestamp_micros());
        let files = self.all_or_nothing(|out| {
            let target = (Dataset::ViewingDaily, month, stem.as_str());
            let kv = kv.as_ref().map(|(k, v)| (*k, v.as_str()));
            let Some(full) = self.copy_to_file_with(&conn, target, (&query, &params), "ymd", FileLayout::zstd(MONTH_GROUP_ROWS), kv)? else {
                return Ok(());
            };
            let full_path = LakePath::parse(&full.path)?;
            let companion = titles_path(&full_path)?;
            out.push(full);
            let full_list = self.file_list(&[full_path]);
            let titles = format!(
                "select * from (select {TITLE_ID_SQL} as tid, title, ymd, media_id, sum(n)::bigint as n, sum(grp)::double as grp
                                from {PARQUET_SOURCE} v group by all)
                 order by ymd >= ?, tid, title, ymd, media_id"
            );
            let params: [&dyn ToSql; 2] = [&full_list, &first_day];
            let target = (Dataset::ViewingDaily, month, companion.stem());
            let layout = FileLayout { group_rows: TITLE_GROUP_ROWS, lz4: true };
            out.extend(self.copy_to_file_with(&conn, target, (&titles, &params), "ymd", layout, kv)?);
            Ok(())
        })?;
        let mut known = self.month_covers.0.lock().expect("covers lock");
        let covers = Arc::new(covers);
        for f in &files {
            known.insert(f.path.clone(), covers.clone());
        }
        Ok(files)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_ids_worked_out_here_are_duckdbs() {
        let conn = duckdb::Connection::open_in_memory().unwrap();
        let mut titles: Vec<String> =
            ["", "a", "Milk Ad 15s", "金典有机奶-985", "伊利 金典 ", "😀 emoji", "O'Brien", "tab\there"].map(String::from).to_vec();
        // Every length across MD5's 64-byte blocks, ASCII and three-byte characters.
        titles.extend((0..130).map(|n| "x".repeat(n)));
        titles.extend((0..50).map(|n| "典".repeat(n)));
        let sql = format!("select {TITLE_ID_SQL} from (select ? as title)");
        for title in &titles {
            let theirs: i64 = conn.query_row(&sql, [title], |r| r.get(0)).unwrap();
            assert_eq!(title_id(title), theirs, "{title:?}");
        }
    }
}
