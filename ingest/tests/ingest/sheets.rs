//! The raw reader: formats by extension and content, raw cell kinds, row numbers.

use adeval_ingest::reader::{Format, detect, read_sheets_bytes};
use adeval_ingest::{FileError, Limits, Raw};

use crate::support::*;

#[test]
fn formats_are_chosen_by_extension_and_content() {
    let zip = b"PK\x03\x04rest";
    let ole = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
    assert_eq!(detect("a.xlsx", zip), Ok(Format::Xlsx));
    assert_eq!(detect("A.XLS", zip), Ok(Format::Xlsx), "a mislabelled xlsx is still read");
    assert_eq!(detect("a.xls", ole), Ok(Format::Xls));
    assert_eq!(detect("a.csv", "日期,频道".as_bytes()), Ok(Format::Csv));
    assert_eq!(detect("a.xlsx", b"date,channel"), Err(FileError::ContentMismatch("xlsx".into())));
    assert_eq!(detect("a.csv", zip), Err(FileError::ContentMismatch("csv".into())));
    assert_eq!(detect("a.pdf", b"%PDF"), Err(FileError::UnsupportedType("pdf".into())));
    assert_eq!(detect("noext", b""), Err(FileError::UnsupportedType("".into())));
}

#[test]
fn cells_keep_their_kind_and_rows_their_sheet_numbers() {
    let bytes = xlsx(&[(
        "S",
        vec![
            vec![S("标题")],
            vec![],
            vec![S(" 文本 "), N(2.5), Date(46082.0), Time(0.5), Blank, N(7.0)],
        ],
    )]);
    let sheets = read_sheets_bytes(&bytes, "a.xlsx", &Limits::default()).unwrap();
    assert_eq!(sheets.len(), 1);
    let rows = &sheets[0].rows;
    assert_eq!(rows.iter().map(|r| r.row).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(
        rows[1].cells,
        [
            Raw::Text(" 文本 ".into()),
            Raw::Number(2.5),
            Raw::DateTime(46082.0),
            Raw::DateTime(0.5),
            Raw::Empty,
            Raw::Number(7.0)
        ]
    );
}

#[test]
fn csv_cells_are_text_and_blank_lines_keep_numbering() {
    let sheets =
        read_sheets_bytes("a,b\n\n\n1,\"x\"\n".as_bytes(), "t.csv", &Limits::default()).unwrap();
    let rows = &sheets[0].rows;
    assert_eq!(sheets[0].name, "t");
    assert_eq!(rows.iter().map(|r| r.row).collect::<Vec<_>>(), [1, 4]);
    assert_eq!(rows[1].cells, [Raw::Text("1".into()), Raw::Text("x".into())]);
}

#[test]
fn text_that_is_neither_utf8_nor_gbk_is_refused() {
    let bytes = b"\xff\xfe\xfd,\x81\x20\n";
    let e = read_sheets_bytes(bytes, "bad.csv", &Limits::default()).unwrap_err();
    assert_eq!(e, FileError::Encoding);
}

#[test]
fn csv_records_ended_by_lone_carriage_returns_stay_apart() {
    let sheets = read_sheets_bytes(b"a,b\r1,2\r3,4\r", "mac.csv", &Limits::default()).unwrap();
    let rows = &sheets[0].rows;
    assert_eq!(rows.iter().map(|r| r.row).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(rows[2].cells, [Raw::Text("3".into()), Raw::Text("4".into())]);
}

#[test]
fn xlsx_packages_calamine_refused_still_read() {
    // No package relationships: the workbook is where Excel puts it.
    let workbook = format!(
        r#"<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets><sheet name="宏" r:id="rId2"/><sheet name="S" r:id="rId1"/></sheets></workbook>"#
    );
    let rels = [
        rel("rId1", "worksheet", "worksheets/sheet1.xml"),
        // A macro sheet: a relationship type calamine doesn't know, skipped.
        rel("rId2", "xlMacrosheet", "macrosheets/sheet1.xml"),
    ]
    .concat();
    // Error values beyond calamine's seven are kept as written.
    let sheet = format!(
        r#"<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="e"><f>SEQUENCE(2)</f><v>#SPILL!</v></c><c r="B1" t="e"><v>#CALC!</v></c></row></sheetData></worksheet>"#
    );
    let bytes = package(&workbook, &rels, &[("xl/worksheets/sheet1.xml", sheet)]);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&bytes[..])).unwrap();
    let entries: Vec<(String, Vec<u8>)> = (0..zip.len())
        .map(|i| {
            let mut entry = zip.by_index(i).unwrap();
            let mut data = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut data).unwrap();
            (entry.name().unwrap().into_owned(), data)
        })
        .filter(|(name, _)| name != "_rels/.rels")
        .collect();
    let entries: Vec<(&str, Vec<u8>)> =
        entries.iter().map(|(n, d)| (n.as_str(), d.clone())).collect();
    let sheets = read_sheets_bytes(&zip_of(&entries), "a.xlsx", &Limits::default()).unwrap();
    assert_eq!(sheets.len(), 1);
    assert_eq!(sheets[0].name, "S");
    assert_eq!(
        sheets[0].rows[0].cells,
        [Raw::Error("#SPILL!".into()), Raw::Error("#CALC!".into())]
    );
}
