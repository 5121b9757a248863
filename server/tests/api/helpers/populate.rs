//! A database with something in every table a read looks at: the demo set of a first start
//! (master data, viewing rows of both sides and rating series in the lake, four orders in
//! different states with schedules imported, a confirmed and an unconfirmed certificate, a
//! moved make-good, a reason, a manual GRP, a withdrawal), orders in the statuses it lacks
//! ([`super::statuses`]), and on top, through the calls staff make: a second account, an
//! assessment date, an edited estimate, customer data attached, 正负三 positions uploaded, a
//! proposal, a tape change, an edited order (a history version), deleted viewing rows and an
//! export made earlier.

use chrono::{Days, NaiveDate};
use serde_json::{Value, json};

use crate::helpers::uploads::{job_end, upload};
use crate::helpers::viewing::workbook;
use crate::helpers::{Call, TestApp};

mod statuses;

/// The ids the reads are asked about.
#[derive(Default)]
pub struct World {
    pub token: String,
    /// Today in the app's zone (its Postgres `current_date`), which the demo is dated from.
    pub today: NaiveDate,
    /// An order in each status: the demo's finished (7), on air with a certificate awaiting
    /// confirmation (2), running with last month confirmed (4) and not yet scheduled (1); then
    /// starting next week (3), the same with a tape change (5), over without a certificate (6).
    pub orders: Vec<i64>,
    /// The orders with a certificate imported: the demo's first three.
    pub certified: Vec<i64>,
    /// Each order's cycle, first and last day `YYYY-MM-DD`.
    pub cycles: Vec<(String, String)>,
    /// The running order's flagged (missing) cell, what a move of it needs: tape, suit and
    /// entry, period.
    pub flagged: (i64, i64, i64, i32, i64),
    pub admin: i64,
    pub media: i64,
    pub product: i64,
    pub brand: i64,
    pub group: i64,
    pub tape: i64,
    pub period: i64,
    pub class: i64,
    pub menu: i64,
}

pub async fn scalar(app: &TestApp, sql: &str, id: i64) -> i64 {
    sqlx::query_scalar(sql).bind(id).fetch_one(&app.db).await.unwrap()
}

