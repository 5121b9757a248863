//! Sheets into rows: the grammar, cell types, and damaged or overlong input.

use super::Trickle;
use crate::limits::Clock;
use crate::reader::xlsx::formats::Shown;
use crate::reader::xlsx::parts;
use crate::reader::xlsx::sheet::{Book, read};
use crate::reader::xlsx::xml::{BUF_BYTES, Xml};
use crate::reader::{Assembler, Collect, Raw, Sheet};
use crate::{FileError, Limits};


/// Cell formats 0–3: general, a date, a duration, general again.
fn book(date1904: bool) -> Book {
    let sst = "<sst uniqueCount=\"3\"><si><t>zero</t></si><si><r><t>o</t></r><r><t>ne</t></r></si><si/></sst>";
    let clock = Clock::start(&Limits::default());
    let mut xml = Xml::new(sst.as_bytes(), "sst.xml", u64::MAX, clock);
    let shared = parts::shared_strings(&mut xml, sst.len() as u64, 1000).unwrap();
    let formats = vec![Shown::Number, Shown::Date, Shown::Duration, Shown::Number];
    Book { shared, formats, date1904 }
}

fn read_with(
    xml: &str,
    book: &Book,
    limits: &Limits,
    step: usize,
    buffer: usize,
) -> Result<Vec<Sheet>, FileError> {
    let clock = Clock::start(limits);
    let mut sink = Collect(Vec::new());
    let mut rows = Assembler::new(limits, clock, &mut sink);
    let mut x =
        Xml::with_buffer(Trickle(xml.as_bytes(), step), "sheet.xml", u64::MAX, clock, buffer);
    read(&mut x, "S", book, &mut rows)?;
    rows.finish()?;
    Ok(sink.0)
}

/// The rows of a sheet, the same whatever the read sizes and buffer.
fn rows_of(xml: &str, book: &Book) -> Result<Vec<(u32, Vec<Raw>)>, FileError> {
    let limits = Limits::default();
    let whole = read_with(xml, book, &limits, usize::MAX, BUF_BYTES);
    for step in [1, 2, 3, 5, 8, 13] {
        for buffer in [96, 150, 4096] {
            assert_eq!(
                read_with(xml, book, &limits, step, buffer),
                whole,
                "by {step} into {buffer}"
            );
        }
    }
    let sheets = whole?;
    Ok(sheets.into_iter().flat_map(|s| s.rows).map(|r| (r.row, r.cells)).collect())
}

fn sheet(data: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><dimension ref=\"A1\"/><sheetData>{data}</sheetData><pageMargins left=\"0.7\"/></worksheet>"
    )
}

fn text(s: &str) -> Raw {
    Raw::Text(s.into())
}

#[test]
fn namespace_prefixes_are_ignored() {
    let xml = r#"<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c r="B1" s="1"><x:v>46082</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>"#;
    assert_eq!(
        rows_of(xml, &book(false)).unwrap(),
        [(1, vec![text("a"), Raw::DateTime(46082.0), text("one")])]
    );
}

#[test]
fn rows_and_cells_without_references_follow_the_ones_before() {
    let data = r#"<row><c><v>1</v></c><c/><c><v>3</v></c></row><row r="5"><c><v>5</v></c><c r="D5"><v>6</v></c><c><v>7</v></c></row><row><c t="b"><v>1</v></c></row><row/><row spans="1:2"><c><v>9</v></c></row>"#;
    assert_eq!(
        rows_of(&sheet(data), &book(false)).unwrap(),
        [
            (1, vec![Raw::Number(1.0), Raw::Empty, Raw::Number(3.0)]),
            (5, vec![Raw::Number(5.0), Raw::Empty, Raw::Empty, Raw::Number(6.0), Raw::Number(7.0)]),
            (6, vec![Raw::Bool(true)]),
            (8, vec![Raw::Number(9.0)]),
        ]
    );
}

