//! Drill-down (figureRows): the rows behind every figure of the summary screen
//! (orderSummaryList's months and 合计), the order list's blocks (orderInfo, orderList) and the
//! grid's line columns (orderSummaryGrpList) add up to that figure exactly — to the 4th
//! decimal — on both sides and any data chosen; and hand-worked rows for a few. The example
//! is `helpers::figure_rows` (its numbers are worked there).

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::exports::read_back;
use crate::helpers::figure_rows::{Drill, drill};

/// GRP in ten-thousandths, as the server keeps it, so sums compare exactly.
fn units(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 10_000.0).round() as i64
}

/// The answer's sum is the figure (both null when it is absent), and its rows' values add up
/// to the sum; answers the rows.
fn adds_up(answer: &Value, figure: &Value, what: &str) -> Vec<Value> {
    assert_eq!(answer["sum"], *figure, "{what}: sum {} ≠ figure {figure}", answer["sum"]);
    let rows = answer["data"].as_array().unwrap().clone();
    assert_eq!(answer["total"].as_u64(), Some(rows.len() as u64), "{what}");
    if !figure.is_null() {
        let values: i64 = rows.iter().map(|r| units(&r["value"])).sum();
        assert_eq!(values, units(figure), "{what}: the rows add up to {values}");
    }
    rows
}

/// Whose data: both sides, the order's own data, the data of the rows, data no row has.
const DATA: [(i64, Option<i64>, Option<i64>); 5] = [(1, None, None), (1, Some(2), Some(3)), (1, Some(1), None), (2, None, None), (2, Some(2), Some(3))];

fn chosen((side, category, source): (i64, Option<i64>, Option<i64>)) -> Value {
    let mut v = json!({ "belongingTo": side });
    if let Some(c) = category {
        v["category"] = json!(c);
    }
    if let Some(s) = source {
        v["source"] = json!(s);
    }
    v
}

/// The figures of a month row of orderSummaryList, by the drill-down's names.
const SUMMARY: [(&str, &str); 13] = [
    ("issuedGrp", "IssuedGrp"),
    ("airedSpots", "airedSpots"),
    ("upsideDownThree", "alreadyUpsideDownThree"),
    ("planned", "plannedSpots"),
    ("remaining", "remainingSpots"),
    ("unestimated", "unestimatedSpots"),
    ("expected", "estimatedRoutine"),
    ("expectedLow", "estimatedLow"),
    ("expectedHigh", "estimatedHigh"),
    ("difference", "customerDifferencesRoutine"),
    ("differenceLow", "customerDifferencesLow"),
    ("differenceHigh", "customerDifferencesHigh"),
    ("target", "grp"),
];

#[tokio::test]
async fn every_figure_of_every_month_and_the_total_opens_rows_that_add_up_to_it() {
    let d = drill().await;
    for data in DATA {
        let summary = d.get("orderSummaryList", chosen(data)).await.ok().clone();
        for row in summary.as_array().unwrap() {
            let month = row["month"].as_str().unwrap();
            let mut fields = chosen(data);
            if month != "合计" {
                fields["month"] = json!(month);
            }
            for (figure, field) in SUMMARY {
                let answer = d.rows(figure, fields.clone()).await;
                adds_up(&answer, &row[field], &format!("{data:?} {month} {figure}"));
            }
            // 正负三: the rows are the spots with a known position, the sum those in the first or last three.
            let answer = d.rows("upsideDownThree", fields.clone()).await;
            assert_eq!(answer["total"], row["positionedSpots"], "{data:?} {month}");
        }
    }
}

