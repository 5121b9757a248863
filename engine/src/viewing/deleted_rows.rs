//! The deleted viewing rows themselves (the columns the estimates' fallback reads), kept in
//! memory per deletion set, so a scan of raw rows subtracts them instead of anti-joining every
//! row it reads against the deleted ids: the join reads the id column of every row in range,
//! about 40 % of such a scan (28 days of a media on the bench lake: 92 ms against 55 ms).
//!
//! As with the rollups' deleted share (deleted_share.rs), files never change once written, so
//! a file's deleted rows depend only on the deletion set: the memo is keyed by the set and,
//! under it, by file; a caller subtracts only the rows of the files its scan reads.

use std::collections::HashMap;
use std::sync::Mutex;

use duckdb::types::Value;
use duckdb::{Connection, params};

use super::deleted_share::key_of;
use crate::lake::load_ids;
use crate::paths::LakePath;
use crate::{Lake, Result};

/// The columns kept, in `temp.deleted_rows`' order, with their types.
const COLUMNS: [(&str, &str); 9] = [
    ("media_id", "bigint"),
    ("audience_group_id", "bigint"),
    ("audience_group", "varchar"),
    ("belonging_to", "smallint"),
    ("category", "smallint"),
    ("source", "smallint"),
    ("ymd", "date"),
    ("air_time", "timestamp"),
    ("grp", "double"),
];

type Row = [Value; COLUMNS.len()];

#[derive(Default)]
struct Memo {
    key: Option<u64>,
    files: HashMap<String, Vec<Row>>,
}

/// The memo of [`Lake`]: one deletion set at a time (the server's live one).
#[derive(Default)]
pub(crate) struct DeletedRows(Mutex<Memo>);

impl Lake {
    /// Loads into `temp.deleted_rows` ([`COLUMNS`]) the deleted rows of `files`, read once per
    /// deletion set and file; the lock is held while reading, so concurrent calls wait for the
    /// one read. Answers how many rows were loaded.
    pub(crate) fn load_deleted_rows(&self, conn: &Connection, deleted: &[i64], files: &[LakePath]) -> Result<usize> {
        let columns: Vec<String> = COLUMNS.iter().map(|(name, ty)| format!("{name} {ty}")).collect();
        conn.execute_batch(&format!("create or replace temp table deleted_rows ({})", columns.join(", ")))?;
        if deleted.is_empty() || files.is_empty() {
            return Ok(0);
        }
        let key = key_of(deleted);
        let mut memo = self.deleted_rows.0.lock().expect("deleted rows lock");
        if memo.key != Some(key) {
            *memo = Memo { key: Some(key), files: HashMap::new() };
        }
        let missing: Vec<LakePath> = files.iter().filter(|f| !memo.files.contains_key(&f.rel)).cloned().collect();
        if !missing.is_empty() {
            let read = self.read_deleted_rows(conn, deleted, &missing)?;
            memo.files.extend(read);
        }
        let mut app = conn.appender_to_catalog_and_db("deleted_rows", "temp", "main")?;
        let mut loaded = 0;
        for row in files.iter().flat_map(|f| &memo.files[&f.rel]) {
            app.append_row(row.clone())?;
            loaded += 1;
        }
        app.flush()?;
        Ok(loaded)
    }

    /// The deleted rows of `files`, per file (every file gets an entry, empty when none of
    /// its rows is deleted).
    fn read_deleted_rows(&self, conn: &Connection, deleted: &[i64], files: &[LakePath]) -> Result<HashMap<String, Vec<Row>>> {
        load_ids(conn, "deleted_ids", deleted)?;
        let by_abs: HashMap<String, &str> = files.iter().map(|f| (self.abs(f).display().to_string(), f.rel.as_str())).collect();
        let names: Vec<String> = COLUMNS.iter().map(|(name, _)| format!("v.{name}")).collect();
        let sql = format!(
            "select v.filename, {} from read_parquet(string_split(?, chr(10)), hive_partitioning = false, filename = true) v
             semi join temp.deleted_ids d on v.id = d.id",
            names.join(", ")
        );
        let mut out: HashMap<String, Vec<Row>> = files.iter().map(|f| (f.rel.clone(), Vec::new())).collect();
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params![self.file_list(files)])?;
        while let Some(r) = rows.next()? {
            let file: String = r.get(0)?;
            let mut row: Row = std::array::from_fn(|_| Value::Null);
            for (i, v) in row.iter_mut().enumerate() {
                *v = r.get(i + 1)?;
            }
            if let Some(rel) = by_abs.get(&file) {
                out.get_mut(*rel).expect("a listed file").push(row);
            }
        }
        Ok(out)
    }
}
