//! The lake handle: one in-memory DuckDB database, shared by a small pool of connections,
//! that may touch files under the lake root and nowhere else.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use duckdb::{Config, Connection};

use crate::paths::{LakePath, parse_files};
use crate::{Error, Result, Snapshot};

/// Resource limits of the lake's DuckDB database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LakeOptions {
    /// DuckDB's `memory_limit`, e.g. "1GB". Sorts and joins beyond it spill to disk.
    pub memory_limit: String,
    /// Worker threads DuckDB may use for one query.
    pub threads: u32,
}

impl Default for LakeOptions {
    fn default() -> Self {
        LakeOptions { memory_limit: "1GB".into(), threads: 2 }
    }
}

/// Connections kept for reuse; more may be open at once, the extra ones close after use.
const IDLE_CONNECTIONS: usize = 4;

/// Temporary tables queries may leave on a connection; dropped when it goes back to the pool.
pub(crate) const SCRATCH_TABLES: [&str; 8] = [
    "deleted_ids",
    "wanted_ids",
    "stage_viewing",
    "order_match",
    "dash_days",
    "dash_series",
    "dash_deleted",
    "dash_titles",
];

/// The Parquet lake on local disk and the DuckDB database that reads and writes it.
pub struct Lake {
    root: PathBuf,
    spill: PathBuf,
    options: LakeOptions,
    /// The database's first connection: every pooled one is a clone of it.
    db: Mutex<Connection>,
    idle: Mutex<Vec<Connection>>,
    /// Footers and the last snapshot's index for the customer list.
    list: crate::viewing::ListCache,
    /// The dashboard's memo of the deleted rows' rollup (viewing/deleted_share.rs).
    pub(crate) deleted_share: crate::viewing::DeletedShare,
    /// The estimates' memo of the deleted rows themselves (viewing/deleted_rows.rs).
    pub(crate) deleted_rows: crate::viewing::DeletedRows,
    /// What each month rollup covers (viewing/month_rollup.rs).
    pub(crate) month_covers: crate::viewing::Covers,
    /// Where each title companion's titles lie (viewing/companion.rs).
    pub(crate) title_indexes: crate::viewing::TitleIndexes,
    /// Rating series' class day means per set of rating files (ratings/kept_means.rs).
    pub(crate) kept_means: crate::ratings::KeptMeans,
}

