//! What must agree (docs/evaluation.md "Every figure, its definition and unit"): on every generated order and both sides,
//! - orderSummaryList: the months' additive figures add up to 合计 exactly;
//! - 合计 = orderInfo = orderList's row = orderIndexExport's row;
//! - the grid: each month's lines (issued GRP and spots, remaining, planned, the remaining
//!   spots valued) with its unplaced spots give the month's row;
//! - the exports: 评估结果's 本月指标 rows and 评估报告's 汇总 rows are orderSummaryList's rows;
//! - the drill-down: figureRows' `sum` of every figure is the figure, for each month and the
//!   whole order, and for each of the grid's lines;
//! - the certificate: its counts before confirming (the dialog's tiles), the preview (typeY 1),
//!   what typeY 2 did, the dialog after confirming and the export's 合计 are one computation;
//! - the dashboard filtered to an order's product, side, default group and cycle gives its
//!   issued GRP and aired spots, when the order holds every tape of its product and has neither
//!   a manual GRP nor customer data attached (the dashboard reads the lake's rows by product).
//!
//! GRP is compared exactly, in ten-thousandths (the answers carry 4 decimals).

use calamine::Data;
use serde_json::{Value, json};

use super::{Generated, world};
use crate::helpers::exports::{Book, read_back};

/// A GRP answer in ten-thousandths; `None` for null.
fn units(v: &Value) -> Option<i64> {
    v.as_f64().map(|x| (x * 10_000.0).round() as i64)
}

fn cell_units(d: &Data) -> Option<i64> {
    match d {
        Data::Float(x) => Some((x * 10_000.0).round() as i64),
        Data::Int(x) => Some(x * 10_000),
        Data::Empty => None,
        other => panic!("not a number: {other:?}"),
    }
}

/// orderSummaryList's GRP fields, and orderList's name for each (prefixed by the side).
const GRP: [(&str, &str); 8] = [
    ("grp", "Target"),
    ("IssuedGrp", "IssuedGrp"),
    ("estimatedRoutine", "ExpectedCompletion"),
    ("estimatedLow", "ExpectedLow"),
    ("estimatedHigh", "ExpectedHigh"),
    ("customerDifferencesRoutine", "Difference"),
    ("customerDifferencesLow", "DifferenceLow"),
    ("customerDifferencesHigh", "DifferenceHigh"),
];
/// Counts that add up over the months.
const COUNTS: [&str; 6] = ["airedSpots", "alreadyUpsideDownThree", "positionedSpots", "plannedSpots", "remainingSpots", "unestimatedSpots"];
/// Figures worked out from the sums: the same on 合计 and in the list.
const RATIOS: [(&str, &str); 8] = [
    ("overbroadcastRoutine", "Overplay"),
    ("overbroadcastLow", "OverplayLow"),
    ("overbroadcastHigh", "OverplayHigh"),
    ("numberOfTheatersRoutine", "Theatres"),
    ("numberOfTheatersLow", "TheatresLow"),
    ("numberOfTheatersHigh", "TheatresHigh"),
    ("alreadyUpsideDownThreePer", "AlreadyUpsideDownThree"),
    ("unestimatedSpots", "UnestimatedSpots"),
];

fn prefix(side: i64) -> &'static str {
    if side == 2 { "media" } else { "customer" }
}

/// The months add up to 合计, which is the order list's figures of the side.
pub(super) fn summary_agrees(seed: u64, side: i64, rows: &[Value], listed: &[(&str, &Value)]) {
    let (total, months) = rows.split_last().unwrap();
    assert_eq!(total["month"], "合计");
    for (field, _) in GRP {
        let parts: Vec<Option<i64>> = months.iter().map(|m| units(&m[field])).collect();
        let sum = parts.iter().copied().sum::<Option<i64>>();
        assert_eq!(sum, units(&total[field]), "seed {seed} side {side}: Σ months of {field} {parts:?} ≠ 合计");
    }
    for field in COUNTS {
        let sum: i64 = months.iter().map(|m| m[field].as_i64().unwrap()).sum();
        assert_eq!(Some(sum), total[field].as_i64(), "seed {seed} side {side}: Σ months of {field}");
    }
    let p = prefix(side);
    for (from, place) in listed {
        for (field, name) in GRP.iter().chain(&RATIOS) {
            assert_eq!(total[*field], place[format!("{p}{name}")], "seed {seed} side {side}: 合计 {field} ≠ {from} {p}{name}");
        }
        assert_eq!(total["airedSpots"], place[format!("{p}AiredSpots")], "seed {seed} side {side}: {from} aired spots");
    }
}

