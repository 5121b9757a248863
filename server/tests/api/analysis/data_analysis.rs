//! dataAnalysis against rows worked by hand, brought in through real customer-data uploads.
//!
//! The fixture's product 测试牛奶 (tapes 伊利版本A / T-001 and 伊利版本B / T-002), its group
//! 全国4+ — also a group of 别的品牌 here, so its rows are stored without a group id and match
//! by name — on 测试卫视 unless said. Category 2, source 3.
//!
//! | side | broadcast day, time | title | note | slot |
//! |---|---|---|---|---|
//! | c | 03-02 20:00:40 | 伊利版本A | | 20:00 |
//! | c | 03-02 20:00:10 | 伊利版本B | earliest customer spot of 20:00 on 03-02 (count 2) | 20:00 |
//! | c | 03-03 20:00:05 | 测试牛奶 | the product's name, GRP 0.5678 (kept to 4 decimals, shown so) | 20:00 |
//! | c | 03-02 24:10:00 | T-001 | airs 03-03 00:10 | 24:10 |
//! | c | 03-02 20:00:00 | 别的版本 | another product's tape: never | |
//! | c | 03-02 20:00:00 | 伊利版本A, group 北京 | another group: never | |
//! | m | 03-02 20:00:50 | 伊利版本A | the media side of 20:00 on 03-02 on 测试卫视 | 20:00 |
//! | m | 03-02 20:00:20 | 伊利版本A on 测试二台 | earlier: the media side of 20:00 when no media is asked (count 2) | 20:00 |
//! | m | 03-04 21:15:00 | 伊利版本B | | 21:15 |
//!
//! And on 03-10 a customer spot at 08:00, 08:01 … 08:11 (12 slots) for the paging.
//!
//! dataAnalysisLastWeek over the same rows: the latest day with a spot is 03-10 (a Tuesday), so
//! the week 03-09 … 03-15; on 测试二台 alone 03-02 (the week 03-02 … 03-08); 北京's only row is of
//! 03-02 too; without the 03-10 rows 03-04 (the media side's 21:15).

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::{Fixture, fixture};
use crate::helpers::viewing::Spot;

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s("正一"))
}

async fn viewing(f: &Fixture, belonging_to: i64, spots: &[Spot]) {
    crate::helpers::viewing::upload_customer_data(&f.app, &f.token, belonging_to, spots).await;
}

async fn setup() -> Fixture {
    let f = fixture().await;
    sqlx::query("insert into audience_groups (brand_id, group_name) select id, '全国4+' from brands where brand_name = '别的品牌'")
        .execute(&f.app.db)
        .await
        .unwrap();
    let (tv, two, all) = ("测试卫视", "测试二台", "全国4+");
    let mut customer = vec![
        spot("2026-03-02", "20:00:40", tv, "伊利版本A", all, 1.2345),
        spot("2026-03-02", "20:00:10", tv, "伊利版本B", all, 2.0),
        spot("2026-03-03", "20:00:05", tv, "测试牛奶", all, 0.5678),
        spot("2026-03-02", "24:10:00", tv, "T-001", all, 3.0),
        spot("2026-03-02", "20:00:00", tv, "别的版本", all, 9.0),
        spot("2026-03-02", "20:00:00", tv, "伊利版本A", "北京", 9.0),
    ];
    customer.extend((0..12).map(|m| spot("2026-03-10", &format!("08:{m:02}:00"), tv, "伊利版本A", all, 1.0)));
    viewing(&f, 1, &customer).await;
    let media = [
        spot("2026-03-02", "20:00:50", tv, "伊利版本A", all, 1.0),
        spot("2026-03-02", "20:00:20", two, "伊利版本A", all, 4.0),
        spot("2026-03-04", "21:15:00", tv, "伊利版本B", all, 0.25),
    ];
    viewing(&f, 2, &media).await;
    f
}

