//! The xlsx package of an export: one sheet or a few, each with a bold header row, text and number cells.
//!
//! Written by hand rather than through rust_xlsxwriter because exports are all rows and no
//! layout, and at that shape the general writer spent most of its time per cell (an owned
//! string, a map insert and a flush per cell, then the whole sheet read back from a temporary
//! file and deflated after the last row). Here the sheet XML is formatted straight into
//! buffers that a second thread deflates into the package while the next rows are formatted,
//! so an export costs about its deflate time. Memory stays at a few buffers whatever the row
//! count. Strings are inline (`t="inlineStr"`), as in rust_xlsxwriter's constant-memory mode:
//! a shared string table would have to hold every distinct text until the end.
//!
//! Text a spreadsheet would take for a formula once edited (`=1+1`, `-春节版`) is written as it
//! is, with a cell format whose `quotePrefix` is set — what Excel does for text typed after an
//! apostrophe and what rust_xlsxwriter's `Format::set_quote_prefix` writes: the cell shows and
//! reads back as exactly its text, and editing it keeps it text.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use anyhow::{Context, bail};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use super::{Cell, formula_like};

/// Excel's own compression level: about a third faster than the default 6, files ~5% larger.
const LEVEL: i64 = 3;
/// Sheet XML is handed to the deflating thread in buffers of about this size.
const CHUNK: usize = 256 * 1024;
/// Rows of a worksheet, the header included (Excel's limit).
const MAX_ROWS: u32 = 1_048_576;
/// UTF-16 units of one cell's text (Excel's limit); longer text is cut there.
const MAX_TEXT: usize = 32_767;
/// Width of every column, in characters (rust_xlsxwriter's 16 plus its padding).
const COLUMN_WIDTH: &str = "16.7109375";

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>{sheets}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>"#;

const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>"#;

const APP: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>adeval</Application></Properties>"#;

const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{sheets}<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

/// Cell formats: 0 the default, 1 bold (the header row), 2 quote-prefixed text (formula-like
/// text, see the module's note).
const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font><font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#;

/// Writes `headers` and `rows` as the one sheet `name` of a new xlsx file at `path`; stops
/// with an error at the next row once `cancelled` is set.
pub fn write(
    path: &Path,
    name: &str,
    headers: &[&str],
    rows: impl IntoIterator<Item = Vec<Cell>>,
    cancelled: &AtomicBool,
) -> anyhow::Result<u64> {
    write_book(path, vec![Sheet { name, headers, rows: Box::new(rows.into_iter()) }], cancelled)
}

/// One sheet of a workbook: its name, header row and rows.
pub struct Sheet<'a> {
    pub name: &'a str,
    pub headers: &'a [&'a str],
    pub rows: Box<dyn Iterator<Item = Vec<Cell>> + 'a>,
}

