//! Customer data per order: orderCustomerIndex (paging, the sum to 2 decimals, filters and
//! their messages) and orderCustomerUp's two steps (the preview, the attach, 4009 when the
//! rows changed in between, concurrent confirmations applying once).
//!
//! The example: an order on tapes 伊利版本A (T-001) and 伊利版本B, March 2026; period 晚间A
//! 19:00–19:59:59; lines L1 (A, 晚间A, type A: day 2 ×2, day 3 ×1) and L2 (A, 晚间A, type B:
//! day 2 ×1). Customer rows of category 2, source 3, in air-time order, and where each lands:
//!
//! | # | day, time | title | GRP | position | line |
//! |---|---|---|---|---|---|
//! | 1 | 03-02 19:10 | 伊利版本A | 1.234 | 正一 | L1 |
//! | 2 | 03-02 19:20 | T-001 | 2.5 | 2/8 | L1 |
//! | 3 | 03-02 19:30 | 伊利版本A | 0.333 | 倒二 | L2 (L1's day 2 is full: it plans 2 that day) |
//! | 4 | 03-03 19:40 | 测试牛奶 (any tape) | 1.0 | 中 | L1 (its day 3 cell) |
//! | 5 | 03-05 21:00 | 伊利版本A | 0.5 | 正一 | none: no period holds 21:00 |
//! | 6 | 03-10 19:05 | 伊利版本B | 2.0 | 正一 | none: no line of tape B |
//!
//! Sum 1.234 + 2.5 + 0.333 + 1.0 + 0.5 + 2.0 = 7.567 → **7.57**. Not matching: group 北京,
//! channel 测试二台, the media side. One more row of category 1 (03-04 19:15, 9.99) matches
//! only when category 1 or any is asked: with any category (the order names none) 7 rows,
//! 17.557 → **17.56**.

use serde_json::{Value, json};

use crate::helpers::orders::{Fixture, close, fixture, template};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::viewing::Spot;
use crate::helpers::{Answer, Call};

struct Setup {
    f: Fixture,
    order: i64,
    /// L1 (type A), L2 (type B).
    lines: [i64; 2],
}

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64, position: &str) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s(position))
}

async fn viewing(f: &Fixture, category: i64, belonging_to: i64, spots: &[Spot]) {
    let tag = json!({ "category": category, "source": 3, "belongingTo": belonging_to });
    let book = crate::helpers::viewing::workbook(spots, false);
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &book).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
}

const CHANNEL: &str = "测试卫视";
const ANY: &str = "全国4+";

async fn setup() -> Setup {
    let f = fixture().await;
    f.period(f.media, "晚间A", (68400, 71999)).await;
    let mut form = f.form();
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    let order = f.add(form).await["id"].as_i64().unwrap();
    let schedule = template(&[(
        "2026-03",
        vec![("伊利版本A", "晚间A", "A", vec![(2, 2.0), (3, 1.0)]), ("伊利版本A", "晚间A", "B", vec![(2, 1.0)])],
    )]);
    let (status, message) = f.import_template(order, &schedule).await;
    assert_eq!(status, "done", "{message}");
    let line = |kind: &'static str| {
        sqlx::query_scalar::<_, i64>("select id from order_lines where order_id = $1 and point_type = $2")
            .bind(order)
            .bind(kind)
            .fetch_one(&f.app.db)
    };
    let lines = [line("A").await.unwrap(), line("B").await.unwrap()];
    viewing(
        &f,
        2,
        1,
        &[
            spot("2026-03-02", "19:10:00", CHANNEL, "伊利版本A", ANY, 1.234, "正一"),
            spot("2026-03-02", "19:20:00", CHANNEL, "T-001", ANY, 2.5, "2/8"),
            spot("2026-03-02", "19:30:00", CHANNEL, "伊利版本A", ANY, 0.333, "倒二"),
            spot("2026-03-03", "19:40:00", CHANNEL, "测试牛奶", ANY, 1.0, "中"),
            spot("2026-03-05", "21:00:00", CHANNEL, "伊利版本A", ANY, 0.5, "正一"),
            spot("2026-03-10", "19:05:00", CHANNEL, "伊利版本B", ANY, 2.0, "正一"),
            spot("2026-03-02", "19:11:00", CHANNEL, "伊利版本A", "北京", 50.0, "正一"),
            spot("2026-03-02", "19:12:00", "测试二台", "伊利版本A", ANY, 50.0, "正一"),
        ],
    )
    .await;
    viewing(&f, 2, 2, &[spot("2026-03-02", "19:13:00", CHANNEL, "伊利版本A", ANY, 50.0, "正一")]).await;
    viewing(&f, 1, 1, &[spot("2026-03-04", "19:15:00", CHANNEL, "伊利版本A", ANY, 9.99, "正一")]).await;
    Setup { f, order, lines }
}

