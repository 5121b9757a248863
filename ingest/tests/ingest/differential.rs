//! Our xlsx reader against calamine, which read xlsx files before it: for real workbooks
//! (rust_xlsxwriter, in its shared-string and constant-memory modes) and hand-written
//! packages covering what other writers produce, both give the same sheets and cells.

use std::io::Cursor;

use adeval_ingest::reader::read_sheets_bytes;
use adeval_ingest::{Limits, Raw, Sheet, SheetRow};
use calamine::{DataRef, Reader, Xlsx, XlsxError};
use rust_xlsxwriter::{Chart, ChartType, Format, Formula, Workbook, Worksheet};

use crate::support::{MAIN, RELS, package, part_text, rel};

/// What calamine gives, through the cell mapping the reader used when it was calamine's and
/// the `Assembler`'s row rules (blank cells dropped, gaps `Empty`, a row per run of cells).
fn calamine_sheets(bytes: &[u8]) -> Vec<Sheet> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).expect("calamine opens it");
    let shift = if book.has_1904_epoch() { 1462.0 } else { 0.0 };
    let mut sheets = Vec::new();
    for name in book.sheet_names() {
        let mut cells = match book.worksheet_cells_reader(&name) {
            Ok(cells) => cells,
            Err(XlsxError::NotAWorksheet(_)) => continue,
            Err(e) => panic!("calamine: {e}"),
        };
        let mut sheet = Sheet { name, rows: Vec::new() };
        while let Some(cell) = cells.next_cell().expect("calamine reads the cell") {
            let (row, col) = cell.get_position();
            let value = match cell.get_value() {
                DataRef::Empty => Raw::Empty,
                DataRef::SharedString(s) => Raw::Text((*s).into()),
                DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => {
                    Raw::Text(s.as_str().into())
                }
                DataRef::Float(f) => Raw::Number(*f),
                DataRef::Int(i) => Raw::Number(*i as f64),
                DataRef::Bool(b) => Raw::Bool(*b),
                DataRef::DateTime(d) if d.is_datetime() => Raw::DateTime(d.as_f64() + shift),
                DataRef::DateTime(d) => Raw::DateTime(d.as_f64()),
                DataRef::Error(e) => Raw::Error(e.to_string()),
            };
            if value.is_blank() {
                continue;
            }
            if sheet.rows.last().map(|r| r.row) != Some(row + 1) {
                sheet.rows.push(SheetRow { row: row + 1, cells: Vec::new() });
            }
            let cells = &mut sheet.rows.last_mut().unwrap().cells;
            if cells.len() <= col as usize {
                cells.resize(col as usize + 1, Raw::Empty);
            }
            cells[col as usize] = value;
        }
        sheets.push(sheet);
    }
    sheets
}

fn assert_same(bytes: &[u8], what: &str) -> Vec<Sheet> {
    let ours = read_sheets_bytes(bytes, "t.xlsx", &Limits::default()).expect(what);
    assert_eq!(ours, calamine_sheets(bytes), "{what}");
    ours
}

/// Every kind of cell rust_xlsxwriter writes, on `sheet`.
fn write_kinds(sheet: &mut Worksheet) {
    let bold = Format::new().set_bold();
    let plain = Format::new();
    let fmt = |code: &str| Format::new().set_num_format(code);
    let id = |i: u8| Format::new().set_num_format_index(i);
    let texts = [
        "plain",
        " padded ",
        "a&b<c>\"'",
        "多行\n文本",
        "tab\tx",
        "_x000D_ written literally",
        "😀 emoji",
        "  ",
        "中文标题",
    ];
    for (c, t) in texts.iter().enumerate() {
        sheet.write_string(0, c as u16, *t).unwrap();
    }
    sheet.write_string(0, 12, "长".repeat(1000)).unwrap();
    sheet.write_rich_string(1, 0, &[(&bold, "粗"), (&plain, "体 text"), (&bold, " end ")]).unwrap();
    for (c, n) in [0.0, -1.5, 1e-10, 12_345_678_901_234.0, 0.1 + 0.2, 46_082.75].iter().enumerate()
    {
        sheet.write_number(2, c as u16, *n).unwrap();
    }
    sheet.write_boolean(3, 0, true).unwrap();
    sheet.write_boolean(3, 1, false).unwrap();
    sheet.write_formula(4, 0, Formula::new("=1+1").set_result("2")).unwrap();
    sheet.write_formula(4, 1, Formula::new("=A1&\"x\"").set_result("plain&x")).unwrap();
    sheet.write_formula(4, 2, Formula::new("=1/0").set_result("#DIV/0!")).unwrap();
    sheet.write_formula(4, 3, Formula::new("=NA()").set_result("#N/A")).unwrap();
    sheet.write_formula(4, 4, Formula::new("=TRUE()").set_result("TRUE")).unwrap();
    sheet.write_formula(4, 5, "=SUM(C3:D3)").unwrap();
    let formats = [
        id(14),
        id(15),
        id(20),
        id(22),
        id(27),
        id(31),
        id(36),
        id(45),
        id(46),
        id(47),
        id(50),
        id(57),
        id(58),
        id(2),
        id(49),
        fmt("yyyy-mm-dd"),
        fmt("hh:mm:ss"),
        fmt("[h]:mm:ss"),
        fmt("[mm]"),
        fmt("yyyy\"年\"m\"月\"d\"日\""),
        fmt("h:mm AM/PM"),
        fmt("0.00"),
        fmt("#,##0;[Red]-#,##0"),
        fmt("\"days\" 0"),
        fmt("[$-804]aaaa"),
    ];
    for (c, f) in formats.iter().enumerate() {
        sheet.write_number_with_format(5, c as u16, 46_082.5, f).unwrap();
        sheet.write_number_with_format(6, c as u16, 0.75, f).unwrap();
    }
    sheet.write_blank(7, 0, &bold).unwrap();
    sheet.write_number(7, 3, 7.0).unwrap();
    sheet.write_string(99, 25, "far").unwrap();
    sheet.write_number(4999, 2, 5000.0).unwrap();
}

