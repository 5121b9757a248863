//! Order templates: a sheet per month or a 月份 column, day columns typed as numbers or text,
//! and every bad cell listed with its row and column, nothing returned.

use adeval_ingest::{FileError, Limits, Rejected, RowErrors, TemplateRow, read_order_template_bytes};
use chrono::NaiveDate;

use crate::support::*;

fn read(bytes: &[u8]) -> Result<Vec<TemplateRow>, Rejected> {
    read_order_template_bytes(bytes, "排期.xlsx", &Limits::default())
}

fn march() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
}

#[test]
fn a_sheet_per_month_with_numeric_day_headers_reads_every_line() {
    // A title row above the header; day headers typed as numbers 1…31.
    let mut header = vec![S("版本"), S("时段"), S("类型"), S("位置")];
    let days: Vec<f64> = (1..=31).map(f64::from).collect();
    header.extend(days.iter().map(|d| N(*d)));
    let mut first = vec![S("伊利版本A"), S("晚间"), Blank, S("正1")];
    first.extend((1..=31).map(|d| if d % 7 == 0 { N(2.0) } else { Blank }));
    let mut second = vec![S("T-002"), S("午间"), S("b"), Blank];
    second.extend((1..=31).map(|d| if d == 31 { S("1") } else { N(0.0) }));
    let blank = vec![Blank; 35];
    let rows = vec![vec![S("三月排期")], header, first, blank, second];
    let got = read(&xlsx(&[("2026-03", rows)])).unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!((got[0].sheet.as_str(), got[0].row, got[0].month), ("2026-03", 3, march()));
    assert_eq!((got[0].version.as_str(), got[0].time_period.as_str()), ("伊利版本A", "晚间"));
    assert_eq!((got[0].point_type, got[0].position.as_deref()), ('A', Some("正一")));
    assert_eq!(got[0].days, [(7, 2), (14, 2), (21, 2), (28, 2)]);
    assert_eq!((got[1].row, got[1].point_type, got[1].position.clone()), (5, 'B', None));
    assert_eq!(got[1].days, [(31, 1)]);
}

#[test]
fn a_month_column_serves_any_sheet_name() {
    let header = vec![S("月份"), S("版本"), S("时段"), S("1日"), S("02"), S("3号")];
    let rows = vec![
        header,
        vec![S("2026/4"), S("A版"), S("晚间"), N(1.0), Blank, N(3.0)],
        vec![Date(46082.0), S("A版"), S("晚间"), Blank, N(2.0), Blank],
    ];
    let got = read(&xlsx(&[("排期", rows)])).unwrap();
    assert_eq!(got[0].month, NaiveDate::from_ymd_opt(2026, 4, 1).unwrap());
    assert_eq!(got[0].days, [(1, 1), (3, 3)]);
    assert_eq!((got[1].month, got[1].days.clone()), (march(), vec![(2, 2)]));
}

#[test]
fn every_bad_cell_is_listed_and_nothing_is_read() {
    let mut header = vec![S("月份"), S("版本"), S("时段"), S("类型")];
    header.extend((29..=31).map(|d| N(f64::from(d))));
    let rows = vec![
        header,
        vec![S("2026-04"), S("A版"), S("晚间"), S("A"), N(1.0), Blank, N(1.0)],
        vec![S("2026-03"), S("A版"), S("晚间"), S("E"), N(1.5), N(-1.0), S("两")],
        vec![S("三月"), Blank, S("晚间"), Blank, N(1.0), Blank, Blank],
        vec![S("2026-03"), S("A版"), S("晚间"), Blank, Blank, N(0.0), Blank],
    ];
    let Err(Rejected::Rows(RowErrors { errors, problems, .. })) = read(&xlsx(&[("Sheet1", rows)])) else { panic!("rows refused") };
    assert_eq!(problems as usize, errors.len());
    let listed: Vec<(u32, &str, &str)> = errors.iter().map(|e| (e.row, e.column.as_str(), e.reason.as_str())).collect();
    assert_eq!(
        listed,
        [
            (2, "31", "该月没有这一天"),
            (3, "类型", "类型只能是 A、B、C 或 D"),
            (3, "29", "点位数须为不小于 0 的整数"),
            (3, "30", "点位数须为不小于 0 的整数"),
            (3, "31", "点位数须为不小于 0 的整数"),
            (4, "月份", "无法识别的月份（应为 YYYY-MM）"),
            (4, "版本", "不能为空"),
            (5, "版本", "这一行没有任何点位"),
        ]
    );
}

#[test]
fn without_a_month_column_the_sheet_must_be_named_for_its_month() {
    let rows = vec![vec![S("版本"), S("时段"), N(1.0)], vec![S("A版"), S("晚间"), N(1.0)]];
    let Err(Rejected::Rows(RowErrors { errors, .. })) = read(&xlsx(&[("Sheet1", rows)])) else { panic!("refused") };
    assert_eq!(errors[0].reason, "缺少月份：请填写月份列，或把工作表命名为 YYYY-MM");
    let header_only = vec![vec![S("时段"), S("类型"), S("位置"), N(1.0)], vec![S("晚间"), S("A"), Blank, N(1.0)]];
    match read(&xlsx(&[("2026-03", header_only)])) {
        Err(Rejected::File(FileError::MissingColumns { columns, .. })) => assert_eq!(columns, "版本"),
        other => panic!("expected missing columns, got {other:?}"),
    }
}

#[test]
fn a_version_or_time_period_longer_than_its_field_allows_is_a_row_error() {
    let long_version = "版".repeat(201);
    let long_period = "段".repeat(101);
    let mut header = vec![S("版本"), S("时段")];
    header.extend((1..=3).map(|d| N(f64::from(d))));
    let row = |v: &'static str, p: &'static str| vec![S(v), S(p), N(1.0), Blank, Blank];
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let rows = vec![header, row(leak(long_version), "晚间"), row("伊利", leak(long_period))];
    let errors = match read(&xlsx(&[("2026-03", rows)])) {
        Err(Rejected::Rows(RowErrors { errors, .. })) => errors,
        other => panic!("expected row errors, got {other:?}"),
    };
    let got: Vec<(u32, &str, &str)> =
        errors.iter().map(|e| (e.row, e.column.as_str(), e.reason.as_str())).collect();
    assert_eq!(got, [(2, "版本", "版本过长（最多200个字符）"), (3, "时段", "时段过长（最多100个字符）")]);
    assert_eq!(errors[0].value, format!("{}…", "版".repeat(50)));
}