#[tokio::test]
async fn the_order_list_blocks_open_the_whole_orders_rows() {
    let d = drill().await;
    let info = d.get("orderInfo", json!({})).await.ok().clone();
    let listed = d.f.list(json!({})).await["data"].as_array().unwrap().iter().find(|o| o["id"] == d.order).unwrap().clone();
    for (side, prefix) in [(1, "customer"), (2, "media")] {
        for (figure, field) in [
            ("issuedGrp", "IssuedGrp"),
            ("airedSpots", "AiredSpots"),
            ("target", "Target"),
            ("expected", "ExpectedCompletion"),
            ("expectedLow", "ExpectedLow"),
            ("expectedHigh", "ExpectedHigh"),
            ("difference", "Difference"),
            ("differenceLow", "DifferenceLow"),
            ("differenceHigh", "DifferenceHigh"),
            ("unestimated", "UnestimatedSpots"),
        ] {
            let answer = d.rows(figure, json!({ "belongingTo": side })).await;
            let field = format!("{prefix}{field}");
            adds_up(&answer, &info[&field], &format!("orderInfo {field}"));
            assert_eq!(answer["sum"], listed[&field], "orderList {field}");
        }
        // 已播正负三%: the rows' sum over their count.
        let answer = d.rows("upsideDownThree", json!({ "belongingTo": side })).await;
        let (top, known) = (answer["sum"].as_f64().unwrap(), answer["total"].as_f64().unwrap());
        let shown = info[format!("{prefix}AlreadyUpsideDownThree")].as_f64().unwrap();
        assert_eq!(((top / known * 10_000.0).round() / 100.0), shown, "{prefix} 正负三");
    }
    // The customer side worked by hand: 40 over 11 spots, 5 of 8 positions, 52.5 expected.
    let whole = |figure: &'static str| d.rows(figure, json!({}));
    assert_eq!(whole("issuedGrp").await["sum"], json!(40.0));
    assert_eq!(whole("airedSpots").await["sum"], json!(11));
    assert_eq!((whole("upsideDownThree").await["sum"].clone(), whole("upsideDownThree").await["total"].clone()), (json!(5), json!(8)));
    assert_eq!(whole("expected").await["sum"], json!(52.5));
    assert_eq!(whole("differenceLow").await["sum"], json!(-60.0));
}

/// The grid's line columns, by the drill-down's names.
const GRID: [(&str, &str); 11] = [
    ("planned", "totalTimes"),
    ("remaining", "remainingTimes"),
    ("published", "publishedTimes"),
    ("issuedGrp", "issuedGrp"),
    ("airedSpots", "issuedSpots"),
    ("viewEstimated", "viewEstimated"),
    ("viewEstimatedLow", "viewEstimatedLow"),
    ("viewEstimatedHigh", "viewEstimatedHigh"),
    ("remainingGrp", "estimated"),
    ("remainingGrpLow", "estimatedLow"),
    ("remainingGrpHigh", "estimatedHigh"),
];

#[tokio::test]
async fn the_grids_line_columns_open_their_lines_rows() {
    let d = drill().await;
    for data in DATA {
        let grid = d.get("orderSummaryGrpList", chosen(data)).await.ok().clone();
        for month in grid.as_array().unwrap() {
            for line in month["data"].as_array().unwrap() {
                let mut fields = chosen(data);
                fields["lineId"] = line["id"].clone();
                for (figure, column) in GRID {
                    let answer = d.rows(figure, fields.clone()).await;
                    adds_up(&answer, &line[column], &format!("{data:?} line {} {figure}", line["id"]));
                }
            }
        }
    }
}

/// (kind, day, time, value) of rows.
fn brief(rows: &[Value]) -> Vec<(String, String, String, f64)> {
    let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
    rows.iter().map(|r| (text(&r["kind"]), text(&r["ymd"]), text(&r["addTime"]), r["value"].as_f64().unwrap())).collect()
}

fn row(kind: &str, ymd: &str, time: &str, value: f64) -> (String, String, String, f64) {
    (kind.into(), ymd.into(), time.into(), value)
}