#[test]
fn workbooks_with_shared_strings_read_as_calamine_reads_them() {
    let mut book = Workbook::new();
    write_kinds(book.add_worksheet().set_name("数据").unwrap());
    let data = book.add_worksheet().set_name("Chart data").unwrap();
    for r in 0..5 {
        data.write_number(r, 0, f64::from(r * 10)).unwrap();
    }
    let mut chart = Chart::new(ChartType::Column);
    chart.add_series().set_values("'Chart data'!$A$1:$A$5");
    book.add_chartsheet().set_name("图表").unwrap().insert_chart(0, 0, &chart).unwrap();
    book.add_worksheet().set_name("Empty").unwrap();
    let hidden = book.add_worksheet().set_name("Hidden").unwrap();
    hidden.write_string(2, 1, "hidden but read").unwrap();
    hidden.set_hidden(true);
    let bytes = book.save_to_buffer().unwrap();
    assert!(part_text(&bytes, "xl/sharedStrings.xml").contains("<r><rPr>"), "rich text runs");
    assert!(part_text(&bytes, "xl/workbook.xml").contains("图表"));
    assert!(part_text(&bytes, "xl/worksheets/sheet1.xml").contains("<f>"), "formulas");

    let sheets = assert_same(&bytes, "shared strings");
    let names: Vec<_> = sheets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["数据", "Chart data", "Empty", "Hidden"], "the chart sheet holds no cells");
    assert_eq!(sheets[0].rows[1].cells[0], Raw::Text("粗体 text end ".into()));
}