impl Setup {
    async fn index(&self, fields: Value) -> Answer {
        let mut fields = fields;
        fields["orderId"] = json!(self.order);
        self.f.app.send(Call::get("orderCustomerIndex", fields).token(&self.f.token)).await
    }

    async fn up(&self, type_y: i64) -> Answer {
        let fields = json!({ "orderId": self.order, "category": 2, "source": 3, "typeY": type_y });
        self.f.app.send(Call::post("orderCustomerUp", fields).token(&self.f.token)).await
    }

    async fn attached_rows(&self) -> i64 {
        sqlx::query_scalar("select count(*) from order_customer_rows where order_id = $1")
            .bind(self.order)
            .fetch_one(&self.f.app.db)
            .await
            .unwrap()
    }
}

fn titles(page: &Value) -> Vec<(String, String)> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["addTime"].as_str().unwrap().to_owned(), r["title"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn the_index_pages_the_orders_rows_newest_first_with_the_sum_of_all() {
    let s = setup().await;
    let first = s.index(json!({ "category": 2, "source": 3, "page": 1, "limit": 4 })).await.ok().clone();
    assert_eq!(first["total"], 6);
    assert!(close(&first["sum"], 7.57), "{}", first["sum"]);
    let t = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(
        titles(&first),
        [
            t("2026-03-10 19:05:00", "伊利版本B"),
            t("2026-03-05 21:00:00", "伊利版本A"),
            t("2026-03-03 19:40:00", "测试牛奶"),
            t("2026-03-02 19:30:00", "伊利版本A")
        ]
    );
    let row = &first["data"][2];
    assert_eq!((row["ymd"].as_str(), row["circumferenceName"].as_str()), (Some("2026-03-03"), Some("晚间新闻")));
    assert!(close(&row["maoDianPing"], 1.0));
    assert_eq!(row["time_period_class"], Value::Null);
    // The second page holds the rest; the sum is still of every matching row.
    let second = s.index(json!({ "category": 2, "source": 3, "page": 2, "limit": 4 })).await.ok().clone();
    assert_eq!(titles(&second), [t("2026-03-02 19:20:00", "T-001"), t("2026-03-02 19:10:00", "伊利版本A")]);
    assert_eq!(second["total"], 6);
    assert!(close(&second["sum"], 7.57));
}

#[tokio::test]
async fn the_index_filters_by_days_category_and_source() {
    let s = setup().await;
    let days = s.index(json!({ "category": 2, "source": 3, "addTime": "2026-03-03", "endTime": "2026-03-05" })).await.ok().clone();
    assert_eq!(days["total"], 2);
    assert!(close(&days["sum"], 1.5));
    let first = s.index(json!({ "category": 1, "source": 3 })).await.ok().clone();
    assert_eq!(first["total"], 1);
    assert!(close(&first["sum"], 9.99));
    // The order names no category or source: any, without a filter.
    let any = s.index(json!({})).await.ok().clone();
    assert_eq!(any["total"], 7);
    assert!(close(&any["sum"], 17.56), "{}", any["sum"]);
    let none = s.index(json!({ "category": 2, "source": 1 })).await.ok().clone();
    assert_eq!((none["total"].as_i64(), none["data"].as_array().map(Vec::len)), (Some(0), Some(0)));
    assert!(close(&none["sum"], 0.0));
}

#[tokio::test]
async fn bad_filters_are_refused_in_chinese() {
    let s = setup().await;
    let early = s.index(json!({ "addTime": "2026-02-28", "endTime": "2026-04-01" })).await;
    assert_eq!(early.code(), 4000);
    assert_eq!(early.field("addTime"), Some("开始日期须在订单周期（2026-03-01 ~ 2026-03-31）内"));
    assert_eq!(early.field("endTime"), Some("结束日期须在订单周期（2026-03-01 ~ 2026-03-31）内"));
    let backwards = s.index(json!({ "addTime": "2026-03-10", "endTime": "2026-03-02" })).await;
    assert_eq!(backwards.field("endTime"), Some("结束日期不能早于开始日期"));
    let codes = s.index(json!({ "category": 9, "source": 0, "addTime": "3月1日" })).await;
    assert_eq!(codes.field("category"), Some("数据类别无效"));
    assert_eq!(codes.field("source"), Some("数据来源无效"));
    assert_eq!(codes.field("addTime"), Some("日期格式应为 YYYY-MM-DD"));
    let step = s.f.app.send(Call::post("orderCustomerUp", json!({ "orderId": s.order, "typeY": 3 })).token(&s.f.token)).await;
    assert_eq!(step.field("typeY"), Some("typeY 只能是 1 或 2"));
    let missing = s.f.app.send(Call::get("orderCustomerIndex", json!({ "orderId": 99999 })).token(&s.f.token)).await;
    assert_eq!(missing.code(), 4004);
    let no_order = s.f.app.send(Call::get("orderCustomerIndex", json!({})).token(&s.f.token)).await;
    assert_eq!(no_order.field("orderId"), Some("请选择订单"));
}

#[tokio::test]
async fn the_preview_places_each_row_and_the_confirmation_attaches_exactly_it() {
    let s = setup().await;
    let preview = s.up(1).await.ok().clone();
    // Of the 6 rows, #1–#4 land on a line and #5, #6 on none: 4 + 2 = 6, each count said.
    let split = |a: &Value| (a["count"].as_i64(), a["placed"].as_i64(), a["unplaced"].as_i64());
    assert_eq!(split(&preview), (Some(6), Some(4), Some(2)));
    assert!(close(&preview["sum"], 7.57));
    let cells: Vec<(i64, &str, i64)> = preview["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["lineId"].as_i64().unwrap(), c["ymd"].as_str().unwrap(), c["spots"].as_i64().unwrap()))
        .collect();
    assert_eq!(cells, [(s.lines[0], "2026-03-02", 2), (s.lines[0], "2026-03-03", 1), (s.lines[1], "2026-03-02", 1)]);
    // The cells hold exactly the placed rows: 2 + 1 + 1 = 4.
    assert_eq!(cells.iter().map(|c| c.2).sum::<i64>(), 4);
    // L1's day 2: 1.234 + 2.5.
    assert!(close(&preview["cells"][0]["grp"], 3.734));
    assert_eq!(preview["list"].as_array().unwrap().len(), 6);
    assert_eq!(preview["list"][0]["title"], "伊利版本B");
    // Nothing changes on typeY 1.
    assert_eq!(s.attached_rows().await, 0);

    let logs_before = s.f.count("order_logs").await;
    let done = s.up(2).await.ok().clone();
    assert_eq!(split(&done), (Some(6), Some(4), Some(2)));
    assert!(close(&done["sum"], 7.57));
    assert_eq!(s.f.count("order_logs").await, logs_before + 1);
    let attached = adeval_server::orders::customer::attached(&s.f.app.db, s.order).await.unwrap().expect("attached");
    assert_eq!((attached.category, attached.source), (Some(2), Some(3)));
    type Landed<'a> = (String, i32, &'a str, Option<i64>, Option<&'a str>);
    let spots: Vec<Landed> = attached
        .spots
        .iter()
        .map(|a| (a.ymd.to_string(), a.secs, a.title.as_str(), a.line_id, a.position.as_deref()))
        .collect();
    let (l1, l2) = (Some(s.lines[0]), Some(s.lines[1]));
    let d = |x: &str| x.to_owned();
    assert_eq!(
        spots,
        [
            (d("2026-03-02"), 69000, "伊利版本A", l1, Some("正一")),
            (d("2026-03-02"), 69600, "T-001", l1, Some("2/8")),
            (d("2026-03-02"), 70200, "伊利版本A", l2, Some("倒二")),
            (d("2026-03-03"), 70800, "测试牛奶", l1, Some("中")),
            (d("2026-03-05"), 75600, "伊利版本A", None, Some("正一")),
            (d("2026-03-10"), 68700, "伊利版本B", None, Some("正一")),
        ]
    );
    let second = &attached.spots[1];
    assert_eq!((second.position_index, second.position_of, second.position_from_end), (Some(2), Some(8), false));
    assert_eq!((attached.spots[2].position_index, attached.spots[2].position_from_end), (Some(2), true));
    assert!((second.grp - 2.5).abs() < 1e-9);
    // The preview is used up: confirming again has nothing to apply.
    let again = s.up(2).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (4009, Some("数据已变化，请重新预览")));
    assert_eq!(s.attached_rows().await, 6);
}

#[tokio::test]
async fn a_new_import_between_the_steps_answers_4009_and_attaches_nothing() {
    let s = setup().await;
    assert_eq!(s.up(2).await.code(), 4009, "no preview yet");
    s.up(1).await.ok();
    viewing(&s.f, 2, 1, &[spot("2026-03-03", "19:50:00", CHANNEL, "伊利版本A", ANY, 0.7, "正二")]).await;
    let stale = s.up(2).await;
    assert_eq!((stale.code(), stale.body["message"].as_str()), (4009, Some("数据已变化，请重新预览")));
    assert_eq!(s.attached_rows().await, 0);
    assert!(adeval_server::orders::customer::attached(&s.f.app.db, s.order).await.unwrap().is_none());
    // Previewed again, the new row is in and the confirmation applies.
    assert_eq!(s.up(1).await.ok()["count"], 7);
    assert_eq!(s.up(2).await.ok()["count"], 7);
    assert_eq!(s.attached_rows().await, 7);
    // The confirmation must be of the filters previewed, and of the preview the caller saw.
    s.up(1).await.ok();
    let other = json!({ "orderId": s.order, "category": 2, "source": 3, "addTime": "2026-03-03", "typeY": 2 });
    assert_eq!(s.f.app.send(Call::post("orderCustomerUp", other).token(&s.f.token)).await.code(), 4009);
    let seen = json!({ "orderId": s.order, "category": 2, "source": 3, "typeY": 2, "basis": "not-this-one" });
    assert_eq!(s.f.app.send(Call::post("orderCustomerUp", seen).token(&s.f.token)).await.code(), 4009);
}

#[tokio::test]
async fn a_schedule_change_that_moves_a_row_to_another_line_answers_4009() {
    let s = setup().await;
    let basis = s.up(1).await.ok()["basis"].as_str().unwrap().to_owned();
    // L1's day 2 withdrawn: it plans 1 spot, so rows 2 and 3 go on to L2 (then back to L1).
    sqlx::query("update order_cells set value = '撤掉' where line_id = $1 and ymd = '2026-03-02'")
        .bind(s.lines[0])
        .execute(&s.f.app.db)
        .await
        .unwrap();
    let fields = json!({ "orderId": s.order, "category": 2, "source": 3, "typeY": 2, "basis": basis });
    let stale = s.f.app.send(Call::post("orderCustomerUp", fields).token(&s.f.token)).await;
    assert_eq!((stale.code(), stale.body["message"].as_str()), (4009, Some("数据已变化，请重新预览")));
    let again = s.up(1).await.ok().clone();
    let mut cells: Vec<(i64, &str, i64)> = again["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["lineId"].as_i64().unwrap(), c["ymd"].as_str().unwrap(), c["spots"].as_i64().unwrap()))
        .collect();
    cells.sort();
    // Row 1 takes L2's day 2 cell (L1 has none left that day), row 2 L1's room in the month,
    // row 3 finds both full and goes to the first, L1; row 4 L1's day 3 cell.
    let mut expected = vec![(s.lines[0], "2026-03-02", 2), (s.lines[0], "2026-03-03", 1), (s.lines[1], "2026-03-02", 1)];
    expected.sort();
    assert_eq!(cells, expected);
    assert_eq!(s.up(2).await.ok()["count"], 6);
}

#[tokio::test]
async fn concurrent_confirmations_of_one_preview_apply_once() {
    let s = setup().await;
    s.up(1).await.ok();
    let logs_before = s.f.count("order_logs").await;
    let (a, b, c, d) = tokio::join!(s.up(2), s.up(2), s.up(2), s.up(2));
    let mut codes: Vec<i64> = [a, b, c, d].iter().map(Answer::code).collect();
    codes.sort();
    assert_eq!(codes, [200, 4009, 4009, 4009]);
    assert_eq!(s.attached_rows().await, 6);
    assert_eq!(s.f.count("order_logs").await, logs_before + 1);
}

/// The customer side's issued GRP, aired spots, 正负三 count and % of the order: its
/// orderSummaryList total (for `category`, or the order's own) and its orderList row.
async fn customer_figures(s: &Setup, category: Option<i64>) -> ((f64, i64, i64, Option<f64>), Option<(f64, u64)>) {
    let mut fields = json!({ "orderId": s.order, "belongingTo": 1 });
    if let Some(c) = category {
        fields["category"] = json!(c);
    }
    let list = s.f.app.send(Call::get("orderSummaryList", fields).token(&s.f.token)).await;
    let total = list.ok().as_array().unwrap().last().unwrap().clone();
    assert_eq!(total["month"], "合计");
    let summary = (
        total["IssuedGrp"].as_f64().unwrap(),
        total["airedSpots"].as_i64().unwrap(),
        total["alreadyUpsideDownThree"].as_i64().unwrap(),
        total["alreadyUpsideDownThreePer"].as_f64(),
    );
    if category.is_some() {
        return (summary, None);
    }
    let orders = s.f.list(json!({ "page": 1, "limit": 10 })).await;
    let row = orders["data"].as_array().unwrap().iter().find(|o| o["id"].as_i64() == Some(s.order)).unwrap().clone();
    (summary, Some((row["customerIssuedGrp"].as_f64().unwrap(), row["customerAiredSpots"].as_u64().unwrap())))
}

#[tokio::test]
async fn attached_rows_and_uploaded_positions_are_what_the_figures_count() {
    let s = setup().await;
    // Before: the lake's 7 customer rows of any category (the order names none): 17.557 GRP;
    // positioned 7, in the first or last three 6 (all but 中) → 85.71 %.
    let before = customer_figures(&s, None).await;
    assert_eq!(before, ((17.557, 7, 6, Some(85.71)), Some((17.557, 7))));

    s.up(1).await.ok();
    s.up(2).await.ok();
    // After: exactly the 6 attached copies (category 2): 7.567 GRP; 5 of 6 positioned spots
    // in the first or last three → 83.33 %. The list's row says the same.
    assert_eq!(customer_figures(&s, None).await, ((7.567, 6, 5, Some(83.33)), Some((7.567, 6))));
    assert_eq!(customer_figures(&s, Some(2)).await.0, (7.567, 6, 5, Some(83.33)));
    // Category 1 is not what was attached: still the lake's one row of it.
    assert_eq!(customer_figures(&s, Some(1)).await.0, (9.99, 1, 1, Some(100.0)));

    // A 正负三 upload for category 2 / source 3 names the 03-03 spot 正二 (it was 中): 6 of 6.
    let book = crate::helpers::viewing::workbook(&[spot("2026-03-03", "19:40:00", CHANNEL, "测试牛奶", ANY, 1.0, "正二")], false);
    let tag = json!({ "orderId": s.order, "category": 2, "source": 3 });
    let answer = upload(&s.f.app, &s.f.token, "alreadyUpsideDownThree", "正负三.xlsx", tag, &book).await;
    let (status, message) = job_end(&s.f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    assert_eq!(customer_figures(&s, None).await, ((7.567, 6, 6, Some(100.0)), Some((7.567, 6))));
}

#[tokio::test]
async fn data_attached_as_any_category_answers_a_read_of_one_category_with_its_copies() {
    let s = setup().await;
    // Attached with no category or source: all 7 rows (the 6 of category 2 and 9.99 of 1).
    let call = |type_y: i64| Call::post("orderCustomerUp", json!({ "orderId": s.order, "typeY": type_y })).token(&s.f.token);
    assert_eq!(s.f.app.send(call(1)).await.ok()["count"], 7);
    assert_eq!(s.f.app.send(call(2)).await.ok()["count"], 7);
    // A new category-1 row arrives in the lake; the order's category-1 figures are still its
    // attached copy of that category (9.99), and the whole side all 7 copies.
    viewing(&s.f, 1, 1, &[spot("2026-03-06", "19:15:00", CHANNEL, "伊利版本A", ANY, 4.0, "中")]).await;
    assert_eq!(customer_figures(&s, Some(1)).await.0, (9.99, 1, 1, Some(100.0)));
    assert_eq!(customer_figures(&s, Some(2)).await.0, (7.567, 6, 5, Some(83.33)));
    assert_eq!(customer_figures(&s, None).await.1, Some((17.557, 7)));
}

#[tokio::test]
async fn a_preview_shown_before_another_admins_confirmation_answers_4009() {
    let s = setup().await;
    let other = s.f.app.create_account("another", "*").await;
    let other = s.f.app.session(other).await;
    let up = |type_y: i64, to: &str| json!({ "orderId": s.order, "category": 2, "source": 3, "endTime": to, "typeY": type_y });
    // Both preview (the admin the whole cycle, the other two days); the admin confirms first.
    send(&s, &s.f.token, up(1, "2026-03-31")).await.ok();
    send(&s, &other, up(1, "2026-03-03")).await.ok();
    assert_eq!(send(&s, &s.f.token, up(2, "2026-03-31")).await.ok()["count"], 6);
    // The other's preview was shown against what the order had attached before: refused.
    let late = send(&s, &other, up(2, "2026-03-03")).await;
    assert_eq!((late.code(), late.body["message"].as_str()), (4009, Some("数据已变化，请重新预览")));
    assert_eq!(s.attached_rows().await, 6);
}

async fn send(s: &Setup, token: &str, fields: Value) -> Answer {
    s.f.app.send(Call::post("orderCustomerUp", fields).token(token)).await
}
