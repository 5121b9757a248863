//! What a suit entry has left, on [`super::summary_moves::moved`]'s order: orderNum, and the
//! summary's suit list (orderSummarySuitList) and the move's suit picker
//! (orderTimePeriodSuitList) — only suits sold for a month of the order's cycle, a count never
//! below 0 and an overrun said as such.
//!
//! L has, in 晚间, 4 type A spots (L-02 ×1, L-03 ×3) and the certificate's free spot (type C,
//! L-05 ×1); entry 1 of 春季套装 (sold for L) holds 晚间 and 午间, 10 spots. 夏季套装 is sold for
//! N and holds nothing until a test gives it an entry.

use serde_json::{Value, json};

use super::summary_moves::{Moved, moved, ym};
use crate::helpers::Call;

impl Moved {
    async fn get(&self, name: &str, fields: Value) -> crate::helpers::Answer {
        self.s.f.app.send(Call::get(name, fields).token(&self.s.f.token)).await
    }

    /// Gives suit `suit` an entry 1 holding 午间 with `times` spots.
    async fn noon_entry(&self, suit: i64, times: i32) {
        sqlx::query("insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times) values ($1, 1, $2, $3)")
            .bind(suit)
            .bind(self.noon)
            .bind(times)
            .execute(&self.s.f.app.db)
            .await
            .unwrap();
    }

    /// A suit of the order's media and brand sold for the month after the cycle, holding 午间,
    /// and made one of the order's suits.
    async fn late_suit(&self) -> i64 {
        let f = &self.s.f;
        let suit: i64 = sqlx::query_scalar(
            "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
             select media_id, brand_id, '来年套装', 1, 1, 15, $2 from suits where id = $1 returning id",
        )
        .bind(f.suits[0])
        .bind(self.months[3] + chrono::Months::new(1))
        .fetch_one(&f.app.db)
        .await
        .unwrap();
        sqlx::query("insert into order_suits (order_id, media_id, suit_id) values ($1, $2, $3)")
            .bind(self.s.order)
            .bind(f.media)
            .bind(suit)
            .execute(&f.app.db)
            .await
            .unwrap();
        self.noon_entry(suit, 5).await;
        suit
    }
}

#[tokio::test]
async fn order_num_counts_what_an_entry_has_left_by_type() {
    let m = moved().await;
    let f = &m.s.f;
    let ask = |fields: Value| m.get("orderNum", fields);
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

    // Every type: 10 − (1 + 3) = 6 (the certificate's free C spot on L-05 aired without being
    // scheduled); only A: 10 − 4 = 6; only C: 10; B: nothing yet.
    assert_eq!(ask(entry("", "")).await.ok().clone(), json!({ "num": 6, "overrun": 0 }));
    assert_eq!(num(entry("A", "")).await, 6);
    assert_eq!(num(entry("c", "")).await, 10);
    assert_eq!(num(entry("A,B", &m.day(0, 15))).await, 6);
    assert_eq!(num(entry("B", "")).await, 10);
    // A day outside the suit's month leaves nothing.
    assert_eq!(num(entry("", &m.day(1, 1))).await, 0);
}

#[tokio::test]
async fn an_entry_scheduled_past_its_count_says_so_and_never_goes_below_zero() {
    let m = &moved().await;
    let f = &m.s.f;
    // 夏季套装 (N): entry 1 holds 午间, 2 spots.
    m.noon_entry(f.suits[1], 2).await;
    let summer = |types: &str| json!({ "orderId": m.s.order, "timePeriodId": m.noon, "suitId": f.suits[1], "suitXId": 1, "types": types });
    let left = |fields: Value| async move {
        let answer = m.get("orderNum", fields).await;
        let data = answer.ok();
        (data["num"].as_i64().unwrap(), data["overrun"].as_i64().unwrap())
    };
    assert_eq!(left(summer("")).await, (2, 0));
    // L-03's two missing spots made good on N-10 (午间): N's entry has 0 left, no overrun.
    let (l3, _) = m.sources().await;
    m.both(m.args(l3, "B", &m.day(3, 10), 2, 1)).await;
    assert_eq!(left(summer("")).await, (0, 0));
    // One more B spot on N-11: 3 scheduled against 2 sold — 0 left, 1 over.
    let add = json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": f.tapes[1], "ymd": m.day(3, 11), "num": 1 });
    m.s.send("orderSummaryGrpYmdAdd", add).await.ok();
    assert_eq!((left(summer("")).await, left(summer("B")).await, left(summer("A")).await), ((0, 1), (0, 1), (2, 0)));

    // The summary's suit list says the same, per entry: 春季套装 (L) 10 − 4 = 6 left (its free
    // spot aired unscheduled); 夏季套装 (N) 2 − 3: 0 left, 1 over.
    let listed = |rows: &Value| -> Vec<(String, String, i64, i64, i64, i64)> {
        rows.as_array()
            .unwrap()
            .iter()
            .map(|r| {
                let n = |k: &str| r[k].as_i64().unwrap();
                (r["suitName"].as_str().unwrap().into(), r["suitTime"].as_str().unwrap().into(), n("numberOfTimes"), n("scheduled"), n("num"), n("overrun"))
            })
            .collect()
    };
    let order = json!({ "orderId": m.s.order });
    let (l, n) = (ym(m.months[0]), ym(m.months[3]));
    let expected = vec![("春季套装".to_owned(), l.clone(), 10, 4, 6, 0), ("夏季套装".to_owned(), n.clone(), 2, 3, 0, 1)];
    assert_eq!(listed(m.get("orderSummarySuitList", order.clone()).await.ok()), expected);

    // A withdrawn cell does not count: withdrawing N-10's 2 leaves 1 scheduled, 1 left.
    let to = m.cell_at(1, m.noon, "B", &m.day(3, 10)).await.unwrap();
    m.s.up(json!({ "id": to, "type": "B", "num": 2, "value": "撤掉" })).await.ok();
    assert_eq!(left(summer("")).await, (1, 0));

    // A suit sold for the month after the cycle is not the order's to count or pick: not listed,
    // not offered for 午间, and orderNum and a move refuse it.
    let late = m.late_suit().await;
    let expected = vec![("春季套装".to_owned(), l, 10, 4, 6, 0), ("夏季套装".to_owned(), n.clone(), 2, 1, 1, 0)];
    assert_eq!(listed(m.get("orderSummarySuitList", order).await.ok()), expected);
    let offered = m.get("orderTimePeriodSuitList", json!({ "orderId": m.s.order, "timePeriodId": m.noon })).await;
    let offered: Vec<(i64, String)> =
        offered.ok().as_array().unwrap().iter().map(|r| (r["id"].as_i64().unwrap(), r["suitTime"].as_str().unwrap().to_owned())).collect();
    assert_eq!(offered, [(f.suits[0], ym(m.months[0])), (f.suits[1], n)]);
    let mut late_entry = summer("");
    late_entry["suitId"] = json!(late);
    let answer = m.get("orderNum", late_entry).await;
    assert_eq!((answer.code(), answer.field("suitId")), (4000, Some("请选择套装列表")));
    let mut mv = m.args(m.sources().await.1, "B", &m.day(3, 12), 1, 1);
    mv["suitId"] = json!(late);
    assert_eq!(m.send(mv).await.field("suitId"), Some("请选择套装列表"));
}
