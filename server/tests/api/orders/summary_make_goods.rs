//! Make-goods: the order's make-good policy (a field of the order dialog, its list row and its
//! history), and what the summary grid answers per month — spots owed for the missing ones,
//! scheduled as make-goods, still outstanding — with each cell's moved and make-good spots; a
//! missing spot of a confirmed month made good on a day still to air, and the report's 缺失 and
//! 补播 agreeing after it.

use calamine::Data;
use serde_json::{Value, json};

use super::summary_moves::{Moved, NOT_OPEN, moved, moved_with, ym};
use crate::helpers::exports::Book;
use crate::helpers::orders::fixture;
use crate::helpers::{Call, today};

#[tokio::test]
async fn the_make_good_policy_is_a_field_of_the_order() {
    let f = fixture().await;
    let f = &f;
    // Left out, it is 1 无; any value but 1–3 is refused with the dialog's words.
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 1);
    for bad in [json!(0), json!(4), json!("x"), json!(2.5)] {
        let mut form = f.form();
        form["makeGoodPolicy"] = bad.clone();
        let answer = f.app.send(Call::post("orderAdd", form).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field("makeGoodPolicy")), (4000, Some("请选择补播政策")), "{bad}");
    }
    let mut form = f.form();
    form["makeGoodPolicy"] = json!("3");
    let second = f.add(form).await;
    assert_eq!(second["makeGoodPolicy"], 3);
    let second = second["id"].as_i64().unwrap();
    let listed = f.list(json!({})).await;
    let policies: Vec<(i64, i64)> =
        listed["data"].as_array().unwrap().iter().map(|r| (r["id"].as_i64().unwrap(), r["makeGoodPolicy"].as_i64().unwrap())).collect();
    assert!(policies.contains(&(order, 1)) && policies.contains(&(second, 3)), "{policies:?}");

    // An edit changes it and logs the change; an edit that leaves it out keeps it.
    let up = |fields: Value| async move { f.app.send(Call::post("orderUp", fields).token(&f.token)).await };
    up(json!({ "orderId": order, "makeGoodPolicy": 2 })).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 2);
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(log.ok()[0]["content"], "修改订单：补播政策 无 → 错一补一");
    up(json!({ "orderId": order, "notes": "只改备注" })).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 2);
    assert_eq!(up(json!({ "orderId": order, "makeGoodPolicy": 9 })).await.field("makeGoodPolicy"), Some("请选择补播政策"));

    // The history keeps it; restoring the first version brings 无 back.
    let versions = f.app.send(Call::get("orderHistoryList", json!({ "orderId": order })).token(&f.token)).await.ok().clone();
    let kept: Vec<i64> = versions.as_array().unwrap().iter().map(|v| v["snapshot"]["makeGoodPolicy"].as_i64().unwrap()).collect();
    assert_eq!(kept, [2, 2, 1]);
    let first = versions[2]["id"].clone();
    f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": first })).token(&f.token)).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 1);
}

/// [`moved_with`]'s order under `policy` after: 1 of L-03's missing spots moved as B to N-20 and
/// 1 as C to N-21 (no make-good); 2 of M-06's moved as C to N-22; 2 B spots added on C-25 (this
/// month, open) and a B cell of 1 made on N-26. Answers the order and the grid's months.
pub async fn scenario(policy: i64) -> (Moved, Value) {
    let m = moved_with(Some(policy)).await;
    let (l3, m6) = m.sources().await;
    m.both(m.args(l3, "B", &m.day(3, 20), 1, 1)).await;
    m.both(m.args(l3, "C", &m.day(3, 21), 1, 1)).await;
    m.both(m.args(m6, "C", &m.day(3, 22), 2, 1)).await;
    let add = json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": m.s.f.tapes[1], "ymd": m.day(2, 25), "num": 2 });
    m.s.send("orderSummaryGrpYmdAdd", add).await.ok();
    m.s.up(json!({ "grpId": m.next_line, "ymd": m.day(3, 26), "type": "B", "num": 1 })).await.ok();
    let grid = grid(&m).await;
    (m, grid)
}

