//! Opens an uploaded file by extension and content into sheets of raw cells, within `Limits`.
//!
//! Every format feeds one `Assembler`, which applies the caps that don't depend on the format
//! (columns, cell length, rows, the deadline) and hands each non-empty row to a `RowSink`. The
//! format readers only add the guards their format needs (zip bombs and XML declarations for
//! xlsx, a compound-file and record pre-scan for xls, encodings for csv).

mod assembler;
mod cfb;
mod csv;
mod parquet;
mod stream;
mod xls;
mod xlsx;

use std::any::Any;
use std::fmt;
use std::io::Read;
use std::ops::Deref;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::{Arc, mpsc};

pub(crate) use assembler::Assembler;
pub(crate) use stream::visit_file;

use crate::limits::{Clock, MAX_SHEET_NAME_CHARS};
use crate::{FileError, Limits};

/// One cell as the file holds it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Raw {
    #[default]
    Empty,
    Text(Text),
    Number(f64),
    Bool(bool),
    /// A cell formatted as a date, time or duration: the Excel serial (1900 date system; 1904
    /// workbooks are shifted onto it).
    DateTime(f64),
    /// An Excel error value such as `#N/A`.
    Error(String),
}

/// The text of a cell. An xlsx shared string is handed out shared: every cell showing it
/// holds the same allocation, so a long string shown by many cells costs its length once.
/// Texts compare by their characters, however held.
#[derive(Clone)]
pub enum Text {
    Owned(String),
    Shared(Arc<str>),
}

impl Text {
    pub fn as_str(&self) -> &str {
        match self {
            Text::Owned(s) => s,
            Text::Shared(s) => s,
        }
    }

