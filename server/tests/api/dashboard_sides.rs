//! The dashboard counts one side and, unless groups are chosen, each product's default group
//! (docs/dashboard.md "Which rows"): the customer's and the media's measurements of the same spots are never
//! added up, nor are a product's audience groups. The by-group view reconciles with the
//! by-product view, and the dashboard filtered as an order is gives the order's issued GRP and
//! aired spots (docs/dashboard.md "The views agree").
//!
//! Master data: the orders' fixture — 测试牛奶 on 测试卫视 (titles 测试牛奶, 伊利版本A, T-001,
//! 伊利版本B, T-002), default group 全国4+, also 北京; 别的产品 (别的版本) — and 全国4+ under the
//! other brand too, so rows naming 全国4+ are stored without a group id and match it by name.
//! Rows on 测试卫视 at 20:00, category 2 / source 3 unless said:
//!
//! | row | day | title | group | side | GRP |
//! |---|---|---|---|---|---|
//! | c1 | 03-02 | 伊利版本A | 全国4+ | customer | 1.5 |
//! | c2 | 03-03 | 伊利版本B | 全国4+ | customer | 2.25 |
//! | c3 | 03-04 | 伊利版本A | 北京 | customer | 4.0 |
//! | c4 | 03-10 | T-001 | 全国4+ | customer | 1.0 |
//! | c5 | 03-11 | 别的版本 | 全国4+ | customer | 9.0 (别的产品) |
//! | c6 | 03-31 25:10 | 伊利版本B | 全国4+ | customer | 0.3 (broadcast day 03-31) |
//! | c7 | 04-01 | 伊利版本A | 全国4+ | customer | 7.0 |
//! | x1 | 03-05 | 伊利版本A | 全国4+ | customer, category 3 / source 1 | 0.5 |
//! | m1 | 03-02 | 伊利版本A | 全国4+ | media | 1.75 |
//! | m2 | 03-03 | 伊利版本B | 全国4+ | media | 2.75 |
//! | m3 | 03-04 | 伊利版本A | 北京 | media | 3.5 |
//! | m4 | 03-10 | T-001 | 全国4+ | media | 1.25 |
//!
//! 03-02 … 03-15 by ISO week: W10 is 03-02…08, W11 03-09…15. 测试牛奶 then counts:
//! - customer side, default group 全国4+ (nothing chosen): W10 c1 + c2 + x1 = 4.25 in 3 spots
//!   (1.417 a spot), W11 c4 = 1.0 in 1;
//! - media side: W10 m1 + m2 = 4.5 in 2 (2.25), W11 m4 = 1.25 in 1;
//! - 北京 chosen: W10 c3 = 4.0 in 1, W11 nothing; 全国4+ and 北京: W10 8.25 in 4 (2.0625 →
//!   2.063), W11 1.0 in 1; category 2 alone: W10 c1 + c2 = 3.75 in 2.
//!
//! Adding both sides and every group, as the dashboard did, gave W10 16.25 in 7 spots (and the
//! order test below 10.8 in 7 against its 5.05 in 4).

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::{Fixture, fixture};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::viewing::{Spot, workbook};

fn spot(day: &str, time: &str, title: &str, group: &str, grp: f64) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s("测试卫视"), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s("正一"))
}

