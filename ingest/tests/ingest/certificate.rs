//! Broadcast certificates: air times in every form on their broadcast day, headers by any
//! alias, and every bad cell listed with its sheet, row, column, value and reason, nothing
//! returned. Hostile files are refused through this entry point as through the others.

use adeval_ingest::{CertificateLine, FileError, Limits, MAX_ROW_ERRORS, Rejected, RowError, read_certificate, read_certificate_bytes};
use chrono::{NaiveDate, NaiveDateTime};

use crate::support::*;

fn read(bytes: &[u8], name: &str) -> Result<Vec<CertificateLine>, Rejected> {
    read_certificate_bytes(bytes, name, &Limits::default())
}

fn errors(bytes: &[u8], name: &str) -> (Vec<RowError>, usize) {
    match read(bytes, name) {
        Err(Rejected::Rows(found)) => { let omitted = found.unlisted() as usize; (found.errors, omitted) },
        other => panic!("expected row errors, got {other:?}"),
    }
}

fn file_error(bytes: &[u8], name: &str, limits: &Limits) -> FileError {
    match read_certificate_bytes(bytes, name, limits) {
        Err(Rejected::File(e)) => e,
        other => panic!("expected a file error, got {other:?}"),
    }
}

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

fn at(m: u32, d: u32, h: u32, min: u32, s: u32) -> NaiveDateTime {
    day(m, d).and_hms_opt(h, min, s).unwrap()
}

fn header() -> Vec<V<'static>> {
    ["日期", "播出时间", "时段", "版本", "时长", "位置", "次数"].into_iter().map(S).collect()
}

/// A good line in text cells.
fn line<'a>(date: &'a str, time: &'a str) -> Vec<V<'a>> {
    vec![S(date), S(time), S("黄金"), S("伊利15秒"), N(15.0), S("正1"), N(1.0)]
}

#[test]
fn an_xlsx_with_a_title_row_reads_every_line_on_its_broadcast_day() {
    // Arrange: a title row, then air times as text, typed times, past midnight and date-times.
    let mut rows = vec![vec![S("CCTV-1 三月播出证明")], header(), line("2026-03-01", "20:15")];
    rows.push(vec![Date(46082.0), Time(0.84375), Blank, S(" T-002 "), Blank, Blank, Blank]);
    rows.push(vec![S("20260301"), S("25:30:00"), S("午夜"), S("伊利15秒"), S("15秒"), S("２／８"), S("3")]);
    rows.push(vec![S("2026/3/1"), S("2026-03-02 05:59:59"), Blank, S("伊利15秒"), Blank, S("中"), N(10_000.0)]);
    rows.push(vec![Blank; 7]);
    rows.push(vec![S("2026-03-31"), N(46113.0 + 0.0625), Blank, S("伊利15秒"), Blank, Blank, Blank]);

    // Act
    let got = read(&xlsx(&[("播出证明", rows)]), "证明.xlsx").unwrap();

    // Assert
    assert_eq!(got.len(), 5);
    let first = &got[0];
    assert_eq!((first.sheet.as_str(), first.row, first.ymd), ("播出证明", 3, day(3, 1)));
    assert_eq!((first.secs, first.air_time), (72_900, at(3, 1, 20, 15, 0)));
    assert_eq!((first.time_period.as_deref(), first.version.as_str()), (Some("黄金"), "伊利15秒"));
    assert_eq!((first.duration, first.position.as_deref(), first.count), (Some(15), Some("正一"), 1));
    let typed = &got[1];
    assert_eq!((typed.row, typed.ymd, typed.secs, typed.air_time), (4, day(3, 1), 72_900, at(3, 1, 20, 15, 0)));
    assert_eq!((typed.time_period.clone(), typed.version.as_str()), (None, "T-002"));
    assert_eq!((typed.duration, typed.position.clone(), typed.count), (None, None, 1));
    let late = &got[2];
    assert_eq!((late.ymd, late.secs, late.air_time), (day(3, 1), 91_800, at(3, 2, 1, 30, 0)));
    assert_eq!((late.duration, late.position.as_deref(), late.count), (Some(15), Some("2/8"), 3));
    let last = &got[3];
    assert_eq!((last.ymd, last.secs, last.air_time), (day(3, 1), 107_999, at(3, 2, 5, 59, 59)));
    assert_eq!((last.position.as_deref(), last.count), (Some("中"), 10_000));
    // An Excel date-time after midnight belongs to the broadcast day before, across a month.
    let april = &got[4];
    assert_eq!((april.row, april.ymd, april.secs, april.air_time), (8, day(3, 31), 91_800, at(4, 1, 1, 30, 0)));
}

