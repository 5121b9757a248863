//! A worksheet's `<sheetData>`, streamed cell by cell into the `Assembler`.
//!
//! Cells keep the values calamine gave them: `s` a shared string, `inlineStr` the text of
//! `<is>`, `str` a formula's text result, `b` a boolean, `e` an error, `d` ISO text, and a
//! number otherwise, shown as a date or a duration when its cell format says so. Formulas are
//! skipped for their cached values. Rows and cells without an `r` attribute follow the one
//! before them.

use std::io::Read;
use std::sync::Arc;

use super::formats::Shown;
use super::parts::{Shared, SharedStrings, number, rich_text};
use super::text::unescape_excel;
use super::xml::{Tok, Xml};
use crate::reader::{Assembler, Raw, Text};
use crate::{FileError, Limits};

/// Days between the 1904 and the 1900 date systems.
const DAYS_1904: f64 = 1462.0;

/// What the cells of every sheet refer to.
pub(super) struct Book {
    pub(super) shared: SharedStrings,
    /// How each cell format shows numbers, by the cells' `s` index.
    pub(super) formats: Vec<Shown>,
    pub(super) date1904: bool,
}

/// A cell's `t` attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Type {
    /// No `t`: a number, or text when it doesn't parse as one.
    Untyped,
    Number,
    Shared,
    Inline,
    Str,
    Bool,
    Error,
    Iso,
    Unknown,
}

fn cell_type(t: &[u8]) -> Type {
    match t {
        b"n" => Type::Number,
        b"s" => Type::Shared,
        b"inlineStr" | b"is" => Type::Inline,
        b"str" => Type::Str,
        b"b" => Type::Bool,
        b"e" => Type::Error,
        b"d" => Type::Iso,
        _ => Type::Unknown,
    }
}

/// The most bytes of text kept for one cell: more can't be `max_cell_chars` characters, since
/// a character takes at most 4 bytes, or 7 as an `_xHHHH_` escape.
pub(super) fn text_cap(limits: &Limits) -> usize {
    limits.max_cell_chars.saturating_mul(8).saturating_add(64)
}

/// Reads the sheet `name` from its part. A part without `<sheetData>` (a chart or dialog
/// sheet behind a worksheet relationship) holds no cells and starts no sheet.
pub(super) fn read<R: Read>(
    xml: &mut Xml<R>,
    name: &str,
    book: &Book,
    rows: &mut Assembler<'_>,
) -> Result<(), FileError> {
    loop {
        match xml.next()? {
            Tok::Eof => return Ok(()),
            Tok::Start if xml.is(b"sheetData") => break,
            Tok::Empty if xml.is(b"sheetData") => {
                rows.begin_sheet(name)?;
                return xml.drain();
            }
            _ => {}
        }
    }
    rows.begin_sheet(name)?;
    let max_chars = rows.limits().max_cell_chars;
    let mut cells = Cells { book, name, cap: text_cap(rows.limits()), max_chars, text: Vec::new() };
    // The current row and column, 0-based: where a cell without `r` goes.
    let (mut row, mut col) = (0u32, 0u32);
    loop {
        match xml.next()? {
            tok @ (Tok::Start | Tok::Empty) if xml.is(b"c") => {
                let (mut at, mut style, mut typ) = (None, None, Type::Untyped);
                for (k, v) in xml.attrs() {
                    match k {
                        b"r" => {
                            at = Some(
                                cell_ref(v).ok_or_else(|| xml.corrupt("a bad cell reference"))?,
                            )
                        }
                        // calamine reads an unreadable style as the default one.
                        b"s" => style = Some(number(v).unwrap_or(0)),
                        b"t" => typ = cell_type(v),
                        _ => {}
                    }
                }
                let (r, c) = match at {
                    Some((r, c)) => {
                        col = c;
                        (r, c)
                    }
                    None => (row, col),
                };
                col = col.saturating_add(1);
                if tok == Tok::Start {
                    let value = cells.value(xml, r, typ, style)?;
                    rows.cell(r.saturating_add(1), c, value)?;
                }
            }
            tok @ (Tok::Start | Tok::Empty) if xml.is(b"row") => {
                if let Some(r) = xml.attr(b"r") {
                    row = number(r)
                        .and_then(|r| r.checked_sub(1))
                        .ok_or_else(|| xml.corrupt("a bad row number"))?;
                }
                if tok == Tok::Empty {
                    row = row.saturating_add(1);
                    col = 0;
                }
            }
            Tok::End if xml.is(b"row") => {
                row = row.saturating_add(1);
                col = 0;
            }
            Tok::End if xml.is(b"sheetData") => return xml.drain(),
            Tok::Eof => return Err(xml.corrupt("the part ends inside <sheetData>")),
            _ => {}
        }
    }
}

