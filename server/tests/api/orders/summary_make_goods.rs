//! Make-goods: the order's make-good policy (a field of the order dialog, its list row and its
//! history), and what the summary grid answers per month — spots owed for the missing ones,
//! scheduled as make-goods, still outstanding — with each cell's moved and make-good spots.

use serde_json::{Value, json};

use super::summary_moves::{Moved, moved_with};
use crate::helpers::Call;
use crate::helpers::orders::fixture;

#[tokio::test]
async fn the_make_good_policy_is_a_field_of_the_order() {
    let f = fixture().await;
    let f = &f;
    // Left out, it is 1 无; any value but 1–3 is refused with the dialog's words.
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 1);
    for bad in [json!(0), json!(4), json!("x"), json!(2.5)] {
        let mut form = f.form();
        form["makeGoodPolicy"] = bad.clone();
        let answer = f.app.send(Call::post("orderAdd", form).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field("makeGoodPolicy")), (4000, Some("请选择补播政策")), "{bad}");
    }
    let mut form = f.form();
    form["makeGoodPolicy"] = json!("3");
    let second = f.add(form).await;
    assert_eq!(second["makeGoodPolicy"], 3);
    let second = second["id"].as_i64().unwrap();
    let listed = f.list(json!({})).await;
    let policies: Vec<(i64, i64)> =
        listed["data"].as_array().unwrap().iter().map(|r| (r["id"].as_i64().unwrap(), r["makeGoodPolicy"].as_i64().unwrap())).collect();
    assert!(policies.contains(&(order, 1)) && policies.contains(&(second, 3)), "{policies:?}");

    // An edit changes it and logs the change; an edit that leaves it out keeps it.
    let up = |fields: Value| async move { f.app.send(Call::post("orderUp", fields).token(&f.token)).await };
    up(json!({ "orderId": order, "makeGoodPolicy": 2 })).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 2);
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(log.ok()[0]["content"], "修改订单：补播政策 无 → 错一补一");
    up(json!({ "orderId": order, "notes": "只改备注" })).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 2);
    assert_eq!(up(json!({ "orderId": order, "makeGoodPolicy": 9 })).await.field("makeGoodPolicy"), Some("请选择补播政策"));

    // The history keeps it; restoring the first version brings 无 back.
    let versions = f.app.send(Call::get("orderHistoryList", json!({ "orderId": order })).token(&f.token)).await.ok().clone();
    let kept: Vec<i64> = versions.as_array().unwrap().iter().map(|v| v["snapshot"]["makeGoodPolicy"].as_i64().unwrap()).collect();
    assert_eq!(kept, [2, 2, 1]);
    let first = versions[2]["id"].clone();
    f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": first })).token(&f.token)).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 1);
}

/// [`moved_with`]'s order under `policy` after: 1 of March 3's missing spots moved as B to
/// April 20 and 1 as A (no make-good); 2 of April 6's moved as C (no make-good); 2 B spots
/// added on March 25 and a B cell of 1 made on March 26. Answers the order and the grid's months.
async fn scenario(policy: i64) -> (Moved, Value) {
    let m = moved_with(Some(policy)).await;
    let (march, april) = m.sources().await;
    m.both(m.args(march, "B", "2026-04-20", 1, 1)).await;
    m.both(m.args(march, "A", "", 1, 1)).await;
    m.both(m.args(april, "C", "2026-04-21", 2, 1)).await;
    let add = json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": m.s.f.tapes[1], "ymd": "2026-03-25", "num": 2 });
    m.s.send("orderSummaryGrpYmdAdd", add).await.ok();
    m.s.up(json!({ "grpId": m.s.line, "ymd": "2026-03-26", "type": "B", "num": 1 })).await.ok();
    let grid = grid(&m).await;
    (m, grid)
}

async fn grid(m: &Moved) -> Value {
    let f = &m.s.f;
    f.app.send(Call::get("orderSummaryGrpList", json!({ "orderId": m.s.order })).token(&f.token)).await.ok().clone()
}