#[test]
fn english_and_alias_headers_read_alike_in_csv() {
    let english = "Date,Air_Time,Time Period,Version,Duration(s),Position,Count\n2026-03-05,21:00,黄金,A版,30,倒2,2\n";
    let aliases = "播出日期,实际播出时间,时段名称,媒体文件名,秒数,位置,频次\n2026-03-05,21:00,黄金,A版,30,倒2,2\n";
    let short = "备注\n日期,时间,磁带号\n2026-03-05,21:00,A版\n";
    let (a, b, c) = (read(english.as_bytes(), "a.csv").unwrap(), read(aliases.as_bytes(), "a.csv").unwrap(), read(short.as_bytes(), "c.csv").unwrap());
    assert_eq!(a[0].row, 2);
    assert_eq!((a[0].ymd, a[0].secs, a[0].version.as_str(), a[0].count), (day(3, 5), 75_600, "A版", 2));
    assert_eq!((a[0].time_period.as_deref(), a[0].duration, a[0].position.as_deref()), (Some("黄金"), Some(30), Some("倒二")));
    assert_eq!(a, b);
    assert_eq!((c[0].row, c[0].secs, c[0].version.as_str()), (3, 75_600, "A版"));
    assert_eq!((c[0].time_period.clone(), c[0].duration, c[0].position.clone(), c[0].count), (None, None, None, 1));
}