#[tokio::test]
async fn marchs_issued_grp_is_its_spots_its_manual_grp_and_its_unplaced_spot() {
    let d = drill().await;
    let answer = d.rows("issuedGrp", json!({ "month": "2026-03" })).await;
    let rows = adds_up(&answer, &json!(36.5), "March issued");
    // By broadcast day and air time, a day's manual GRP first; the superseded spots count 0.
    assert_eq!(
        brief(&rows),
        [
            row("manual", "2026-03-02", "", 7.5),
            row("superseded", "2026-03-02", "19:10:00", 0.0),
            row("superseded", "2026-03-02", "19:20:00", 0.0),
            row("spot", "2026-03-02", "19:40:00", 1.0),
            row("spot", "2026-03-05", "20:10:00", 1.5),
            row("spot", "2026-03-05", "20:20:00", 2.5),
            row("spot", "2026-03-05", "20:30:00", 9.0),
            row("spot", "2026-03-10", "19:30:00", 4.0),
            row("spot", "2026-03-12", "19:45:00", 5.0),
            row("spot", "2026-03-13", "19:50:00", 6.0),
        ]
    );
    assert_eq!(answer["unit"], "grp");
    let [l1, l2, _, _] = d.lines;
    assert_eq!((rows[0]["lineId"].as_i64(), rows[0]["spots"].as_i64(), rows[0]["grp"].as_f64()), (Some(l1), Some(2), Some(7.5)));
    let superseded = &rows[1];
    assert_eq!((superseded["grp"].as_f64(), superseded["position"].as_str(), superseded["topOrBottomThree"].as_bool()), (Some(2.0), Some("正一"), Some(true)));
    assert_eq!((rows[3]["title"].as_str(), rows[3]["lineId"].as_i64(), rows[3]["mediaFileName"].as_str()), (Some("T-001"), Some(l2), Some("伊利版本A")));
    // The 20:30 spot of tape A in 晚间B sits on no line.
    assert_eq!((rows[6]["lineId"].as_i64(), rows[6]["note"].is_string()), (None, true));
    // The line's own: L1 22.5 over 5 spots.
    let l1_rows = d.rows("issuedGrp", json!({ "lineId": l1 })).await;
    assert_eq!((l1_rows["sum"].as_f64(), l1_rows["total"].as_i64()), (Some(22.5), Some(6)));
    assert_eq!(d.rows("airedSpots", json!({ "lineId": l1 })).await["sum"], json!(5));
    // 正负三 of March: 7 known positions, 4 of them in the first or last three.
    let three = d.rows("upsideDownThree", json!({ "month": "2026-03" })).await;
    assert_eq!((three["sum"].as_i64(), three["total"].as_i64(), three["unit"].as_str()), (Some(4), Some(7), Some("spots")));
}