/// Each month's lines and unplaced spots give the month's figures.
pub(super) fn grid_agrees(seed: u64, side: i64, grid: &[Value], rows: &[Value]) {
    for (month, row) in grid.iter().zip(rows) {
        assert_eq!(month["pointDateYm"], row["month"]);
        let lines = month["data"].as_array().unwrap();
        let sum = |f: &str| lines.iter().map(|l| units(&l[f]).unwrap()).sum::<i64>();
        let count = |f: &str| lines.iter().map(|l| l[f].as_i64().unwrap()).sum::<i64>();
        let at = format!("seed {seed} side {side} {}", row["month"]);
        assert_eq!(Some(sum("issuedGrp") + units(&month["unplacedGrp"]).unwrap()), units(&row["IssuedGrp"]), "{at}: issued GRP");
        assert_eq!(count("issuedSpots") + month["unplacedSpots"].as_i64().unwrap(), row["airedSpots"].as_i64().unwrap(), "{at}: aired spots");
        assert_eq!(count("remainingTimes"), row["remainingSpots"].as_i64().unwrap(), "{at}: remaining");
        assert_eq!(count("totalTimes"), row["plannedSpots"].as_i64().unwrap(), "{at}: planned");
        for (line, expected) in [("estimated", "estimatedRoutine"), ("estimatedLow", "estimatedLow"), ("estimatedHigh", "estimatedHigh")] {
            if let Some(expected) = units(&row[expected]) {
                assert_eq!(sum(line) + units(&row["IssuedGrp"]).unwrap(), expected, "{at}: Σ {line} + issued ≠ {expected}");
            }
        }
    }
}

/// The row of a figures block (月份 first) whose first cell is `month`, under the header row.
fn block_row<'a>(sheet: &'a [Vec<Data>], header: usize, month: &str) -> &'a [Data] {
    let row = (header + 1..sheet.len()).find(|r| matches!(sheet[*r].first(), Some(Data::String(s)) if s == month));
    &sheet[row.unwrap_or_else(|| panic!("no row {month}"))]
}

/// Header rows of figure blocks (their first cell 月份, third 目标GRP) in a sheet.
fn blocks(sheet: &[Vec<Data>]) -> Vec<usize> {
    (0..sheet.len())
        .filter(|r| matches!(&sheet[*r].first(), Some(Data::String(s)) if s == "月份") && matches!(sheet[*r].get(2), Some(Data::String(s)) if s == "目标GRP"))
        .collect()
}

/// A figures block's row is orderSummaryList's row.
fn export_row_agrees(at: &str, cells: &[Data], row: &Value) {
    // Columns as book.rs writes them: 月份, 秒数, 目标GRP, 已播GRP, 已播次数, …, 预计完成 ×3, 差异 ×3.
    let grp = [(2, "grp"), (3, "IssuedGrp"), (11, "estimatedRoutine"), (12, "estimatedLow"), (13, "estimatedHigh"), (14, "customerDifferencesRoutine")];
    for (col, field) in grp {
        assert_eq!(cell_units(&cells[col]), units(&row[field]), "{at}: column {col} ≠ {field}");
    }
    assert_eq!(cell_units(&cells[4]), row["airedSpots"].as_i64().map(|n| n * 10_000), "{at}: aired spots");
}

/// orderSummaryList's figures and figureRows' name for each.
const DRILLED: [(&str, &str); 13] = [
    ("IssuedGrp", "issuedGrp"),
    ("airedSpots", "airedSpots"),
    ("alreadyUpsideDownThree", "upsideDownThree"),
    ("plannedSpots", "planned"),
    ("remainingSpots", "remaining"),
    ("unestimatedSpots", "unestimated"),
    ("grp", "target"),
    ("estimatedRoutine", "expected"),
    ("estimatedLow", "expectedLow"),
    ("estimatedHigh", "expectedHigh"),
    ("customerDifferencesRoutine", "difference"),
    ("customerDifferencesLow", "differenceLow"),
    ("customerDifferencesHigh", "differenceHigh"),
];
/// The grid's line columns and figureRows' name for each.
const DRILLED_LINES: [(&str, &str); 7] = [
    ("issuedGrp", "issuedGrp"),
    ("issuedSpots", "airedSpots"),
    ("totalTimes", "planned"),
    ("remainingTimes", "remaining"),
    ("publishedTimes", "published"),
    ("estimated", "remainingGrp"),
    ("viewEstimated", "viewEstimated"),
];

/// The drill-down's sum of `figure` in `scope` (a month, a line, or the whole order).
async fn drilled(w: &super::World, id: i64, side: i64, figure: &str, scope: Value) -> Value {
    let mut fields = json!({ "orderId": id, "belongingTo": side, "figure": figure, "page": 1, "limit": 1 });
    for (k, v) in scope.as_object().unwrap() {
        fields[k] = v.clone();
    }
    w.get("figureRows", fields).await["sum"].clone()
}

