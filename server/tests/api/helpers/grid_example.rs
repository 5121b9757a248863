//! The summary grid's example order, shared by the grid's tests (`orders/summary_grid.rs`) and
//! the drill-down's (`helpers/figure_rows.rs`), which add their own viewing rows and edits.
//!
//! An order on tapes 伊利版本A (T-001) and 伊利版本B, cycle 2026-03-01 … 2026-05-10; periods
//! 晚间A 19:00–19:59:59 (class 黄金) and 晚间B 20:00–20:59:59 (no class).
//!
//! | line | month | tape, period, type | cells (day ×spots) | certificate aired |
//! |---|---|---|---|---|
//! | L1 | March | A, 晚间A, A | 2 ×2, 3 ×1, 10 ×1 | day 2: 2, day 3: 0 (missing), day 10: 1 |
//! | L2 | March | A, 晚间A, B | 2 ×1 | day 2: 1 |
//! | L3 | March | B, 晚间B, A | 5 ×2, 6 ×1 withdrawn | day 5: 1 (one missing) |
//! | L4 | April | A, 晚间A, A | 1 ×1, 15 ×3, 20 ×2 withdrawn | (no certificate) |
//!
//! March's certificate is imported and confirmed (typeY 1, then 2).

use serde_json::{Value, json};

use super::Call;
use super::orders::{Fixture, certificate_workbook, template};

pub struct GridExample {
    pub order: i64,
    /// 晚间A, 晚间B.
    pub periods: [i64; 2],
    /// 黄金, the class of 晚间A.
    pub class: i64,
}

/// Builds the example on `f`'s media and tapes; `fields` are set on the order form (metrics …).
pub async fn grid_example(f: &Fixture, fields: Value) -> GridExample {
    let db = &f.app.db;
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(db)
        .await
        .unwrap();
    let periods = [f.period(f.media, "晚间A", (68400, 71999)).await, f.period(f.media, "晚间B", (72000, 75599)).await];
    sqlx::query("update time_periods set class_id = $1 where id = $2").bind(class).bind(periods[0]).execute(db).await.unwrap();
    let mut form = f.form();
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    form["cycleTimeEnd"] = json!("2026-05-10");
    for (k, v) in fields.as_object().into_iter().flatten() {
        form[k] = v.clone();
    }
    let order = f.add(form).await["id"].as_i64().unwrap();
    let schedule = template(&[
        (
            "2026-03",
            vec![
                ("伊利版本A", "晚间A", "A", vec![(2, 2.0), (3, 1.0), (10, 1.0)]),
                ("伊利版本A", "晚间A", "B", vec![(2, 1.0)]),
                ("伊利版本B", "晚间B", "A", vec![(5, 2.0), (6, 1.0)]),
            ],
        ),
        ("2026-04", vec![("伊利版本A", "晚间A", "A", vec![(1, 1.0), (15, 3.0), (20, 2.0)])]),
    ]);
    let (status, message) = f.import_template(order, &schedule).await;
    assert_eq!(status, "done", "{message}");
    sqlx::query(
        "update order_cells c set value = '撤掉' from order_lines l
         where l.id = c.line_id and l.order_id = $1 and c.ymd in ('2026-03-06', '2026-04-20')",
    )
    .bind(order)
    .execute(db)
    .await
    .unwrap();
    let rows = [
        ("2026-03-02", "19:10:00", "", "伊利版本A", 3),
        ("2026-03-10", "19:30:00", "", "伊利版本A", 1),
        ("2026-03-05", "20:10:00", "", "伊利版本B", 1),
    ];
    let (status, message) = f.import_certificate(order, &certificate_workbook(&rows)).await;
    assert_eq!(status, "done", "{message}");
    for type_y in [1, 2] {
        let call = Call::post("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": type_y }));
        f.app.send(call.token(&f.token)).await.ok();
    }
    GridExample { order, periods, class }
}