async fn analysis(f: &Fixture, extra: Value) -> crate::helpers::Answer {
    let mut fields = json!({ "productId": f.product, "defaultId": f.group, "addTimes": "2026-03-01", "endTimes": "2026-03-05" });
    for (k, v) in extra.as_object().unwrap() {
        fields[k] = v.clone();
    }
    f.app.send(Call::get("dataAnalysis", fields).token(&f.token)).await
}

/// A cell's side as `(title, addTime, ymd, count)`, or null.
fn side(cell: &Value) -> Value {
    if cell.is_null() {
        return Value::Null;
    }
    json!([cell["title"], cell["addTime"], cell["ymd"], cell["count"]])
}

/// The page as `[name, {label: [m, c]}]`.
fn grid(page: &Value) -> Vec<(String, Value)> {
    let rows = page["cData"].as_array().unwrap();
    rows.iter()
        .map(|r| {
            let t: serde_json::Map<String, Value> =
                r["t"].as_object().unwrap().iter().map(|(k, c)| (k.clone(), json!([side(&c["m"]), side(&c["c"])]))).collect();
            (r["name"].as_str().unwrap().to_owned(), Value::Object(t))
        })
        .collect()
}

#[tokio::test]
async fn both_sides_of_each_slot_and_day_show_their_earliest_spot_and_count() {
    let f = setup().await;

    let answer = analysis(&f, json!({})).await;
    let page = answer.ok();

    assert_eq!(page["time"], json!(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]));
    assert_eq!(page["total"], 3);
    assert_eq!(grid(page), [
        ("20:00".to_owned(), json!({
            "2026-03-02": [["伊利版本A", "20:00:20", "2026-03-02", 2], ["伊利版本B", "20:00:10", "2026-03-02", 2]],
            "2026-03-03": [null, ["测试牛奶", "20:00:05", "2026-03-03", 1]],
        })),
        ("21:15".to_owned(), json!({ "2026-03-04": [["伊利版本B", "21:15:00", "2026-03-04", 1], null] })),
        ("24:10".to_owned(), json!({ "2026-03-02": [null, ["T-001", "24:10:00", "2026-03-02", 1]] })),
    ]);
    // The whole spot of one cell.
    let first = &page["cData"][0]["t"]["2026-03-02"]["c"];
    assert_eq!(first["defaultAudienceCityGroup"], "全国4+");
    assert_eq!((first["defaultAudienceCityGroupId"].as_i64(), first["mediaId"].as_i64()), (Some(f.group), Some(f.media)));
    assert_eq!((&first["duration"], &first["maoDianPing"]), (&json!(15), &json!(2.0)));
    // GRP as the lake keeps it, to 4 decimals: the same figure as the spot's curve's mean.
    assert_eq!(page["cData"][0]["t"]["2026-03-03"]["c"]["maoDianPing"], json!(0.5678));
    assert!(first["id"].as_i64().is_some_and(|id| id > 0));
    assert_eq!(page["cData"][0]["t"]["2026-03-02"]["m"]["mediaId"].as_i64(), Some(f.other_media));

    // One media: 测试卫视's own media-side spot.
    let answer = analysis(&f, json!({ "mediaId": f.media })).await;
    let cell = &answer.ok()["cData"][0]["t"]["2026-03-02"];
    assert_eq!(side(&cell["m"]), json!(["伊利版本A", "20:00:50", "2026-03-02", 1]));
    // Another data category: nothing.
    let answer = analysis(&f, json!({ "category": 1 })).await;
    assert_eq!((&answer.ok()["cData"], &answer.ok()["total"]), (&json!([]), &json!(0)));
}

