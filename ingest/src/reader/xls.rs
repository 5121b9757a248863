//! xls: calamine parses a whole workbook when it opens it, so everything it will allocate is
//! bounded first. `cfb` checks the container and hands over the Workbook stream; the record
//! scan below walks that stream the way calamine does and adds up what calamine will build:
//! the cell lists (reserved from each sheet's declared DIMENSIONS), the dense grid over each
//! sheet's cells and the formula grid. Long runs of CONTINUE records are refused too: calamine
//! consumes them from the front of a vector, which turns quadratic. calamine copies a shared
//! string (SST) into every cell that shows it, so each reference counts its string's length,
//! and a reference past the table is refused (calamine would drop the cell silently).

use std::io::Cursor;
use std::mem::size_of;

use calamine::{Cell, Data, Reader, Xls, XlsError};

use super::{Assembler, Raw, cfb};
use crate::limits::MAX_SHEET_NAME_CHARS;
use crate::{FileError, Limits};

const DAYS_1904: f64 = 1462.0;
/// Legitimate shared-string tables reach a few thousand CONTINUE records.
const MAX_CONTINUE_RUN: u32 = 16_384;
/// What calamine may build from a file: this many times the Workbook stream, plus
/// `MEMORY_FLOOR`, and never past `max_inflated_bytes`. Its dense form of a full sheet is
/// about ten times the records (a cell list entry, a grid cell and the grid's clone per cell).
const MEMORY_PER_BYTE: u64 = 16;
const MEMORY_FLOOR: u64 = 8 << 20;
/// The most UTF-8 bytes one character of an .xls string becomes.
const UTF8_PER_CHAR: u64 = 3;

pub(super) fn read(bytes: &[u8], rows: &mut Assembler<'_>) -> Result<(), FileError> {
    let stream = cfb::workbook_stream(bytes)?;
    scan_records(&stream, rows.limits())?;
    drop(stream);
    rows.check_clock()?;
    let mut book: Xls<_> = Xls::new(Cursor::new(bytes)).map_err(xls_error)?;
    rows.check_clock()?;
    let shift = if book.has_1904_epoch() { DAYS_1904 } else { 0.0 };
    for name in book.sheet_names() {
        let range = book.worksheet_range(&name).map_err(xls_error)?;
        rows.begin_sheet(&name)?;
        let Some((first_row, first_col)) = range.start() else { continue };
        for (i, cells) in range.rows().enumerate() {
            rows.check_clock()?;
            let row = first_row.saturating_add(i as u32).saturating_add(1);
            for (j, value) in cells.iter().enumerate() {
                rows.cell(row, first_col.saturating_add(j as u32), raw(value, shift))?;
            }
        }
    }
    Ok(())
}

fn raw(value: &Data, shift_1904: f64) -> Raw {
    match value {
        Data::Empty => Raw::Empty,
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => Raw::Text(s.as_str().into()),
        Data::Float(f) => Raw::Number(*f),
        Data::Int(i) => Raw::Number(*i as f64),
        Data::Bool(b) => Raw::Bool(*b),
        Data::DateTime(d) if d.is_datetime() => Raw::DateTime(d.as_f64() + shift_1904),
        Data::DateTime(d) => Raw::DateTime(d.as_f64()),
        Data::Error(e) => Raw::Error(e.to_string()),
    }
}

fn xls_error(e: XlsError) -> FileError {
    match e {
        XlsError::Password => FileError::Encrypted,
        e => FileError::corrupt(e),
    }
}

/// One BIFF record: type and body.
struct Record<'a> {
    typ: u16,
    data: &'a [u8],
}

/// Frames records from `at` like calamine does; stops where calamine would fail.
struct Records<'a> {
    stream: &'a [u8],
    at: usize,
    continue_run: u32,
}

impl<'a> Records<'a> {
    fn new(stream: &'a [u8], at: usize) -> Self {
        Records { stream, at, continue_run: 0 }
    }

