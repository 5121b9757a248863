//! What a hostile review of the served summary dialog found, each kept from coming back: a
//! short cell cut below what aired and moved or raised past what the certificate compared,
//! spots added onto a short cell, a stale move preview answering 4000 instead of 4009, any
//! assessment date, and a grid read torn by a concurrent write.

use futures_util::future::join_all;
use serde_json::json;

use super::summary_moves::{moved, on};
use crate::helpers::Call;

#[tokio::test]
async fn a_short_cell_keeps_what_aired_and_moved_and_takes_no_more_spots() {
    let m = moved().await;
    let (march, _) = m.sources().await;
    // L-03: 3 planned, 1 aired; one of the two missing moves away.
    m.both(m.args(march, "B", &m.day(3, 10), 1, 1)).await;
    assert_eq!(m.counts(march).await, (3, 1, 1, 0));
    let answer = m.s.up(json!({ "id": march, "type": "A", "num": 1 })).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("num"), Some("点位数量不能小于已播出与已移出的2"), "{}", answer.body);
    let answer = m.s.up(json!({ "id": march, "type": "A", "num": 4 })).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该点位已核对缺播，不能增加点位")));
    // Adding onto the short cell's day and line is refused: its month is confirmed.
    let add = json!({ "type": "A", "timePeriodId": m.evening, "productDefaultId": m.s.f.tapes[0], "ymd": m.day(0, 3), "num": 5 });
    let answer = m.s.send("orderSummaryGrpYmdAdd", add).await;
    assert_eq!((answer.code(), answer.field("ymd")), (4000, Some("该月播出证明已确认，不能再排点位")));
    assert_eq!(m.counts(march).await, (3, 1, 1, 0));
    // Dropping the spot that will not air is allowed: 2 = aired + moved.
    m.s.up(json!({ "id": march, "type": "A", "num": 2 })).await.ok();
    assert_eq!(m.counts(march).await, (2, 1, 1, 0));
}

#[tokio::test]
async fn a_preview_that_no_longer_checks_out_answers_4009() {
    let m = moved().await;
    let (march, _) = m.sources().await;
    // A check of both missing spots, then one of them moved by another call.
    let (n10, n12) = (m.day(3, 10), m.day(3, 12));
    m.send(m.args(march, "B", &n10, 2, 1)).await.ok();
    let mut args = m.args(march, "B", &n12, 1, 1);
    m.send(args.clone()).await.ok();
    args["typeY"] = json!(2);
    m.send(args).await.ok();
    // The first check is no longer this admin's preview; re-checking it now over the max is 4000.
    let again = m.send(m.args(march, "B", &n10, 2, 1)).await;
    assert_eq!(again.code(), 4000);
    // A preview still stored whose check now fails (the source withdrawn) is a change: 4009.
    m.send(m.args(march, "B", &n10, 1, 1)).await.ok();
    sqlx::query("update order_cells set value = '撤掉' where id = $1").bind(march).execute(&m.s.f.app.db).await.unwrap();
    let stale = m.send(m.args(march, "B", &n10, 1, 2)).await;
    assert_eq!((stale.code(), stale.body["message"].as_str()), (4009, Some("点位已变化，请重新检查")));
}

#[tokio::test]
async fn the_assessment_date_lies_in_the_cycle() {
    let m = moved().await;
    let set = |day: String| m.s.send("grpTimeUp", json!({ "timePg": day }));
    let [l, _, _, n] = m.months;
    let (first, last) = (on(l, 1), (n + chrono::Months::new(1)).pred_opt().unwrap().to_string());
    let before = l.pred_opt().unwrap().to_string();
    let after = (n + chrono::Months::new(1)).to_string();
    for day in ["1900-01-01".to_owned(), before, after, "9999-12-31".to_owned()] {
        let answer = set(day.clone()).await;
        assert_eq!(answer.code(), 4000, "{day}");
        assert_eq!(answer.field("timePg"), Some(format!("评估时间须在订单周期内（{first} 至 {last}）").as_str()), "{day}");
    }
    let estimate = || async {
        sqlx::query_scalar::<_, Option<chrono::NaiveDate>>("select estimate_date from orders where id = $1")
            .bind(m.s.order)
            .fetch_one(&m.s.f.app.db)
            .await
            .unwrap()
    };
    assert_eq!(estimate().await, None);
    for day in [first, last] {
        set(day.clone()).await.ok();
        assert_eq!(estimate().await.map(|d| d.to_string()), Some(day));
    }
}

#[tokio::test]
async fn a_grid_read_beside_type_changes_shows_each_cell_once() {
    let m = moved().await;
    // An unverified cell of N on its A line, toggled between types A and D (each change moves it
    // to the other type's line, made or dropped as it goes) while the grid is read.
    let cell = m.s.up(json!({ "grpId": m.next_line, "ymd": m.day(3, 20), "type": "A", "num": 2 })).await.ok()["ids"][0].as_i64().unwrap();
    let writes = async {
        for k in 0..30 {
            m.s.up(json!({ "id": cell, "type": if k % 2 == 0 { "D" } else { "A" }, "num": 2 })).await.ok();
        }
    };
    let read = || m.s.f.app.send(Call::get("orderSummaryGrpList", json!({ "orderId": m.s.order })).token(&m.s.f.token));
    let reads = join_all((0..30).map(|_| read()));
    let (_, reads) = tokio::join!(writes, reads);
    for read in reads {
        let months = read.ok().as_array().unwrap().clone();
        let rows: Vec<&serde_json::Value> = months.iter().flat_map(|mo| mo["data"].as_array().unwrap()).collect();
        let seen = rows.iter().flat_map(|r| r["order_summary_grp_ymd"].as_array().unwrap()).filter(|c| c["id"] == cell).count();
        assert_eq!(seen, 1, "the cell shows once in every read");
        assert!(rows.iter().all(|r| !r["order_summary_grp_ymd"].as_array().unwrap().is_empty()), "no line without cells");
    }
}