async fn grid(m: &Moved) -> Value {
    let f = &m.s.f;
    f.app.send(Call::get("orderSummaryGrpList", json!({ "orderId": m.s.order })).token(&f.token)).await.ok().clone()
}

/// Each month's makeGood: [owed, scheduled, outstanding].
fn owed(grid: &Value) -> Vec<[i64; 3]> {
    grid.as_array()
        .unwrap()
        .iter()
        .map(|month| {
            let mg = &month["makeGood"];
            [mg["owed"].as_i64().unwrap(), mg["scheduled"].as_i64().unwrap(), mg["outstanding"].as_i64().unwrap()]
        })
        .collect()
}

/// The grid's cell `id`: (moved, makeGood).
fn cell(grid: &Value, id: i64) -> (i64, i64) {
    let cells = grid.as_array().unwrap().iter().flat_map(|m| m["data"].as_array().unwrap()).flat_map(|r| r["order_summary_grp_ymd"].as_array().unwrap());
    let found = cells.into_iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("cell {id}"));
    (found["moved"].as_i64().unwrap(), found["makeGood"].as_i64().unwrap())
}

#[tokio::test]
async fn make_goods_are_owed_scheduled_and_outstanding_per_month_under_each_policy() {
    // Months L, M, C, N. Missing: L 2 (L-03: 3 planned, 1 aired), M 2 (M-06 likewise). Placed
    // as make-goods: C 2 (the add), N 1 + 1 (the B move, the B cell made).
    // 无: nothing owed.
    assert_eq!(owed(&scenario(1).await.1), [[0, 0, 0], [0, 0, 0], [0, 2, 0], [0, 2, 0]]);
    // 错一补一: owed 2 and 2; outstanding 2 − 0 = 2, 4 − 0 = 4, 4 − 2 = 2, 4 − 4 = 0.
    assert_eq!(owed(&scenario(2).await.1), [[2, 0, 2], [2, 0, 4], [0, 2, 2], [0, 2, 0]]);
    // 漏一补二: owed 4 and 4; outstanding 4, 8, 8 − 2 = 6, 8 − 4 = 4.
    let (m, months) = scenario(3).await;
    assert_eq!(owed(&months), [[4, 0, 4], [4, 0, 8], [0, 2, 6], [0, 2, 4]]);

    // The cells: L-03 moved 2 out, M-06 2; the make-goods hold theirs, the C moves none.
    let (l3, m6) = m.sources().await;
    let m = &m;
    let at = |tape, period, kind, ymd: String| async move { m.cell_at(tape, period, kind, &ymd).await.unwrap() };
    let b_moved = at(1, m.noon, "B", m.day(3, 20)).await;
    let c_moved = at(1, m.noon, "C", m.day(3, 21)).await;
    let c_more = at(1, m.noon, "C", m.day(3, 22)).await;
    let added = at(1, m.noon, "B", m.day(2, 25)).await;
    let made = at(0, m.evening, "B", m.day(3, 26)).await;
    assert_eq!([cell(&months, l3), cell(&months, m6)], [(2, 0), (2, 0)]);
    assert_eq!([cell(&months, b_moved), cell(&months, c_moved), cell(&months, c_more)], [(0, 1), (0, 0), (0, 0)]);
    assert_eq!([cell(&months, added), cell(&months, made)], [(0, 2), (0, 1)]);

    // A withdrawn make-good no longer counts: N schedules 1, the shortfall carries on.
    m.s.up(json!({ "id": made, "type": "B", "num": 1, "value": "撤掉" })).await.ok();
    assert_eq!(owed(&grid(&m).await), [[4, 0, 4], [4, 0, 8], [0, 2, 6], [0, 1, 5]]);
    // Nor does one changed to another type; changed back it counts again, and B spots added count.
    m.s.up(json!({ "id": added, "type": "A", "num": 2 })).await.ok();
    assert_eq!(owed(&grid(&m).await), [[4, 0, 4], [4, 0, 8], [0, 0, 8], [0, 1, 7]]);
    m.s.up(json!({ "id": added, "type": "B", "num": 2 })).await.ok();
    let more = json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": m.s.f.tapes[1], "ymd": m.day(3, 20), "num": 3 });
    m.s.send("orderSummaryGrpYmdAdd", more).await.ok();
    assert_eq!(owed(&grid(&m).await), [[4, 0, 4], [4, 0, 8], [0, 2, 6], [0, 4, 2]]);
}

