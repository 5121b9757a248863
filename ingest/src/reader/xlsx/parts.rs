//! The small parts of a workbook: package and workbook relationships, the workbook (sheet
//! names, their parts, the date system), styles (which cell formats show dates or durations)
//! and the shared-string table.

use std::collections::HashMap;
use std::io::Read;
use std::sync::Arc;

use super::formats::{self, Shown};
use super::text::{decode_value, unescape_excel};
use super::xml::{Tok, Xml, is_space};
use crate::FileError;
use crate::limits::MAX_SHEET_NAME_CHARS;

/// A relationship target resolved against the folder of its source part (`xl/`).
pub(super) fn resolve(base_dir: &str, target: &str) -> String {
    let mut path: Vec<&str> = Vec::new();
    let (start, target) = match target.strip_prefix('/') {
        Some(absolute) => ("", absolute),
        None => (base_dir, target),
    };
    for seg in start.split('/').chain(target.split('/')) {
        match seg {
            "" | "." => {}
            ".." => {
                path.pop();
            }
            seg => path.push(seg),
        }
    }
    path.join("/")
}

/// The folder of a part path, with its trailing `/` (`""` at the root).
pub(super) fn dir_of(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..=i])
}

/// A relationship's kind, by the last segment of its type (transitional or strict).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RelKind {
    Worksheet,
    SharedStrings,
    Styles,
    OfficeDocument,
    Other,
}

pub(super) struct Rel {
    pub(super) id: String,
    pub(super) kind: RelKind,
    /// The target part's path in the archive.
    pub(super) target: String,
}

/// The internal relationships of a `.rels` part whose source lives in `base_dir`: at most
/// `max`, one per archive entry (more is no workbook, and each costs memory).
pub(super) fn rels<R: Read>(
    xml: &mut Xml<R>,
    base_dir: &str,
    max: usize,
) -> Result<Vec<Rel>, FileError> {
    let mut rels = Vec::new();
    loop {
        match xml.next()? {
            Tok::Eof => return Ok(rels),
            Tok::Start | Tok::Empty if xml.is(b"Relationship") => {
                let (mut id, mut kind, mut target, mut external) =
                    (None, RelKind::Other, None, false);
                for (k, v) in xml.attrs() {
                    match k {
                        b"Id" => id = Some(decode(xml, v)?),
                        b"Type" => {
                            kind = match v.rsplit(|&b| b == b'/').next() {
                                Some(b"worksheet") => RelKind::Worksheet,
                                Some(b"sharedStrings") => RelKind::SharedStrings,
                                Some(b"styles") => RelKind::Styles,
                                Some(b"officeDocument") => RelKind::OfficeDocument,
                                _ => RelKind::Other,
                            }
                        }
                        b"Target" => target = Some(decode(xml, v)?),
                        b"TargetMode" => external = v == b"External",
                        _ => {}
                    }
                }
                if let (Some(id), Some(target), false) = (id, target, external) {
                    if rels.len() == max {
                        return Err(FileError::TooLarge);
                    }
                    rels.push(Rel { id, kind, target: resolve(base_dir, &target) });
                }
            }
            _ => {}
        }
    }
}

fn decode<R: Read>(xml: &Xml<R>, raw: &[u8]) -> Result<String, FileError> {
    decode_value(raw).map_err(|what| xml.corrupt(what))
}

/// One `<sheet>` of the workbook, in tab order.
pub(super) struct SheetEntry {
    pub(super) name: String,
    /// The relationship id (`r:id`).
    pub(super) rel: String,
}

pub(super) struct Workbook {
    pub(super) sheets: Vec<SheetEntry>,
    pub(super) date1904: bool,
}

pub(super) fn workbook<R: Read>(
    xml: &mut Xml<R>,
    max_sheets: usize,
) -> Result<Workbook, FileError> {
    let mut book = Workbook { sheets: Vec::new(), date1904: false };
    loop {
        match xml.next()? {
            Tok::Eof => return Ok(book),
            Tok::Start | Tok::Empty if xml.is(b"sheet") => {
                let (mut name, mut rel) = (String::new(), String::new());
                for (k, v) in xml.attrs() {
                    if k == b"name" {
                        name = decode(xml, v)?;
                    } else if k == b"id" || k.ends_with(b":id") {
                        rel = decode(xml, v)?;
                    }
                }
                if book.sheets.len() == max_sheets {
                    return Err(FileError::TooManySheets(max_sheets));
                }
                if name.chars().count() > MAX_SHEET_NAME_CHARS {
                    return Err(FileError::SheetNameTooLong(MAX_SHEET_NAME_CHARS));
                }
                book.sheets.push(SheetEntry { name, rel });
            }
            // `<x15:workbookPr>` in extensions shares the local name but never the attribute.
            Tok::Start | Tok::Empty if xml.is(b"workbookPr") => {
                if let Some(v) = xml.attr(b"date1904") {
                    book.date1904 = v == b"1" || v == b"true";
                }
            }
            _ => {}
        }
    }
}

