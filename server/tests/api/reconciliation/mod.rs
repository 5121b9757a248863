//! Reconciliation: on orders generated at random (a seeded generator, so a failure names its
//! seed and replays), every figure that shows in two places shows the same number. Each order
//! is built through the calls and uploads a user's files take: a schedule of random lines over
//! two months, a broadcast certificate with spots aired as planned, missing and extra, viewing
//! rows of both sides for the aired spots (titled by any of the order's names, some in no
//! period, some of another channel or group), a withdrawn cell, a verified cell's manual GRP,
//! an estimate edited, the assessment date set, and for some orders the customer data
//! attached. The checks are in [`checks`].

mod checks;
mod lake_change;
mod moves;

use serde_json::{Value, json};

use crate::helpers::orders::{Fixture, certificate_workbook, fixture, template};
use crate::helpers::viewing::{Spot, upload_customer_data};
use crate::helpers::{Answer, Call};

/// A small deterministic generator (xorshift64*): the seed alone decides an order.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The media's periods: (name, start, end) in seconds of the broadcast day, and the class each
/// belongs to (早间 none).
const PERIODS: [(&str, i32, i32, Option<&str>); 4] = [
    ("早间", 7 * 3600, 9 * 3600 - 1, None),
    ("午间", 12 * 3600, 14 * 3600 - 1, Some("日间")),
    ("晚间A", 19 * 3600, 20 * 3600 - 1, Some("黄金")),
    ("晚间B", 20 * 3600, 22 * 3600 - 1, Some("黄金")),
];
const TAPES: [(&str, &str); 2] = [("伊利版本A", "T-001"), ("伊利版本B", "T-002")];
const POSITIONS: [&str; 6] = ["正一", "2/8", "中", "倒二", "7/8", "4/8"];

/// One generated order and what it was built with.
pub struct Generated {
    pub id: i64,
    pub seed: u64,
    /// Spots planned: the schedule's, less the withdrawn cell's (the certificate's free spots
    /// aired without a plan).
    pub planned: i64,
    /// The certificate's counts as the dialog's tiles showed them before confirming, as typeY 1
    /// previewed them, and as typeY 2 answered what it did.
    pub tiles: Value,
    pub preview: Value,
    pub applied: Value,
}

pub struct World {
    pub f: Fixture,
    pub orders: Vec<Generated>,
}

impl World {
    pub async fn send(&self, call: Call<'_>) -> Answer {
        self.f.app.send(call.token(&self.f.token)).await
    }

    pub async fn get(&self, name: &str, fields: Value) -> Value {
        let answer = self.send(Call::get(name, fields.clone())).await;
        assert_eq!(answer.code(), 200, "{name} {fields}: {:#}", answer.body);
        answer.ok().clone()
    }
}

/// The media's periods and classes, once.
async fn periods(f: &Fixture) {
    let mut classes: Vec<(&str, i64)> = Vec::new();
    for (name, start, end, class) in PERIODS {
        let period = f.period(f.media, name, (start, end)).await;
        let Some(class) = class else { continue };
        let id = match classes.iter().find(|c| c.0 == class) {
            Some(c) => c.1,
            None => {
                let id: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, $2) returning id")
                    .bind(f.media)
                    .bind(class)
                    .fetch_one(&f.app.db)
                    .await
                    .unwrap();
                classes.push((class, id));
                id
            }
        };
        sqlx::query("update time_periods set class_id = $1 where id = $2").bind(id).bind(period).execute(&f.app.db).await.unwrap();
    }
}

