//! Customer data naming a group that exists under several brands: the import stores such rows
//! without a group id, under the name, and an order whose default group has that name counts
//! them (docs/decisions.md "Groups named alike").
//!
//! The example: the fixture's order (tape 伊利版本A / T-001 of 测试牛奶, March 2026, default group
//! 全国4+ of 测试品牌), with groups `全国 4+` and 北京 also under 别的品牌, so both names are
//! ambiguous. Customer rows of category 2, source 3:
//!
//! | day, time | channel | title | group | GRP | counts |
//! |---|---|---|---|---|---|
//! | 03-02 19:10 | 测试卫视 | 伊利版本A | 全国4+ | 1.25 | yes |
//! | 03-03 19:20 | 测试卫视 | T-001 | 全国 4+ | 2.5 | yes (the same name, spaced) |
//! | 03-04 19:30 | 测试卫视 | 测试牛奶 | 全国4+ | 0.75 | yes |
//! | 03-02 19:11 | 测试卫视 | 伊利版本A | 北京 | 50 | no: another name |
//! | 03-02 19:12 | 测试二台 | 伊利版本A | 全国4+ | 50 | no: another channel |
//!
//! Issued GRP 1.25 + 2.5 + 0.75 = **4.5** over **3** spots.

use serde_json::json;

use crate::helpers::orders::{close, fixture, template};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::viewing::Spot;
use crate::helpers::Call;

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s("正一"))
}

#[tokio::test]
async fn rows_of_a_group_name_several_brands_share_count_for_an_order_on_that_group() {
    let f = fixture().await;
    let other_brand: i64 = sqlx::query_scalar("select id from brands where brand_name = '别的品牌'")
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    for name in ["全国 4+", "北京"] {
        sqlx::query("insert into audience_groups (brand_id, group_name) values ($1, $2)")
            .bind(other_brand)
            .bind(name)
            .execute(&f.app.db)
            .await
            .unwrap();
    }
    f.period(f.media, "晚间A", (68400, 71999)).await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let schedule = template(&[("2026-03", vec![("伊利版本A", "晚间A", "A", vec![(2, 1.0), (3, 1.0), (4, 1.0)])])]);
    let (status, message) = f.import_template(order, &schedule).await;
    assert_eq!(status, "done", "{message}");
    let (channel, any) = ("测试卫视", "全国4+");
    let rows = [
        spot("2026-03-02", "19:10:00", channel, "伊利版本A", any, 1.25),
        spot("2026-03-03", "19:20:00", channel, "T-001", "全国 4+", 2.5),
        spot("2026-03-04", "19:30:00", channel, "测试牛奶", any, 0.75),
        spot("2026-03-02", "19:11:00", channel, "伊利版本A", "北京", 50.0),
        spot("2026-03-02", "19:12:00", "测试二台", "伊利版本A", any, 50.0),
    ];
    let tag = json!({ "category": 2, "source": 3, "belongingTo": 1 });
    let book = crate::helpers::viewing::workbook(&rows, false);
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &book).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");

    // The order list and its row.
    let info = f.info(order).await;
    assert!(close(&info["customerIssuedGrp"], 4.5), "{}", info["customerIssuedGrp"]);
    assert_eq!(info["customerAiredSpots"], 3);
    let list = f.list(json!({ "page": 1, "limit": 10 })).await;
    let row = list["data"].as_array().unwrap().iter().find(|r| r["id"] == order).expect("the order is listed").clone();
    assert!(close(&row["customerIssuedGrp"], 4.5), "{}", row["customerIssuedGrp"]);

    // The summary's total row.
    let call = Call::get("orderSummaryList", json!({ "orderId": order, "belongingTo": 1 }));
    let summary = f.app.send(call.token(&f.token)).await.ok().as_array().unwrap().clone();
    let total = summary.last().unwrap();
    assert_eq!(total["month"], "合计");
    assert!(close(&total["IssuedGrp"], 4.5), "{}", total["IssuedGrp"]);
    assert_eq!(total["airedSpots"], 3);

    // The order's customer data.
    let fields = json!({ "orderId": order, "category": 2, "source": 3, "page": 1, "limit": 10 });
    let index = f.app.send(Call::get("orderCustomerIndex", fields).token(&f.token)).await.ok().clone();
    assert_eq!(index["total"], 3);
    assert!(close(&index["sum"], 4.5), "{}", index["sum"]);
}
