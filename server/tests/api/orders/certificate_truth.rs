//! Broadcast certificates tell one truth (docs/evaluation.md, "Broadcast certificates" and
//! "Order status"): reading the certificate and its typeY 1 preview change nothing a user sees;
//! status 2 公司播出证明 is derived from a due month; confirmed months stay listed with the figures
//! they had; every count about one comparison — the tiles, the preview, typeY 2's answer, the
//! order log and the export — is one computation in one stated unit; the free spots a
//! confirmation records are 新增, never 计划.
//!
//! The example is `certificates.rs`'s March 2026 order (晚间A 19–20 h and 晚间B 20–21 h of class
//! 黄金, 深夜 24–26 h), planned 晚间A day 2 ×2, day 3 ×1; 晚间B day 2 ×1; 深夜 day 4 ×2.

use calamine::{Data, Reader, Xlsx};
use chrono::{Datelike, Days, Months, NaiveDate};
use serde_json::{Value, json};

use super::certificates::{ROWS, Setup, setup};
use crate::helpers::exports::download;
use crate::helpers::orders::{certificate_workbook, template};
use crate::helpers::today;

/// Everything a user could see change about `order`, as text: the order row (its status), its
/// lines and cells, its log, every message, its certificate months and corrections.
async fn seen(s: &Setup, order: i64) -> Vec<String> {
    let mut out = Vec::new();
    for sql in [
        "select row_to_json(o)::text from orders o where o.id = $1",
        "select coalesce(json_agg(l order by l.id)::text, '') from order_lines l where l.order_id = $1",
        "select coalesce(json_agg(c order by c.id)::text, '') from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1",
        "select coalesce(json_agg(g order by g.id)::text, '') from order_logs g where g.order_id = $1",
        "select coalesce(json_agg(m order by m.id)::text, '') from messages m where $1::bigint is not null",
        "select coalesce(json_agg(m order by m.month)::text, '') from order_certificate_months m where m.order_id = $1",
        "select coalesce(json_agg(c order by c.row_id)::text, '') from certificate_corrections c where c.order_id = $1",
    ] {
        out.push(sqlx::query_scalar(sql).bind(order).fetch_one(&s.f.app.db).await.unwrap());
    }
    out
}

async fn status_of(s: &Setup, order: i64) -> i64 {
    s.f.info(order).await["status"].as_i64().unwrap()
}

/// Opens the dialog as any client might: the comparison, and the preview of typeY 1.
async fn open_and_check(s: &Setup, order: i64) {
    for _ in 0..3 {
        s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok();
        s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": 1 })).await;
    }
}

#[tokio::test]
async fn reading_the_certificate_and_its_preview_changes_nothing_a_user_sees() {
    let s = setup().await;
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS)).await.0, "done");
    let before = seen(&s, s.order).await;
    open_and_check(&s, s.order).await;
    assert_eq!(seen(&s, s.order).await, before, "no status, cell, log or message from reading");
    assert_eq!(s.logs("核对播出证明").await, 0);

    // The same once the rows are placed and the preview could be applied.
    let view = s.comparison().await.ok().clone();
    s.send("orderBroadcastLicenseTimeUp", json!({ "broadcastingCertificateId": Setup::unassigned(&view, 1), "timePeriodId": s.periods[2] }))
        .await
        .ok();
    s.send(
        "broadcastingMagneticTapeDetailsUp",
        json!({ "orderId": s.order, "tapeId": s.f.tapes[1], "upTapeId": s.f.tapes[0], "broadcastingMagneticTapeDetailsType": 1 }),
    )
    .await
    .ok();
    let before = seen(&s, s.order).await;
    open_and_check(&s, s.order).await;
    assert_eq!(seen(&s, s.order).await, before);
}

/// The first day of the month `back` months before `day`'s.
fn month_start(day: NaiveDate, back: u32) -> NaiveDate {
    day.with_day(1).unwrap() - Months::new(back)
}