#[tokio::test]
async fn cells_targets_and_expectations_are_worked_by_hand() {
    let d = drill().await;
    let [l1, _, l3, _] = d.lines;
    // Missing: L1's day 3 (planned 1, aired 0) and L3's day 5 (2, 1), each with its certificate rows.
    let missing = d.rows("missing", json!({ "month": "2026-03" })).await;
    let rows = adds_up(&missing, &json!(2), "March missing");
    let cells: Vec<(i64, String, i64, i64, String)> = rows
        .iter()
        .map(|r| (r["lineId"].as_i64().unwrap(), r["ymd"].as_str().unwrap().into(), r["point"].as_i64().unwrap(), r["aired"].as_i64().unwrap(), r["state"].as_str().unwrap().into()))
        .collect();
    assert_eq!(cells, [(l1, "2026-03-03".into(), 1, 0, "short".into()), (l3, "2026-03-05".into(), 2, 1, "short".into())]);
    assert_eq!(rows[0]["certificate"], json!([]));
    assert_eq!(rows[1]["certificate"], json!([{ "addTime": "20:10:00", "version": "伊利版本B", "num": 1 }]));
    // Planned in March: 7, L3's withdrawn day 6 listed at 0.
    let planned = d.rows("planned", json!({ "month": "2026-03" })).await;
    let rows = adds_up(&planned, &json!(7), "March planned");
    let withdrawn = rows.iter().find(|r| r["state"] == "withdrawn").unwrap();
    assert_eq!((withdrawn["ymd"].as_str(), withdrawn["value"].as_f64()), (Some("2026-03-06"), Some(0.0)));
    // March's target share: 110 × 7 ÷ 11 = 70.
    let target = d.rows("target", json!({ "month": "2026-03" })).await;
    assert_eq!(brief(&adds_up(&target, &json!(70.0), "March target")), [row("share", "2026-03", "", 70.0)]);
    let whole = d.rows("target", json!({})).await;
    assert_eq!(brief(&adds_up(&whole, &json!(110.0), "target")), [row("metrics", "", "", 100.0), row("free", "", "", 10.0)]);
    // April expected (high): its issued 3.5 and 4 remaining spots at 3.0, 15.5.
    let expected = d.rows("expectedHigh", json!({ "month": "2026-04" })).await;
    let rows = adds_up(&expected, &json!(15.5), "April expected high");
    assert_eq!(brief(&rows), [row("issued", "", "", 3.5), row("cell", "2026-04-01", "", 3.0), row("cell", "2026-04-15", "", 9.0)]);
    assert_eq!(rows[2]["estimate"].as_f64(), Some(3.0));
    // March difference: 36.5 + 2.5 (L1's day 10) + 0 (L3's day 5, no estimate) − 70 = −31.
    let difference = d.rows("difference", json!({ "month": "2026-03" })).await;
    let rows = adds_up(&difference, &json!(-31.0), "March difference");
    assert_eq!(brief(&rows).last(), Some(&row("target", "", "", -70.0)));
    assert_eq!(rows.iter().find(|r| r["lineId"] == l3).map(|r| r["estimate"].clone()), Some(Value::Null));
    // A class narrows to its lines: 黄金's remaining spots are L1's day 10 and L4's 1 + 3 (its
    // withdrawn day 20 listed at 0).
    let prime = d.rows("remaining", json!({ "timePeriodClassId": d.class })).await;
    assert_eq!((prime["sum"].as_i64(), prime["total"].as_i64()), (Some(5), Some(4)));
}

#[tokio::test]
async fn a_lines_aired_spots_without_a_viewing_row_are_valued_at_the_estimate() {
    // The media side has only April's row; L1 published 3 and its manual GRP stands for 2 of
    // them: 7.5 + 1 × 2.5 = 10. L2 published 1 with no row: 1 × 2.5.
    let d = drill().await;
    let [l1, l2, l3, _] = d.lines;
    let media = |figure: &'static str, line: i64| d.rows(figure, json!({ "belongingTo": 2, "lineId": line }));
    let l1_rows = media("viewEstimated", l1).await;
    let rows = adds_up(&l1_rows, &json!(10.0), "L1 media");
    assert_eq!(brief(&rows), [row("manual", "2026-03-02", "", 7.5), row("unseen", "", "", 2.5)]);
    assert_eq!((rows[1]["spots"].as_i64(), rows[1]["estimate"].as_f64()), (Some(1), Some(2.5)));
    assert_eq!(media("viewEstimatedLow", l2).await["sum"], json!(2.0));
    // L3's class has no estimate: every row counts 0, as the grid's 0.
    let l3_rows = d.rows("viewEstimated", json!({ "lineId": l3 })).await;
    assert_eq!((l3_rows["sum"].as_f64(), l3_rows["total"].as_i64()), (Some(0.0), Some(2)));
}

