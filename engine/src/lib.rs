//! adeval-engine: analytics over the Parquet lake with DuckDB. It knows nothing of HTTP or
//! Postgres: callers hand it the lake location and the live files (the manifest lives in
//! Postgres, owned by the server).

use std::path::{Path, PathBuf};

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("lake directory {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    DuckDb(#[from] duckdb::Error),
}

/// The Parquet lake on local disk.
pub struct Lake {
    root: PathBuf,
}

impl Lake {
    /// Opens (creating if needed) the lake directory.
    pub fn open(root: &Path) -> Result<Self> {
        std::fs::create_dir_all(root).map_err(|source| Error::Io { path: root.into(), source })?;
        Ok(Self { root: root.to_path_buf() })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A fresh in-process DuckDB connection. Connections are cheap and not shared across
    /// threads; each query job opens its own.
    pub fn connect(&self) -> Result<duckdb::Connection> {
        Ok(duckdb::Connection::open_in_memory()?)
    }

    /// Healthy when the directory is readable and DuckDB answers a query over it.
    pub fn ping(&self) -> Result<()> {
        std::fs::read_dir(&self.root).map_err(|source| Error::Io { path: self.root.clone(), source })?;
        let conn = self.connect()?;
        let one: i32 = conn.query_row("select 1", [], |row| row.get(0))?;
        debug_assert_eq!(one, 1);
        Ok(())
    }

    /// Counts the rows of the Parquet files given, read through DuckDB's built-in reader.
    pub fn count_rows(&self, files: &[PathBuf]) -> Result<u64> {
        if files.is_empty() {
            return Ok(0);
        }
        let conn = self.connect()?;
        // File paths are bound as one newline-joined value, never spliced into SQL text.
        let list = files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join("\n");
        let n: i64 = conn.query_row(
            "select count(*) from read_parquet(string_split(?, chr(10)))",
            [list],
            |row| row.get(0),
        )?;
        Ok(n as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duckdb_reads_back_a_parquet_file_it_wrote() {
        let dir = std::env::temp_dir().join(format!("adeval-engine-{}", std::process::id()));
        let lake = Lake::open(&dir).unwrap();
        lake.ping().unwrap();
        let file = dir.join("t.parquet");
        let conn = lake.connect().unwrap();
        conn.execute_batch(&format!(
            "copy (select range as i from range(1234)) to '{}' (format parquet)",
            file.display()
        ))
        .unwrap();
        assert_eq!(lake.count_rows(&[file.clone()]).unwrap(), 1234);
        assert_eq!(lake.count_rows(&[]).unwrap(), 0);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
