//! The deleted viewing rows themselves (the columns the estimates' fallback reads), kept in
//! memory per deletion set, so a scan of raw rows subtracts them instead of anti-joining every
//! row it reads against the deleted ids: the join reads the id column of every row in range,
//! about 40 % of such a scan (28 days of a media on the bench lake: 92 ms against 55 ms).
//!
//! As with the rollups' deleted share, and through the same memo (`PerDeletionSet`,
//! deleted_share.rs): files never change once written, so a file's deleted rows depend only on
//! the deletion set; the memo is keyed by the set and, under it, by file; a caller subtracts
//! only the rows of the files its scan reads.

use std::collections::HashMap;

use duckdb::Connection;
use duckdb::types::Value;

use super::deleted_share::PerDeletionSet;
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

/// The memo of [`Lake`] for the estimates' fallback.
pub(crate) type DeletedRows = PerDeletionSet<Row>;

impl Lake {
    /// Loads into `temp.deleted_rows` ([`COLUMNS`]) the deleted rows of `files`, read once per
    /// deletion set and file ([`PerDeletionSet`]). Answers how many rows were loaded.
    pub(crate) fn load_deleted_rows(&self, conn: &Connection, deleted: &[i64], files: &[LakePath]) -> Result<usize> {
        let columns: Vec<String> = COLUMNS.iter().map(|(name, ty)| format!("{name} {ty}")).collect();
        conn.execute_batch(&format!("create or replace temp table deleted_rows ({})", columns.join(", ")))?;
        if deleted.is_empty() || files.is_empty() {
            return Ok(0);
        }
        let names: Vec<String> = COLUMNS.iter().map(|(name, _)| format!("v.{name}")).collect();
        let read = |missing: &[LakePath]| {
            self.read_deleted_per_file(conn, deleted, missing, &names.join(", "), "", |r| {
                let mut row: Row = std::array::from_fn(|_| Value::Null);
                for (i, v) in row.iter_mut().enumerate() {
                    *v = r.get(i + 1)?;
                }
                Ok(Some(row))
            })
        };
        let append = |kept: &HashMap<String, Vec<Row>>| -> Result<usize> {
            let mut app = conn.appender_to_catalog_and_db("deleted_rows", "temp", "main")?;
            let mut loaded = 0;
            for row in files.iter().flat_map(|f| &kept[&f.rel]) {
                app.append_row(row.clone())?;
                loaded += 1;
            }
            app.flush()?;
            Ok(loaded)
        };
        self.deleted_rows.with(deleted, files, read, append)?
    }
}
