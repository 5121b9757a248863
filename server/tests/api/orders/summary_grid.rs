//! The summary dialog's reads: the month grid (orderSummaryGrpList) with its counts and
//! averages worked by hand, and the lookups (orderSummarySuitList, orderTime, timePeriod,
//! orderTimePeriodSuitList, timePeriodList), their argument errors and who may call.
//!
//! The example: an order on tapes 伊利版本A (T-001) and 伊利版本B, cycle 2026-03-01 …
//! 2026-05-10; periods 晚间A 19:00–19:59:59 (class 黄金) and 晚间B 20:00–20:59:59.
//!
//! | line | month | tape, period, type | cells (day ×spots) | certificate aired |
//! |---|---|---|---|---|
//! | L1 | March | A, 晚间A, A | 2 ×2, 3 ×1, 10 ×1 | day 2: 2, day 3: 0 (missing), day 10: 1 |
//! | L2 | March | A, 晚间A, B | 2 ×1 | day 2: 1 |
//! | L3 | March | B, 晚间B, A | 5 ×2, 6 ×1 withdrawn | day 5: 1 (one missing) |
//! | L4 | April | A, 晚间A, A | 1 ×1, 15 ×3, 20 ×2 withdrawn | (no certificate) |
//!
//! May has no line. Totals (withdrawn excepted): L1 4, L2 1, L3 2, L4 4; published: 3, 1, 1, 0.
//! Remaining from the assessment date 2026-03-05: L1 1 (day 10), L2 0, L3 2, L4 4; from
//! 2026-04-15: only L4's day 15, 3; with no date set (today, after the cycle): none.
//!
//! Customer viewing rows (category 2, source 3), in air-time order, and the line each goes to
//! (each day's cells first, then the lines' room in the month, then the first line):
//! 03-02 19:10 伊利版本A 2.0 and 19:20 3.0 fill L1's day 2 (2 spots); 19:40 T-001 1.0 goes to
//! L2's day 2; 03-10 19:30 4.0 to L1's day 10; 03-12 19:45 测试牛奶 (the product: any tape) 5.0
//! has no cell that day and goes to L1 (room in its month: 4 planned, 3 placed); 03-13 19:50
//! 6.0 finds both lines full and goes to the first, L1. 03-05 20:10 伊利版本B 1.5 and 20:20 2.5
//! go to L3; 03-05 20:30 伊利版本A 9.0 has no line of tape A in 晚间B: unplaced. 04-15 19:05
//! 2.25 and 19:15 1.25 go to L4. Not the order's: group 北京, channel 测试二台. Issued and
//! averages: L1 2 + 3 + 4 + 5 + 6 = 20 ÷ 5 = 4.0, L2 1.0, L3 4 ÷ 2 = 2.0, L4 3.5 ÷ 2 = 1.75;
//! March unplaced 1 spot, 9.0; March's issued 20 + 1 + 4 + 9 = 34 over 9 spots. The media side
//! (ownership 2) has one row, 04-15 19:05 8.0: L4 8.0, the others 0.

use serde_json::{Value, json};

use crate::helpers::grid_example::{GridExample, grid_example};
use crate::helpers::orders::{Fixture, close, fixture};
use crate::helpers::viewing::{Spot, upload_customer_data};
use crate::helpers::{Answer, Call};

struct Setup {
    f: Fixture,
    order: i64,
    /// 晚间A, 晚间B.
    periods: [i64; 2],
    class: i64,
}

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s("正一"))
}

async fn setup() -> Setup {
    let f = fixture().await;
    let GridExample { order, periods, class } = grid_example(&f, json!({})).await;
    let (any, channel) = ("全国4+", "测试卫视");
    upload_customer_data(
        &f.app,
        &f.token,
        1,
        &[
            spot("2026-03-02", "19:10:00", channel, "伊利版本A", any, 2.0),
            spot("2026-03-02", "19:20:00", channel, "伊利版本A", any, 3.0),
            spot("2026-03-02", "19:40:00", channel, "T-001", any, 1.0),
            spot("2026-03-10", "19:30:00", channel, "伊利版本A", any, 4.0),
            spot("2026-03-12", "19:45:00", channel, "测试牛奶", any, 5.0),
            spot("2026-03-13", "19:50:00", channel, "伊利版本A", any, 6.0),
            spot("2026-03-05", "20:10:00", channel, "伊利版本B", any, 1.5),
            spot("2026-03-05", "20:20:00", channel, "伊利版本B", any, 2.5),
            spot("2026-03-05", "20:30:00", channel, "伊利版本A", any, 9.0),
            spot("2026-04-15", "19:05:00", channel, "伊利版本A", any, 2.25),
            spot("2026-04-15", "19:15:00", channel, "伊利版本A", any, 1.25),
            spot("2026-03-02", "19:11:00", channel, "伊利版本A", "北京", 100.0),
            spot("2026-03-02", "19:12:00", "测试二台", "伊利版本A", any, 100.0),
        ],
    )
    .await;
    upload_customer_data(&f.app, &f.token, 2, &[spot("2026-04-15", "19:05:00", "测试卫视", "伊利版本A", "全国4+", 8.0)]).await;
    Setup { f, order, periods, class }
}

