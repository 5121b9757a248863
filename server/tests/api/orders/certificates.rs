//! Broadcast certificates: importing a certificate (resolution by name, air time and tape
//! number; rows kept unassigned or for a swap; bad files refused whole), the comparison
//! against a hand-worked example, the two steps of confirming it, corrections, re-imports,
//! the export and who may call.
//!
//! The example: March 2026, tape 伊利版本A (T-001) in the order, 伊利版本B the product's but not
//! the order's. Periods 晚间A 19:00–19:59:59 and 晚间B 20:00–20:59:59 (class 黄金), 深夜
//! 24:00–25:59:59. Planned: 晚间A day 2 ×2, day 3 ×1; 晚间B day 2 ×1; 深夜 day 4 ×2 (6 spots).
//! Aired (certificate [`ROWS`]): 晚间A day 2 ×1 (by time), day 3 ×1 (by tape number); 晚间B
//! day 2 ×2 (by name, its time is 晚间A's); 深夜 day 4 ×1 at 25:30:00; day 5 10:00 no period;
//! day 6 伊利版本B. So: 晚间A short 1, 晚间B over 1 — balanced within 黄金 → one type 2 row each
//! way naming 黄金; 深夜 short 1 → a type 1 missing row. Planned 6, aired 5, added 1, missing 2.

use serde_json::{Value, json};

use crate::helpers::orders::{CertificateLine, Fixture, certificate_workbook, fixture, template};
use crate::helpers::{Answer, Call};

pub const ROWS: [CertificateLine<'static>; 6] = [
    ("2026-03-02", "19:10:00", "", "伊利版本A", 1),
    ("2026-03-02", "19:20:00", "晚间B", "伊利版本A", 2),
    ("2026-03-03", "19:30:00", "", "T-001", 1),
    ("2026-03-04", "25:30:00", "", "伊利版本A", 1),
    ("2026-03-05", "10:00:00", "", "伊利版本A", 1),
    ("2026-03-06", "19:05:00", "", "伊利版本B", 1),
];

pub struct Setup {
    pub f: Fixture,
    pub order: i64,
    /// 晚间A, 晚间B, 深夜.
    pub periods: [i64; 3],
    pub class: i64,
}

/// The example's order and schedule, no certificate yet.
pub async fn setup() -> Setup {
    let f = fixture().await;
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    let periods = [
        f.period(f.media, "晚间A", (68400, 71999)).await,
        f.period(f.media, "晚间B", (72000, 75599)).await,
        f.period(f.media, "深夜", (86400, 93599)).await,
    ];
    sqlx::query("update time_periods set class_id = $1 where id = any($2)")
        .bind(class)
        .bind(&periods[..2])
        .execute(&f.app.db)
        .await
        .unwrap();
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let schedule = template(&[(
        "2026-03",
        vec![
            ("伊利版本A", "晚间A", "A", vec![(2, 2.0), (3, 1.0)]),
            ("伊利版本A", "晚间B", "A", vec![(2, 1.0)]),
            ("伊利版本A", "深夜", "A", vec![(4, 2.0)]),
        ],
    )]);
    let (status, message) = f.import_template(order, &schedule).await;
    assert_eq!(status, "done", "{message}");
    Setup { f, order, periods, class }
}

impl Setup {
    pub async fn send(&self, name: &str, fields: Value) -> Answer {
        let call = if name == "broadcastingCertificate" || name.ends_with("List") { Call::get(name, fields) } else { Call::post(name, fields) };
        self.f.app.send(call.token(&self.f.token)).await
    }

    pub async fn comparison(&self) -> Answer {
        self.send("broadcastingCertificate", json!({ "orderId": self.order })).await
    }

    pub async fn step(&self, type_y: i64) -> Answer {
        self.send("orderBroadcastLicenseUp", json!({ "orderId": self.order, "typeY": type_y })).await
    }

    pub async fn status(&self) -> i64 {
        self.f.info(self.order).await["status"].as_i64().unwrap()
    }

    /// Cells of the order's lines as (period, type, day, point, isHe, reasonDisappearance, aired).
    pub async fn cells(&self) -> Vec<(String, String, i32, i32, i16, i16, i32)> {
        sqlx::query_as(
            "select p.time_period_name, l.point_type, extract(day from c.ymd)::int4, c.point, c.is_he, c.reason_disappearance, c.aired
             from order_cells c join order_lines l on l.id = c.line_id join time_periods p on p.id = l.time_period_id
             where l.order_id = $1 order by p.time_period_name, l.point_type, c.ymd",
        )
        .bind(self.order)
        .fetch_all(&self.f.app.db)
        .await
        .unwrap()
    }