#[tokio::test]
async fn status_2_is_derived_from_a_due_month_and_never_comes_back_once_confirmed() {
    // An order on air since two months ago: one 晚间A spot planned and aired on the 2nd of each
    // of those months, and one on this month's 1st when that has passed.
    let s = setup().await;
    let today = today();
    let start = month_start(today, 2);
    let mut form = s.f.form();
    form["cycleTimeAdd"] = json!(start.to_string());
    form["cycleTimeEnd"] = json!((today + Days::new(20)).to_string());
    form["followDate"] = json!(start.to_string());
    form["blankWeek"] = json!("");
    let order = s.f.add(form).await["id"].as_i64().unwrap();
    let mut days = vec![start + Days::new(1), month_start(today, 1) + Days::new(1)];
    if today.day() > 1 {
        days.push(month_start(today, 0));
    }
    let names: Vec<String> = days.iter().map(|d| d.format("%Y-%m").to_string()).collect();
    let lines: Vec<(&str, Vec<_>)> = days
        .iter()
        .zip(&names)
        .map(|(d, m)| (m.as_str(), vec![("伊利版本A", "晚间A", "A", vec![(d.day(), 1.0)])]))
        .collect();
    assert_eq!(s.f.import_template(order, &template(&lines)).await.0, "done");
    assert_eq!(status_of(&s, order).await, 4, "on air, no certificate");

    let texts: Vec<String> = days.iter().map(|d| d.to_string()).collect();
    let rows: Vec<_> = texts.iter().map(|d| (d.as_str(), "19:10:00", "", "伊利版本A", 1)).collect();
    assert_eq!(s.f.import_certificate(order, &certificate_workbook(&rows)).await.0, "done");
    // Months with days gone by and not confirmed: 公司播出证明, without anyone opening the dialog.
    assert_eq!(status_of(&s, order).await, 2);
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok().clone();
    assert_eq!(view["dataValue"]["pending"], true);
    assert!(view["dataValue"]["months"].as_array().unwrap().iter().all(|m| m["due"] == true), "{view:#}");

    let preview = s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": 1 })).await.ok().clone();
    let basis = preview["dataValue"]["basis"].as_str().unwrap().to_owned();
    let applied = s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": 2, "basis": basis })).await.ok().clone();
    // The two months that are over are confirmed; this month's days so far are verified and it
    // stays open until its end, awaiting nothing meanwhile.
    assert_eq!(applied["months"], json!(names[..2]));
    assert_eq!(status_of(&s, order).await, 4);
    for _ in 0..3 {
        open_and_check(&s, order).await;
        assert_eq!(status_of(&s, order).await, 4, "opening the dialog again and again");
    }
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok().clone();
    let months = view["dataValue"]["months"].as_array().unwrap();
    assert_eq!(months.iter().map(|m| (m["confirmed"].as_bool().unwrap(), m["due"].as_bool().unwrap())).collect::<Vec<_>>(), {
        let mut states = vec![(true, false), (true, false)];
        states.extend((days.len() == 3).then_some((false, false)));
        states
    });
    assert_eq!(view["dataValue"]["pending"], false);
    let nothing = s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": 1 })).await;
    assert_eq!(nothing.code(), 4009);

    // A finished order whose only month is confirmed shows 已完结 and never 2 again.
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS[..4])).await.0, "done");
    assert_eq!(s.status().await, 2, "March is over and not confirmed");
    s.step(1).await.ok();
    s.step(2).await.ok();
    assert_eq!(s.status().await, 7);
    open_and_check(&s, s.order).await;
    assert_eq!(s.status().await, 7);
}

#[tokio::test]
async fn confirmed_months_stay_listed_with_the_figures_they_had() {
    let s = setup().await;
    // 晚间A short 1 and 晚间B over 1 (黄金 balances), 深夜 short 1: planned 6, aired 5.
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS[..4])).await.0, "done");
    let march = |confirmed: bool| json!([{ "pointDateYm": "2026-03", "planned": 6, "aired": 5, "added": 1, "missing": 2, "confirmed": confirmed, "due": !confirmed, "over": true }]);
    let before = s.comparison().await.ok().clone();
    assert_eq!(before["dataValue"]["months"], march(false));
    s.step(1).await.ok();
    s.step(2).await.ok();
    let after = s.comparison().await.ok().clone();
    // The free spot the confirmation recorded (晚间B day 2) is still 新增, not planned.
    assert_eq!(after["dataValue"]["months"], march(true), "{after:#}");
    assert_eq!(after["dataList"], before["dataList"]);
    for key in ["planned", "aired", "added", "missing"] {
        assert_eq!(after["dataValue"][key], before["dataValue"][key], "{key}");
    }
    assert_eq!(after["dataValue"]["pending"], false);
    let again = s.step(1).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (4009, Some("播出证明已确认")));
}

