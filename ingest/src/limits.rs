//! Caps that keep a hostile or absurd file from taking the process down.

use std::time::{Duration, Instant};

use crate::FileError;

/// Limits on one file. `Default` holds the production values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Non-empty rows in the whole file, headers and titles included.
    pub max_rows: u32,
    /// Non-empty rows of one sheet: Excel's own limit, [`EXCEL_MAX_ROWS`].
    pub max_sheet_rows: u32,
    /// Columns of a row; non-empty cells further right refuse the file.
    pub max_cols: u32,
    /// Characters of one cell.
    pub max_cell_chars: usize,
    /// Bytes of text the reader hands out over the whole file, a shared string counted each
    /// time a cell shows it: what a sink that copies every cell's text could allocate.
    pub max_text_bytes: u64,
    /// The file's size, the total inflated size of an xlsx's parts, and the most memory an
    /// xls's sheets may take once expanded (which is also held to 16× the file and 8 MiB).
    pub max_inflated_bytes: u64,
    /// Entries of an xlsx archive.
    pub max_zip_entries: usize,
    /// Inflated/compressed ratio allowed for an archive entry above `ratio_floor_bytes`.
    pub max_compression_ratio: u64,
    pub ratio_floor_bytes: u64,
    /// Sheets of a workbook.
    pub max_sheets: usize,
    /// Wall-clock time for reading and checking the whole file.
    pub deadline: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_rows: 1_000_000,
            max_sheet_rows: EXCEL_MAX_ROWS,
            max_cols: 256,
            max_cell_chars: 32 * 1024,
            max_text_bytes: 256 * 1024 * 1024,
            max_inflated_bytes: 256 * 1024 * 1024,
            max_zip_entries: 10_000,
            max_compression_ratio: 200,
            ratio_floor_bytes: 1024 * 1024,
            max_sheets: 256,
            deadline: Duration::from_secs(120),
        }
    }
}

impl Limits {
    /// The limits of a file streamed from disk (csv, Parquet): its rows are handed on as they
    /// are read and never held together, so the caps that bound a whole file in memory (rows,
    /// text, size) and the deadline are lifted; the caps on one row (columns, cell length)
    /// stay.
    pub fn streamed(&self) -> Limits {
        Limits {
            max_rows: u32::MAX,
            max_sheet_rows: u32::MAX,
            max_text_bytes: u64::MAX,
            max_inflated_bytes: u64::MAX,
            deadline: Duration::MAX,
            ..self.clone()
        }
    }
}

/// Rows of an Excel sheet (xlsx; xls holds 65,536).
pub const EXCEL_MAX_ROWS: u32 = 1_048_576;

/// Excel's own limit on a sheet name; longer names only come from crafted files.
pub const MAX_SHEET_NAME_CHARS: usize = 31;

/// The longest text, in characters, each kept field may hold, for every import that reads it
/// (customer data, order templates and broadcast certificates). Longer text is a
/// row error naming the field and its limit.
pub mod max_chars {
    /// 标题 (customer data) and 版本 (order templates, certificates): a tape's or media file's title.
    pub const TITLE: usize = 200;
    /// 节目: a programme name.
    pub const PROGRAMME: usize = 200;
    /// 频道 and media names.
    pub const CHANNEL: usize = 100;
    /// 时段 and 时段归纳: a time period's name.
    pub const TIME_PERIOD: usize = 100;
    /// 受众/城市组.
    pub const AUDIENCE_GROUP: usize = 100;
}

/// The deadline of one read, started at the entry point.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clock {
    start: Instant,
    budget: Duration,
}

impl Clock {
    pub(crate) fn start(limits: &Limits) -> Self {
        Clock { start: Instant::now(), budget: limits.deadline }
    }

    pub(crate) fn check(&self) -> Result<(), FileError> {
        if self.start.elapsed() >= self.budget { Err(FileError::Timeout) } else { Ok(()) }
    }
}
