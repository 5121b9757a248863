//! spotCurve against series worked by hand, imported through the real ratings import.
//!
//! The fixture's media 测试卫视 and groups 全国4+ and 北京 name the series:
//! - 测试卫视 / 全国4+ per second on 2 March 20:00:00 … 20:10:00, rating i ÷ 100 at i seconds
//!   past 20:00 (a spot at 20:05:00 of 15 s has the mean of 3.00 … 3.14: **3.07**); and per
//!   second on 3 March 00:29:50 … 00:31:00, rating k ÷ 2 at k seconds past 00:29:50 (2 March's
//!   24:30:00 + 5 s is k = 10 … 14: **6**).
//! - 测试卫视 / 北京 per minute 19:00 … 21:00 on 2 March, rating m ÷ 10 at m minutes past 19:00
//!   (20:00:30 + 45 s overlaps the minutes 20:00 and 20:01: (6.0 + 6.1) ÷ 2 = **6.05**), but
//!   per second over the ad break 20:30:00 … 20:39:59 (no minute samples there): 20 until
//!   20:34:59, then 30 — a provider's minutes with per-second stretches around the breaks.
//! - 测试二台 / 全国4+ per second over the same ten minutes at 99, which no answer may show.

use serde_json::{Value, json};

use crate::helpers::orders::{Fixture, close, fixture};
use crate::helpers::{Answer, Call};

fn ratings_csv() -> String {
    use chrono::{Duration, NaiveDate};
    let day = |d: u32| NaiveDate::from_ymd_opt(2026, 3, d).unwrap().and_hms_opt(0, 0, 0).unwrap();
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    let mut line = |channel: &str, group: &str, ts: chrono::NaiveDateTime, rating: f64| {
        csv.push_str(&format!("{channel},{group},{},{rating}\n", ts.format("%Y-%m-%d %H:%M:%S")));
    };
    for m in (0..=120).filter(|m| !(90..100).contains(m)) {
        line("测试卫视", "北京", day(2) + Duration::hours(19) + Duration::minutes(m), m as f64 / 10.0);
    }
    for s in 0..600 {
        let rating = if s < 300 { 20.0 } else { 30.0 };
        line("测试卫视", "北京", day(2) + Duration::minutes(20 * 60 + 30) + Duration::seconds(s), rating);
    }
    for i in 0..=600 {
        let ts = day(2) + Duration::hours(20) + Duration::seconds(i);
        line("测试卫视", "全国4+", ts, i as f64 / 100.0);
        line("测试二台", "全国4+", ts, 99.0);
    }
    for k in 0..=70 {
        line("测试卫视", "全国4+", day(3) + Duration::minutes(29) + Duration::seconds(50 + k), k as f64 / 2.0);
    }
    csv
}

async fn setup() -> Fixture {
    let f = fixture().await;
    let dir = f.app.data_dir.join("ratings-src");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("curve.csv");
    std::fs::write(&path, ratings_csv()).unwrap();
    let imported = adeval_server::imports::ratings::import(&f.app.state.db, &f.app.state.reads.lake, vec![path], "cli").await.unwrap();
    assert_eq!(imported.map(|(_, rows)| rows), Ok(111 + 600 + 601 * 2 + 71));
    f
}

async fn curve(f: &Fixture, fields: Value) -> Answer {
    f.app.send(Call::get("spotCurve", fields).token(&f.token)).await
}

fn points(answer: &Value) -> Vec<(String, f64)> {
    let data = answer["data"].as_array().unwrap();
    data.iter().map(|p| (p["ts"].as_str().unwrap().to_owned(), p["rating"].as_f64().unwrap())).collect()
}

