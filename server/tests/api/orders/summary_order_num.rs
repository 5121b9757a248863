//! orderNum: the spots one entry of the order's suit still has to schedule, on
//! [`super::summary_moves::moved`]'s order. Its March has, in 晚间 and 午间, 4 type A spots
//! (day 2 ×1, day 3 ×3) and the certificate's free spot (type C, day 5 ×1); entry 1 of 春季套装
//! (March) holds both periods, 10 spots.

use serde_json::{Value, json};

use super::summary_moves::moved;
use crate::helpers::Call;

#[tokio::test]
async fn order_num_counts_what_an_entry_has_left_by_type() {
    let m = moved().await;
    let f = &m.s.f;
    let ask = |fields: Value| async move { f.app.send(Call::get("orderNum", fields).token(&f.token)).await };
    let entry = |types: &str, ymd: &str| json!({ "orderId": m.s.order, "timePeriodId": m.noon, "suitId": f.suits[0], "suitXId": 1, "types": types, "ymd": ymd });
    let num = |fields: Value| async move { ask(fields).await.ok()["num"].as_i64().unwrap() };

    let empty = ask(json!({})).await;
    assert_eq!(
        (empty.code(), empty.field("orderId"), empty.field("timePeriodId"), empty.field("suitId"), empty.field("suitXId")),
        (4000, Some("请选择订单"), Some("请选择订单时段"), Some("请选择套装列表"), Some("请选择套装列表"))
    );
    let mut bad = entry("A,E", "2026/03/01");
    assert_eq!((ask(bad.clone()).await.field("types"), ask(bad.clone()).await.field("ymd")), (Some("点位类型只能是 A、B、C 或 D"), Some("日期格式应为 YYYY-MM-DD")));
    bad["orderId"] = json!(99_999_999);
    bad["types"] = json!("");
    bad["ymd"] = json!("");
    assert_eq!(ask(bad).await.code(), 4004);
    // The suit must be the order's, the entry the suit's, and the entry must hold the period.
    for (change, field, message) in [
        (json!({ "suitId": f.foreign_suit }), "suitId", "请选择套装列表"),
        (json!({ "suitId": f.suits[1] }), "suitXId", "请选择套装列表"),
        (json!({ "suitXId": 2 }), "suitXId", "请选择套装列表"),
        (json!({ "timePeriodId": f.period(f.media, "早间", (25200, 28799)).await }), "timePeriodId", "该套装不包含该时段"),
    ] {
        let mut fields = entry("", "");
        for (k, v) in change.as_object().unwrap() {
            fields[k] = v.clone();
        }
        let answer = ask(fields).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{change}");
    }

    // Every type: 10 − (1 + 3 + 1) = 5; only A: 10 − 4 = 6; only C: 10 − 1 = 9; B: nothing yet.
    assert_eq!(num(entry("", "")).await, 5);
    assert_eq!(num(entry("A", "")).await, 6);
    assert_eq!(num(entry("c", "")).await, 9);
    assert_eq!(num(entry("A,B", "2026-03-15")).await, 6);
    assert_eq!(num(entry("B", "")).await, 10);
    // A day outside the suit's month leaves nothing.
    assert_eq!(num(entry("", "2026-04-01")).await, 0);

    // Two missing spots moved to 午间 as make-goods count as scheduled B spots.
    let (march, _) = m.sources().await;
    m.both(m.args(march, "B", "2026-03-10", 2, 1)).await;
    assert_eq!((num(entry("", "")).await, num(entry("B", "")).await, num(entry("A", "")).await), (3, 8, 6));
    // A withdrawn cell does not count; more scheduled than sold leaves 0, not less.
    let to = m.cell_at(1, m.noon, "B", "2026-03-10").await.unwrap();
    m.s.up(json!({ "id": to, "type": "B", "num": 2, "value": "撤掉" })).await.ok();
    assert_eq!(num(entry("B", "")).await, 10);
    m.s.send("orderSummaryGrpYmdAdd", json!({ "type": "D", "timePeriodId": m.evening, "productDefaultId": f.tapes[0], "ymd": "2026-03-20", "num": 20 })).await.ok();
    assert_eq!((num(entry("", "")).await, num(entry("D", "")).await, num(entry("A", "")).await), (0, 0, 6));
}