#[tokio::test]
async fn an_estimate_opens_the_days_its_default_is_computed_from() {
    let d = drill().await;
    let class = json!({ "timePeriodClassId": d.class });
    let answer = d.rows("estimate", class.clone()).await;
    assert_eq!(brief(adds_up_days(&answer)), [row("viewingDay", "2026-02-20", "", 2.0), row("viewingDay", "2026-02-21", "", 0.5), row("viewingDay", "2026-03-02", "", 2.0)]);
    assert_eq!(answer["data"][2]["spots"], 3);
    assert_eq!((answer["sum"].as_f64(), answer["unit"].as_str()), (Some(1.5), Some("grpPerSpot")));
    assert!(answer["note"].as_str().unwrap().contains("已手动修改"), "{}", answer["note"]);
    // The sums are orderViewingList's default (the edit stands in for it in the figures).
    let classes = d.get("orderViewingList", json!({})).await.ok().clone();
    let listed = classes.as_array().unwrap().iter().find(|c| c["timePeriodClassId"] == d.class).unwrap().clone();
    for (figure, field) in [("estimate", "estimated"), ("estimateLow", "estimatedLow"), ("estimateHigh", "estimatedHigh")] {
        assert_eq!(d.rows(figure, class.clone()).await["sum"], listed["default"][field], "{figure}");
    }
    assert_eq!(d.rows("estimateLow", class.clone()).await["sum"], json!(1.1));
    // The media side has no row before the assessment date: no day, no default.
    let media = d.rows("estimate", json!({ "timePeriodClassId": d.class, "belongingTo": 2 })).await;
    assert_eq!((media["sum"].clone(), media["total"].as_i64()), (Value::Null, Some(0)));
}

fn adds_up_days(answer: &Value) -> &[Value] {
    answer["data"].as_array().unwrap()
}

#[tokio::test]
async fn pages_share_the_sum_of_every_row() {
    let d = drill().await;
    let all = d.rows("issuedGrp", json!({})).await;
    let everything = all["data"].as_array().unwrap().clone();
    assert_eq!(everything.len(), 12);
    let mut paged = Vec::new();
    for page in 1..=3 {
        let answer = d.get("figureRows", json!({ "figure": "issuedGrp", "page": page, "limit": 5 })).await.ok().clone();
        assert_eq!((answer["total"].as_i64(), answer["sum"].as_f64()), (Some(12), Some(40.0)), "page {page}");
        paged.extend(answer["data"].as_array().unwrap().iter().cloned());
    }
    assert_eq!(paged, everything);
    let past = d.get("figureRows", json!({ "figure": "issuedGrp", "page": 9, "limit": 5 })).await.ok().clone();
    assert_eq!((past["data"].clone(), past["sum"].as_f64()), (json!([]), Some(40.0)));
}

#[tokio::test]
async fn the_export_holds_every_row_and_the_sum() {
    let d = drill().await;
    for method in ["GET", "POST"] {
        let fields = json!({ "orderId": d.order, "figure": "issuedGrp", "month": "2026-03" });
        let call = if method == "GET" { Call::get("figureRowsExport", fields) } else { Call::post("figureRowsExport", fields) };
        let answer = d.send(call).await;
        let url = answer.ok()["url"].as_str().unwrap().to_owned();
        assert!(url.ends_with(".xlsx"), "{url}");
        let sheet = read_back(&d.f.app, &url, &d.f.token).await;
        let text = |c: &Data| c.to_string();
        assert_eq!(text(&sheet[0][0]), "类别");
        assert_eq!(sheet.len(), 1 + 10 + 1, "{method}: the header, March's 10 rows, the sum");
        assert_eq!((text(&sheet[0][1]), text(&sheet[0][10])), ("计入".into(), "毛评点".into()));
        assert_eq!((text(&sheet[1][0]), text(&sheet[1][1]), text(&sheet[1][10])), ("手动GRP".into(), "7.5".into(), "7.5".into()));
        // A superseded spot: its GRP shown, 0 counted.
        assert_eq!((text(&sheet[2][0]), text(&sheet[2][1]), text(&sheet[2][10])), ("已被手动GRP替代".into(), "0".into(), "2".into()));
        let last = sheet.last().unwrap();
        assert_eq!((text(&last[0]), text(&last[1])), ("合计".into(), "36.5".into()));
    }
}

