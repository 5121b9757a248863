//! The summary dialog's add time-slot (orderSummaryGrpYmdAdd) and assessment date
//! (grpTimeUp), concurrent writes to one cell, and who may make the cell writes. The order is
//! [`super::summary_cells::setup`]'s.

use futures_util::future::join_all;
use serde_json::json;

use super::summary_cells::setup;
use crate::helpers::Call;

#[tokio::test]
async fn add_time_slot_checks_its_fields_and_adds_on_the_matching_line() {
    let s = setup().await;
    let period: i64 = sqlx::query_scalar("select time_period_id from order_lines where id = $1").bind(s.line).fetch_one(&s.f.app.db).await.unwrap();
    let add = |fields: serde_json::Value| s.send("orderSummaryGrpYmdAdd", fields);
    let empty = add(json!({})).await;
    assert_eq!(
        (empty.field("productDefaultId"), empty.field("type"), empty.field("timePeriodId"), empty.field("ymd"), empty.field("num")),
        (Some("请选择版本"), Some("请选择类型"), Some("请选择时段"), Some("请选择日期"), Some("请输入大于0的点位数量"))
    );
    let other_period = s.f.period(s.f.other_media, "二台晚间", (68400, 79199)).await;
    let good = json!({ "type": "B", "timePeriodId": period, "productDefaultId": s.f.tapes[0], "ymd": "2026-03-05", "num": 3 });
    for (key, value, field, message) in [
        ("productDefaultId", json!(s.f.tapes[1]), "productDefaultId", "请选择版本"),
        ("productDefaultId", json!(s.f.foreign_tape), "productDefaultId", "请选择版本"),
        ("timePeriodId", json!(other_period), "timePeriodId", "请选择时段"),
        ("ymd", json!("2026-04-02"), "ymd", "日期须在订单周期内"),
        ("num", json!(0), "num", "请输入大于0的点位数量"),
        ("type", json!(""), "type", "请选择类型"),
    ] {
        let mut fields = good.clone();
        fields[key] = value;
        let answer = add(fields.clone()).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{fields}: {}", answer.body);
    }
    assert_eq!(s.f.count("order_lines").await, 1);

    // The month's B line is made; a second add on the day adds to its cell.
    let id = add(good.clone()).await.ok()["id"].as_i64().unwrap();
    assert_eq!(s.cell("B", 5).await, Some(id));
    let mut more = good.clone();
    more["num"] = json!(2);
    assert_eq!(add(more).await.ok()["id"], id);
    assert_eq!(s.state(id).await.0, 5);
    let contents: Vec<String> = s.records(id).await.into_iter().map(|r| r.1).collect();
    assert_eq!(contents, ["添加时段：新建点位 3 个", "添加时段：点位 3 → 5"]);
    assert_eq!(s.last_log().await, "添加时段：伊利版本A / 晚间 / B 2026-03-05：2 个点位");
    // An existing A cell takes the spots; a withdrawn one refuses them.
    let mut on_a = good.clone();
    on_a["type"] = json!("A");
    on_a["ymd"] = json!("2026-03-02");
    let c2 = add(on_a.clone()).await.ok()["id"].as_i64().unwrap();
    assert_eq!((Some(c2), s.state(c2).await.0), (s.cell("A", 2).await, 5));
    s.up(json!({ "id": c2, "type": "A", "num": 5, "value": "撤掉" })).await.ok();
    let refused = add(on_a).await;
    assert_eq!((refused.code(), refused.body["message"].as_str()), (4009, Some("该日点位已撤掉，请先修改该点位")));
}

#[tokio::test]
async fn the_assessment_date_is_set_logged_and_makes_the_order_evaluated() {
    let s = setup().await;
    let time = |fields: serde_json::Value| s.send("grpTimeUp", fields);
    assert_eq!(time(json!({})).await.field("timePg"), Some("请选择修改评估时间"));
    assert_eq!(time(json!({ "timePg": "3月15日" })).await.field("timePg"), Some("日期格式应为 YYYY-MM-DD"));
    assert_eq!(time(json!({ "orderId": 99_999_999, "timePg": "2026-03-15" })).await.code(), 4004);
    assert_eq!(s.f.info(s.order).await["jStatus"], 1);
    let done = time(json!({ "timePg": "2026-03-15" })).await;
    assert_eq!(done.ok().clone(), json!({ "estimateTime": "2026-03-15", "jStatus": 2, "jStatusName": "已评估" }));
    let info = s.f.info(s.order).await;
    assert_eq!((info["jStatus"].as_i64(), info["jStatusName"].as_str()), (Some(2), Some("已评估")));
    assert_eq!(s.last_log().await, "修改评估时间：空 → 2026-03-15");
    time(json!({ "timePg": "2026-03-20" })).await.ok();
    assert_eq!(s.last_log().await, "修改评估时间：2026-03-15 → 2026-03-20");
}

