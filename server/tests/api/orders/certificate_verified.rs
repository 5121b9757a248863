//! What a confirmation verified is fixed (docs/evaluation.md, "Broadcast certificates"): once a
//! running month's days up to yesterday are verified, a re-import or a correction that would
//! change the rows a verified cell counted is refused whole, naming the cells, and changes
//! nothing; the counts of the certificate, its preview, the grid, the drill-down and the
//! make-goods keep agreeing.
//!
//! The example: an order of this month (still running), 错一补一, versions 伊利版本A and B.
//! Planned: 晚间A (19–20 h) A ×1 on each of the two days before yesterday's end, d1 and d2;
//! 晚间B (20–21 h) A ×1 on d1. The first certificate shows 晚间A d1 and d2 only; confirming it
//! verifies both 晚间A cells and flags 晚间B d1 (1 spot missing, 1 make-good owed).

use chrono::{Datelike, Days, Months, NaiveDate};
use serde_json::{Value, json};

use super::certificates::{Setup, setup};
use crate::helpers::Call;
use crate::helpers::orders::{CertificateLine, certificate_workbook, template};

/// Today in the server's zone (Asia/Shanghai, UTC+8).
fn today() -> NaiveDate {
    (chrono::Utc::now() + chrono::Duration::hours(8)).date_naive()
}

struct Running {
    s: Setup,
    order: i64,
    /// d1, d2: the day before yesterday and yesterday.
    days: [String; 2],
}

/// The example's order with its first certificate confirmed; None on the 1st and 2nd of a
/// month, when fewer than two days of the running month have gone by.
async fn running() -> Option<Running> {
    let today = today();
    if today.day() < 3 {
        return None;
    }
    let s = setup().await;
    let start = today.with_day(1).unwrap();
    let mut form = s.f.form();
    form["cycleTimeAdd"] = json!(start.to_string());
    form["cycleTimeEnd"] = json!((start + Months::new(1) - Days::new(1)).to_string());
    form["followDate"] = json!(start.to_string());
    form["blankWeek"] = json!("");
    form["makeGoodPolicy"] = json!(2);
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", s.f.tapes[0], s.f.tapes[1]));
    let order = s.f.add(form).await["id"].as_i64().unwrap();
    let (d1, d2) = (today - Days::new(2), today - Days::new(1));
    let month = start.format("%Y-%m").to_string();
    let lines = vec![("伊利版本A", "晚间A", "A", vec![(d1.day(), 1.0), (d2.day(), 1.0)]), ("伊利版本A", "晚间B", "A", vec![(d1.day(), 1.0)])];
    assert_eq!(s.f.import_template(order, &template(&[(month.as_str(), lines)])).await.0, "done");
    let r = Running { s, order, days: [d1.to_string(), d2.to_string()] };
    assert_eq!(r.import(&r.rows(&[(0, "19:10:00"), (1, "19:10:00")])).await.0, "done");
    let preview = r.step(1).await.ok()["dataValue"]["changes"].clone();
    assert_eq!(preview, json!({ "verifiedCells": 2, "missingCells": 1, "missingSpots": 1, "freeSpots": 0 }));
    // The month is running: its days so far are verified, it stays open (no month confirmed).
    assert_eq!(r.step(2).await.ok()["months"], json!([]));
    Some(r)
}