#[tokio::test]
async fn a_destination_must_still_be_able_to_air() {
    let m = moved().await;
    let (l3, m6) = m.sources().await;
    let cells = m.cells().await;
    let yesterday = (today() - chrono::Days::new(1)).to_string();
    // A day of a confirmed month (L, M), a day before today (in a confirmed month or not): the
    // spot could never air. Each type alike.
    for (kind, ymd) in [("B", m.day(0, 10)), ("B", m.day(1, 20)), ("C", yesterday.clone()), ("D", m.day(1, 1))] {
        let answer = m.send(m.args(l3, kind, &ymd, 1, 1)).await;
        assert_eq!((answer.code(), answer.field("ymd")), (4000, Some(NOT_OPEN)), "{kind} {ymd}: {}", answer.body);
    }
    // Type A keeps the source's day, L-03 or M-06, a day of a confirmed month: the same refusal,
    // whatever day is sent with it.
    for source in [l3, m6] {
        let answer = m.send(m.args(source, "A", &m.day(3, 10), 1, 1)).await;
        assert_eq!((answer.code(), answer.field("ymd")), (4000, Some(NOT_OPEN)), "{}", answer.body);
    }
    assert_eq!((m.s.f.count("cell_move_previews").await, m.cells().await), (0, cells));
    // Today is still to air, and so is every later day of the cycle.
    for ymd in [today().to_string(), m.day(3, 28)] {
        assert_eq!(m.send(m.args(l3, "B", &ymd, 1, 1)).await.ok()["max"], 2, "{ymd}");
    }
    assert_eq!(m.cells().await, cells);
}

/// The rows of `sheet` under its header row (the one holding `header`), as text.
fn rows_under(sheet: &[Vec<Data>], header: &str) -> Vec<Vec<String>> {
    let at = sheet.iter().position(|r| r.iter().any(|c| c.to_string() == header)).unwrap_or_else(|| panic!("{header}"));
    sheet[at + 1..].iter().map(|r| r.iter().map(ToString::to_string).collect()).collect()
}