/// The version swap, hand-worked. Rows (after 伊利版本B's row becomes 伊利版本A's):
/// 晚间A day 2 ×1, day 3 ×1, day 6 ×1 (the swapped row), day 7 ×1; 晚间B day 2 ×3; 深夜 day 4 ×1.
///
/// Per month, version and period (the comparison): 晚间A planned 3, aired 4 → 新增 1; 晚间B planned
/// 1, aired 3 → 新增 2 (黄金 has nothing short: type 1 rows); 深夜 planned 2, aired 1 → 缺失 1.
/// Tiles: planned 6, aired 8, 新增 3, 缺失 1 spots; 2 新增 rows, 1 缺失 row.
///
/// Day by day the old confirmation said otherwise: 晚间A day 2 short (a cell flagged) and days 6
/// and 7 free, 晚间B 2 free, 深夜 day 4 flagged — "缺失 2 / 新增 4". One computation: the spots of
/// the month cover the month's cells, each day's own first — 晚间A day 2's second spot is day 6's;
/// day 7's spot is free (1), 晚间B's two extra are free (2): cells verified 3 (晚间A days 2 and 3,
/// 晚间B day 2), flagged 1 (深夜 day 4, 1 spot short), free spots 3 = 新增, spots short 1 = 缺失.
#[tokio::test]
async fn one_comparison_gives_the_same_counts_everywhere_each_in_its_unit() {
    let s = setup().await;
    let rows = [
        ("2026-03-02", "19:10:00", "", "伊利版本A", 1),
        ("2026-03-03", "19:30:00", "", "T-001", 1),
        ("2026-03-06", "19:05:00", "", "伊利版本B", 1),
        ("2026-03-07", "19:40:00", "", "伊利版本A", 1),
        ("2026-03-02", "20:10:00", "晚间B", "伊利版本A", 3),
        ("2026-03-04", "25:30:00", "", "伊利版本A", 1),
    ];
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&rows)).await.0, "done");
    let swap = json!({ "orderId": s.order, "tapeId": s.f.tapes[1], "upTapeId": s.f.tapes[0], "broadcastingMagneticTapeDetailsType": 1 });
    s.send("broadcastingMagneticTapeDetailsUp", swap).await.ok();

    let spots = |v: &Value| (v["planned"].as_i64(), v["aired"].as_i64(), v["added"].as_i64(), v["missing"].as_i64());
    let tiles = s.comparison().await.ok().clone();
    assert_eq!(spots(&tiles["dataValue"]), (Some(6), Some(8), Some(3), Some(1)), "{tiles:#}");
    let rows_of = |v: &Value, k: &str| v["dataList"][k].as_array().unwrap().iter().map(|r| r["num"].as_i64().unwrap()).collect::<Vec<_>>();
    assert_eq!((rows_of(&tiles, "added"), rows_of(&tiles, "missing")), (vec![1, 2], vec![1]));

    let preview = s.step(1).await.ok().clone();
    assert_eq!(spots(&preview["dataValue"]), spots(&tiles["dataValue"]));
    let changes = json!({ "verifiedCells": 3, "missingCells": 1, "missingSpots": 1, "freeSpots": 3 });
    assert_eq!(preview["dataValue"]["changes"], changes, "{preview:#}");
    assert_eq!(preview["dataValue"]["changes"]["freeSpots"], tiles["dataValue"]["added"]);
    assert_eq!(preview["dataValue"]["changes"]["missingSpots"], tiles["dataValue"]["missing"]);

    let applied = s.step(2).await.ok().clone();
    assert_eq!(applied, json!({ "verifiedCells": 3, "missingCells": 1, "missingSpots": 1, "freeSpots": 3, "months": ["2026-03"] }));
    let log: String = sqlx::query_scalar("select content from order_logs where order_id = $1 and content like '确认播出证明%'")
        .bind(s.order)
        .fetch_one(&s.f.app.db)
        .await
        .unwrap();
    assert_eq!(
        log,
        "确认播出证明：2026-03，计划 6 个点位、播出 8 个点位，新增 3 个点位、缺失 1 个点位；\
         核实 3 个点位格，标记缺失 1 个点位格（缺 1 个点位），新增 3 个点位记为 C 类赠播"
    );
    // After confirming, the same tiles; the free cells hold the 3 新增 spots.
    assert_eq!(spots(&s.comparison().await.ok()["dataValue"]), (Some(6), Some(8), Some(3), Some(1)));
    let mut cells = s.cells().await;
    cells.sort();
    let cell = |p: &str, t: &str, d, point, he, gone, aired| (p.to_owned(), t.to_owned(), d, point, he, gone, aired);
    assert_eq!(
        cells,
        vec![
            cell("晚间A", "A", 2, 2, 2, 0, 2),
            cell("晚间A", "A", 3, 1, 2, 0, 1),
            cell("晚间A", "C", 7, 1, 2, 0, 1),
            cell("晚间B", "A", 2, 1, 2, 0, 1),
            cell("晚间B", "C", 2, 2, 2, 0, 2),
            cell("深夜", "A", 4, 2, 1, 1, 1),
        ]
    );
    let summary = export_summary(&s).await;
    assert_eq!(summary.last().unwrap()[..], [t("合计"), Data::Empty, Data::Empty, Data::Empty, Data::Empty, n(6.0), n(8.0), n(3.0), n(1.0)]);
}

