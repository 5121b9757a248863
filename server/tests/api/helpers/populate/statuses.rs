//! The orders the demo set lacks, so that every status has one: scheduled and starting next
//! week (3 待开播), the same with a tape change scheduled (5 待换版), and a cycle over whose
//! certificate never came (6 已完结（数据缺失）). Inserted as the demo's loader inserts its
//! orders, then scheduled through the order-template upload.

use chrono::{Datelike, Days, NaiveDate};
use serde_json::json;

use crate::helpers::orders::{TemplateLine, template};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::{Call, TestApp};

/// Adds the three orders; answers their ids.
pub async fn add(app: &TestApp, token: &str, today: NaiveDate) -> [i64; 3] {
    let next_week = (today + Days::new(5), today + Days::new(35));
    let starting = order(app, token, "纯甄", next_week).await;
    let changing = order(app, token, "纯甄", next_week).await;
    let tapes: Vec<i64> = sqlx::query_scalar("select tape_id from order_tapes where order_id = $1 order by position")
        .bind(changing)
        .fetch_all(&app.db)
        .await
        .unwrap();
    let change = json!({"orderId": changing, "tapeId": tapes[0], "upTapeId": tapes[1], "executeAt": (next_week.0 + Days::new(3)).to_string()});
    app.send(Call::post("orderMagneticTapeDetailsUp", change).token(token)).await.ok();
    let over = order(app, token, "金典有机奶", (today - Days::new(70), today - Days::new(40))).await;
    [starting, changing, over]
}

/// An order of `product` on its media, with its product's first two tapes and its media's
/// suits for its brand, over `cycle`, scheduled: one spot a day in its media's first period.
async fn order(app: &TestApp, token: &str, product: &str, cycle: (NaiveDate, NaiveDate)) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
                             customer_free_calc, customer_free_value, media_free_calc, media_free_value,
                             customer_metrics, media_metrics, notes, created_by)
         select p.media_id, p.id, p.default_audience_group_id, p.seconds, $2, $3, $2, 2, 10, 1, 0, 50, 45, '读取测试', 1
         from products p where p.product_name = $1 returning id",
    )
    .bind(product)
    .bind(cycle.0)
    .bind(cycle.1)
    .fetch_one(&app.db)
    .await
    .unwrap();
    sqlx::query(
        "insert into order_tapes (order_id, product_id, tape_id, position)
         select $1, product_id, id, row_number() over (order by id) from product_tapes
         where product_id = (select product_id from orders where id = $1) order by id limit 2",
    )
    .bind(id)
    .execute(&app.db)
    .await
    .unwrap();
    sqlx::query(
        "insert into order_suits (order_id, media_id, suit_id)
         select o.id, o.media_id, s.id from orders o join products p on p.id = o.product_id
         join suits s on s.media_id = o.media_id and s.brand_id = p.brand_id where o.id = $1",
    )
    .bind(id)
    .execute(&app.db)
    .await
    .unwrap();
    let (tape, period): (String, String) = sqlx::query_as(
        "select t.media_file_name, p.time_period_name from orders o
         join order_tapes ot on ot.order_id = o.id and ot.position = 1 join product_tapes t on t.id = ot.tape_id
         join time_periods p on p.media_id = o.media_id where o.id = $1 order by p.start_secs limit 1",
    )
    .bind(id)
    .fetch_one(&app.db)
    .await
    .unwrap();
    let mut months: Vec<(String, Vec<(u32, f64)>)> = Vec::new();
    let mut day = cycle.0;
    while day <= cycle.1 {
        let month = day.format("%Y-%m").to_string();
        match months.last_mut() {
            Some((m, days)) if *m == month => days.push((day.day(), 1.0)),
            _ => months.push((month, vec![(day.day(), 1.0)])),
        }
        day = day + Days::new(1);
    }
    let sheets: Vec<(&str, Vec<TemplateLine>)> =
        months.iter().map(|(m, days)| (m.as_str(), vec![(tape.as_str(), period.as_str(), "A", days.clone())])).collect();
    let answer = upload(app, token, "orderTemplate", "排期.xlsx", json!({"orderId": id}), &template(&sheets)).await;
    let (status, message) = job_end(app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    id
}