#[test]
fn constant_memory_workbooks_with_inline_strings_read_as_calamine_reads_them() {
    let mut book = Workbook::new();
    write_kinds(book.add_worksheet_with_constant_memory().unwrap());
    let second = book.add_worksheet_with_low_memory().unwrap();
    second.write_string(0, 0, "low memory").unwrap();
    second.write_number(1, 1, 2.0).unwrap();
    let bytes = book.save_to_buffer().unwrap();
    assert!(part_text(&bytes, "xl/worksheets/sheet1.xml").contains(r#"t="inlineStr""#));
    let sheets = assert_same(&bytes, "inline strings");
    assert_eq!(sheets.len(), 2);
}

#[test]
fn a_1904_workbook_with_custom_formats_reads_as_calamine_reads_it() {
    let workbook = format!(
        r#"<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><workbookPr date1904="1"/><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>"#
    );
    let rels =
        [rel("rId1", "worksheet", "worksheets/sheet1.xml"), rel("rId2", "styles", "styles.xml")]
            .concat();
    let styles = format!(
        r#"<styleSheet xmlns="{MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy/m/d\ h:mm"/><numFmt numFmtId="165" formatCode="[h]:mm:ss"/><numFmt numFmtId="166" formatCode="&quot;¥&quot;#,##0.00"/></numFmts><cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="14"/><xf numFmtId="46"/></cellXfs></styleSheet>"#
    );
    let mut cells = String::new();
    for s in 0..7 {
        cells.push_str(&format!(r#"<c r="{}1" s="{s}"><v>45000.25</v></c>"#, (b'A' + s) as char));
    }
    let sheet = format!(
        r#"<worksheet xmlns="{MAIN}"><sheetData><row r="1">{cells}</row></sheetData></worksheet>"#
    );
    let bytes = package(
        &workbook,
        &rels,
        &[("xl/styles.xml", styles), ("xl/worksheets/sheet1.xml", sheet)],
    );
    let sheets = assert_same(&bytes, "1904");
    assert_eq!(sheets[0].rows[0].cells[1], Raw::DateTime(45000.25 + 1462.0));
    assert_eq!(sheets[0].rows[0].cells[2], Raw::DateTime(45000.25));
}

#[test]
fn prefixed_sparse_and_escaped_xml_reads_as_calamine_reads_it() {
    // The OpenXML SDK writes `x:` prefixes; other writers leave out `r` attributes.
    let workbook = format!(
        r#"<?xml version="1.0" encoding="utf-8"?><x:workbook xmlns:x="{MAIN}" xmlns:r="{RELS}"><x:sheets><x:sheet name="Prefixed &amp; sparse" sheetId="1" r:id="R1"/><x:sheet name="Chart" sheetId="2" r:id="R2"/><x:sheet name="Plain" sheetId="3" state="hidden" r:id="R3"/></x:sheets></x:workbook>"#
    );
    let rels = [
        rel("R1", "worksheet", "/xl/worksheets/a.xml"),
        rel("R2", "chartsheet", "chartsheets/sheet1.xml"),
        rel("R3", "worksheet", "worksheets/b.xml"),
        rel("R4", "sharedStrings", "sharedStrings.xml"),
    ]
    .concat();
    let shared = format!(
        r#"<?xml version="1.0"?><x:sst xmlns:x="{MAIN}" count="5" uniqueCount="5"><x:si><x:t>first</x:t></x:si><x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">rich </x:t></x:r><x:r><x:t>text</x:t></x:r></x:si><x:si><x:t>東京</x:t><x:rPh sb="0" eb="2"><x:t>トウキョウ</x:t></x:rPh></x:si><x:si><x:t> trimmed	</x:t></x:si><x:si><x:t>a&amp;b&lt;c&gt;&quot;&apos;&#20013;&#x6587;_x000D_</x:t></x:si></x:sst>"#
    );
    let a = format!(
        r#"<x:worksheet xmlns:x="{MAIN}"><x:dimension ref="A1:XFD1048576"/><x:sheetData><x:row><x:c t="s"><x:v>0</x:v></x:c><x:c/><x:c t="s"><x:v>1</x:v></x:c></x:row><x:row r="3"><x:c t="s"><x:v>2</x:v></x:c><x:c r="E3" t="s"><x:v>3</x:v></x:c><x:c t="s"><x:v>4</x:v></x:c></x:row><x:row><x:c t="inlineStr"><x:is><x:t><![CDATA[<cdata> & more]]></x:t></x:is></x:c><x:c t="str"><x:f>"x"&amp;"y"</x:f><x:v>x&amp;y</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#REF!</x:v></x:c><x:c t="d"><x:v>2026-03-01T20:15:00</x:v></x:c></x:row><x:row r="1048576"><x:c r="B1048576"><x:v>-0.5</x:v></x:c></x:row></x:sheetData></x:worksheet>"#
    );
    let chart = format!(
        r#"<chartsheet xmlns="{MAIN}" xmlns:r="{RELS}"><sheetViews><sheetView workbookViewId="0"/></sheetViews><drawing r:id="rId1"/></chartsheet>"#
    );
    let b = format!(
        "<?xml version=\"1.0\"?>\r\n<!-- written by hand -->\r\n<worksheet xmlns=\"{MAIN}\">\r\n  <sheetData>\r\n    <row r=\"2\" spans=\"1:3\">\r\n      <c r=\"A2\" t=\"inlineStr\"><is><t>line\r\nbreak</t></is></c>\r\n      <c r=\"C2\"><f>1+1</f><v>2</v></c>\r\n    </row>\r\n  </sheetData>\r\n</worksheet>\r\n"
    );
    let bytes = package(
        &workbook,
        &rels,
        &[
            ("xl/sharedStrings.xml", shared),
            ("xl/worksheets/a.xml", a),
            ("xl/chartsheets/sheet1.xml", chart),
            ("xl/worksheets/b.xml", b),
        ],
    );
    let sheets = assert_same(&bytes, "prefixed");
    assert_eq!(sheets.len(), 2);
    assert_eq!(sheets[0].name, "Prefixed & sparse");
    assert_eq!(sheets[0].rows[1].cells[4], Raw::Text("trimmed".into()));
    assert_eq!(sheets[1].rows[0].cells[0], Raw::Text("line\nbreak".into()));
}
