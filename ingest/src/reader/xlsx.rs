//! xlsx: the archive is checked before calamine touches it, then sheets are streamed cell by
//! cell (calamine's `worksheet_range` would build a dense grid over the cells' bounding box).

use std::io::{Cursor, Read};

use calamine::{DataRef, Reader, Xlsx, XlsxError};
use memchr::memmem;
use zip::ZipArchive;
use zip::result::ZipError;

use super::{Assembler, Raw};
use crate::FileError;
use crate::limits::Clock;

/// Days between the 1904 and the 1900 date systems.
const DAYS_1904: f64 = 1462.0;

pub(super) fn read(bytes: &[u8], rows: &mut Assembler<'_>) -> Result<(), FileError> {
    check_archive(bytes, rows)?;
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(xlsx_error)?;
    rows.check_clock()?;
    let shift = if book.has_1904_epoch() { DAYS_1904 } else { 0.0 };
    let names = book.sheet_names();
    if names.len() > rows.limits().max_sheets {
        return Err(FileError::TooManySheets(rows.limits().max_sheets));
    }
    for name in names {
        let mut cells = match book.worksheet_cells_reader(&name) {
            Ok(cells) => cells,
            // Chart sheets and dialog sheets hold no cells.
            Err(XlsxError::NotAWorksheet(_)) => continue,
            Err(e) => return Err(xlsx_error(e)),
        };
        rows.begin_sheet(&name)?;
        while let Some(cell) = cells.next_cell().map_err(xlsx_error)? {
            let (row, col) = cell.get_position();
            rows.cell(row.saturating_add(1), col, raw(cell.get_value(), shift))?;
        }
    }
    Ok(())
}

fn raw(value: &DataRef<'_>, shift_1904: f64) -> Raw {
    match value {
        DataRef::Empty => Raw::Empty,
        DataRef::SharedString(s) => Raw::Text((*s).to_owned()),
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => {
            Raw::Text(s.clone())
        }
        DataRef::Float(f) => Raw::Number(*f),
        DataRef::Int(i) => Raw::Number(*i as f64),
        DataRef::Bool(b) => Raw::Bool(*b),
        DataRef::DateTime(d) if d.is_datetime() => Raw::DateTime(d.as_f64() + shift_1904),
        DataRef::DateTime(d) => Raw::DateTime(d.as_f64()),
        DataRef::Error(e) => Raw::Error(e.to_string()),
    }
}

fn xlsx_error(e: XlsxError) -> FileError {
    match e {
        XlsxError::Password => FileError::Encrypted,
        e => FileError::corrupt(e),
    }
}

/// Checks the archive before calamine reads it: the central directory's entry count, declared
/// sizes and compression ratios, then every XML part inflated for real (never trusting the
/// declared sizes) and scanned for DOCTYPE declarations.
fn check_archive(bytes: &[u8], rows: &Assembler<'_>) -> Result<(), FileError> {
    let limits = rows.limits();
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(zip_error)?;
    if zip.len() > limits.max_zip_entries {
        return Err(FileError::TooLarge);
    }
    let mut declared = 0u64;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(zip_error)?;
        if entry.encrypted() {
            return Err(FileError::Encrypted);
        }
        let size = entry.size();
        declared = declared.saturating_add(size);
        let ratio = size / entry.compressed_size().max(1);
        if declared > limits.max_inflated_bytes
            || (size > limits.ratio_floor_bytes && ratio > limits.max_compression_ratio)
        {
            return Err(FileError::TooLarge);
        }
    }
    let mut inflated = 0u64;
    let mut buf = vec![0u8; 64 * 1024];
    for i in 0..zip.len() {
        rows.check_clock()?;
        let mut entry = zip.by_index(i).map_err(zip_error)?;
        let name = entry.name().map_err(zip_error)?.to_ascii_lowercase();
        if entry.is_dir() || !(name.ends_with(".xml") || name.ends_with(".rels")) {
            continue;
        }
        let declared = entry.size();
        let budget = limits.max_inflated_bytes - inflated;
        let mut part = (&mut entry).take(budget.saturating_add(1));
        let scan = scan_part(&mut part, &mut buf, rows.clock()).map_err(|e| inflate_error(&e))?;
        inflated += scan.bytes;
        if inflated > limits.max_inflated_bytes || scan.bytes > declared {
            return Err(FileError::TooLarge);
        }
        if scan.doctype {
            return Err(FileError::UnsafeXml);
        }
        if name.ends_with("sharedstrings.xml") {
            check_unique_count(&scan.head, scan.bytes)?;
        }
    }
    Ok(())
}

