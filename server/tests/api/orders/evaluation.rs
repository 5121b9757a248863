//! The evaluation figures per month (orderSummaryList), the order list's low/high figures and
//! the goal alerts (checked after writes, never by reads), against numbers worked by hand.
//!
//! The example: tape 伊利版本A (T-001) of 测试牛奶, cycle 2026-03-01 … 2026-04-30, assessed from
//! 2026-04-10. Periods 晚间A 19:00–19:59:59 (class 黄金, estimate edited to 2.5 / 2.0 / 3.0) and
//! 晚间B 20:00–20:59:59 (no class: its spots are unestimated). Customer metrics 100 + 10 % =
//! target 110; media metrics 50 + 5 = 55.
//!
//! | month | 晚间A (A) | 晚间B (A) | planned | remaining from 04-10 |
//! |---|---|---|---|---|
//! | March | 2 ×2, 3 ×1 | 5 ×1 | 4 | 0 |
//! | April | 2 ×1, 15 ×3, 20 ×1, 25 ×2 withdrawn | 16 ×2 | 7 | 晚间A 4, 晚间B 2 |
//!
//! Targets split by planned spots: customer March 110 × 4 ÷ 11 = 40, April 70; media 20, 35.
//!
//! Customer rows (ownership 1): March 03-02 19:10 伊利版本A 2.0 正一, 19:20 3.0 2/8, 03-03 19:30
//! T-001 1.5 中, 03-05 20:10 2.5 (no position): 9.0 over 4, positions known 3, top three 2.
//! April 04-02 19:15 3.0 倒二, 19:40 测试牛奶 1.0 正四: 4.0 over 2, known 2, top three 1.
//! Order-wide 13.0 over 6 spots: 13 ÷ 6 a spot. Not the order's: group 北京, channel 测试二台.
//!
//! | customer | March | April | total |
//! |---|---|---|---|
//! | expected | 9 / 9 / 9 | 4 + 4 × 2.5 = 14 / 12 / 16 | 23 / 21 / 25 |
//! | difference | −31 (all) | −56 / −58 / −54 | −87 / −89 / −85 |
//! | overplay % | −77.50 | −80.00 / −82.86 / −77.14 | −79.09 / −80.91 / −77.27 |
//! | theatres (÷ 13/6) | −14.3 → −14 | −25 / −26 / −24 | −40 / −41 / −39 |
//! | 正负三 % | 66.67 | 50.00 | 60.00 |
//!
//! Media (ownership 2): one row 04-02 19:15 8.0 正二. April expected 8 + 10 = 18 / 16 / 20
//! against 35; March 0 against 20; total 18 / 16 / 20 against 55: difference −37 / −39 / −35,
//! overplay −67.27 / −70.91 / −63.64, theatres (÷ 8) −4.625 → −4, −4.875 → −4, −4.375 → −4.

use serde_json::{Value, json};

use adeval_server::orders::evaluation::alerts;

use crate::helpers::orders::{Fixture, close, fixture, template};
use crate::helpers::viewing::Spot;
use crate::helpers::{Answer, Call};

struct Setup {
    f: Fixture,
    order: i64,
    class: i64,
}

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64, position: &str) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s(position))
}

async fn viewing(f: &Fixture, belonging_to: i64, spots: &[Spot]) {
    crate::helpers::viewing::upload_customer_data(&f.app, &f.token, belonging_to, spots).await;
}

