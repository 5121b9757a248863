//! The demo a newcomer opens on a first start is one a Chinese TV media planner would believe,
//! read through the calls its screens make: the order list, the estimate editor, the
//! certificate export, 数据分析 and its spot curves. The demo is dated from today, so its
//! figures move day by day; these are the rules that hold on any day:
//!
//! - a spot's rating (GRP per spot) lies in national TV's ranges: 0.1–3 points;
//! - the orders on air expect to land within ±30 % of their target (normal estimate), their
//!   low and high scenarios apart by at least 5 % of what is still to air, the
//!   finished one a little under its target (its make-goods owed), and the order that has not
//!   started shows no issued figure;
//! - the estimates spread as days do: high − low at least 8 % of normal, per class (a channel's
//!   day varies ±10 % lognormal, so 28 days' 20th–80th percentiles lie about 17 % apart, and
//!   seldom under 10 %);
//! - the suits sold for an order's months hold its schedule (but a free spot the media added);
//! - the certificate rows say the order's spot length (30 s for 农夫山泉饮用天然水, 15 s else);
//! - in 数据分析 a customer-side spot's 毛评点 is the mean of the rating series over its own
//!   seconds (to the 4 decimals GRP is kept to and the point details show), the curve per
//!   second around the breaks on the order's group and per minute on the others (its mean
//!   then of the minutes the spot overlaps); the media's meter reads within 3 %.

use calamine::{Data, Reader, Xlsx};
use serde_json::{Value, json};

use crate::helpers::exports::download;
use crate::helpers::{Call, TestApp, spawn_app};

