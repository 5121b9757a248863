//! The deleted rows' share of the viewing rollup, kept in memory per deletion set.
//!
//! Rollups hold every row their viewing file held, deleted ones too: the dashboard subtracts the
//! deleted rows' sums (integer units, so the difference is exact). Reading them from the raw files on each call cost a read of the range's
//! raw files (~1 s over 10M rows); instead each rolled-up file's deleted rows are summed once,
//! by the rollup's keys, and kept until the deletion set changes. Files never change once
//! written, so a file's share depends only on the deletion set: the memo is keyed by a hash of
//! the sorted deleted ids and, under it, by file. It is small, one row per deleted row at most.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use chrono::NaiveDate;
use duckdb::types::Value;
use duckdb::{Connection, params};

use super::rollup::{KEYS, ROLLUP_COLUMNS, sums_of_rows};
use crate::lake::load_ids;
use crate::paths::LakePath;
use crate::{Lake, Result};

/// Rollup-shaped rows of deleted rows, their sums (`n`, `units`, `positioned`, `top3`) already
/// negated.
#[derive(Debug, Clone)]
pub(crate) struct DeletedCell {
    pub ymd: NaiveDate,
    pub title: Option<String>,
    /// The [`ROLLUP_COLUMNS`] values in their order.
    pub values: [Value; ROLLUP_COLUMNS.len()],
}

/// Rows made of each file's deleted rows, kept under one deletion set at a time (the server's
/// live one): the deleted share here, the deleted rows themselves in deleted_rows.rs.
pub(crate) struct PerDeletionSet<T>(Mutex<Memo<T>>);

struct Memo<T> {
    key: Option<u64>,
    files: HashMap<String, Vec<T>>,
}

impl<T> Default for PerDeletionSet<T> {
    fn default() -> Self {
        PerDeletionSet(Mutex::new(Memo { key: None, files: HashMap::new() }))
    }
}

impl<T> PerDeletionSet<T> {
    /// `answer` over the kept rows of `files` under the deletion set, the files not kept yet
    /// read first by `read`, together; the lock is held meanwhile, so concurrent calls wait for
    /// the one read rather than repeat it.
    pub(super) fn with<R>(
        &self,
        deleted: &[i64],
        files: &[LakePath],
        read: impl FnOnce(&[LakePath]) -> Result<HashMap<String, Vec<T>>>,
        answer: impl FnOnce(&HashMap<String, Vec<T>>) -> R,
    ) -> Result<R> {
        let key = key_of(deleted);
        let mut memo = self.0.lock().expect("deleted rows memo lock");
        if memo.key != Some(key) {
            *memo = Memo { key: Some(key), files: HashMap::new() };
        }
        let missing: Vec<LakePath> = files.iter().filter(|f| !memo.files.contains_key(&f.rel)).cloned().collect();
        if !missing.is_empty() {
            let read = read(&missing)?;
            memo.files.extend(read);
        }
        Ok(answer(&memo.files))
    }
}

/// The memo of [`Lake`] for the dashboard and the issued totals.
pub(crate) type DeletedShare = PerDeletionSet<DeletedCell>;

/// Stands for the deletion set: its size and a hash of its sorted ids.
fn key_of(deleted: &[i64]) -> u64 {
    let mut ids = deleted.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut h = DefaultHasher::new();
    ids.len().hash(&mut h);
    ids.hash(&mut h);
    h.finish()
}