/// `A1`-style reference: 0-based row and column. At most 5 letters and 9 digits, far beyond
/// Excel's `XFD1048576`, so nothing overflows.
fn cell_ref(r: &[u8]) -> Option<(u32, u32)> {
    let letters = r.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    if letters == 0 || letters > 5 {
        return None;
    }
    let (col, row) = r.split_at(letters);
    let col = col.iter().fold(0u32, |n, &b| n * 26 + u32::from(b.to_ascii_uppercase() - b'A') + 1);
    Some((number(row)?.checked_sub(1)?, col - 1))
}

struct Cells<'a> {
    book: &'a Book,
    name: &'a str,
    /// The most bytes of text kept for one cell.
    cap: usize,
    max_chars: usize,
    text: Vec<u8>,
}

impl Cells<'_> {
    fn too_long(&self, row: u32) -> FileError {
        FileError::CellTooLong { sheet: self.name.to_owned(), row: row + 1, max: self.max_chars }
    }

    /// A cell's value, from after its start tag through its end tag.
    fn value<R: Read>(
        &mut self,
        xml: &mut Xml<R>,
        row: u32,
        typ: Type,
        style: Option<u32>,
    ) -> Result<Raw, FileError> {
        let mut value = Raw::Empty;
        loop {
            match xml.next()? {
                Tok::End if xml.is(b"c") => return Ok(value),
                Tok::Start if xml.is(b"v") => {
                    self.text.clear();
                    xml.text(&mut self.text, self.cap)?;
                    if self.text.len() > self.cap {
                        return Err(self.too_long(row));
                    }
                    // An inline string's `<v>` is redundant.
                    if typ != Type::Inline {
                        value = self.v(xml, row, typ, style)?;
                    }
                }
                Tok::Start if xml.is(b"is") => {
                    self.text.clear();
                    if !rich_text(xml, &mut self.text, self.cap)? {
                        return Err(self.too_long(row));
                    }
                    value = Raw::Text(utf8(xml, &self.text)?.into());
                }
                // <f> and anything else: formulas are read for their cached values.
                Tok::Start => xml.skip_element()?,
                Tok::Empty if xml.is(b"v") || xml.is(b"is") => value = Raw::Empty,
                Tok::Empty | Tok::End => {}
                Tok::Eof => return Err(xml.corrupt("the part ends inside a cell")),
            }
        }
    }

    /// The value of `<v>`, whose text is in `self.text`.
    fn v<R: Read>(
        &self,
        xml: &Xml<R>,
        row: u32,
        typ: Type,
        style: Option<u32>,
    ) -> Result<Raw, FileError> {
        let text = utf8(xml, &self.text)?;
        if text.is_empty() {
            return Ok(Raw::Empty);
        }
        Ok(match typ {
            Type::Untyped | Type::Number => match text.parse::<f64>() {
                Ok(n) => {
                    // No `s` is the default format; one past the table, no format at all.
                    let shown = style.map_or(Some(Shown::Number), |s| {
                        self.book.formats.get(s as usize).copied()
                    });
                    match shown {
                        Some(Shown::Date) if self.book.date1904 => Raw::DateTime(n + DAYS_1904),
                        Some(Shown::Date | Shown::Duration) => Raw::DateTime(n),
                        Some(Shown::Number) | None => Raw::Number(n),
                    }
                }
                Err(_) if typ == Type::Untyped => Raw::Text(text.into()),
                Err(_) => return Err(xml.corrupt("a number cell that is not a number")),
            },
            Type::Shared => {
                let i = number(text.as_bytes())
                    .ok_or_else(|| xml.corrupt("a bad shared-string index"))?;
                match self.book.shared.get(i as usize) {
                    Some(Shared::Text(s)) => Raw::Text(Text::Shared(Arc::clone(s))),
                    Some(Shared::TooLong) => return Err(self.too_long(row)),
                    None => return Err(xml.corrupt("a shared-string index past the table")),
                }
            }
            Type::Bool => match text.trim() {
                "0" => Raw::Bool(false),
                "1" => Raw::Bool(true),
                t if t.eq_ignore_ascii_case("false") => Raw::Bool(false),
                t if t.eq_ignore_ascii_case("true") => Raw::Bool(true),
                "" => Raw::Empty,
                _ => return Err(xml.corrupt("a boolean cell that is not a boolean")),
            },
            // calamine knows seven error values and refuses the file on others (`#SPILL!`,
            // `#CALC!` ...); they are kept as written.
            Type::Error => Raw::Error(text.to_owned()),
            Type::Str if text.contains("_x") => {
                let mut bytes = text.as_bytes().to_vec();
                unescape_excel(&mut bytes, 0);
                Raw::Text(
                    String::from_utf8(bytes)
                        .map_err(|_| xml.corrupt("text that is not UTF-8"))?
                        .into(),
                )
            }
            Type::Str | Type::Iso => Raw::Text(text.into()),
            Type::Inline => Raw::Empty,
            Type::Unknown => return Err(xml.corrupt("an unknown cell type")),
        })
    }
}

fn utf8<'t, R: Read>(xml: &Xml<R>, text: &'t [u8]) -> Result<&'t str, FileError> {
    std::str::from_utf8(text).map_err(|_| xml.corrupt("text that is not UTF-8"))
}