    fn next(&mut self) -> Result<Option<Record<'a>>, FileError> {
        let rest = &self.stream[self.at..];
        if rest.len() < 4 {
            return Ok(None);
        }
        let typ = u16::from_le_bytes([rest[0], rest[1]]);
        let len = u16::from_le_bytes([rest[2], rest[3]]) as usize;
        let Some(data) = rest.get(4..4 + len) else { return Ok(None) };
        self.at += 4 + len;
        if typ == 0x003C {
            self.continue_run += 1;
            if self.continue_run > MAX_CONTINUE_RUN {
                return Err(FileError::Malformed);
            }
        } else {
            self.continue_run = 0;
        }
        Ok(Some(Record { typ, data }))
    }
}

/// Walks the globals for sheet offsets, then each sheet as calamine will, and refuses the file
/// when what calamine would allocate exceeds `max_inflated_bytes`.
fn scan_records(stream: &[u8], limits: &Limits) -> Result<(), FileError> {
    let mut offsets = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut shared: Vec<u16> = Vec::new();
    let mut globals = Records::new(stream, 0);
    while let Some(r) = globals.next()? {
        match r.typ {
            0x002F if r.data.len() >= 2 && r.data[..2] != [0, 0] => {
                return Err(FileError::Encrypted);
            }
            0x0085 => {
                let pos = r.data.get(..4).ok_or(FileError::Malformed)?;
                let pos = u32::from_le_bytes(pos.try_into().expect("4 bytes")) as usize;
                if pos > stream.len() || r.data.len() < 6 {
                    return Err(FileError::Malformed);
                }
                // The name's length in characters (BIFF5 and BIFF8 alike).
                if r.data.get(6).is_some_and(|&n| usize::from(n) > MAX_SHEET_NAME_CHARS) {
                    return Err(FileError::SheetNameTooLong(MAX_SHEET_NAME_CHARS));
                }
                // calamine reads a substream once per entry naming it, and keeps sheets by
                // name: a second entry at the same place, or under the same name, would be
                // the same rows again.
                let name = sheet_name(r.data);
                let twin = offsets.iter().zip(&names).find(|&(&at, n)| at == pos || *n == name);
                if let Some((_, first)) = twin {
                    return Err(FileError::SharedSheetPart { sheet: name, first: first.clone() });
                }
                names.push(name);
                offsets.push(pos);
                if offsets.len() > limits.max_sheets {
                    return Err(FileError::TooManySheets(limits.max_sheets));
                }
            }
            0x00FC => shared = shared_string_lengths(r.data, &continues(stream, globals.at))?,
            0x000A => break,
            _ => {}
        }
    }
    // calamine's table: a `String` per entry, each reserved at its length, in a vector that
    // grows by doubling (up to twice its entries).
    let mut memory = shared.iter().fold(0u64, |sum, &chars| {
        sum.saturating_add(2 * size_of::<String>() as u64 + UTF8_PER_CHAR * u64::from(chars))
    });
    // Sheets are consecutive substreams; offsets that make the walks overlap much are crafted.
    let walk_budget = stream.len().saturating_mul(2).saturating_add(1 << 20);
    let mut walked = 0usize;
    let mut widest_grid = 0u64;
    for pos in offsets {
        let sheet = scan_sheet(stream, pos, &shared)?;
        walked = walked.saturating_add(sheet.walked);
        if walked > walk_budget {
            return Err(FileError::Malformed);
        }
        let grid = sheet
            .cells
            .area()
            .saturating_mul(size_of::<Data>() as u64)
            .saturating_add(sheet.shared_bytes);
        let cell_list = sheet.reserved.max(sheet.cell_count);
        memory = memory
            .saturating_add(cell_list.saturating_mul(size_of::<Cell<Data>>() as u64))
            .saturating_add(grid)
            .saturating_add(sheet.formula_count.saturating_mul(size_of::<Cell<String>>() as u64))
            .saturating_add(sheet.formulas.area().saturating_mul(size_of::<String>() as u64));
        widest_grid = widest_grid.max(grid);
    }
    // Reading a sheet clones its grid once more.
    let budget = (stream.len() as u64)
        .saturating_mul(MEMORY_PER_BYTE)
        .saturating_add(MEMORY_FLOOR)
        .min(limits.max_inflated_bytes);
    if memory.saturating_add(widest_grid) > budget {
        return Err(FileError::TooLarge);
    }
    Ok(())
}