fn t(v: &str) -> Data {
    Data::String(v.into())
}

fn n(v: f64) -> Data {
    Data::Float(v)
}

/// The 汇总 sheet of the certificate export.
async fn export_summary(s: &Setup) -> Vec<Vec<Data>> {
    let url = s.send("orderBroadcastingCertificateExport", json!({ "orderId": s.order })).await.ok()["url"].as_str().unwrap().to_owned();
    let mut book = Xlsx::new(std::io::Cursor::new(download(&s.f.app, &url, &s.f.token).await)).unwrap();
    book.worksheet_range("汇总").unwrap().rows().map(<[Data]>::to_vec).collect()
}

/// 晚间A planned 3 (day 2 ×2, day 3 ×1), aired 2 → 缺失 1; 晚间B planned 1, aired 2 (day 2) →
/// 新增 1, which confirming records as a free C cell of 1 spot; 深夜 planned 2, aired 1 → 缺失 1.
/// Totals 6 / 5 / 1 / 2, before confirming and after.
#[tokio::test]
async fn the_export_after_confirming_counts_the_free_spot_as_added_not_planned() {
    let s = setup().await;
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS[..4])).await.0, "done");
    let rows = |state: &str| {
        vec![
            vec![t("月份"), t("状态"), t("版本"), t("时段"), t("时段归纳"), t("计划（点位）"), t("播出（点位）"), t("新增（点位）"), t("缺失（点位）")],
            vec![t("2026-03"), t(state), t("伊利版本A"), t("晚间A"), t("黄金"), n(3.0), n(2.0), n(0.0), n(1.0)],
            vec![t("2026-03"), t(state), t("伊利版本A"), t("晚间B"), t("黄金"), n(1.0), n(2.0), n(1.0), n(0.0)],
            vec![t("2026-03"), t(state), t("伊利版本A"), t("深夜"), Data::Empty, n(2.0), n(1.0), n(0.0), n(1.0)],
            vec![t("合计"), Data::Empty, Data::Empty, Data::Empty, Data::Empty, n(6.0), n(5.0), n(1.0), n(2.0)],
        ]
    };
    // Each period's spots are the last four columns: planned, aired, added, missing.
    let counts = |sheet: &[Vec<Data>]| sheet[1..4].iter().map(|r| r[r.len() - 4..].to_vec()).collect::<Vec<_>>();
    let expected = counts(&rows("待确认"));
    assert_eq!(counts(&export_summary(&s).await), expected);
    s.step(1).await.ok();
    s.step(2).await.ok();
    assert_eq!(counts(&export_summary(&s).await), expected, "after confirming");
    assert_eq!(export_summary(&s).await, rows("已确认"));
}
