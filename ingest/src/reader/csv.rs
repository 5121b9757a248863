//! csv: UTF-8 (with or without BOM) or GBK, comma- or tab-separated. Every field is text.
//!
//! One reader serves a file held in memory and a file streamed from disk: the bytes are
//! parsed as they come (csv_core, a record at a time) and each field is decoded on its own.
//! That is safe for GBK too, since its second bytes (0x40–0xFE) are never a quote, a comma,
//! a tab or a line end. The encoding and the separator are decided on a sample: the whole
//! file when it is in memory, its first [`SAMPLE_BYTES`] when it is streamed.

use std::io::{BufRead, Read};

use csv_core::{ReadRecordResult, ReaderBuilder};

use super::{Assembler, Raw};
use crate::FileError;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The head of a streamed file the encoding and separator are decided on.
pub(super) const SAMPLE_BYTES: usize = 1 << 20;

/// The longest record (its fields' bytes together) and the most fields a record may have,
/// empty ones included: beyond them only a crafted file goes, and the buffers stay bounded.
const MAX_RECORD_BYTES: usize = 64 << 20;
const MAX_FIELDS: usize = 1 << 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Encoding {
    Utf8,
    Gbk,
}

/// What the sample says: the encoding and the separator.
#[derive(Debug, Clone, Copy)]
pub(super) struct Dialect {
    pub encoding: Encoding,
    pub delimiter: u8,
}

impl Dialect {
    /// Valid UTF-8 (after an optional BOM) is UTF-8; anything else must be well-formed GBK.
    /// `complete` says the sample is the whole file; otherwise a character cut at its end is
    /// not held against it.
    pub(super) fn of(sample: &[u8], complete: bool) -> Result<Dialect, FileError> {
        let sample = sample.strip_prefix(UTF8_BOM).unwrap_or(sample);
        let utf8 = match std::str::from_utf8(sample) {
            Ok(_) => true,
            Err(e) => !complete && e.error_len().is_none(),
        };
        let encoding = if utf8 { Encoding::Utf8 } else { Encoding::Gbk };
        if encoding == Encoding::Gbk && complete && decode(Encoding::Gbk, sample).is_none() {
            return Err(FileError::Encoding);
        }
        Ok(Dialect { encoding, delimiter: delimiter(sample, encoding) })
    }
}

/// Tab-separated text saved with a .csv name is common from Excel's "text" export; the first
/// non-blank line decides.
fn delimiter(sample: &[u8], encoding: Encoding) -> u8 {
    let first = sample
        .split(|&b| b == b'\n')
        .find(|line| {
            let text = match encoding {
                Encoding::Utf8 => String::from_utf8_lossy(line),
                Encoding::Gbk => encoding_rs::GBK.decode_without_bom_handling(line).0,
            };
            !text.trim().is_empty()
        })
        .unwrap_or(&[]);
    let count = |c: u8| first.iter().filter(|&&b| b == c).count();
    if count(b'\t') > count(b',') { b'\t' } else { b',' }
}

fn decode(encoding: Encoding, bytes: &[u8]) -> Option<std::borrow::Cow<'_, str>> {
    match encoding {
        Encoding::Utf8 => std::str::from_utf8(bytes).ok().map(std::borrow::Cow::Borrowed),
        Encoding::Gbk => encoding_rs::GBK.decode_without_bom_handling_and_without_replacement(bytes),
    }
}

/// Reads a csv file held in memory as one sheet.
pub(super) fn read(bytes: &[u8], sheet: &str, rows: &mut Assembler<'_>) -> Result<(), FileError> {
    let dialect = Dialect::of(bytes, true)?;
    read_stream(bytes, dialect, sheet, rows, &mut |_| {})
}

/// Reads csv from `input` as one sheet, telling `progress` how many bytes each step consumed.
pub(super) fn read_stream(
    mut input: impl BufRead,
    dialect: Dialect,
    sheet: &str,
    rows: &mut Assembler<'_>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), FileError> {
    // A BOM starts the file only; it is not part of the first field.
    progress(skip_bom(&mut input)?);
    rows.begin_sheet(sheet)?;
    let mut parser = ReaderBuilder::new().delimiter(dialect.delimiter).build();
    let (mut out, mut ends) = (vec![0u8; 4096], vec![0usize; 64]);
    let (mut out_len, mut ends_len) = (0usize, 0usize);
    let mut lines = Lines::default();
    let mut records = 0u32;
    loop {
        let block = input.fill_buf().map_err(|e| FileError::Io { detail: e.to_string() })?;
        let (result, read, wrote, ended) = parser.read_record(block, &mut out[out_len..], &mut ends[ends_len..]);
        lines.consume(&block[..read]);
        input.consume(read);
        progress(read);
        out_len += wrote;
        ends_len += ended;
        match result {
            ReadRecordResult::InputEmpty => {}
            ReadRecordResult::OutputFull => grow(&mut out, MAX_RECORD_BYTES, || too_long(rows, &lines))?,
            ReadRecordResult::OutputEndsFull => grow(&mut ends, MAX_FIELDS, || too_wide(rows, &lines))?,
            ReadRecordResult::Record => {
                records = records.wrapping_add(1);
                if records.is_multiple_of(1024) {
                    rows.check_clock()?;
                }
                let row = lines.row()?;
                let mut start = 0;
                for (col, &end) in ends[..ends_len].iter().enumerate() {
                    let field = &out[start..end];
                    start = end;
                    lines.embedded += memchr::memchr_iter(b'\n', field).count() as u64;
                    let text = decode(dialect.encoding, field).ok_or(FileError::Encoding)?;
                    if !text.trim().is_empty() {
                        let col = u32::try_from(col).unwrap_or(u32::MAX);
                        rows.cell(row, col, Raw::Text(text.into_owned().into()))?;
                    }
                }
                (out_len, ends_len) = (0, 0);
            }
            ReadRecordResult::End => return Ok(()),
        }
    }
}