#[tokio::test]
async fn weeks_and_runs_of_days_take_the_earliest_spot_of_the_whole_bucket() {
    let f = setup().await;

    // 1 March 2026 is a Sunday: ISO week 9, then week 10 from 2 March.
    let answer = analysis(&f, json!({ "timeType": 4 })).await;
    let page = answer.ok();
    assert_eq!(page["time"], json!(["2026-W09", "2026-W10"]));
    assert_eq!(side(&page["cData"][0]["t"]["2026-W10"]["c"]), json!(["伊利版本B", "20:00:10", "2026-03-02", 3]));
    assert_eq!(grid(page).len(), 3);

    let answer = analysis(&f, json!({ "timeType": 5, "timeTypeValue": 2 })).await;
    let page = answer.ok();
    assert_eq!(page["time"], json!(["03-01~03-02", "03-03~03-04", "03-05~03-05"]));
    let cells = page["cData"][0]["t"].as_object().unwrap();
    assert_eq!(cells.keys().collect::<Vec<_>>(), ["03-01~03-02", "03-03~03-04"]);
    assert_eq!(side(&cells["03-03~03-04"]["c"]), json!(["测试牛奶", "20:00:05", "2026-03-03", 1]));

    // Over two calendar years two runs a year apart would both read 03-01~02-28 and share a
    // cell: with the year they stay apart. 365 days from 2025-03-01 end on 2026-02-28.
    let answer = analysis(&f, json!({ "timeType": 5, "timeTypeValue": 365, "addTimes": "2025-03-01", "endTimes": "2027-02-28" })).await;
    let page = answer.ok();
    assert_eq!(page["time"], json!(["2025-03-01~2026-02-28", "2026-03-01~2027-02-28"]));
    let cells = page["cData"][0]["t"].as_object().unwrap();
    assert_eq!(cells.keys().collect::<Vec<_>>(), ["2026-03-01~2027-02-28"]);
}

#[tokio::test]
async fn slots_come_ten_a_page_with_the_total_and_an_empty_range_has_none() {
    let f = setup().await;
    let day = json!({ "addTimes": "2026-03-10", "endTimes": "2026-03-10" });

    let first = analysis(&f, day.clone()).await;
    let mut second_fields = day.clone();
    second_fields["page"] = json!(2);
    let second = analysis(&f, second_fields).await;

    let names = |a: &Value| grid(a).into_iter().map(|(n, _)| n).collect::<Vec<_>>();
    assert_eq!((first.ok()["total"].as_i64(), names(first.ok()).len()), (Some(12), 10));
    assert_eq!(names(first.ok())[0], "08:00");
    assert_eq!((second.ok()["total"].as_i64(), names(second.ok())), (Some(12), vec!["08:10".to_owned(), "08:11".to_owned()]));

    let answer = analysis(&f, json!({ "addTimes": "2026-04-01", "endTimes": "2026-04-03" })).await;
    let page = answer.ok();
    assert_eq!((&page["cData"], &page["total"], page["time"].as_array().unwrap().len()), (&json!([]), &json!(0), 3));
}

#[tokio::test]
async fn bad_arguments_are_named_in_chinese() {
    let f = fixture().await;
    let answer = f.app.send(Call::get("dataAnalysis", json!({})).token(&f.token)).await;
    assert_eq!(answer.code(), 4000);
    for (field, message) in
        [("addTimes", "请选择开始日期"), ("endTimes", "请选择结束日期"), ("productId", "请选择产品"), ("defaultId", "请选择受众/城市组")]
    {
        assert_eq!(answer.field(field), Some(message), "{field}");
    }
    for (extra, field, message) in [
        (json!({ "addTimes": "2026-03-06" }), "addTimes", "开始日期不能晚于结束日期"),
        (json!({ "addTimes": "2015-01-01" }), "endTimes", "日期范围不能超过 3660 天"),
        (json!({ "endTimes": "2026/03/05" }), "endTimes", "日期格式应为 YYYY-MM-DD"),
        (json!({ "productId": 999_999 }), "productId", "产品不存在"),
        (json!({ "defaultId": 999_999 }), "defaultId", "受众/城市组不存在"),
        (json!({ "mediaId": 999_999 }), "mediaId", "媒体不存在"),
        (json!({ "timeType": 6 }), "timeType", "时间类型只能是 1 到 5"),
        (json!({ "timeType": 5, "timeTypeValue": 367 }), "timeTypeValue", "天数必须是 1 到 366 的整数"),
        (json!({ "endTimes": "2027-03-05" }), "timeType", "时间分组不能超过 366 个，请缩短日期范围或换大一级的分组"),
        (json!({ "limit": 101 }), "limit", "每页条数必须在 1 到 100 之间"),
        (json!({ "page": 0 }), "page", "页码必须是正整数"),
        (json!({ "category": 5 }), "category", "数据类别无效"),
    ] {
        let answer = analysis(&f, extra.clone()).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{extra}");
    }
    // A year by month is 13 buckets: fine.
    assert_eq!(analysis(&f, json!({ "endTimes": "2027-03-05", "timeType": 2 })).await.ok()["time"].as_array().unwrap().len(), 13);
}

