//! The summary dialog's point move (orderSummaryGrpYmdYdY): every validation message, the two
//! steps with hand-worked previews, type B by default, a destination that can still air, a move
//! across months, the refusals (a changed basis, a verified destination) and concurrent applies.
//!
//! The order ([`moved`]) runs over four months, dated from today: L (two months ago) and M (last
//! month), both confirmed, C (this month) and N (next month), on both versions. A confirmed
//! certificate checked L and M's schedule (晚间 A, 伊利版本A): L-02 ×1 aired 1 (verified), L-03 ×3
//! aired 1 (flagged: 2 missing), M-06 ×3 aired 1 (flagged: 2 missing), and one spot of 伊利版本B on L-05, which L
//! plans nothing of (a verified type C cell). N-12 has one spot planned (晚间 A), not due. Suit
//! 春季套装 (sold for L) entry 1 holds 晚间 and 午间; 夏季套装 (N) holds nothing yet.

use chrono::{Datelike, Months, NaiveDate};
use futures_util::future::join_all;
use serde_json::{Value, json};

use super::summary_cells::Cells;
use crate::helpers::orders::{EVENING, certificate_workbook, fixture, template};
use crate::helpers::{Answer, Call, today};

/// 12:00–12:59:59.
pub const NOON: (i32, i32) = (43200, 46799);

/// The refusal of a destination that cannot air any more.
pub const NOT_OPEN: &str = "移动后日期须在未播出的周期内";

pub struct Moved {
    pub s: Cells,
    pub evening: i64,
    pub noon: i64,
    /// The first days of the months L, M, C and N.
    pub months: [NaiveDate; 4],
    /// N's line 晚间 A of 伊利版本A.
    pub next_line: i64,
}

/// The first day of the month `k` months from this one (negative: before).
pub fn month_from_now(k: i32) -> NaiveDate {
    let this = today().with_day(1).unwrap();
    if k < 0 { this - Months::new(k.unsigned_abs()) } else { this + Months::new(k as u32) }
}

/// `YYYY-MM-DD` of day `d` of the month beginning `month`.
pub fn on(month: NaiveDate, d: u32) -> String {
    month.with_day(d).unwrap().to_string()
}

/// `YYYY-MM` of the month beginning `month`.
pub fn ym(month: NaiveDate) -> String {
    month.format("%Y-%m").to_string()
}

/// The order above with `policy` as its make-good policy (None: left out, the default).
pub async fn moved_with(policy: Option<i64>) -> Moved {
    let f = fixture().await;
    let months @ [l, m, _, n] = [-2, -1, 0, 1].map(month_from_now);
    let evening = f.period(f.media, "晚间", EVENING).await;
    let noon = f.period(f.media, "午间", NOON).await;
    sqlx::query("insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times) values ($1, 1, $2, 10), ($1, 1, $3, 10)")
        .bind(f.suits[0])
        .bind(evening)
        .bind(noon)
        .execute(&f.app.db)
        .await
        .unwrap();
    for (suit, month) in [(f.suits[0], l), (f.suits[1], n)] {
        sqlx::query("update suits set suit_month = $2 where id = $1").bind(suit).bind(month).execute(&f.app.db).await.unwrap();
    }
    let mut form = f.form();
    form["cycleTimeAdd"] = json!(on(l, 1));
    form["cycleTimeEnd"] = json!((n + Months::new(1)).pred_opt().unwrap().to_string());
    form["followDate"] = json!(on(l, 1));
    form["blankWeek"] = json!("");
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    if let Some(policy) = policy {
        form["makeGoodPolicy"] = json!(policy);
    }
    let order = f.add(form).await["id"].as_i64().unwrap();
    let book = template(&[
        (&ym(l), vec![("伊利版本A", "晚间", "A", vec![(2, 1.0), (3, 3.0)])]),
        (&ym(m), vec![("伊利版本A", "晚间", "A", vec![(6, 3.0)])]),
        (&ym(n), vec![("伊利版本A", "晚间", "A", vec![(12, 1.0)])]),
    ]);
    assert_eq!(f.import_template(order, &book).await.0, "done");
    let (l2, l3, l5, m6) = (on(l, 2), on(l, 3), on(l, 5), on(m, 6));
    let rows = [
        (l2.as_str(), "19:10:00", "晚间", "伊利版本A", 1),
        (l3.as_str(), "19:10:00", "晚间", "伊利版本A", 1),
        (l5.as_str(), "19:10:00", "晚间", "伊利版本B", 1),
        (m6.as_str(), "19:10:00", "晚间", "伊利版本A", 1),
    ];
    assert_eq!(f.import_certificate(order, &certificate_workbook(&rows)).await.0, "done");
    for step in [1, 2] {
        f.app.send(Call::post("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": step })).token(&f.token)).await.ok();
    }
    let line_of = |month: NaiveDate| {
        sqlx::query_scalar::<_, i64>("select id from order_lines where order_id = $1 and month = $2 and point_type = 'A'")
            .bind(order)
            .bind(month)
            .fetch_one(&f.app.db)
    };
    let (line, next_line) = (line_of(l).await.unwrap(), line_of(n).await.unwrap());
    Moved { s: Cells { f, order, line }, evening, noon, months, next_line }
}