impl Setup {
    async fn get(&self, name: &str, fields: Value) -> Answer {
        self.f.app.send(Call::get(name, fields).token(&self.f.token)).await
    }

    async fn grid(&self, fields: Value) -> Value {
        let mut fields = fields;
        fields["orderId"] = json!(self.order);
        self.get("orderSummaryGrpList", fields).await.ok().clone()
    }

    async fn assess_from(&self, day: Option<&str>) {
        sqlx::query("update orders set estimate_date = $2::date where id = $1")
            .bind(self.order)
            .bind(day)
            .execute(&self.f.app.db)
            .await
            .unwrap();
    }
}

/// Each line as (month, tape, period, type, total, remaining, published, average).
fn lines(grid: &Value) -> Vec<(String, String, String, String, i64, i64, i64, f64)> {
    let mut out = Vec::new();
    for month in grid.as_array().unwrap() {
        for row in month["data"].as_array().unwrap() {
            assert_eq!(row["pointDateYm"], month["pointDateYm"]);
            out.push((
                row["pointDateYm"].as_str().unwrap().to_owned(),
                row["product_magnetic_tape"]["mediaFileName"].as_str().unwrap().to_owned(),
                row["time_period"]["timePeriodName"].as_str().unwrap().to_owned(),
                row["type"].as_str().unwrap().to_owned(),
                row["totalTimes"].as_i64().unwrap(),
                row["remainingTimes"].as_i64().unwrap(),
                row["publishedTimes"].as_i64().unwrap(),
                row["averageViewershipThisMonth"].as_f64().unwrap(),
            ));
        }
    }
    out
}

fn line(m: &str, tape: &str, period: &str, kind: &str, counts: [i64; 3], average: f64) -> (String, String, String, String, i64, i64, i64, f64) {
    (m.into(), tape.into(), period.into(), kind.into(), counts[0], counts[1], counts[2], average)
}