/// Skips a BOM; answers the bytes skipped.
fn skip_bom(input: &mut impl BufRead) -> Result<usize, FileError> {
    let head = input.fill_buf().map_err(|e| FileError::Io { detail: e.to_string() })?;
    if !head.starts_with(UTF8_BOM) {
        return Ok(0);
    }
    input.consume(UTF8_BOM.len());
    Ok(UTF8_BOM.len())
}

/// Doubles a parser buffer, up to `max` entries.
fn grow<T: Default + Clone>(buf: &mut Vec<T>, max: usize, refuse: impl FnOnce() -> FileError) -> Result<(), FileError> {
    if buf.len() >= max {
        return Err(refuse());
    }
    buf.resize((buf.len() * 2).min(max), T::default());
    Ok(())
}

fn too_long(rows: &Assembler<'_>, lines: &Lines) -> FileError {
    let (sheet, row, max) = (rows.sheet_name().to_owned(), lines.next_row(), rows.limits().max_cell_chars);
    FileError::CellTooLong { sheet, row, max }
}

fn too_wide(rows: &Assembler<'_>, lines: &Lines) -> FileError {
    let (sheet, row, max) = (rows.sheet_name().to_owned(), lines.next_row(), rows.limits().max_cols);
    FileError::TooManyColumns { sheet, row, max }
}

/// Row numbers as Excel shows them: every line is a row, blank ones included, except that a
/// quoted field's newlines stay inside its row. A record's row is one more than the newlines
/// before its first byte, less those inside earlier records' fields.
#[derive(Default)]
struct Lines {
    /// Newlines consumed so far.
    newlines: u64,
    /// Newlines inside fields of the records read so far.
    embedded: u64,
    /// Still between records (line ends and blank lines), the next record's first byte unseen.
    between: bool,
    /// The newlines before the current record's first byte.
    before: u64,
    last_row: u32,
    started: bool,
}

impl Lines {
    fn consume(&mut self, bytes: &[u8]) {
        if !self.started {
            (self.started, self.between) = (true, true);
        }
        let mut rest = bytes;
        if self.between {
            let gap = rest.iter().take_while(|&&b| b == b'\r' || b == b'\n').count();
            self.newlines += rest[..gap].iter().filter(|&&b| b == b'\n').count() as u64;
            rest = &rest[gap..];
            if !rest.is_empty() {
                self.between = false;
                self.before = self.newlines;
            }
        }
        self.newlines += memchr::memchr_iter(b'\n', rest).count() as u64;
    }

    /// The row of the record just read; the next bytes are between records again.
    fn row(&mut self) -> Result<u32, FileError> {
        self.between = true;
        let row = u32::try_from(1 + self.before - self.embedded).map_err(|_| FileError::TooLarge)?;
        // Lone-CR line ends aren't counted; never let two records share a row number.
        let row = row.max(self.last_row.saturating_add(1));
        self.last_row = row;
        Ok(row)
    }

    /// The row of the record being read, for a refusal before it ends.
    fn next_row(&self) -> u32 {
        u32::try_from(1 + self.before - self.embedded).unwrap_or(u32::MAX).max(self.last_row.saturating_add(1))
    }
}

/// The head of a streamed file, read to decide on: up to one byte past [`SAMPLE_BYTES`] (which
/// tells whether the sample is the whole file), to be read again before the rest.
pub(super) fn head(file: &mut impl Read) -> Result<Vec<u8>, FileError> {
    let mut head = Vec::new();
    file.take(SAMPLE_BYTES as u64 + 1)
        .read_to_end(&mut head)
        .map_err(|e| FileError::Io { detail: e.to_string() })?;
    Ok(head)
}

/// The dialect of a streamed file from its [`head`].
pub(super) fn dialect_of_head(head: &[u8]) -> Result<Dialect, FileError> {
    let complete = head.len() <= SAMPLE_BYTES;
    Dialect::of(&head[..head.len().min(SAMPLE_BYTES)], complete)
}