async fn order_of(app: &TestApp, product: &str) -> i64 {
    sqlx::query_scalar("select o.id from orders o join products p on p.id = o.product_id where p.product_name = $1")
        .bind(product)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// `today` and `offset` days as `YYYY-MM-DD`.
pub fn day(today: NaiveDate, offset: i64) -> String {
    (today + chrono::Duration::days(offset)).format("%Y-%m-%d").to_string()
}

async fn send(app: &TestApp, token: &str, name: &str, fields: Value) -> Value {
    app.send(Call::post(name, fields).token(token)).await.ok().clone()
}

pub async fn populate(app: &TestApp) -> World {
    assert!(adeval_server::demo::load_if_empty(&app.db).await.unwrap());
    adeval_server::demo::lake::customer_data(&app.state.db, &app.state.reads.lake, &app.state.config).await.unwrap();
    adeval_server::demo::lake::ratings(&app.state.db, &app.state.reads.lake, &app.state.config).await.unwrap();
    assert_eq!(adeval_server::demo::orders::load(&app.state.db, &app.state.reads, &app.state.config).await.unwrap(), 4);
    let token = app.admin_token().await;
    let today = app.today().await;
    let mut orders = Vec::new();
    for product in ["安慕希", "农夫山泉饮用天然水", "东方树叶", "特仑苏"] {
        orders.push(order_of(app, product).await);
    }
    let certified = orders[..3].to_vec();
    orders.extend(statuses::add(app, &token, today).await);
    let (on_air, running) = (orders[1], orders[2]);
    let mut cycles: Vec<(String, String)> = Vec::new();
    for &order in &orders {
        let cycle = sqlx::query_as("select cycle_start::text, cycle_end::text from orders where id = $1").bind(order).fetch_one(&app.db);
        cycles.push(cycle.await.unwrap());
    }

    // A second account, signed in.
    let account = json!({"name": "读者", "account": "reader", "password": "reader-pass-1",
        "password_confirmation": "reader-pass-1", "rule_id": "112,155", "status": "1"});
    send(app, &token, "adminUserAdd", account).await;
    app.login("reader", "reader-pass-1").await.ok();
    let class = running_order(app, &token, running, &cycles[2].0, today).await;
    // The on-air order: a tape change (its pending certificate keeps it at status 2).
    let tapes: Vec<i64> = sqlx::query_scalar("select tape_id from order_tapes where order_id = $1 order by position")
        .bind(on_air)
        .fetch_all(&app.db)
        .await
        .unwrap();
    let change = json!({"orderId": on_air, "tapeId": tapes[0], "upTapeId": tapes[1], "executeAt": day(today, 10)});
    send(app, &token, "orderMagneticTapeDetailsUp", change).await;
    // Two viewing rows deleted, an export made.
    let rows = app.send(Call::get("customerIndex", json!({"limit": 2})).token(&token)).await;
    let ids: Vec<String> = rows.ok()["data"].as_array().unwrap().iter().map(|r| r["id"].to_string()).collect();
    send(app, &token, "customerDel", json!({"ids": ids.join(",")})).await;
    app.send(Call::get("orderIndexExport", json!({})).token(&token)).await.ok();

    let mut statuses: Vec<i16> =
        sqlx::query_scalar("select status from orders where id = any($1)").bind(&orders).fetch_all(&app.db).await.unwrap();
    statuses.sort_unstable();
    assert_eq!(statuses, [1, 2, 3, 4, 5, 6, 7], "an order in each status");
    let flagged = movable(app, running, today).await;
    let ids = |sql: &'static str| scalar(app, sql, running);
    World {
        token,
        today,
        orders,
        certified,
        cycles,
        flagged,
        admin: scalar(app, "select id from admins where account = 'reader' and $1 > 0", 1).await,
        media: ids("select media_id from orders where id = $1").await,
        product: ids("select product_id from orders where id = $1").await,
        brand: ids("select p.brand_id from orders o join products p on p.id = o.product_id where o.id = $1").await,
        group: ids("select default_group_id from orders where id = $1").await,
        tape: tapes[0],
        period: flagged.4,
        class,
        menu: scalar(app, "select min(id) from auth_rules where $1 > 0", 1).await,
    }
}

/// The running order: assessed from today, an estimate edited, customer data from `first` on
/// attached, 正负三 uploaded, a proposal, its notes edited. Answers the edited class.
async fn running_order(app: &TestApp, token: &str, running: i64, first: &str, today: NaiveDate) -> i64 {
    send(app, token, "grpTimeUp", json!({"orderId": running, "timePg": day(today, 0)})).await;
    let class = scalar(
        app,
        "select p.class_id from order_lines l join time_periods p on p.id = l.time_period_id
         where l.order_id = $1 and p.class_id is not null order by p.class_id limit 1",
        running,
    )
    .await;
    let estimate = json!({"orderId": running, "timePeriodClassId": class, "estimated": 1.2, "estimatedLow": 0.9, "estimatedHigh": 1.5});
    send(app, token, "orderViewingUp", estimate).await;
    let mut attach = json!({"orderId": running, "category": 2, "source": 3, "addTime": first, "endTime": day(today, 0), "typeY": 1});
    send(app, token, "orderCustomerUp", attach.clone()).await;
    attach["typeY"] = json!(2);
    send(app, token, "orderCustomerUp", attach).await;
    positions(app, token, running).await;
    send(app, token, "orderProposalAdd", json!({"orderId": running, "proposalText": "晚间加两次", "adjustDate": day(today, 5)})).await;
    edit_notes(app, token, running).await;
    class
}

/// A flagged (missing) cell of `order` with spots still to move, and what a move of one of
/// them three days from now needs: (cell, tape, suit, entry, period), the suit entry one of
/// the order's holding the period in that month.
async fn movable(app: &TestApp, order: i64, today: NaiveDate) -> (i64, i64, i64, i32, i64) {
    let (cell, tape, period): (i64, i64, i64) = sqlx::query_as(
        "select c.id, l.tape_id, l.time_period_id from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.reason_disappearance = 1 and c.point - c.aired - c.moved > 0 order by c.ymd, c.id limit 1",
    )
    .bind(order)
    .fetch_one(&app.db)
    .await
    .unwrap();
    let (suit, entry): (i64, i32) = sqlx::query_as(
        "select os.suit_id, st.entry_no from order_suits os join suits s on s.id = os.suit_id
         join suit_time_periods st on st.suit_id = os.suit_id
         where os.order_id = $1 and st.time_period_id = $2 and s.suit_month = date_trunc('month', $3::date)::date
         order by os.suit_id, st.entry_no limit 1",
    )
    .bind(order)
    .bind(period)
    .bind(today + Days::new(3))
    .fetch_one(&app.db)
    .await
    .unwrap();
    (cell, tape, suit, entry, period)
}

/// A 正负三 file of the order's own viewing rows (category 2, source 3), positions as aired.
async fn positions(app: &TestApp, token: &str, order: i64) {
    let listed = app.send(Call::get("orderCustomerIndex", json!({"orderId": order, "category": 2, "source": 3, "limit": 50})).token(token)).await;
    let channel: String = sqlx::query_scalar("select m.media_name from orders o join media m on m.id = o.media_id where o.id = $1")
        .bind(order)
        .fetch_one(&app.db)
        .await
        .unwrap();
    let spots: Vec<_> = listed.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let s = |v: &Value| v.as_str().unwrap_or_default().to_owned();
            let at = s(&r["addTime"]);
            let time = at.rsplit(' ').next().unwrap_or_default().to_owned();
            let position = ["正一", "倒二", "3/8", "5/9"][i % 4].to_owned();
            (s(&r["ymd"]), channel.clone(), time, 15.0, s(&r["title"]), s(&r["circumferenceName"]), String::new(), 1.0, position)
        })
        .collect();
    assert!(!spots.is_empty(), "the running order matches viewing rows: {}", listed.body);
    let tag = json!({"orderId": order, "category": 2, "source": 3});
    let answer = upload(app, token, "alreadyUpsideDownThree", "正负三.xlsx", tag, &workbook(&spots, false)).await;
    let (status, message) = job_end(app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
}

/// orderUp with the order's own fields and new notes: a second version in its history.
async fn edit_notes(app: &TestApp, token: &str, order: i64) {
    let info = app.send(Call::get("orderInfo", json!({"orderId": order})).token(token)).await.ok().clone();
    let joined = |key: &str| info[key].as_array().unwrap().iter().map(|t| t["id"].to_string()).collect::<Vec<_>>().join(",");
    let mut form = json!({"orderId": order, "notes": "演示订单（已调整）",
        "orderProductMagneticTapeId": joined("tapes"), "suitId": joined("suit")});
    for key in [
        "mediaId", "productId", "defaultId", "seconds", "cycleTimeAdd", "cycleTimeEnd", "followDate", "blankWeek",
        "adjustingQuantity", "makeGoodPolicy", "customerFreeBroadcastCalculation", "customerFreeBroadcastValue",
        "customerMetrics", "mediaFreeBroadcastCalculation", "mediaFreeBroadcastValue", "mediaMetrics", "category", "source",
    ] {
        form[key] = info[key].clone();
    }
    app.send(Call::post("orderUp", form).token(token)).await.ok();
}
