//! The 正负三 upload (tag alreadyUpsideDownThree): a good file records the positions of the
//! order's spots, read back by `orders::customer::positions`, and replaces those of its category
//! and source; a hostile one (bad or missing positions, garbage bytes, many rows, none of the
//! order's) is refused with every bad row named and changes nothing.

use serde_json::json;

use crate::helpers::orders::{Fixture, fixture};
use crate::helpers::uploads::{job_end, upload, zip_like};
use crate::helpers::viewing::{Spot, workbook};

fn spot(day: &str, time: &str, channel: &str, title: &str, position: &str) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s("全国4+"), 1.0, s(position))
}

async fn order(f: &Fixture) -> i64 {
    let mut form = f.form();
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    f.add(form).await["id"].as_i64().unwrap()
}

/// Uploads `bytes` as a 正负三 file of category 2 / source 3 (or as given): (status, message).
async fn upload_positions(f: &Fixture, order: i64, (category, source): (i64, i64), bytes: &[u8]) -> (String, String) {
    let tag = json!({ "orderId": order, "category": category, "source": source });
    let answer = upload(&f.app, &f.token, "alreadyUpsideDownThree", "正负三.xlsx", tag, bytes).await;
    job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await
}

type Seen = (i16, i16, String, i32, String, String, Option<i32>, Option<i32>, bool);

async fn positions(f: &Fixture, order: i64) -> Vec<Seen> {
    let found = adeval_server::orders::customer::recorded_positions(&f.app.db, order).await.unwrap();
    found
        .into_iter()
        .map(|p| (p.category, p.source, p.ymd.to_string(), p.secs, p.title, p.position, p.index, p.of, p.from_end))
        .collect()
}

fn seen(category: i16, ymd: &str, secs: i32, title: &str, position: &str, place: (Option<i32>, Option<i32>, bool)) -> Seen {
    (category, 3, ymd.into(), secs, title.into(), position.into(), place.0, place.1, place.2)
}

#[tokio::test]
async fn a_good_file_records_the_orders_positions_and_replaces_its_category_and_source() {
    let f = fixture().await;
    let order = order(&f).await;
    let logs_before = f.count("order_logs").await;
    let book = workbook(
        &[
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正一"),
            spot("2026-03-02", "25:10:00", "测试卫视", "T-001", "3/8"),
            spot("2026-03-03", "19:40:00", "测试卫视", "测试牛奶", "中"),
            spot("2026-03-04", "20:00:00", "测试卫视", "伊利版本B", "倒二"),
            // Not the order's: another channel, another product's title, a day after the cycle.
            spot("2026-03-02", "19:10:00", "测试二台", "伊利版本A", "正二"),
            spot("2026-03-02", "19:15:00", "测试卫视", "别的版本", "正三"),
            spot("2026-04-02", "19:15:00", "测试卫视", "伊利版本A", "正三"),
        ],
        false,
    );
    let (status, message) = upload_positions(&f, order, (2, 3), &book).await;
    assert_eq!(status, "done", "{message}");
    assert_eq!(message, "已记录 4 个点位的位置，其中正负三 3 个；3 行不是该订单的点位，未记录");
    assert_eq!(
        positions(&f, order).await,
        [
            seen(2, "2026-03-02", 69000, "伊利版本A", "正一", (Some(1), None, false)),
            seen(2, "2026-03-02", 90600, "T-001", "3/8", (Some(3), Some(8), false)),
            seen(2, "2026-03-03", 70800, "测试牛奶", "中", (None, None, false)),
            seen(2, "2026-03-04", 72000, "伊利版本B", "倒二", (Some(2), None, true)),
        ]
    );
    assert_eq!(f.count("order_logs").await, logs_before + 1);

    // Another category keeps its own; the same category and source is replaced whole.
    let other = workbook(&[spot("2026-03-05", "19:00:00", "测试卫视", "伊利版本A", "5/8")], false);
    let (status, message) = upload_positions(&f, order, (1, 3), &other).await;
    assert_eq!(status, "done", "{message}");
    let again = workbook(&[spot("2026-03-06", "19:00:00", "测试卫视", "伊利版本A", "正四")], false);
    let (status, message) = upload_positions(&f, order, (2, 3), &again).await;
    assert_eq!((status.as_str(), message.as_str()), ("done", "已记录 1 个点位的位置，其中正负三 0 个"));
    assert_eq!(
        positions(&f, order).await,
        [
            seen(1, "2026-03-05", 68400, "伊利版本A", "5/8", (Some(5), Some(8), false)),
            seen(2, "2026-03-06", 68400, "伊利版本A", "正四", (Some(4), None, false)),
        ]
    );
}