#[tokio::test]
async fn the_grid_counts_each_line_and_averages_its_viewing_rows() {
    let s = setup().await;
    s.assess_from(Some("2026-03-05")).await;
    let logs_before = s.f.count("order_logs").await;
    let grid = s.grid(json!({ "belongingTo": 1 })).await;
    let months: Vec<&str> = grid.as_array().unwrap().iter().map(|m| m["pointDateYm"].as_str().unwrap()).collect();
    assert_eq!(months, ["2026-03", "2026-04", "2026-05"]);
    assert_eq!(grid[2]["data"], json!([]));
    assert_eq!(
        lines(&grid),
        vec![
            line("2026-03", "伊利版本A", "晚间A", "A", [4, 1, 3], 4.0),
            line("2026-03", "伊利版本A", "晚间A", "B", [1, 0, 1], 1.0),
            line("2026-03", "伊利版本B", "晚间B", "A", [2, 2, 1], 2.0),
            line("2026-04", "伊利版本A", "晚间A", "A", [4, 4, 0], 1.75),
        ]
    );
    // Each line's issued GRP and spots, and March's spot no line takes: together March's 34.
    let issued: Vec<(f64, i64)> = grid[0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["issuedGrp"].as_f64().unwrap(), r["issuedSpots"].as_i64().unwrap()))
        .collect();
    assert_eq!(issued, [(20.0, 5), (1.0, 1), (4.0, 2)]);
    assert_eq!((grid[0]["unplacedSpots"].as_i64(), grid[0]["unplacedGrp"].as_f64()), (Some(1), Some(9.0)));
    assert_eq!((grid[1]["unplacedSpots"].as_i64(), grid[1]["unplacedGrp"].as_f64()), (Some(0), Some(0.0)));
    // Every column of a row.
    let l1 = &grid[0]["data"][0];
    assert_eq!(l1["time_period"]["id"], s.periods[0]);
    assert_eq!(l1["timePeriodId"], s.periods[0]);
    assert_eq!(l1["product_magnetic_tape"]["id"], s.f.tapes[0]);
    assert_eq!((l1["length"].as_i64(), l1["position"].as_str(), l1["contractNumber"].as_str()), (Some(15), Some(""), Some("")));
    // The estimate columns at the default of 晚间A's class 黄金: its customer viewing rows in the
    // 28 days before 2026-03-05 are 03-02's 2.0, 3.0 and 1.0, one day of mean 2.0, so 2.0 in
    // every scenario. L1 remains 1 spot: 2.0; its issued 20 has no aired spot without a row (3
    // published, 5 placed): 20. L3's 晚间B has no class: 0 throughout.
    for (column, value) in [
        ("viewEstimated", 20.0),
        ("viewEstimatedHigh", 20.0),
        ("viewEstimatedLow", 20.0),
        ("estimated", 2.0),
        ("estimatedHigh", 2.0),
        ("estimatedLow", 2.0),
    ] {
        assert!(close(&l1[column], value), "{column}: {}", l1[column]);
        assert!(close(&grid[0]["data"][2][column], 0.0), "L3 {column}: {}", grid[0]["data"][2][column]);
    }
    // The cells: verified, missing (movable), withdrawn, with the line's type.
    let cells = |row: &Value| -> Vec<(i64, i64, String, i64, String)> {
        row["order_summary_grp_ymd"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                assert_eq!(c["type"], row["type"]);
                let day = c["d"].as_i64().unwrap();
                assert!(c["ymd"].as_str().unwrap().ends_with(&format!("-{day:02}")));
                (day, c["point"].as_i64().unwrap(), c["value"].as_str().unwrap().to_owned(), c["isHe"].as_i64().unwrap(),
                 c["reasonDisappearance"].as_str().unwrap().to_owned())
            })
            .collect()
    };
    let plain = String::new;
    assert_eq!(cells(l1), vec![(2, 2, plain(), 2, "0".into()), (3, 1, plain(), 1, "1".into()), (10, 1, plain(), 2, "0".into())]);
    assert_eq!(cells(&grid[0]["data"][2]), vec![(5, 2, plain(), 1, "1".into()), (6, 1, "撤掉".into(), 1, "0".into())]);
    // What the certificate showed aired: day 2 whole, day 3 none.
    assert_eq!(l1["order_summary_grp_ymd"][0]["aired"], 2);
    assert_eq!(l1["order_summary_grp_ymd"][1]["aired"], 0);
    assert_eq!(l1["order_summary_grp_ymd"][0]["reasonType"], "1");
    assert_eq!(l1["order_summary_grp_ymd"][0]["mdp"], Value::Null);
    assert_eq!(l1["order_summary_grp_ymd"][0]["order_summary_grp_ymd_operation"], json!([]));

    // A reason, a manual GRP and two records on L1's day 3, newest record first.
    let cell = l1["order_summary_grp_ymd"][1]["id"].as_i64().unwrap();
    sqlx::query("update order_cells set reason_type = 2, reason_value = '节目调整', manual_grp = 1.5 where id = $1")
        .bind(cell)
        .execute(&s.f.app.db)
        .await
        .unwrap();
    sqlx::query(
        "insert into order_cell_operations (cell_id, admin_name, content, created_at)
         values ($1, 'admin', '修改点位 1', '2026-03-04 10:00:00'), ($1, 'clerk', '撤掉', '2026-03-05 11:30:00')",
    )
    .bind(cell)
    .execute(&s.f.app.db)
    .await
    .unwrap();
    let grid = s.grid(json!({})).await;
    let day3 = &grid[0]["data"][0]["order_summary_grp_ymd"][1];
    assert_eq!((day3["reasonType"].as_str(), day3["reasonValue"].as_str()), (Some("2"), Some("节目调整")));
    assert!(close(&day3["mdp"], 1.5));
    assert_eq!(
        day3["order_summary_grp_ymd_operation"],
        json!([
            { "adminName": "clerk", "content": "撤掉", "updateTime": "2026-03-05 11:30:00" },
            { "adminName": "admin", "content": "修改点位 1", "updateTime": "2026-03-04 10:00:00" },
        ])
    );
    // Without belongingTo the customer side is read; the order names no category or source.
    assert_eq!(lines(&grid).iter().map(|l| l.7).collect::<Vec<_>>(), [4.0, 1.0, 2.0, 1.75]);

    // The media side, and a category no row has.
    let media = s.grid(json!({ "belongingTo": 2, "category": 2, "source": 3 })).await;
    assert_eq!(lines(&media).iter().map(|l| l.7).collect::<Vec<_>>(), [0.0, 0.0, 0.0, 8.0]);
    let other = s.grid(json!({ "belongingTo": 1, "category": 1 })).await;
    assert_eq!(lines(&other).iter().map(|l| l.7).collect::<Vec<_>>(), [0.0; 4]);

    // Remaining spots follow the assessment date; unset, they count from today (after the cycle).
    s.assess_from(Some("2026-04-15")).await;
    assert_eq!(lines(&s.grid(json!({})).await).iter().map(|l| l.5).collect::<Vec<_>>(), [0, 0, 0, 3]);
    s.assess_from(None).await;
    assert_eq!(lines(&s.grid(json!({})).await).iter().map(|l| l.5).collect::<Vec<_>>(), [0, 0, 0, 0]);
    // Reads write nothing.
    assert_eq!(s.f.count("order_logs").await, logs_before);
}

