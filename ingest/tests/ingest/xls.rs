//! .xls files, built record by record (see `support::xls`), good and hostile.

use adeval_ingest::reader::read_sheets_bytes;
use adeval_ingest::{FileError, Limits, Raw, Rejected, RowErrors};
use chrono::NaiveDate;

use crate::support::read;
use crate::support::xls::*;

fn customer_sheet() -> Vec<u8> {
    use Cell::{Number as N, Text as T};
    let head = ["日期", "频道", "播出时间", "时长", "标题", "受众/城市组", "毛评点", "位置"];
    let rows = vec![
        vec![Some(T("客户数据 2026年3月"))],
        head.into_iter().map(|h| Some(T(h))).collect(),
        vec![
            Some(N(46082.0)),
            Some(T("CCTV-1")),
            Some(N(0.84375)),
            Some(N(15.0)),
            Some(T("伊利")),
            Some(T("全国")),
            Some(N(1.5)),
            Some(T("倒一")),
        ],
        vec![
            Some(T("2026-03-01")),
            Some(T("湖南卫视")),
            Some(T("25:00")),
            Some(N(30.0)),
            Some(T("蒙牛")),
            Some(T("城市组A")),
            Some(N(0.0)),
            None,
        ],
    ];
    cells(&rows)
}

fn refusal(bytes: &[u8]) -> FileError {
    match read(bytes, "a.xls") {
        Err(Rejected::File(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn an_xls_reads_like_the_workbook() {
    let bytes = compound(&workbook_stream("三月", &[], &customer_sheet()), Damage::None);
    let spots = read(&bytes, "客户数据.xls").unwrap();
    let day = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
    assert_eq!(spots.len(), 2);
    assert_eq!((spots[0].sheet.as_str(), spots[0].row), ("三月", 3));
    assert_eq!(spots[0].air_time, day.and_hms_opt(20, 15, 0).unwrap());
    assert!(spots[0].position.as_ref().unwrap().from_end);
    assert_eq!(spots[1].channel, "湖南卫视");
    assert_eq!(spots[1].air_time, day.succ_opt().unwrap().and_hms_opt(1, 0, 0).unwrap());
}

#[test]
fn xls_cells_come_through_raw() {
    let bytes = compound(&workbook_stream("S", &[], &customer_sheet()), Damage::None);
    let sheets = read_sheets_bytes(&bytes, "a.xls", &Limits::default()).unwrap();
    let row = &sheets[0].rows[2];
    assert_eq!(row.row, 3);
    assert_eq!(row.cells[0], Raw::Number(46082.0));
    assert_eq!(row.cells[1], Raw::Text("CCTV-1".into()));
}

#[test]
fn a_declared_dimension_calamine_would_reserve_is_refused() {
    let mut sheet = dimensions(0, 0x7FFF_FFFF, 0, 256);
    sheet.extend(label(0, 0, "x"));
    let bytes = compound(&workbook_stream("S", &[], &sheet), Damage::None);
    assert_eq!(refusal(&bytes), FileError::TooLarge);
}

#[test]
fn a_dimension_whose_last_row_precedes_its_first_is_refused() {
    let sheet = dimensions(10, 2, 0, 4);
    let bytes = compound(&workbook_stream("S", &[], &sheet), Damage::None);
    assert_eq!(refusal(&bytes), FileError::TooLarge);
}

#[test]
fn two_far_apart_cells_that_would_become_a_dense_grid_are_refused() {
    let mut sheet = number(0, 0, 1.0);
    sheet.extend(number(65_535, 255, 1.0));
    let bytes = compound(&workbook_stream("S", &[], &sheet), Damage::None);
    assert_eq!(refusal(&bytes), FileError::TooLarge);
}

#[test]
fn cycles_in_the_compound_file_are_refused() {
    let stream = workbook_stream("S", &[], &customer_sheet());
    assert_eq!(refusal(&compound(&stream, Damage::DirectoryCycle)), FileError::Malformed);
    assert_eq!(refusal(&compound(&stream, Damage::StreamCycle)), FileError::Malformed);
    assert_eq!(FileError::Malformed.to_string(), "文件结构异常，已拒绝");
}

#[test]
fn a_sheet_offset_past_the_stream_is_refused() {
    let mut bound = 1_000_000u32.to_le_bytes().to_vec();
    bound.extend([0, 0, 1, 1, b'X', 0]);
    let stream = workbook_stream("S", &record(0x0085, &bound), &customer_sheet());
    assert_eq!(refusal(&compound(&stream, Damage::None)), FileError::Malformed);
}

#[test]
fn a_long_run_of_continue_records_is_refused() {
    let mut sheet = customer_sheet();
    for _ in 0..20_000 {
        sheet.extend(record(0x003C, &[]));
    }
    let bytes = compound(&workbook_stream("S", &[], &sheet), Damage::None);
    assert_eq!(refusal(&bytes), FileError::Malformed);
}

#[test]
fn a_password_protected_xls_is_refused_as_encrypted() {
    let file_pass = record(0x002F, &[1, 0, 0, 0]);
    let bytes = compound(&workbook_stream("S", &file_pass, &customer_sheet()), Damage::None);
    assert_eq!(refusal(&bytes).to_string(), "文件已加密，请取消密码后再上传");
}

#[test]
fn a_truncated_xls_is_corrupt() {
    let bytes = compound(&workbook_stream("S", &[], &customer_sheet()), Damage::None);
    assert!(matches!(refusal(&bytes[..700]), FileError::Corrupt { .. } | FileError::Malformed));
}

#[test]
fn shared_strings_read_through_continue_records_and_long_ones_are_row_errors() {
    // Arrange: header texts and channels in the SST; the title of row 3 runs on into a
    // CONTINUE record; row 4's title, also shared, is over the 200-character limit.
    let head = ["日期", "频道", "播出时间", "时长", "标题", "受众/城市组", "毛评点"];
    let title = "T".repeat(150);
    let over = "O".repeat(201);
    let mut strings: Vec<&str> = head.to_vec();
    strings.push("CCTV-1");
    let table = sst_continued(&strings, &title, 40, &["全国", &over]);
    let (channel, long, group, too_long) = (7, 8, 9, 10);
    let mut sheet = dimensions(0, 4, 0, 7);
    for (c, _) in head.iter().enumerate() {
        sheet.extend(label_sst(0, c as u16, c as u32));
    }
    for (r, t) in [(1u16, long), (2, long), (3, too_long)] {
        sheet.extend(number(r, 0, 46082.0));
        sheet.extend(label_sst(r, 1, channel));
        sheet.extend(number(r, 2, 0.84375));
        sheet.extend(number(r, 3, 15.0));
        sheet.extend(label_sst(r, 4, t));
        sheet.extend(label_sst(r, 5, group));
        sheet.extend(number(r, 6, 1.0));
    }
    let bytes = compound(&workbook_stream("S", &table, &sheet), Damage::None);

    // Act
    let sheets = read_sheets_bytes(&bytes, "a.xls", &Limits::default()).unwrap();
    let rejected = read(&bytes, "a.xls").unwrap_err();

    // Assert
    assert_eq!(sheets[0].rows[1].cells[4], Raw::Text(title.as_str().into()));
    assert_eq!(sheets[0].rows[1].cells[5], Raw::Text("全国".into()));
    let Rejected::Rows(RowErrors { errors, .. }) = rejected else { panic!("{rejected:?}") };
    let got: Vec<(u32, &str, &str)> =
        errors.iter().map(|e| (e.row, e.column.as_str(), e.reason.as_str())).collect();
    assert_eq!(got, [(4, "标题", "标题过长（最多200个字符）")]);
}

#[test]
fn two_sheet_entries_at_one_substream_or_with_one_name_are_refused() {
    // The globals: BOF (20 bytes), the extra entry, the stream's own entry "S" (14 bytes each
    // for a one-character name), EOF (4): the worksheet starts at 52.
    let sheet = customer_sheet();
    let twice = compound(&workbook_stream("S", &bound_sheet(52, "B"), &sheet), Damage::None);
    let e = refusal(&twice);
    assert_eq!(e, FileError::SharedSheetPart { sheet: "S".into(), first: "B".into() });
    assert_eq!(e.to_string(), "工作表“S”与“B”指向同一份工作表数据，文件已拒绝");

    // Another substream under the same name: calamine keeps one of them, read twice.
    let mut other = sheet.clone();
    other.extend(eof());
    let other_at = 52 + 20 + other.len() as u32;
    let mut later = sheet;
    later.extend(eof());
    later.extend(record(0x0809, &[0u8; 16]));
    later.extend(customer_sheet());
    let same_name = compound(&workbook_stream("S", &bound_sheet(other_at, "S"), &later), Damage::None);
    assert!(matches!(refusal(&same_name), FileError::SharedSheetPart { .. }));
}