/// Cell formats and custom number formats a styles part may hold: Excel allows 64,000 cell
/// formats; the cap keeps a crafted part from costing more memory than its own size.
const MAX_STYLES: usize = 1 << 20;

/// How each cell format (`<cellXfs>`, by `s` index) shows numbers.
pub(super) fn styles<R: Read>(xml: &mut Xml<R>) -> Result<Vec<Shown>, FileError> {
    let mut custom: HashMap<u32, Shown> = HashMap::new();
    let mut xfs: Vec<Option<u32>> = Vec::new();
    // Inside <numFmts> (not <dxfs>, whose numFmts belong to conditional formats) and inside
    // <cellXfs> (not <cellStyleXfs>).
    let (mut in_num_fmts, mut in_cell_xfs) = (false, false);
    loop {
        match xml.next()? {
            Tok::Eof => break,
            Tok::Start if xml.is(b"numFmts") => in_num_fmts = true,
            Tok::End if xml.is(b"numFmts") => in_num_fmts = false,
            Tok::Start if xml.is(b"cellXfs") => in_cell_xfs = true,
            Tok::End if xml.is(b"cellXfs") => in_cell_xfs = false,
            Tok::Start | Tok::Empty if in_num_fmts && xml.is(b"numFmt") => {
                let (mut id, mut code) = (None, None);
                for (k, v) in xml.attrs() {
                    match k {
                        b"numFmtId" => id = number(v),
                        b"formatCode" => code = Some(decode(xml, v)?),
                        _ => {}
                    }
                }
                if let (Some(id), Some(code)) = (id, code) {
                    custom.insert(id, formats::custom(&code));
                    if custom.len() > MAX_STYLES {
                        return Err(FileError::TooLarge);
                    }
                }
            }
            Tok::Start | Tok::Empty if in_cell_xfs && xml.is(b"xf") => {
                if xfs.len() == MAX_STYLES {
                    return Err(FileError::TooLarge);
                }
                xfs.push(xml.attr(b"numFmtId").and_then(number));
            }
            _ => {}
        }
    }
    Ok(xfs
        .into_iter()
        .map(|id| match id {
            None => Shown::Number,
            Some(id) => custom.get(&id).copied().unwrap_or_else(|| formats::builtin(id)),
        })
        .collect())
}