#[tokio::test]
async fn concurrent_writes_to_one_cell_queue_on_the_order_and_lose_nothing() {
    let s = setup().await;
    let period: i64 = sqlx::query_scalar("select time_period_id from order_lines where id = $1").bind(s.line).fetch_one(&s.f.app.db).await.unwrap();
    let c2 = s.cell("A", 2).await.unwrap();
    // Ten adds of one spot each to the same cell at once: every one counts.
    let adds = (0..10).map(|_| {
        s.send("orderSummaryGrpYmdAdd", json!({ "type": "A", "timePeriodId": period, "productDefaultId": s.f.tapes[0], "ymd": "2026-03-02", "num": 1 }))
    });
    for answer in join_all(adds).await {
        answer.ok();
    }
    assert_eq!(s.state(c2).await.0, 12);
    assert_eq!(s.records(c2).await.len(), 10);
    // Five creates of one new cell at once: one makes it, the others are told it exists.
    let creates = (0..5).map(|_| s.up(json!({ "grpId": s.line, "ymd": "2026-03-20", "type": "A", "num": 1 })));
    let codes: Vec<i64> = join_all(creates).await.iter().map(|a| a.code()).collect();
    assert_eq!((codes.iter().filter(|c| **c == 200).count(), codes.iter().filter(|c| **c == 4009).count()), (1, 4), "{codes:?}");
    // A modify and a withdrawal of one cell at once: both land, in some order.
    let c3 = s.cell("A", 3).await.unwrap();
    let both = join_all([
        s.up(json!({ "id": c3, "type": "A", "num": 4 })),
        s.up(json!({ "id": c3, "type": "A", "num": 4, "value": "撤掉" })),
    ])
    .await;
    both.iter().for_each(|a| assert_eq!(a.code(), 200, "{}", a.body));
    assert_eq!(s.state(c3).await.0, 4);
    assert_eq!(s.state(c3).await.1, "撤掉");
}

#[tokio::test]
async fn the_cell_writes_belong_to_the_order_menu() {
    let s = setup().await;
    let c2 = s.cell("A", 2).await.unwrap();
    let calls = [
        ("orderSummaryGrpYmdUp", json!({ "orderId": s.order, "id": c2, "type": "A", "num": 1 })),
        ("orderSummaryGrpYmdAdd", json!({ "orderId": s.order, "type": "A", "timePeriodId": 1, "productDefaultId": s.f.tapes[0], "ymd": "2026-03-02", "num": 1 })),
        ("grpYmdUp", json!({ "ymdId": c2, "mdp": 1 })),
        ("grpTimeUp", json!({ "orderId": s.order, "timePg": "2026-03-15" })),
    ];
    let outsider = s.f.app.create_account("outsider", "145").await;
    let outsider = s.f.app.session(outsider).await;
    for (name, fields) in &calls {
        let answer = s.f.app.send(Call::post(name, fields.clone()).token(&outsider)).await;
        assert_eq!(answer.code(), 4003, "{name}");
    }
    assert_eq!(s.state(c2).await.0, 2);
    let staff = s.f.app.create_account("orderstaff", "112").await;
    let staff = s.f.app.session(staff).await;
    let answer = s.f.app.send(Call::post(calls[0].0, calls[0].1.clone()).token(&staff)).await;
    answer.ok();
    let name: String = sqlx::query_scalar("select name from admins where account = 'orderstaff'").fetch_one(&s.f.app.db).await.unwrap();
    assert_eq!(s.records(c2).await, [(name, "点位 2 → 1".to_owned())]);
}

#[tokio::test]
async fn a_confirmed_month_takes_no_new_spots() {
    // L and M's certificates are confirmed: a spot added or created there would be planned and
    // never compared — one more 缺失 that no make-good owes. This month (C) and the next (N) are open.
    let m = super::summary_moves::moved().await;
    let cells = m.cells().await;
    let add = |ymd: String| json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": m.s.f.tapes[1], "ymd": ymd, "num": 1 });
    for ymd in [m.day(0, 20), m.day(1, 28)] {
        let answer = m.s.send("orderSummaryGrpYmdAdd", add(ymd.clone())).await;
        assert_eq!((answer.code(), answer.field("ymd")), (4000, Some("该月播出证明已确认，不能再排点位")), "{ymd}");
    }
    let created = m.s.up(json!({ "grpId": m.s.line, "ymd": m.day(0, 20), "type": "A", "num": 1 })).await;
    assert_eq!((created.code(), created.field("ymd")), (4000, Some("该月播出证明已确认，不能再排点位")));
    assert_eq!(m.cells().await, cells);
    // An open month takes them, past days of it included (the certificate will compare them).
    m.s.send("orderSummaryGrpYmdAdd", add(m.day(2, 1))).await.ok();
    m.s.up(json!({ "grpId": m.next_line, "ymd": m.day(3, 20), "type": "A", "num": 1 })).await.ok();
    assert_eq!(m.cells().await, cells + 2);
}