async fn setup() -> Setup {
    let f = fixture().await;
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    let prime = f.period(f.media, "晚间A", (68400, 71999)).await;
    f.period(f.media, "晚间B", (72000, 75599)).await;
    sqlx::query("update time_periods set class_id = $1 where id = $2").bind(class).bind(prime).execute(&f.app.db).await.unwrap();
    let mut form = f.form();
    form["cycleTimeEnd"] = json!("2026-04-30");
    form["customerMetrics"] = json!(100);
    form["mediaMetrics"] = json!(50);
    let order = f.add(form).await["id"].as_i64().unwrap();
    let schedule = template(&[
        (
            "2026-03",
            vec![("伊利版本A", "晚间A", "A", vec![(2, 2.0), (3, 1.0)]), ("伊利版本A", "晚间B", "A", vec![(5, 1.0)])],
        ),
        (
            "2026-04",
            vec![
                ("伊利版本A", "晚间A", "A", vec![(2, 1.0), (15, 3.0), (20, 1.0), (25, 2.0)]),
                ("伊利版本A", "晚间B", "A", vec![(16, 2.0)]),
            ],
        ),
    ]);
    let (status, message) = f.import_template(order, &schedule).await;
    assert_eq!(status, "done", "{message}");
    sqlx::query(
        "update order_cells c set value = '撤掉' from order_lines l
         where l.id = c.line_id and l.order_id = $1 and c.ymd = '2026-04-25'",
    )
    .bind(order)
    .execute(&f.app.db)
    .await
    .unwrap();
    sqlx::query("update orders set estimate_date = '2026-04-10' where id = $1").bind(order).execute(&f.app.db).await.unwrap();
    let (any, channel) = ("全国4+", "测试卫视");
    viewing(
        &f,
        1,
        &[
            spot("2026-03-02", "19:10:00", channel, "伊利版本A", any, 2.0, "正一"),
            spot("2026-03-02", "19:20:00", channel, "伊利版本A", any, 3.0, "2/8"),
            spot("2026-03-03", "19:30:00", channel, "T-001", any, 1.5, "中"),
            spot("2026-03-05", "20:10:00", channel, "伊利版本A", any, 2.5, ""),
            spot("2026-04-02", "19:15:00", channel, "伊利版本A", any, 3.0, "倒二"),
            spot("2026-04-02", "19:40:00", channel, "测试牛奶", any, 1.0, "正四"),
            spot("2026-03-02", "19:11:00", channel, "伊利版本A", "北京", 100.0, "正一"),
            spot("2026-03-02", "19:12:00", "测试二台", "伊利版本A", any, 100.0, "正一"),
        ],
    )
    .await;
    viewing(&f, 2, &[spot("2026-04-02", "19:15:00", channel, "伊利版本A", any, 8.0, "正二")]).await;
    Setup { f, order, class }
}

impl Setup {
    async fn send(&self, call: Call<'_>) -> Answer {
        self.f.app.send(call.token(&self.f.token)).await
    }

    async fn summary(&self, belonging_to: i64) -> Vec<Value> {
        let call = Call::get("orderSummaryList", json!({ "orderId": self.order, "belongingTo": belonging_to }));
        self.send(call).await.ok().as_array().unwrap().clone()
    }

    async fn edit_estimate(&self) {
        let fields = json!({
            "orderId": self.order, "timePeriodClassId": self.class,
            "estimated": 2.5, "estimatedLow": 2, "estimatedHigh": 3
        });
        self.send(Call::post("orderViewingUp", fields)).await.ok();
    }

    async fn messages(&self, admin: i64) -> Vec<String> {
        sqlx::query_scalar("select content from messages where admin_id = $1 and content like '订单「%' order by id")
            .bind(admin)
            .fetch_all(&self.f.app.db)
            .await
            .unwrap()
    }
}

/// Checks every number of a row: (field, value), `null` for an absent figure.
fn check(row: &Value, expected: &[(&str, Value)]) {
    for (field, want) in expected {
        let got = &row[*field];
        let same = match want.as_f64() {
            Some(w) => close(got, w),
            None => got == want,
        };
        assert!(same, "{} {field}: {got} ≠ {want}", row["month"]);
    }
}

