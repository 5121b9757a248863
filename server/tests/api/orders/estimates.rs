//! Viewing estimates (orderViewingList, orderViewingUp) against numbers worked by hand.
//!
//! The media 测试卫视 has classes 黄金 (晚间A 19:00–20:00 and 深夜 25:00–25:30), 午间 (12:00–13:00)
//! and 空档 (no period); 测试二台 has 二台黄金. Both orders assess from 2026-03-29, so the default
//! looks at 2026-03-01 … 2026-03-28.
//!
//! Order A (group 全国4+) has a rating series: on day d at 19:00 d/10, at 19:30 d/10 + 0.2
//! and at 25:10 d/10 + 0.1, so 黄金's day value is d/10 + 0.1 (0.2 … 2.9). Normal = mean =
//! 1.45 + 0.1 = 1.55; low = rank 0.2 × 27 = 5.4 → 0.7 + 0.4 × 0.1 = 0.74; high = rank 21.6 →
//! 2.3 + 0.6 × 0.1 = 2.36. Left out: 20:00 (the window's end), 28 February, 1 March's 01:10
//! (28 February's 25:10), 29 March (the assessment day), and the other series. 午间 has no
//! sample and no viewing row: no estimate.
//!
//! Order B (group 北京) has no series: 黄金 falls back to the customer viewing rows of 北京:
//! 03-02 19:10 1.0 and 19:40 2.0 (day 1.5), 03-05 19:20 3.0, 03-10 19:50 0.5; not 03-10 20:10
//! (outside) nor 03-29. Days [0.5, 1.5, 3.0]: mean 5 / 3 = 1.667, low rank 0.4 → 0.9, high
//! rank 1.6 → 1.5 + 0.6 × 1.5 = 2.4, from 3 days and 4 spots. The media side has one spot,
//! 03-02 19:10 7.0.

use std::collections::HashMap;

use adeval_server::orders::estimates::{self, EstimateScope};
use adeval_server::orders::kept::Wanted;
use serde_json::{Value, json};

use crate::helpers::orders::{Fixture, fixture};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::{Answer, Call};

const ORDERED: &str = "请输入 0 ≤ 低 ≤ 常规 ≤ 高 的预估值";
const ALL_THREE: &str = "请填写常规、低、高三个预估值";

struct Setup {
    f: Fixture,
    /// Orders on 全国4+ (rating series) and 北京 (viewing rows only).
    a: i64,
    b: i64,
    /// 黄金, 午间, 空档, and 二台黄金 of the other media.
    classes: [i64; 4],
}

async fn class(f: &Fixture, media: i64, name: &str, periods: &[(&str, i32, i32)]) -> i64 {
    let id: i64 =
        sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, $2) returning id")
            .bind(media)
            .bind(name)
            .fetch_one(&f.app.db)
            .await
            .unwrap();
    for (period, start, end) in periods {
        let p = f.period(media, period, (*start, *end)).await;
        sqlx::query("update time_periods set class_id = $1 where id = $2")
            .bind(id)
            .bind(p)
            .execute(&f.app.db)
            .await
            .unwrap();
    }
    id
}

fn ratings_csv() -> String {
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    let mut line = |channel: &str, group: &str, ts: String, rating: f64| {
        csv.push_str(&format!("{channel},{group},{ts},{rating}\n"));
    };
    for d in 1..=28u32 {
        let base = f64::from(d) / 10.0;
        line("测试卫视", "全国4+", format!("2026-03-{d:02} 19:00:00"), base);
        line("测试卫视", "全国4+", format!("2026-03-{d:02} 19:30:00"), base + 0.2);
        line("测试卫视", "全国4+", format!("2026-03-{:02} 01:10:00", d + 1), base + 0.1);
        line("测试卫视", "全国4+", format!("2026-03-{d:02} 20:00:00"), 100.0);
        line("测试二台", "全国4+", format!("2026-03-{d:02} 19:00:00"), 100.0);
    }
    for ts in ["2026-02-28 19:00:00", "2026-03-01 01:10:00", "2026-03-29 19:00:00"] {
        line("测试卫视", "全国4+", ts.to_owned(), 100.0);
    }
    csv
}