pub async fn moved() -> Moved {
    moved_with(None).await
}

impl Moved {
    /// `YYYY-MM-DD` of day `d` of month `k` (0 L, 1 M, 2 C, 3 N).
    pub fn day(&self, k: usize, d: u32) -> String {
        on(self.months[k], d)
    }

    /// The order's cell on `ymd` of version `tape` (0 A, 1 B), period `period` and type `kind`.
    pub async fn cell_at(&self, tape: usize, period: i64, kind: &str, ymd: &str) -> Option<i64> {
        sqlx::query_scalar(
            "select c.id from order_cells c join order_lines l on l.id = c.line_id
             where l.order_id = $1 and l.tape_id = $2 and l.time_period_id = $3 and l.point_type = $4 and c.ymd = $5::date",
        )
        .bind(self.s.order)
        .bind(self.s.f.tapes[tape])
        .bind(period)
        .bind(kind)
        .bind(ymd)
        .fetch_optional(&self.s.f.app.db)
        .await
        .unwrap()
    }

    /// The flagged source cells: L-03 and M-06 (晚间 A, 伊利版本A).
    pub async fn sources(&self) -> (i64, i64) {
        let l3 = self.cell_at(0, self.evening, "A", &self.day(0, 3)).await.unwrap();
        let m6 = self.cell_at(0, self.evening, "A", &self.day(1, 6)).await.unwrap();
        (l3, m6)
    }

    /// (point, aired, moved, make_good) of cell `id`.
    pub async fn counts(&self, id: i64) -> (i32, i32, i32, i32) {
        sqlx::query_as("select point, aired, moved, make_good from order_cells where id = $1").bind(id).fetch_one(&self.s.f.app.db).await.unwrap()
    }

    /// A move of `num` spots of `id` to version B, 午间, type `kind` on `ymd`, step `step`.
    pub fn args(&self, id: i64, kind: &str, ymd: &str, num: i64, step: i64) -> Value {
        json!({
            "id": id, "upTapeId": self.s.f.tapes[1], "suitId": self.s.f.suits[0], "timePeriodId": self.noon,
            "type": kind, "ymd": ymd, "num": num, "typeY": step
        })
    }

    pub async fn send(&self, fields: Value) -> Answer {
        self.s.send("orderSummaryGrpYmdYdY", fields).await
    }

    /// typeY 1 then 2 with the same arguments: typeY 2's answer.
    pub async fn both(&self, mut fields: Value) -> Value {
        fields["typeY"] = json!(1);
        self.send(fields.clone()).await.ok();
        fields["typeY"] = json!(2);
        self.send(fields).await.ok().clone()
    }