#[derive(Default)]
struct SheetScan {
    walked: usize,
    reserved: u64,
    cell_count: u64,
    cells: Bounds,
    formula_count: u64,
    formulas: Bounds,
    /// Bytes of the shared strings the sheet's cells show, each reference counted.
    shared_bytes: u64,
}

/// The bounding box of a set of cells, which calamine turns into a dense grid.
#[derive(Default)]
struct Bounds(Option<(u32, u32, u32, u32)>);

impl Bounds {
    fn add(&mut self, row: u32, col: u32) {
        let b = self.0.get_or_insert((row, row, col, col));
        *b = (b.0.min(row), b.1.max(row), b.2.min(col), b.3.max(col));
    }

    fn area(&self) -> u64 {
        self.0.map_or(0, |(r0, r1, c0, c1)| {
            (u64::from(r1 - r0) + 1).saturating_mul(u64::from(c1 - c0) + 1)
        })
    }
}

fn scan_sheet(stream: &[u8], pos: usize, shared: &[u16]) -> Result<SheetScan, FileError> {
    let mut scan = SheetScan::default();
    let mut records = Records::new(stream, pos);
    let (mut seen_bof, mut depth) = (false, 0usize);
    let mut formula_at = (0u32, 0u32);
    while let Some(r) = records.next()? {
        let d = r.data;
        let row_col = || {
            (d.len() >= 4).then(|| {
                (
                    u32::from(u16::from_le_bytes([d[0], d[1]])),
                    u32::from(u16::from_le_bytes([d[2], d[3]])),
                )
            })
        };
        if depth > 0 {
            match r.typ {
                0x0809 => depth += 1,
                0x000A => depth -= 1,
                _ => {}
            }
            continue;
        }
        match r.typ {
            // A BOF after the sheet's own starts an embedded substream (a chart ...).
            0x0809 if seen_bof => depth += 1,
            0x0809 => seen_bof = true,
            0x0200 => scan.reserved = scan.reserved.max(declared_cells(d)),
            0x00FD if d.len() >= 10 => {
                let index = u32::from_le_bytes([d[6], d[7], d[8], d[9]]) as usize;
                let chars = shared.get(index).ok_or_else(|| {
                    FileError::corrupt("a shared-string index past the table")
                })?;
                scan.shared_bytes =
                    scan.shared_bytes.saturating_add(UTF8_PER_CHAR * u64::from(*chars));
                let (row, col) = row_col().expect("10 bytes");
                scan.cells.add(row, col);
                scan.cell_count += 1;
            }
            0x0203 | 0x0204 | 0x00D6 | 0x0205 | 0x027E | 0x00FD => {
                if let Some((row, col)) = row_col() {
                    scan.cells.add(row, col);
                    scan.cell_count += 1;
                }
            }
            0x00BD if d.len() >= 6 => {
                let (row, first) = row_col().expect("6 bytes");
                let last = u32::from(u16::from_le_bytes([d[d.len() - 2], d[d.len() - 1]]));
                if last >= first && d.len() as u64 == 6 + 6 * u64::from(last - first + 1) {
                    scan.cells.add(row, first);
                    scan.cells.add(row, last);
                    scan.cell_count += u64::from(last - first + 1);
                }
            }
            0x0006 if d.len() >= 20 => {
                formula_at = row_col().expect("20 bytes");
                scan.cells.add(formula_at.0, formula_at.1);
                scan.formulas.add(formula_at.0, formula_at.1);
                scan.cell_count += 1;
                scan.formula_count += 1;
            }
            0x0207 => {
                scan.cells.add(formula_at.0, formula_at.1);
                scan.cell_count += 1;
            }
            0x000A => break,
            _ => {}
        }
    }
    scan.walked = records.at - pos;
    Ok(scan)
}