#[tokio::test]
async fn the_customer_figures_of_each_month_and_the_total_are_worked_by_hand() {
    let s = setup().await;
    s.edit_estimate().await;

    let rows = s.summary(1).await;

    let months: Vec<&str> = rows.iter().map(|r| r["month"].as_str().unwrap()).collect();
    assert_eq!(months, ["2026-03", "2026-04", "合计"]);
    for row in &rows {
        assert_eq!((row["productName"].as_str(), row["cycleTime"].as_str()), (Some("测试牛奶"), Some("2026-03-01 ~ 2026-04-30")));
        assert_eq!(row["seconds"], 15);
    }
    check(&rows[0], &[
        ("grp", json!(40.0)), ("IssuedGrp", json!(9.0)), ("airedSpots", json!(4)),
        ("alreadyUpsideDownThree", json!(2)), ("positionedSpots", json!(3)), ("alreadyUpsideDownThreePer", json!(66.67)),
        ("plannedSpots", json!(4)), ("remainingSpots", json!(0)), ("unestimatedSpots", json!(0)),
        ("estimatedRoutine", json!(9.0)), ("estimatedLow", json!(9.0)), ("estimatedHigh", json!(9.0)),
        ("customerDifferencesRoutine", json!(-31.0)), ("customerDifferencesLow", json!(-31.0)), ("customerDifferencesHigh", json!(-31.0)),
        ("overbroadcastRoutine", json!(-77.5)), ("overbroadcastLow", json!(-77.5)), ("overbroadcastHigh", json!(-77.5)),
        ("numberOfTheatersRoutine", json!(-14)), ("numberOfTheatersLow", json!(-14)), ("numberOfTheatersHigh", json!(-14)),
    ]);
    check(&rows[1], &[
        ("grp", json!(70.0)), ("IssuedGrp", json!(4.0)), ("airedSpots", json!(2)),
        ("alreadyUpsideDownThree", json!(1)), ("positionedSpots", json!(2)), ("alreadyUpsideDownThreePer", json!(50.0)),
        ("plannedSpots", json!(7)), ("remainingSpots", json!(6)), ("unestimatedSpots", json!(2)),
        ("estimatedRoutine", json!(14.0)), ("estimatedLow", json!(12.0)), ("estimatedHigh", json!(16.0)),
        ("customerDifferencesRoutine", json!(-56.0)), ("customerDifferencesLow", json!(-58.0)), ("customerDifferencesHigh", json!(-54.0)),
        ("overbroadcastRoutine", json!(-80.0)), ("overbroadcastLow", json!(-82.86)), ("overbroadcastHigh", json!(-77.14)),
        ("numberOfTheatersRoutine", json!(-25)), ("numberOfTheatersLow", json!(-26)), ("numberOfTheatersHigh", json!(-24)),
    ]);
    check(&rows[2], &[
        ("grp", json!(110.0)), ("IssuedGrp", json!(13.0)), ("airedSpots", json!(6)),
        ("alreadyUpsideDownThree", json!(3)), ("positionedSpots", json!(5)), ("alreadyUpsideDownThreePer", json!(60.0)),
        ("plannedSpots", json!(11)), ("remainingSpots", json!(6)), ("unestimatedSpots", json!(2)),
        ("estimatedRoutine", json!(23.0)), ("estimatedLow", json!(21.0)), ("estimatedHigh", json!(25.0)),
        ("customerDifferencesRoutine", json!(-87.0)), ("customerDifferencesLow", json!(-89.0)), ("customerDifferencesHigh", json!(-85.0)),
        ("overbroadcastRoutine", json!(-79.09)), ("overbroadcastLow", json!(-80.91)), ("overbroadcastHigh", json!(-77.27)),
        ("numberOfTheatersRoutine", json!(-40)), ("numberOfTheatersLow", json!(-41)), ("numberOfTheatersHigh", json!(-39)),
    ]);

    // The order list's customer figures are the total row's.
    let info = s.f.info(s.order).await;
    check(&info, &[
        ("customerTarget", json!(110.0)), ("customerIssuedGrp", json!(13.0)), ("customerAiredSpots", json!(6)),
        ("customerExpectedCompletion", json!(23.0)), ("customerExpectedLow", json!(21.0)), ("customerExpectedHigh", json!(25.0)),
        ("customerDifference", json!(-87.0)), ("customerDifferenceLow", json!(-89.0)), ("customerDifferenceHigh", json!(-85.0)),
        ("customerOverplay", json!(-79.09)), ("customerOverplayLow", json!(-80.91)), ("customerOverplayHigh", json!(-77.27)),
        ("customerTheatres", json!(-40)), ("customerTheatresLow", json!(-41)), ("customerTheatresHigh", json!(-39)),
        ("customerAlreadyUpsideDownThree", json!(60.0)), ("customerUnestimatedSpots", json!(2)),
    ]);
}