    /// How many cells the order has.
    pub async fn cells(&self) -> i64 {
        sqlx::query_scalar("select count(*) from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1")
            .bind(self.s.order)
            .fetch_one(&self.s.f.app.db)
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn a_move_checks_every_field_and_its_source() {
    let m = moved().await;
    let (l3, _) = m.sources().await;
    let n10 = m.day(3, 10);
    let empty = m.send(json!({})).await;
    for (field, message) in [
        ("id", "该点位没有可移动的缺失点位"),
        ("upTapeId", "请选择移动后版本"),
        ("suitId", "请选择套装列表"),
        ("timePeriodId", "请选择订单时段"),
        // Type B when left out, and B needs a day.
        ("ymd", "请选择移动后日期"),
        ("num", "请正确输入点位数量"),
        ("typeY", "typeY 只能是 1 或 2"),
    ] {
        assert_eq!((empty.code(), empty.field(field)), (4000, Some(message)), "{field}: {}", empty.body);
    }
    assert_eq!(empty.field("type"), None);
    // Type A needs no date; the count must be a whole number above 0.
    let a = m.send(json!({ "type": "A", "num": 0 })).await;
    assert_eq!((a.field("ymd"), a.field("num")), (None, Some("请正确输入点位数量")));
    assert_eq!(m.send(json!({ "type": "E" })).await.field("type"), Some("点位类型只能是 A、B、C 或 D"));
    assert_eq!(m.send(json!({ "type": "B", "ymd": "2026/03/10" })).await.field("ymd"), Some("日期格式应为 YYYY-MM-DD"));

    // What only the order's data can tell, reported together: a tape, suit and period not the
    // order's, a day outside the cycle.
    let mut wrong = m.args(l3, "B", &on(m.months[3] + Months::new(1), 1), 1, 1);
    wrong["upTapeId"] = json!(m.s.f.foreign_tape);
    wrong["suitId"] = json!(m.s.f.suits[1]);
    let answer = m.send(wrong.clone()).await;
    assert_eq!(
        (answer.code(), answer.field("upTapeId"), answer.field("suitId"), answer.field("ymd"), answer.field("id")),
        (4000, Some("请选择移动后版本"), Some("请选择套装列表"), Some("请选择移动后日期"), None),
        "{}",
        answer.body
    );
    let mut foreign = m.args(l3, "B", &n10, 1, 1);
    foreign["timePeriodId"] = json!(m.s.f.period(m.s.f.other_media, "二台晚间", EVENING).await);
    let answer = m.send(foreign).await;
    // The suit does not hold another media's period either.
    assert_eq!((answer.field("timePeriodId"), answer.field("suitId")), (Some("请选择订单时段"), Some("请选择套装列表")));

    // Only a flagged cell with missing spots moves: not the verified day, not a cell of
    // another order, not a cell planned after the certificate.
    let verified = m.cell_at(0, m.evening, "A", &m.day(0, 2)).await.unwrap();
    let other = m.s.f.add(m.s.f.form()).await["id"].as_i64().unwrap();
    let other_line = m.s.f.schedule(other, m.s.f.tapes[0], &[9]).await;
    let foreign_cell: i64 = sqlx::query_scalar("select id from order_cells where line_id = $1").bind(other_line).fetch_one(&m.s.f.app.db).await.unwrap();
    let plain = m.s.up(json!({ "grpId": m.next_line, "ymd": m.day(3, 20), "type": "A", "num": 2 })).await.ok()["ids"][0].as_i64().unwrap();
    for id in [verified, foreign_cell, plain, 99_999_999] {
        let answer = m.send(m.args(id, "B", &n10, 1, 1)).await;
        assert_eq!((answer.code(), answer.field("id")), (4000, Some("该点位没有可移动的缺失点位")), "{id}: {}", answer.body);
    }
    // At most the missing spots: 3 planned − 1 aired = 2.
    let answer = m.send(m.args(l3, "B", &n10, 3, 1)).await;
    assert_eq!((answer.code(), answer.field("num")), (4000, Some("可输入最大于值2")));
    // A withdrawn source has nothing to move.
    m.s.up(json!({ "id": l3, "type": "A", "num": 3, "value": "撤掉" })).await.ok();
    assert_eq!(m.send(m.args(l3, "B", &n10, 1, 1)).await.field("id"), Some("该点位没有可移动的缺失点位"));
    assert_eq!(m.s.f.count("cell_move_previews").await, 0);
}

#[tokio::test]
async fn a_move_previews_then_applies_with_records_and_the_log() {
    let m = moved().await;
    let admin = m.s.admin_name().await;
    let (l3, _) = m.sources().await;
    let (l3_day, n10, n11) = (m.day(0, 3), m.day(3, 10), m.day(3, 11));
    let preview = m.send(m.args(l3, "B", &n10, 1, 1)).await;
    assert_eq!(preview.body["message"], "检查完成");
    let data = preview.ok().clone();
    assert_eq!(data["max"], 2);
    assert_eq!(
        data["preview"],
        json!({
            "from": { "ymd": l3_day, "tape": "伊利版本A", "period": "晚间", "type": "A", "missing": 2, "moved": 0 },
            "to": { "ymd": n10, "tape": "伊利版本B", "period": "午间", "type": "B", "point": 0, "after": 1 }
        })
    );
    let basis = data["basis"].as_str().unwrap().to_owned();
    assert!(basis.len() == 64 && basis.chars().all(|c| c.is_ascii_hexdigit()), "{basis}");
    // typeY 1 writes nothing but the preview.
    assert_eq!(m.cell_at(1, m.noon, "B", &n10).await, None);
    assert_eq!(m.counts(l3).await, (3, 1, 0, 0));

    let mut apply = m.args(l3, "B", &n10, 1, 2);
    apply["basis"] = json!(basis);
    let done = m.send(apply).await;
    assert_eq!(done.body["message"], "移动成功");
    let to = m.cell_at(1, m.noon, "B", &n10).await.unwrap();
    assert_eq!(done.ok().clone(), json!({ "max": 1, "moved": 1, "toId": to }));
    // The source keeps its planned spots and counts the one moved; the new cell is a make-good.
    assert_eq!(m.counts(l3).await, (3, 1, 1, 0));
    assert_eq!(m.counts(to).await, (1, 0, 0, 1));
    assert_eq!(m.s.records(l3).await, [(admin.clone(), format!("移出 1 点至 伊利版本B / 午间 / B {n10}"))]);
    assert_eq!(m.s.records(to).await, [(admin, format!("由 伊利版本A / 晚间 / A {l3_day} 移入 1 点"))]);
    assert_eq!(m.s.last_log().await, format!("移动点位：伊利版本A / 晚间 / A {l3_day} → 伊利版本B / 午间 / B {n10}：1 个点位"));
    assert_eq!(m.s.f.count("cell_move_previews").await, 0);
    // The status is derived again: L and M confirmed, the cycle running: 4 播出中.
    assert_eq!(m.s.f.info(m.s.order).await["status"], 4);

    // One spot is left to move; a second move onto the same cell adds to it.
    let again = m.send(m.args(l3, "B", &n10, 2, 1)).await;
    assert_eq!(again.field("num"), Some("可输入最大于值1"));
    let preview = m.send(m.args(l3, "B", &n10, 1, 1)).await.ok().clone();
    assert_eq!((preview["max"].clone(), preview["preview"]["from"]["moved"].clone()), (json!(1), json!(1)));
    assert_eq!((preview["preview"]["to"]["point"].clone(), preview["preview"]["to"]["after"].clone()), (json!(1), json!(2)));
    assert_eq!(m.send(m.args(l3, "B", &n10, 1, 2)).await.ok()["max"], 0);
    assert_eq!((m.counts(l3).await, m.counts(to).await), ((3, 1, 2, 0), (2, 0, 0, 2)));
    // Nothing is left: the source refuses.
    assert_eq!(m.send(m.args(l3, "B", &n11, 1, 1)).await.field("id"), Some("该点位没有可移动的缺失点位"));
}

#[tokio::test]
async fn moved_spots_are_make_goods_unless_another_type_is_named() {
    let m = moved().await;
    let (l3, m6) = m.sources().await;
    // No type: B, a make-good.
    let mut untyped = m.args(l3, "", &m.day(3, 10), 1, 1);
    untyped.as_object_mut().unwrap().remove("type");
    assert_eq!(m.send(untyped.clone()).await.ok()["preview"]["to"]["type"], "B");
    untyped["typeY"] = json!(2);
    let to = m.send(untyped).await.ok()["toId"].as_i64().unwrap();
    assert_eq!((Some(to), m.counts(to).await), (m.cell_at(1, m.noon, "B", &m.day(3, 10)).await, (1, 0, 0, 1)));
    // Type C or D on another day: placed, not a make-good.
    for (kind, d) in [("C", 12), ("D", 13)] {
        let placed = m.both(m.args(m6, kind, &m.day(3, d), 1, 1)).await;
        assert_eq!(m.counts(placed["toId"].as_i64().unwrap()).await, (1, 0, 0, 0), "{kind}");
    }
    assert_eq!((m.counts(l3).await, m.counts(m6).await), ((3, 1, 1, 0), (3, 1, 2, 0)));
}

#[tokio::test]
async fn a_move_crosses_months_onto_a_new_line() {
    let m = moved().await;
    let (l3, m6) = m.sources().await;
    // L's missing spots go to N-20: N's line of 伊利版本B / 午间 / B is made.
    let n20 = m.day(3, 20);
    let done = m.both(m.args(l3, "B", &n20, 2, 1)).await;
    let to = m.cell_at(1, m.noon, "B", &n20).await.unwrap();
    assert_eq!(done, json!({ "max": 0, "moved": 2, "toId": to }));
    let month = |id: i64| {
        sqlx::query_scalar::<_, NaiveDate>("select l.month from order_cells c join order_lines l on l.id = c.line_id where c.id = $1")
            .bind(id)
            .fetch_one(&m.s.f.app.db)
    };
    assert_eq!(month(to).await.unwrap(), m.months[3]);
    // And M's to today, a day of this month (C).
    let today = today().to_string();
    let done = m.both(m.args(m6, "B", &today, 2, 1)).await;
    let to = m.cell_at(1, m.noon, "B", &today).await.unwrap();
    assert_eq!((done["toId"].as_i64(), month(to).await.unwrap()), (Some(to), m.months[2]));
    assert_eq!((m.counts(to).await, m.counts(m6).await), ((2, 0, 0, 2), (3, 1, 2, 0)));
}

#[tokio::test]
async fn typey_2_refuses_a_changed_basis_and_a_verified_destination() {
    let m = moved().await;
    let (l3, m6) = m.sources().await;
    let (n10, n11) = (m.day(3, 10), m.day(3, 11));
    let changed = |a: &Answer| (a.code(), a.body["message"].as_str().map(str::to_owned));
    let refused = (4009, Some("点位已变化，请重新检查".to_owned()));
    // No preview yet.
    assert_eq!(changed(&m.send(m.args(l3, "B", &n10, 1, 2)).await), refused);
    // A preview of other arguments (another count, another day) is not this move's.
    m.send(m.args(l3, "B", &n10, 1, 1)).await.ok();
    assert_eq!(changed(&m.send(m.args(l3, "B", &n10, 2, 2)).await), refused);
    assert_eq!(changed(&m.send(m.args(l3, "B", &n11, 1, 2)).await), refused);
    // A basis that is not the stored one.
    let mut stale = m.args(l3, "B", &n10, 1, 2);
    stale["basis"] = json!("0".repeat(64));
    assert_eq!(changed(&m.send(stale).await), refused);

    // The source changes between the steps (a spot that will not air dropped): refused, nothing
    // moves. A short cell takes no more spots.
    m.send(m.args(l3, "B", &n10, 1, 1)).await.ok();
    let more = m.s.up(json!({ "id": l3, "type": "A", "num": 4 })).await;
    assert_eq!((more.code(), more.body["message"].as_str()), (4009, Some("该点位已核对缺播，不能增加点位")));
    m.s.up(json!({ "id": l3, "type": "A", "num": 2 })).await.ok();
    assert_eq!(changed(&m.send(m.args(l3, "B", &n10, 1, 2)).await), refused);
    assert_eq!(m.counts(l3).await, (2, 1, 0, 0));
    // The destination changes between the steps (spots added there): refused.
    m.send(m.args(m6, "B", &n10, 1, 1)).await.ok();
    let add = json!({ "type": "B", "timePeriodId": m.noon, "productDefaultId": m.s.f.tapes[1], "ymd": n10, "num": 1 });
    let added = m.s.send("orderSummaryGrpYmdAdd", add).await.ok()["id"].as_i64().unwrap();
    assert_eq!(changed(&m.send(m.args(m6, "B", &n10, 1, 2)).await), refused);
    assert_eq!(m.counts(added).await.0, 1);
    // A new preview of the same move sees the change and applies.
    let preview = m.send(m.args(m6, "B", &n10, 1, 1)).await.ok().clone();
    assert_eq!((preview["preview"]["to"]["point"].clone(), preview["preview"]["to"]["after"].clone()), (json!(1), json!(2)));
    assert_eq!(m.send(m.args(m6, "B", &n10, 1, 2)).await.ok()["toId"], added);

    // The verified free spot of L-05 (type C, 伊利版本B, 晚间) lies in a confirmed month.
    let mut onto = m.args(l3, "C", &m.day(0, 5), 1, 1);
    onto["timePeriodId"] = json!(m.evening);
    let free = m.cell_at(1, m.evening, "C", &m.day(0, 5)).await.unwrap();
    let before = m.counts(free).await;
    assert_eq!(m.send(onto).await.field("ymd"), Some(NOT_OPEN));
    assert_eq!(m.counts(free).await, before);
    // A destination verified between the steps takes nothing.
    m.send(m.args(l3, "B", &n10, 1, 1)).await.ok();
    sqlx::query("update order_cells set is_he = 2 where id = $1").bind(added).execute(&m.s.f.app.db).await.unwrap();
    let answer = m.send(m.args(l3, "B", &n10, 1, 2)).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("点位已核对，不能修改")));
    assert_eq!((m.counts(added).await.0, m.counts(l3).await.2), (2, 0));
    // Nor one a certificate found short (flagged as the certificate flags it).
    sqlx::query("update order_cells set is_he = 1, reason_disappearance = 1 where id = $1").bind(added).execute(&m.s.f.app.db).await.unwrap();
    let answer = m.send(m.args(l3, "B", &n10, 1, 1)).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("点位已核对，不能修改")));
}