/// A decimal attribute value such as an id or an index.
pub(super) fn number(v: &[u8]) -> Option<u32> {
    if v.is_empty() || v.len() > 9 || !v.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(v.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// The shared-string table. Each entry is one allocation that every cell showing it shares.
#[derive(Default)]
pub(super) struct SharedStrings {
    /// `None`: an entry longer than any cell may be (not kept).
    entries: Vec<Option<Arc<str>>>,
}

pub(super) enum Shared<'a> {
    Text(&'a Arc<str>),
    TooLong,
}

impl SharedStrings {
    pub(super) fn get(&self, i: usize) -> Option<Shared<'_>> {
        Some(match self.entries.get(i)? {
            Some(s) => Shared::Text(s),
            None => Shared::TooLong,
        })
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }
}

/// Reads `<sst>`. Strings longer than `cap` bytes (more than any cell may hold) are kept as
/// such, not stored. A `uniqueCount` no part of the declared size could hold is refused,
/// since a reader that reserves from it (calamine does) would allocate for it.
pub(super) fn shared_strings<R: Read>(
    xml: &mut Xml<R>,
    declared: u64,
    cap: usize,
) -> Result<SharedStrings, FileError> {
    let mut text = Vec::new();
    let mut table = SharedStrings::default();
    // Empty entries (`<si/>`, five bytes each) all share one allocation.
    let empty: Arc<str> = Arc::from("");
    loop {
        match xml.next()? {
            Tok::Eof => break,
            Tok::Start | Tok::Empty if xml.is(b"sst") => {
                if let Some(count) = xml.attr(b"uniqueCount") {
                    let count = std::str::from_utf8(count)
                        .ok()
                        .and_then(|c| c.parse::<u64>().ok())
                        .unwrap_or(u64::MAX);
                    // Each `<si/>` takes at least 5 bytes.
                    if count > declared / 5 {
                        return Err(FileError::TooLarge);
                    }
                }
            }
            tok @ (Tok::Start | Tok::Empty) if xml.is(b"si") => {
                text.clear();
                let fits = tok == Tok::Empty || rich_text(xml, &mut text, cap)?;
                if u32::try_from(table.entries.len()).is_err() {
                    return Err(FileError::TooLarge);
                }
                let entry = if !fits || text.len() > cap {
                    None
                } else if text.is_empty() {
                    Some(empty.clone())
                } else {
                    let s = std::str::from_utf8(&text)
                        .map_err(|_| xml.corrupt("a shared string that is not UTF-8"))?;
                    Some(Arc::from(s))
                };
                table.entries.push(entry);
            }
            _ => {}
        }
    }
    table.entries.shrink_to_fit();
    Ok(table)
}

/// The text of a string item (`<si>`, `<is>`) after its start tag, through its end tag,
/// appended to `out`: every `<t>` outside phonetic runs (`<rPh>`), so rich-text runs are
/// concatenated. As calamine reads it: a `<t>` without `xml:space="preserve"` loses its
/// leading and trailing ASCII whitespace, and Excel's `_xHHHH_` escapes are decoded. False
/// when the text outgrew `cap` bytes (it is then cut short).
pub(super) fn rich_text<R: Read>(
    xml: &mut Xml<R>,
    out: &mut Vec<u8>,
    cap: usize,
) -> Result<bool, FileError> {
    let start = out.len();
    let mut depth = 0u32;
    let mut fits = true;
    loop {
        match xml.next()? {
            Tok::Start if xml.is(b"t") => {
                let preserve = xml.attr(b"xml:space") == Some(b"preserve");
                let from = out.len();
                xml.text(out, cap.saturating_add(start))?;
                fits &= out.len() - start <= cap;
                if !preserve {
                    let piece = &out[from..];
                    let lead = piece.iter().take_while(|&&b| is_space(b)).count();
                    let trail = piece[lead..].iter().rev().take_while(|&&b| is_space(b)).count();
                    out.truncate(out.len() - trail);
                    out.drain(from..from + lead);
                }
                unescape_excel(out, from);
            }
            Tok::Start if xml.is(b"rPh") => xml.skip_element()?,
            Tok::Start => depth += 1,
            Tok::End if depth == 0 => return Ok(fits),
            Tok::End => depth -= 1,
            Tok::Empty => {}
            Tok::Eof => return Err(xml.corrupt("the part ends inside a string")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::limits::Clock;
    use crate::reader::xlsx::tests::Trickle;

    /// Runs `f` over `xml` read a few bytes at a time into a small buffer.
    fn part<'a, T>(
        xml: &'a str,
        f: impl FnOnce(&mut Xml<Trickle<'a>>) -> Result<T, FileError>,
    ) -> Result<T, FileError> {
        let clock = Clock::start(&Limits::default());
        f(&mut Xml::with_buffer(Trickle(xml.as_bytes(), 5), "part.xml", u64::MAX, clock, 200))
    }

    fn strings(sst: &str, cap: usize) -> Result<Vec<Option<String>>, FileError> {
        let table = part(sst, |x| shared_strings(x, sst.len() as u64, cap))?;
        Ok((0..table.len())
            .map(|i| match table.get(i) {
                Some(Shared::Text(s)) => Some(s.to_string()),
                _ => None,
            })
            .collect())
    }

    #[test]
    fn shared_strings_join_runs_and_skip_phonetics() {
        let sst = r#"<?xml version="1.0"?><x:sst xmlns:x="m" count="6" uniqueCount="6"><x:si><x:t>plain</x:t></x:si><x:si/><x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">bold </x:t></x:r><x:r><x:t>run</x:t></x:r></x:si><x:si><x:t>東京</x:t><x:rPh sb="0" eb="2"><x:t>トウキョウ</x:t></x:rPh><x:phoneticPr fontId="1"/></x:si><x:si><x:t>  &lt;&#x41;&gt;_x000A_ </x:t></x:si><x:si><x:t>0123456789abcdef</x:t></x:si></x:sst>"#;
        let got = strings(sst, 15).unwrap();
        let want = ["plain", "", "bold run", "東京", "<A>\n"].map(|s| Some(s.to_owned()));
        assert_eq!(got[..5], want);
        assert_eq!(got[5], None, "longer than the cap");
        assert_eq!(strings(sst, 100).unwrap()[5].as_deref(), Some("0123456789abcdef"));
    }

    #[test]
    fn a_shared_string_that_is_not_utf8_is_corrupt() {
        // Two halves of one character, each in its own string.
        let sst = b"<sst><si><t>\xE4\xB8</t></si><si><t>\xAD</t></si></sst>";
        let clock = Clock::start(&Limits::default());
        let mut x = Xml::new(&sst[..], "sst.xml", u64::MAX, clock);
        let e = shared_strings(&mut x, sst.len() as u64, 100).err().unwrap();
        assert!(matches!(e, FileError::Corrupt { .. }), "{e:?}");
    }

    #[test]
    fn a_unique_count_the_part_cannot_hold_is_refused() {
        let sst = r#"<sst uniqueCount="40"><si><t>x</t></si></sst>"#;
        assert_eq!(strings(sst, 100).unwrap_err(), FileError::TooLarge);
        let sst = r#"<sst uniqueCount="many"><si><t>x</t></si></sst>"#;
        assert_eq!(strings(sst, 100).unwrap_err(), FileError::TooLarge);
        let sst = r#"<sst uniqueCount="2"><si><t>x</t></si></sst>"#;
        assert_eq!(strings(sst, 100).unwrap().len(), 1);
    }

    #[test]
    fn styles_mark_date_and_duration_formats() {
        let styles = r#"<styleSheet xmlns="m"><numFmts count="4"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="[h]:mm"/><numFmt numFmtId="166" formatCode="0.00_);[Red]\(0.00\)"/><numFmt numFmtId="14" formatCode="0.0"/></numFmts><cellStyleXfs count="1"><xf numFmtId="22"/></cellStyleXfs><cellXfs count="9"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"><alignment horizontal="left"/></xf><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="14"/><xf numFmtId="22"/><xf numFmtId="31"/><xf numFmtId="46"/><xf/></cellXfs><dxfs count="1"><dxf><numFmt numFmtId="167" formatCode="yyyy"/></dxf></dxfs></styleSheet>"#;
        use Shown::*;
        assert_eq!(
            part(styles, super::styles).unwrap(),
            [Number, Date, Duration, Number, Number, Date, Date, Duration, Number]
        );
    }

    #[test]
    fn the_workbook_lists_sheets_in_order_with_the_date_system() {
        let wb = r#"<workbook xmlns:r="rels"><workbookPr date1904="true"/><sheets><sheet name="A &amp; B" sheetId="3" r:id="rId3"/><sheet name="图表" sheetId="1" state="hidden" r:id="rId1"/></sheets><extLst><ext><x15:workbookPr chartTrackingRefBase="1"/></ext></extLst></workbook>"#;
        let book = part(wb, |x| workbook(x, 10)).unwrap();
        assert!(book.date1904);
        let sheets: Vec<_> =
            book.sheets.iter().map(|s| (s.name.as_str(), s.rel.as_str())).collect();
        assert_eq!(sheets, [("A & B", "rId3"), ("图表", "rId1")]);
        assert_eq!(part(wb, |x| workbook(x, 1)).err(), Some(FileError::TooManySheets(1)));
        let wb = r#"<workbook><workbookPr date1904="0"/></workbook>"#;
        assert!(!part(wb, |x| workbook(x, 10)).unwrap().date1904);
    }

    #[test]
    fn relationship_targets_resolve_against_their_folder() {
        let rels = r#"<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" Target="./chartsheets/../chartsheets/sheet1.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/></Relationships>"#;
        let rels_xml = rels.to_owned();
        let rels = part(rels, |x| super::rels(x, "xl/", 10)).unwrap();
        let got: Vec<_> = rels.iter().map(|r| (r.id.as_str(), r.kind, r.target.as_str())).collect();
        assert_eq!(
            got,
            [
                ("rId1", RelKind::Worksheet, "xl/worksheets/sheet1.xml"),
                ("rId2", RelKind::Worksheet, "xl/worksheets/sheet2.xml"),
                ("rId3", RelKind::Other, "xl/chartsheets/sheet1.xml"),
                ("rId4", RelKind::SharedStrings, "xl/sharedStrings.xml"),
            ]
        );
        let too_many = part(&rels_xml, |x| super::rels(x, "xl/", 3));
        assert_eq!(too_many.err(), Some(FileError::TooLarge));
        assert_eq!(dir_of("xl/workbook.xml"), "xl/");
        assert_eq!(dir_of("workbook.xml"), "");
        assert_eq!(resolve("", "xl/workbook.xml"), "xl/workbook.xml");
    }

    #[test]
    fn declarations_in_any_small_part_are_refused() {
        let doctype =
            r#"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>"#;
        let sst = format!(r#"{doctype}<sst><si><t>&e;</t></si></sst>"#);
        assert_eq!(strings(&sst, 100).unwrap_err(), FileError::UnsafeXml);
        let styles = format!("{doctype}<styleSheet/>");
        assert_eq!(part(&styles, super::styles).unwrap_err(), FileError::UnsafeXml);
        let wb = format!("{doctype}<workbook/>");
        assert_eq!(part(&wb, |x| workbook(x, 10)).err(), Some(FileError::UnsafeXml));
        let rels = format!("{doctype}<Relationships/>");
        assert_eq!(part(&rels, |x| super::rels(x, "", 10)).err(), Some(FileError::UnsafeXml));
    }
}