impl Running {
    /// Certificate rows of 伊利版本A, one spot each: (day index, air time).
    fn rows<'a>(&'a self, rows: &[(usize, &'a str)]) -> Vec<CertificateLine<'a>> {
        rows.iter().map(|&(d, time)| (self.days[d].as_str(), time, "", "伊利版本A", 1)).collect()
    }

    async fn import(&self, rows: &[CertificateLine<'_>]) -> (String, String) {
        self.s.f.import_certificate(self.order, &certificate_workbook(rows)).await
    }

    async fn step(&self, type_y: i64) -> crate::helpers::Answer {
        self.s.send("orderBroadcastLicenseUp", json!({ "orderId": self.order, "typeY": type_y })).await
    }

    async fn get(&self, name: &str, fields: Value) -> Value {
        self.s.f.app.send(Call::get(name, fields).token(&self.s.f.token)).await.ok().clone()
    }

    /// The current certificate's row `n` (file order): its id carries the batch.
    async fn row_id(&self, n: i64) -> i64 {
        let batch: i64 = sqlx::query_scalar("select batch_id from order_certificate_months where order_id = $1")
            .bind(self.order)
            .fetch_one(&self.s.f.app.db)
            .await
            .unwrap();
        (batch << 32) | n
    }

    /// Everything a refused change must leave as it was: the order (its status), its lines and
    /// cells, its log, its certificate months, corrections and pending preview.
    async fn seen(&self) -> Vec<String> {
        let mut out = Vec::new();
        for sql in [
            "select row_to_json(o)::text from orders o where o.id = $1",
            "select coalesce(json_agg(l order by l.id)::text, '') from order_lines l where l.order_id = $1",
            "select coalesce(json_agg(c order by c.id)::text, '') from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1",
            "select coalesce(json_agg(g order by g.id)::text, '') from order_logs g where g.order_id = $1",
            "select coalesce(json_agg(m order by m.month)::text, '') from order_certificate_months m where m.order_id = $1",
            "select coalesce(json_agg(c order by c.row_id)::text, '') from certificate_corrections c where c.order_id = $1",
            "select coalesce(json_agg(p)::text, '') from certificate_previews p where p.order_id = $1",
        ] {
            out.push(sqlx::query_scalar(sql).bind(self.order).fetch_one(&self.s.f.app.db).await.unwrap());
        }
        out
    }

    /// Every count of the certificate agrees with the others, and they are `[planned, aired,
    /// missing]` spots: the dialog's tiles, the grid's publishedTimes (the aired spots its cells
    /// hold), figureRows' `missing` and the month's make-goods owed (错一补一: one per missing).
    async fn agree(&self, [planned, aired, missing]: [i64; 3]) {
        let tiles = self.get("broadcastingCertificate", json!({ "orderId": self.order })).await["dataValue"].clone();
        let got = ["planned", "aired", "missing"].map(|k| tiles[k].as_i64().unwrap());
        assert_eq!(got, [planned, aired, missing], "tiles {tiles:#}");
        let grid = self.get("orderSummaryGrpList", json!({ "orderId": self.order })).await;
        let published: i64 = grid
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|m| m["data"].as_array().unwrap().iter())
            .map(|l| l["publishedTimes"].as_i64().unwrap())
            .sum();
        assert_eq!(published, aired, "the grid's publishedTimes");
        let owed: i64 = grid.as_array().unwrap().iter().map(|m| m["makeGood"]["owed"].as_i64().unwrap()).sum();
        assert_eq!(owed, missing, "make-goods owed");
        let drilled = self.get("figureRows", json!({ "orderId": self.order, "figure": "missing", "page": 1, "limit": 1 })).await;
        assert_eq!(drilled["sum"].as_i64(), Some(missing), "figureRows missing {drilled}");
    }
}

#[tokio::test]
async fn a_reimport_that_changes_a_verified_day_s_rows_is_refused_whole() {
    let Some(r) = running().await else { return };
    let (d1, d2) = (&r.days[0], &r.days[1]);
    // After the confirmation: planned 3, aired 2 (晚间A d1, d2), missing 1 (晚间B d1).
    r.agree([3, 2, 1]).await;
    let before = r.seen().await;

    // The same file without d2's row (and with 晚间B d1's, which is not verified): d2's verified
    // cell would count a spot no row shows any more.
    let mut rows = r.rows(&[(0, "19:10:00"), (0, "20:10:00")]);
    let (status, message) = r.import(&rows).await;
    assert_eq!((status.as_str(), message.as_str()), ("failed", format!("已核实的点位不能更改：{d2} 晚间A 伊利版本A").as_str()));
    assert_eq!(r.seen().await, before, "a refused re-import changes nothing");
    r.agree([3, 2, 1]).await;

    // A second spot on d1 in 晚间A adds to a verified cell's rows: refused the same way.
    rows = r.rows(&[(0, "19:10:00"), (0, "19:40:00"), (1, "19:10:00")]);
    let (status, message) = r.import(&rows).await;
    assert_eq!((status.as_str(), message.as_str()), ("failed", format!("已核实的点位不能更改：{d1} 晚间A 伊利版本A").as_str()));
    assert_eq!(r.seen().await, before);
    // While the month is checked there is nothing to preview.
    assert_eq!(r.step(1).await.code(), 4009);

    // Keeping the verified days' rows (another file, a minute later) and adding 晚间B d1's is a
    // re-import like any other: the month is due, and confirming verifies 晚间B d1 with it.
    rows = r.rows(&[(0, "19:11:00"), (0, "20:10:00"), (1, "19:11:00")]);
    assert_eq!(r.import(&rows).await.0, "done");
    let preview = r.step(1).await.ok()["dataValue"].clone();
    assert_eq!(preview["missing"].as_i64(), preview["changes"]["missingSpots"].as_i64(), "{preview:#}");
    assert_eq!(preview["changes"], json!({ "verifiedCells": 1, "missingCells": 0, "missingSpots": 0, "freeSpots": 0 }));
    r.step(2).await.ok();
    r.agree([3, 3, 0]).await;
}

#[tokio::test]
async fn a_correction_that_moves_a_verified_row_is_refused_and_the_preview_stands() {
    let Some(r) = running().await else { return };
    let d2 = &r.days[1];
    let (a, b) = (r.s.f.tapes[0], r.s.f.tapes[1]);
    // 晚间B d1's spot arrives in a new certificate: the month is due again, and previewed.
    assert_eq!(r.import(&r.rows(&[(0, "19:10:00"), (1, "19:10:00"), (0, "20:10:00")])).await.0, "done");
    let preview = r.step(1).await.ok()["dataValue"].clone();
    assert_eq!(preview["changes"], json!({ "verifiedCells": 1, "missingCells": 0, "missingSpots": 0, "freeSpots": 0 }));
    let before = r.seen().await;

    // d2's verified row (the file's second) swapped to 伊利版本B: 伊利版本A's d2 cell would be
    // missing while verified, and the spot free under B — counted twice.
    let swap = |kind: i64, one: i64| {
        r.s.send(
            "broadcastingMagneticTapeDetailsUp",
            json!({ "orderId": r.order, "tapeId": a, "upTapeId": b, "broadcastingId": one, "broadcastingMagneticTapeDetailsType": kind }),
        )
    };
    let refused = format!("已核实的点位不能更改：{} 晚间A 伊利版本A、{d2} 晚间A 伊利版本A", r.days[0]);
    let answer = swap(2, r.row_id(1).await).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some(format!("已核实的点位不能更改：{d2} 晚间A 伊利版本A").as_str())));
    // Every row of 伊利版本A: both verified days are named.
    let answer = swap(1, 0).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some(refused.as_str())));
    // d2's row assigned to 晚间B: moved out of a verified cell.
    let answer = r.s.send("orderBroadcastLicenseTimeUp", json!({ "broadcastingCertificateId": r.row_id(1).await, "timePeriodId": r.s.periods[1] })).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some(format!("已核实的点位不能更改：{d2} 晚间A 伊利版本A").as_str())));
    assert_eq!(r.seen().await, before, "no correction, log, status change, and the preview stands");

    // The preview the user saw still confirms, and every count agrees.
    let basis = preview["basis"].clone();
    let applied = r.s.send("orderBroadcastLicenseUp", json!({ "orderId": r.order, "typeY": 2, "basis": basis })).await;
    assert_eq!(applied.ok()["missingSpots"], 0);
    r.agree([3, 3, 0]).await;
}

