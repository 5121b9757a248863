//! Reads leave the orders as they are: a tape change whose date has come is
//! housekeeping's to execute, not any read's (docs/decisions.md "Order rules"). Master data is
//! inserted directly.

use serde_json::{Value, json};

use crate::helpers::{Call, TestApp, spawn_app};

async fn id(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.db).await.unwrap()
}

/// What a read must not change: the change's status, the cells of each tape, the log.
async fn state_of(app: &TestApp, order: i64) -> (i16, Vec<(i64, i32)>, i64) {
    let status = sqlx::query_scalar("select status from order_tape_changes where order_id = $1").bind(order).fetch_one(&app.db).await.unwrap();
    let cells = sqlx::query_as(
        "select l.tape_id, c.point from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1 order by c.ymd",
    )
    .bind(order)
    .fetch_all(&app.db)
    .await
    .unwrap();
    let logs = sqlx::query_scalar("select count(*) from order_logs where order_id = $1").bind(order).fetch_one(&app.db).await.unwrap();
    (status, cells, logs)
}

#[tokio::test]
async fn order_reads_leave_a_due_tape_change_to_housekeeping() {
    // Arrange: an order on air with tapes A and B, March's spots on A, a change A → B from 10 March.
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let media = id(&app, "insert into media (media_name) values ('读取卫视') returning id").await;
    let brand = id(&app, "insert into brands (brand_name) values ('读取品牌') returning id").await;
    let group = id(&app, &format!("insert into audience_groups (brand_id, group_name) values ({brand}, '全国4+') returning id")).await;
    let product = id(
        &app,
        &format!(
            "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
                 upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements)
             values ({brand}, {media}, '读取牛奶', 15, {group}, 30, '19:00:00-22:00:00', 60, 20, '') returning id"
        ),
    )
    .await;
    let tape = |name: &str, number: &str| {
        format!(
            "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                 media_tape_number, customer_title, seconds)
             values ({brand}, {media}, {product}, '2026', '{name}', '{name}', '{number}', '{name}', 15) returning id"
        )
    };
    let (a, b) = (id(&app, &tape("读取版本A", "R-001")).await, id(&app, &tape("读取版本B", "R-002")).await);
    let suit = id(
        &app,
        &format!(
            "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
             values ({media}, {brand}, '读取套装', 10, 10, 15, '2026-03-01') returning id"
        ),
    )
    .await;
    let form = json!({
        "mediaId": media, "productId": product, "defaultId": group, "seconds": 15,
        "orderProductMagneticTapeId": format!("{a},{b}"), "suitId": suit.to_string(),
        "cycleTimeAdd": "2026-01-01", "cycleTimeEnd": "2099-12-31", "followDate": "2026-01-05",
        "customerFreeBroadcastCalculation": 1, "mediaFreeBroadcastCalculation": 1
    });
    let order = app.send(Call::post("orderAdd", form).token(&token)).await.ok()["id"].as_i64().unwrap();
    let period = id(&app, &format!("insert into time_periods (media_id, time_period_name, start_secs, end_secs) values ({media}, '晚间', 68400, 79199) returning id")).await;
    let line = id(&app, &format!("insert into order_lines (order_id, media_id, month, tape_id, time_period_id) values ({order}, {media}, '2026-03-01', {a}, {period}) returning id")).await;
    sqlx::query("insert into order_cells (line_id, ymd, point) values ($1, '2026-03-02', 1), ($1, '2026-03-15', 2)").bind(line).execute(&app.db).await.unwrap();
    sqlx::query("insert into order_tape_changes (order_id, product_id, tape_id, up_tape_id, execute_at) values ($1, $2, $3, $4, '2026-03-10')")
        .bind(order)
        .bind(product)
        .bind(a)
        .bind(b)
        .execute(&app.db)
        .await
        .unwrap();
    let before = state_of(&app, order).await;
    assert_eq!(before.0, 1);

    // Act: every read of the order.
    let reads: [(&str, Value); 8] = [
        ("orderMagneticTapeDetails", json!({ "orderId": order })),
        ("orderInfo", json!({ "orderId": order })),
        ("orderList", json!({})),
        ("orderTemplateList", json!({ "orderId": order })),
        ("orderLogList", json!({ "orderId": order })),
        ("orderHistoryList", json!({ "orderId": order })),
        ("productMagneticTape", json!({ "orderId": order })),
        ("orderMagneticTapeDetailsList", json!({ "productId": product })),
    ];
    for (call, args) in reads {
        app.send(Call::get(call, args).token(&token)).await.ok();
    }

    // Assert: nothing moved until housekeeping's round executes the change.
    assert_eq!(state_of(&app, order).await, before, "a read executed the due change");
    let listed = app.send(Call::get("orderMagneticTapeDetails", json!({ "orderId": order })).token(&token)).await;
    assert_eq!(listed.ok()[0]["statusName"], "待执行");
    let mut conn = app.db.acquire().await.unwrap();
    assert_eq!(adeval_server::orders::tape_changes::execute_due(&mut conn, None).await.unwrap(), 1);
    let after = state_of(&app, order).await;
    assert_eq!((after.0, after.1), (3, vec![(a, 1), (b, 2)]));
    let listed = app.send(Call::get("orderMagneticTapeDetails", json!({ "orderId": order })).token(&token)).await;
    assert_eq!(listed.ok()[0]["statusName"], "已执行");
}