/// Writes `sheets` in order into a new xlsx file at `path`; answers the rows written over
/// all of them. Stops with an error at the next row once `cancelled` is set.
pub fn write_book(path: &Path, sheets: Vec<Sheet<'_>>, cancelled: &AtomicBool) -> anyhow::Result<u64> {
    if cancelled.load(Ordering::Relaxed) {
        bail!("the export was cancelled");
    }
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut zip = ZipWriter::new(BufWriter::with_capacity(CHUNK, file));
    let deflated = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(LEVEL));
    let listed: String = sheets
        .iter()
        .enumerate()
        .map(|(i, sheet)| format!(r#"<sheet name="{}" sheetId="{n}" r:id="rId{n}"/>"#, escape_attribute(&sheet_name(sheet.name)), n = i + 1))
        .collect();
    let workbook = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView/></bookViews><sheets>{listed}</sheets></workbook>"#
    );
    let content_types = CONTENT_TYPES.replace(
        "{sheets}",
        &(1..=sheets.len())
            .map(|n| format!(r#"<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#))
            .collect::<String>(),
    );
    let workbook_rels = WORKBOOK_RELS.replace(
        "{sheets}",
        &(1..=sheets.len())
            .map(|n| format!(r#"<Relationship Id="rId{n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{n}.xml"/>"#))
            .collect::<String>(),
    );
    let core = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>adeval</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">{now}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">{now}</dcterms:modified></cp:coreProperties>"#,
        now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ")
    );
    let parts: [(&str, &str); 7] = [
        ("[Content_Types].xml", &content_types),
        ("_rels/.rels", ROOT_RELS),
        ("docProps/app.xml", APP),
        ("docProps/core.xml", &core),
        ("xl/workbook.xml", &workbook),
        ("xl/_rels/workbook.xml.rels", &workbook_rels),
        ("xl/styles.xml", STYLES),
    ];
    for (part, body) in parts {
        zip.start_file(part, deflated)?;
        zip.write_all(body.as_bytes())?;
    }
    let mut total = 0u64;
    for (i, Sheet { headers, mut rows, .. }) in sheets.into_iter().enumerate() {
        zip.start_file(format!("xl/worksheets/sheet{}.xml", i + 1), deflated)?;
        let (written, written_zip) = std::thread::scope(|s| {
            let (tx, rx) = mpsc::sync_channel::<Vec<u8>>(4);
            let deflater = s.spawn(move || -> anyhow::Result<_> {
                for chunk in rx {
                    zip.write_all(&chunk)?;
                }
                Ok(zip)
            });
            let mut sheet = SheetXml::new(headers.len(), MAX_ROWS);
            let formatted = (|| {
                let send = |sheet: &mut SheetXml| {
                    let chunk = std::mem::replace(&mut sheet.buf, Vec::with_capacity(CHUNK + 4096));
                    tx.send(chunk).is_ok()
                };
                sheet.header(headers)?;
                for row in rows.by_ref() {
                    if cancelled.load(Ordering::Relaxed) {
                        bail!("the export was cancelled");
                    }
                    sheet.row(&row)?;
                    if sheet.buf.len() >= CHUNK && !send(&mut sheet) {
                        bail!("the sheet writer stopped");
                    }
                }
                sheet.finish();
                if !send(&mut sheet) {
                    bail!("the sheet writer stopped");
                }
                Ok(sheet.rows - 1)
            })();
            drop(tx);
            // The deflater's own error (a full disk, say) explains a failed send, so it goes first.
            let zip = deflater.join().expect("the deflating thread does not panic")?;
            anyhow::Ok((formatted?, zip))
        })?;
        zip = written_zip;
        total += u64::from(written);
    }
    let mut out = zip.finish()?;
    out.flush().with_context(|| format!("writing {}", path.display()))?;
    Ok(total)
}

/// A worksheet name Excel accepts: at most 31 characters, none of `[]:*?/\`.
fn sheet_name(name: &str) -> String {
    let cleaned: String = name.chars().take(31).map(|c| if "[]:*?/\\".contains(c) { '_' } else { c }).collect();
    if cleaned.trim().is_empty() { "Sheet1".into() } else { cleaned }
}

/// The sheet XML being formatted, row by row, into `buf`.
struct SheetXml {
    buf: Vec<u8>,
    /// Rows written so far, the header included.
    rows: u32,
    max_rows: u32,
    /// Column letters by index, grown as rows need them.
    columns: Vec<Box<[u8]>>,
}

impl SheetXml {
    fn new(width: usize, max_rows: u32) -> Self {
        let mut buf = Vec::with_capacity(CHUNK + 4096);
        buf.extend_from_slice(
            br#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>"#,
        );
        if width > 0 {
            buf.extend_from_slice(format!(r#"<cols><col min="1" max="{width}" width="{COLUMN_WIDTH}" customWidth="1"/></cols>"#).as_bytes());
        }
        buf.extend_from_slice(b"<sheetData>");
        Self { buf, rows: 0, max_rows, columns: Vec::new() }
    }

    fn header(&mut self, headers: &[&str]) -> anyhow::Result<()> {
        let cells: Vec<Cell> = headers.iter().map(|h| Cell::Text((*h).to_owned())).collect();
        self.write_row(&cells, true)
    }

    fn row(&mut self, cells: &[Cell]) -> anyhow::Result<()> {
        self.write_row(cells, false)
    }

    fn write_row(&mut self, cells: &[Cell], bold: bool) -> anyhow::Result<()> {
        if self.rows == self.max_rows {
            bail!("导出超过 Excel 单表 {} 行的上限，请缩小筛选范围后分批导出", self.max_rows);
        }
        self.rows += 1;
        let mut number = itoa::Buffer::new();
        let row = number.format(self.rows).as_bytes();
        self.buf.extend_from_slice(b"<row r=\"");
        self.buf.extend_from_slice(row);
        self.buf.extend_from_slice(b"\">");
        while self.columns.len() < cells.len() {
            self.columns.push(column_letters(self.columns.len()).into_bytes().into_boxed_slice());
        }
        let style: &[u8] = if bold { b" s=\"1\"" } else { b"" };
        for (col, cell) in cells.iter().enumerate() {
            match cell {
                Cell::Text(t) if !t.is_empty() => {
                    let style = if !bold && formula_like(t) { b" s=\"2\"" } else { style };
                    self.cell_start(col, row, style);
                    let t = cut(t);
                    let edge = |c: Option<char>| matches!(c, Some(' ' | '\t' | '\n' | '\r'));
                    if edge(t.chars().next()) || edge(t.chars().next_back()) {
                        self.buf.extend_from_slice(br#" t="inlineStr"><is><t xml:space="preserve">"#);
                    } else {
                        self.buf.extend_from_slice(br#" t="inlineStr"><is><t>"#);
                    }
                    escape_text(&mut self.buf, t);
                    self.buf.extend_from_slice(b"</t></is></c>");
                }
                Cell::Number(n) if n.is_finite() => {
                    self.cell_start(col, row, style);
                    self.buf.extend_from_slice(b"><v>");
                    push_number(&mut self.buf, *n);
                    self.buf.extend_from_slice(b"</v></c>");
                }
                // Empty text, NaN and infinities are written as empty cells, i.e. not at all.
                _ => {}
            }
        }
        self.buf.extend_from_slice(b"</row>");
        Ok(())
    }

    /// `<c r="B7"` and the style attribute, up to where the cell's type follows.
    fn cell_start(&mut self, col: usize, row: &[u8], style: &[u8]) {
        self.buf.extend_from_slice(b"<c r=\"");
        self.buf.extend_from_slice(&self.columns[col]);
        self.buf.extend_from_slice(row);
        self.buf.push(b'"');
        self.buf.extend_from_slice(style);
    }

    fn finish(&mut self) {
        self.buf.extend_from_slice(br#"</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>"#);
    }
}

/// `A`, `B` … `Z`, `AA` … for a 0-based column index.
fn column_letters(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// Whole numbers as integers (`42`, not `42.0`), others in their shortest round-trip form.
fn push_number(buf: &mut Vec<u8>, n: f64) {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    if n.fract() == 0.0 && n.abs() < EXACT {
        buf.extend_from_slice(itoa::Buffer::new().format(n as i64).as_bytes());
    } else {
        buf.extend_from_slice(zmij::Buffer::new().format_finite(n).as_bytes());
    }
}

/// `text` cut to Excel's 32,767 UTF-16 units, at a character boundary.
fn cut(text: &str) -> &str {
    if text.len() <= MAX_TEXT {
        return text; // UTF-8 never takes fewer bytes than UTF-16 units
    }
    let mut units = 0;
    for (i, c) in text.char_indices() {
        units += c.len_utf16();
        if units > MAX_TEXT {
            return &text[..i];
        }
    }
    text
}

/// Cell text as XML character data. Besides `&`, `<` and `>`, characters XML cannot carry
/// (controls other than tab and line feed, U+FFFE, U+FFFF) and carriage returns are written
/// the way Excel writes them, `_xHHHH_`, and an underscore that would start such an escape
/// is itself escaped (`_x005F_`), so every text reads back as it was.
fn escape_text(buf: &mut Vec<u8>, text: &str) {
    let special = |b: u8| matches!(b, b'&' | b'<' | b'>' | b'_' | 0xEF) || (b < 0x20 && b != b'\t' && b != b'\n');
    if !text.bytes().any(special) {
        buf.extend_from_slice(text.as_bytes());
        return;
    }
    for (i, c) in text.char_indices() {
        match c {
            '&' => buf.extend_from_slice(b"&amp;"),
            '<' => buf.extend_from_slice(b"&lt;"),
            '>' => buf.extend_from_slice(b"&gt;"),
            '_' if starts_escape(&text[i..]) => buf.extend_from_slice(b"_x005F_"),
            '\t' | '\n' => buf.push(c as u8),
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => buf.extend_from_slice(format!("_x{:04X}_", c as u32).as_bytes()),
            _ => {
                let mut utf8 = [0; 4];
                buf.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            }
        }
    }
}

/// Whether `s` starts with `_xHHHH_`, which Excel reads as an escaped character.
fn starts_escape(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 7 && b[1] == b'x' && b[2..6].iter().all(u8::is_ascii_hexdigit) && b[6] == b'_'
}

fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests;
