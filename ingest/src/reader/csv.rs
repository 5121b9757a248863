//! csv: UTF-8 (with or without BOM) or GBK, comma- or tab-separated. Every field is text.

use std::borrow::Cow;

use super::{Assembler, Raw};
use crate::FileError;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

pub(super) fn read(bytes: &[u8], sheet: &str, rows: &mut Assembler<'_>) -> Result<(), FileError> {
    let text = decode(bytes)?;
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter(&text))
        .from_reader(text.as_bytes());
    rows.begin_sheet(sheet)?;
    let mut record = ::csv::StringRecord::new();
    // Excel shows every line as a row, blank ones included, except that a quoted field's
    // newlines stay inside its row: count the newlines before each record, less those.
    let input = text.as_bytes();
    let (mut counted_to, mut newlines, mut embedded) = (0usize, 0u64, 0u64);
    let mut records = 0u32;
    let mut last_row = 0u32;
    while reader.read_record(&mut record).map_err(FileError::corrupt)? {
        records = records.wrapping_add(1);
        if records.is_multiple_of(1024) {
            rows.check_clock()?;
        }
        // csv reports a record's start at the previous record's terminator; step past it and
        // past blank lines to the record's first byte.
        let mut start = record.position().map_or(counted_to, |p| p.byte() as usize);
        start = start.max(counted_to);
        while matches!(input.get(start), Some(b'\r' | b'\n')) {
            start += 1;
        }
        newlines += memchr::memchr_iter(b'\n', &input[counted_to..start]).count() as u64;
        counted_to = start;
        // Lone-CR line ends aren't counted; never let two records share a row number.
        let row = u32::try_from(1 + newlines - embedded).map_err(|_| FileError::TooLarge)?;
        let row = row.max(last_row.saturating_add(1));
        last_row = row;
        for (col, field) in record.iter().enumerate() {
            if !field.trim().is_empty() {
                let col = u32::try_from(col).unwrap_or(u32::MAX);
                rows.cell(row, col, Raw::Text(field.into()))?;
            }
            embedded += memchr::memchr_iter(b'\n', field.as_bytes()).count() as u64;
        }
    }
    Ok(())
}

/// Valid UTF-8 (after an optional BOM) is UTF-8; anything else must be well-formed GBK.
fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, FileError> {
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(text));
    }
    encoding_rs::GBK
        .decode_without_bom_handling_and_without_replacement(bytes)
        .ok_or(FileError::Encoding)
}

/// Tab-separated text saved with a .csv name is common from Excel's "text" export; the first
/// line decides.
fn delimiter(text: &str) -> u8 {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let tabs = first.matches('\t').count();
    if tabs > first.matches(',').count() { b'\t' } else { b',' }
}