impl Lake {
    /// The deleted cells of `files` (rolled-up viewing files) whose day is in `from..=to` and
    /// whose title is one of `titles` (any when `None`). Files not in the memo for this deletion
    /// set are read once, together; the lock is held meanwhile so concurrent calls wait for the
    /// one read rather than repeat it.
    pub(crate) fn deleted_share(
        &self,
        conn: &Connection,
        deleted: &[i64],
        files: &[LakePath],
        (from, to): (NaiveDate, NaiveDate),
        titles: Option<&[String]>,
    ) -> Result<Vec<DeletedCell>> {
        let titles: Option<HashSet<&str>> = titles.map(|t| t.iter().map(String::as_str).collect());
        let wanted = |c: &&DeletedCell| {
            (from..=to).contains(&c.ymd)
                && titles.as_ref().is_none_or(|t| c.title.as_deref().is_some_and(|title| t.contains(title)))
        };
        let cells = |kept: &HashMap<String, Vec<DeletedCell>>| files.iter().flat_map(|f| kept[&f.rel].iter().filter(wanted).cloned()).collect();
        self.deleted_share.with(deleted, files, |missing| self.read_deleted(conn, deleted, missing), cells)
    }

    /// Sums the deleted rows of `files` by the rollup's keys, per file.
    fn read_deleted(&self, conn: &Connection, deleted: &[i64], files: &[LakePath]) -> Result<HashMap<String, Vec<DeletedCell>>> {
        let keys = ROLLUP_COLUMNS[..KEYS].iter().map(|(name, _)| format!("v.{name}")).collect::<Vec<_>>().join(", ");
        let select = format!("{keys}, {}", sums_of_rows("-"));
        self.read_deleted_per_file(conn, deleted, files, &select, "group by all", |r| {
            let mut values: [Value; ROLLUP_COLUMNS.len()] = std::array::from_fn(|_| Value::Null);
            for (i, v) in values.iter_mut().enumerate() {
                *v = r.get(i + 1)?;
            }
            let Value::Date32(days) = values[0] else { return Ok(None) };
            let ymd = crate::columns::date(days);
            let title = match &values[4] {
                Value::Text(t) => Some(t.clone()),
                _ => None,
            };
            Ok(Some(DeletedCell { ymd, title, values }))
        })
    }

    /// The deleted rows of `files`, per file (every file gets an entry, empty when none of its
    /// rows is deleted): `select` over the raw rows `v` that are deleted, then `tail` (a
    /// grouping), each result row made into a `T` by `row` from its column 1 on (column 0 is
    /// the file), `None` to leave it out.
    pub(super) fn read_deleted_per_file<T>(
        &self,
        conn: &Connection,
        deleted: &[i64],
        files: &[LakePath],
        select: &str,
        tail: &str,
        row: impl Fn(&duckdb::Row<'_>) -> duckdb::Result<Option<T>>,
    ) -> Result<HashMap<String, Vec<T>>> {
        load_ids(conn, "deleted_ids", deleted)?;
        let by_abs: HashMap<String, &str> = files.iter().map(|f| (self.abs(f).display().to_string(), f.rel.as_str())).collect();
        let sql = format!(
            "select v.filename, {select}
             from read_parquet(string_split(?, chr(10)), hive_partitioning = false, filename = true) v
             semi join temp.deleted_ids d on v.id = d.id {tail}"
        );
        let mut out: HashMap<String, Vec<T>> = files.iter().map(|f| (f.rel.clone(), Vec::new())).collect();
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params![self.file_list(files)])?;
        while let Some(r) = rows.next()? {
            let file: String = r.get(0)?;
            if let (Some(rel), Some(made)) = (by_abs.get(&file), row(r)?) {
                out.get_mut(*rel).expect("a listed file").push(made);
            }
        }
        Ok(out)
    }
}

/// Loads the cells into `temp.dash_deleted`, shaped as a rollup file, for the statement to read.
pub(crate) fn load_deleted(conn: &Connection, cells: &[DeletedCell]) -> Result<()> {
    let columns = ROLLUP_COLUMNS.iter().map(|(name, ty)| format!("{name} {ty}")).collect::<Vec<_>>().join(", ");
    conn.execute_batch(&format!("create or replace temp table dash_deleted ({columns})"))?;
    let mut app = conn.appender_to_catalog_and_db("dash_deleted", "temp", "main")?;
    for c in cells {
        app.append_row(c.values.clone())?;
    }
    app.flush()?;
    Ok(())
}
