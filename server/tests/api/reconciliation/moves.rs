//! Reconciliation after moves and make-goods. The generated orders of [`super::world`] run over
//! a past cycle, where nothing can move any more (a spot moves only to a day still to air), so
//! the order of the make-good scenario (dated from today over four months: two confirmed with
//! missing spots, this month and the next) is moved the ways a user moves it — missing spots as
//! make-goods (B) and as C spots to next month, a B cell added this month, one made next month —
//! and then held to the same checks: months = 合计 = orderInfo = orderList, the grid's lines give
//! each month's row, and every figure's drill-down sums to it, on both sides.

use serde_json::json;

use super::World;
use super::checks::{drill_down_agrees, grid_agrees, summary_agrees};
use crate::orders::summary_make_goods::scenario;

#[tokio::test]
async fn every_figure_agrees_after_moves_and_make_goods() {
    let (m, _) = scenario(2).await;
    let id = m.s.order;
    let w = World { f: m.s.f, orders: Vec::new() };
    let info = w.get("orderInfo", json!({ "orderId": id })).await;
    let list = w.f.list(json!({ "limit": 50 })).await;
    let listed = list["data"].as_array().unwrap().iter().find(|o| o["id"] == id).unwrap().clone();
    for side in [1, 2] {
        let rows = w.get("orderSummaryList", json!({ "orderId": id, "belongingTo": side })).await;
        let rows = rows.as_array().unwrap();
        summary_agrees(0, side, rows, &[("orderInfo", &info), ("orderList", &listed)]);
        let grid = w.get("orderSummaryGrpList", json!({ "orderId": id, "belongingTo": side })).await;
        let grid = grid.as_array().unwrap();
        grid_agrees(0, side, grid, rows);
        drill_down_agrees(&w, 0, id, side, rows, grid).await;
        // What the checks are about: next month holds the make-goods and the C spots moved to
        // it, so its planned spots are more than its own schedule's.
        let next = rows.iter().find(|r| r["month"] == grid[3]["pointDateYm"]).expect("next month's row");
        let moved_in: i64 = grid[3]["data"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|l| l["order_summary_grp_ymd"].as_array().unwrap())
            .map(|c| c["makeGood"].as_i64().unwrap_or(0))
            .sum();
        assert!(moved_in >= 2 && next["plannedSpots"].as_i64() > Some(0), "side {side}: {next}");
    }
}