impl Lake {
    /// Opens (creating if needed) the lake directory and its DuckDB database.
    pub fn open(root: &Path, options: LakeOptions) -> Result<Self> {
        std::fs::create_dir_all(root).map_err(Error::io(root))?;
        let root = root.canonicalize().map_err(Error::io(root))?;
        sweep_spill_dirs(&root);
        let spill = spill_dir(&root);
        std::fs::create_dir_all(&spill).map_err(Error::io(&spill))?;
        let db = open_database(&root, &spill, &options, &[])?;
        Ok(Lake {
            root,
            spill,
            options,
            db: Mutex::new(db),
            idle: Mutex::new(Vec::new()),
            list: Default::default(),
            deleted_share: Default::default(),
            deleted_rows: Default::default(),
            month_covers: Default::default(),
            title_indexes: Default::default(),
            kept_means: Default::default(),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn options(&self) -> &LakeOptions {
        &self.options
    }

    pub(crate) fn list_cache(&self) -> &crate::viewing::ListCache {
        &self.list
    }

    /// Healthy when the directory is readable and DuckDB answers a query.
    pub fn ping(&self) -> Result<()> {
        std::fs::read_dir(&self.root).map_err(Error::io(&self.root))?;
        let conn = self.conn()?;
        let one: i32 = conn.query_row("select 1", [], |row| row.get(0))?;
        debug_assert_eq!(one, 1);
        Ok(())
    }

    /// Counts the live rows of a snapshot: the files' rows less the deleted ones.
    pub fn count_rows(&self, snapshot: &Snapshot) -> Result<u64> {
        let Some((dataset, files)) = parse_files(&snapshot.files)? else { return Ok(0) };
        let conn = self.conn()?;
        let skip = self.bind_deleted(&conn, dataset, &snapshot.deleted)?;
        let sql = format!("select count(*) from {} v {skip}", PARQUET_SOURCE);
        let n: i64 = conn.query_row(&sql, [self.file_list(&files)], |row| row.get(0))?;
        Ok(n as u64)
    }

    /// A connection from the pool (or a new clone of the database), returned on drop.
    pub(crate) fn conn(&self) -> Result<Pooled<'_>> {
        let reused = self.idle.lock().expect("pool lock").pop();
        let conn = match reused {
            Some(conn) => conn,
            None => self.db.lock().expect("database lock").try_clone()?,
        };
        Ok(Pooled { lake: self, conn: Some(conn) })
    }

    /// The absolute paths of the files, newline-joined: bound as one value and split by
    /// [`PARQUET_SOURCE`], so file names never enter SQL text.
    pub(crate) fn file_list(&self, files: &[LakePath]) -> String {
        let abs: Vec<String> = files.iter().map(|f| self.abs(f).display().to_string()).collect();
        abs.join("\n")
    }

    pub(crate) fn abs(&self, path: &LakePath) -> PathBuf {
        self.root.join(&path.rel)
    }

    /// Loads the deleted ids into a temporary table and answers the join that leaves them
    /// out (empty when nothing is deleted). Ids are appended, never written into SQL.
    pub(crate) fn bind_deleted(
        &self,
        conn: &Connection,
        dataset: crate::Dataset,
        deleted: &[i64],
    ) -> Result<&'static str> {
        if deleted.is_empty() {
            return Ok("");
        }
        if !dataset.has_row_ids() {
            return Err(Error::Caller(format!("{dataset} rows have no ids to delete")));
        }
        load_ids(conn, "deleted_ids", deleted)?;
        Ok("anti join temp.deleted_ids d on v.id = d.id")
    }
}

/// `read_parquet` over the newline-joined file list bound as the first parameter. Partition
/// columns are not derived from the paths: the engine reads the month from the path itself.
pub(crate) const PARQUET_SOURCE: &str = "read_parquet(string_split(?, chr(10)), hive_partitioning = false)";

/// Fills a one-column temporary table of ids through the appender.
pub(crate) fn load_ids(conn: &Connection, table: &'static str, ids: &[i64]) -> Result<()> {
    conn.execute_batch(&format!("create or replace temp table {table} (id bigint)"))?;
    let mut app = conn.appender_to_catalog_and_db(table, "temp", "main")?;
    app.append_rows(ids.iter().map(|id| [*id]))?;
    app.flush()?;
    Ok(())
}

impl Drop for Lake {
    fn drop(&mut self) {
        self.idle.get_mut().map(Vec::clear).ok();
        // DuckDB removes its own spill files; the directory is ours.
        std::fs::remove_dir_all(&self.spill).ok();
    }
}

/// A pooled connection; dereferences to the DuckDB connection.
pub(crate) struct Pooled<'a> {
    lake: &'a Lake,
    conn: Option<Connection>,
}

impl std::ops::Deref for Pooled<'_> {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        self.conn.as_ref().expect("connection present until drop")
    }
}

impl Drop for Pooled<'_> {
    fn drop(&mut self) {
        let Some(conn) = self.conn.take() else { return };
        // A connection goes back clean or not at all.
        let reset: String = SCRATCH_TABLES.iter().map(|t| format!("drop table if exists temp.{t};")).collect();
        if conn.execute_batch(&reset).is_err() {
            return;
        }
        let mut idle = self.lake.idle.lock().expect("pool lock");
        if idle.len() < IDLE_CONNECTIONS {
            idle.push(conn);
        }
    }
}