fn spot(day: &str, time: &str, grp: f64) -> crate::helpers::viewing::Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s("测试卫视"), s(time), 15.0, s("伊利版本A"), s("晚间新闻"), s("北京"), grp, s("正一"))
}

async fn viewing(f: &Fixture, belonging_to: i64, spots: &[crate::helpers::viewing::Spot]) {
    let tag = json!({ "category": 2, "source": 3, "belongingTo": belonging_to });
    let book = crate::helpers::viewing::workbook(spots, false);
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &book).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
}

async fn setup() -> Setup {
    let f = fixture().await;
    let classes = [
        class(&f, f.media, "黄金", &[("晚间A", 68_400, 72_000), ("深夜", 90_000, 91_800)]).await,
        class(&f, f.media, "午间", &[("午间A", 43_200, 46_800)]).await,
        class(&f, f.media, "空档", &[]).await,
        class(&f, f.other_media, "二台黄金", &[("二台晚间", 68_400, 72_000)]).await,
    ];
    let a = f.add(f.form()).await["id"].as_i64().unwrap();
    let mut form = f.form();
    form["defaultId"] = json!(f.second_group);
    let b = f.add(form).await["id"].as_i64().unwrap();
    sqlx::query("update orders set estimate_date = '2026-03-29' where id = any($1)")
        .bind(vec![a, b])
        .execute(&f.app.db)
        .await
        .unwrap();
    let dir = f.app.data_dir.join("ratings-src");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ratings.csv");
    std::fs::write(&path, ratings_csv()).unwrap();
    let imported = adeval_server::imports::ratings::import(&f.app.state.db, &f.app.state.reads.lake, vec![path], "cli").await.unwrap();
    assert_eq!(imported.map(|(_, rows)| rows), Ok(28 * 5 + 3));
    viewing(
        &f,
        1,
        &[
            spot("2026-03-02", "19:10:00", 1.0),
            spot("2026-03-02", "19:40:00", 2.0),
            spot("2026-03-05", "19:20:00", 3.0),
            spot("2026-03-10", "19:50:00", 0.5),
            spot("2026-03-10", "20:10:00", 9.0),
            spot("2026-03-29", "19:10:00", 9.0),
        ],
    )
    .await;
    viewing(&f, 2, &[spot("2026-03-02", "19:10:00", 7.0)]).await;
    Setup { f, a, b, classes }
}

impl Setup {
    async fn send(&self, call: Call<'_>) -> Answer {
        self.f.app.send(call.token(&self.f.token)).await
    }

    /// orderViewingList of `order`, by class name.
    async fn list(&self, order: i64, belonging_to: i64) -> HashMap<String, Value> {
        let fields = json!({ "orderId": order, "belongingTo": belonging_to });
        let answer = self.send(Call::get("orderViewingList", fields)).await;
        let rows = answer.ok().as_array().unwrap().clone();
        rows.into_iter().map(|r| (r["timePeriodClassName"].as_str().unwrap().to_owned(), r)).collect()
    }

    async fn up(&self, order: i64, class: i64, values: Value) -> Answer {
        let mut fields = values;
        fields["orderId"] = json!(order);
        fields["timePeriodClassId"] = json!(class);
        self.send(Call::post("orderViewingUp", fields)).await
    }

    async fn log(&self, order: i64) -> Vec<String> {
        let answer = self.send(Call::get("orderLogList", json!({ "orderId": order }))).await;
        answer.ok().as_array().unwrap().iter().map(|e| e["content"].as_str().unwrap().to_owned()).collect()
    }
}

fn triple(row: &Value) -> [f64; 3] {
    [&row["estimated"], &row["estimatedLow"], &row["estimatedHigh"]].map(|v| v.as_f64().unwrap())
}