#[tokio::test]
async fn a_per_second_curve_shows_five_minutes_each_side_and_the_spots_own_mean() {
    let f = setup().await;
    let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": "2026-03-02",
                         "addTime": "20:05:00", "duration": 15 });

    let answer = curve(&f, fields.clone()).await;
    let got = answer.ok();

    // 300 s before and after by default: 20:00:00 … 20:10:14, of which the series has 20:10:00.
    let data = points(got);
    assert_eq!(data.len(), 601);
    assert_eq!(data[0], ("2026-03-02 20:00:00".to_owned(), 0.0));
    assert_eq!(data[600], ("2026-03-02 20:10:00".to_owned(), 6.0));
    assert!(close(&got["spotMean"], 3.07), "{}", got["spotMean"]);
    assert_eq!(
        [&got["resolution"], &got["channel"], &got["audienceGroup"], &got["spotStart"], &got["spotEnd"]],
        [&json!("second"), &json!("测试卫视"), &json!("全国4+"), &json!("2026-03-02 20:05:00"), &json!("2026-03-02 20:05:15")]
    );

    // A narrower window: 10 s before, 5 s after.
    let mut narrow = fields;
    narrow["before"] = json!(10);
    narrow["after"] = json!("5");
    let data = points(curve(&f, narrow).await.ok());
    assert_eq!((data.len(), data[0].0.as_str(), data[29].0.as_str()), (30, "2026-03-02 20:04:50", "2026-03-02 20:05:19"));
}

#[tokio::test]
async fn a_per_minute_curve_takes_every_minute_the_spot_overlaps() {
    let f = setup().await;
    let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.second_group, "ymd": "2026-03-02",
                         "addTime": "20:00:30", "duration": 45, "before": 60, "after": 60 });

    let answer = curve(&f, fields).await;
    let got = answer.ok();

    assert_eq!(got["resolution"], "minute");
    assert_eq!(got["audienceGroup"], "北京");
    let expected: Vec<(String, f64)> =
        [("19:59", 5.9), ("20:00", 6.0), ("20:01", 6.1), ("20:02", 6.2)].map(|(t, r)| (format!("2026-03-02 {t}:00"), r)).to_vec();
    assert_eq!(points(got), expected);
    assert!(close(&got["spotMean"], 6.05), "{}", got["spotMean"]);
}

#[tokio::test]
async fn a_series_of_minutes_and_per_second_stretches_reads_each_sample_at_its_own_resolution() {
    let f = setup().await;
    let ask = |add_time: &str, duration: u32, before: u32, after: u32| {
        json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.second_group, "ymd": "2026-03-02",
                "addTime": add_time, "duration": duration, "before": before, "after": after })
    };

    // A spot just before the break, in the minute 20:29 (8.9): its mean is that minute's,
    // per minute, though the window reaches into the per-second break. The window 20:28:20 …
    // 20:30:35 holds the minute 20:28 (it reaches into the window's start), 20:29 (which
    // holds until 20:30:00, where the next sample is) and the break's seconds 20:30:00 … 34.
    let answer = curve(&f, ask("20:29:20", 15, 60, 60)).await;
    let got = answer.ok();
    let data = points(got);
    assert_eq!(data.len(), 2 + 35, "{data:?}");
    assert_eq!(data[..3].to_vec(), [("2026-03-02 20:28:00", 8.8), ("2026-03-02 20:29:00", 8.9), ("2026-03-02 20:30:00", 20.0)]
        .map(|(t, r)| (t.to_owned(), r)));
    assert!(close(&got["spotMean"], 8.9), "{}", got["spotMean"]);
    assert_eq!(got["resolution"], "minute");

    // A spot at the break's last seconds 20:39:50 … 20:40:04: the finest samples it has are the
    // ten seconds at 30, so its mean is 30, per second (the minute 20:40, 10.0, which it also
    // overlaps, is a coarser measure of the same seconds). The window 20:39:40 … 20:41:04 holds
    // 20 seconds and the minutes 20:40 and 20:41.
    let answer = curve(&f, ask("20:39:50", 15, 10, 60)).await;
    let got = answer.ok();
    let data = points(got);
    assert_eq!((data.len(), data[19].0.as_str(), data[20].clone()), (22, "2026-03-02 20:39:59", ("2026-03-02 20:40:00".to_owned(), 10.0)));
    assert!(close(&got["spotMean"], 30.0), "{}", got["spotMean"]);
    assert_eq!(got["resolution"], "second");

    // Inside the break, per second as ever: 20:34:55 + 10 s is five seconds at 20 and five at
    // 30, mean 25.
    let got = curve(&f, ask("20:34:55", 10, 300, 300)).await;
    let got = got.ok();
    assert!(close(&got["spotMean"], 25.0), "{}", got["spotMean"]);
    assert_eq!(got["resolution"], "second");
}