#[tokio::test]
async fn the_lookups_answer_suits_cycle_and_periods() {
    let s = setup().await;
    let [spring, summer] = s.f.suits;
    let [evening_a, evening_b] = s.periods;
    sqlx::query(
        "insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times)
         values ($1, 1, $3, 10), ($1, 2, $4, 3), ($2, 1, $3, 5)",
    )
    .bind(spring)
    .bind(summer)
    .bind(evening_a)
    .bind(evening_b)
    .execute(&s.f.app.db)
    .await
    .unwrap();
    let order = json!({ "orderId": s.order });

    // 晚间A in March schedules L1 4 + L2 1 = 5; 晚间B schedules L3 2 (its withdrawn spot excepted).
    let suits = s.get("orderSummarySuitList", order.clone()).await.ok().clone();
    let mut entries: Vec<(String, i64, String, i64)> = suits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["suitTime"], "2026-03");
            (e["suitName"].as_str().unwrap().into(), e["suitXId"].as_i64().unwrap(), e["timePeriodName"].as_str().unwrap().into(), e["num"].as_i64().unwrap())
        })
        .collect();
    entries.sort();
    let mut expected = vec![
        ("春季套装".to_owned(), 1, "晚间A".to_owned(), 10 - 5),
        ("春季套装".to_owned(), 2, "晚间B".to_owned(), 3 - 2),
        ("夏季套装".to_owned(), 1, "晚间A".to_owned(), 5 - 5),
    ];
    expected.sort();
    assert_eq!(entries, expected);

    let time = s.get("orderTime", order.clone()).await.ok().clone();
    assert_eq!(time["cycleTimeAdd"], "2026-03-01");
    assert_eq!(time["cycleTimeEnd"], "2026-05-10");
    assert_eq!(time["months"], json!(["2026-03", "2026-04", "2026-05"]));
    assert_eq!(time["estimateTime"], Value::Null);
    let today = (chrono::Utc::now() + chrono::Duration::hours(8)).date_naive().to_string();
    assert_eq!(time["assessmentDate"], today);
    s.assess_from(Some("2026-04-15")).await;
    let time = s.get("orderTime", order.clone()).await.ok().clone();
    assert_eq!((time["estimateTime"].as_str(), time["assessmentDate"].as_str()), (Some("2026-04-15"), Some("2026-04-15")));

    let names = |rows: &Value| -> Vec<String> {
        rows.as_array().unwrap().iter().map(|r| r["timePeriodName"].as_str().unwrap().to_owned()).collect()
    };
    let other = s.f.period(s.f.other_media, "二台晚间", (68400, 71999)).await;
    assert_eq!(names(s.get("timePeriod", order.clone()).await.ok()), ["晚间A", "晚间B"]);
    let of_class = json!({ "mediaId": s.f.media, "timePeriodClassId": s.class });
    assert_eq!(names(s.get("timePeriodList", of_class).await.ok()), ["晚间A"]);
    assert_eq!(names(s.get("timePeriodList", json!({ "mediaId": s.f.media })).await.ok()), ["晚间A", "晚间B"]);
    assert_eq!(names(s.get("timePeriodList", json!({ "mediaId": s.f.other_media })).await.ok()), ["二台晚间"]);

    let holding = |period: i64| s.get("orderTimePeriodSuitList", json!({ "orderId": s.order, "timePeriodId": period }));
    let mut a: Vec<(i64, i64, i64)> = holding(evening_a)
        .await
        .ok()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_i64().unwrap(), r["suitXId"].as_i64().unwrap(), r["numberOfTimes"].as_i64().unwrap()))
        .collect();
    a.sort();
    let mut expected = vec![(spring, 1, 10), (summer, 1, 5)];
    expected.sort();
    assert_eq!(a, expected);
    let b = holding(evening_b).await.ok().clone();
    assert_eq!((b[0]["suitName"].as_str(), b[0]["suitXId"].as_i64(), b.as_array().unwrap().len()), (Some("春季套装"), Some(2), 1));
    assert_eq!(holding(other).await.ok(), &json!([]));
}

