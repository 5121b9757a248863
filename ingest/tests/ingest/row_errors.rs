//! Bad rows: every kind is listed with its row, column as written, value and reason, and any
//! of them rejects the whole file.

use adeval_ingest::{FileError, MAX_ROW_ERRORS, Rejected, RowError};

use crate::support::*;

fn errors(bytes: &[u8], name: &str) -> (Vec<RowError>, usize) {
    match read(bytes, name) {
        Err(Rejected::Rows(found)) => { let omitted = found.unlisted() as usize; (found.errors, omitted) },
        other => panic!("expected row errors, got {other:?}"),
    }
}

fn file_error(bytes: &[u8], name: &str) -> FileError {
    match read(bytes, name) {
        Err(Rejected::File(e)) => e,
        other => panic!("expected a file error, got {other:?}"),
    }
}

#[test]
fn every_kind_of_bad_cell_is_listed_and_nothing_is_imported() {
    // Arrange: a good row, then one bad cell per row, each kind once.
    let bad = |col: usize, v: V<'static>| {
        let mut row = good_row("2026-03-01", "20:15");
        row[col] = v;
        row
    };
    let rows = vec![
        header(),
        good_row("2026-03-01", "20:15"),
        bad(0, S("2026-02-30")),
        bad(1, Blank),
        bad(2, S("30:00")),
        bad(2, S("2026-03-03 20:00")),
        bad(3, N(0.0)),
        bad(3, S("7.5")),
        bad(4, S("   ")),
        bad(8, N(-1.0)),
        bad(8, S("高")),
        bad(9, S("正零")),
        bad(7, Blank),
    ];

    // Act
    let (errors, omitted) = errors(&one_sheet(rows), "a.xlsx");

    // Assert
    let got: Vec<(u32, &str, &str, &str)> = errors
        .iter()
        .map(|e| (e.row, e.column.as_str(), e.value.as_str(), e.reason.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                3,
                "日期",
                "2026-02-30",
                "无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）"
            ),
            (4, "频道", "", "不能为空"),
            (
                5,
                "播出时间",
                "30:00",
                "无法识别的播出时间（支持 HH:MM[:SS]，最大 29:59:59，Excel 时间，或日期加时间）"
            ),
            (
                6,
                "播出时间",
                "2026-03-03 20:00",
                "播出时间中的日期与“日期”列不符（应为同一天，或次日 06:00 前的跨夜时间）"
            ),
            (7, "时长", "0", "时长须为大于 0 的整数秒"),
            (8, "时长", "7.5", "时长须为大于 0 的整数秒"),
            (9, "标题", "", "不能为空"),
            (10, "毛评点", "-1", "毛评点须为 0 到 100000 之间的数字"),
            (11, "毛评点", "高", "毛评点须为 0 到 100000 之间的数字"),
            (12, "位置", "正零", "无法识别的位置（支持 2/8、正一…正三、倒一…倒三、中）"),
            (13, "受众/城市组", "", "不能为空"),
        ]
    );
    assert_eq!(omitted, 0);
    assert!(errors.iter().all(|e| e.sheet == "客户数据"));
}

#[test]
fn error_values_and_several_bad_cells_in_one_row_are_all_reported() {
    let sheet = r#"<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>日期</t></is></c><c r="B1" t="inlineStr"><is><t>频道</t></is></c><c r="C1" t="inlineStr"><is><t>播出时间</t></is></c><c r="D1" t="inlineStr"><is><t>时长</t></is></c><c r="E1" t="inlineStr"><is><t>标题</t></is></c><c r="F1" t="inlineStr"><is><t>受众</t></is></c><c r="G1" t="inlineStr"><is><t>GRP</t></is></c></row><row r="2"><c r="A2" t="e"><v>#N/A</v></c><c r="B2" t="inlineStr"><is><t>CCTV-1</t></is></c><c r="C2" t="inlineStr"><is><t>20:15</t></is></c><c r="D2" t="inlineStr"><is><t>abc</t></is></c><c r="E2" t="inlineStr"><is><t>伊利</t></is></c><c r="F2" t="inlineStr"><is><t>全国</t></is></c><c r="G2" t="e"><v>#DIV/0!</v></c></row></sheetData>"#;
    let (errors, _) = errors(&raw_xlsx(sheet, None), "a.xlsx");
    let got: Vec<_> =
        errors.iter().map(|e| (e.column.as_str(), e.value.as_str(), e.reason.as_str())).collect();
    assert_eq!(
        got,
        [
            ("日期", "#N/A", "单元格是错误值"),
            ("时长", "abc", "时长须为大于 0 的整数秒"),
            ("GRP", "#DIV/0!", "单元格是错误值"),
        ]
    );
}

