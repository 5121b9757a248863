//! Found by an adversarial tester driving the served system over its HTTP contract: each test
//! failed before its fix. Validation names the field the user typed wrong (docs/api.md "The envelope": 4000 with
//! `data.fields`) and changes nothing.

use serde_json::json;

use crate::helpers::Call;
use crate::helpers::orders::fixture;

const CELLS_OUTSIDE: &str = "周期外已有排期点位，不能缩短到该周期";

#[tokio::test]
async fn a_cycle_that_strands_cells_is_refused_on_the_date_that_strands_them() {
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    // Cells on 2 and 31 March; the cycle is the whole of March.
    f.schedule(id, f.tapes[0], &[2, 31]).await;
    let up = |changes: serde_json::Value| {
        let mut form = f.form();
        form["orderId"] = json!(id);
        for (k, v) in changes.as_object().unwrap() {
            form[k] = v.clone();
        }
        f.app.send(Call::post("orderUp", form).token(&f.token))
    };

    // Shortening the end past the 31st: the end is what strands the cell, not the start.
    let answer = up(json!({"cycleTimeEnd": "2026-03-30"})).await;
    assert_eq!(answer.code(), 4000, "{}", answer.body);
    assert_eq!((answer.field("cycleTimeEnd"), answer.field("cycleTimeAdd")), (Some(CELLS_OUTSIDE), None), "{}", answer.body);
    // A later start past the 2nd: the start.
    let answer = up(json!({"cycleTimeAdd": "2026-03-03"})).await;
    assert_eq!((answer.field("cycleTimeAdd"), answer.field("cycleTimeEnd")), (Some(CELLS_OUTSIDE), None), "{}", answer.body);
    // Both at once: both, in one answer.
    let answer = up(json!({"cycleTimeAdd": "2026-03-03", "cycleTimeEnd": "2026-03-30"})).await;
    assert_eq!((answer.field("cycleTimeAdd"), answer.field("cycleTimeEnd")), (Some(CELLS_OUTSIDE), Some(CELLS_OUTSIDE)), "{}", answer.body);

    // Nothing changed; a cycle that keeps both cells is taken.
    let info = f.info(id).await;
    assert_eq!((info["cycleTimeAdd"].as_str(), info["cycleTimeEnd"].as_str()), (Some("2026-03-01"), Some("2026-03-31")));
    let answer = up(json!({"cycleTimeAdd": "2026-03-02", "cycleTimeEnd": "2026-03-31"})).await;
    assert_eq!(answer.code(), 200, "{}", answer.body);
}

/// 晚间A 19:00–19:59:59 of the fixture's media.
const EVENING_A: (i32, i32) = (68400, 71999);