#[test]
fn every_cell_type_reads_as_calamine_gave_it() {
    let data = r#"<row r="2" spans="1:12"><c r="A2" t="s"><v>0</v></c><c r="B2" t="inlineStr"><is><t>in</t></is></c><c r="C2" t="str"><f>A2&amp;"x"</f><v>a&amp;b&lt;&#x4E2D;&#25991;_x000D_</v></c><c r="D2" t="b"><v>0</v></c><c r="E2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="F2" t="e"><v>#SPILL!</v></c><c r="G2" t="d"><v>2026-03-01T00:00:00</v></c><c r="H2" t="n"><v>-1.5E3</v></c><c r="I2"><v>abc</v></c><c r="J2" s="2"><v>1.25</v></c><c r="K2" s="9"><v>46082</v></c><c r="L2" s="3"><f>1+1</f><v>2</v></c></row>"#;
    assert_eq!(
        rows_of(&sheet(data), &book(false)).unwrap(),
        [(
            2,
            vec![
                text("zero"),
                text("in"),
                text("a&b<中文\r"),
                Raw::Bool(false),
                Raw::Error("#DIV/0!".into()),
                Raw::Error("#SPILL!".into()),
                text("2026-03-01T00:00:00"),
                Raw::Number(-1500.0),
                text("abc"),
                Raw::DateTime(1.25),
                Raw::Number(46082.0),
                Raw::Number(2.0),
            ]
        )]
    );
}

#[test]
fn dates_move_onto_the_1900_system_and_durations_do_not() {
    let data = r#"<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="2"><v>1.5</v></c><c r="C1"><v>3</v></c></row>"#;
    assert_eq!(
        rows_of(&sheet(data), &book(true)).unwrap(),
        [(1, vec![Raw::DateTime(1462.0), Raw::DateTime(1.5), Raw::Number(3.0)])]
    );
}

#[test]
fn inline_strings_join_runs_skip_phonetics_and_trim_like_calamine() {
    let data = r#"<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>東</t></r><r><t>京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></is></c><c r="B1" t="inlineStr"><is><t>
 a b	</t></is></c><c r="C1" t="inlineStr"><is><t xml:space="preserve"> a </t></is></c><c r="D1" t="inlineStr"><is><t><![CDATA[<b>&amp;]]></t></is></c><c r="E1" t="inlineStr"><is><t>_x005F_x000D_ &amp;amp;</t></is><v>ignored</v></c><c r="F1" t="inlineStr"><is/></c><c r="G1" t="inlineStr"><is><t>a</t><t>b</t></is></c></row>"#;
    assert_eq!(
        rows_of(&sheet(data), &book(false)).unwrap(),
        [(
            1,
            vec![
                text("東京"),
                text("a b"),
                text(" a "),
                text("<b>&amp;"),
                text("_x000D_ &amp;"),
                Raw::Empty,
                text("ab")
            ]
        )]
    );
}

#[test]
fn a_part_without_sheet_data_starts_no_sheet() {
    let limits = Limits::default();
    let chart = r#"<chartsheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews/><drawing r:id="rId1"/></chartsheet>"#;
    assert_eq!(read_with(chart, &book(false), &limits, 7, 96).unwrap(), []);
    let empty = sheet("").replace("<sheetData></sheetData>", "<sheetData/>");
    let sheets = read_with(&empty, &book(false), &limits, 7, 96).unwrap();
    assert_eq!(sheets, [Sheet { name: "S".into(), rows: vec![] }]);
}