async fn import(f: &Fixture, rows: &[Spot], tag: Value) {
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &workbook(rows, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
}

async fn setup() -> Fixture {
    let f = fixture().await;
    sqlx::query("insert into audience_groups (brand_id, group_name) select id, '全国4+' from brands where brand_name = '别的品牌'")
        .execute(&f.app.db)
        .await
        .unwrap();
    let customer = [
        spot("2026-03-02", "20:00:00", "伊利版本A", "全国4+", 1.5),
        spot("2026-03-03", "20:00:00", "伊利版本B", "全国4+", 2.25),
        spot("2026-03-04", "20:00:00", "伊利版本A", "北京", 4.0),
        spot("2026-03-10", "20:00:00", "T-001", "全国4+", 1.0),
        spot("2026-03-11", "20:00:00", "别的版本", "全国4+", 9.0),
        spot("2026-03-31", "25:10:00", "伊利版本B", "全国4+", 0.3),
        spot("2026-04-01", "20:00:00", "伊利版本A", "全国4+", 7.0),
    ];
    import(&f, &customer, json!({ "category": 2, "source": 3, "belongingTo": 1 })).await;
    import(&f, &[spot("2026-03-05", "20:00:00", "伊利版本A", "全国4+", 0.5)], json!({ "category": 3, "source": 1, "belongingTo": 1 })).await;
    let media = [
        spot("2026-03-02", "20:00:00", "伊利版本A", "全国4+", 1.75),
        spot("2026-03-03", "20:00:00", "伊利版本B", "全国4+", 2.75),
        spot("2026-03-04", "20:00:00", "伊利版本A", "北京", 3.5),
        spot("2026-03-10", "20:00:00", "T-001", "全国4+", 1.25),
    ];
    import(&f, &media, json!({ "category": 2, "source": 3, "belongingTo": 2 })).await;
    f
}

/// `[[GRP], [spots], [GRP per spot]]` of each series of a call over 03-02 … 03-15 by week. The
/// answer's weeks are W10 and W11, or W10 alone when the rows counted end in W10 (a bucket
/// after the last with data is absent).
async fn series(f: &Fixture, call: &str, extra: Value) -> Vec<(i64, Value)> {
    let mut fields = json!({ "timeType": 4, "timeAdd": "2026-03-02", "timeEnd": "2026-03-15" });
    for (k, v) in extra.as_object().unwrap() {
        fields[k] = v.clone();
    }
    let answer = f.app.send(Call::get(call, fields).token(&f.token)).await.ok().clone();
    let weeks = answer["tData"][0]["t"].as_array().map_or(0, Vec::len);
    assert_eq!(answer["tTime"], json!(["2026-W10", "2026-W11"][..weeks]));
    (0..answer["tData"].as_array().unwrap().len())
        .map(|i| (answer["tData"][i]["id"].as_i64().unwrap(), json!([answer["tData"][i]["t"], answer["cData"][i]["t"], answer["oData"][i]["t"]])))
        .collect()
}

#[tokio::test]
async fn one_side_and_the_default_group_are_counted_and_the_two_views_reconcile() {
    let f = setup().await;
    let product = |extra: Value| {
        let mut fields = json!({ "mediaId": f.media, "productId": f.product });
        fields.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        series(&f, "dashboardoneIndex", fields)
    };
    let default = json!([[4.25, 1.0], [3, 1], [1.417, 1.0]]);
    let media_side = json!([[4.5, 1.25], [2, 1], [2.25, 1.25]]);
    // 北京's rows end in W10: chosen alone, W11 is absent; in the by-group view, which lists W11
    // for 全国4+, it is 0 there.
    let beijing = json!([[4.0], [1], [4.0]]);
    let beijing_by_group = json!([[4.0, 0.0], [1, 0], [4.0, null]]);
    // The customer side is the default; belongingTo 2 is the media's measurement of the spots.
    assert_eq!(product(json!({})).await, [(f.product, default.clone())]);
    assert_eq!(product(json!({ "belongingTo": 1 })).await, [(f.product, default.clone())]);
    assert_eq!(product(json!({ "belongingTo": 2 })).await, [(f.product, media_side.clone())]);
    // Groups chosen replace the default group.
    assert_eq!(product(json!({ "defaultAudienceCityGroupId": f.second_group })).await, [(f.product, beijing.clone())]);
    let both = format!("{},{}", f.group, f.second_group);
    assert_eq!(
        product(json!({ "defaultAudienceCityGroupId": both })).await,
        [(f.product, json!([[8.25, 1.0], [4, 1], [2.063, 1.0]]))]
    );
    let customer_data = json!([[3.75, 1.0], [2, 1], [1.875, 1.0]]);
    assert_eq!(product(json!({ "category": "2" })).await, [(f.product, customer_data.clone())]);

    // By group: the default group's series is the product's with nothing chosen, 北京's the
    // product's with 北京 chosen (bucket for bucket: each answer ends at its own last data);
    // per side, and under the same filters.
    let groups = |extra: Value| {
        let mut fields = json!({ "productId": f.product });
        fields.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        series(&f, "dashboardoneBIndex", fields)
    };
    assert_eq!(groups(json!({})).await, [(f.group, default), (f.second_group, beijing_by_group)]);
    assert_eq!(
        groups(json!({ "belongingTo": 2 })).await,
        [(f.group, media_side), (f.second_group, json!([[3.5, 0.0], [1, 0], [3.5, null]]))]
    );
    assert_eq!(groups(json!({ "mediaId": f.media, "category": "2" })).await[0], (f.group, customer_data));

    // A side outside 1 and 2 is refused, on both calls.
    for call in ["dashboardoneIndex", "dashboardoneBIndex"] {
        let fields = json!({ "productId": f.product, "belongingTo": 3, "timeType": 4, "timeAdd": "2026-03-02", "timeEnd": "2026-03-15" });
        let answer = f.app.send(Call::get(call, fields).token(&f.token)).await;
        assert_eq!(answer.field("belongingTo"), Some("数据归属无效"), "{call}");
    }
}

#[tokio::test]
async fn the_lookups_say_which_group_each_product_counts_by_default() {
    let f = setup().await;
    let groups = f.app.send(Call::get("dashboardProductList", json!({ "productId": f.product })).token(&f.token)).await.ok().clone();
    assert_eq!(
        groups,
        json!([
            { "id": f.group, "name": "全国4+", "defaultFor": [f.product] },
            { "id": f.second_group, "name": "北京", "defaultFor": [] },
        ])
    );
}

/// docs/dashboard.md "The views agree": an order of 测试牛奶 on 测试卫视 over March, default group 全国4+, both of the
/// product's tapes (so the order's titles are the product's: the dashboard counts a product's
/// rows by every tape of the product, an order by its own tapes), category 2 / source 3.
/// Issued, customer side: c1 + c2 + c4 + c6 = 1.5 + 2.25 + 1.0 + 0.3 = 5.05 GRP in 4 spots
/// (c3 is 北京's, c5 another product's, c7 after the cycle, x1 of category 3); media side:
/// m1 + m2 + m4 = 1.75 + 2.75 + 1.25 = 5.75 in 3.
#[tokio::test]
async fn the_dashboard_filtered_as_an_order_gives_its_issued_grp_and_aired_spots() {
    let f = setup().await;
    let mut form = f.form();
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    form["category"] = json!(2);
    form["source"] = json!(3);
    f.add(form).await;
    let list = f.list(json!({ "page": 1, "limit": 10 })).await;
    let order = &list["data"][0];
    let issued = |side: &str| (order[format!("{side}IssuedGrp")].clone(), order[format!("{side}AiredSpots")].clone());
    assert_eq!(issued("customer"), (json!(5.05), json!(4)));
    assert_eq!(issued("media"), (json!(5.75), json!(3)));

    for (side, name) in [(1, "customer"), (2, "media")] {
        let fields = json!({
            "mediaId": f.media, "productId": f.product, "belongingTo": side, "defaultAudienceCityGroupId": f.group,
            "category": "2", "source": "3", "timeType": 2, "timeAdd": "2026-03-01", "timeEnd": "2026-03-31",
        });
        let answer = f.app.send(Call::get("dashboardoneIndex", fields).token(&f.token)).await.ok().clone();
        let (grp, spots) = issued(name);
        assert_eq!((answer["tData"][0]["t"][0].clone(), answer["cData"][0]["t"][0].clone()), (grp, spots), "{name} side");
    }
}
