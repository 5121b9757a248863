use super::*;
use calamine::{Data, Reader, Xlsx, open_workbook};

/// A file path of its own for one test (removed by the next run of that test).
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("adeval-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{test}.xlsx"))
}

fn read_back(path: &Path) -> (Vec<String>, Vec<Vec<Data>>) {
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    let names = book.sheet_names();
    let range = book.worksheet_range(&names[0]).unwrap();
    (names, range.rows().map(<[Data]>::to_vec).collect())
}

#[test]
fn text_and_numbers_read_back_as_written() {
    let path = scratch("text");
    let texts = [
        "伊利 & 蒙牛 <黄金档> \"引号\" 'single'",
        " 前后空格 ",
        "tab\there\nand a line",
        "=1+1",
        "_x0041_ stays as typed",
        "bell\u{7} and cr\r end",
        "emoji 📺",
    ];
    let rows: Vec<Vec<Cell>> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| vec![Cell::Text((*t).into()), Cell::Number(i as f64 * 1.5), Cell::Empty, Cell::Number(-0.001)])
        .collect();
    let n = write(&path, "客户数据", &["文本", "数值", "空", "小数"], rows, &AtomicBool::new(false)).unwrap();
    assert_eq!(n, texts.len() as u64);

    let (names, got) = read_back(&path);
    assert_eq!(names, ["客户数据"]);
    assert_eq!(got[0], [Data::String("文本".into()), Data::String("数值".into()), Data::String("空".into()), Data::String("小数".into())]);
    for (i, t) in texts.iter().enumerate() {
        let row = &got[i + 1];
        assert_eq!(row[0], Data::String((*t).to_owned()), "row {i}");
        assert_eq!(row[1], Data::Float(i as f64 * 1.5), "row {i}");
        assert_eq!(row[2], Data::Empty, "row {i}");
        assert_eq!(row[3], Data::Float(-0.001), "row {i}");
    }
}

#[test]
fn the_package_holds_the_parts_excel_needs_and_the_header_is_bold() {
    let path = scratch("package");
    write(&path, "a/b:c*d?[e]1234567890123456789012345", &["日期", "频道"], Vec::<Vec<Cell>>::new(), &AtomicBool::new(false)).unwrap();
    let mut zip = zip::ZipArchive::new(File::open(&path).unwrap()).unwrap();
    let mut names: Vec<_> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().into_owned()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "[Content_Types].xml",
            "_rels/.rels",
            "docProps/app.xml",
            "docProps/core.xml",
            "xl/_rels/workbook.xml.rels",
            "xl/styles.xml",
            "xl/workbook.xml",
            "xl/worksheets/sheet1.xml"
        ]
    );
    let mut sheet = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("xl/worksheets/sheet1.xml").unwrap(), &mut sheet).unwrap();
    assert!(sheet.contains(r#"<c r="A1" s="1" t="inlineStr"><is><t>日期</t></is></c>"#), "{sheet}");
    assert!(sheet.contains(r#"<col min="1" max="2""#), "{sheet}");
    let (names, rows) = read_back(&path);
    assert_eq!(names, ["a_b_c_d__e_12345678901234567890"]);
    assert_eq!(rows.len(), 1);
}

#[test]
fn formula_like_text_is_written_as_it_is_with_the_quote_prefix_style() {
    let path = scratch("quote");
    let rows = vec![vec![Cell::from("-春节版"), Cell::from("春节版"), Cell::from("=1+1")]];
    write(&path, "s", &["=标题"], rows, &AtomicBool::new(false)).unwrap();
    let mut zip = zip::ZipArchive::new(File::open(&path).unwrap()).unwrap();
    let read = |zip: &mut zip::ZipArchive<File>, part: &str| {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut zip.by_name(part).unwrap(), &mut text).unwrap();
        text
    };
    let sheet = read(&mut zip, "xl/worksheets/sheet1.xml");
    assert!(sheet.contains(r#"<c r="A2" s="2" t="inlineStr"><is><t>-春节版</t></is></c>"#), "{sheet}");
    assert!(sheet.contains(r#"<c r="B2" t="inlineStr"><is><t>春节版</t></is></c>"#), "{sheet}");
    assert!(sheet.contains(r#"<c r="C2" s="2" t="inlineStr"><is><t>=1+1</t></is></c>"#), "{sheet}");
    // The header keeps its bold format.
    assert!(sheet.contains(r#"<c r="A1" s="1" t="inlineStr">"#), "{sheet}");
    let styles = read(&mut zip, "xl/styles.xml");
    let xfs = &styles[styles.find("<cellXfs").unwrap()..styles.find("</cellXfs>").unwrap()];
    assert!(xfs.contains(r#"count="3""#), "{xfs}");
    let third = xfs.split("<xf ").nth(3).unwrap_or_default();
    assert!(third.contains(r#"quotePrefix="1""#), "format 2 is quote-prefixed: {xfs}");
    let (_, got) = read_back(&path);
    assert_eq!(got[1][0], Data::String("-春节版".into()));
    assert_eq!(got[1][2], Data::String("=1+1".into()));
}

#[test]
fn a_cancelled_write_stops_at_the_next_row() {
    let path = scratch("cancelled");
    let cancelled = AtomicBool::new(false);
    let mut served = 0;
    let rows = std::iter::from_fn(|| {
        served += 1;
        if served == 10 {
            cancelled.store(true, Ordering::Relaxed);
        }
        (served < 1_000_000).then(|| vec![Cell::from(served as i64)])
    });
    let err = write(&path, "s", &["n"], rows, &cancelled).unwrap_err();
    assert!(err.to_string().contains("cancelled"), "{err}");
    assert_eq!(served, 10, "no row is asked for after the cancel");
}

#[test]
fn whole_numbers_are_written_as_integers() {
    let mut buf = Vec::new();
    for n in [0.0, 30.0, -7.0, 1e15, 0.5, 1.0e-7, 2.0f64.powi(60)] {
        push_number(&mut buf, n);
        buf.push(b' ');
    }
    let text = String::from_utf8(buf).unwrap();
    let back: Vec<f64> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!(back, [0.0, 30.0, -7.0, 1e15, 0.5, 1.0e-7, 2.0f64.powi(60)]);
    assert!(text.starts_with("0 30 -7 1000000000000000 0.5 "), "{text}");
}

#[test]
fn long_text_is_cut_at_excels_limit_on_a_character_boundary() {
    let long = "好".repeat(MAX_TEXT + 10);
    assert_eq!(cut(&long).chars().count(), MAX_TEXT);
    let astral = "📺".repeat(MAX_TEXT);
    assert_eq!(cut(&astral).encode_utf16().count(), MAX_TEXT - 1);
    assert_eq!(cut("short"), "short");
}

#[test]
fn rows_beyond_the_limit_are_refused_with_a_message() {
    let mut sheet = SheetXml::new(1, 3);
    sheet.header(&["h"]).unwrap();
    sheet.row(&[Cell::Number(1.0)]).unwrap();
    sheet.row(&[Cell::Number(2.0)]).unwrap();
    let err = sheet.row(&[Cell::Number(3.0)]).unwrap_err().to_string();
    assert!(err.contains("上限"), "{err}");
}

#[test]
fn columns_are_lettered_like_excel() {
    let got: Vec<_> = [0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].into_iter().map(column_letters).collect();
    assert_eq!(got, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA", "XFD"]);
}