    /// The text as a `String`: moved when owned, copied when shared.
    pub fn into_string(self) -> String {
        match self {
            Text::Owned(s) => s,
            Text::Shared(s) => s.as_ref().to_owned(),
        }
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text::Owned(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text::Owned(s.to_owned())
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Raw {
    /// Empty, or text made only of whitespace.
    pub fn is_blank(&self) -> bool {
        match self {
            Raw::Empty => true,
            Raw::Text(s) => s.trim().is_empty(),
            _ => false,
        }
    }
}

/// The non-empty rows of one sheet (a csv file is one sheet named after the file, as in Excel).
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub name: String,
    pub rows: Vec<SheetRow>,
}

/// One non-empty row: its 1-based number as Excel shows it, and its cells from column A (blank
/// cells are `Raw::Empty`; trailing blanks are dropped).
#[derive(Debug, Clone, PartialEq)]
pub struct SheetRow {
    pub row: u32,
    pub cells: Vec<Raw>,
}

/// The formats the readers understand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Xlsx,
    Xls,
    Csv,
}

const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
const EMPTY_ZIP_MAGIC: &[u8] = b"PK\x05\x06";
const OLE_MAGIC: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Picks the reader from the file name's extension and the first bytes. The extension says
/// spreadsheet (xlsx, xls) or text (csv); the content must agree. Between xls and xlsx the
/// content decides, since mislabelled exports are common and harmless.
pub fn detect(file_name: &str, head: &[u8]) -> Result<Format, FileError> {
    let ext = Path::new(file_name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let zip = head.starts_with(ZIP_MAGIC) || head.starts_with(EMPTY_ZIP_MAGIC);
    let ole = head.starts_with(OLE_MAGIC);
    match ext.as_str() {
        "xlsx" | "xls" if zip => Ok(Format::Xlsx),
        "xlsx" | "xls" if ole => Ok(Format::Xls),
        "csv" if !zip && !ole && !head.contains(&0) => Ok(Format::Csv),
        "xlsx" | "xls" | "csv" => Err(FileError::ContentMismatch(ext)),
        _ => Err(FileError::UnsupportedType(ext)),
    }
}

/// Reads every sheet of the file at `path`.
pub fn read_sheets(path: &Path, limits: &Limits) -> Result<Vec<Sheet>, FileError> {
    guarded(|| {
        let bytes = read_file(path, limits)?;
        collect_sheets(&bytes, &file_name(path), limits)
    })
}

/// Reads every sheet of an uploaded file held in memory; `file_name` gives the extension.
pub fn read_sheets_bytes(
    bytes: &[u8],
    file_name: &str,
    limits: &Limits,
) -> Result<Vec<Sheet>, FileError> {
    guarded(|| collect_sheets(bytes, file_name, limits))
}

/// A sink keeping every sheet and row it is given.
pub(crate) struct Collect(pub(crate) Vec<Sheet>);

impl RowSink for Collect {
    fn sheet(&mut self, name: &str) -> Result<(), FileError> {
        self.0.push(Sheet { name: name.to_owned(), rows: Vec::new() });
        Ok(())
    }
    fn row(&mut self, row: u32, cells: &mut [Raw]) -> Result<(), FileError> {
        let sheet = self.0.last_mut().expect("a sheet starts before its rows");
        sheet.rows.push(SheetRow { row, cells: cells.iter_mut().map(std::mem::take).collect() });
        Ok(())
    }
}

fn collect_sheets(bytes: &[u8], file_name: &str, limits: &Limits) -> Result<Vec<Sheet>, FileError> {
    let mut sink = Collect(Vec::new());
    visit(bytes, file_name, limits, &mut sink)?;
    Ok(sink.0)
}

/// Receives a file's rows, sheet by sheet.
pub(crate) trait RowSink {
    fn sheet(&mut self, name: &str) -> Result<(), FileError>;
    /// A non-empty row. The sink may take the cells' values; the buffer is cleared afterwards.
    fn row(&mut self, row: u32, cells: &mut [Raw]) -> Result<(), FileError>;
}

/// Streams the rows of a file held in memory into `sink`.
///
/// The format reader runs on a second thread and hands rows over in batches, so parsing the
/// file and typing its rows (the sink's work) use both cores.
pub(crate) fn visit(
    bytes: &[u8],
    file_name: &str,
    limits: &Limits,
    sink: &mut dyn RowSink,
) -> Result<(), FileError> {
    let clock = Clock::start(limits);
    clock.check()?;
    if bytes.len() as u64 > limits.max_inflated_bytes {
        return Err(FileError::TooLarge);
    }
    let format = detect(file_name, &bytes[..bytes.len().min(8)])?;
    produce(limits, clock, sink, move |rows| match format {
        Format::Xlsx => xlsx::read(bytes, rows),
        Format::Xls => xls::read(bytes, rows),
        Format::Csv => csv::read(bytes, &sheet_name_of(file_name), rows),
    })
}

/// A csv file's one sheet is named as Excel names it: the file's stem, cut to a sheet name's
/// length.
pub(crate) fn sheet_name_of(file_name: &str) -> String {
    let stem = Path::new(file_name).file_stem().map(|s| s.to_string_lossy());
    stem.as_deref().unwrap_or("").chars().take(MAX_SHEET_NAME_CHARS).collect()
}

/// Runs `read` (a format reader feeding an `Assembler`) on a second thread, handing its rows
/// to `sink` in batches.
pub(crate) fn produce(
    limits: &Limits,
    clock: Clock,
    sink: &mut dyn RowSink,
    read: impl FnOnce(&mut Assembler<'_>) -> Result<(), FileError> + Send,
) -> Result<(), FileError> {
    let (sender, receiver) = mpsc::sync_channel(4);
    std::thread::scope(|scope| {
        let producer = scope.spawn(move || {
            let mut batches = Batcher { sender, batch: Batch::default() };
            let mut rows = Assembler::new(limits, clock, &mut batches);
            read(&mut rows)?;
            rows.finish()?;
            batches.send()
        });
        let consumed = consume(receiver, sink);
        let produced = producer.join().unwrap_or_else(|payload| {
            Err(FileError::Internal { detail: panic_text(payload.as_ref()) })
        });
        // When the sink refuses, the producer only learns that its receiver is gone.
        consumed.and(produced)
    })
}

/// Rows on their way from the reader thread to the sink.
#[derive(Default)]
struct Batch {
    /// Sheet starts and rows, in order; rows index into `cells`.
    items: Vec<Item>,
    cells: Vec<Raw>,
}

enum Item {
    Sheet(String),
    Row { row: u32, start: usize, end: usize },
}

const BATCH_ROWS: usize = 512;

struct Batcher {
    sender: mpsc::SyncSender<Batch>,
    batch: Batch,
}

impl Batcher {
    fn send(&mut self) -> Result<(), FileError> {
        let batch = std::mem::take(&mut self.batch);
        self.sender
            .send(batch)
            .map_err(|_| FileError::Internal { detail: "the row sink stopped".into() })
    }
}

impl RowSink for Batcher {
    fn sheet(&mut self, name: &str) -> Result<(), FileError> {
        self.batch.items.push(Item::Sheet(name.to_owned()));
        Ok(())
    }

    fn row(&mut self, row: u32, cells: &mut [Raw]) -> Result<(), FileError> {
        let start = self.batch.cells.len();
        self.batch.cells.extend(cells.iter_mut().map(std::mem::take));
        let end = self.batch.cells.len();
        self.batch.items.push(Item::Row { row, start, end });
        if self.batch.items.len() >= BATCH_ROWS { self.send() } else { Ok(()) }
    }
}

fn consume(receiver: mpsc::Receiver<Batch>, sink: &mut dyn RowSink) -> Result<(), FileError> {
    for mut batch in receiver {
        for item in batch.items {
            match item {
                Item::Sheet(name) => sink.sheet(&name)?,
                Item::Row { row, start, end } => sink.row(row, &mut batch.cells[start..end])?,
            }
        }
    }
    Ok(())
}

/// Reads a stored file whole, refusing it past the size limit without reading further.
pub(crate) fn read_file(path: &Path, limits: &Limits) -> Result<Vec<u8>, FileError> {
    let io = |e: std::io::Error| FileError::Io { detail: format!("{}: {e}", path.display()) };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(limits.max_inflated_bytes.saturating_add(1)).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limits.max_inflated_bytes {
        return Err(FileError::TooLarge);
    }
    Ok(bytes)
}

pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Runs a reader, turning a panic inside it (ours or a library's) into an error.
pub(crate) fn guarded<T, E: From<FileError>>(f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        Err(FileError::Internal { detail: panic_text(payload.as_ref()) }.into())
    })
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_inside_a_reader_becomes_an_internal_error() {
        let result: Result<(), FileError> = guarded(|| panic!("boom at row {}", 7));
        let e = result.unwrap_err();
        assert_eq!(e, FileError::Internal { detail: "boom at row 7".into() });
        assert!(e.is_internal());
        assert_eq!(e.to_string(), "文件解析失败（内部错误）");
    }
}
