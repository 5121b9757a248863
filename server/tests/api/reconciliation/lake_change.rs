//! Reconciliation across a lake change: right after the viewing rows on a generated order's
//! media are deleted, the order list may answer the previous lake version's figures, each row marked
//! `recomputing`; once the new version's are computed the list again equals orderInfo and
//! orderSummaryList's 合计 on both sides, and shows the change.

use serde_json::{Value, json};

use super::checks::summary_agrees;
use super::world;

#[tokio::test]
async fn after_a_lake_change_the_list_agrees_again_once_recomputed() {
    let w = world(&[23]).await;
    let id = w.orders[0].id;
    let row = |list: &Value| list["data"].as_array().unwrap().iter().find(|o| o["id"] == id).unwrap().clone();
    let aired = |o: &Value| (o["customerAiredSpots"].as_i64().unwrap(), o["mediaAiredSpots"].as_i64().unwrap());
    let before = row(&w.f.list(json!({ "limit": 50 })).await);

    // Every viewing row on the order's media deleted (the order's among them).
    let rows = w.get("customerIndex", json!({ "mediaId": w.f.media, "limit": 1000 })).await;
    let ids: Vec<String> = rows["data"].as_array().unwrap().iter().map(|r| r["id"].to_string()).collect();
    let deleted = w.send(crate::helpers::Call::post("customerDel", json!({ "ids": ids.join(",") }))).await;
    assert_eq!(deleted.ok()["deleted"], ids.len());
    let at_once = row(&w.get("orderList", json!({ "limit": 50 })).await);
    if at_once["recomputing"] == true {
        assert_eq!(aired(&at_once), aired(&before), "marked: the previous version's figures");
    }

    let listed = row(&w.f.list(json!({ "limit": 50 })).await);
    assert_eq!(listed["recomputing"], false);
    let info = w.get("orderInfo", json!({ "orderId": id })).await;
    for side in [1, 2] {
        let rows = w.get("orderSummaryList", json!({ "orderId": id, "belongingTo": side })).await;
        summary_agrees(23, side, rows.as_array().unwrap(), &[("orderInfo", &info), ("orderList", &listed)]);
    }
    let total = |(c, m): (i64, i64)| c + m;
    assert!(total(aired(&listed)) < total(aired(&before)), "the deleted rows were the order's: {:?} then {:?}", aired(&before), aired(&listed));
}