    pub async fn logs(&self, like: &str) -> i64 {
        sqlx::query_scalar("select count(*) from order_logs where order_id = $1 and content like $2")
            .bind(self.order)
            .bind(format!("{like}%"))
            .fetch_one(&self.f.app.db)
            .await
            .unwrap()
    }

    /// The id of the unassigned row of `kind`.
    pub fn unassigned(view: &Value, kind: i64) -> i64 {
        let rows = view["dataValue"]["unassigned"].as_array().unwrap();
        rows.iter().find(|r| r["kind"] == kind).unwrap()["id"].as_i64().unwrap()
    }
}

#[tokio::test]
async fn a_certificate_imports_compares_with_the_schedule_and_confirms_in_two_steps() {
    let s = setup().await;
    assert_eq!(s.comparison().await.code(), 4004);
    assert_eq!(s.comparison().await.body["message"], "该订单尚未导入播出证明");
    let (status, message) = s.f.import_certificate(s.order, &certificate_workbook(&ROWS)).await;
    assert_eq!((status.as_str(), message.as_str()), ("done", "已导入 6 行播出证明（7 个点位）：2026-03；未指定时段 1 行，版本待替换 1 行"));
    // March 2026 is over and its certificate unconfirmed: the month is due, 公司播出证明.
    assert_eq!(s.status().await, 2);

    let answer = s.comparison().await;
    let view = answer.ok();
    let late = s.periods[2];
    let diff = |class: bool, period: i64, num: i64, kind: i64| {
        let mut d = json!({ "mediaFileName": "伊利版本A", "tapeId": s.f.tapes[0], "pointDateYm": "2026-03", "num": num, "type": kind });
        if class {
            d["timePeriodClassName"] = json!("黄金");
            d["timePeriodClassId"] = json!(s.class);
        } else {
            d["timePeriodName"] = json!(["晚间A", "晚间B", "深夜"][s.periods.iter().position(|p| *p == period).unwrap()]);
            d["timePeriodId"] = json!(period);
        }
        d
    };
    assert_eq!(view["dataList"]["added"], json!([diff(true, 0, 1, 2)]), "{view:#}");
    let missing = view["dataList"]["missing"].as_array().unwrap();
    assert_eq!(missing.len(), 2, "{view:#}");
    assert!(missing.contains(&diff(true, 0, 1, 2)) && missing.contains(&diff(false, late, 1, 1)), "{view:#}");
    let summary = &view["dataValue"];
    assert_eq!((summary["planned"].as_i64(), summary["aired"].as_i64()), (Some(6), Some(5)));
    assert_eq!((summary["added"].as_i64(), summary["missing"].as_i64(), summary["pending"].as_bool()), (Some(1), Some(2), Some(true)));
    assert_eq!(
        summary["months"],
        json!([{ "pointDateYm": "2026-03", "planned": 6, "aired": 5, "added": 1, "missing": 2, "confirmed": false, "due": true, "over": true }])
    );
    let unassigned = summary["unassigned"].as_array().unwrap();
    assert_eq!(unassigned.len(), 2);
    let no_period = unassigned.iter().find(|r| r["kind"] == 1).unwrap();
    assert_eq!(
        (&no_period["ymd"], &no_period["addTime"], &no_period["mediaFileName"], &no_period["reason"], &no_period["timePeriodName"]),
        (&json!("2026-03-05"), &json!("10:00:00"), &json!("伊利版本A"), &json!("未匹配到时段"), &json!(""))
    );
    let foreign = unassigned.iter().find(|r| r["kind"] == 2).unwrap();
    assert_eq!((&foreign["tapeId"], &foreign["reason"]), (&json!(s.f.tapes[1]), &json!("版本不在订单中")));

    // typeY 1: the preview; nothing changes (certificate_truth.rs proves it table by table).
    let before = s.cells().await;
    let preview = s.step(1).await;
    let data = preview.ok();
    assert_eq!(data["dataValue"]["changes"], json!({ "verifiedCells": 2, "missingCells": 2, "missingSpots": 2, "freeSpots": 1 }), "{data:#}");
    assert_eq!(data["dataValue"]["pending"], true);
    assert_eq!(s.status().await, 2);
    assert_eq!(s.cells().await, before);

    // typeY 2 refuses while rows are unassigned.
    let refused = s.step(2).await;
    assert_eq!((refused.code(), refused.body["message"].as_str()), (4000, Some("还有 2 行播证未指定时段或订单版本，请先处理")));
    assert_eq!(s.cells().await, before);

    // The row no period held goes to 深夜, the other version's row becomes the order's: the
    // preview no longer holds and is dropped; March is still due.
    let view = s.comparison().await.ok().clone();
    let answer = s.send("orderBroadcastLicenseTimeUp", json!({ "broadcastingCertificateId": Setup::unassigned(&view, 1), "timePeriodId": late })).await;
    answer.ok();
    assert_eq!(s.status().await, 2);
    let answer = s
        .send(
            "broadcastingMagneticTapeDetailsUp",
            json!({ "orderId": s.order, "tapeId": s.f.tapes[1], "upTapeId": s.f.tapes[0], "broadcastingId": Setup::unassigned(&view, 2),
                    "broadcastingMagneticTapeDetailsType": 2 }),
        )
        .await;
    assert_eq!(answer.ok()["rows"], 1);
    let view = s.comparison().await.ok().clone();
    assert_eq!(view["dataList"], json!({ "added": [diff(false, s.periods[1], 1, 1)], "missing": [] }), "{view:#}");
    assert_eq!((view["dataValue"]["planned"].as_i64(), view["dataValue"]["aired"].as_i64()), (Some(6), Some(7)));
    assert_eq!(view["dataValue"]["unassigned"], json!([]));
    let stale = s.step(2).await;
    assert_eq!((stale.code(), stale.body["message"].as_str()), (4009, Some("数据已变化，请重新核对")));

    // The two steps, per month, version and period like the comparison: 晚间A's spots (days 2,
    // 3 and 6) cover its 3 planned (day 2's second spot is day 6's), 深夜's (days 4 and 5) its
    // 2, 晚间B's 2 its 1 — 4 cells verified, none short, 1 spot free (晚间B day 2): the
    // comparison's 新增 1, 缺失 0.
    let changes = json!({ "verifiedCells": 4, "missingCells": 0, "missingSpots": 0, "freeSpots": 1 });
    assert_eq!(s.step(1).await.ok()["dataValue"]["changes"], changes);
    let applied = s.step(2).await;
    assert_eq!(applied.ok(), &json!({ "verifiedCells": 4, "missingCells": 0, "missingSpots": 0, "freeSpots": 1, "months": ["2026-03"] }));
    let mut cells = s.cells().await;
    cells.sort();
    let cell = |p: &str, t: &str, d, point, he, gone, aired| (p.to_owned(), t.to_owned(), d, point, he, gone, aired);
    assert_eq!(
        cells,
        vec![
            cell("晚间A", "A", 2, 2, 2, 0, 2),
            cell("晚间A", "A", 3, 1, 2, 0, 1),
            cell("晚间B", "A", 2, 1, 2, 0, 1),
            cell("晚间B", "C", 2, 1, 2, 0, 1),
            cell("深夜", "A", 4, 2, 2, 0, 2),
        ]
    );
    assert_eq!(s.status().await, 7);
    let months = s.f.template_list(s.order).await;
    let first = &months[0]["data"][0];
    assert_eq!(first["time_period"]["timePeriodName"], "晚间A", "{first:#}");
    assert_eq!(
        first["order_template_ymd"],
        json!([{ "d": 2, "point": 2, "isHe": 2, "reasonDisappearance": "0", "aired": 2 }, { "d": 3, "point": 1, "isHe": 2, "reasonDisappearance": "0", "aired": 1 }])
    );

    // Confirmed: both steps answer 4009, the comparison shows the month confirmed with the
    // figures it had (the free spot is still 新增, not planned).
    for step in [2, 1] {
        let again = s.step(step).await;
        assert_eq!((again.code(), again.body["message"].as_str()), (4009, Some("播出证明已确认")));
    }
    let view = s.comparison().await.ok().clone();
    assert_eq!(view["dataValue"]["months"][0]["confirmed"], true);
    assert_eq!((view["dataValue"]["planned"].as_i64(), view["dataValue"]["aired"].as_i64()), (Some(6), Some(7)));
    assert_eq!((view["dataValue"]["added"].as_i64(), view["dataValue"]["missing"].as_i64()), (Some(1), Some(0)));
    assert_eq!((s.logs("导入播出证明").await, s.logs("核对播出证明").await, s.logs("确认播出证明").await), (1, 0, 1));
    assert_eq!((s.logs("播证「").await, s.logs("播证版本").await), (1, 1));

    // A confirmed month is never imported again.
    let again = certificate_workbook(&[("2026-03-07", "19:00:00", "", "伊利版本A", 1), ("2026-03-08", "19:00:00", "", "T-001", 1)]);
    let (status, message) = s.f.import_certificate(s.order, &again).await;
    assert_eq!(status, "failed");
    assert!(message.starts_with("未导入任何数据：2 行有错误（共 2 处）\n"), "{message}");
    assert!(message.contains("第 2 行「日期」“2026-03-07”：该月播出证明已确认，不能重新导入"), "{message}");
    assert!(message.contains("第 3 行「日期」“2026-03-08”：该月播出证明已确认，不能重新导入"), "{message}");
}
