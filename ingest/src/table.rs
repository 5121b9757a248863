//! A file read as tables: on every sheet the header row is looked for among the first rows
//! (a sheet without one is not a data sheet and is skipped), then each data row goes to the
//! import's row reader, which keeps good rows and records every bad cell. One bad cell
//! anywhere rejects the whole file, with every error listed.

use crate::header::{self, Field, HEADER_SEARCH_ROWS, Header, Verdict};
use crate::reader::{self, Raw, RowSink};
use crate::values::{self, EMPTY};
use crate::{FileError, Limits, MAX_ROW_ERRORS, Rejected, RowError};

/// What the rows of a file came to: the good rows (dropped at the first error) and the errors.
pub(crate) struct Output<T> {
    pub rows: Vec<T>,
    pub errors: Vec<RowError>,
    pub omitted: usize,
}

/// What reads one data row, given the sheet's header and `(sheet name, row number)`.
pub(crate) trait ReadRow<T>: FnMut(&Header, (&str, u32), &mut [Raw], &mut Output<T>) {}

impl<T, F: FnMut(&Header, (&str, u32), &mut [Raw], &mut Output<T>)> ReadRow<T> for F {}

/// Reads one import's tables: `fields` is its column table, `optional` the required fields
/// the caller has made optional, `read_row` reads a data row given the sheet's header and
/// `(sheet name, row number)`.
pub(crate) struct Table<'f, T, R> {
    fields: &'f [Field],
    optional: &'f [usize],
    read_row: R,
    sheet: String,
    state: State,
    /// Sheets with a header row.
    headers: usize,
    out: Output<T>,
}

enum State {
    /// Looking for the header; counts the rows seen so far.
    Seeking(u32),
    Reading(Header),
    /// No header in the first rows: not a data sheet (notes, a pivot ...), ignored.
    Skipping,
}

impl<'f, T, R> Table<'f, T, R>
where
    R: FnMut(&Header, (&str, u32), &mut [Raw], &mut Output<T>),
{
    pub fn new(fields: &'f [Field], optional: &'f [usize], read_row: R) -> Self {
        Table {
            fields,
            optional,
            read_row,
            sheet: String::new(),
            state: State::Seeking(0),
            headers: 0,
            out: Output { rows: Vec::new(), errors: Vec::new(), omitted: 0 },
        }
    }

    /// Reads the file: its rows, or why it is refused (no header anywhere, bad rows, no rows).
    pub fn read(mut self, bytes: &[u8], file_name: &str, limits: &Limits) -> Result<Vec<T>, Rejected> {
        reader::visit(bytes, file_name, limits, &mut self)?;
        let rows = self.verdict(0)?;
        Ok(rows)
    }

    /// Reads the stored file at `path`, handing its good rows on in file order, `chunk` at a
    /// time, to `take`, until a row fails: then no more rows are handed on, the reading goes on
    /// to list every bad row, and the file is refused. Answers the rows handed on. `read` and
    /// `wanted` are as [`reader::visit_file`] takes them.
    pub fn stream(
        self,
        path: &std::path::Path,
        limits: &Limits,
        (read, wanted): (&std::sync::atomic::AtomicU64, &(dyn Fn(&str) -> bool + Sync)),
        chunk: usize,
        take: &mut dyn FnMut(Vec<T>) -> Result<(), FileError>,
    ) -> Result<u64, Rejected> {
        let mut chunked = Chunked { table: self, chunk: chunk.max(1), take, handed: 0 };
        reader::visit_file(path, limits, read, wanted, &mut chunked)?;
        let Chunked { table, take, handed, .. } = chunked;
        let rest = table.verdict(handed)?;
        let handed = handed + rest.len() as u64;
        if !rest.is_empty() {
            take(rest)?;
        }
        Ok(handed)
    }

    /// The rows kept, or why the file is refused: no header anywhere, bad rows, or no rows
    /// (counting `handed` already handed on).
    fn verdict(self, handed: u64) -> Result<Vec<T>, Rejected> {
        let Output { rows, errors, omitted } = self.out;
        if self.headers == 0 {
            let required = header::required_labels(self.fields, self.optional);
            return Err(FileError::NoHeader { required }.into());
        }
        if !errors.is_empty() {
            return Err(Rejected::Rows { errors, omitted });
        }
        if rows.is_empty() && handed == 0 {
            return Err(FileError::NoRows.into());
        }
        Ok(rows)
    }
}

/// A table handing its rows on a chunk at a time.
struct Chunked<'f, 'k, T, R> {
    table: Table<'f, T, R>,
    chunk: usize,
    take: &'k mut dyn FnMut(Vec<T>) -> Result<(), FileError>,
    handed: u64,
}

impl<T, R> RowSink for Chunked<'_, '_, T, R>
where
    R: FnMut(&Header, (&str, u32), &mut [Raw], &mut Output<T>),
{
    fn sheet(&mut self, name: &str) -> Result<(), FileError> {
        self.table.sheet(name)
    }

    fn row(&mut self, row: u32, cells: &mut [Raw]) -> Result<(), FileError> {
        self.table.row(row, cells)?;
        let rows = &mut self.table.out.rows;
        if rows.len() >= self.chunk && self.table.out.errors.is_empty() {
            self.handed += rows.len() as u64;
            (self.take)(std::mem::take(rows))?;
        }
        Ok(())
    }
}