/// The demo as `adeval serve` loads it on an empty database.
async fn demo() -> TestApp {
    let app = spawn_app().await;
    assert!(adeval_server::demo::load_if_empty(&app.db).await.unwrap());
    adeval_server::demo::lake::customer_data(&app.state.db, &app.state.reads.lake, &app.state.config).await.unwrap();
    adeval_server::demo::lake::ratings(&app.state.db, &app.state.reads.lake, &app.state.config).await.unwrap();
    assert_eq!(adeval_server::demo::orders::load(&app.state.db, &app.state.reads, &app.state.config).await.unwrap(), 4);
    app
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

async fn get(app: &TestApp, token: &str, call: &str, args: Value) -> Value {
    app.send(Call::get(call, args).token(token)).await.ok().clone()
}

#[tokio::test]
async fn the_demo_figures_are_in_the_ranges_of_national_tv_and_agree_with_each_other() {
    let app = demo().await;
    let token = app.admin_token().await;
    let list = crate::helpers::orders::current_list(&app, &token, json!({ "page": 1, "limit": 10 })).await;
    let orders = list["data"].as_array().unwrap().clone();
    let order = |name: &str| orders.iter().find(|o| o["productName"] == name).unwrap_or_else(|| panic!("no order {name}")).clone();

    for side in ["customer", "media"] {
        let f = |o: &Value, k: &str| o[format!("{side}{k}")].clone();
        // On air: 农夫山泉 (公司播出证明) and 东方树叶 (播出中) within ±30 % at normal; low ≤ normal ≤
        // high, apart.
        for name in ["农夫山泉饮用天然水", "东方树叶"] {
            let o = order(name);
            let overplay = num(&f(&o, "Overplay"));
            assert!(overplay.abs() <= 30.0, "{name} {side} overplay {overplay}: {o}");
            let (low, normal, high) = (num(&f(&o, "ExpectedLow")), num(&f(&o, "ExpectedCompletion")), num(&f(&o, "ExpectedHigh")));
            // The scenarios differ in what is still to air (issued GRP is one figure): late in
            // a long cycle that is a small part of the whole, so the spread is of that part.
            let to_come = normal - num(&f(&o, "IssuedGrp"));
            assert!(to_come > 0.0, "{name} {side}: nothing expected still to air: {o}");
            assert!(low < normal && normal < high && high - low > 0.05 * to_come, "{name} {side}: {low} / {normal} / {high}");
        }
        // Finished: its missing spots leave it a little under its target, never far off.
        let o = order("安慕希");
        let overplay = num(&f(&o, "Overplay"));
        assert!((-10.0..=5.0).contains(&overplay), "安慕希 {side} overplay {overplay}: {o}");
        // Every order that aired: GRP per spot 0.1–3.
        for name in ["安慕希", "农夫山泉饮用天然水", "东方树叶"] {
            let o = order(name);
            let per_spot = num(&f(&o, "IssuedGrp")) / num(&f(&o, "AiredSpots"));
            assert!((0.1..=3.0).contains(&per_spot), "{name} {side} GRP per spot {per_spot}");
        }
        // Not started, nothing imported: nothing issued, no 正负三.
        let o = order("特仑苏");
        assert_eq!((num(&f(&o, "IssuedGrp")), f(&o, "AiredSpots"), f(&o, "AlreadyUpsideDownThree")), (0.0, json!(0), Value::Null), "{o}");
    }
    // The two meters of one spot differ a little, not wildly.
    for o in &orders {
        let (c, m) = (num(&o["customerIssuedGrp"]), num(&o["mediaIssuedGrp"]));
        assert!((c - m).abs() <= 0.03 * c, "{}: {c} vs {m}", o["productName"]);
    }

    // Estimates of every class: five weeks of days of different audiences, not one number.
    for o in &orders {
        let classes = get(&app, &token, "orderViewingList", json!({ "orderId": o["id"] })).await;
        for c in classes.as_array().unwrap() {
            let (low, normal, high) = (num(&c["estimatedLow"]), num(&c["estimated"]), num(&c["estimatedHigh"]));
            assert!(low < normal && normal < high && high - low >= 0.08 * normal, "{}: {c}", o["productName"]);
            let range = if c["timePeriodClassName"] == "黄金时段" { 0.5..=3.0 } else { 0.1..=0.6 };
            assert!(range.contains(&normal), "{}: {c}", o["productName"]);
        }
    }

    // The suits sold for the orders' months hold their schedules (a spot a day in each prime
    // period); only a free spot the media added — the day a spot aired twice, confirmed as a
    // C cell — takes a period one past its package.
    for o in &orders {
        let suits = get(&app, &token, "orderSummarySuitList", json!({ "orderId": o["id"] })).await;
        let entries = suits.as_array().unwrap();
        assert!(!entries.is_empty() && entries.iter().all(|e| num(&e["num"]) >= -1.0), "{}: {suits}", o["productName"]);
    }

    // The certificate rows' 时长 is the order's spot length.
    for name in ["安慕希", "农夫山泉饮用天然水", "东方树叶"] {
        let o = order(name);
        let answer = get(&app, &token, "orderBroadcastingCertificateExport", json!({ "orderId": o["id"] })).await;
        let bytes = download(&app, answer["url"].as_str().unwrap(), &token).await;
        let mut book = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
        let rows: Vec<Vec<Data>> = book.worksheet_range("明细").unwrap().rows().map(<[Data]>::to_vec).collect();
        assert_eq!(rows[0][4], Data::String("时长".into()));
        let seconds = Data::Float(num(&o["seconds"]));
        assert!(rows.len() > 30 && rows[1..].iter().all(|r| r[4] == seconds), "{name}: {:?}", &rows[..3]);
    }
    assert_eq!(order("农夫山泉饮用天然水")["seconds"], 30);

    spots_agree_with_their_curves(&app, &token, &order("农夫山泉饮用天然水"), None).await;
    let running = order("东方树叶");
    spots_agree_with_their_curves(&app, &token, &running, None).await;
    // Another of its product's groups (一二线城市): delivered per minute, its spots' GRP the mean
    // of the minutes they overlap.
    let groups = get(&app, &token, "dashboardProductList", json!({ "productId": running["productId"] })).await;
    let other = groups.as_array().unwrap().iter().find(|g| g["name"] == "一二线城市").expect("一二线城市");
    spots_agree_with_their_curves(&app, &token, &running, Some(other["id"].as_i64().unwrap())).await;
}

/// The first page of 数据分析 over the order's cycle on its group (or `group`): each slot's
/// first customer-side spot has the GRP of its curve's mean, in range, and its media-side
/// reading is within 3 %.
async fn spots_agree_with_their_curves(app: &TestApp, token: &str, order: &Value, group: Option<i64>) {
    let group = group.unwrap_or_else(|| order["defaultId"].as_i64().unwrap());
    let args = json!({ "productId": order["productId"], "defaultId": group, "mediaId": order["mediaId"],
                       "addTimes": order["cycleTimeAdd"], "endTimes": order["cycleTimeEnd"], "page": 1, "limit": 10 });
    let page = get(app, token, "dataAnalysis", args).await;
    let slots = page["cData"].as_array().unwrap();
    assert_eq!(slots.len(), 10, "{page}");
    let per_second = group == order["defaultId"].as_i64().unwrap();
    for slot in slots {
        let (_, cell) = slot["t"].as_object().unwrap().iter().find(|(_, c)| !c["c"].is_null()).expect("a customer spot");
        let spot = &cell["c"];
        let args = json!({ "mediaId": spot["mediaId"], "defaultAudienceCityGroupId": group, "ymd": spot["ymd"],
                           "addTime": spot["addTime"], "duration": spot["duration"] });
        let curve = get(app, token, "spotCurve", args).await;
        let (grp, mean) = (num(&spot["maoDianPing"]), num(&curve["spotMean"]));
        // Equal as the point details show them, to 4 decimals (ratings have 3, so a mean is
        // never halfway between two shown values).
        assert_eq!(format!("{grp:.4}"), format!("{mean:.4}"), "{}: 毛评点 vs 点位平均收视率", slot["name"]);
        assert!((0.1..=3.0).contains(&grp), "{}: {grp}", slot["name"]);
        assert_eq!(curve["resolution"], if per_second { "second" } else { "minute" }, "{}", slot["name"]);
        // The default window, 300 s each side: every second of it, or its minutes.
        let samples = curve["data"].as_array().unwrap().len() as i64;
        let seconds = 600 + spot["duration"].as_i64().unwrap();
        assert!(if per_second { samples == seconds } else { (11..=13).contains(&samples) }, "{}: {samples} samples", slot["name"]);
        if let Some(media) = cell["m"].as_object().filter(|m| m["addTime"] == spot["addTime"]) {
            let reading = num(&media["maoDianPing"]);
            assert!((reading - grp).abs() <= 0.03 * grp + 0.000_1, "{}: media {reading} vs customer {grp}", slot["name"]);
        }
    }
}
