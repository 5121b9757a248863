//! Good customer files in every format, with header detection and broadcast-day times.

use adeval_ingest::{
    CustomerOptions, FileError, Limits, Position, Rejected, read_customer_data,
    read_customer_data_bytes,
};
use chrono::NaiveDate;

use crate::support::*;

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

#[test]
fn an_xlsx_with_title_rows_reads_every_spot() {
    // Arrange: two title rows, a blank row, the header, then spots written in several styles.
    let mut rows =
        vec![vec![S("2026年3月 客户收视数据")], vec![S("来源：客户提供")], vec![], header()];
    rows.push(good_row("2026-03-01", "20:15"));
    let mut typed = good_row("", "");
    typed[0] = Date(46082.0);
    typed[2] = Time(0.84375);
    typed[9] = S("3/8");
    rows.push(typed);
    let mut serials = good_row("20260301", "25:30:00");
    serials[5] = Blank;
    serials[6] = Blank;
    serials[9] = Blank;
    rows.push(serials);

    // Act
    let spots = read(&one_sheet(rows), "客户数据.xlsx").unwrap();

    // Assert
    assert_eq!(spots.len(), 3);
    let first = &spots[0];
    assert_eq!((first.sheet.as_str(), first.row), ("客户数据", 5));
    assert_eq!(first.date, day(3, 1));
    assert_eq!(first.channel, "CCTV-1");
    assert_eq!(first.air_time, day(3, 1).and_hms_opt(20, 15, 0).unwrap());
    assert_eq!(first.duration, 15);
    assert_eq!(first.title, "伊利 15秒版");
    assert_eq!(first.program.as_deref(), Some("新闻联播"));
    assert_eq!(first.time_period_class.as_deref(), Some("黄金时段"));
    assert_eq!(first.audience_group.as_deref(), Some("全国 4+"));
    assert_eq!(first.grp, 1.25);
    let position = Position { text: "正一".into(), index: Some(1), of: None, from_end: false };
    assert_eq!(first.position, Some(position));
    assert_eq!(spots[1].air_time, day(3, 1).and_hms_opt(20, 15, 0).unwrap());
    assert_eq!(spots[1].position.as_ref().map(|p| (p.index, p.of)), Some((Some(3), Some(8))));
    assert_eq!(spots[2].row, 7);
    assert_eq!(spots[2].air_time, day(3, 2).and_hms_opt(1, 30, 0).unwrap());
    assert_eq!((spots[2].program.clone(), spots[2].position.clone()), (None, None));
}

#[test]
fn broadcast_day_times_past_midnight_land_on_the_next_calendar_day() {
    let rows = vec![
        header(),
        good_row("2026-03-31", "25:30"),
        good_row("2026-03-31", "2026-04-01 02:00:00"),
        good_row("2026/3/31", "29:59:59"),
    ];
    let spots = read(&one_sheet(rows), "a.xlsx").unwrap();
    let times: Vec<_> = spots.iter().map(|s| s.air_time.to_string()).collect();
    assert_eq!(times, ["2026-04-01 01:30:00", "2026-04-01 02:00:00", "2026-04-01 05:59:59"]);
    assert!(spots.iter().all(|s| s.date == day(3, 31)));
}

#[test]
fn english_headers_match_regardless_of_case_and_spaces() {
    let english = [
        "Date",
        " CHANNEL ",
        "Air Time",
        "duration",
        "Title",
        "Program",
        "time_period_class",
        "Audience Group",
        "GRP",
        "Position",
    ];
    let rows = vec![english.into_iter().map(S).collect(), good_row("2026-03-01", "08:00")];
    let spots = read(&one_sheet(rows), "a.xlsx").unwrap();
    assert_eq!(spots[0].air_time, day(3, 1).and_hms_opt(8, 0, 0).unwrap());
    assert_eq!(spots[0].audience_group.as_deref(), Some("全国 4+"));
}