#[tokio::test]
async fn the_media_side_reads_its_own_rows_and_target() {
    let s = setup().await;
    s.edit_estimate().await;

    let rows = s.summary(2).await;

    check(&rows[0], &[
        ("grp", json!(20.0)), ("IssuedGrp", json!(0.0)), ("airedSpots", json!(0)), ("alreadyUpsideDownThreePer", Value::Null),
        ("estimatedRoutine", json!(0.0)), ("customerDifferencesRoutine", json!(-20.0)), ("overbroadcastRoutine", json!(-100.0)),
        ("numberOfTheatersRoutine", json!(-2)),
    ]);
    check(&rows[1], &[
        ("grp", json!(35.0)), ("IssuedGrp", json!(8.0)), ("airedSpots", json!(1)), ("alreadyUpsideDownThreePer", json!(100.0)),
        ("estimatedRoutine", json!(18.0)), ("estimatedLow", json!(16.0)), ("estimatedHigh", json!(20.0)),
        ("customerDifferencesRoutine", json!(-17.0)), ("customerDifferencesLow", json!(-19.0)), ("customerDifferencesHigh", json!(-15.0)),
        ("overbroadcastRoutine", json!(-48.57)), ("overbroadcastLow", json!(-54.29)), ("overbroadcastHigh", json!(-42.86)),
        ("numberOfTheatersRoutine", json!(-2)), ("numberOfTheatersLow", json!(-2)), ("numberOfTheatersHigh", json!(-1)),
    ]);
    check(&rows[2], &[
        ("grp", json!(55.0)), ("IssuedGrp", json!(8.0)), ("remainingSpots", json!(6)), ("unestimatedSpots", json!(2)),
        ("estimatedRoutine", json!(18.0)), ("estimatedLow", json!(16.0)), ("estimatedHigh", json!(20.0)),
        ("customerDifferencesRoutine", json!(-37.0)), ("customerDifferencesLow", json!(-39.0)), ("customerDifferencesHigh", json!(-35.0)),
        ("overbroadcastRoutine", json!(-67.27)), ("overbroadcastLow", json!(-70.91)), ("overbroadcastHigh", json!(-63.64)),
        ("numberOfTheatersRoutine", json!(-4)), ("numberOfTheatersLow", json!(-4)), ("numberOfTheatersHigh", json!(-4)),
    ]);
    let info = s.f.info(s.order).await;
    check(&info, &[
        ("mediaTarget", json!(55.0)), ("mediaExpectedCompletion", json!(18.0)), ("mediaExpectedLow", json!(16.0)),
        ("mediaExpectedHigh", json!(20.0)), ("mediaDifferenceLow", json!(-39.0)), ("mediaDifferenceHigh", json!(-35.0)),
        ("mediaOverplayLow", json!(-70.91)), ("mediaOverplayHigh", json!(-63.64)),
        ("mediaTheatresLow", json!(-4)), ("mediaTheatresHigh", json!(-4)), ("mediaUnestimatedSpots", json!(2)),
    ]);
}

