//! A file read as tables: on every sheet the header row is looked for among the first rows
//! (a sheet without one is not a data sheet and is skipped), then each data row goes to the
//! import's row reader, which records every bad cell, and to the caller's check, which adds
//! what it finds against its own data (unknown names, dates out of an order's cycle …) to the
//! same row. One problem anywhere rejects the whole file, with every problem listed in
//! sheet-row order and counted ([`RowErrors`]).

use crate::header::{self, Field, HEADER_SEARCH_ROWS, Header, Verdict};
use crate::reader::{self, Raw, RowSink};
use crate::values::{self, EMPTY};
use crate::{FileError, Limits, Rejected, RowError, RowErrors};

/// A data row as the reader read it: `Good` with every value, or `Bad` with what could be read
/// of it when a cell is not (the bad cells' problems are already recorded). A caller's check
/// sees both, so a row with a bad date still has its channel checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Row<T, P> {
    Good(T),
    Bad(P),
}

impl<T, P> Row<T, P> {
    /// The row's values when every cell of it is good.
    pub fn good(self) -> Option<T> {
        match self {
            Row::Good(t) => Some(t),
            Row::Bad(_) => None,
        }
    }
}

/// The problems of the row a caller's check looks at: what it adds joins the reader's own.
pub struct RowProblems<'a> {
    sheet: &'a str,
    row: u32,
    errors: &'a mut Vec<RowError>,
    /// The sheet's header and the import's fields, to name a column as the file writes it.
    names: Option<(&'a Header, &'a [Field])>,
}

impl<'a> RowProblems<'a> {
    /// The problems of row `row` of `sheet`, added to `errors`: for checks of rows read
    /// before.
    pub fn new(sheet: &'a str, row: u32, errors: &'a mut Vec<RowError>) -> Self {
        RowProblems { sheet, row, errors, names: None }
    }

    /// A problem of this row: the column by the import's label for it (`频道`, `受众/城市组`,
    /// `1` for day 1 …; shown as the file's header writes it), the value (cut short as a cell
    /// is) and why, in Chinese.
    pub fn add(&mut self, column: &str, value: &str, reason: impl Into<String>) {
        let written = self.names.and_then(|(header, fields)| {
            let field = fields.iter().position(|f| f.label == column)?;
            header.columns.get(field)?.as_ref().map(|(_, name)| name.as_str())
        });
        self.errors.push(RowError {
            sheet: self.sheet.to_owned(),
            row: self.row,
            column: written.unwrap_or(column).to_owned(),
            value: values::cut_short(value.trim()),
            reason: reason.into(),
        });
    }

    /// True while neither the reader nor the check found a problem in this row.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    pub fn sheet(&self) -> &str {
        self.sheet
    }

    pub fn row(&self) -> u32 {
        self.row
    }
}

/// The check of a read without checks of its own: the good rows as read.
pub fn keep<T, P>(row: Row<T, P>, _: &mut RowProblems<'_>) -> Option<T> {
    row.good()
}

