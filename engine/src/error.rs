use std::path::PathBuf;

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything the engine can fail with. `Input` is the user's fault and carries a Chinese
/// message fit to show; every other variant is internal: log it, never show its text.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file handed in for import can't be used as it is (missing, wrong type, bad header).
    #[error("{0}")]
    Input(String),

    /// The caller broke the engine's contract: a lake path that is not one the engine
    /// writes, a snapshot mixing datasets, deletions on a dataset without row ids.
    #[error("invalid call: {0}")]
    Caller(String),
    #[error("lake file {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    DuckDb(#[from] duckdb::Error),
    /// Writing a lake file from Arrow failed.
    #[error(transparent)]
    Parquet(#[from] parquet::errors::ParquetError),
    /// Building Arrow arrays for a lake file failed.
    #[error(transparent)]
    Arrow(#[from] duckdb::arrow::error::ArrowError),
    /// DuckDB answered with a column of a type the engine did not ask for.
    #[error("unexpected result column {column}: {found}")]
    Decode { column: &'static str, found: String },
}

impl Error {
    /// True when the message is meant for the user (Chinese) rather than for the log.
    pub fn is_user_error(&self) -> bool {
        matches!(self, Error::Input(_))
    }

    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}