#[tokio::test]
async fn defaults_from_ratings_then_viewing_rows_then_none() {
    let s = setup().await;
    let a = s.list(s.a, 1).await;
    let gold = &a["黄金"];
    assert_eq!(triple(gold), [1.55, 0.74, 2.36]);
    assert_eq!(gold["default"], json!({ "estimated": 1.55, "estimatedLow": 0.74, "estimatedHigh": 2.36 }));
    assert_eq!(gold["basis"], json!({ "source": "ratings", "days": 28, "from": "2026-03-01", "to": "2026-03-28" }));
    assert_eq!(gold["edited"], false);
    let periods: Vec<(&str, &str)> = gold["TimePeriod"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["timePeriodName"].as_str().unwrap(), p["preBroadcastTimeForma"].as_str().unwrap()))
        .collect();
    assert_eq!(periods, [("晚间A", "19:00:00"), ("深夜", "25:00:00")]);
    let none = json!({ "source": "none", "from": "2026-03-01", "to": "2026-03-28", "message": "没有可用的历史数据，剩余点位不计预估" });
    for name in ["午间", "空档"] {
        assert_eq!(
            (&a[name]["estimated"], &a[name]["default"], &a[name]["basis"]),
            (&Value::Null, &Value::Null, &none),
            "{name}"
        );
    }
    assert_eq!(a.len(), 3, "only the order's media's classes");
    let names: Vec<String> = s
        .send(Call::get("orderViewingList", json!({ "orderId": s.a })))
        .await
        .ok()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["timePeriodClassName"].as_str().unwrap().to_owned())
        .collect();
    let by_name: Vec<String> =
        sqlx::query_scalar("select class_name from time_period_classes where media_id = $1 order by class_name")
            .bind(s.f.media)
            .fetch_all(&s.f.app.db)
            .await
            .unwrap();
    assert_eq!(names, by_name);

    let b = s.list(s.b, 1).await;
    assert_eq!(triple(&b["黄金"]), [1.667, 0.9, 2.4]);
    let message = "媒体「测试卫视」没有收视率数据，按客户数据估算";
    let basis = json!({ "source": "viewing", "days": 3, "spots": 4, "from": "2026-03-01", "to": "2026-03-28", "message": message });
    assert_eq!(b["黄金"]["basis"], basis);
    assert_eq!(b["午间"]["basis"], none);
    let media_side = s.list(s.b, 2).await;
    assert_eq!(triple(&media_side["黄金"]), [7.0, 7.0, 7.0]);
    assert_eq!(media_side["黄金"]["basis"]["spots"], 1);

    // A series for 北京 arriving changes the lake's version: the kept defaults are dropped and
    // 黄金 now comes from it (0.5 at 19:00 every day).
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    for d in 1..=28 {
        csv.push_str(&format!("测试卫视,北京,2026-03-{d:02} 19:00:00,0.5\n"));
    }
    let path = s.f.app.data_dir.join("ratings-src").join("beijing.csv");
    std::fs::write(&path, csv).unwrap();
    let imported = adeval_server::imports::ratings::import(&s.f.app.state.db, &s.f.app.state.reads.lake, vec![path], "cli").await.unwrap();
    assert_eq!(imported.map(|(_, rows)| rows), Ok(28));
    let b = s.list(s.b, 1).await;
    assert_eq!(triple(&b["黄金"]), [0.5, 0.5, 0.5]);
    // 27 days: nothing of the series comes after 28 March 19:00, so 28 March is not delivered
    // past 深夜's window (to 26:00) and does not count (docs/evaluation.md, "Viewing estimates").
    assert_eq!(b["黄金"]["basis"], json!({ "source": "ratings", "days": 27, "from": "2026-03-01", "to": "2026-03-28" }));
    assert_eq!(b["午间"]["basis"], none);

    // An assessment date moves the range: from 2026-03-11 it is 2026-02-11 … 2026-03-10, so
    // days 1–10 (0.2 … 1.1) and 28 February, whose 19:00 and 25:10 (1 March 01:10) are both
    // 100. Eleven days: mean (6.5 + 100) / 11 = 9.682, low rank 2 → 0.4, p80 rank 8 → 1.0,
    // below the mean: high is the mean, so the three stay ordered (low ≤ normal ≤ high).
    sqlx::query("update orders set estimate_date = '2026-03-11' where id = $1")
        .bind(s.a)
        .execute(&s.f.app.db)
        .await
        .unwrap();
    let early = s.list(s.a, 1).await;
    assert_eq!(triple(&early["黄金"]), [9.682, 0.4, 9.682]);
    assert_eq!(early["黄金"]["basis"]["days"], 11);
    assert_eq!(early["黄金"]["basis"]["from"], "2026-02-11");

    let missing = s.send(Call::get("orderViewingList", json!({ "orderId": 999_999 }))).await;
    assert_eq!(missing.code(), 4004);
    let bad = s.send(Call::get("orderViewingList", json!({ "orderId": s.a, "belongingTo": 3 }))).await;
    assert_eq!(bad.code(), 4000);
    let bad = s.send(Call::get("orderViewingList", json!({}))).await;
    assert_eq!((bad.code(), bad.field("orderId")), (4000, Some("请选择订单")));
}

