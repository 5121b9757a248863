//! Hostile and absurd files: each is refused with its Chinese message, quickly, without
//! allocating what the file declares.

use std::time::Duration;

use adeval_ingest::reader::read_sheets_bytes;
use adeval_ingest::{FileError, Limits, Rejected};

use crate::support::*;

fn refusal(bytes: &[u8], name: &str, limits: &Limits) -> FileError {
    match read_with(bytes, name, limits) {
        Err(Rejected::File(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn good_sheet() -> String {
    inline_rows(&[HEADER, ROW])
}

#[test]
fn an_entry_with_a_bomb_like_compression_ratio_is_refused() {
    let mut entries = vec![("xl/media/zeros.bin", vec![0u8; 4 << 20])];
    entries.push(("[Content_Types].xml", b"<Types/>".to_vec()));
    let e = refusal(&zip_of(&entries), "bomb.xlsx", &Limits::default());
    assert_eq!(e, FileError::TooLarge);
    assert_eq!(e.to_string(), "文件过大或压缩比异常，已拒绝");
}

#[test]
fn the_total_declared_size_is_capped() {
    // 900 KiB of zeros: below the ratio check's floor, small on disk, large inflated.
    let bytes = zip_of(&[("xl/media/zeros.bin", vec![0u8; 900 << 10])]);
    let limits = Limits { max_inflated_bytes: 64 << 10, ..Limits::default() };
    assert!(bytes.len() < 64 << 10);
    assert_eq!(refusal(&bytes, "big.xlsx", &limits), FileError::TooLarge);
}

#[test]
fn too_many_archive_entries_are_refused() {
    let limits = Limits { max_zip_entries: 3, ..Limits::default() };
    assert_eq!(refusal(&raw_xlsx(&good_sheet(), None), "a.xlsx", &limits), FileError::TooLarge);
}

#[test]
fn an_entry_inflating_past_its_declared_size_is_refused() {
    // Arrange: a real sheet whose declared size is patched down to 100 bytes in both the
    // local header and the central directory.
    let mut bytes = raw_xlsx(&good_sheet(), None);
    let name = b"xl/worksheets/sheet1.xml";
    let mut patched = 0;
    for (magic, size_at, name_at) in [(b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)] {
        let mut at = 0;
        while let Some(found) = bytes[at..].windows(4).position(|w| w == magic) {
            let start = at + found;
            if bytes[start + name_at..].starts_with(name) {
                bytes[start + size_at..start + size_at + 4].copy_from_slice(&100u32.to_le_bytes());
                patched += 1;
            }
            at = start + 4;
        }
    }
    assert_eq!(patched, 2);

    // Act, Assert
    assert_eq!(refusal(&bytes, "liar.xlsx", &Limits::default()), FileError::TooLarge);
}

#[test]
fn a_huge_declared_dimension_with_few_cells_reads_without_allocating_it() {
    let sheet = format!(r#"<dimension ref="A1:XFD1048576"/>{}"#, good_sheet());
    let spots = read(&raw_xlsx(&sheet, None), "dim.xlsx").unwrap();
    assert_eq!(spots.len(), 1);
}

#[test]
fn far_apart_cells_are_streamed_not_gridded() {
    // A1 and A1048576: calamine's dense range would span a million rows; the stream doesn't.
    let sheet = r#"<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row><row r="1048576"><c r="A1048576" t="inlineStr"><is><t>y</t></is></c></row></sheetData>"#;
    let sheets = read_sheets_bytes(&raw_xlsx(sheet, None), "far.xlsx", &Limits::default()).unwrap();
    assert_eq!(sheets[0].rows.iter().map(|r| r.row).collect::<Vec<_>>(), [1, 1_048_576]);
}

#[test]
fn a_cell_beyond_the_column_cap_is_refused() {
    let sheet = r#"<sheetData><row r="1"><c r="XFD1" t="inlineStr"><is><t>far</t></is></c></row></sheetData>"#;
    let e = read_sheets_bytes(&raw_xlsx(sheet, None), "wide.xlsx", &Limits::default()).unwrap_err();
    assert_eq!(e.to_string(), "工作表“Sheet1”第 1 行的列数超过上限 256");
}

#[test]
fn billion_laughs_in_a_sheet_is_refused() {
    let sheet = r#"<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol1;</t></is></c></row></sheetData>"#;
    let e = refusal(&raw_xlsx(sheet, None), "lol.xlsx", &Limits::default());
    assert_eq!(e, FileError::UnsafeXml);
    assert_eq!(e.to_string(), "文件包含不安全的 XML 声明");
}

#[test]
fn an_external_entity_in_shared_strings_is_refused() {
    let shared = r#"<?xml version="1.0"?><!doctype sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>&xxe;</t></si></sst>"#;
    let e = refusal(&raw_xlsx(&good_sheet(), Some(shared)), "xxe.xlsx", &Limits::default());
    assert_eq!(e, FileError::UnsafeXml);
}

#[test]
fn a_shared_string_count_no_part_could_hold_is_refused() {
    let shared = r#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="4000000000000"><si><t>x</t></si></sst>"#;
    let e = refusal(&raw_xlsx(&good_sheet(), Some(shared)), "sst.xlsx", &Limits::default());
    assert_eq!(e, FileError::TooLarge);
}

#[test]
fn an_absurdly_long_cell_is_refused() {
    let long = "长".repeat(40_000);
    let sheet =
        inline_rows(&[HEADER, &["2026-03-01", "CCTV-1", "20:15", "15", &long, "全国", "1"]]);
    let e = refusal(&raw_xlsx(&sheet, None), "long.xlsx", &Limits::default());
    assert_eq!(e.to_string(), "工作表“Sheet1”第 2 行有单元格内容过长（上限 32768 个字符）");
}

#[test]
fn rows_beyond_the_cap_are_refused() {
    let mut text = String::from("日期,频道,播出时间,时长,标题,受众,毛评点\n");
    for _ in 0..10 {
        text.push_str("2026-03-01,CCTV-1,20:15,15,伊利,全国,1\n");
    }
    let limits = Limits { max_rows: 5, ..Limits::default() };
    assert_eq!(refusal(text.as_bytes(), "rows.csv", &limits), FileError::TooManyRows(5));
    assert_eq!(FileError::TooManyRows(1_000_000).to_string(), "行数超过上限 1000000");
}

#[test]
fn a_file_larger_than_the_cap_is_refused_before_reading() {
    let limits = Limits { max_inflated_bytes: 16, ..Limits::default() };
    let text = "日期,频道,播出时间,时长,标题,受众,毛评点\n";
    assert_eq!(refusal(text.as_bytes(), "a.csv", &limits), FileError::TooLarge);
}

#[test]
fn reading_stops_at_the_deadline() {
    let limits = Limits { deadline: Duration::ZERO, ..Limits::default() };
    let bytes = one_sheet(vec![header(), good_row("2026-03-01", "20:15")]);
    let e = refusal(&bytes, "slow.xlsx", &limits);
    assert_eq!(e.to_string(), "解析超时");

    // A deadline that passes mid-file stops it too.
    let mut text = String::from("日期,频道,播出时间,时长,标题,受众,毛评点\n");
    for _ in 0..50_000 {
        text.push_str("2026-03-01,CCTV-1,20:15,15,伊利,全国,1\n");
    }
    let limits = Limits { deadline: Duration::from_micros(200), ..Limits::default() };
    assert_eq!(refusal(text.as_bytes(), "slow.csv", &limits), FileError::Timeout);
}

#[test]
fn garbage_with_a_zip_signature_is_a_corrupt_file_not_a_panic() {
    let mut bytes = raw_xlsx(&good_sheet(), None);
    let len = bytes.len();
    bytes[len / 2..].fill(0x5A);
    let e = refusal(&bytes, "broken.xlsx", &Limits::default());
    assert!(matches!(e, FileError::Corrupt { .. }), "{e:?}");
    assert_eq!(e.to_string(), "文件已损坏或格式无法识别");
}

/// A one-sheet package around `sheet` (the worksheet part) with a styles part.
fn with_styles(sheet: &str, styles: &str) -> Vec<u8> {
    let workbook = format!(
        r#"<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>"#
    );
    let rels =
        [rel("rId1", "worksheet", "worksheets/sheet1.xml"), rel("rId2", "styles", "styles.xml")]
            .concat();
    package(
        &workbook,
        &rels,
        &[("xl/styles.xml", styles.to_owned()), ("xl/worksheets/sheet1.xml", sheet.to_owned())],
    )
}

#[test]
fn a_doctype_in_styles_the_workbook_or_any_other_part_is_refused() {
    let doctype = r#"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>"#;
    let sheet = format!("<worksheet>{}</worksheet>", good_sheet());
    let bytes = with_styles(&sheet, &format!("{doctype}<styleSheet/>"));
    assert_eq!(refusal(&bytes, "styles.xlsx", &Limits::default()), FileError::UnsafeXml);

    let workbook = format!(
        r#"{doctype}<workbook xmlns:r="{RELS}"><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>"#
    );
    let bytes = package(
        &workbook,
        &rel("rId1", "worksheet", "worksheets/sheet1.xml"),
        &[("xl/worksheets/sheet1.xml", sheet.clone())],
    );
    assert_eq!(refusal(&bytes, "workbook.xlsx", &Limits::default()), FileError::UnsafeXml);

    // A part nobody reads is scanned all the same.
    let mut entries = vec![("docProps/custom.xml", format!("{doctype}<Properties/>").into_bytes())];
    let good = raw_xlsx(&good_sheet(), None);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&good[..])).unwrap();
    let names: Vec<String> = zip.file_names().map(|n| n.unwrap().to_string()).collect();
    let parts: Vec<(String, Vec<u8>)> = names
        .iter()
        .map(|n| {
            (n.clone(), std::io::Read::bytes(zip.by_name(n).unwrap()).map(Result::unwrap).collect())
        })
        .collect();
    entries.extend(parts.iter().map(|(n, b)| (n.as_str(), b.clone())));
    assert_eq!(refusal(&zip_of(&entries), "props.xlsx", &Limits::default()), FileError::UnsafeXml);
}

#[test]
fn truncated_or_garbled_sheet_xml_is_a_corrupt_file() {
    let sheet = format!("<worksheet>{}</worksheet>", good_sheet());
    for broken in [
        sheet[..sheet.len() / 2].to_owned(),
        sheet.replace("</c>", "</c"),
        sheet.replace("t=\"inlineStr\"", "t=inlineStr"),
        sheet.replace("<c r=\"A2\"", "<c r=\"2A\""),
        sheet.replace("</t>", "&nope;</t>"),
    ] {
        let bytes = with_styles(&broken, "<styleSheet/>");
        let e = refusal(&bytes, "broken.xlsx", &Limits::default());
        assert!(matches!(e, FileError::Corrupt { .. }), "{broken}: {e:?}");
        assert_eq!(e.to_string(), "文件已损坏或格式无法识别");
    }
}

#[test]
fn a_shared_string_index_past_the_table_is_a_corrupt_file() {
    let shared = r#"<sst count="1" uniqueCount="1"><si><t>日期</t></si></sst>"#;
    let sheet = r#"<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData>"#;
    let e = refusal(&raw_xlsx(sheet, Some(shared)), "sst.xlsx", &Limits::default());
    assert!(matches!(e, FileError::Corrupt { .. }), "{e:?}");
}

#[test]
fn the_inflated_budget_covers_every_part_read() {
    // Each part alone fits; together they don't.
    let sheet = format!("<worksheet>{}<!-- {} --></worksheet>", good_sheet(), "x".repeat(40 << 10));
    let bytes =
        with_styles(&sheet, &format!("<styleSheet><!-- {} --></styleSheet>", "y".repeat(40 << 10)));
    let limits = Limits { max_inflated_bytes: 64 << 10, ..Limits::default() };
    assert!(bytes.len() < 64 << 10);
    assert_eq!(refusal(&bytes, "budget.xlsx", &limits), FileError::TooLarge);
    let limits = Limits { max_inflated_bytes: 100 << 10, ..Limits::default() };
    assert!(read_with(&bytes, "budget.xlsx", &limits).is_ok());
}