#[test]
fn bad_cells_are_corrupt_files() {
    for data in [
        r#"<row r="1"><c r="A1" t="s"><v>3</v></c></row>"#,
        r#"<row r="1"><c r="A1" t="s"><v>x</v></c></row>"#,
        r#"<row r="1"><c r="A1" t="n"><v>x</v></c></row>"#,
        r#"<row r="1"><c r="A1" t="b"><v>2</v></c></row>"#,
        r#"<row r="1"><c r="A1" t="zz"><v>2</v></c></row>"#,
        r#"<row r="1"><c r="1A"><v>2</v></c></row>"#,
        r#"<row r="1"><c r="A0"><v>2</v></c></row>"#,
        r#"<row r="1"><c r="ABCDEF1"><v>2</v></c></row>"#,
        r#"<row r="1"><c r="A12345678901"><v>2</v></c></row>"#,
        r#"<row r="0"><c><v>2</v></c></row>"#,
        r#"<row r="x"><c><v>2</v></c></row>"#,
        r#"<row r="1"><c r="A1"><v>&bogus;</v></c></row>"#,
        r#"<row r="1"><c r="A1"><v>1<b/></v></c></row>"#,
    ] {
        let e = rows_of(&sheet(data), &book(false)).unwrap_err();
        assert!(matches!(e, FileError::Corrupt { .. }), "{data}: {e:?}");
    }
}

#[test]
fn invalid_utf8_is_a_corrupt_file() {
    let mut xml =
        sheet(r#"<row r="1"><c r="A1" t="inlineStr"><is><t>ab</t></is></c></row>"#).into_bytes();
    let at = xml.windows(2).position(|w| w == b"ab").unwrap();
    xml[at] = 0xFF;
    let limits = Limits::default();
    let clock = Clock::start(&limits);
    let mut sink = Collect(Vec::new());
    let mut rows = Assembler::new(&limits, clock, &mut sink);
    let mut x = Xml::new(&xml[..], "sheet.xml", u64::MAX, clock);
    let e = read(&mut x, "S", &book(false), &mut rows).unwrap_err();
    assert!(matches!(e, FileError::Corrupt { .. }), "{e:?}");
}

#[test]
fn overlong_text_is_refused_before_it_is_kept() {
    let limits = Limits { max_cell_chars: 10, ..Limits::default() };
    let long = "x".repeat(200);
    for data in [
        format!(r#"<row r="3"><c r="A3" t="inlineStr"><is><t>{long}</t></is></c></row>"#),
        format!(r#"<row r="3"><c r="A3" t="str"><v>{long}</v></c></row>"#),
    ] {
        let e = read_with(&sheet(&data), &book(false), &limits, 7, 96).unwrap_err();
        assert_eq!(e, FileError::CellTooLong { sheet: "S".into(), row: 3, max: 10 });
    }
    // Between the byte cap and the character cap, the Assembler counts.
    let data = format!(
        r#"<row r="3"><c r="A3" t="inlineStr"><is><t>{}</t></is></c></row>"#,
        "x".repeat(11)
    );
    let e = read_with(&sheet(&data), &book(false), &limits, 7, 96).unwrap_err();
    assert_eq!(e, FileError::CellTooLong { sheet: "S".into(), row: 3, max: 10 });
}

#[test]
fn truncated_or_damaged_sheets_fail_cleanly() {
    let xml = sheet(
        r#"<row r="1"><c r="A1" t="inlineStr"><is><r><t>a&amp;b</t></r></is></c><c r="B1" s="1"><f>1</f><v>2</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>"#,
    );
    let limits = Limits::default();
    let book = book(false);
    for cut in 0..xml.len() {
        // Cut anywhere: read, or refused as corrupt, never a panic or a hang.
        match read_with(&xml[..cut], &book, &limits, 5, 96) {
            Ok(_) | Err(FileError::Corrupt { .. }) => {}
            Err(e) => panic!("cut at {cut}: {e:?}"),
        }
    }
    // Bytes replaced: any refusal will do, as long as it is one.
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..2000 {
        let mut damaged = xml.clone().into_bytes();
        for _ in 0..3 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = (seed % damaged.len() as u64) as usize;
            let bytes = b"<>/=\"' &;x:\r\n\0\xFF";
            damaged[at] = bytes[(seed >> 32) as usize % bytes.len()];
        }
        let clock = Clock::start(&limits);
        let mut sink = Collect(Vec::new());
        let mut rows = Assembler::new(&limits, clock, &mut sink);
        let mut x = Xml::with_buffer(Trickle(&damaged, 7), "sheet.xml", u64::MAX, clock, 96);
        let _ = read(&mut x, "S", &book, &mut rows);
    }
}