#[tokio::test]
async fn the_last_week_is_the_iso_week_of_the_latest_spot_of_either_side() {
    let f = &setup().await;
    let last = |extra: Value| {
        let mut fields = json!({ "productId": f.product, "defaultId": f.group });
        fields.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        async move { f.app.send(Call::get("dataAnalysisLastWeek", fields).token(&f.token)).await.ok().clone() }
    };
    let week = |ymd: &str, from: &str, to: &str| json!({ "ymd": ymd, "addTimes": from, "endTimes": to });

    assert_eq!(last(json!({})).await, week("2026-03-10", "2026-03-09", "2026-03-15"));
    assert_eq!(last(json!({ "mediaId": f.media, "category": 2, "source": 3 })).await, week("2026-03-10", "2026-03-09", "2026-03-15"));
    assert_eq!(last(json!({ "mediaId": f.other_media })).await, week("2026-03-02", "2026-03-02", "2026-03-08"));
    assert_eq!(last(json!({ "defaultId": f.second_group })).await, week("2026-03-02", "2026-03-02", "2026-03-08"));
    assert_eq!(last(json!({ "category": 1 })).await, json!({ "ymd": null, "addTimes": null, "endTimes": null }));

    // The 03-10 rows deleted: the media side's 03-04 is the latest.
    let listed = f.app.send(Call::get("customerIndex", json!({ "addTime": "2026-03-10", "endTime": "2026-03-10" })).token(&f.token)).await.ok().clone();
    let ids: Vec<String> = listed["data"].as_array().unwrap().iter().map(|r| r["id"].to_string()).collect();
    assert_eq!(ids.len(), 12);
    f.app.send(Call::post("customerDel", json!({ "ids": ids.join(",") })).token(&f.token)).await.ok();
    assert_eq!(last(json!({})).await, week("2026-03-04", "2026-03-02", "2026-03-08"));

    // Bad arguments, all named at once; the menus of dataAnalysis.
    let ask = |fields: Value| async move { f.app.send(Call::get("dataAnalysisLastWeek", fields).token(&f.token)).await };
    let none = ask(json!({})).await;
    assert_eq!((none.code(), none.field("productId"), none.field("defaultId")), (4000, Some("请选择产品"), Some("请选择受众/城市组")));
    let unknown = ask(json!({ "productId": 999_999, "defaultId": 999_999, "mediaId": 999_999 })).await;
    assert_eq!(
        (unknown.field("productId"), unknown.field("defaultId"), unknown.field("mediaId")),
        (Some("产品不存在"), Some("受众/城市组不存在"), Some("媒体不存在"))
    );
    let bad = ask(json!({ "productId": f.product, "defaultId": f.group, "category": 5, "source": "x" })).await;
    assert_eq!((bad.field("category"), bad.field("source")), (Some("数据类别无效"), Some("数据来源无效")));
    for (account, rules, code) in [("dash", "155", 200), ("orders", "112", 200), ("client", "145", 4003)] {
        let id = f.app.create_account(account, rules).await;
        let token = f.app.session(id).await;
        let fields = json!({ "productId": f.product, "defaultId": f.group });
        assert_eq!(f.app.send(Call::get("dataAnalysisLastWeek", fields).token(&token)).await.code(), code, "{account}");
    }
}
