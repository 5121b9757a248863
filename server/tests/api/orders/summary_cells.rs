//! The summary dialog's cell writes: orderSummaryGrpYmdUp (modify, create, withdraw, reason,
//! a type change, batches all or nothing), orderSummaryGrpYmdAdd, grpYmdUp and grpTimeUp —
//! every validation message, the lock on verified cells (verified by a real certificate),
//! the cells' operation records and the order log, concurrent writes and who may call.
//!
//! The order is the fixture's (March 2026, tape 伊利版本A); its line 晚间 A has 2 spots on
//! days 2, 3 and 4 unless a test imports its own schedule.

use serde_json::{Value, json};

use crate::helpers::orders::{EVENING, Fixture, certificate_workbook, fixture, template};
use crate::helpers::{Answer, Call};

pub struct Cells {
    pub f: Fixture,
    pub order: i64,
    pub line: i64,
}

pub async fn setup() -> Cells {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let line = f.schedule(order, f.tapes[0], &[2, 3, 4]).await;
    Cells { f, order, line }
}

impl Cells {
    pub async fn send(&self, name: &str, mut fields: Value) -> Answer {
        if fields.get("orderId").is_none() && name != "grpYmdUp" {
            fields["orderId"] = json!(self.order);
        }
        self.f.app.send(Call::post(name, fields).token(&self.f.token)).await
    }

    pub async fn up(&self, fields: Value) -> Answer {
        self.send("orderSummaryGrpYmdUp", fields).await
    }

    /// The order's cell on `day` of the line of type `kind` (晚间, 伊利版本A, no position).
    pub async fn cell(&self, kind: &str, day: i32) -> Option<i64> {
        sqlx::query_scalar(
            "select c.id from order_cells c join order_lines l on l.id = c.line_id
             where l.order_id = $1 and l.point_type = $2 and c.ymd = make_date(2026, 3, $3)",
        )
        .bind(self.order)
        .bind(kind)
        .bind(day)
        .fetch_optional(&self.f.app.db)
        .await
        .unwrap()
    }

    /// (point, value, reason_type, reason_value, line type) of cell `id`.
    pub async fn state(&self, id: i64) -> (i32, String, i16, String, String) {
        sqlx::query_as(
            "select c.point, c.value, c.reason_type, c.reason_value, l.point_type
             from order_cells c join order_lines l on l.id = c.line_id where c.id = $1",
        )
        .bind(id)
        .fetch_one(&self.f.app.db)
        .await
        .unwrap()
    }

    /// The operation records of cell `id`, oldest first: (admin name, content).
    pub async fn records(&self, id: i64) -> Vec<(String, String)> {
        sqlx::query_as("select admin_name, content from order_cell_operations where cell_id = $1 order by id")
            .bind(id)
            .fetch_all(&self.f.app.db)
            .await
            .unwrap()
    }

    /// The newest order log line.
    pub async fn last_log(&self) -> String {
        let log = self.f.app.send(Call::get("orderLogList", json!({ "orderId": self.order })).token(&self.f.token)).await;
        log.ok()[0]["content"].as_str().unwrap().to_owned()
    }

    pub async fn admin_name(&self) -> String {
        sqlx::query_scalar("select name from admins where id = 1").fetch_one(&self.f.app.db).await.unwrap()
    }
}