#[tokio::test]
async fn summary_reads_check_their_arguments_and_need_the_order_menu() {
    let s = setup().await;
    let bad = |fields: Value| s.get("orderSummaryGrpList", fields);
    assert_eq!(bad(json!({})).await.field("orderId"), Some("请选择订单"));
    assert_eq!(bad(json!({ "orderId": s.order, "belongingTo": 3 })).await.field("belongingTo"), Some("数据归属无效"));
    assert_eq!(bad(json!({ "orderId": s.order, "category": 9 })).await.field("category"), Some("数据类别无效"));
    assert_eq!(bad(json!({ "orderId": s.order, "source": "x" })).await.field("source"), Some("数据来源无效"));
    assert_eq!(bad(json!({ "orderId": s.order + 100 })).await.code(), 4004);
    for name in ["orderSummarySuitList", "orderTime", "timePeriod"] {
        assert_eq!(s.get(name, json!({})).await.field("orderId"), Some("请选择订单"), "{name}");
        assert_eq!(s.get(name, json!({ "orderId": s.order + 100 })).await.code(), 4004, "{name}");
    }
    let no_period = s.get("orderTimePeriodSuitList", json!({ "orderId": s.order })).await;
    assert_eq!((no_period.code(), no_period.field("timePeriodId")), (4000, Some("请选择订单时段")));
    let unknown = s.get("orderTimePeriodSuitList", json!({ "orderId": s.order + 100, "timePeriodId": s.periods[0] })).await;
    assert_eq!(unknown.code(), 4004);
    assert_eq!(s.get("timePeriodList", json!({})).await.field("mediaId"), Some("请选择媒体名称"));
    let bad_class = s.get("timePeriodList", json!({ "mediaId": s.f.media, "timePeriodClassId": "x" })).await;
    assert_eq!(bad_class.field("timePeriodClassId"), Some("编号格式错误"));

    s.f.app.create_account("clerk", "82").await;
    s.f.app.create_account("planner", "112").await;
    let token = |answer: Answer| answer.ok()["token"].as_str().unwrap().to_owned();
    let clerk = token(s.f.app.login("clerk", "secret-123").await);
    let planner = token(s.f.app.login("planner", "secret-123").await);
    let order = json!({ "orderId": s.order });
    let calls = [
        ("orderSummaryGrpList", order.clone()),
        ("orderSummarySuitList", order.clone()),
        ("orderTime", order.clone()),
        ("timePeriod", order.clone()),
        ("orderTimePeriodSuitList", json!({ "orderId": s.order, "timePeriodId": s.periods[0] })),
        ("timePeriodList", json!({ "mediaId": s.f.media })),
    ];
    for (name, fields) in calls {
        assert_eq!(s.f.app.send(Call::get(name, fields.clone()).token(&clerk)).await.code(), 4003, "{name}");
        assert_eq!(s.f.app.send(Call::get(name, fields).token(&planner)).await.code(), 200, "{name}");
    }
}

#[tokio::test]
async fn an_import_after_a_read_shows_in_the_next_read() {
    // The aired spots are kept by lake version: a new import moves the version.
    let s = setup().await;
    let averages = |grid: &Value| lines(grid).iter().map(|l| l.7).collect::<Vec<_>>();
    assert_eq!(averages(&s.grid(json!({})).await), [4.0, 1.0, 2.0, 1.75]);
    assert_eq!(averages(&s.grid(json!({ "belongingTo": 2 })).await), [0.0, 0.0, 0.0, 8.0]);
    upload_customer_data(&s.f.app, &s.f.token, 1, &[spot("2026-04-15", "19:25:00", "测试卫视", "伊利版本A", "全国4+", 3.5)]).await;
    // April's line: (2.25 + 1.25 + 3.5) / 3 = 2.33333… → 2.3333.
    assert_eq!(averages(&s.grid(json!({})).await), [4.0, 1.0, 2.0, 2.3333]);
    assert_eq!(averages(&s.grid(json!({ "belongingTo": 2 })).await), [0.0, 0.0, 0.0, 8.0]);
    // A tape renamed away from its rows' title: the order's match changes, its rows go.
    sqlx::query("update product_tapes set media_file_name = '改名版本', media_tape_number = 'X-9', customer_title = '改名' where id = $1")
        .bind(s.f.tapes[1])
        .execute(&s.f.app.db)
        .await
        .unwrap();
    assert_eq!(averages(&s.grid(json!({})).await), [4.0, 1.0, 0.0, 2.3333]);
}