impl<T, R> RowSink for Table<'_, T, R>
where
    R: FnMut(&Header, (&str, u32), &mut [Raw], &mut Output<T>),
{
    fn sheet(&mut self, name: &str) -> Result<(), FileError> {
        name.clone_into(&mut self.sheet);
        self.state = State::Seeking(0);
        Ok(())
    }

    fn row(&mut self, row: u32, cells: &mut [Raw]) -> Result<(), FileError> {
        match &mut self.state {
            State::Reading(header) => (self.read_row)(header, (self.sheet.as_str(), row), cells, &mut self.out),
            State::Skipping => {}
            State::Seeking(seen) => match header::judge(row, cells, self.fields) {
                Verdict::NotHeader => {
                    *seen += 1;
                    if *seen >= HEADER_SEARCH_ROWS {
                        self.state = State::Skipping;
                    }
                }
                Verdict::Duplicate(first, second) => {
                    let sheet = self.sheet.clone();
                    return Err(FileError::DuplicateColumn { sheet, first, second });
                }
                Verdict::Header(header) => {
                    if let Some(columns) = header::missing(&header, self.fields, self.optional) {
                        let sheet = self.sheet.clone();
                        return Err(FileError::MissingColumns { sheet, columns });
                    }
                    self.headers += 1;
                    self.state = State::Reading(header);
                }
            },
        }
        Ok(())
    }
}

/// True when every mapped cell of a row is blank: such rows are skipped.
pub(crate) fn blank_row(header: &Header, cells: &[Raw]) -> bool {
    header.columns.iter().flatten().all(|(col, _)| cells.get(*col).is_none_or(Raw::is_blank))
}

/// Reads the cells of one data row, recording every bad one.
pub(crate) struct Cells<'a, T> {
    pub header: &'a Header,
    pub cells: &'a mut [Raw],
    pub sheet: &'a str,
    pub row: u32,
    pub out: &'a mut Output<T>,
    pub failed: bool,
}

impl<'a, T> Cells<'a, T> {
    pub fn new(header: &'a Header, (sheet, row): (&'a str, u32), cells: &'a mut [Raw], out: &'a mut Output<T>) -> Self {
        Cells { header, cells, sheet, row, out, failed: false }
    }

    pub fn take(&mut self, field: usize) -> Raw {
        match &self.header.columns[field] {
            Some((col, _)) => self.cells.get_mut(*col).map(std::mem::take).unwrap_or_default(),
            None => Raw::Empty,
        }
    }

    pub fn check<V>(&mut self, field: usize, raw: &Raw, reading: Result<V, &str>) -> Option<V> {
        match reading {
            Ok(value) => Some(value),
            Err(reason) => {
                self.fail(field, raw, reason);
                None
            }
        }
    }

    /// Records a bad cell: its column as written, its value (cut short) and why.
    fn fail(&mut self, field: usize, raw: &Raw, reason: &str) {
        self.failed = true;
        if self.out.errors.len() >= MAX_ROW_ERRORS {
            self.out.omitted += 1;
        } else {
            let column = self.header.columns[field].as_ref().map_or("", |(_, n)| n);
            self.out.errors.push(RowError {
                sheet: self.sheet.to_owned(),
                row: self.row,
                column: column.to_owned(),
                value: values::display(raw),
                reason: reason.to_owned(),
            });
        }
    }

    /// A text field of at most `max_chars` characters (trimmed); `label` names it in the error.
    pub fn text(
        &mut self,
        field: usize,
        required: bool,
        (label, max_chars): (&str, usize),
    ) -> Option<Option<String>> {
        let raw = self.take(field);
        if values::longer_than(&raw, max_chars) {
            self.fail(field, &raw, &values::too_long(label, max_chars));
            return None;
        }
        // Postgres text cannot hold U+0000, and every call refuses it; a file's text is held
        // to the same rule (shown as \0, so the listing itself can be stored).
        if let Raw::Text(s) = &raw
            && s.contains('\0')
        {
            let shown = Raw::Text(s.replace('\0', "\\0").into());
            self.fail(field, &shown, &format!("{label}{}", values::HAS_NUL));
            return None;
        }
        // The display copy is only made for the error listing.
        let shown = if matches!(raw, Raw::Error(_)) { raw.clone() } else { Raw::Empty };
        let reading = values::text(raw).and_then(|t| match t {
            None if required => Err(EMPTY),
            t => Ok(t),
        });
        self.check(field, &shown, reading)
    }

    /// Whether the file is still good: once any row failed, no more rows are kept.
    pub fn keep(&mut self) -> bool {
        if self.failed || !self.out.errors.is_empty() {
            self.out.rows = Vec::new();
            return false;
        }
        true
    }
}