#[test]
fn the_error_list_is_capped_and_counts_the_rest() {
    let mut text = String::from("日期,频道,播出时间,时长,标题,受众,毛评点\n");
    for _ in 0..MAX_ROW_ERRORS + 234 {
        text.push_str("2026-03-01,CCTV-1,20:15,0,伊利,全国,1\n");
    }
    let (errors, omitted) = errors(text.as_bytes(), "many.csv");
    assert_eq!((errors.len(), omitted), (MAX_ROW_ERRORS, 234));
    assert_eq!(errors.last().unwrap().row, MAX_ROW_ERRORS as u32 + 1);
    let rejected = read(text.as_bytes(), "many.csv").unwrap_err();
    assert_eq!(rejected.to_string(), "未导入任何数据：1234 行有错误（共 1234 处）");
}

#[test]
fn blank_rows_and_rows_blank_in_every_known_column_are_skipped() {
    let mut notes = vec![Blank; 12];
    notes[11] = S("备注：以上数据截至3月");
    let rows = vec![
        header(),
        good_row("2026-03-01", "20:15"),
        vec![S("  "), Blank, S("\t")],
        vec![],
        notes,
        good_row("2026-03-02", "20:15"),
    ];
    let spots = read(&one_sheet(rows), "a.xlsx").unwrap();
    assert_eq!(spots.iter().map(|s| s.row).collect::<Vec<_>>(), [2, 6]);
}

#[test]
fn a_file_without_a_header_row_names_the_headers_it_needs() {
    let mut rows: Vec<Vec<V>> = (0..25).map(|_| vec![S("说明文字"), S("日期")]).collect();
    rows.push(header());
    rows.push(good_row("2026-03-01", "20:15"));
    let e = file_error(&one_sheet(rows), "a.xlsx");
    assert_eq!(
        e.to_string(),
        "未找到表头：前 20 行中没有一行包含至少三个已知列名（需要：日期、频道、播出时间、时长、标题、受众/城市组、毛评点）"
    );
}

#[test]
fn a_missing_required_column_is_named() {
    let rows = vec![
        vec![S("日期"), S("播出时间"), S("标题"), S("受众"), S("毛评点")],
        vec![S("2026-03-01"), S("20:15"), S("伊利"), S("全国"), N(1.0)],
    ];
    let e = file_error(&one_sheet(rows), "a.xlsx");
    assert_eq!(e.to_string(), "工作表“客户数据”缺少必需的列：频道、时长");
}

#[test]
fn two_columns_for_one_field_are_refused() {
    let mut head = header();
    head.push(S("GRP"));
    let e = file_error(&one_sheet(vec![head, good_row("2026-03-01", "20:15")]), "a.xlsx");
    assert_eq!(
        e,
        FileError::DuplicateColumn {
            sheet: "客户数据".into(),
            first: "毛评点".into(),
            second: "GRP".into()
        }
    );
}

#[test]
fn a_header_without_rows_is_refused() {
    assert_eq!(file_error(&one_sheet(vec![header()]), "a.xlsx"), FileError::NoRows);
}

#[test]
fn text_longer_than_its_field_allows_is_a_row_error_with_the_value_cut_short() {
    // Arrange: each text field one character over its limit, on its own row; one row at the
    // limits exactly.
    let over = |n: usize| "长".repeat(n + 1);
    let (title, program, channel, period, group) = (over(200), over(200), over(100), over(100), over(100));
    let bad = |col: usize, text: &'static str| {
        let mut row = good_row("2026-03-01", "20:15");
        row[col] = S(text);
        row
    };
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let at_limit = leak("题".repeat(200));
    let rows = vec![
        header(),
        bad(4, at_limit),
        bad(4, leak(title)),
        bad(5, leak(program)),
        bad(1, leak(channel)),
        bad(6, leak(period)),
        bad(7, leak(group)),
    ];

    // Act
    let (errors, omitted) = errors(&one_sheet(rows), "long.xlsx");

    // Assert
    let cut = format!("{}…", "长".repeat(50));
    let got: Vec<(u32, &str, &str, &str)> = errors
        .iter()
        .map(|e| (e.row, e.column.as_str(), e.value.as_str(), e.reason.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (3, "标题", cut.as_str(), "标题过长（最多200个字符）"),
            (4, "节目", cut.as_str(), "节目过长（最多200个字符）"),
            (5, "频道", cut.as_str(), "频道过长（最多100个字符）"),
            (6, "时段归纳", cut.as_str(), "时段归纳过长（最多100个字符）"),
            (7, "受众/城市组", cut.as_str(), "受众/城市组过长（最多100个字符）"),
        ]
    );
    assert_eq!(omitted, 0);
    assert_eq!(
        errors[0].to_string(),
        format!("工作表“客户数据”第 3 行“标题”（{cut}）：标题过长（最多200个字符）")
    );
}