/// `HH:MM:SS` of `secs` seconds into the broadcast day.
fn clock(secs: i32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// A GRP with 4 decimals between 0.05 and 3.
fn grp(rng: &mut Rng) -> f64 {
    (500 + rng.below(29_500)) as f64 / 10_000.0
}

/// Builds the world: the fixture's master data, the periods, and `seeds.len()` orders.
pub async fn world(seeds: &[u64]) -> World {
    let f = fixture().await;
    periods(&f).await;
    let mut orders = Vec::new();
    for &seed in seeds {
        let built = order(&f, seed).await;
        orders.push(built);
    }
    World { f, orders }
}

/// One order of `seed`, built as a user would.
async fn order(f: &Fixture, seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let both = rng.chance(70);
    let mut form = f.form();
    form["cycleTimeAdd"] = json!("2026-03-01");
    form["cycleTimeEnd"] = json!("2026-04-30");
    form["followDate"] = json!("2026-03-02");
    form["blankWeek"] = json!("");
    form["orderProductMagneticTapeId"] = json!(if both { format!("{},{}", f.tapes[0], f.tapes[1]) } else { f.tapes[0].to_string() });
    form["customerMetrics"] = json!(format!("{}.{:03}", 40 + rng.below(200), rng.below(1000)));
    form["mediaMetrics"] = json!(format!("{}.{:03}", 30 + rng.below(200), rng.below(1000)));
    form["customerFreeBroadcastCalculation"] = json!(1 + rng.below(3));
    form["customerFreeBroadcastValue"] = json!(format!("{}.{}", rng.below(15), rng.below(10)));
    let added = f.app.send(Call::post("orderAdd", form).token(&f.token)).await;
    let id = added.ok()["id"].as_i64().unwrap();

    // The schedule: per month, random lines of the order's tapes, periods and types.
    let tapes: &[(&str, &str)] = if both { &TAPES } else { &TAPES[..1] };
    let mut months = Vec::new();
    let mut planned: Vec<(u32, &str, &str, u32, u32)> = Vec::new(); // (month, tape, period, day, spots)
    for (month, name) in [(3, "2026-03"), (4, "2026-04")] {
        let mut lines = Vec::new();
        for (tape, _) in tapes {
            for (period, ..) in PERIODS {
                if !rng.chance(55) {
                    continue;
                }
                let kind = if rng.chance(80) { "A" } else { "B" };
                let mut days: Vec<(u32, f64)> = Vec::new();
                for _ in 0..3 + rng.below(5) {
                    let day = 1 + rng.below(28) as u32;
                    if days.iter().all(|(d, _)| *d != day) {
                        days.push((day, (1 + rng.below(2)) as f64));
                    }
                }
                for (d, n) in &days {
                    planned.push((month, tape, period, *d, *n as u32));
                }
                lines.push((*tape, period, kind, days));
            }
        }
        months.push((name, lines));
    }
    let (status, message) = f.import_template(id, &template(&months)).await;
    assert_eq!(status, "done", "seed {seed}: {message}");

    // March's certificate: each planned spot aired, one short, or one extra; an extra airing in
    // a period with nothing planned becomes a free cell.
    let mut rows: Vec<(String, String, String, String, u32)> = Vec::new();
    let mut aired: Vec<(String, i32, &str)> = Vec::new(); // (day, secs, tape) of every aired spot
    for &(month, tape, period, day, spots) in planned.iter().filter(|p| p.0 == 3) {
        let (_, start, end, _) = PERIODS.iter().find(|p| p.0 == period).copied().unwrap();
        let n = match rng.below(10) {
            0 | 1 => spots - 1,
            2 => spots + 1,
            _ => spots,
        };
        for k in 0..n {
            let secs = start + ((end - start) as u64 * (k as u64 + 1) / (n as u64 + 1)) as i32;
            let ymd = format!("2026-{month:02}-{day:02}");
            rows.push((ymd.clone(), clock(secs), period.to_owned(), tape.to_owned(), 1));
            aired.push((ymd, secs, tape));
        }
    }
    let extra_day = format!("2026-03-{:02}", 1 + rng.below(28));
    rows.push((extra_day.clone(), "07:30:00".into(), "早间".into(), TAPES[0].0.into(), 1));
    aired.push((extra_day, 7 * 3600 + 1800, TAPES[0].0));
    let lines: Vec<(&str, &str, &str, &str, u32)> =
        rows.iter().map(|(d, t, p, v, n)| (d.as_str(), t.as_str(), p.as_str(), v.as_str(), *n)).collect();
    let (status, message) = f.import_certificate(id, &certificate_workbook(&lines)).await;
    assert_eq!(status, "done", "seed {seed}: {message}");
    let tiles = f.app.send(Call::get("broadcastingCertificate", json!({ "orderId": id })).token(&f.token)).await.ok()["dataValue"].clone();
    let mut steps = Vec::new();
    for type_y in [1, 2] {
        let answer = f.app.send(Call::post("orderBroadcastLicenseUp", json!({ "orderId": id, "typeY": type_y })).token(&f.token)).await;
        assert_eq!(answer.code(), 200, "seed {seed} typeY {type_y}: {:#}", answer.body);
        steps.push(answer.ok().clone());
    }
    let (preview, applied) = (steps[0]["dataValue"].clone(), steps[1].clone());
    // April's days before the assessment date air as planned (no certificate yet).
    for &(_, tape, period, day, spots) in planned.iter().filter(|p| p.0 == 4 && p.3 < 10) {
        let (_, start, ..) = PERIODS.iter().find(|p| p.0 == period).copied().unwrap();
        for k in 0..spots {
            aired.push((format!("2026-04-{day:02}"), start + 600 * (k as i32 + 1), tape));
        }
    }

    // Viewing rows of both sides for every aired spot, by any of the order's names.
    for side in [1_i64, 2] {
        let mut spots: Vec<Spot> = Vec::new();
        for (day, secs, tape) in &aired {
            if rng.chance(10) {
                continue; // no measurement for this spot on this side
            }
            let number = TAPES.iter().find(|t| t.0 == *tape).unwrap().1;
            let title = *rng.pick(&[*tape, number, "测试牛奶"]);
            let position = *rng.pick(&POSITIONS);
            spots.push(spot(day, &clock(*secs), "测试卫视", title, "全国4+", grp(&mut rng), position));
        }
        // Rows the order must not count, and one of its own in no period (unplaced).
        spots.push(spot("2026-03-03", "19:10:00", "测试二台", TAPES[0].0, "全国4+", grp(&mut rng), "正一"));
        spots.push(spot("2026-03-03", "19:12:00", "测试卫视", TAPES[0].0, "北京", grp(&mut rng), "正一"));
        spots.push(spot("2026-03-04", "23:30:00", "测试卫视", TAPES[0].0, "全国4+", grp(&mut rng), "中"));
        upload_customer_data(&f.app, &f.token, side, &spots).await;
    }

    // Edits: the assessment date, a manual GRP on a verified cell, a withdrawn cell still to
    // air, an estimate.
    let date = f.app.send(Call::post("grpTimeUp", json!({ "orderId": id, "timePg": "2026-04-10" })).token(&f.token)).await;
    assert_eq!(date.code(), 200, "{:#}", date.body);
    let mut planned_spots: i64 = planned.iter().map(|p| i64::from(p.4)).sum();
    let cells: Vec<(i64, bool, String, chrono::NaiveDate, i32)> = sqlx::query_as(
        "select c.id, c.is_he = 2, l.point_type, c.ymd, c.point from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 order by c.id",
    )
    .bind(id)
    .fetch_all(&f.app.db)
    .await
    .unwrap();
    let verified: Vec<i64> = cells.iter().filter(|c| c.1).map(|c| c.0).collect();
    if !verified.is_empty() && rng.chance(80) {
        let cell = *rng.pick(&verified);
        let mdp = format!("{}.{:04}", rng.below(4), rng.below(10_000));
        let answer = f.app.send(Call::post("grpYmdUp", json!({ "ymdId": cell, "mdp": mdp })).token(&f.token)).await;
        assert_eq!(answer.code(), 200, "{:#}", answer.body);
    }
    let ahead: Vec<&(i64, bool, String, chrono::NaiveDate, i32)> =
        cells.iter().filter(|c| c.3 >= chrono::NaiveDate::from_ymd_opt(2026, 4, 10).unwrap()).collect();
    if !ahead.is_empty() {
        let (cell, _, kind, _, point) = *rng.pick(&ahead);
        planned_spots -= i64::from(*point);
        let fields = json!({ "orderId": id, "id": cell, "type": kind, "num": 1, "value": "撤掉" });
        let answer = f.app.send(Call::post("orderSummaryGrpYmdUp", fields).token(&f.token)).await;
        assert_eq!(answer.code(), 200, "{:#}", answer.body);
    }
    if rng.chance(60) {
        let class: i64 = sqlx::query_scalar("select id from time_period_classes where media_id = $1 and class_name = '日间'")
            .bind(f.media)
            .fetch_one(&f.app.db)
            .await
            .unwrap();
        let fields = json!({ "orderId": id, "timePeriodClassId": class, "estimated": "0.85", "estimatedLow": "0.6", "estimatedHigh": "1.125" });
        assert_eq!(f.app.send(Call::post("orderViewingUp", fields).token(&f.token)).await.code(), 200);
    }
    if rng.chance(35) {
        for type_y in [1, 2] {
            let fields = json!({ "orderId": id, "category": 2, "source": 3, "typeY": type_y });
            let answer = f.app.send(Call::post("orderCustomerUp", fields).token(&f.token)).await;
            assert_eq!(answer.code(), 200, "seed {seed}: {:#}", answer.body);
        }
    }
    Generated { id, seed, planned: planned_spots, tiles, preview, applied }
}

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64, position: &str) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("节目"), s(group), grp, s(position))
}