/// Every figure's drill-down sums to it: the months and 合计 of orderSummaryList, the grid's lines.
pub(super) async fn drill_down_agrees(w: &super::World, seed: u64, id: i64, side: i64, rows: &[Value], grid: &[Value]) {
    for row in rows {
        let month = row["month"].as_str().unwrap();
        let scope = if month == "合计" { json!({}) } else { json!({ "month": month }) };
        for (field, figure) in DRILLED {
            let sum = drilled(w, id, side, figure, scope.clone()).await;
            assert_eq!(units(&sum), units(&row[field]), "seed {seed} side {side} {month}: figureRows {figure} sums to {sum}, the figure is {}", row[field]);
        }
    }
    for month in grid {
        for line in month["data"].as_array().unwrap() {
            let scope = json!({ "month": month["pointDateYm"], "lineId": line["id"] });
            for (field, figure) in DRILLED_LINES {
                let sum = drilled(w, id, side, figure, scope.clone()).await;
                assert_eq!(units(&sum), units(&line[field]), "seed {seed} side {side} line {}: figureRows {figure} sums to {sum}, the column {field} is {}", line["id"], line[field]);
            }
        }
    }
}

/// One comparison behind every count a user sees of a certificate, each in spots.
async fn certificate_agrees(w: &super::World, seed: u64, id: i64, tiles: &Value, preview: &Value, applied: &Value) {
    let at = format!("seed {seed} certificate");
    let count = |v: &Value, k: &str| v[k].as_i64().unwrap_or_else(|| panic!("{at}: no {k} in {v}"));
    let changes = &preview["changes"];
    for (tile, change) in [("added", "freeSpots"), ("missing", "missingSpots")] {
        assert_eq!(count(tiles, tile), count(changes, change), "{at}: tile {tile} ≠ preview {change}");
        assert_eq!(count(changes, change), count(applied, change), "{at}: preview {change} ≠ what typeY 2 did");
    }
    for k in ["planned", "aired", "added", "missing"] {
        assert_eq!(count(tiles, k), count(preview, k), "{at}: tile {k} ≠ preview");
    }
    assert!(count(tiles, "aired") > 0 && count(tiles, "added") > 0, "{at}: the generator's extra spot");
    // After confirming, the month stays listed with the same counts, and the export's 合计 says them.
    let after = w.get("broadcastingCertificate", json!({ "orderId": id })).await["dataValue"].clone();
    for k in ["planned", "aired", "added", "missing"] {
        assert_eq!(count(&after, k), count(tiles, k), "{at}: {k} after confirming");
    }
    let url = w.get("orderBroadcastingCertificateExport", json!({ "orderId": id })).await["url"].as_str().unwrap().to_owned();
    let book = Book::download(&w.f.app, &url, &w.f.token).await;
    let sheet = book.sheet("汇总");
    let total = sheet.iter().find(|r| matches!(r.first(), Some(Data::String(s)) if s == "合计")).expect("a 合计 row");
    let shown: Vec<i64> = total[5..9].iter().map(|c| cell_units(c).unwrap() / 10_000).collect();
    let tiles: Vec<i64> = ["planned", "aired", "added", "missing"].iter().map(|k| count(tiles, k)).collect();
    assert_eq!(shown, tiles, "{at}: export 合计 ≠ tiles");
}