#[tokio::test]
async fn a_cell_is_modified_created_withdrawn_and_given_a_reason_with_its_records() {
    let s = setup().await;
    let admin = s.admin_name().await;
    let c2 = s.cell("A", 2).await.unwrap();

    let empty = s.up(json!({})).await;
    assert_eq!(
        (empty.field("type"), empty.field("grpId"), empty.field("ymd"), empty.field("num")),
        (Some("请选择点位类型"), Some("请选择排期行"), Some("请选择日期"), Some("请输入大于0"))
    );
    for (fields, field, message) in [
        (json!({ "id": c2, "type": "A", "num": -1 }), "num", "请正确输入点位数量"),
        (json!({ "id": c2, "type": "A", "num": "1.5" }), "num", "请正确输入点位数量"),
        (json!({ "id": c2, "type": "A" }), "num", "请正确输入点位数量"),
        (json!({ "id": c2, "type": "A", "num": 10001 }), "num", "一个点位格最多 10000 个点位"),
        (json!({ "id": c2, "num": 1 }), "type", "请选择点位类型"),
        (json!({ "id": c2, "type": "E", "num": 1 }), "type", "点位类型只能是 A、B、C 或 D"),
        (json!({ "id": c2, "type": "A", "num": 1, "value": "撤" }), "value", "点位状态只能是撤掉或空"),
        (json!({ "id": c2, "type": "A", "num": 1, "reasonType": 2 }), "reasonValue", "请输入原因"),
        (json!({ "id": c2, "type": "A", "num": 1, "reasonType": 3 }), "reasonType", "原因类型只能是 1 或 2"),
        (json!({ "id": 0, "grpId": s.line, "ymd": "2026-03-10", "type": "A", "num": 0 }), "num", "请输入大于0"),
        (json!({ "id": -1, "grpId": s.line, "ymd": "2026-04-01", "type": "A", "num": 1 }), "ymd", "日期须在该行的月份内"),
        (json!({ "grpId": s.line, "ymd": "2026/03/10", "type": "A", "num": 1 }), "ymd", "日期格式应为 YYYY-MM-DD"),
    ] {
        let answer = s.up(fields.clone()).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{fields}: {}", answer.body);
    }
    assert_eq!(s.up(json!({ "id": 99_999_999, "type": "A", "num": 1 })).await.code(), 4004);
    assert_eq!(s.up(json!({ "grpId": 99_999_999, "ymd": "2026-03-10", "type": "A", "num": 1 })).await.code(), 4004);
    assert_eq!(s.f.count("order_cell_operations").await, 0);

    // Modify: the spots change, the cell records it and the order log names the cell.
    sqlx::query("update orders set status = 1 where id = $1").bind(s.order).execute(&s.f.app.db).await.unwrap();
    let done = s.up(json!({ "id": c2, "type": "A", "num": 3 })).await;
    assert_eq!((done.body["message"].as_str(), done.ok()["ids"].clone()), (Some("修改成功"), json!([c2])));
    assert_eq!(s.state(c2).await, (3, String::new(), 1, String::new(), "A".into()));
    assert_eq!(s.records(c2).await, [(admin.clone(), "点位 2 → 3".to_owned())]);
    assert_eq!(s.last_log().await, "修改点位：伊利版本A / 晚间 / A 2026-03-02：点位 2 → 3");
    // The status is derived again: March is over and has no confirmed certificate.
    assert_eq!(s.f.info(s.order).await["status"], 6);
    // An existing cell may drop to 0; sending what it holds changes and records nothing.
    s.up(json!({ "id": c2, "type": "A", "num": 0 })).await.ok();
    s.up(json!({ "id": c2, "type": "A", "num": 0 })).await.ok();
    assert_eq!(s.records(c2).await.len(), 2);

    // Withdraw, restore, a reason recorded and cleared; fields left out are kept.
    s.up(json!({ "id": c2, "type": "A", "num": 2, "value": "撤掉" })).await.ok();
    assert_eq!(s.state(c2).await.1, "撤掉");
    s.up(json!({ "id": c2, "type": "A", "num": 2, "reasonType": "2", "reasonValue": "客户要求" })).await.ok();
    assert_eq!(s.state(c2).await, (2, "撤掉".into(), 2, "客户要求".into(), "A".into()));
    s.up(json!({ "id": c2, "type": "A", "num": 2, "value": "", "reasonType": 1 })).await.ok();
    assert_eq!(s.state(c2).await, (2, String::new(), 1, String::new(), "A".into()));
    let contents: Vec<String> = s.records(c2).await.into_iter().map(|r| r.1).collect();
    assert_eq!(contents, ["点位 2 → 3", "点位 3 → 0", "点位 0 → 2，撤掉", "原因：客户要求", "取消撤掉，清除原因"]);

    // Create on the line, then the same day again: the second is refused, nothing doubles.
    let made = s.up(json!({ "id": 0, "grpId": s.line, "ymd": "2026-03-10", "type": "A", "num": 2, "reasonType": 2, "reasonValue": "补播" })).await;
    let c10 = made.ok()["ids"][0].as_i64().unwrap();
    assert_eq!(s.cell("A", 10).await, Some(c10));
    assert_eq!(s.state(c10).await, (2, String::new(), 2, "补播".into(), "A".into()));
    assert_eq!(s.records(c10).await, [(admin.clone(), "新建点位：2 个，类型 A，原因：补播".to_owned())]);
    assert_eq!(s.last_log().await, "新建点位：伊利版本A / 晚间 / A 2026-03-10：2 个");
    let again = s.up(json!({ "id": 0, "grpId": s.line, "ymd": "2026-03-10", "type": "A", "num": 1 })).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (4009, Some("该日已有点位，请刷新后修改该点位")));

    // A type change moves the cell (same id, records and all) to the line of that type, made
    // when missing; moving it back empties that line, which goes.
    let c3 = s.cell("A", 3).await.unwrap();
    s.up(json!({ "id": c3, "type": "b", "num": 2 })).await.ok();
    assert_eq!(s.cell("B", 3).await, Some(c3));
    assert_eq!(s.records(c3).await.last().unwrap().1, "类型 A → B");
    assert_eq!(s.last_log().await, "修改点位：伊利版本A / 晚间 / A 2026-03-03：类型 A → B");
    let lines = || async { s.f.count("order_lines").await };
    assert_eq!(lines().await, 2);
    s.up(json!({ "id": c3, "type": "A", "num": 2 })).await.ok();
    assert_eq!((s.cell("A", 3).await, lines().await), (Some(c3), 1));
    // A new cell of another type lands on that type's line; a move onto its day is refused.
    let b4 = s.up(json!({ "grpId": s.line, "ymd": "2026-03-04", "type": "B", "num": 1 })).await.ok()["ids"][0].as_i64().unwrap();
    assert_eq!(s.cell("B", 4).await, Some(b4));
    let c4 = s.cell("A", 4).await.unwrap();
    let clash = s.up(json!({ "id": c4, "type": "B", "num": 2 })).await;
    assert_eq!((clash.code(), clash.body["message"].as_str()), (4009, Some("2026-03-04 已有B类点位，请直接修改该点位")));
    assert_eq!(s.state(c4).await.4, "A");
}