#[tokio::test]
async fn bad_arguments_are_refused_in_chinese_and_nothing_is_written() {
    let d = drill().await;
    let before = counts(&d).await;
    let d = &d;
    let field = |fields: Value, name: &'static str| async move {
        let answer = d.get("figureRows", fields).await;
        assert_eq!(answer.code(), 4000, "{:?}", answer.body);
        answer.field(name).map(str::to_owned)
    };
    assert_eq!(field(json!({}), "figure").await.as_deref(), Some("请选择指标"));
    assert_eq!(field(json!({ "figure": "grp" }), "figure").await.as_deref(), Some("指标无效"));
    assert_eq!(field(json!({ "figure": "issuedGrp", "month": "2026-13" }), "month").await.as_deref(), Some("月份格式应为 YYYY-MM"));
    assert_eq!(field(json!({ "figure": "issuedGrp", "month": "2026-06" }), "month").await.as_deref(), Some("2026-06 不在订单周期内"));
    assert_eq!(field(json!({ "figure": "issuedGrp", "lineId": 999_999 }), "lineId").await.as_deref(), Some("排期行不属于该订单"));
    assert_eq!(field(json!({ "figure": "target", "lineId": d.lines[0] }), "lineId").await.as_deref(), Some("该指标不按排期行拆分"));
    assert_eq!(field(json!({ "figure": "estimate" }), "timePeriodClassId").await.as_deref(), Some("请选择时段归纳"));
    assert_eq!(field(json!({ "figure": "estimate", "timePeriodClassId": 999_999 }), "timePeriodClassId").await.as_deref(), Some("时段归纳不属于该订单的媒体"));
    assert_eq!(field(json!({ "figure": "issuedGrp", "belongingTo": 3 }), "belongingTo").await.as_deref(), Some("数据归属无效"));
    assert_eq!(field(json!({ "figure": "issuedGrp", "limit": 5000 }), "limit").await.as_deref(), Some("每页条数必须在 1 到 1000 之间"));
    let missing = d.send(Call::get("figureRows", json!({ "figure": "issuedGrp" }))).await;
    assert_eq!(missing.field("orderId"), Some("请选择订单"));
    let unknown = d.send(Call::get("figureRows", json!({ "orderId": d.order + 100, "figure": "issuedGrp" }))).await;
    assert_eq!(unknown.code(), 4004);
    let export = d.send(Call::get("figureRowsExport", json!({ "orderId": d.order, "figure": "nope" }))).await;
    assert_eq!(export.field("figure"), Some("指标无效"));
    // Every figure read once more, for both sides: the database is as it was.
    for figure in ["issuedGrp", "expected", "difference", "missing", "viewEstimated", "target"] {
        for side in [1, 2] {
            d.rows(figure, json!({ "belongingTo": side })).await;
        }
    }
    assert_eq!(counts(d).await, before);
}

/// Rows of what a read could write: the order log, messages, goal alerts, the order's status.
async fn counts(d: &Drill) -> (i64, i64, i64, String) {
    let db = &d.f.app.db;
    let count = |table: &'static str| async move {
        sqlx::query_scalar::<_, i64>(&format!("select count(*) from {table}")).fetch_one(db).await.unwrap()
    };
    let status: String = sqlx::query_scalar("select status::text || estimate_date::text from orders where id = $1")
        .bind(d.order)
        .fetch_one(db)
        .await
        .unwrap();
    (count("order_logs").await, count("messages").await, count("order_goal_alerts").await, status)
}

#[tokio::test]
async fn the_drill_down_needs_the_order_menu() {
    let d = drill().await;
    d.f.app.create_account("clerk", "82").await;
    d.f.app.create_account("planner", "112").await;
    let token = |answer: crate::helpers::Answer| answer.ok()["token"].as_str().unwrap().to_owned();
    let clerk = token(d.f.app.login("clerk", "secret-123").await);
    let planner = token(d.f.app.login("planner", "secret-123").await);
    for name in ["figureRows", "figureRowsExport"] {
        let fields = json!({ "orderId": d.order, "figure": "issuedGrp" });
        assert_eq!(d.f.app.send(Call::get(name, fields.clone()).token(&clerk)).await.code(), 4003, "{name}");
        assert_eq!(d.f.app.send(Call::get(name, fields).token(&planner)).await.code(), 200, "{name}");
    }
}
