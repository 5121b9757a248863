//! What "unchanged" means: the rows of every table of the public schema, every sequence's
//! position, and every file under the lake and the object store (path, size, SHA-256), taken
//! before and after the reads and compared.
//!
//! Rows are kept as text (`to_jsonb(row)`), so a difference names the rows a read added or
//! removed rather than just the table. The exclusions, each with its reason, are
//! [`IGNORED_COLUMNS`]; the preview tables and exports are judged by the test itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use sha2::{Digest, Sha256};
use sqlx::PgPool;

/// Columns left out of the comparison: the request's own bookkeeping, not data. A session's
/// last-seen time is the idle timeout's clock (docs/api.md "Sessions"): any signed-in request
/// may move it, a read as much as a write. The replay nonces and the throttles of signed
/// requests live in the process, not in Postgres, so nothing else needs leaving out.
pub const IGNORED_COLUMNS: &[(&str, &str)] = &[("admin_sessions", "last_seen_at")];

/// One table's rows, as sorted text.
pub type Rows = BTreeSet<String>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub tables: BTreeMap<String, Rows>,
    /// Sequence → last value: a read that inserts and rolls back still moves one.
    pub sequences: BTreeMap<String, Option<i64>>,
    /// Path under the data directory → (size, SHA-256).
    pub files: BTreeMap<String, (u64, String)>,
}

pub async fn take(db: &PgPool, data_dir: &Path) -> Snapshot {
    let names: Vec<String> =
        sqlx::query_scalar("select tablename::text from pg_tables where schemaname = 'public' order by 1").fetch_all(db).await.unwrap();
    let mut tables = BTreeMap::new();
    for table in names {
        let ignored: Vec<&str> = IGNORED_COLUMNS.iter().filter(|(t, _)| *t == table).map(|(_, c)| *c).collect();
        // Table names come from the catalogue above, quoted; nothing here is input.
        let sql = format!("select (to_jsonb(t) - $1::text[])::text from public.\"{table}\" t");
        let rows: Vec<String> = sqlx::query_scalar(&sql).bind(&ignored).fetch_all(db).await.unwrap();
        tables.insert(table, rows.into_iter().collect());
    }
    let sequences = sqlx::query_as::<_, (String, Option<i64>)>(
        "select sequencename::text, last_value from pg_sequences where schemaname = 'public' order by 1",
    )
    .fetch_all(db)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let mut files = BTreeMap::new();
    for dir in ["lake", "files"] {
        walk(data_dir, &data_dir.join(dir), &mut files);
    }
    Snapshot { tables, sequences, files }
}

fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, (u64, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(root, &path, out);
        } else {
            let bytes = std::fs::read(&path).unwrap();
            let hash = format!("{:x}", Sha256::digest(&bytes));
            let name = path.strip_prefix(root).unwrap().display().to_string();
            out.insert(name, (bytes.len() as u64, hash));
        }
    }
}

/// What changed from `before` to `after`: per table the rows gone and the rows new, the
/// sequences moved and the files changed, one line each.
pub fn diff(before: &Snapshot, after: &Snapshot) -> Vec<String> {
    let mut out = Vec::new();
    let tables: BTreeSet<&String> = before.tables.keys().chain(after.tables.keys()).collect();
    let empty = Rows::new();
    for table in tables {
        let (b, a) = (before.tables.get(table).unwrap_or(&empty), after.tables.get(table).unwrap_or(&empty));
        for row in b.difference(a) {
            out.push(format!("{table}: - {row}"));
        }
        for row in a.difference(b) {
            out.push(format!("{table}: + {row}"));
        }
    }
    for (name, value) in &after.sequences {
        if before.sequences.get(name) != Some(value) {
            out.push(format!("sequence {name}: {:?} → {value:?}", before.sequences.get(name)));
        }
    }
    let paths: BTreeSet<&String> = before.files.keys().chain(after.files.keys()).collect();
    for path in paths {
        let (b, a) = (before.files.get(path), after.files.get(path));
        if b != a {
            out.push(format!("file {path}: {b:?} → {a:?}"));
        }
    }
    out
}