/// Each month's makeGood: [owed, scheduled, outstanding].
fn owed(grid: &Value) -> Vec<[i64; 3]> {
    grid.as_array()
        .unwrap()
        .iter()
        .map(|month| {
            let mg = &month["makeGood"];
            [mg["owed"].as_i64().unwrap(), mg["scheduled"].as_i64().unwrap(), mg["outstanding"].as_i64().unwrap()]
        })
        .collect()
}

/// The grid's cell `id`: (moved, makeGood).
fn cell(grid: &Value, id: i64) -> (i64, i64) {
    let cells = grid.as_array().unwrap().iter().flat_map(|m| m["data"].as_array().unwrap()).flat_map(|r| r["order_summary_grp_ymd"].as_array().unwrap());
    let found = cells.into_iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("cell {id}"));
    (found["moved"].as_i64().unwrap(), found["makeGood"].as_i64().unwrap())
}

#[tokio::test]
async fn make_goods_are_owed_scheduled_and_outstanding_per_month_under_each_policy() {
    // Missing: March 2 (March 3: 3 planned, 1 aired), April 2 (April 6 likewise). Placed as
    // make-goods: March 2 + 1, April 1.
    // 无: nothing owed.
    assert_eq!(owed(&scenario(1).await.1), [[0, 3, 0], [0, 1, 0]]);
    // 错一补一: owed 2 and 2; outstanding max(0, 2 − 3) = 0, max(0, 4 − 4) = 0.
    assert_eq!(owed(&scenario(2).await.1), [[2, 3, 0], [2, 1, 0]]);
    // 漏一补二: owed 4 and 4; outstanding 4 − 3 = 1, 8 − 4 = 4.
    let (m, months) = scenario(3).await;
    assert_eq!(owed(&months), [[4, 3, 1], [4, 1, 4]]);

    // The cells: March 3 moved 2 out, April 6 2; the make-goods hold theirs, the A and C moves none.
    let (march, april) = m.sources().await;
    let at = |tape, period, kind, ymd| m.cell_at(tape, period, kind, ymd);
    let b_april = at(1, m.noon, "B", "2026-04-20").await.unwrap();
    let a_march = at(1, m.noon, "A", "2026-03-03").await.unwrap();
    let c_april = at(1, m.noon, "C", "2026-04-21").await.unwrap();
    let added = at(1, m.noon, "B", "2026-03-25").await.unwrap();
    let made = at(0, m.evening, "B", "2026-03-26").await.unwrap();
    assert_eq!([cell(&months, march), cell(&months, april)], [(2, 0), (2, 0)]);
    assert_eq!([cell(&months, b_april), cell(&months, a_march), cell(&months, c_april)], [(0, 1), (0, 0), (0, 0)]);
    assert_eq!([cell(&months, added), cell(&months, made)], [(0, 2), (0, 1)]);

    // A withdrawn make-good no longer counts: March schedules 2, the shortfall carries to April.
    m.s.up(json!({ "id": made, "type": "B", "num": 1, "value": "撤掉" })).await.ok();
    assert_eq!(owed(&grid(&m).await), [[4, 2, 2], [4, 1, 5]]);
    // Nor does one changed to another type; changed back it counts again, and B spots added count.
    m.s.up(json!({ "id": added, "type": "A", "num": 2 })).await.ok();
    assert_eq!(owed(&grid(&m).await), [[4, 0, 4], [4, 1, 7]]);
    m.s.up(json!({ "id": added, "type": "B", "num": 2 })).await.ok();
    let more = json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": m.s.f.tapes[1], "ymd": "2026-04-20", "num": 3 });
    m.s.send("orderSummaryGrpYmdAdd", more).await.ok();
    assert_eq!(owed(&grid(&m).await), [[4, 2, 2], [4, 4, 2]]);
}