#[tokio::test]
async fn every_figure_agrees_wherever_it_shows_on_generated_orders() {
    let seeds = [11, 23, 37, 41, 59, 73];
    let w = world(&seeds).await;
    // The generator made what the checks are about: manual GRPs, attached customer data, spots
    // no line takes.
    let db = &w.f.app.db;
    let count = |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(db).await.unwrap() };
    assert!(count("select count(*) from order_cells where manual_grp is not null").await >= 3);
    assert!(count("select count(distinct order_id) from order_customer_attachments").await >= 1);
    assert!(count("select count(*) from order_cells where value = '撤掉'").await >= 3);
    let list = w.f.list(json!({ "limit": 50 })).await;
    let exported = w.get("orderIndexExport", json!({})).await;
    let sheet = read_back(&w.f.app, exported["url"].as_str().unwrap(), &w.f.token).await;
    let mut dashboards = 0;
    for Generated { id, seed, planned, tiles, preview, applied } in &w.orders {
        let (id, seed) = (*id, *seed);
        certificate_agrees(&w, seed, id, tiles, preview, applied).await;
        let info = w.get("orderInfo", json!({ "orderId": id })).await;
        let listed = list["data"].as_array().unwrap().iter().find(|o| o["id"] == id).unwrap().clone();
        for side in [1, 2] {
            let rows = w.get("orderSummaryList", json!({ "orderId": id, "belongingTo": side })).await;
            let rows = rows.as_array().unwrap();
            summary_agrees(seed, side, rows, &[("orderInfo", &info), ("orderList", &listed)]);
            // The certificate's free spot (an extra airing in 早间) aired; it was never planned.
            assert_eq!(rows.last().unwrap()["plannedSpots"].as_i64(), Some(*planned), "seed {seed} side {side}: planned");
            let grid = w.get("orderSummaryGrpList", json!({ "orderId": id, "belongingTo": side })).await;
            grid_agrees(seed, side, grid.as_array().unwrap(), rows);
            drill_down_agrees(&w, seed, id, side, rows, grid.as_array().unwrap()).await;
            assert!(grid[0]["unplacedSpots"].as_i64() > Some(0), "seed {seed}: the 23:30 row is on no line");
            assert!(rows.last().unwrap()["airedSpots"].as_i64() > Some(10), "seed {seed}: spots aired");

            // 评估结果: each month's sheet holds the month's row.
            let result = w.get("orderSummaryGrpIndexExport", json!({ "orderId": id, "belongingTo": side })).await;
            let book = Book::download(&w.f.app, result["url"].as_str().unwrap(), &w.f.token).await;
            for row in &rows[..rows.len() - 1] {
                let month = row["month"].as_str().unwrap();
                let sheet = book.sheet(month);
                let header = blocks(sheet)[0];
                export_row_agrees(&format!("seed {seed} side {side} 评估结果 {month}"), block_row(sheet, header, month), row);
            }
            // 评估报告: the side's block (customer first, then media) holds every row.
            let report = w.get("orderSummaryGrpReportIndexExport", json!({ "orderId": id, "belongingTo": side })).await;
            let book = Book::download(&w.f.app, report["url"].as_str().unwrap(), &w.f.token).await;
            let sheet = book.sheet("汇总");
            let header = blocks(sheet)[(side - 1) as usize];
            for row in rows {
                let month = row["month"].as_str().unwrap();
                export_row_agrees(&format!("seed {seed} side {side} 评估报告 {month}"), block_row(sheet, header, month), row);
            }
        }
        // The dashboard, per side, over the cycle by month.
        let (tapes, own): (i64, bool) = sqlx::query_as(
            "select (select count(*) from order_tapes where order_id = $1),
                    exists(select 1 from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1 and c.manual_grp is not null)
                    or exists(select 1 from order_customer_attachments where order_id = $1)",
        )
        .bind(id)
        .fetch_one(&w.f.app.db)
        .await
        .unwrap();
        if tapes == 2 && !own {
            dashboards += 1;
            for side in [1_i64, 2] {
                let fields = json!({
                    "mediaId": w.f.media, "productId": w.f.product, "belongingTo": side, "timeType": 2,
                    "timeAdd": "2026-03-01", "timeEnd": "2026-04-30",
                });
                let board = w.get("dashboardoneIndex", fields).await;
                let grp: i64 = board["tData"][0]["t"].as_array().unwrap().iter().map(|v| units(v).unwrap()).sum();
                let spots: i64 = board["cData"][0]["t"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).sum();
                let p = prefix(side);
                assert_eq!(Some(grp), units(&info[format!("{p}IssuedGrp")]), "seed {seed} side {side}: dashboard GRP");
                assert_eq!(Some(spots), info[format!("{p}AiredSpots")].as_i64(), "seed {seed} side {side}: dashboard spots");
            }
        }
        // orderIndexExport: the list's row, column for column.
        let row = sheet.iter().find(|r| r[0] == Data::Float(id as f64)).unwrap_or_else(|| panic!("order {id} not exported"));
        let heads: Vec<String> = sheet[0].iter().map(|c| c.to_string()).collect();
        let col = |name: &str| heads.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"));
        for (head, field) in [
            ("客户预计完成", "customerExpectedCompletion"),
            ("客户差值", "customerDifference"),
            ("媒体预计完成", "mediaExpectedCompletion"),
            ("媒体差值", "mediaDifference"),
        ] {
            assert_eq!(cell_units(&row[col(head)]), units(&listed[field]), "seed {seed}: export {head}");
        }
        for (head, field) in [("客户超播%", "customerOverplay"), ("媒体超播%", "mediaOverplay"), ("客户已播正负三%", "customerAlreadyUpsideDownThree")] {
            let shown = match &row[col(head)] {
                Data::Float(x) => Some(*x),
                Data::Empty => None,
                other => panic!("{other:?}"),
            };
            assert_eq!(shown, listed[field].as_f64(), "seed {seed}: export {head}");
        }
    }
    assert!(dashboards >= 1, "no generated order could be checked against the dashboard");
}