#[tokio::test]
async fn rows_that_already_contradict_a_verified_cell_are_not_previewed_until_they_cover_it() {
    let Some(r) = running().await else { return };
    let d1 = &r.days[0];
    // The same rows a minute later: a re-import like any other, the month due again.
    assert_eq!(r.import(&r.rows(&[(0, "19:11:00"), (1, "19:11:00")])).await.0, "done");
    // 晚间B d1's cell verified with no row showing its spot, as a re-import could leave it
    // before verified cells were fixed: previewing or confirming would owe nothing for a spot
    // the comparison counts missing.
    sqlx::query(
        "update order_cells c set is_he = 2, reason_disappearance = 0, aired = c.point from order_lines l, time_periods p
         where l.id = c.line_id and p.id = l.time_period_id and l.order_id = $1 and p.time_period_name = '晚间B'",
    )
    .bind(r.order)
    .execute(&r.s.f.app.db)
    .await
    .unwrap();
    let before = r.seen().await;
    let refused = format!("已核实的点位不能更改：{d1} 晚间B 伊利版本A");
    let answer = r.step(1).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some(refused.as_str())));
    // No preview was stored, so there is nothing to confirm.
    let answer = r.step(2).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("数据已变化，请重新核对")));
    assert_eq!(r.seen().await, before, "nothing changed");
    // A certificate whose rows cover it again is welcome, and everything agrees once confirmed.
    assert_eq!(r.import(&r.rows(&[(0, "19:12:00"), (0, "20:12:00"), (1, "19:12:00")])).await.0, "done");
    assert_eq!(r.step(1).await.ok()["dataValue"]["changes"], json!({ "verifiedCells": 0, "missingCells": 0, "missingSpots": 0, "freeSpots": 0 }));
    r.step(2).await.ok();
    r.agree([3, 3, 0]).await;
}
