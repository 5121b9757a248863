//! The order list: each order's figures from the matching viewing rows of each side, the
//! filters, paging, the export and deleting an order.

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::exports::read_back;
use crate::helpers::orders::{close, fixture};
use crate::helpers::uploads::{customer, job_end, upload};
use crate::helpers::viewing::{spots, workbook};

#[tokio::test]
async fn issued_grp_comes_from_the_matching_viewing_rows_of_each_side() {
    let f = fixture().await;
    let spots = spots(600, "伊利");
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", customer(), &workbook(&spots, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");

    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    // The order's rows: its media (测试卫视, even rows), its tape's title 伊利版本A (every third
    // row), its group, data ownership 1 (the upload's), the cycle (all of March).
    let mine: Vec<(usize, &_)> = spots.iter().enumerate().filter(|(i, _)| i % 2 == 0 && i % 3 == 0).collect();
    let grp: f64 = mine.iter().map(|(_, s)| s.7).sum();
    let top = mine.iter().filter(|(i, _)| i % 4 == 0 || [1, 2, 3, 6, 7, 8].contains(&(i % 8 + 1))).count();
    let row = f.info(id).await;
    assert!(close(&row["customerIssuedGrp"], grp), "{} vs {grp}", row["customerIssuedGrp"]);
    assert_eq!(row["customerAiredSpots"], mine.len());
    let pct = ((top as f64 / mine.len() as f64 * 100.0) * 100.0).round() / 100.0;
    assert!(close(&row["customerAlreadyUpsideDownThree"], pct), "{} vs {pct}", row["customerAlreadyUpsideDownThree"]);
    let difference = grp - 165.825;
    assert!(close(&row["customerDifference"], (difference * 1000.0).round() / 1000.0));
    let overplay = ((difference / 165.825 * 100.0) * 100.0).round() / 100.0;
    assert!(close(&row["customerOverplay"], overplay), "{}", row["customerOverplay"]);
    let theatres = (difference / (grp / mine.len() as f64)).trunc() as i64;
    assert_eq!(row["customerTheatres"], theatres);
    // The media side reads data ownership 2, which no upload brought.
    assert!(close(&row["mediaIssuedGrp"], 0.0) && row["mediaAiredSpots"] == 0);

    // Another category than the order names: nothing issued.
    let mut form = f.form();
    form["orderId"] = json!(id);
    form["category"] = json!(1);
    f.app.send(Call::post("orderUp", form).token(&f.token)).await.ok();
    assert!(close(&f.info(id).await["customerIssuedGrp"], 0.0));
}

#[tokio::test]
async fn kept_issued_totals_follow_every_import_and_every_edit_of_an_order() {
    // Arrange: an order answered before any viewing data came, its zero totals kept, and the
    // background computation of every order's totals left time to finish.
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    assert!(close(&f.info(id).await["customerIssuedGrp"], 0.0));
    f.list(json!({})).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;

    // Act: viewing data arrives.
    let spots = spots(600, "伊利");
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", customer(), &workbook(&spots, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");

    // Assert: the import is seen at once, in the list and in the order's own answer.
    let grp: f64 = spots.iter().enumerate().filter(|(i, _)| i % 6 == 0).map(|(_, s)| s.7).sum();
    assert!(close(&f.info(id).await["customerIssuedGrp"], grp), "{}", f.info(id).await["customerIssuedGrp"]);
    let listed = f.list(json!({})).await;
    assert!(close(&listed["data"][0]["customerIssuedGrp"], grp));
    // An edit that changes which rows are the order's misses what was kept; editing it back
    // finds the first totals again.
    let mut form = f.form();
    form["orderId"] = json!(id);
    form["category"] = json!(1);
    f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await.ok();
    assert!(close(&f.info(id).await["customerIssuedGrp"], 0.0));
    form["category"] = json!("");
    f.app.send(Call::post("orderUp", form).token(&f.token)).await.ok();
    assert!(close(&f.info(id).await["customerIssuedGrp"], grp));
}

#[tokio::test]
async fn the_list_filters_pages_ten_at_a_time_exports_and_deletes() {
    let f = fixture().await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let mut form = f.form();
        form["notes"] = json!(format!("订单{i}"));
        if i == 0 {
            form["cycleTimeAdd"] = json!("2026-05-01");
            form["cycleTimeEnd"] = json!("2026-06-10");
            form["blankWeek"] = json!("");
            form["seconds"] = json!(30);
            form["suitId"] = json!(f.suits[1]);
        }
        ids.push(f.add(form).await["id"].as_i64().unwrap());
    }
    let page = f.list(json!({})).await;
    assert_eq!((page["total"].as_i64(), page["data"].as_array().unwrap().len()), (Some(12), 10));
    assert_eq!(page["data"][0]["id"], ids[11], "newest first");
    assert_eq!(f.list(json!({ "page": 2 })).await["data"].as_array().unwrap().len(), 2);
    let f = &f;
    let total = |v: Value| async move { f.list(v).await["total"].as_i64().unwrap() };
    assert_eq!(total(json!({ "seconds": 30 })).await, 1);
    assert_eq!(total(json!({ "month": "2026-06" })).await, 1);
    assert_eq!(total(json!({ "month": "2026-03" })).await, 11);
    assert_eq!(total(json!({ "cycleTime": "2026-05-20" })).await, 1);
    assert_eq!(total(json!({ "suitName": "春季" })).await, 11);
    assert_eq!(total(json!({ "mediaId": f.other_media })).await, 0);
    assert_eq!(total(json!({ "productId": f.product, "status": 1 })).await, 12);
    assert_eq!(total(json!({ "createtimeGt": "2000-01-01", "createtimelt": "2000-01-02" })).await, 0);
    let bad = f.app.send(Call::get("orderList", json!({ "status": 9, "month": "三月" })).token(&f.token)).await;
    assert_eq!((bad.field("status"), bad.field("month")), (Some("订单状态无效"), Some("月份格式应为 YYYY-MM")));

    let exported = f.app.send(Call::post("orderIndexExport", json!({ "seconds": 15 })).token(&f.token)).await;
    let rows = read_back(&f.app, exported.ok()["url"].as_str().unwrap(), &f.token).await;
    assert_eq!(rows.len(), 12, "header and 11 orders");
    assert_eq!(rows[0][0], Data::String("编号".into()));
    assert_eq!(rows[1][0], Data::Float(ids[11] as f64));
    assert_eq!(rows[1][12], Data::Float(150.75));
    // Nothing scheduled or aired: no overplay to show.
    assert_eq!(rows[1][16], Data::Empty);

    let deleted = f.app.send(Call::post("orderDel", json!({ "orderId": ids[0] })).token(&f.token)).await;
    assert_eq!(deleted.body["message"], "删除成功");
    assert_eq!(f.count("order_suits").await, 22);
    let again = f.app.send(Call::post("orderDel", json!({ "orderId": ids[0] })).token(&f.token)).await;
    assert_eq!(again.code(), 4004);
    assert_eq!(f.app.send(Call::get("orderInfo", json!({ "orderId": ids[0] })).token(&f.token)).await.code(), 4004);
}