#[tokio::test]
async fn a_batch_applies_the_same_fields_to_every_cell_or_to_none() {
    let s = setup().await;
    let (c2, c3, c4) = (s.cell("A", 2).await.unwrap(), s.cell("A", 3).await.unwrap(), s.cell("A", 4).await.unwrap());
    let ids = format!("{c2},{c3}");
    let zero = s.up(json!({ "ids": ids, "type": "A", "num": 0, "value": "撤掉" })).await;
    assert_eq!(zero.field("num"), Some("请输入大于0"));
    assert_eq!(s.up(json!({ "ids": "x", "type": "A", "num": 1 })).await.field("ids"), Some("编号格式错误"));

    let done = s.up(json!({ "ids": ids, "type": "A", "num": 2, "value": "撤掉" })).await;
    assert_eq!(done.ok()["ids"], json!([c2, c3]));
    for c in [c2, c3] {
        assert_eq!(s.state(c).await.1, "撤掉");
        assert_eq!(s.records(c).await.len(), 1);
    }
    assert_eq!(
        s.last_log().await,
        "批量修改点位：伊利版本A / 晚间 / A 2026-03-02：撤掉；伊利版本A / 晚间 / A 2026-03-03：撤掉"
    );

    // A verified cell in the batch refuses it whole; so does a cell of another order.
    sqlx::query("update order_cells set is_he = 2 where id = $1").bind(c4).execute(&s.f.app.db).await.unwrap();
    let locked = s.up(json!({ "ids": format!("{c2},{c4}"), "type": "A", "num": 5 })).await;
    assert_eq!((locked.code(), locked.body["message"].as_str()), (4009, Some("点位已核对，不能修改")));
    let other = s.f.add(s.f.form()).await["id"].as_i64().unwrap();
    let foreign_line = s.f.schedule(other, s.f.tapes[0], &[5]).await;
    let foreign: i64 = sqlx::query_scalar("select id from order_cells where line_id = $1").bind(foreign_line).fetch_one(&s.f.app.db).await.unwrap();
    let refused = s.up(json!({ "ids": format!("{c2},{foreign}"), "type": "A", "num": 5 })).await;
    assert_eq!((refused.code(), refused.body["message"].as_str()), (4004, Some("点位不存在")));
    // A type change that clashes on its second cell undoes the first one's move too.
    s.up(json!({ "grpId": s.line, "ymd": "2026-03-03", "type": "C", "num": 1 })).await.ok();
    let clash = s.up(json!({ "ids": format!("{c2},{c3}"), "type": "C", "num": 2 })).await;
    assert_eq!(clash.code(), 4009);
    for c in [c2, c3] {
        assert_eq!(s.state(c).await, (2, "撤掉".into(), 1, String::new(), "A".into()));
        assert_eq!(s.records(c).await.len(), 1);
    }
    assert_eq!(s.state(c4).await.0, 2);
}

