//! Tape changes: checked, scheduled, executed on their date and then kept.

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::fixture;

fn tomorrow() -> String {
    (crate::helpers::today() + chrono::Days::new(1)).format("%Y-%m-%d").to_string()
}

#[tokio::test]
async fn a_tape_change_is_checked_scheduled_executed_on_its_date_and_then_kept() {
    let f = fixture().await;
    let f = &f;
    let mut form = f.form();
    form["cycleTimeAdd"] = json!("2026-01-01");
    form["cycleTimeEnd"] = json!("2099-12-31");
    let order = f.add(form.clone()).await["id"].as_i64().unwrap();
    let [a, b] = f.tapes;
    let up = |fields: Value| async move { f.app.send(Call::post("orderMagneticTapeDetailsUp", fields).token(&f.token)).await };

    let empty = up(json!({ "orderId": order })).await;
    assert_eq!(
        (empty.field("upTapeId"), empty.field("tapeId"), empty.field("executeAt")),
        (Some("请选择换版信息"), Some("请选择订单版本"), Some("请选择换版时间"))
    );
    for (fields, field, message) in [
        (json!({ "tapeId": a, "upTapeId": b, "executeAt": "2026-03-01" }), "executeAt", "换版时间 不能小于当前时间".to_owned()),
        (json!({ "tapeId": a, "upTapeId": b, "executeAt": "2100-01-01" }), "executeAt", "换版时间不能大于2099-12-31".to_owned()),
        (json!({ "tapeId": a, "upTapeId": f.foreign_tape, "executeAt": tomorrow() }), "upTapeId", "换版信息不是该订单产品的磁带".to_owned()),
        (json!({ "tapeId": a, "upTapeId": a, "executeAt": tomorrow() }), "upTapeId", "换版前后不能是同一版本".to_owned()),
        (json!({ "tapeId": b, "upTapeId": a, "executeAt": tomorrow() }), "tapeId", "不是该订单的版本".to_owned()),
    ] {
        let mut fields = fields;
        fields["orderId"] = json!(order);
        let answer = up(fields.clone()).await;
        assert_eq!(answer.field(field), Some(message.as_str()), "{fields}: {}", answer.body);
    }
    assert_eq!(f.count("order_tape_changes").await, 0);

    let added = up(json!({ "orderId": order, "tapeId": a, "upTapeId": b, "executeAt": tomorrow() })).await;
    assert_eq!(added.body["message"], "添加完成", "{}", added.body);
    let list = |order: i64| async move {
        f.app.send(Call::get("orderMagneticTapeDetails", json!({ "orderId": order })).token(&f.token)).await.ok().clone()
    };
    let rows = list(order).await;
    let change = rows[0].clone();
    assert_eq!((change["magneticTapeName"].as_str(), change["upTapeName"].as_str()), (Some("伊利版本A"), Some("伊利版本B")));
    assert_eq!((change["status"].as_i64(), change["statusName"].as_str()), (Some(1), Some("待执行")));
    assert_eq!((change["executeAt"].as_str(), change["minDate"].as_str()), (Some(tomorrow().as_str()), Some(tomorrow().as_str())));
    assert_eq!(change["maxDate"], "2099-12-31");
    // Without a schedule the order is still waiting for one.
    assert_eq!(f.info(order).await["statusName"], "待创建订单");
    let id = change["id"].as_i64().unwrap();
    let moved = up(json!({ "id": id, "upTapeId": b, "executeAt": "2100-01-01 00:00:00" })).await;
    assert_eq!(moved.field("executeAt"), Some("换版时间不能大于2099-12-31"));
    let moved = up(json!({ "id": id, "upTapeId": b, "executeAt": "2026-02-01 00:00:00" })).await;
    assert_eq!(moved.field("executeAt"), Some(format!("换版时间不能小于{}", tomorrow()).as_str()));
    let moved = up(json!({ "id": id, "upTapeId": b, "executeAt": "2099-06-01 00:00:00" })).await;
    assert_eq!(moved.body["message"], "修改完成");
    assert_eq!(list(order).await[0]["executeAt"], "2099-06-01");

    // March's schedule on tape A; tape B joins the order and already has 2 spots on the 20th.
    let line = f.schedule(order, a, &[2, 15, 20]).await;
    form["orderId"] = json!(order);
    form["orderProductMagneticTapeId"] = json!(format!("{a},{b}"));
    f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await.ok();
    let b_line = f.schedule(order, b, &[20]).await;
    assert_eq!(f.info(order).await["statusName"], "待换版");
    // A pending change keeps the cycle from shrinking past it.
    let mut shrink = form.clone();
    shrink["cycleTimeEnd"] = json!("2099-05-31");
    let refused = f.app.send(Call::post("orderUp", shrink).token(&f.token)).await;
    assert_eq!(refused.field("cycleTimeEnd"), Some("有待执行的换版不在新周期内，请先修改或删除该换版"));
    // A verified spot and a withdrawn one on a day the new line already has stay where they are.
    sqlx::query("insert into order_cells (line_id, ymd, point, is_he) values ($1, '2026-03-25', 1, 2)")
        .bind(line)
        .execute(&f.app.db)
        .await
        .unwrap();
    sqlx::query("update order_cells set value = '撤掉' where line_id = $1 and ymd = '2026-03-20'")
        .bind(line)
        .execute(&f.app.db)
        .await
        .unwrap();
    let c_line = {
        // A line of tape A the change empties entirely: removed afterwards.
        let period = f.period(f.media, "午间", (43200, 46799)).await;
        let id: i64 = sqlx::query_scalar(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id) values ($1, $2, '2026-03-01', $3, $4) returning id",
        )
        .bind(order)
        .bind(f.media)
        .bind(a)
        .bind(period)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
        sqlx::query("insert into order_cells (line_id, ymd, point) values ($1, '2026-03-12', 3)").bind(id).execute(&f.app.db).await.unwrap();
        id
    };
    // The change's date comes: housekeeping's round executes it, and from 10 March on A's
    // spots air as B. Reads leave it to housekeeping (tests/api/orders/reads.rs).
    sqlx::query("update order_tape_changes set execute_at = '2026-03-10' where id = $1").bind(id).execute(&f.app.db).await.unwrap();
    let mut conn = f.app.db.acquire().await.unwrap();
    assert_eq!(adeval_server::orders::tape_changes::execute_due(&mut conn, None).await.unwrap(), 1);
    let rows = list(order).await;
    assert_eq!((rows[0]["status"].as_i64(), rows[0]["statusName"].as_str()), (Some(3), Some("已执行")));
    assert_eq!(f.info(order).await["statusName"], "播出中");
    let cells = |line: i64| async move {
        sqlx::query_as::<_, (String, i32)>("select to_char(ymd, 'DD'), point from order_cells where line_id = $1 order by ymd")
            .bind(line)
            .fetch_all(&f.app.db)
            .await
            .unwrap()
    };
    assert_eq!(cells(line).await, [("02".to_owned(), 2), ("20".to_owned(), 2), ("25".to_owned(), 1)]);
    assert_eq!(cells(b_line).await, [("15".to_owned(), 2), ("20".to_owned(), 2)]);
    let left: i64 = sqlx::query_scalar("select count(*) from order_lines where id = $1").bind(c_line).fetch_one(&f.app.db).await.unwrap();
    assert_eq!(left, 0, "the emptied line stayed");
    let moved: i32 = sqlx::query_scalar(
        "select c.point from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and l.tape_id = $2 and c.ymd = '2026-03-12'",
    )
    .bind(order)
    .bind(b)
    .fetch_one(&f.app.db)
    .await
    .unwrap();
    assert_eq!(moved, 3);
    // Running again finds nothing due.
    assert_eq!(adeval_server::orders::tape_changes::execute_due(&mut conn, None).await.unwrap(), 0);
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(log.ok()[0]["content"], "执行换版：伊利版本A → 伊利版本B（2026-03-10 起的排期已改为新版本）");
    assert_eq!(log.ok()[0]["admin"]["name"], "系统");

    let del = |details: i64| async move {
        f.app
            .send(Call::post("orderMagneticTapeDetailsDel", json!({ "orderId": order, "detailsId": details })).token(&f.token))
            .await
    };
    let kept = del(id).await;
    assert_eq!((kept.code(), kept.body["message"].as_str()), (4009, Some("不可删除")));
    up(json!({ "orderId": order, "tapeId": b, "upTapeId": a, "executeAt": tomorrow() })).await.ok();
    let pending = list(order).await[1]["id"].as_i64().unwrap();
    assert_eq!(del(pending).await.body["message"], "删除成功");
    assert_eq!(f.count("order_tape_changes").await, 1);

    let options = f.app.send(Call::get("orderMagneticTapeDetailsList", json!({ "productId": f.product })).token(&f.token)).await;
    let names: Vec<&str> = options.ok().as_array().unwrap().iter().map(|t| t["up_tape_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["伊利版本A", "伊利版本B"]);
    let tapes = f.app.send(Call::get("productMagneticTape", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(tapes.ok()["product_magnetic_tape"].as_array().unwrap().len(), 2);
}
