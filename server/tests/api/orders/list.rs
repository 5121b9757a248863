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

#[tokio::test]
async fn fifty_list_calls_after_a_lake_change_share_one_computation_and_agree() {
    // Arrange: 600 rows of March (customer side) and three orders of other tapes — 伊利版本A,
    // 伊利版本B, both — so three matches, their figures computed at this lake version.
    let f = fixture().await;
    let spots = spots(600, "伊利");
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", customer(), &workbook(&spots, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    for tapes in [f.tapes[0].to_string(), f.tapes[1].to_string(), format!("{},{}", f.tapes[0], f.tapes[1])] {
        let mut form = f.form();
        form["orderProductMagneticTapeId"] = json!(tapes);
        f.add(form).await;
    }
    // The order's rows are the even ones (测试卫视); titled 版本A when i % 3 == 0, else 版本B.
    let sum = |keep: &dyn Fn(usize) -> bool| spots.iter().enumerate().filter(|(i, _)| i % 2 == 0 && keep(*i)).map(|(_, s)| s.7).sum::<f64>();
    let (a, b) = (sum(&|i| i % 3 == 0), sum(&|i| i % 3 != 0));
    let before = f.list(json!({})).await;
    let grp = |page: &Value| -> Vec<f64> { page["data"].as_array().unwrap().iter().map(|o| o["customerIssuedGrp"].as_f64().unwrap()).collect() };
    // Newest first: both tapes, 版本B, 版本A.
    let close_all = |got: Vec<f64>, want: [f64; 3]| got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-6);
    assert!(close_all(grp(&before), [a + b, b, a]), "{:?} vs {:?}", grp(&before), [a + b, b, a]);
    let (issued, estimates) = (f.app.state.reads.issued.computed(), f.app.state.reads.estimates.computed());

    // Act: a lake change — two rows of 伊利版本A on 测试卫视 deleted — then 50 list calls at once.
    let rows = f.app.send(Call::get("customerIndex", json!({ "title": "伊利版本A", "mediaId": f.media, "limit": 1000 })).token(&f.token)).await;
    let rows = rows.ok()["data"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 100, "i % 6 == 0 of 600");
    let gone: f64 = rows[..2].iter().map(|r| r["maoDianPing"].as_f64().unwrap()).sum();
    let ids = format!("{},{}", rows[0]["id"], rows[1]["id"]);
    assert_eq!(f.app.send(Call::post("customerDel", json!({ "ids": ids })).token(&f.token)).await.ok()["deleted"], 2);
    let calls = (0..50).map(|_| f.app.send(Call::get("orderList", json!({})).token(&f.token)));
    let answers = futures_util::future::join_all(calls).await;

    // Assert: every answer is marked, its figures partly the previous version's, or the new
    // version's unmarked. A marked answer's issued GRP may already be the new one's: its issued
    // totals and its estimates are two computations, and a call between their ends takes the
    // new totals with the previous estimates (marked, since the estimates are previous).
    let after = [a + b - gone, b, a - gone];
    let mut marked = 0;
    for answer in &answers {
        let page = answer.ok();
        let flags: Vec<&Value> = page["data"].as_array().unwrap().iter().map(|o| &o["recomputing"]).collect();
        if flags.iter().all(|f| **f == true) {
            marked += 1;
            let (got, previous) = (grp(page), [a + b, b, a]);
            let either = got.len() == 3 && (0..3).all(|i| (got[i] - previous[i]).abs() < 1e-6 || (got[i] - after[i]).abs() < 1e-6);
            assert!(either, "marked answers are each order's previous or new GRP: {got:?}, previous {previous:?}, new {after:?}");
        } else {
            assert!(flags.iter().all(|f| **f == false), "{flags:?}");
            assert!(close_all(grp(page), after), "current answers are the new figures: {:?}", grp(page));
        }
    }
    let current = f.list(json!({})).await;
    assert!(close_all(grp(&current), after), "{:?} vs {after:?}", grp(&current));
    // Each order's totals were computed once at the new version, and each estimate key (one a
    // side: the three orders share media, group, classes and dates) once.
    assert_eq!(f.app.state.reads.issued.computed() - issued, 3, "{marked} of 50 answers were marked");
    assert_eq!(f.app.state.reads.estimates.computed() - estimates, 2);
    // orderInfo answers the current figures, never marked.
    let id = current["data"][2]["id"].as_i64().unwrap();
    let info = f.info(id).await;
    assert!(close(&info["customerIssuedGrp"], a - gone) && info["recomputing"] == false, "{info}");
}