#[test]
fn a_certificate_on_disk_reads_as_from_memory() {
    let bytes = xlsx(&[("Sheet1", vec![header(), line("2026-03-01", "08:00")])]);
    let path = std::env::temp_dir().join(format!("adeval-certificate-{}.xlsx", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let got = read_certificate(&path, &Limits::default());
    std::fs::remove_file(&path).ok();
    assert_eq!(got.unwrap(), read(&bytes, "x.xlsx").unwrap());
}

#[test]
fn every_bad_cell_is_listed_with_where_it_is_and_nothing_is_read() {
    // Arrange: a good line, then one bad cell per row, each kind once, on a second sheet.
    let bad = |col: usize, v: V<'static>| {
        let mut row = line("2026-03-01", "20:15");
        row[col] = v;
        row
    };
    let long_version: &'static str = Box::leak("版".repeat(201).into_boxed_str());
    let long_period: &'static str = Box::leak("段".repeat(101).into_boxed_str());
    let rows = vec![
        header(),
        line("2026-03-01", "20:15"),
        bad(0, S("2026-02-30")),
        bad(0, Blank),
        bad(1, S("30:00")),
        bad(1, S("2026-03-02 06:00")),
        bad(1, S("晚上八点")),
        bad(2, S(long_period)),
        bad(3, Blank),
        bad(3, S(long_version)),
        bad(4, N(0.0)),
        bad(4, S("7.5")),
        bad(5, S("正零")),
        bad(5, N(2.0)),
        bad(6, N(0.0)),
        bad(6, N(1.5)),
        bad(6, N(10_001.0)),
        bad(6, S("两")),
    ];

    // Act
    let (errors, omitted) = errors(&xlsx(&[("说明", vec![vec![S("仅供参考")]]), ("3月", rows)]), "证明.xlsx");

    // Assert
    assert_eq!(omitted, 0);
    assert!(errors.iter().all(|e| e.sheet == "3月"));
    let got: Vec<(u32, &str, &str, &str)> =
        errors.iter().map(|e| (e.row, e.column.as_str(), e.value.as_str(), e.reason.as_str())).collect();
    let bad_time = "无法识别的播出时间（支持 HH:MM[:SS]，最大 29:59:59，Excel 时间，或日期加时间）";
    let bad_count = "次数须为 1 到 10000 的整数";
    let bad_position = "无法识别的位置（支持 2/8、正一…正三、倒一…倒三、中）";
    let bad_duration = "时长须为大于 0 的整数秒";
    let cut = |s: &str| format!("{}…", s.chars().take(50).collect::<String>());
    let (version_shown, period_shown) = (cut(long_version), cut(long_period));
    assert_eq!(
        got,
        [
            (3, "日期", "2026-02-30", "无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）"),
            (4, "日期", "", "不能为空"),
            (5, "播出时间", "30:00", bad_time),
            (6, "播出时间", "2026-03-02 06:00", "播出时间中的日期与“日期”列不符（应为同一天，或次日 06:00 前的跨夜时间）"),
            (7, "播出时间", "晚上八点", bad_time),
            (8, "时段", period_shown.as_str(), "时段过长（最多100个字符）"),
            (9, "版本", "", "不能为空"),
            (10, "版本", version_shown.as_str(), "版本过长（最多200个字符）"),
            (11, "时长", "0", bad_duration),
            (12, "时长", "7.5", bad_duration),
            (13, "位置", "正零", bad_position),
            (14, "位置", "2", bad_position),
            (15, "次数", "0", bad_count),
            (16, "次数", "1.5", bad_count),
            (17, "次数", "10001", bad_count),
            (18, "次数", "两", bad_count),
        ]
    );
}

#[test]
fn several_bad_cells_of_one_row_are_all_listed_and_the_error_list_is_capped() {
    let csv = "日期,播出时间,版本,次数\n2026-03-01,31:00,,0\n";
    let (errors, _) = errors(csv.as_bytes(), "a.csv");
    let columns: Vec<(u32, &str)> = errors.iter().map(|e| (e.row, e.column.as_str())).collect();
    assert_eq!(columns, [(2, "播出时间"), (2, "版本"), (2, "次数")]);

    let mut many = String::from("日期,播出时间,版本,次数\n");
    for _ in 0..MAX_ROW_ERRORS + 7 {
        many.push_str("2026-03-01,20:00,A版,-1\n");
    }
    let (errors, omitted) = self::errors(many.as_bytes(), "many.csv");
    assert_eq!((errors.len(), omitted), (MAX_ROW_ERRORS, 7));
}

#[test]
fn files_without_the_required_columns_or_any_line_are_refused() {
    let limits = Limits::default();
    let no_version = "日期,播出时间,时段,次数\n2026-03-01,20:00,黄金,1\n";
    assert_eq!(
        file_error(no_version.as_bytes(), "a.csv", &limits),
        FileError::MissingColumns { sheet: "a".into(), columns: "版本".into() }
    );
    let no_header = "甲,乙,丙\n1,2,3\n";
    match file_error(no_header.as_bytes(), "b.csv", &limits) {
        FileError::NoHeader { required } => assert_eq!(required, "日期、播出时间、版本"),
        other => panic!("expected no header, got {other:?}"),
    }
    assert_eq!(file_error("日期,播出时间,版本\n,,\n".as_bytes(), "c.csv", &limits), FileError::NoRows);
    let twice = "日期,播出日期,播出时间,版本\n2026-03-01,2026-03-01,20:00,A\n";
    assert!(matches!(file_error(twice.as_bytes(), "d.csv", &limits), FileError::DuplicateColumn { .. }));
}

#[test]
fn hostile_files_are_refused_before_any_line_is_read() {
    let limits = Limits::default();
    let lol = r#"<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;">]><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol1;</t></is></c></row></sheetData>"#;
    assert_eq!(file_error(&raw_xlsx(lol, None), "lol.xlsx", &limits), FileError::UnsafeXml);

    let good = inline_rows(&[&["日期", "播出时间", "版本"], &["2026-03-01", "20:00", "A版"]]);
    let mut broken = raw_xlsx(&good, None);
    let len = broken.len();
    broken[len / 2..].fill(0x5A);
    assert!(matches!(file_error(&broken, "broken.xlsx", &limits), FileError::Corrupt { .. }));
    assert_eq!(file_error(b"date,time", "a.xlsx", &limits), FileError::ContentMismatch("xlsx".into()));

    let mut rows = String::from("日期,播出时间,版本\n");
    for _ in 0..10 {
        rows.push_str("2026-03-01,20:00,A版\n");
    }
    let few = Limits { max_rows: 5, ..Limits::default() };
    assert_eq!(file_error(rows.as_bytes(), "rows.csv", &few), FileError::TooManyRows(5));
    let long = "长".repeat(40_000);
    let sheet = inline_rows(&[&["日期", "播出时间", "版本"], &["2026-03-01", "20:00", &long]]);
    assert!(matches!(file_error(&raw_xlsx(&sheet, None), "long.xlsx", &limits), FileError::CellTooLong { .. }));
}
