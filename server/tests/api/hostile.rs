//! Hostile arguments, built to overflow a date, a time
//! or a page, each answered with a 4000 naming the field or with an empty answer — never a
//! 500 or a dropped connection.

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::{Fixture, fixture};

const BAD_DAY: &str = "日期格式应为 YYYY-MM-DD";

async fn get(f: &Fixture, name: &str, fields: Value) -> crate::helpers::Answer {
    f.app.send(Call::get(name, fields).token(&f.token)).await
}

#[tokio::test]
async fn days_without_a_four_digit_year_are_4000_on_every_call() {
    let f = fixture().await;
    for day in ["+262142-12-31", "-262143-01-01", "-0001-01-01", "99999-01-01", "262142-12-31", "2026-3-01", "2026-03-1", " 2026-03-01x"] {
        for time_type in 1..=5 {
            let answer = get(&f, "dashboardoneIndex", json!({ "timeType": time_type, "timeAdd": day, "timeEnd": day })).await;
            assert_eq!((answer.code(), answer.field("timeAdd"), answer.field("timeEnd")), (4000, Some(BAD_DAY), Some(BAD_DAY)), "{day}");
        }
        let answer = get(&f, "dashboardoneBIndex", json!({ "productId": f.product, "timeType": 4, "timeAdd": "2026-03-01", "timeEnd": day })).await;
        assert_eq!((answer.code(), answer.field("timeEnd")), (4000, Some(BAD_DAY)), "{day}");
        let fields = json!({ "productId": f.product, "defaultId": f.group, "addTimes": day, "endTimes": day, "timeType": 2 });
        let answer = get(&f, "dataAnalysis", fields).await;
        assert_eq!((answer.code(), answer.field("addTimes"), answer.field("endTimes")), (4000, Some(BAD_DAY), Some(BAD_DAY)), "{day}");
        let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": day, "addTime": "29:59:59", "duration": 15, "before": 7200 });
        let answer = get(&f, "spotCurve", fields).await;
        assert_eq!((answer.code(), answer.field("ymd")), (4000, Some(BAD_DAY)), "{day}");
    }
    // The customer data list reads its days the same way.
    let answer = get(&f, "customerIndex", json!({ "addTime": "+262142-12-31" })).await;
    assert_eq!((answer.code(), answer.field("addTime")), (4000, Some(BAD_DAY)));
}

#[tokio::test]
async fn the_first_and_last_four_digit_days_answer_without_a_panic() {
    let f = fixture().await;
    for day in ["0000-01-01", "9999-12-31"] {
        for time_type in 1..=5 {
            let answer = get(&f, "dashboardoneIndex", json!({ "timeType": time_type, "timeAdd": day, "timeEnd": day })).await;
            assert_eq!(answer.ok()["cData"], json!([]), "{day} {time_type}");
            let fields = json!({ "productId": f.product, "timeType": time_type, "timeAdd": day, "timeEnd": day });
            get(&f, "dashboardoneBIndex", fields).await.ok();
            let fields = json!({ "productId": f.product, "defaultId": f.group, "addTimes": day, "endTimes": day, "timeType": time_type });
            assert_eq!(get(&f, "dataAnalysis", fields).await.ok()["total"], 0, "{day} {time_type}");
        }
        for add_time in ["00:00:00", "29:59:59"] {
            let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": day, "addTime": add_time, "duration": 3600, "before": 7200, "after": 7200 });
            let answer = get(&f, "spotCurve", fields).await;
            assert_eq!(answer.ok()["data"], json!([]), "{day} {add_time}");
        }
    }
}

#[tokio::test]
async fn broadcast_times_too_large_to_multiply_are_4000() {
    let f = fixture().await;
    for add_time in ["4294967295:00:00", "1193047:00:00", "30:00:00", "99999999999999999999:00"] {
        let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": "2026-03-02", "addTime": add_time, "duration": 15 });
        let answer = get(&f, "spotCurve", fields).await;
        assert_eq!((answer.code(), answer.field("addTime")), (4000, Some("时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）")), "{add_time}");
    }
}