#[tokio::test]
async fn ten_concurrent_applies_of_one_preview_move_once() {
    let m = moved().await;
    let (l3, _) = m.sources().await;
    let n10 = m.day(3, 10);
    let basis = m.send(m.args(l3, "B", &n10, 2, 1)).await.ok()["basis"].clone();
    let mut apply = m.args(l3, "B", &n10, 2, 2);
    apply["basis"] = basis;
    let answers = join_all((0..10).map(|_| m.send(apply.clone()))).await;
    let codes: Vec<i64> = answers.iter().map(Answer::code).collect();
    assert_eq!((codes.iter().filter(|c| **c == 200).count(), codes.iter().filter(|c| **c == 4009).count()), (1, 9), "{codes:?}");
    let to = m.cell_at(1, m.noon, "B", &n10).await.unwrap();
    assert_eq!((m.counts(l3).await, m.counts(to).await), ((3, 1, 2, 0), (2, 0, 0, 2)));
    assert_eq!((m.s.records(l3).await.len(), m.s.records(to).await.len()), (1, 1));
    let logs: i64 = sqlx::query_scalar("select count(*) from order_logs where order_id = $1 and content like '移动点位%'")
        .bind(m.s.order)
        .fetch_one(&m.s.f.app.db)
        .await
        .unwrap();
    assert_eq!(logs, 1);
}