#[tokio::test]
async fn an_edit_replaces_the_default_until_reset_and_both_are_logged() {
    let s = setup().await;
    let gold = s.classes[0];
    let set = s.up(s.a, gold, json!({ "estimated": "1.5", "estimatedLow": 1, "estimatedHigh": 2.125 })).await;
    set.ok();
    let a = s.list(s.a, 1).await;
    assert_eq!(triple(&a["黄金"]), [1.5, 1.0, 2.125]);
    assert_eq!(a["黄金"]["edited"], true);
    assert_eq!(a["黄金"]["default"]["estimated"], 1.55);

    let scope = |belonging_to: i16| move |_: i64| EstimateScope { belonging_to, category: None, source: None };
    let (db, reads) = (&s.f.app.state.db, &s.f.app.state.reads);
    let answer = estimates::for_orders(db, reads, &[s.a, s.b, 999_999], [scope(1)], Wanted::Current).await.unwrap();
    assert!(!answer.previous, "the current version's defaults");
    let [found] = answer.values;
    // Both sides asked at once (as the figures ask) answer each side as asked alone.
    let [customer, media] = estimates::for_orders(db, reads, &[s.a, s.b], [scope(1), scope(2)], Wanted::Current).await.unwrap().values;
    assert_eq!(customer, found);
    let [media_alone] = estimates::for_orders(db, reads, &[s.a, s.b], [scope(2)], Wanted::Current).await.unwrap().values;
    assert_eq!(media, media_alone);
    assert_eq!(found.len(), 2, "an order that does not exist is left out");
    let normal = |order: i64| found[&order].iter().map(|(c, e)| (*c, [e.normal, e.low, e.high])).collect::<Vec<_>>();
    assert_eq!(normal(s.a), [(gold, [1.5, 1.0, 2.125])], "classes without an estimate are left out");
    assert_eq!(normal(s.b), [(gold, [1.667, 0.9, 2.4])]);

    // The same edit again changes nothing and logs nothing; all three empty reset.
    s.up(s.a, gold, json!({ "estimated": 1.5, "estimatedLow": "1.000", "estimatedHigh": 2.125 })).await.ok();
    s.up(s.a, gold, json!({ "estimated": "", "estimatedLow": null })).await.ok();
    let a = s.list(s.a, 1).await;
    assert_eq!((triple(&a["黄金"]), &a["黄金"]["edited"]), ([1.55, 0.74, 2.36], &json!(false)));
    let log = s.log(s.a).await;
    let ours: Vec<&String> = log.iter().filter(|c| c.starts_with("修改预估收视")).collect();
    assert_eq!(
        ours,
        [
            "修改预估收视：黄金：常规 1.5 / 低 1 / 高 2.125 → 默认",
            "修改预估收视：黄金：默认 → 常规 1.5 / 低 1 / 高 2.125"
        ],
        "newest first"
    );
    // A class without a default can be given an estimate.
    s.up(s.a, s.classes[2], json!({ "estimated": 0, "estimatedLow": 0, "estimatedHigh": 0.001 })).await.ok();
    assert_eq!(triple(&s.list(s.a, 1).await["空档"]), [0.0, 0.0, 0.001]);
}