/// Removes the spill directories of processes that are gone: a process that dies skips the
/// drop that removes its own. A directory whose process may still run (or can't be told, off
/// Linux) stays.
fn sweep_spill_dirs(root: &Path) {
    let Ok(entries) = std::fs::read_dir(root.join(".tmp")) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name.to_str().and_then(|n| n.strip_prefix("duckdb-")).and_then(|rest| rest.split('-').next());
        let Some(pid) = pid.and_then(|p| p.parse::<u32>().ok()) else { continue };
        let gone = cfg!(target_os = "linux") && !Path::new("/proc").join(pid.to_string()).exists();
        if gone {
            std::fs::remove_dir_all(entry.path()).ok();
        }
    }
}

/// A directory of its own under `<root>/.tmp` for DuckDB's spill files: two databases must
/// not share one.
pub(crate) fn spill_dir(root: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    root.join(".tmp").join(format!("duckdb-{}-{n}", std::process::id()))
}

/// Opens an in-memory database limited to `root` (read and write) and `read_only` files
/// (read), with the given memory and threads, and locks its configuration so no later
/// statement can widen that.
pub(crate) fn open_database(
    root: &Path,
    spill: &Path,
    options: &LakeOptions,
    read_only: &[PathBuf],
) -> Result<Connection> {
    let config = Config::default()
        .max_memory(&options.memory_limit)?
        .threads(i64::from(options.threads.max(1)))?
        .with("temp_directory", path_str(spill)?)?
        .enable_autoload_extension(false)?;
    let conn = Connection::open_in_memory_with_flags(config)?;
    // The C API takes no list settings, so these are SQL; the values are paths the engine
    // chose (the configured root, the import's source files), quoted as literals.
    let dirs = format!("[{}]", sql_literal(&format!("{}/", path_str(root)?)));
    let files = read_only.iter().map(|p| path_str(p).map(sql_literal)).collect::<Result<Vec<_>>>()?.join(", ");
    // Lake files are never rewritten under a name, so their footers are cached across queries
    // (a dashboard's month rollups have hundreds of row groups each); files from outside the
    // lake (an import's sources) may change between reads and are read afresh.
    let cache = read_only.is_empty();
    conn.execute_batch(&format!(
        "set parquet_metadata_cache = {cache};
         set allowed_directories = {dirs};
         set allowed_paths = [{files}];
         set enable_external_access = false;
         set lock_configuration = true;"
    ))?;
    Ok(conn)
}

fn path_str(path: &Path) -> Result<&str> {
    let s = path.to_str().ok_or_else(|| Error::Caller(format!("path is not UTF-8: {}", path.display())))?;
    // Glob characters would make DuckDB's readers treat a path as a pattern.
    if s.contains(['*', '?', '[', ']', '{', '}', '\n', '\0']) {
        return Err(Error::Caller(format!("unsupported characters in path {s:?}")));
    }
    Ok(s)
}

