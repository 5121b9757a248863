//! Builders for the files the tests read: real workbooks through rust_xlsxwriter, hand-made
//! archives through the zip crate (for parts no writer would produce), csv text, and .xls
//! files (see `xls`).

pub mod xls;

use std::io::{Cursor, Write};

use adeval_ingest::{CustomerOptions, CustomerRow, Limits, Rejected, read_customer_data_bytes};
use rust_xlsxwriter::{Format, Workbook};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

/// A cell to write: text, a plain number, or a number shown as a date or a time.
#[derive(Clone, Copy)]
pub enum V<'a> {
    S(&'a str),
    N(f64),
    Date(f64),
    Time(f64),
    Blank,
}

pub use V::*;

/// A workbook with the given sheets (name, rows from A1).
pub fn xlsx(sheets: &[(&str, Vec<Vec<V<'_>>>)]) -> Vec<u8> {
    let mut book = Workbook::new();
    let date = Format::new().set_num_format("yyyy-mm-dd");
    let time = Format::new().set_num_format("hh:mm:ss");
    for (name, rows) in sheets {
        let sheet = book.add_worksheet();
        sheet.set_name(*name).unwrap();
        for (r, row) in rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                let (r, c) = (r as u32, c as u16);
                match *v {
                    S(s) => sheet.write_string(r, c, s).map(|_| ()),
                    N(n) => sheet.write_number(r, c, n).map(|_| ()),
                    Date(n) => sheet.write_number_with_format(r, c, n, &date).map(|_| ()),
                    Time(n) => sheet.write_number_with_format(r, c, n, &time).map(|_| ()),
                    Blank => Ok(()),
                }
                .unwrap();
            }
        }
    }
    book.save_to_buffer().unwrap()
}

/// One sheet named 客户数据.
pub fn one_sheet(rows: Vec<Vec<V<'_>>>) -> Vec<u8> {
    xlsx(&[("客户数据", rows)])
}

/// The standard Chinese header row.
pub fn header() -> Vec<V<'static>> {
    [
        "日期",
        "频道",
        "播出时间",
        "时长",
        "标题",
        "节目",
        "时段归纳",
        "受众/城市组",
        "毛评点",
        "位置",
    ]
    .into_iter()
    .map(S)
    .collect()
}

/// A good data row in text cells.
pub fn good_row<'a>(date: &'a str, time: &'a str) -> Vec<V<'a>> {
    vec![
        S(date),
        S("CCTV-1"),
        S(time),
        N(15.0),
        S("伊利 15秒版"),
        S("新闻联播"),
        S("黄金时段"),
        S("全国 4+"),
        N(1.25),
        S("正一"),
    ]
}

pub fn read(bytes: &[u8], name: &str) -> Result<Vec<CustomerRow>, Rejected> {
    read_customer_data_bytes(bytes, name, &CustomerOptions::default(), &Limits::default())
}

pub fn read_with(bytes: &[u8], name: &str, limits: &Limits) -> Result<Vec<CustomerRow>, Rejected> {
    read_customer_data_bytes(bytes, name, &CustomerOptions::default(), limits)
}

/// A minimal xlsx package written part by part, so tests control every byte of the XML.
/// `sheet_data` goes inside `<worksheet>`; `shared` is the whole sharedStrings part.
pub fn raw_xlsx(sheet: &str, shared: Option<&str>) -> Vec<u8> {
    let mut parts = vec![
        (
            "[Content_Types].xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_owned(),
        ),
        (
            "_rels/.rels",
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_owned(),
        ),
        (
            "xl/workbook.xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_owned(),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#.to_owned(),
        ),
        (
            "xl/worksheets/sheet1.xml",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{sheet}</worksheet>"#
            ),
        ),
    ];
    if let Some(shared) = shared {
        parts.push(("xl/sharedStrings.xml", shared.to_owned()));
    }
    let parts: Vec<(&str, Vec<u8>)> = parts.into_iter().map(|(n, p)| (n, p.into_bytes())).collect();
    zip_of(&parts)
}

pub const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
pub const RELS: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// A package written part by part around `workbook` (its XML) and `rels` (the workbook
/// relationships' `<Relationship>` elements), plus `parts` (name, XML).
pub fn package(workbook: &str, rels: &str, parts: &[(&str, String)]) -> Vec<u8> {
    let mut entries: Vec<(&str, Vec<u8>)> = vec![
        ("[Content_Types].xml", br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#.to_vec()),
        (
            "_rels/.rels",
            format!(r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#).into_bytes(),
        ),
        ("xl/workbook.xml", workbook.as_bytes().to_vec()),
        (
            "xl/_rels/workbook.xml.rels",
            format!(r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"#).into_bytes(),
        ),
    ];
    for (name, xml) in parts {
        entries.push((name, xml.as_bytes().to_vec()));
    }
    zip_of(&entries)
}

pub fn rel(id: &str, kind: &str, target: &str) -> String {
    format!(r#"<Relationship Id="{id}" Type="{RELS}/{kind}" Target="{target}"/>"#)
}

/// A part of an archive as text.
pub fn part_text(bytes: &[u8], name: &str) -> String {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    std::io::read_to_string(zip.by_name(name).unwrap()).unwrap()
}

/// An archive of the given entries, deflated.
pub fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// A customer sheet in raw XML: inline-string cells from text rows, A1 onwards.
pub fn inline_rows(rows: &[&[&str]]) -> String {
    let mut xml = String::from("<sheetData>");
    for (r, row) in rows.iter().enumerate() {
        xml.push_str(&format!(r#"<row r="{}">"#, r + 1));
        for (c, text) in row.iter().enumerate() {
            let col = (b'A' + c as u8) as char;
            xml.push_str(&format!(
                r#"<c r="{col}{}" t="inlineStr"><is><t>{text}</t></is></c>"#,
                r + 1
            ));
        }
        xml.push_str("</row>");
    }
    xml.push_str("</sheetData>");
    xml
}

pub const HEADER: &[&str] = &["日期", "频道", "播出时间", "时长", "标题", "受众", "毛评点"];
pub const ROW: &[&str] = &["2026-03-01", "CCTV-1", "20:15", "15", "伊利", "全国", "1.5"];
