//! A populated order for the drill-down tests (figureRows): the summary grid's example
//! ([`super::grid_example`]) with positions, a manual GRP, an edited estimate and an
//! assessment date, so every figure has rows of every kind. Hand-worked numbers:
//!
//! Order on tapes 伊利版本A (T-001) and 伊利版本B, cycle 2026-03-01 … 2026-05-10, customer
//! metrics 100 + 10 % = target 110, media 50 + 5 = 55. Periods 晚间A 19:00–19:59:59 (class 黄金,
//! estimate edited to 2.5 / 2.0 / 3.0, both sides) and 晚间B 20:00–20:59:59 (no class).
//! Assessed from 2026-03-05.
//!
//! | line | month | tape, period, type | cells (day ×spots) | certificate aired |
//! |---|---|---|---|---|
//! | L1 | March | A, 晚间A, A | 2 ×2 (manual GRP 7.5), 3 ×1, 10 ×1 | 2, 0 (short), 1 |
//! | L2 | March | A, 晚间A, B | 2 ×1 | 1 |
//! | L3 | March | B, 晚间B, A | 5 ×2, 6 ×1 withdrawn | 1 (short) |
//! | L4 | April | A, 晚间A, A | 1 ×1, 15 ×3, 20 ×2 withdrawn | — |
//!
//! Planned: March 4 + 1 + 2 = 7, April 4: 11; target shares 110 × 7 ÷ 11 = 70, 40, May 0.
//! Remaining from 03-05: L1 day 10 (1, 黄金), L3 day 5 (2, unestimated), L4 1 + 3 (黄金): March
//! 3 (2 unestimated), April 4. Missing: L1 day 3 (1), L3 day 5 (1). Published: L1 3, L2 1, L3 1.
//!
//! Customer rows (category 2, source 3) and where they sit: 03-02 19:10 A 2.0 正一 and 19:20
//! 3.0 2/8 on L1 day 2 (superseded by its manual GRP 7.5 for 2 spots), 19:40 T-001 1.0 中 on
//! L2; 03-10 19:30 4.0 4/8 on L1 day 10; 03-12 19:45 测试牛奶 5.0 倒二 and 03-13 19:50 6.0 (no
//! position) on L1 with no cell; 03-05 20:10 B 1.5 正四 and 20:20 2.5 on L3; 03-05 20:30 A 9.0
//! 倒一 unplaced (no line of tape A in 晚间B); 04-15 19:05 2.25 正三 and 19:15 1.25 on L4.
//! March issued 7.5 + 1 + 4 + 5 + 6 + 1.5 + 2.5 + 9 = 36.5 over 2 + 7 = 9 spots; April 3.5
//! over 2; the order 40 over 11. 正负三: March 7 positioned (正一, 2/8, 中, 4/8, 倒二, 正四,
//! 倒一), 4 in the top or bottom three; April 1 of 1; the order 5 of 8 = 62.5 %.
//! Expected (normal / low / high): March 36.5 + 1 × 2.5 = 39 / 38.5 / 39.5, April 3.5 + 4 ×
//! 2.5 = 13.5 / 11.5 / 15.5, total 52.5 / 50 / 55; difference −31, −26.5, 0, total −57.5.
//! Media rows: 04-15 19:05 8.0 正二 on L4. Rows outside the cycle in 晚间A on 02-20 (1.0 and
//! 3.0) and 02-21 (0.5), of another title, only feed the default estimate of 黄金: days
//! 02-20 2.0, 02-21 0.5, 03-02 (2.0 + 3.0 + 1.0) ÷ 3 = 2.0 → normal 1.5, low 0.5 + 0.4 × 1.5
//! = 1.1, high 2.0.

use serde_json::{Value, json};

use super::grid_example::{GridExample, grid_example};
use super::orders::{Fixture, fixture};
use super::viewing::{Spot, upload_customer_data};
use super::{Answer, Call};

pub struct Drill {
    pub f: Fixture,
    pub order: i64,
    /// 黄金, the class of 晚间A.
    pub class: i64,
    /// L1 … L4.
    pub lines: [i64; 4],
}