#[tokio::test]
async fn hostile_files_are_refused_with_every_bad_row_and_change_nothing() {
    let f = fixture().await;
    let order = order(&f).await;
    let good = workbook(&[spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正一")], false);
    assert_eq!(upload_positions(&f, order, (2, 3), &good).await.0, "done");
    let before = positions(&f, order).await;
    let logs_before = f.count("order_logs").await;

    // Positions the reader can't read, each row named.
    let bad = workbook(
        &[
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正二"),
            spot("2026-03-02", "19:20:00", "测试卫视", "伊利版本A", "第一"),
            spot("2026-03-02", "19:30:00", "测试卫视", "伊利版本A", "9/8"),
        ],
        false,
    );
    let (status, message) = upload_positions(&f, order, (2, 3), &bad).await;
    assert_eq!(status, "failed");
    assert!(message.contains("第 3 行") && message.contains("第 4 行"), "{message}");
    assert!(!message.contains("第 2 行"), "{message}");
    // Rows without a position, each named.
    let blank = workbook(
        &[
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正二"),
            spot("2026-03-02", "19:20:00", "测试卫视", "伊利版本A", ""),
            spot("2026-03-02", "19:30:00", "测试卫视", "伊利版本A", "中"),
            spot("2026-03-02", "19:40:00", "别的频道", "别的版本", ""),
        ],
        false,
    );
    let (status, message) = upload_positions(&f, order, (2, 3), &blank).await;
    assert_eq!(status, "failed");
    assert!(message.contains("第 3 行") && message.contains("第 5 行") && message.contains("请填写位置"), "{message}");
    assert!(!message.contains("第 4 行"), "{message}");

    // Garbage that looks like a workbook.
    let (status, message) = upload_positions(&f, order, (2, 3), &zip_like(4096, 7)).await;
    assert_eq!(status, "failed", "{message}");

    // Many rows, one of them (the last) without a position.
    let time = |i: usize| format!("{:02}:{:02}:{:02}", 19 + i / 3600, i / 60 % 60, i % 60);
    let mut many: Vec<Spot> = (0..20_000).map(|i| spot("2026-03-02", &time(i), "测试卫视", "伊利版本A", "正一")).collect();
    many.last_mut().unwrap().8 = String::new();
    let (status, message) = upload_positions(&f, order, (2, 3), &workbook(&many, false)).await;
    assert_eq!(status, "failed");
    assert_eq!(message, "未导入任何数据：1 行有错误（共 1 处）\n「Sheet1」第 20001 行「位置」“”：请填写位置：正负三上传的每一行都要有位置（如 正一、倒二、2/8、中）");

    // A file naming none of the order's spots.
    let foreign = workbook(&[spot("2026-03-02", "19:10:00", "测试卫视", "别的版本", "正一")], false);
    let (status, message) = upload_positions(&f, order, (2, 3), &foreign).await;
    assert_eq!(status, "failed");
    assert!(message.starts_with("文件中没有该订单的点位"), "{message}");

    // No 位置 column at all.
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in ["日期", "频道", "播出时间", "时长", "标题", "毛评点"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (c, v) in ["2026-03-02", "测试卫视", "19:10:00", "15", "伊利版本A", "1"].iter().enumerate() {
        sheet.write_string(1, c as u16, *v).unwrap();
    }
    let (status, message) = upload_positions(&f, order, (2, 3), &book.save_to_buffer().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("位置"), "{message}");

    assert_eq!(positions(&f, order).await, before);
    assert_eq!(f.count("order_logs").await, logs_before);
}

#[tokio::test]
async fn a_spot_named_twice_is_refused_and_nothing_is_recorded() {
    let f = fixture().await;
    let order = order(&f).await;
    let book = workbook(
        &[
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "中"),
            spot("2026-03-02", "19:20:00", "测试卫视", "伊利版本A", "正二"),
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正一"),
        ],
        false,
    );
    let (status, message) = upload_positions(&f, order, (2, 3), &book).await;
    assert_eq!(status, "failed", "{message}");
    assert!(message.contains("第 4 行") && message.contains("与第 2 行是同一个点位"), "{message}");
    assert!(positions(&f, order).await.is_empty());
}

#[tokio::test]
async fn every_bad_row_is_listed_in_one_answer_whatever_found_it() {
    let f = fixture().await;
    let order = order(&f).await;
    // Sheet rows 2–6: two good spots; row 4 repeats row 2's spot (found against the order's
    // spots) before row 5, whose date does not read and whose position is missing, and row 6,
    // whose position does not read: 3 rows, 4 problems, in one answer.
    let book = workbook(
        &[
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正一"),
            spot("2026-03-03", "19:20:00", "测试卫视", "伊利版本A", "中"),
            spot("2026-03-02", "19:10:00", "测试卫视", "伊利版本A", "正二"),
            spot("2026-03-35", "19:30:00", "测试卫视", "伊利版本A", ""),
            spot("2026-03-04", "19:40:00", "测试卫视", "伊利版本A", "第一"),
        ],
        false,
    );
    let (status, message) = upload_positions(&f, order, (2, 3), &book).await;
    assert_eq!(status, "failed");
    let expected = [
        "未导入任何数据：3 行有错误（共 4 处）",
        "「Sheet1」第 4 行「播出时间」“19:10:00”：与第 2 行是同一个点位（日期、播出时间、标题相同），请只保留一行",
        "「Sheet1」第 5 行「日期」“2026-03-35”：无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）",
        "「Sheet1」第 5 行「位置」“”：请填写位置：正负三上传的每一行都要有位置（如 正一、倒二、2/8、中）",
        "「Sheet1」第 6 行「位置」“第一”：无法识别的位置（支持 2/8、正一…正三、倒一…倒三、中）",
    ];
    assert_eq!(message, expected.join("\n"));
    assert!(positions(&f, order).await.is_empty());
    assert_eq!(f.count("order_logs where content like '上传正负三%'").await, 0);
}
