//! Gathers a format reader's cells into rows and applies the caps that don't depend on the
//! format (columns, cell length, text, rows per file and per sheet, the deadline).

use super::{Raw, RowSink};
use crate::limits::Clock;
use crate::{FileError, Limits};

/// Gathers cells into rows and applies the format-independent caps.
pub(crate) struct Assembler<'a> {
    limits: &'a Limits,
    clock: Clock,
    sink: &'a mut dyn RowSink,
    sheet: String,
    row: u32,
    cells: Vec<Raw>,
    rows_seen: u32,
    sheet_rows: u32,
    ticks: u32,
    text_bytes: u64,
}

impl<'a> Assembler<'a> {
    pub(super) fn new(limits: &'a Limits, clock: Clock, sink: &'a mut dyn RowSink) -> Self {
        Assembler {
            limits,
            clock,
            sink,
            sheet: String::new(),
            row: 0,
            cells: Vec::new(),
            rows_seen: 0,
            sheet_rows: 0,
            ticks: 0,
            text_bytes: 0,
        }
    }

    pub(crate) fn limits(&self) -> &Limits {
        self.limits
    }

    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Fails once the deadline has passed; cheap enough to call per row.
    pub(crate) fn check_clock(&self) -> Result<(), FileError> {
        self.clock.check()
    }

    pub(crate) fn sheet_name(&self) -> &str {
        &self.sheet
    }

    pub(crate) fn begin_sheet(&mut self, name: &str) -> Result<(), FileError> {
        self.flush()?;
        self.sheet_rows = 0;
        self.sheet.clear();
        self.sheet.push_str(name);
        self.sink.sheet(name)
    }

    /// One cell at a 1-based row and a 0-based column. Cells of a row arrive together; a
    /// different row number ends the current row.
    pub(crate) fn cell(&mut self, row: u32, col: u32, value: Raw) -> Result<(), FileError> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(1024) {
            self.clock.check()?;
        }
        if value.is_blank() {
            return Ok(());
        }
        if row != self.row {
            self.flush()?;
            self.row = row;
        }
        let limits = self.limits;
        if col >= limits.max_cols {
            let (sheet, max) = (self.sheet.clone(), limits.max_cols);
            return Err(FileError::TooManyColumns { sheet, row, max });
        }
        let text = match &value {
            Raw::Text(s) => Some(s.as_str()),
            Raw::Error(s) => Some(s.as_str()),
            _ => None,
        };
        if let Some(s) = text {
            // Bytes bound chars from above, so most cells skip the count.
            if s.len() > limits.max_cell_chars && s.chars().count() > limits.max_cell_chars {
                let (sheet, max) = (self.sheet.clone(), limits.max_cell_chars);
                return Err(FileError::CellTooLong { sheet, row, max });
            }
            self.text_bytes += s.len() as u64;
            if self.text_bytes > limits.max_text_bytes {
                return Err(FileError::TooMuchText(limits.max_text_bytes >> 20));
            }
        }
        let i = col as usize;
        if self.cells.len() <= i {
            self.cells.resize(i + 1, Raw::Empty);
        }
        self.cells[i] = value;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), FileError> {
        if self.cells.is_empty() {
            return Ok(());
        }
        self.rows_seen += 1;
        if self.rows_seen > self.limits.max_rows {
            return Err(FileError::TooManyRows(self.limits.max_rows));
        }
        self.sheet_rows += 1;
        if self.sheet_rows > self.limits.max_sheet_rows {
            return Err(FileError::TooManyRows(self.limits.max_sheet_rows));
        }
        self.sink.row(self.row, &mut self.cells)?;
        self.cells.clear();
        Ok(())
    }

    pub(super) fn finish(mut self) -> Result<(), FileError> {
        self.flush()?;
        self.clock.check()
    }
}