#[tokio::test]
async fn a_manual_grp_counts_as_its_cells_issued_grp_in_every_figure() {
    // L1's day 2 is verified with 2 spots aired; its placed rows are 19:10's 2.0 and 19:20's
    // 3.0. A manual GRP of 7.5 stands for them: L1 7.5 + 4 + 5 + 6 = 22.5 over 2 + 1 + 1 + 1 =
    // 5 spots (4.5 a spot); March 34 − 5 + 7.5 = 36.5 over 9; the order 36.5 + 3.5 = 40 over 11
    // on the customer side. The media side has only April's 8.0: with the manual GRP (a cell's
    // GRP, whichever side reads it) 7.5 + 8 = 15.5 over 2 + 1 = 3. The rows' positions (all 正一)
    // still count for 正负三: March 9 of 9.
    let s = setup().await;
    let cell = s.grid(json!({})).await[0]["data"][0]["order_summary_grp_ymd"][0]["id"].as_i64().unwrap();
    let customer = |summary: &Value, at: usize| (summary[at]["IssuedGrp"].as_f64(), summary[at]["airedSpots"].as_i64());
    let summary = |side: i64| s.get("orderSummaryList", json!({ "orderId": s.order, "belongingTo": side }));
    let before = summary(1).await.ok().clone();
    assert_eq!((customer(&before, 0), customer(&before, 3)), ((Some(34.0), Some(9)), (Some(37.5), Some(11))));

    let set = s.f.app.send(Call::post("grpYmdUp", json!({ "ymdId": cell, "mdp": "7.5" })).token(&s.f.token)).await;
    assert_eq!(set.code(), 200, "{:?}", set.body);

    let grid = s.grid(json!({})).await;
    let l1 = &grid[0]["data"][0];
    assert_eq!((l1["issuedGrp"].as_f64(), l1["issuedSpots"].as_i64(), l1["averageViewershipThisMonth"].as_f64()), (Some(22.5), Some(5), Some(4.5)));
    let after = summary(1).await.ok().clone();
    assert_eq!(customer(&after, 0), (Some(36.5), Some(9)));
    assert_eq!(customer(&after, 3), (Some(40.0), Some(11)));
    assert_eq!((after[0]["positionedSpots"].as_i64(), after[0]["alreadyUpsideDownThree"].as_i64()), (Some(9), Some(9)));
    let media = summary(2).await.ok().clone();
    assert_eq!((customer(&media, 0), customer(&media, 3)), ((Some(7.5), Some(2)), (Some(15.5), Some(3))));
    // The grid's lines and the month's unplaced spot add up to the month.
    let lines: f64 = grid[0]["data"].as_array().unwrap().iter().map(|r| r["issuedGrp"].as_f64().unwrap()).sum();
    assert_eq!(lines + grid[0]["unplacedGrp"].as_f64().unwrap(), 36.5);

    let row = s.f.info(s.order).await;
    assert_eq!((row["customerIssuedGrp"].as_f64(), row["customerAiredSpots"].as_i64()), (Some(40.0), Some(11)));
    assert_eq!((row["mediaIssuedGrp"].as_f64(), row["mediaAiredSpots"].as_i64()), (Some(15.5), Some(3)));
    let listed = s.f.list(json!({})).await;
    let listed = listed["data"].as_array().unwrap().iter().find(|o| o["id"] == s.order).unwrap().clone();
    assert_eq!((listed["customerIssuedGrp"].as_f64(), listed["mediaIssuedGrp"].as_f64()), (Some(40.0), Some(15.5)));

    // Cleared, the rows count again.
    s.f.app.send(Call::post("grpYmdUp", json!({ "ymdId": cell, "mdp": "" })).token(&s.f.token)).await.ok();
    assert_eq!(customer(&summary(1).await.ok().clone(), 3), (Some(37.5), Some(11)));
    assert_eq!(s.f.info(s.order).await["customerIssuedGrp"].as_f64(), Some(37.5));
}