/// A row reader followed by the caller's check: what [`Table`] runs on each data row.
pub(crate) fn checked<T, P, U>(
    fields: &'static [Field],
    mut read_row: impl FnMut(&Header, (&str, u32), &mut [Raw], &mut Vec<RowError>) -> Row<T, P>,
    mut check: impl FnMut(Row<T, P>, &mut RowProblems<'_>) -> Option<U>,
) -> impl ReadRow<U> {
    move |header: &Header, at: (&str, u32), cells: &mut [Raw], errors: &mut Vec<RowError>| {
        let row = read_row(header, at, cells, errors);
        check(row, &mut RowProblems { sheet: at.0, row: at.1, errors, names: Some((header, fields)) })
    }
}

/// A row's problems in the order of its columns (a problem of no column of the sheet last),
/// each column's in the order they were found.
fn in_column_order(header: &Header, errors: &mut [RowError]) {
    if errors.len() > 1 {
        let at = |e: &RowError| header.columns.iter().flatten().find(|(_, name)| *name == e.column).map_or(usize::MAX, |(col, _)| *col);
        errors.sort_by_cached_key(at);
    }
}

/// What reads and checks one data row, given the sheet's header, `(sheet name, row number)`,
/// its cells and where its problems go; answers its output.
pub(crate) trait ReadRow<U>: FnMut(&Header, (&str, u32), &mut [Raw], &mut Vec<RowError>) -> Option<U> {}

impl<U, F: FnMut(&Header, (&str, u32), &mut [Raw], &mut Vec<RowError>) -> Option<U>> ReadRow<U> for F {}

/// What the rows of a file came to: the rows kept (dropped at the first problem) and every
/// problem.
pub(crate) struct Output<T> {
    pub rows: Vec<T>,
    pub errors: RowErrors,
}

/// Reads one import's tables: `fields` is its column table, `optional` the required fields
/// the caller has made optional, `read_row` reads and checks a non-blank data row given the
/// sheet's header and `(sheet name, row number)`, recording its problems: the row's output
/// is kept only when it has none.
pub(crate) struct Table<'f, T, R> {
    fields: &'f [Field],
    optional: &'f [usize],
    read_row: R,
    sheet: String,
    state: State,
    /// Sheets with a header row.
    headers: usize,
    /// Data rows read (blank rows are not data rows).
    data_rows: u64,
    /// The problems of the row being read.
    row_errors: Vec<RowError>,
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
    R: FnMut(&Header, (&str, u32), &mut [Raw], &mut Vec<RowError>) -> Option<T>,
{
    pub fn new(fields: &'f [Field], optional: &'f [usize], read_row: R) -> Self {
        Table {
            fields,
            optional,
            read_row,
            sheet: String::new(),
            state: State::Seeking(0),
            headers: 0,
            data_rows: 0,
            row_errors: Vec::new(),
            out: Output { rows: Vec::new(), errors: RowErrors::default() },
        }
    }

    /// Reads the file: its rows, or why it is refused (no header anywhere, bad rows, no rows).
    pub fn read(mut self, bytes: &[u8], file_name: &str, limits: &Limits) -> Result<Vec<T>, Rejected> {
        reader::visit(bytes, file_name, limits, &mut self)?;
        self.verdict()
    }

    /// Reads the stored file at `path`, handing its rows on in file order, `chunk` at a time,
    /// to `take`, until a row has a problem: then no more rows are handed on, the reading goes
    /// on to list every problem, and the file is refused. Answers the rows handed on. `read`
    /// and `wanted` are as [`reader::visit_file`] takes them.
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
        let rest = table.verdict()?;
        let handed = handed + rest.len() as u64;
        if !rest.is_empty() {
            take(rest)?;
        }
        Ok(handed)
    }

    /// The rows kept, or why the file is refused: no header anywhere, bad rows, or no data
    /// rows at all.
    fn verdict(self) -> Result<Vec<T>, Rejected> {
        let Output { rows, errors } = self.out;
        if self.headers == 0 {
            let required = header::required_labels(self.fields, self.optional);
            return Err(FileError::NoHeader { required }.into());
        }
        if !errors.is_empty() {
            return Err(Rejected::Rows(errors));
        }
        if self.data_rows == 0 {
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
    R: FnMut(&Header, (&str, u32), &mut [Raw], &mut Vec<RowError>) -> Option<T>,
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
    R: FnMut(&Header, (&str, u32), &mut [Raw], &mut Vec<RowError>) -> Option<T>,
{
    fn sheet(&mut self, name: &str) -> Result<(), FileError> {
        name.clone_into(&mut self.sheet);
        self.state = State::Seeking(0);
        Ok(())
    }

    fn row(&mut self, row: u32, cells: &mut [Raw]) -> Result<(), FileError> {
        match &mut self.state {
            State::Reading(header) => {
                if blank_row(header, cells) {
                    return Ok(());
                }
                self.data_rows += 1;
                let kept = (self.read_row)(header, (self.sheet.as_str(), row), cells, &mut self.row_errors);
                let out = &mut self.out;
                if self.row_errors.is_empty() {
                    if let Some(kept) = kept
                        && out.errors.is_empty()
                    {
                        out.rows.push(kept);
                    }
                } else {
                    // One bad row rejects the file: stop keeping rows.
                    if !out.rows.is_empty() {
                        out.rows = Vec::new();
                    }
                    in_column_order(header, &mut self.row_errors);
                    out.errors.extend(self.row_errors.drain(..));
                }
            }
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

/// Reads the cells of one data row, recording every bad one in the row's problems.
pub(crate) struct Cells<'a> {
    pub header: &'a Header,
    pub cells: &'a mut [Raw],
    pub sheet: &'a str,
    pub row: u32,
    pub errors: &'a mut Vec<RowError>,
}

impl<'a> Cells<'a> {
    pub fn new(header: &'a Header, (sheet, row): (&'a str, u32), cells: &'a mut [Raw], errors: &'a mut Vec<RowError>) -> Self {
        Cells { header, cells, sheet, row, errors }
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

    /// True once a cell of the row was bad.
    pub fn failed(&self) -> bool {
        !self.errors.is_empty()
    }

    /// Records a bad cell: its column as written, its value (cut short) and why.
    fn fail(&mut self, field: usize, raw: &Raw, reason: &str) {
        let column = self.header.columns[field].as_ref().map_or("", |(_, n)| n);
        self.errors.push(RowError {
            sheet: self.sheet.to_owned(),
            row: self.row,
            column: column.to_owned(),
            value: values::display(raw),
            reason: reason.to_owned(),
        });
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
}