#[tokio::test]
async fn every_refused_edit_answers_its_message() {
    let s = setup().await;
    let gold = s.classes[0];
    let table: [(Value, &str, &str); 10] = [
        (json!({ "estimated": 1, "estimatedLow": 2, "estimatedHigh": 3 }), "estimated", ORDERED),
        (json!({ "estimated": 1, "estimatedLow": 0.5, "estimatedHigh": 0.9 }), "estimated", ORDERED),
        (json!({ "estimated": -1, "estimatedLow": -2, "estimatedHigh": 0 }), "estimated", ORDERED),
        (json!({ "estimated": 1, "estimatedLow": 0.5, "estimatedHigh": 100_000.5 }), "estimated", ORDERED),
        (json!({ "estimated": "abc", "estimatedLow": 0.5, "estimatedHigh": 1 }), "estimated", ORDERED),
        (json!({ "estimated": 1.2345, "estimatedLow": 1, "estimatedHigh": 2 }), "estimated", ORDERED),
        (json!({ "estimated": 1, "estimatedLow": "", "estimatedHigh": 2 }), "estimated", ALL_THREE),
        (json!({ "estimated": 1 }), "estimated", ALL_THREE),
        (json!({ "orderId": "", "estimated": 1, "estimatedLow": 1, "estimatedHigh": 1 }), "orderId", "请选择订单"),
        (
            json!({ "timePeriodClassId": "", "estimated": 1, "estimatedLow": 1, "estimatedHigh": 1 }),
            "timePeriodClassId",
            "请选择时段归纳",
        ),
    ];
    for (fields, field, message) in table {
        let mut sent = json!({ "orderId": s.a, "timePeriodClassId": gold });
        for (k, v) in fields.as_object().unwrap() {
            sent[k] = v.clone();
        }
        let answer = s.send(Call::post("orderViewingUp", sent)).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{fields}: {}", answer.body);
    }
    let other = s.up(s.a, s.classes[3], json!({ "estimated": 1, "estimatedLow": 1, "estimatedHigh": 1 })).await;
    assert_eq!((other.code(), other.field("timePeriodClassId")), (4000, Some("时段归纳不属于该订单媒体")));
    let missing = s.up(999_999, gold, json!({ "estimated": 1, "estimatedLow": 1, "estimatedHigh": 1 })).await;
    assert_eq!(missing.code(), 4004);
    let stored: i64 = sqlx::query_scalar("select count(*) from order_estimates").fetch_one(&s.f.app.db).await.unwrap();
    assert_eq!(stored, 0);
    // The bounds themselves are accepted.
    s.up(s.a, gold, json!({ "estimated": 100_000, "estimatedLow": 0, "estimatedHigh": "100000.000" })).await.ok();
}

#[tokio::test]
async fn concurrent_edits_of_one_class_leave_one_of_them() {
    let s = setup().await;
    let gold = s.classes[0];
    let edits = (1..=8).map(|i| {
        let v = f64::from(i) / 4.0;
        s.up(s.a, gold, json!({ "estimated": v, "estimatedLow": v / 2.0, "estimatedHigh": v * 2.0 }))
    });
    for answer in futures_util::future::join_all(edits).await {
        answer.ok();
    }
    let rows: Vec<(f64, f64, f64)> = sqlx::query_as(
        "select normal::float8, low::float8, high::float8 from order_estimates where order_id = $1 and class_id = $2",
    )
    .bind(s.a)
    .bind(gold)
    .fetch_all(&s.f.app.db)
    .await
    .unwrap();
    assert_eq!(rows.len(), 1);
    let (normal, low, high) = rows[0];
    assert!((1..=8).any(|i| f64::from(i) / 4.0 == normal) && low == normal / 2.0 && high == normal * 2.0, "{rows:?}");
    let log = s.log(s.a).await;
    let edits: Vec<&String> = log.iter().filter(|c| c.starts_with("修改预估收视")).collect();
    assert_eq!(edits.len(), 8, "each edit logged what it replaced");
    // Newest first, each edit replaced what the one listed after it set: the log lists the
    // edits in the order they applied, however long each waited for the order.
    let change = |c: &str| {
        let (from, to) = c.rsplit("黄金：").next().unwrap().split_once(" → ").unwrap();
        (from.to_owned(), to.to_owned())
    };
    for pair in edits.windows(2) {
        assert_eq!(change(pair[0]).0, change(pair[1]).1, "{pair:?}");
    }
    assert_eq!(triple(&s.list(s.a, 1).await["黄金"]), [normal, low, high]);
}
