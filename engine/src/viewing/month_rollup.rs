//! One rollup file per month across batches: the month's rollup rows merged and sorted by
//! title, then day, in small row groups, so the Parquet statistics of `title` skip every row
//! group without a product's titles (per-batch rollups each spread a product's few rows over
//! all their groups). Rows of the previous month's last broadcast day (spots aired past
//! midnight) come first, in groups of their own, so a range ending that day skips the rest.
//!
//! Beside each month rollup lies its title companion (`<stem>-titles`): the same rows summed
//! by title, day, media, side and audience group alone (the group's name kept only for rows
//! stored without a group id, which match groups by name), sorted by a 63-bit hash of the
//! title ([`TITLE_ID_SQL`]), then the title, written from Arrow in pages of
//! [`TITLE_PAGE_ROWS`] rows with a page index. A dashboard filtering on nothing but titles,
//! days, media, side and groups — every by-product query without data category, source or
//! class — reads its titles' rows there, by an index of where each title lies (companion.rs;
//! docs/decisions.md "Dashboard rollups").
//!
//! Month rollups and companions are named `v3-month-…` ([`crate::ROLLUP_PREFIX`]); those of
//! earlier formats (`month-…`: GRP summed as doubles, companions without side and group;
//! `v2-month-…`: no position counts) are not month rollups to readers, and the start's
//! backfill retires them.
//!
//! A month rollup says in its Parquet key-value metadata which viewing files it sums
//! ([`COVERS_KEY`], their paths newline-joined). A reader uses it only when every one of those
//! files is in its viewing snapshot, and reads the others through their twins or raw, so a
//! month rollup that lags (a compaction since) changes speed, never numbers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use duckdb::arrow::array::{AsArray, RecordBatch};
use duckdb::arrow::compute::{concat_batches, kernels::aggregate};
use duckdb::arrow::datatypes::Date32Type;
use duckdb::types::Value;
use duckdb::{Connection, ToSql, params};
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;

use super::read::{date, for_each_chunk};
use super::rollup::{KEYS, ROLLUP_COLUMNS, SUMS_OF_ROLLUPS};
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::write::{ArrowFile, FileLayout, ROW_GROUP_ROWS, lake_properties};
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

/// The metadata key of the covered viewing files.
const COVERS_KEY: &str = "adeval_covers";

/// Month rollups are named `v3-month-b<batch>-<µs>`: a twin is [`crate::ROLLUP_PREFIX`] and a
/// viewing file's stem, which never starts with `month-`, so a month rollup is never taken for
/// a twin.
const PREFIX: &str = "v3-month-";

/// Rows a row group: a month of the bench's 10M rows is ~2.4M rollup rows of ~7,000 titles,
/// so a product's title spans one or two groups of this size.
pub(crate) const MONTH_GROUP_ROWS: usize = 8_192;

/// The stem suffix of a month rollup's title companion.
const TITLES_SUFFIX: &str = "-titles";

/// Rows a data page of a title companion: a title has ~30 rows a month, so its rows lie in
/// one or two pages of each column (measured against 128, 512 and 1,024: docs/history.md "Dashboard").
const TITLE_PAGE_ROWS: usize = 256;

/// A title's id in the companion, what it is sorted by: 63 bits of its MD5 (stable across
/// DuckDB versions, unlike `hash`), then the title, so each title's rows are one run
/// (companion.rs indexes them by the title itself: ids only order the file).
const TITLE_ID_SQL: &str = "(md5_number_upper(title) >> 1)::bigint";

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
        let keys = ROLLUP_COLUMNS[..KEYS].iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ");
        let first_day = date(month.first_day());
        let query = format!(
            "select * from (select {keys}, {SUMS_OF_ROLLUPS} from {PARQUET_SOURCE} v group by all)
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
                "select * from (select {TITLE_ID_SQL} as tid, title, ymd, media_id, belonging_to, audience_group_id,
                                       case when audience_group_id = 0 then audience_group end as audience_group,
                                       {SUMS_OF_ROLLUPS}
                                from {PARQUET_SOURCE} v group by all)
                 order by ymd >= ?, tid, title, ymd, media_id, belonging_to, audience_group_id, audience_group"
            );
            let params = [Value::Text(full_list), first_day.clone()];
            let covers = kv.map(|(_, v)| v).unwrap_or_default();
            out.extend(self.write_companion(&conn, (month, companion.stem()), (&titles, &params), covers)?);
            Ok(())
        })?;
        let mut known = self.month_covers.0.lock().expect("covers lock");
        let covers = Arc::new(covers);
        for f in &files {
            known.insert(f.path.clone(), covers.clone());
        }
        Ok(files)
    }

    /// Writes a title companion from `query` (its rows in file order) from Arrow: row groups
    /// of [`ROW_GROUP_ROWS`], pages of [`TITLE_PAGE_ROWS`] with a page index, so the
    /// dashboard reads a title's few rows without the rest (companion.rs). `None` without rows.
    fn write_companion(
        &self,
        conn: &Connection,
        (month, stem): (Month, &str),
        (query, params): (&str, &[Value]),
        covers: &str,
    ) -> Result<Option<LakeFile>> {
        let props = lake_properties()
            .set_compression(Compression::LZ4_RAW)
            .set_dictionary_enabled(false)
            .set_data_page_row_count_limit(TITLE_PAGE_ROWS)
            .set_write_batch_size(TITLE_PAGE_ROWS)
            .set_key_value_metadata(Some(vec![KeyValue::new(COVERS_KEY.to_owned(), covers.to_owned())]))
            .build();
        // Made at the first chunk, which brings the schema; a row group is written whenever the
        // next chunk would take the pending ones past ROW_GROUP_ROWS.
        let mut file: Option<ArrowFile> = None;
        let (mut pending, mut rows, mut days): (Vec<RecordBatch>, usize, Option<(i32, i32)>) = (Vec::new(), 0, None);
        let flush = |pending: &mut Vec<RecordBatch>, file: &mut ArrowFile| -> Result<()> {
            if let Some(first) = pending.first() {
                file.append(&concat_batches(&first.schema(), pending.iter())?)?;
                pending.clear();
            }
            Ok(())
        };
        for_each_chunk(conn, query, params, |chunk| {
            let batch = RecordBatch::from(chunk);
            let ymd = batch
                .column_by_name("ymd")
                .and_then(|c| c.as_primitive_opt::<Date32Type>())
                .ok_or_else(|| Error::Caller("a companion without ymd".into()))?;
            if let (Some(min), Some(max)) = (aggregate::min(ymd), aggregate::max(ymd)) {
                days = Some(days.map_or((min, max), |(a, b)| (a.min(min), b.max(max))));
            }
            let file = match &mut file {
                Some(file) => file,
                None => file.insert(ArrowFile::create(self, (Dataset::ViewingDaily, month, stem), batch.schema(), props.clone())?),
            };
            if rows + batch.num_rows() > ROW_GROUP_ROWS {
                flush(&mut pending, file)?;
                rows = 0;
            }
            rows += batch.num_rows();
            pending.push(batch);
            Ok(())
        })?;
        let (Some(mut file), Some((min, max))) = (file, days) else { return Ok(None) };
        flush(&mut pending, &mut file)?;
        let day = |d: i32| crate::columns::date(d).and_time(chrono::NaiveTime::MIN);
        file.finish((day(min), day(max))).map(Some)
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