#[tokio::test]
async fn the_grid_values_each_line_at_its_class_estimate() {
    let s = setup().await;
    s.edit_estimate().await;

    let call = Call::get("orderSummaryGrpList", json!({ "orderId": s.order, "belongingTo": 1 }));
    let grid = s.send(call).await.ok().clone();

    // April's 晚间A line: 4 remaining × 2.5 / 2.0 / 3.0; no certificate, so nothing aired
    // without a row: viewEstimated is its issued GRP, 3.0 + 1.0.
    let april = &grid[1]["data"];
    let prime = april.as_array().unwrap().iter().find(|r| r["time_period"]["timePeriodName"] == "晚间A").unwrap();
    check(prime, &[
        ("estimated", json!(10.0)), ("estimatedLow", json!(8.0)), ("estimatedHigh", json!(12.0)),
        ("viewEstimated", json!(4.0)), ("viewEstimatedLow", json!(4.0)), ("viewEstimatedHigh", json!(4.0)),
    ]);
    // 晚间B has no class: no estimate, every estimate column 0.
    let other = april.as_array().unwrap().iter().find(|r| r["time_period"]["timePeriodName"] == "晚间B").unwrap();
    for column in ["estimated", "estimatedLow", "estimatedHigh", "viewEstimated", "viewEstimatedLow", "viewEstimatedHigh"] {
        assert!(close(&other[column], 0.0), "{column}: {}", other[column]);
    }
}

/// The example's contract lowered to customer 20 + 10 % = 22 and media 5 + 5 = 10, April's
/// 晚间A estimated at 2.5 (an edit, a write: its check finds both sides above the line):
/// customer 13 + 4 × 2.5 = 23 ≥ 22 × 0.95 = 20.9, media 8 + 10 = 18 ≥ 9.5.
async fn above_the_line(s: &Setup) {
    let db = &s.f.app.db;
    sqlx::query("update orders set customer_metrics = 20, media_metrics = 5 where id = $1").bind(s.order).execute(db).await.unwrap();
    s.edit_estimate().await;
}

#[tokio::test]
async fn a_write_that_drops_an_order_below_its_goal_messages_once_and_reads_never_do() {
    let s = setup().await;
    above_the_line(&s).await;
    let creator: i64 = sqlx::query_scalar("select created_by from orders where id = $1").bind(s.order).fetch_one(&s.f.app.db).await.unwrap();
    let before = s.messages(creator).await;
    let april_15: i64 = sqlx::query_scalar(
        "select c.id from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1 and c.ymd = '2026-04-15'",
    )
    .bind(s.order)
    .fetch_one(&s.f.app.db)
    .await
    .unwrap();

    // Withdrawing 15 April's three 晚间A spots leaves one to air: customer 13 + 1 × 2.5 = 15.5
    // < 20.9, below; media 8 + 2.5 = 10.5 ≥ 9.5 stays above. One message (the creator is the
    // super administrator: one recipient).
    let withdraw = json!({ "orderId": s.order, "id": april_15, "type": "A", "num": 3, "value": "撤掉" });
    s.send(Call::post("orderSummaryGrpYmdUp", withdraw)).await.ok();
    let text = "订单「测试牛奶」客户预计完成 15.5 低于目标 22 超过 5%";
    let after = s.messages(creator).await;
    assert_eq!(after[before.len()..], [text]);

    // Reading the figures, however often and however many at once, sends nothing and writes
    // nothing.
    let state: Vec<(i16, bool)> = sqlx::query_as("select belonging_to, below from order_goal_alerts where order_id = $1 order by 1")
        .bind(s.order)
        .fetch_all(&s.f.app.db)
        .await
        .unwrap();
    assert_eq!(state, [(1, true), (2, false)]);
    let scope = |side: i64| json!({ "orderId": s.order, "belongingTo": side });
    for _ in 0..3 {
        let reads = [
            Call::get("orderList", json!({})),
            Call::get("orderInfo", json!({ "orderId": s.order })),
            Call::get("orderSummaryList", scope(1)),
            Call::get("orderSummaryList", scope(2)),
            Call::get("orderIndexExport", json!({})),
            Call::get("orderSummaryGrpIndexExport", scope(1)),
            Call::get("orderSummaryGrpReportIndexExport", scope(2)),
        ];
        for answer in futures_util::future::join_all(reads.into_iter().map(|c| s.send(c))).await {
            answer.ok();
        }
    }
    assert_eq!(s.messages(creator).await, after);

    // A later write that keeps it below is the same crossing.
    let fields = json!({ "orderId": s.order, "timePeriodClassId": s.class, "estimated": 2.4, "estimatedLow": 2, "estimatedHigh": 3 });
    s.send(Call::post("orderViewingUp", fields)).await.ok();
    assert_eq!(s.messages(creator).await, after);
}