#[tokio::test]
async fn withdrawing_asks_for_no_type_or_count_each_cell_keeps_its_own() {
    let s = setup().await;
    let (c2, c3) = (s.cell("A", 2).await.unwrap(), s.cell("A", 3).await.unwrap());
    // Day 3 becomes one spot of type B: the batch holds cells of two types and counts.
    s.up(json!({ "id": c3, "type": "B", "num": 1 })).await.ok();
    let ids = format!("{c2},{c3}");

    let done = s.up(json!({ "ids": ids, "value": "撤掉" })).await;
    assert_eq!(done.ok()["ids"], json!([c2, c3]));
    assert_eq!(s.state(c2).await, (2, "撤掉".into(), 1, String::new(), "A".into()));
    assert_eq!(s.state(c3).await, (1, "撤掉".into(), 1, String::new(), "B".into()));
    assert_eq!(s.records(c2).await.last().unwrap().1, "撤掉");
    assert_eq!(
        s.last_log().await,
        "批量修改点位：伊利版本A / 晚间 / A 2026-03-02：撤掉；伊利版本A / 晚间 / B 2026-03-03：撤掉"
    );
    // Undone the same way.
    s.up(json!({ "ids": ids, "value": "" })).await.ok();
    assert_eq!(s.state(c2).await, (2, String::new(), 1, String::new(), "A".into()));
    assert_eq!(s.state(c3).await, (1, String::new(), 1, String::new(), "B".into()));

    // Without a withdrawal, or with one of the two given, or creating a cell, both are asked for.
    let modify = s.up(json!({ "ids": ids })).await;
    assert_eq!((modify.field("type"), modify.field("num")), (Some("请选择点位类型"), Some("请输入大于0")));
    let half = s.up(json!({ "ids": ids, "value": "撤掉", "num": 1 })).await;
    assert_eq!((half.field("type"), half.field("num")), (Some("请选择点位类型"), None));
    let create = s.up(json!({ "grpId": s.line, "ymd": "2026-03-10", "value": "撤掉" })).await;
    assert_eq!((create.field("type"), create.field("num")), (Some("请选择点位类型"), Some("请输入大于0")));
    assert_eq!(s.state(c2).await.1, "");
}

#[tokio::test]
async fn a_batch_over_5000_cells_is_refused_before_any_is_read() {
    let s = setup().await;
    let c2 = s.cell("A", 2).await.unwrap();
    let list = |n: i64| std::iter::once(c2).chain(1_000_000..1_000_000 + n).map(|id| id.to_string()).collect::<Vec<_>>().join(",");
    // 5,001 ids, the real cell first: over the limit, so nothing changes.
    let over = s.up(json!({ "ids": list(5_000), "type": "A", "num": 5 })).await;
    assert_eq!((over.code(), over.field("ids")), (4000, Some("一次最多选择 5000 项")));
    // 100,000 ids are refused as fast: reading stops at the 5,001st.
    let started = std::time::Instant::now();
    let huge = s.up(json!({ "ids": list(99_999), "type": "A", "num": 5 })).await;
    assert_eq!(huge.field("ids"), Some("一次最多选择 5000 项"));
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    assert_eq!(s.state(c2).await.0, 2);
    assert!(s.records(c2).await.is_empty());
}

/// An order whose March schedule (晚间 A: day 2 ×1, day 3 ×2) a confirmed certificate
/// checked: day 2 aired whole (verified), day 3 aired once (flagged, aired 1).
async fn verified() -> Cells {
    let f = fixture().await;
    f.period(f.media, "晚间", EVENING).await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let book = template(&[("2026-03", vec![("伊利版本A", "晚间", "A", vec![(2, 1.0), (3, 2.0)])])]);
    assert_eq!(f.import_template(order, &book).await.0, "done");
    let rows = [("2026-03-02", "19:10:00", "晚间", "伊利版本A", 1), ("2026-03-03", "19:10:00", "晚间", "伊利版本A", 1)];
    assert_eq!(f.import_certificate(order, &certificate_workbook(&rows)).await.0, "done");
    for step in [1, 2] {
        f.app.send(Call::post("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": step })).token(&f.token)).await.ok();
    }
    let line = sqlx::query_scalar("select id from order_lines where order_id = $1").bind(order).fetch_one(&f.app.db).await.unwrap();
    Cells { f, order, line }
}