#[tokio::test]
async fn pages_far_past_the_end_are_empty() {
    let f = fixture().await;
    for (page, limit) in [("9223372036854775807", 10), ("4611686018427387904", 100), ("92233720368547758", 100)] {
        let fields = json!({ "productId": f.product, "defaultId": f.group, "addTimes": "2026-03-01", "endTimes": "2026-03-31", "page": page, "limit": limit });
        let answer = get(&f, "dataAnalysis", fields).await;
        assert_eq!((answer.ok()["cData"].clone(), answer.ok()["total"].clone()), (json!([]), json!(0)), "{page}");
    }
}

#[tokio::test]
async fn every_page_size_outside_the_bound_gets_the_one_message() {
    let f = fixture().await;
    for limit in ["0", "101", "1000", "-1", "x"] {
        let fields = json!({ "productId": f.product, "defaultId": f.group, "addTimes": "2026-03-01", "endTimes": "2026-03-31", "limit": limit });
        let answer = get(&f, "dataAnalysis", fields).await;
        assert_eq!((answer.code(), answer.field("limit")), (4000, Some("每页条数必须在 1 到 100 之间")), "{limit}");
    }
}

#[tokio::test]
async fn unknown_products_and_groups_are_named_together() {
    let f = fixture().await;
    let fields = json!({ "timeType": 2, "timeAdd": "2026-10-01", "timeEnd": "2026-11-30", "productId": "999999", "defaultAudienceCityGroupId": "999999" });
    let answer = get(&f, "dashboardoneIndex", fields).await;
    assert_eq!(
        (answer.code(), answer.field("productId"), answer.field("defaultAudienceCityGroupId")),
        (4000, Some("产品不存在"), Some("受众/城市组不存在"))
    );
}

#[tokio::test]
async fn two_deletions_of_the_same_rows_at_once_answer_as_a_repeat_does() {
    use crate::helpers::uploads::{job_end, upload};
    let f = fixture().await;
    let spots: Vec<crate::helpers::viewing::Spot> = (0..3)
        .map(|i| ("2026-03-02".into(), "测试卫视".into(), format!("20:0{i}:00"), 15.0, "伊利版本A".into(), "新闻".into(), "全国4+".into(), 1.0, "正一".into()))
        .collect();
    let book = crate::helpers::viewing::workbook(&spots, false);
    let tag = json!({ "category": 2, "source": 3, "belongingTo": 1 });
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &book).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    let list = get(&f, "customerIndex", json!({ "page": 1, "limit": 10 })).await;
    let ids: Vec<String> = list.ok()["data"].as_array().unwrap().iter().map(|r| r["id"].to_string()).collect();
    assert_eq!(ids.len(), 3);
    let del = || f.app.send(Call::post("customerDel", json!({ "ids": ids.join(",") })).token(&f.token));
    let (a, b) = tokio::join!(del(), del());
    let mut codes = [(a.code(), a.data()["deleted"].as_i64()), (b.code(), b.data()["deleted"].as_i64())];
    codes.sort();
    assert_eq!(codes, [(200, Some(3)), (4004, None)]);
    let again = del().await;
    assert_eq!((again.code(), again.body["message"].as_str()), (4004, Some("数据不存在或已删除")));
}

#[tokio::test]
async fn the_customer_data_list_reads_the_kept_snapshot() {
    // Each customerIndex read the whole deleted-id list again (13,000 ids a call under load).
    let f = fixture().await;
    let kept = &f.app.state.reads.snapshots;
    get(&f, "customerIndex", json!({ "page": 1, "limit": 10 })).await.ok();
    let loads = kept.loads();
    for _ in 0..5 {
        get(&f, "customerIndex", json!({ "page": 1, "limit": 10 })).await.ok();
    }
    assert_eq!(kept.loads(), loads, "an unchanged manifest is not read again");
}