#[tokio::test]
async fn a_side_falling_below_its_goal_messages_once_per_crossing_however_many_check() {
    let s = setup().await;
    let (db, state) = (&s.f.app.db, &s.f.app.state);
    let admin_sql = "insert into admins (name, account, password_hash, rule_id) values ($1, $1, 'x', $2) returning id";
    let star: i64 = sqlx::query_scalar(admin_sql).bind("总管").bind("*").fetch_one(db).await.unwrap();
    let plain: i64 = sqlx::query_scalar(admin_sql).bind("职员").bind("1,2").fetch_one(db).await.unwrap();
    let creator: i64 = sqlx::query_scalar("select created_by from orders where id = $1").bind(s.order).fetch_one(db).await.unwrap();
    // The imports of the setup checked the goal as they went (the schedule alone: 0 of 110,
    // below); start from no state. Assessed from the cycle's first day: every planned spot
    // remains and no history precedes it, so no class has an estimate and expected completion
    // is the issued GRP.
    sqlx::query("delete from order_goal_alerts").execute(db).await.unwrap();
    sqlx::query("delete from messages").execute(db).await.unwrap();
    sqlx::query("update orders set estimate_date = '2026-03-01' where id = $1").bind(s.order).execute(db).await.unwrap();

    // Ten checks at once (writes, housekeeping, other processes) see the customer side at 13
    // of 110 and the media side at 8 of 55: one message each.
    let order = [s.order];
    let checks = (0..10).map(|_| alerts::check_orders(&state.db, &state.reads, &order));
    for checked in futures_util::future::join_all(checks).await {
        checked.unwrap();
    }
    let text = "订单「测试牛奶」客户预计完成 13 低于目标 110 超过 5%";
    let media = "订单「测试牛奶」媒体预计完成 8 低于目标 55 超过 5%";
    assert_eq!(s.messages(creator).await, [text, media]);
    assert_eq!(s.messages(star).await, [text, media]);
    assert!(s.messages(plain).await.is_empty());
    // Checking again, or every order as housekeeping does, is the same crossing.
    alerts::check_all(&state.db, &state.reads).await.unwrap();
    assert_eq!(s.messages(star).await, [text, media]);

    // Back above the line (a target of 11 + 10 %): silent; below again: a second message.
    sqlx::query("update orders set customer_metrics = 10 where id = $1").bind(s.order).execute(db).await.unwrap();
    alerts::check_all(&state.db, &state.reads).await.unwrap();
    assert_eq!(s.messages(star).await.len(), 2);
    sqlx::query("update orders set customer_metrics = 100 where id = $1").bind(s.order).execute(db).await.unwrap();
    let checks = (0..5).map(|_| alerts::check_orders(&state.db, &state.reads, &order));
    futures_util::future::join_all(checks).await;
    assert_eq!(s.messages(star).await, [text, media, text]);
}

#[tokio::test]
async fn the_summary_list_answers_errors_in_the_envelope() {
    let s = setup().await;
    let answer = s.send(Call::get("orderSummaryList", json!({ "orderId": 999_999 }))).await;
    assert_eq!(answer.code(), 4004, "{:?}", answer.body);
    let answer = s.send(Call::get("orderSummaryList", json!({ "orderId": s.order, "belongingTo": 3 }))).await;
    assert_eq!(answer.code(), 4000, "{:?}", answer.body);
    let answer = s.send(Call::get("orderSummaryList", json!({}))).await;
    assert_eq!(answer.code(), 4000, "{:?}", answer.body);
}