/// A BOUNDSHEET record's sheet name, for messages and comparison: BIFF8's (8-bit or UTF-16
/// by its flags byte); other versions' 8-bit names read as Latin-1.
fn sheet_name(d: &[u8]) -> String {
    let chars = d.get(6).map_or(0, |&n| usize::from(n));
    let text = d.get(8..).unwrap_or_default();
    match d.get(7) {
        Some(flags) if flags & 0x1 != 0 => {
            let units: Vec<u16> = text
                .chunks_exact(2)
                .take(chars)
                .map(|u| u16::from_le_bytes([u[0], u[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        Some(_) => text.iter().take(chars).map(|&b| char::from(b)).collect(),
        None => String::new(),
    }
}

/// The CONTINUE records right after the record that ends at `at`, as calamine joins them.
fn continues(stream: &[u8], at: usize) -> Vec<&[u8]> {
    let mut pieces = Vec::new();
    let mut records = Records::new(stream, at);
    while let Ok(Some(r)) = records.next() {
        if r.typ != 0x003C {
            break;
        }
        pieces.push(r.data);
    }
    pieces
}

/// The length in characters of each string of an SST record (`first`, then its CONTINUE
/// records), walked as calamine reads it: a string's characters may run on into the next
/// record, which then starts with its own flags byte; formatting runs and phonetic data are
/// skipped across records. What calamine can't read is corrupt here too.
fn shared_string_lengths(first: &[u8], rest: &[&[u8]]) -> Result<Vec<u16>, FileError> {
    let bad = || FileError::corrupt("a malformed shared-string table");
    let mut data = first.get(8..).ok_or_else(bad)?;
    let mut rest = rest.iter();
    let mut lengths = Vec::new();
    loop {
        if data.is_empty() {
            match rest.next() {
                Some(next) => data = next,
                None => return Ok(lengths),
            }
            // calamine reads an empty record as an empty string.
            if data.is_empty() {
                lengths.push(0);
                continue;
            }
        }
        let head = data.get(..3).ok_or_else(bad)?;
        let cch = u16::from_le_bytes([head[0], head[1]]);
        let flags = head[2];
        data = &data[3..];
        let mut skip = 0usize;
        if flags & 0x8 != 0 {
            let runs = data.get(..2).ok_or_else(bad)?;
            skip += 4 * usize::from(u16::from_le_bytes([runs[0], runs[1]]));
            data = &data[2..];
        }
        if flags & 0x4 != 0 {
            let ext = data.get(..4).ok_or_else(bad)?;
            let ext = i32::from_le_bytes([ext[0], ext[1], ext[2], ext[3]]);
            skip += usize::try_from(ext).map_err(|_| bad())?;
            data = &data[4..];
        }
        let (mut left, mut wide) = (usize::from(cch), flags & 0x1 != 0);
        loop {
            let width = if wide { 2 } else { 1 };
            let n = left.min(data.len() / width);
            data = &data[n * width..];
            left -= n;
            if left == 0 {
                break;
            }
            let next = rest.next().ok_or_else(bad)?;
            let (&flags, chars) = next.split_first().ok_or_else(bad)?;
            wide = flags & 0x1 != 0;
            data = chars;
        }
        while skip > 0 {
            if data.is_empty() {
                data = rest.next().ok_or_else(bad)?;
                continue;
            }
            let n = skip.min(data.len());
            data = &data[n..];
            skip -= n;
        }
        lengths.push(cch);
    }
}

/// The cell count calamine reserves for a DIMENSIONS record, computed with the same
/// wrap-around its release build has when the last row precedes the first.
fn declared_cells(d: &[u8]) -> u64 {
    let u16_at = |at: usize| u32::from(u16::from_le_bytes([d[at], d[at + 1]]));
    let u32_at = |at: usize| u32::from_le_bytes([d[at], d[at + 1], d[at + 2], d[at + 3]]);
    let (first_row, last_row, mut first_col, last_col) = match d.len() {
        10 => (u16_at(0), u16_at(2), u16_at(4), u16_at(6)),
        14 | 16 => (u32_at(0), u32_at(4), u16_at(8), u16_at(10)),
        _ => return 0,
    };
    if first_col > 0xFF || last_col < first_col {
        first_col = 0;
    }
    let (end_row, end_col) = if last_row >= 1 && last_col >= 1 {
        (last_row - 1, last_col - 1)
    } else {
        (first_row, first_col)
    };
    let rows = u64::from(end_row.wrapping_sub(first_row).wrapping_add(1));
    let cols = u64::from(end_col.wrapping_sub(first_col).wrapping_add(1));
    rows.saturating_mul(cols)
}