/// How much of a part's start is kept for the checks of its root element.
const HEAD_BYTES: usize = 64 * 1024;

struct PartScan {
    bytes: u64,
    doctype: bool,
    /// The part's first `HEAD_BYTES`.
    head: Vec<u8>,
}

/// Inflates one part in chunks, looking for `<!D` (quick-xml reads `<!DOCTYPE` in any case).
fn scan_part(part: &mut impl Read, buf: &mut [u8], clock: &Clock) -> std::io::Result<PartScan> {
    let finder = memmem::Finder::new(b"<!");
    let mut scan = PartScan { bytes: 0, doctype: false, head: Vec::new() };
    // The last two bytes of the previous chunk, so a `<!D` split across chunks is seen.
    let mut carry = [0u8; 2];
    let mut chunks = 0u32;
    loop {
        let n = part.read(&mut buf[2..])?;
        if n == 0 {
            return Ok(scan);
        }
        if scan.head.len() < HEAD_BYTES {
            let keep = n.min(HEAD_BYTES - scan.head.len());
            scan.head.extend_from_slice(&buf[2..2 + keep]);
        }
        buf[..2].copy_from_slice(&carry);
        let window = &buf[..2 + n];
        for at in finder.find_iter(window) {
            if matches!(window.get(at + 2), Some(b'D' | b'd')) {
                scan.doctype = true;
                return Ok(scan);
            }
        }
        carry.copy_from_slice(&window[window.len() - 2..]);
        scan.bytes += n as u64;
        chunks += 1;
        if chunks.is_multiple_of(64) && clock.check().is_err() {
            return Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "deadline"));
        }
    }
}

/// calamine reserves the shared-string table from `<sst uniqueCount>` before reading it; a
/// count no part of this size could hold is refused (each `<si/>` takes at least 5 bytes).
fn check_unique_count(head: &[u8], part_bytes: u64) -> Result<(), FileError> {
    let Some(start) = memmem::find(head, b"<sst") else {
        return Err(FileError::Malformed);
    };
    let Some(len) = head[start..].iter().position(|&b| b == b'>') else {
        return Err(FileError::Malformed);
    };
    let tag = &head[start..start + len];
    let Some(at) = memmem::find(tag, b"uniqueCount=") else {
        return Ok(());
    };
    let digits = tag[at + 13..].iter().take_while(|b| b.is_ascii_digit()).count();
    let count: u64 = std::str::from_utf8(&tag[at + 13..at + 13 + digits])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(u64::MAX);
    if count > part_bytes / 5 { Err(FileError::TooLarge) } else { Ok(()) }
}

fn zip_error(e: ZipError) -> FileError {
    match e {
        ZipError::UnsupportedArchive(m) if m.contains("assword") => FileError::Encrypted,
        e => FileError::corrupt(e),
    }
}

/// The zip crate stops an entry that inflates past its declared size; that is a bomb, not
/// damage. The deadline surfaces here too, as a timed-out read.
fn inflate_error(e: &std::io::Error) -> FileError {
    if e.kind() == std::io::ErrorKind::TimedOut {
        FileError::Timeout
    } else if e.to_string().contains("declared") {
        FileError::TooLarge
    } else {
        FileError::corrupt(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    /// Hands out its bytes a few at a time, as an inflater may.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(self.0.len()).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_doctype_split_across_reads_is_found() {
        let clock = Clock::start(&Limits::default());
        let xml = b"<?xml version=\"1.0\"?><!doctype x [<!ENTITY a \"b\">]><x/>";
        for step in 1..8 {
            let mut buf = vec![0u8; 2 + step];
            let scan = scan_part(&mut Trickle(xml, step), &mut buf, &clock).unwrap();
            assert!(scan.doctype, "read {step} bytes at a time");
        }
        let mut buf = vec![0u8; 4];
        let scan = scan_part(&mut Trickle(b"<x><!-- note --></x>", 2), &mut buf, &clock).unwrap();
        assert!(!scan.doctype);
        assert_eq!(scan.bytes, 20);
    }
}