#[test]
fn a_utf8_csv_with_bom_reads_like_the_workbook() {
    let text = "\u{feff}客户收视数据\n日期,频道,播出时间,时长,标题,受众/城市组,毛评点,位置\n\n2026-03-01,CCTV-1,20:15,15,\"伊利, 15秒\",全国,1.5,倒二\n";
    let spots = read(text.as_bytes(), "data.csv").unwrap();
    assert_eq!(spots.len(), 1);
    assert_eq!((spots[0].sheet.as_str(), spots[0].row), ("data", 4));
    assert_eq!(spots[0].title, "伊利, 15秒");
    assert!(spots[0].position.as_ref().unwrap().from_end);
}

#[test]
fn a_gbk_csv_is_decoded() {
    let text = "日期,频道,播出时间,时长,标题,受众,毛评点\r\n2026/3/1,湖南卫视,21:00,30,蒙牛纯甄,城市组A,0.8\r\n";
    let (gbk, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&gbk).is_err(), "the sample must not be valid UTF-8");
    let spots = read(&gbk, "gbk.csv").unwrap();
    assert_eq!(spots[0].channel, "湖南卫视");
    assert_eq!(spots[0].title, "蒙牛纯甄");
    assert_eq!(spots[0].audience_group.as_deref(), Some("城市组A"));
}

#[test]
fn a_tab_separated_csv_and_multiline_fields_keep_excel_row_numbers() {
    let text = "日期\t频道\t播出时间\t时长\t标题\t受众\t毛评点\n2026-03-01\tCCTV-1\t20:15\t15\t\"两行\n标题\"\t全国\t1\n2026-03-01\tCCTV-1\t20:16\t15\t第二条\t全国\t1\n";
    let spots = read(text.as_bytes(), "tabs.csv").unwrap();
    assert_eq!(spots.iter().map(|s| s.row).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(spots[0].title, "两行\n标题");
}

#[test]
fn the_audience_column_may_be_missing_when_the_form_gives_one() {
    let rows = vec![
        vec![S("日期"), S("频道"), S("播出时间"), S("时长"), S("标题"), S("毛评点")],
        vec![S("2026-03-01"), S("CCTV-1"), S("20:15"), N(15.0), S("伊利"), N(2.0)],
    ];
    let bytes = one_sheet(rows);
    let opts = CustomerOptions { audience_group_given: true };
    let spots = read_customer_data_bytes(&bytes, "a.xlsx", &opts, &Limits::default()).unwrap();
    assert_eq!(spots[0].audience_group, None);

    let Err(Rejected::File(FileError::MissingColumns { columns, .. })) = read(&bytes, "a.xlsx")
    else {
        panic!("the audience column is required without the form's group");
    };
    assert_eq!(columns, "受众/城市组");
}

#[test]
fn a_file_is_read_from_disk_by_path() {
    let dir = std::env::temp_dir().join(format!("adeval-ingest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("客户数据.xlsx");
    std::fs::write(&path, one_sheet(vec![header(), good_row("2026-03-01", "20:15")])).unwrap();
    let spots = read_customer_data(&path, &CustomerOptions::default(), &Limits::default()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(spots.len(), 1);
}

#[test]
fn sheets_without_a_header_are_skipped_and_every_data_sheet_is_read() {
    let bytes = xlsx(&[
        ("说明", vec![vec![S("本文件为客户提供的收视数据")], vec![S("单位：毛评点")]]),
        ("三月上", vec![header(), good_row("2026-03-01", "20:15")]),
        ("三月下", vec![vec![S("标题行")], header(), good_row("2026-03-20", "21:00")]),
    ]);
    let spots = read(&bytes, "a.xlsx").unwrap();
    let at: Vec<_> = spots.iter().map(|s| (s.sheet.as_str(), s.row)).collect();
    assert_eq!(at, [("三月上", 2), ("三月下", 3)]);
}