#[tokio::test]
async fn assigning_a_certificate_row_the_period_it_airs_in_already_changes_nothing() {
    use crate::helpers::orders::{certificate_workbook, template};
    let f = fixture().await;
    let evening = f.period(f.media, "晚间A", EVENING_A).await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let schedule = template(&[("2026-03", vec![("伊利版本A", "晚间A", "A", vec![(2, 1.0), (3, 1.0)])])]);
    assert_eq!(f.import_template(order, &schedule).await.0, "done");
    // March 2026 is over, so the whole month is due. Day 2 and 3 aired as planned; a spot at
    // 10:00 on day 5 fell in no period.
    let rows = [("2026-03-02", "19:10:00", "晚间A", "伊利版本A", 1), ("2026-03-03", "19:20:00", "晚间A", "伊利版本A", 1), ("2026-03-05", "10:00:00", "", "伊利版本A", 1)];
    let (status, message) = f.import_certificate(order, &certificate_workbook(&rows)).await;
    assert_eq!(status, "done", "{message}");
    let send = |name: &'static str, fields: serde_json::Value| {
        let call = if name == "broadcastingCertificate" { Call::get(name, fields) } else { Call::post(name, fields) };
        f.app.send(call.token(&f.token))
    };
    let unassigned = send("broadcastingCertificate", json!({"orderId": order})).await.ok()["dataValue"]["unassigned"].clone();
    let row = unassigned[0]["id"].as_i64().unwrap();

    // The user assigns the 10:00 spot to 晚间A (a real change: logged), then checks.
    let assign = json!({"broadcastingCertificateId": row, "timePeriodId": evening});
    assert_eq!(send("orderBroadcastLicenseTimeUp", assign.clone()).await.code(), 200);
    let preview = send("orderBroadcastLicenseUp", json!({"orderId": order, "typeY": 1})).await;
    assert_eq!(preview.ok()["dataValue"]["changes"]["freeSpots"], 1, "{}", preview.body);
    let logs = |f: &crate::helpers::orders::Fixture| {
        let db = f.app.db.clone();
        async move {
            sqlx::query_scalar::<_, i64>("select count(*) from order_logs where order_id = $1").bind(order).fetch_one(&db).await.unwrap()
        }
    };
    let (logged, status) = (logs(&f).await, f.info(order).await["statusName"].clone());
    assert_eq!(status, "公司播出证明");

    // The same assignment again (a double click, a second tab): the row airs in 晚间A already.
    let again = send("orderBroadcastLicenseTimeUp", assign).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (200, Some("修改成功")));
    // Nothing was written: no log line, and the preview the user is looking at still stands,
    // so confirming it applies (before: the repeat dropped it and confirming answered 4009).
    assert_eq!(logs(&f).await, logged, "a repeat that changes nothing is not logged");
    let confirmed = send("orderBroadcastLicenseUp", json!({"orderId": order, "typeY": 2})).await;
    assert_eq!((confirmed.code(), confirmed.body["message"].as_str()), (200, Some("确认成功")), "{}", confirmed.body);
    // Days 2 and 3 verified, the 10:00 spot a free cell: March confirmed, the order finished.
    assert_eq!(confirmed.ok()["verifiedCells"], 2);
    assert_eq!(f.info(order).await["statusName"], "已完结");

    // Once the month is confirmed, a repeat is refused like any correction of it.
    let late = send("orderBroadcastLicenseTimeUp", json!({"broadcastingCertificateId": row, "timePeriodId": evening})).await;
    assert_eq!(late.code(), 4009, "{}", late.body);
}

#[tokio::test]
async fn a_suit_an_order_is_sold_on_cannot_be_deleted_and_says_so() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let suits_of = |db: sqlx::PgPool| async move {
        sqlx::query_scalar::<_, i64>("select count(*) from suits").fetch_one(&db).await.unwrap()
    };
    let before = suits_of(f.app.db.clone()).await;
    // The order takes both of the fixture's suits (春季套装, 夏季套装); before: a foreign-key
    // violation answered 5000 服务器内部错误.
    let answer = f.app.send(Call::post("suitDel", json!({"id": f.suits[0]})).token(&f.token)).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该套装已被 1 个订单使用，无法删除")), "{}", answer.body);
    assert_eq!(suits_of(f.app.db.clone()).await, before);
    assert_eq!(f.info(order).await["suit"].as_array().map(Vec::len), Some(2), "the order keeps both suits");
    // The suit no order took goes.
    let answer = f.app.send(Call::post("suitDel", json!({"id": f.foreign_suit})).token(&f.token)).await;
    assert_eq!(answer.body["message"], "删除成功");
}

#[tokio::test]
async fn a_period_an_order_schedules_can_be_neither_deleted_nor_moved_to_another_media() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    // One line of the order in 晚间 (19:00–21:59:59), on 2 and 3 March.
    f.schedule(order, f.tapes[0], &[2, 3]).await;
    let evening = f.period(f.media, "晚间", crate::helpers::orders::EVENING).await;
    let send = |name: &'static str, fields: serde_json::Value| f.app.send(Call::post(name, fields).token(&f.token));
    let cells = |db: sqlx::PgPool| async move {
        sqlx::query_scalar::<_, i64>("select count(*) from order_cells").fetch_one(&db).await.unwrap()
    };

    // Before: the schedule's foreign key refused both and the user read 5000 服务器内部错误.
    let answer = send("timePeriodDel", json!({"id": evening})).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该时段已被 1 个订单使用，无法删除")), "{}", answer.body);
    let moved = json!({"id": evening, "mediaId": f.other_media, "timePeriodName": "晚间", "preBroadcastTimeForma": "19:00:00", "preBroadcastTimeFormaEnd": "21:59:59"});
    let answer = send("timePeriodUp", moved).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该时段已被 1 个订单使用，不能更换媒体")), "{}", answer.body);

    // Nothing changed: the period, its media and the schedule stand; a rename on its media is fine.
    let media: i64 = sqlx::query_scalar("select media_id from time_periods where id = $1").bind(evening).fetch_one(&f.app.db).await.unwrap();
    assert_eq!((media, cells(f.app.db.clone()).await), (f.media, 2));
    let renamed = json!({"id": evening, "mediaId": f.media, "timePeriodName": "晚间", "timePeriodNameUp": "晚间档", "preBroadcastTimeForma": "19:00:00", "preBroadcastTimeFormaEnd": "21:59:59"});
    let answer = send("timePeriodUp", renamed).await;
    assert_eq!(answer.code(), 200, "{}", answer.body);
}

