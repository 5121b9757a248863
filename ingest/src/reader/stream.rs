//! Reading a stored file without holding it: csv a block at a time and Parquet a row group at
//! a time, under the streamed limits (`Limits::streamed`); workbooks are read whole, as their
//! formats need, under the limits given.

use std::io::{BufReader, Cursor, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Format, RowSink, csv, detect, file_name, parquet, produce, read_file, sheet_name_of, visit};
use crate::limits::Clock;
use crate::{FileError, Limits};

/// How a stored file is read, by its extension.
pub(crate) fn is_streamed(file_name: &str) -> Option<Streamed> {
    let ext = Path::new(file_name).extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "csv" => Some(Streamed::Csv),
        "parquet" => Some(Streamed::Parquet),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Streamed {
    Csv,
    Parquet,
}

/// Streams the rows of the file at `path` into `sink`. `read` counts the bytes read so far
/// (for Parquet, the share of its rows read, in bytes of the file); `wanted` picks the Parquet
/// columns to read by name, the others are never decoded.
pub(crate) fn visit_file(
    path: &Path,
    limits: &Limits,
    read: &AtomicU64,
    wanted: &(dyn Fn(&str) -> bool + Sync),
    sink: &mut dyn RowSink,
) -> Result<(), FileError> {
    let name = file_name(path);
    let io = |e: std::io::Error| FileError::Io { detail: format!("{}: {e}", path.display()) };
    match is_streamed(&name) {
        None => {
            let bytes = read_file(path, limits)?;
            visit(&bytes, &name, limits, sink)?;
            read.store(bytes.len() as u64, Ordering::Relaxed);
            Ok(())
        }
        Some(Streamed::Csv) => {
            let limits = limits.streamed();
            let mut file = std::fs::File::open(path).map_err(io)?;
            let head = csv::head(&mut file)?;
            // The extension says text: a workbook or binary under that name is refused as
            // for an upload.
            if detect(&name, &head[..head.len().min(8)])? != Format::Csv {
                return Err(FileError::ContentMismatch("csv".into()));
            }
            let dialect = csv::dialect_of_head(&head)?;
            let input = BufReader::with_capacity(1 << 16, Cursor::new(head).chain(file));
            let sheet = sheet_name_of(&name);
            produce(&limits, Clock::start(&limits), sink, |rows| {
                let mut progress = |n: usize| {
                    read.fetch_add(n as u64, Ordering::Relaxed);
                };
                csv::read_stream(input, dialect, &sheet, rows, &mut progress)
            })
        }
        Some(Streamed::Parquet) => {
            let limits = limits.streamed();
            let sheet = sheet_name_of(&name);
            produce(&limits, Clock::start(&limits), sink, |rows| parquet::read(path, &sheet, wanted, rows, read))
        }
    }
}