pub(crate) fn sql_literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_root(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("adeval-engine-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        dir
    }

    #[test]
    fn duckdb_can_not_touch_files_outside_the_lake_root() {
        let root = temp_root("outside");
        let lake = Lake::open(&root, LakeOptions::default()).unwrap();
        lake.ping().unwrap();
        let outside = std::env::temp_dir().join(format!("adeval-outside-{}.csv", std::process::id()));
        std::fs::write(&outside, "a\n1\n").unwrap();
        let conn = lake.conn().unwrap();

        let read =
            conn.query_row("select count(*) from read_csv(?)", [outside.to_str().unwrap()], |r| r.get::<_, i64>(0));
        let climb = conn.query_row(
            "select count(*) from read_csv(?)",
            [format!("{}/../{}", lake.root().display(), outside.file_name().unwrap().to_str().unwrap())],
            |r| r.get::<_, i64>(0),
        );
        let write = conn.execute("copy (select 1) to ? (format parquet)", [format!("{}.parquet", outside.display())]);
        let widen = conn.execute_batch("set enable_external_access = true");
        let allow = conn.execute_batch("set allowed_directories = ['/']");

        assert!(read.unwrap_err().to_string().contains("Permission Error"));
        assert!(climb.unwrap_err().to_string().contains("Permission Error"));
        assert!(write.is_err());
        assert!(widen.unwrap_err().to_string().contains("locked"));
        assert!(allow.is_err());
        // Inside the root both reading and writing work.
        let inside = lake.root().join("probe.parquet");
        conn.execute("copy (select range as i from range(10)) to ? (format parquet)", [inside.to_str().unwrap()])
            .unwrap();
        let n: i64 =
            conn.query_row("select count(*) from read_parquet(?)", [inside.to_str().unwrap()], |r| r.get(0)).unwrap();
        assert_eq!(n, 10);
        drop(conn);
        drop(lake);
        std::fs::remove_file(outside).ok();
        std::fs::remove_dir_all(root).ok();
    }

    #[test]
    fn spill_directories_of_dead_processes_are_removed_on_open() {
        let root = temp_root("spill");
        let tmp = root.join(".tmp");
        // No process has a pid this high (Linux caps them at 2^22).
        let dead = tmp.join("duckdb-2147483646-0");
        let alive = tmp.join(format!("duckdb-{}-99", std::process::id()));
        let other = tmp.join("analyst-output");
        for dir in [&dead, &alive, &other] {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join("spill.bin"), b"x").unwrap();
        }

        let lake = Lake::open(&root, LakeOptions::default()).unwrap();

        assert!(!dead.exists(), "the dead process's spill stayed");
        assert!(alive.exists() && other.exists());
        drop(lake);
        std::fs::remove_dir_all(root).ok();
    }

    #[test]
    fn a_lake_can_be_shared_across_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Lake>();
    }

    #[test]
    fn pooled_connections_share_one_database_and_its_limits() {
        let root = temp_root("pool");
        let lake = Lake::open(&root, LakeOptions { memory_limit: "256MB".into(), threads: 1 }).unwrap();
        let a = lake.conn().unwrap();
        let b = lake.conn().unwrap();
        a.execute_batch("create table shared as select 42 as x").unwrap();
        let x: i32 = b.query_row("select x from shared", [], |r| r.get(0)).unwrap();
        let threads: i64 = b.query_row("select current_setting('threads')", [], |r| r.get(0)).unwrap();
        let memory: String = b.query_row("select current_setting('memory_limit')", [], |r| r.get(0)).unwrap();
        assert_eq!((x, threads), (42, 1));
        assert!(memory.starts_with("244") || memory.starts_with("256"), "{memory}");
        drop((a, b));
        assert_eq!(lake.idle.lock().unwrap().len(), 2);
        drop(lake);
        std::fs::remove_dir_all(root).ok();
    }

    #[test]
    fn count_rows_reads_snapshot_files_and_leaves_out_deleted_ids() {
        let root = temp_root("count");
        let lake = Lake::open(&root, LakeOptions::default()).unwrap();
        std::fs::create_dir_all(root.join("viewing/month=2026-03")).unwrap();
        let file = lake.root().join("viewing/month=2026-03/b1-0.parquet");
        let conn = lake.conn().unwrap();
        conn.execute("copy (select range as id from range(1234)) to ? (format parquet)", [file.to_str().unwrap()])
            .unwrap();
        drop(conn);

        let snapshot = Snapshot::new(["viewing/month=2026-03/b1-0.parquet"]);
        assert_eq!(lake.count_rows(&snapshot).unwrap(), 1234);
        assert_eq!(lake.count_rows(&snapshot.clone().with_deleted([0, 5, 99_999])).unwrap(), 1232);
        assert_eq!(lake.count_rows(&Snapshot::default()).unwrap(), 0);
        assert!(lake.count_rows(&Snapshot::new(["../b1-0.parquet"])).is_err());
        drop(lake);
        std::fs::remove_dir_all(root).ok();
    }
}