#[tokio::test]
async fn a_tape_or_suit_an_order_holds_keeps_its_product_and_media() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let send = |name: &'static str, fields: serde_json::Value| f.app.send(Call::post(name, fields).token(&f.token));
    // Before: the orders' foreign keys refused both updates and the user read 5000.
    // The order's tape 伊利版本A moved to 别的产品 (same brand and media):
    let other_product: i64 = sqlx::query_scalar("select id from products where product_name = '别的产品'").fetch_one(&f.app.db).await.unwrap();
    let brand: i64 = sqlx::query_scalar("select brand_id from products where id = $1").bind(f.product).fetch_one(&f.app.db).await.unwrap();
    let tape = json!({"id": f.tapes[0], "brandId": brand, "mediaId": f.media, "productId": other_product, "cycle": "2026",
        "customerVersionName": "伊利版本A", "mediaFileName": "伊利版本A", "mediaTapeNumber": "T-001", "customerTitle": "伊利版本A", "seconds": 15});
    let answer = send("productMagneticTapeUp", tape).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该磁带已被订单使用，不能更换产品")), "{}", answer.body);
    // The order's suit 春季套装 moved to 测试二台 (a period of that media in its entry):
    let other_period = f.period(f.other_media, "二台晚间", crate::helpers::orders::EVENING).await;
    let suit = json!({"id": f.suits[0], "suitName": "春季套装", "brandId": brand, "mediaId": f.other_media, "customerMetrics": 120.5, "mediaMetrics": 100.1234,
        "seconds": 15, "suitTime": "2026-03", "timePeriodArray": [{"timePeriodId": other_period.to_string(), "numberOfTimes": 2}]});
    let answer = send("suitUp", suit).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该套装已被订单使用，不能更换媒体")), "{}", answer.body);
    // Nothing changed.
    let (product, media): (i64, i64) = sqlx::query_as("select t.product_id, s.media_id from product_tapes t, suits s where t.id = $1 and s.id = $2")
        .bind(f.tapes[0])
        .bind(f.suits[0])
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    assert_eq!((product, media), (f.product, f.media));
    assert_eq!(f.info(order).await["tapes"].as_array().map(Vec::len), Some(1));
}

/// The largest metrics the order and suit columns hold (numeric(14, 3)).
const MOST: &str = "99999999999.999";