/// The refused move of the old dialog, then a make-good placed on a day still to air, and what
/// the report then says: the certificate's 缺失 and 补播's 应补 / 已补 / 待补 agree.
#[tokio::test]
async fn a_missing_spot_of_a_confirmed_month_is_made_good_on_a_day_still_to_air() {
    let m = moved_with(Some(2)).await;
    let (l3, _) = m.sources().await;
    let cells = m.cells().await;
    // What the old dialog sent for L-03, a type A cell: type A, its own (past) day, another
    // version and period. It would have planned a spot in the confirmed month L that can never
    // air: 缺失 3 in L against 应补 2. Refused, nothing written.
    let answer = m.send(m.args(l3, "A", "", 1, 1)).await;
    assert_eq!((answer.code(), answer.field("ymd")), (4000, Some(NOT_OPEN)), "{}", answer.body);
    // A day of the confirmed month, or yesterday: refused the same way.
    for ymd in [m.day(0, 20), (today() - chrono::Days::new(1)).to_string()] {
        assert_eq!(m.send(m.args(l3, "B", &ymd, 1, 1)).await.field("ymd"), Some(NOT_OPEN), "{ymd}");
    }
    assert_eq!((m.cells().await, m.counts(l3).await), (cells, (3, 1, 0, 0)));

    // Type B to N-09, a day still to air: previewed, then applied.
    let n9 = m.day(3, 9);
    let preview = m.send(m.args(l3, "B", &n9, 1, 1)).await.ok().clone();
    assert_eq!((preview["max"].clone(), preview["preview"]["to"]["type"].clone()), (json!(2), json!("B")));
    let mut apply = m.args(l3, "B", &n9, 1, 2);
    apply["basis"] = preview["basis"].clone();
    let to = m.send(apply).await.ok()["toId"].as_i64().unwrap();
    assert_eq!((Some(to), m.counts(to).await, m.counts(l3).await), (m.cell_at(1, m.noon, "B", &n9).await, (1, 0, 0, 1), (3, 1, 1, 0)));

    // 补播 under 错一补一, months L, M, C, N: L owes 2 (L-03), M 2 (M-06); N places 1.
    // Outstanding: 2, 4, 4, 4 − 1 = 3.
    let months = grid(&m).await;
    assert_eq!(owed(&months), [[2, 0, 2], [2, 0, 4], [0, 0, 4], [0, 1, 3]]);
    // The source is still short (the certificate found 2 missing) and says 1 of them moved.
    assert_eq!(cell(&months, l3), (1, 0));

    // The report: 播出证明 per month, version and period (planned, aired, added, missing), then
    // 合计. L: 伊利版本A 晚间 planned 1 + 3 = 4, aired 2, missing 2; 伊利版本B 晚间 planned 0
    // (the free spot is 新增, never 计划), aired 1, added 1; M: 3, 1, 2. The make-good in N is
    // not due, so no certificate row counts it: 缺失 stays what the certificate found, 4 = 应补
    // 2 + 2 at one spot owed per missing spot.
    let book = Book::download(&m.s.f.app, &export(&m).await, &m.s.f.token).await;
    let certificate = rows_under(book.sheet("播出证明"), "计划");
    let counts: Vec<(String, Vec<String>)> =
        certificate.iter().filter(|r| !r[0].is_empty()).map(|r| (r[0].clone(), r[5..9].to_vec())).collect();
    let row = |a: &str, b: &str, c: &str, d: &str| vec![a.to_owned(), b.to_owned(), c.to_owned(), d.to_owned()];
    assert_eq!(
        counts,
        [
            (ym(m.months[0]), row("4", "2", "0", "2")),
            (ym(m.months[0]), row("0", "1", "1", "0")),
            (ym(m.months[1]), row("3", "1", "0", "2")),
            ("合计".to_owned(), row("7", "4", "1", "4"))
        ]
    );
    // 补播: 应补, 已补, 待补 per month, as the grid answers them.
    let make_goods = rows_under(book.sheet("补播"), "应补");
    let shown: Vec<(String, Vec<String>)> = make_goods.iter().filter(|r| !r[0].is_empty()).map(|r| (r[0].clone(), r[2..5].to_vec())).collect();
    let numbers = |a: i64, b: i64, c: i64| vec![a.to_string(), b.to_string(), c.to_string()];
    assert_eq!(
        shown,
        [
            (ym(m.months[0]), numbers(2, 0, 2)),
            (ym(m.months[1]), numbers(2, 0, 4)),
            (ym(m.months[2]), numbers(0, 0, 4)),
            (ym(m.months[3]), numbers(0, 1, 3)),
        ]
    );
}

async fn export(m: &Moved) -> String {
    let f = &m.s.f;
    let answer = f.app.send(Call::get("orderSummaryGrpReportIndexExport", json!({ "orderId": m.s.order })).token(&f.token)).await;
    answer.ok()["url"].as_str().unwrap().to_owned()
}