#[tokio::test]
async fn a_verified_cell_is_locked_but_takes_a_reason_and_a_manual_grp() {
    let s = verified().await;
    let admin = s.admin_name().await;
    let (c2, c3) = (s.cell("A", 2).await.unwrap(), s.cell("A", 3).await.unwrap());
    let is_he: Vec<i16> = sqlx::query_scalar("select is_he from order_cells where id = any($1) order by ymd")
        .bind(vec![c2, c3])
        .fetch_all(&s.f.app.db)
        .await
        .unwrap();
    assert_eq!(is_he, [2, 1]);
    for fields in [
        json!({ "id": c2, "type": "A", "num": 2 }),
        json!({ "id": c2, "type": "A", "num": 1, "value": "撤掉" }),
        json!({ "id": c2, "type": "B", "num": 1 }),
    ] {
        let answer = s.up(fields.clone()).await;
        assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("点位已核对，不能修改")), "{fields}");
    }
    // Its reason may be recorded: the spots, type and withdrawal sent as they are.
    s.up(json!({ "id": c2, "type": "A", "num": 1, "value": "", "reasonType": 2, "reasonValue": "正一位置" })).await.ok();
    assert_eq!(s.state(c2).await, (1, String::new(), 2, "正一位置".into(), "A".into()));
    // The flagged cell keeps at least the spot that aired.
    assert_eq!(s.up(json!({ "id": c3, "type": "A", "num": 0 })).await.field("num"), Some("点位数量不能小于已播出的1"));
    s.up(json!({ "id": c3, "type": "A", "num": 1 })).await.ok();

    // grpYmdUp: only a verified cell; mdp ≥ 0, blank clears.
    let grp = |fields: Value| s.send("grpYmdUp", fields);
    for fields in [json!({ "mdp": 1 }), json!({ "ymdId": c3, "mdp": 1 }), json!({ "ymdId": 99_999_999, "mdp": 1 })] {
        let answer = grp(fields.clone()).await;
        assert_eq!((answer.code(), answer.field("ymdId")), (4000, Some("点位不存在")), "{fields}");
    }
    assert_eq!(grp(json!({ "ymdId": c2, "mdp": -0.5 })).await.field("mdp"), Some("毛评点必须是大于等于0的数字"));
    assert_eq!(grp(json!({ "ymdId": c2, "mdp": "1.25" })).await.body["message"], "修改成功");
    let manual = || async {
        sqlx::query_scalar::<_, Option<f64>>("select manual_grp::float8 from order_cells where id = $1").bind(c2).fetch_one(&s.f.app.db).await.unwrap()
    };
    assert_eq!(manual().await, Some(1.25));
    assert_eq!(s.last_log().await, "修改点位毛评点：伊利版本A / 晚间 / A 2026-03-02：人工毛评点 空 → 1.25");
    grp(json!({ "ymdId": c2, "mdp": "" })).await.ok();
    assert_eq!(manual().await, None);
    let contents: Vec<(String, String)> = s.records(c2).await;
    assert_eq!(
        contents,
        [(admin.clone(), "原因：正一位置".to_owned()), (admin.clone(), "人工毛评点 空 → 1.25".into()), (admin, "人工毛评点 1.25 → 空".into())]
    );
    // Adding spots to the verified day is refused too: its month's certificate is confirmed.
    let add = s
        .send("orderSummaryGrpYmdAdd", json!({ "type": "A", "timePeriodId": line_period(&s).await, "productDefaultId": s.f.tapes[0], "ymd": "2026-03-02", "num": 1 }))
        .await;
    assert_eq!((add.code(), add.field("ymd")), (4000, Some("该月播出证明已确认，不能再排点位")));
}

#[tokio::test]
async fn a_manual_grp_is_bounded_as_stored_and_minus_zero_is_zero() {
    let s = verified().await;
    let c2 = s.cell("A", 2).await.unwrap();
    let grp = |mdp: &str| s.send("grpYmdUp", json!({ "ymdId": c2, "mdp": mdp }));
    let manual = || async {
        sqlx::query_scalar::<_, Option<String>>("select manual_grp::text from order_cells where id = $1").bind(c2).fetch_one(&s.f.app.db).await.unwrap()
    };
    // Below 1e10 as sent, but 1e10 once rounded to the column's 4 decimals.
    let over = grp("9999999999.99996").await;
    assert_eq!((over.code(), over.field("mdp")), (4000, Some("毛评点不能大于 9999999999.9999")), "{}", over.body);
    assert_eq!(grp("99999999999").await.field("mdp"), Some("毛评点不能大于 9999999999.9999"));
    assert_eq!(manual().await, None);
    grp("-0").await.ok();
    assert_eq!(manual().await.as_deref(), Some("0.0000"));
    assert_eq!(s.last_log().await, "修改点位毛评点：伊利版本A / 晚间 / A 2026-03-02：人工毛评点 空 → 0");
    grp("9999999999.99994").await.ok();
    assert_eq!(manual().await.as_deref(), Some("9999999999.9999"));
}

async fn line_period(s: &Cells) -> i64 {
    sqlx::query_scalar("select time_period_id from order_lines where id = $1").bind(s.line).fetch_one(&s.f.app.db).await.unwrap()
}