#[tokio::test]
async fn metrics_that_round_or_add_up_past_what_is_stored_are_4000_not_5000() {
    let f = fixture().await;
    let send = |name: &'static str, fields: serde_json::Value| f.app.send(Call::post(name, fields).token(&f.token));
    let orders = |db: sqlx::PgPool| async move { sqlx::query_scalar::<_, i64>("select count(*) from orders").fetch_one(&db).await.unwrap() };

    // 99999999999.9999 is below 10^11 but is stored to 3 decimals: 100000000000.000, which
    // overflowed the column (5000). The edge itself is taken.
    let mut form = f.form();
    form["customerMetrics"] = json!("99999999999.9999");
    form["mediaFreeBroadcastValue"] = json!("99999999999.9999");
    form["adjustingQuantity"] = json!("-99999999999.9999");
    let answer = send("orderAdd", form).await;
    assert_eq!(answer.code(), 4000, "{}", answer.body);
    assert_eq!(answer.field("customerMetrics"), Some("指标必须是大于等于0的数字"));
    assert_eq!(answer.field("mediaFreeBroadcastValue"), Some("赠播值必须是大于等于0的数字"));
    assert_eq!(answer.field("adjustingQuantity"), Some("调整数量必须是数字"));
    assert_eq!(orders(f.app.db.clone()).await, 0);
    let mut form = f.form();
    form["customerMetrics"] = json!(MOST);
    let id = send("orderAdd", form).await.ok()["id"].as_i64().unwrap();
    assert_eq!(f.info(id).await["customerMetrics"], 99_999_999_999.999);
    let answer = send("orderUp", json!({"orderId": id, "mediaMetrics": "99999999999.9999"})).await;
    assert_eq!(answer.field("mediaMetrics"), Some("指标必须是大于等于0的数字"), "{}", answer.body);

    // A suit's metrics alike.
    let period = f.period(f.media, "晚间", crate::helpers::orders::EVENING).await;
    let brand: i64 = sqlx::query_scalar("select brand_id from products where id = $1").bind(f.product).fetch_one(&f.app.db).await.unwrap();
    let suit = |name: &str, metrics: &str| {
        json!({"suitName": name, "brandId": brand, "mediaId": f.media, "customerMetrics": metrics, "mediaMetrics": metrics, "seconds": 15,
               "suitTime": "2026-03", "timePeriodArray": [{"timePeriodId": period.to_string(), "numberOfTimes": 2}]})
    };
    let answer = send("suitAdd", suit("大套装", "99999999999.9999")).await;
    assert_eq!(answer.field("customerMetrics"), Some("客户指标必须是大于等于0的数字"), "{}", answer.body);
    assert_eq!(answer.field("mediaMetrics"), Some("媒体指标必须是大于等于0的数字"));

    // Two suits at the edge: an order that leaves its metrics to them would store their sum,
    // 199999999999.998 (5000 before); it is asked to type its metrics instead.
    let big = [send("suitAdd", suit("大套装一", MOST)).await.ok()["id"].as_i64().unwrap(), send("suitAdd", suit("大套装二", MOST)).await.ok()["id"].as_i64().unwrap()];
    let mut form = f.form();
    form["suitId"] = json!(format!("{},{}", big[0], big[1]));
    let answer = send("orderAdd", form.clone()).await;
    assert_eq!(answer.code(), 4000, "{}", answer.body);
    assert_eq!(answer.field("customerMetrics"), Some("所选套装的指标合计过大，请填写指标"));
    assert_eq!(answer.field("mediaMetrics"), Some("所选套装的指标合计过大，请填写指标"));
    assert_eq!(orders(f.app.db.clone()).await, 1);
    form["customerMetrics"] = json!("100");
    form["mediaMetrics"] = json!("90");
    assert_eq!(send("orderAdd", form).await.code(), 200);
}

#[tokio::test]
async fn a_drill_down_page_far_past_the_end_is_empty_not_a_dropped_connection() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    f.schedule(order, f.tapes[0], &[2, 3]).await;
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    // (page − 1) × limit past 2^64 overflowed: the worker panicked and the client got no
    // answer (a release build would have wrapped round to some page in the middle).
    for (figure, extra) in [("planned", json!({})), ("estimate", json!({"timePeriodClassId": class}))] {
        for (page, limit) in [("92233720368547758", 1000), ("9223372036854775807", 2), ("18446744073709552", 1000)] {
            let mut fields = json!({"orderId": order, "figure": figure, "page": page, "limit": limit});
            for (k, v) in extra.as_object().unwrap() {
                fields[k] = v.clone();
            }
            let answer = f.app.send(Call::get("figureRows", fields).token(&f.token)).await;
            let data = answer.ok();
            assert_eq!(data["data"], json!([]), "{figure} {page}");
            if figure == "planned" {
                // The count and the sum are of every row, whatever the page: 2 cells of 2 spots.
                assert_eq!((data["total"].as_i64(), data["sum"].as_i64()), (Some(2), Some(4)), "{figure} {page}");
            }
        }
    }
}