fn spot(day: &str, time: &str, title: &str, grp: f64, position: &str) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s("测试卫视"), s(time), 15.0, s(title), s("晚间新闻"), s("全国4+"), grp, s(position))
}

pub async fn drill() -> Drill {
    let f = fixture().await;
    let db = &f.app.db;
    let GridExample { order, class, .. } = grid_example(&f, json!({ "customerMetrics": 100, "mediaMetrics": 50 })).await;
    upload_customer_data(
        &f.app,
        &f.token,
        1,
        &[
            spot("2026-03-02", "19:10:00", "伊利版本A", 2.0, "正一"),
            spot("2026-03-02", "19:20:00", "伊利版本A", 3.0, "2/8"),
            spot("2026-03-02", "19:40:00", "T-001", 1.0, "中"),
            spot("2026-03-10", "19:30:00", "伊利版本A", 4.0, "4/8"),
            spot("2026-03-12", "19:45:00", "测试牛奶", 5.0, "倒二"),
            spot("2026-03-13", "19:50:00", "伊利版本A", 6.0, ""),
            spot("2026-03-05", "20:10:00", "伊利版本B", 1.5, "正四"),
            spot("2026-03-05", "20:20:00", "伊利版本B", 2.5, ""),
            spot("2026-03-05", "20:30:00", "伊利版本A", 9.0, "倒一"),
            spot("2026-04-15", "19:05:00", "伊利版本A", 2.25, "正三"),
            spot("2026-04-15", "19:15:00", "伊利版本A", 1.25, ""),
            spot("2026-02-20", "19:10:00", "别的广告", 1.0, ""),
            spot("2026-02-20", "19:30:00", "别的广告", 3.0, ""),
            spot("2026-02-21", "19:10:00", "别的广告", 0.5, ""),
        ],
    )
    .await;
    upload_customer_data(&f.app, &f.token, 2, &[spot("2026-04-15", "19:05:00", "伊利版本A", 8.0, "正二")]).await;
    sqlx::query("update orders set estimate_date = '2026-03-05' where id = $1").bind(order).execute(db).await.unwrap();
    let lines: Vec<i64> = sqlx::query_scalar(
        "select l.id from order_lines l join time_periods p on p.id = l.time_period_id
         where l.order_id = $1 order by l.month, l.tape_id, p.start_secs, l.point_type",
    )
    .bind(order)
    .fetch_all(db)
    .await
    .unwrap();
    let d = Drill { f, order, class, lines: lines.try_into().unwrap() };
    let edit = json!({ "orderId": order, "timePeriodClassId": class, "estimated": 2.5, "estimatedLow": 2, "estimatedHigh": 3 });
    d.send(Call::post("orderViewingUp", edit)).await.ok();
    let cell: i64 = sqlx::query_scalar("select id from order_cells where line_id = $1 and ymd = '2026-03-02'")
        .bind(d.lines[0])
        .fetch_one(&d.f.app.db)
        .await
        .unwrap();
    let manual = d.send(Call::post("grpYmdUp", json!({ "ymdId": cell, "mdp": "7.5" }))).await;
    assert_eq!(manual.code(), 200, "{:?}", manual.body);
    d
}

impl Drill {
    pub async fn send(&self, call: Call<'_>) -> Answer {
        self.f.app.send(call.token(&self.f.token)).await
    }

    /// An answer of a read of the order with `fields`.
    pub async fn get(&self, name: &str, fields: Value) -> Answer {
        let mut fields = fields;
        fields["orderId"] = json!(self.order);
        self.send(Call::get(name, fields)).await
    }

    /// figureRows of `figure` with `fields`: every row (one page of up to 1000) and the answer.
    pub async fn rows(&self, figure: &str, fields: Value) -> Value {
        let mut fields = fields;
        fields["figure"] = json!(figure);
        fields["limit"] = json!(1000);
        self.get("figureRows", fields).await.ok().clone()
    }
}