#[tokio::test]
async fn a_spot_past_midnight_reads_the_next_calendar_day() {
    let f = setup().await;
    let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": "2026-03-02",
                         "addTime": "24:30:00", "duration": 5, "before": 10, "after": 0 });

    let answer = curve(&f, fields).await;
    let got = answer.ok();

    assert_eq!((got["spotStart"].as_str(), got["spotEnd"].as_str()), (Some("2026-03-03 00:30:00"), Some("2026-03-03 00:30:05")));
    let data = points(got);
    assert_eq!((data.len(), data[0].0.as_str(), data[14].0.as_str()), (15, "2026-03-03 00:29:50", "2026-03-03 00:30:04"));
    assert!(close(&got["spotMean"], 6.0), "{}", got["spotMean"]);
}

#[tokio::test]
async fn without_samples_the_curve_is_empty_and_has_no_mean() {
    let f = setup().await;
    for (group, ymd) in [(f.group, "2026-04-01"), (f.foreign_group, "2026-03-02")] {
        let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": group, "ymd": ymd,
                             "addTime": "20:05:00", "duration": 15 });
        let answer = curve(&f, fields).await;
        let got = answer.ok();
        assert_eq!((&got["data"], &got["spotMean"]), (&json!([]), &Value::Null), "{ymd}");
    }
}

#[tokio::test]
async fn bad_arguments_are_named_in_chinese_and_nothing_is_read() {
    let f = fixture().await;
    let answer = curve(&f, json!({})).await;
    assert_eq!(answer.code(), 4000);
    for (field, message) in [
        ("mediaId", "请选择媒体"),
        ("defaultAudienceCityGroupId", "请选择受众/城市组"),
        ("ymd", "请选择日期"),
        ("addTime", "请输入开始时间"),
        ("duration", "请输入时长"),
    ] {
        assert_eq!(answer.field(field), Some(message), "{field}");
    }
    let good = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": "2026-03-02",
                       "addTime": "29:59:59", "duration": 3600, "before": 0, "after": 7200 });
    assert_eq!(curve(&f, good.clone()).await.ok()["data"], json!([]));
    for (field, value, message) in [
        ("mediaId", json!(999_999), "媒体不存在"),
        ("defaultAudienceCityGroupId", json!(999_999), "受众/城市组不存在"),
        ("ymd", json!("2026-02-30"), "日期格式应为 YYYY-MM-DD"),
        ("addTime", json!("30:00:00"), "时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）"),
        ("duration", json!(0), "时长必须是 1 到 3600 秒的整数"),
        ("duration", json!(3601), "时长必须是 1 到 3600 秒的整数"),
        ("before", json!(7201), "前置秒数必须是 0 到 7200 的整数"),
        ("after", json!(-1), "后置秒数必须是 0 到 7200 的整数"),
    ] {
        let mut fields = good.clone();
        fields[field] = value;
        let answer = curve(&f, fields).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{field}");
    }
}

#[tokio::test]
async fn dashboard_and_order_accounts_may_read_a_curve_others_may_not() {
    let f = fixture().await;
    let fields = json!({ "mediaId": f.media, "defaultAudienceCityGroupId": f.group, "ymd": "2026-03-02",
                         "addTime": "20:05:00", "duration": 15 });
    for (account, rules, code) in [("dash", "155", 200), ("orders", "112", 200), ("client", "145", 4003)] {
        let id = f.app.create_account(account, rules).await;
        let token = f.app.session(id).await;
        let answer = f.app.send(Call::get("spotCurve", fields.clone()).token(&token)).await;
        assert_eq!(answer.code(), code, "{account}");
    }
}
