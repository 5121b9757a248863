//! The evaluation exports: 评估结果 (orderSummaryGrpIndexExport) and 评估报告
//! (orderSummaryGrpReportIndexExport), downloaded and read back.
//!
//! The example: an order on 伊利版本A and 伊利版本B, cycle 2026-03-01 … 2026-04-30, make-good
//! policy 漏一补二, assessed from 2026-04-01; periods 晚间A 19:00–19:59:59 (class 黄金) and 晚间B
//! 20:00–20:59:59. Targets: customer 150.75 + 10 % = 165.825, media 120.124 + 5 = 125.124.
//!
//! | month | line | cells | certificate (confirmed) |
//! |---|---|---|---|
//! | March | A, 晚间A, A | 2 ×2, 3 ×1 | day 2: 2 aired (verified), day 3: none (short 1) |
//! | March | B, 晚间B, A | 5 ×2, 6 ×1 withdrawn | day 5: 1 aired (short 1) |
//! | April | A, 晚间A, A | 15 ×3 | — |
//!
//! Planned: March 3 + 2 = 5, April 3, cycle 8. Customer viewing rows (category 2, source 3):
//! 03-02 19:10 A 2.0, 19:20 A 3.0 (line A, average 2.5), 03-05 20:10 B 1.5 (line B, 1.5).
//! No estimate has any history before 2026-04-01 in its window, so expected = issued.
//! March, customer: target 165.825 × 5 ÷ 8 = 103.640625 → 103.641; issued 6.5 over 3 spots;
//! difference 6.5 − 103.640625 = −97.140625 → −97.141 (red); overplay −97.140625 ÷ 103.640625
//! = −93.728…% → −93.73 %; theatres −97.140625 ÷ (6.5 ÷ 3) = −44.83 → −44.
//! Reconciliation (March): A/晚间A planned 3, aired 2, missing 1; B/晚间B planned 2 (the
//! withdrawn spot is not planned), aired 1, missing 1. Make-goods: March owes 2 × 2 = 4.

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::exports::Book;
use crate::helpers::orders::{Fixture, certificate_workbook, fixture, template};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::{Answer, Call};

struct Setup {
    f: Fixture,
    order: i64,
}

fn spot(day: &str, time: &str, title: &str, grp: f64) -> crate::helpers::viewing::Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s("测试卫视"), s(time), 15.0, s(title), s("晚间新闻"), s("全国4+"), grp, s("正一"))
}

async fn setup() -> Setup {
    let f = fixture().await;
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    let evening = f.period(f.media, "晚间A", (68400, 71999)).await;
    f.period(f.media, "晚间B", (72000, 75599)).await;
    sqlx::query("update time_periods set class_id = $1 where id = $2").bind(class).bind(evening).execute(&f.app.db).await.unwrap();
    let mut form = f.form();
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    form["cycleTimeEnd"] = json!("2026-04-30");
    form["makeGoodPolicy"] = json!(3);
    let order = f.add(form).await["id"].as_i64().unwrap();
    let schedule = template(&[
        (
            "2026-03",
            vec![("伊利版本A", "晚间A", "A", vec![(2, 2.0), (3, 1.0)]), ("伊利版本B", "晚间B", "A", vec![(5, 2.0), (6, 1.0)])],
        ),
        ("2026-04", vec![("伊利版本A", "晚间A", "A", vec![(15, 3.0)])]),
    ]);
    let (status, message) = f.import_template(order, &schedule).await;
    assert_eq!(status, "done", "{message}");
    sqlx::query("update order_cells c set value = '撤掉' from order_lines l where l.id = c.line_id and l.order_id = $1 and c.ymd = '2026-03-06'")
        .bind(order)
        .execute(&f.app.db)
        .await
        .unwrap();
    let rows = [("2026-03-02", "19:10:00", "", "伊利版本A", 2), ("2026-03-05", "20:10:00", "", "伊利版本B", 1)];
    let (status, message) = f.import_certificate(order, &certificate_workbook(&rows)).await;
    assert_eq!(status, "done", "{message}");
    for type_y in [1, 2] {
        f.app.send(Call::post("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": type_y })).token(&f.token)).await.ok();
    }
    let spots = [
        spot("2026-03-02", "19:10:00", "伊利版本A", 2.0),
        spot("2026-03-02", "19:20:00", "伊利版本A", 3.0),
        spot("2026-03-05", "20:10:00", "伊利版本B", 1.5),
    ];
    let tag = json!({ "category": 2, "source": 3, "belongingTo": 1 });
    let book = crate::helpers::viewing::workbook(&spots, false);
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &book).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    sqlx::query("update orders set estimate_date = '2026-04-01' where id = $1").bind(order).execute(&f.app.db).await.unwrap();
    Setup { f, order }
}

impl Setup {
    async fn send(&self, call: Call<'_>) -> Answer {
        self.f.app.send(call.token(&self.f.token)).await
    }

    /// Exports through `call` with `fields` and downloads the file.
    async fn export(&self, call: &str, fields: Value) -> Book {
        let answer = self.send(Call::get(call, fields)).await;
        assert_eq!(answer.code(), 200, "{call}: {:#}", answer.body);
        let url = answer.data()["url"].as_str().unwrap().to_owned();
        Book::download(&self.f.app, &url, &self.f.token).await
    }
}

fn text(cell: &Data) -> String {
    match cell {
        Data::String(s) => s.clone(),
        Data::Empty => String::new(),
        other => other.to_string(),
    }
}

fn number(cell: &Data) -> f64 {
    match cell {
        Data::Float(n) => *n,
        Data::Int(n) => *n as f64,
        other => panic!("not a number: {other:?}"),
    }
}

/// The (row, column) of the first cell whose text is `wanted`.
fn find(sheet: &[Vec<Data>], wanted: &str) -> (usize, usize) {
    for (r, row) in sheet.iter().enumerate() {
        if let Some(c) = row.iter().position(|cell| text(cell) == wanted) {
            return (r, c);
        }
    }
    panic!("no cell {wanted} in {sheet:?}")
}

/// The row under the header row holding `header`, whose first cell is `first`, and that
/// header's column.
fn under(sheet: &[Vec<Data>], header: &str, first: &str) -> (usize, usize) {
    let (top, col) = find(sheet, header);
    let row = (top + 1..sheet.len()).find(|r| sheet[*r].first().map(text).as_deref() == Some(first));
    (row.unwrap_or_else(|| panic!("no row {first} under {header}")), col)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[tokio::test]
async fn the_evaluation_result_has_a_sheet_per_month_with_its_grid_and_figures() {
    let s = setup().await;
    let fields = json!({ "orderId": s.order, "belongingTo": 1, "category": 2, "source": 3 });
    let book = s.export("orderSummaryGrpIndexExport", fields).await;
    assert_eq!(book.names(), ["2026-03", "2026-04"]);
    let march = book.sheet("2026-03");
    assert_eq!(text(&march[0][0]), "测试牛奶 · 测试卫视 评估结果 2026-03");
    let details = text(&march[1][0]);
    for part in ["周期 2026-03-01 ~ 2026-04-30", "数据归属 客户", "数据类别 客户数据", "数据来源 实际播出", "评估时间 2026-04-01", "生成时间 "] {
        assert!(details.contains(part), "{part} in {details}");
    }
    // The grid: a column per day of March, the lines in the grid's order.
    let (header, day2) = find(march, "03-02");
    assert_eq!(text(&march[header][0]), "合同号");
    assert_eq!(text(&march[header][day2 + 29]), "03-31");
    let line_a = &march[header + 1];
    let line_b = &march[header + 2];
    assert_eq!((text(&line_a[3]), text(&line_a[5]), text(&line_b[3])), ("伊利版本A".into(), "晚间A".into(), "伊利版本B".into()));
    assert_eq!((number(&line_a[day2]), number(&line_a[day2 + 1])), (2.0, 1.0));
    assert_eq!((number(&line_b[day2 + 3]), text(&line_b[day2 + 4])), (2.0, "撤掉".into()));
    let average = find(march, "本月平均收视").1;
    assert_eq!((number(&line_a[average]), number(&line_b[average])), (2.5, 1.5));
    // The line's spots the confirmed certificate showed aired (publishedTimes) are headed 播证已播:
    // the sheet's month figures below say 已播次数 for the spots issued GRP counts, another
    // figure (a month not yet confirmed has 0 of the one and all its aired spots in the other).
    assert_eq!(text(&march[header][average + 1]), "播证已播");
    let total = find(march, "总次数").1;
    assert_eq!((number(&line_a[total]), number(&line_b[total])), (3.0, 2.0));
    // The marks: the legend names them, and the verified day wears the legend's grey.
    let (legend, _) = find(march, "图例");
    assert_eq!(march[legend][1..5].iter().map(text).collect::<Vec<_>>(), ["已核对", "撤掉", "缺播", "补播"]);
    let style = |row, col| book.style(0, row, col);
    assert_eq!(style(header + 1, day2), style(legend, 1), "day 2 verified");
    assert_eq!(style(header + 1, day2 + 1), style(legend, 3), "day 3 short");
    assert_eq!(style(header + 2, day2 + 3), style(legend, 3), "day 5 short");
    assert_eq!(style(header + 2, day2 + 4), style(legend, 2), "day 6 withdrawn");
    assert_ne!(style(legend, 1), style(legend, 2));

    // Under the grid, the month's figures: target, issued and a red negative difference.
    let (row, target) = under(march, "目标GRP", "2026-03");
    // 165.825 × 5 ÷ 8 = 103.640625 → 103.6406 (the shares are whole ten-thousandths that add up
    // to the target: April's 62.184375 takes the unit left over, 62.1844).
    assert!(close(number(&march[row][target]), 103.6406), "{:?}", march[row]);
    assert!(close(number(&march[row][find(march, "已播GRP").1]), 6.5));
    let difference = find(march, "差异(常规)").1;
    assert!(close(number(&march[row][difference]), -97.1406), "{:?}", march[row]);
    assert!(close(number(&march[row][find(march, "超播%(常规)").1]), -0.9373), "{:?}", march[row]);
    assert_eq!(number(&march[row][find(march, "场次(常规)").1]), -44.0);
    let format = book.number_format(0, row, difference).unwrap();
    assert!(format.contains("[Red]") && format.contains("0.0###"), "{format}");
    // And its make-goods: 漏一补二, 2 missing → 4 owed.
    let (row, owed) = under(march, "应补", "漏一补二");
    assert_eq!(number(&march[row][owed]), 4.0);

    // April: its line, its figures.
    let april = book.sheet("2026-04");
    let (header, day15) = find(april, "04-15");
    assert_eq!(number(&april[header + 1][day15]), 3.0);
    let (row, target) = under(april, "目标GRP", "2026-04");
    assert!(close(number(&april[row][target]), 62.1844), "165.825 × 3 ÷ 8 = 62.184375, with the unit left over: {:?}", april[row]);
}

#[tokio::test]
async fn the_evaluation_result_lists_each_lines_estimates_normal_low_high_as_every_screen_does() {
    let s = setup().await;
    let class: i64 = sqlx::query_scalar("select id from time_period_classes where class_name = '黄金'").fetch_one(&s.f.app.db).await.unwrap();
    let edit = json!({ "orderId": s.order, "timePeriodClassId": class, "estimated": 2, "estimatedLow": 1, "estimatedHigh": 3 });
    s.send(Call::post("orderViewingUp", edit)).await.ok();
    let fields = json!({ "orderId": s.order, "belongingTo": 1, "category": 2, "source": 3 });
    let april = s.export("orderSummaryGrpIndexExport", fields).await.sheet("2026-04").to_vec();
    let (header, published) = find(&april, "播证已播");
    let names: Vec<String> = april[header][published + 1..published + 8].iter().map(text).collect();
    assert_eq!(names, ["已播预估(常规)", "已播预估(低)", "已播预估(高)", "剩余预估(常规)", "剩余预估(低)", "剩余预估(高)", "总次数"]);
    // 晚间A (class 黄金) has its 3 April spots from the assessment date (04-01) on, none aired:
    // 已播预估 0 each; 剩余预估 3 × 2 = 6, 3 × 1 = 3, 3 × 3 = 9.
    let values: Vec<f64> = april[header + 1][published + 1..published + 8].iter().map(number).collect();
    assert_eq!(values, [0.0, 0.0, 0.0, 6.0, 3.0, 9.0, 3.0]);
}

#[tokio::test]
async fn the_evaluation_report_shows_both_sides_estimates_reconciliation_make_goods_and_proposals() {
    let s = setup().await;
    let proposal = json!({ "orderId": s.order, "proposalText": "晚间加两次", "adjustDate": "2026-03-12" });
    s.send(Call::post("orderProposalAdd", proposal)).await.ok();
    // POST answers as GET does.
    let answer = s.send(Call::post("orderSummaryGrpReportIndexExport", json!({ "orderId": s.order, "category": 2, "source": 3 }))).await;
    assert_eq!(answer.code(), 200, "{:#}", answer.body);
    let book = s.export("orderSummaryGrpReportIndexExport", json!({ "orderId": s.order, "category": 2, "source": 3 })).await;
    assert_eq!(book.names(), ["汇总", "预估", "播出证明", "补播", "调整建议"]);
    let summary = book.sheet("汇总");
    assert_eq!(text(&summary[0][0]), "测试牛奶 · 测试卫视 评估报告 · 汇总");
    assert!(text(&summary[1][0]).contains("受众/城市组 全国4+"), "{:?}", summary[1]);
    // The customer side first: March, April, then the total.
    let (customer, _) = find(summary, "客户（目标与完成）");
    let (media, _) = find(summary, "媒体（目标与完成）");
    assert!(customer < media);
    let (march, target) = under(summary, "目标GRP", "2026-03");
    assert!(march < media);
    assert!(close(number(&summary[march][target]), 103.6406));
    let difference = find(summary, "差异(常规)").1;
    assert!(close(number(&summary[march][difference]), -97.1406));
    let format = book.number_format(0, march, difference).unwrap();
    assert!(format.contains("[Red]"), "{format}");
    let percent = find(summary, "超播%(常规)").1;
    assert!(book.number_format(0, march, percent).unwrap().contains('%'));
    assert_eq!(text(&summary[march + 2][0]), "合计");
    assert!(close(number(&summary[march + 2][target]), 165.825), "{:?}", summary[march + 2]);
    // The media side: target 125.124 over the cycle, no media viewing rows and no estimate:
    // nothing to expect from, so no difference.
    let total = (media..summary.len()).find(|r| text(&summary[*r][0]) == "合计").unwrap();
    assert!(close(number(&summary[total][target]), 125.124), "{:?}", summary[total]);
    assert_eq!(summary[total][difference], Data::Empty, "{:?}", summary[total]);

    // Estimates: the media's class, with its basis.
    let estimates = book.sheet("预估");
    let (row, _) = find(estimates, "黄金");
    assert_eq!(text(&estimates[row][1]), "晚间A");
    // No rating series and no viewing row of 晚间A in the 28 days before 2026-04-01: no estimate.
    let shown: Vec<String> = estimates[row].iter().map(text).collect();
    assert_eq!(shown[2..6], ["", "", "", "否"], "{shown:?}");
    assert_eq!((shown[9].as_str(), shown[12].as_str()), ("无", "2026-03-04 ~ 2026-03-31"), "{shown:?}");

    // The reconciliation per month, version and period, and its total.
    let certificate = book.sheet("播出证明");
    let (header, planned) = find(certificate, "计划");
    let rows: Vec<Vec<String>> = certificate[header + 1..].iter().map(|r| r.iter().map(text).collect()).collect();
    let counts = |r: &Vec<String>| r[planned..planned + 4].to_vec();
    assert_eq!(rows[0][..5], ["2026-03", "已确认", "伊利版本A", "晚间A", "黄金"]);
    assert_eq!(counts(&rows[0]), ["3", "2", "0", "1"]);
    assert_eq!(rows[1][..4], ["2026-03", "已确认", "伊利版本B", "晚间B"]);
    assert_eq!(counts(&rows[1]), ["2", "1", "0", "1"]);
    assert_eq!((rows[2][0].as_str(), counts(&rows[2])), ("合计", vec!["5".to_owned(), "3".into(), "0".into(), "2".into()]));

    // Make-goods per month under the policy, and the proposal.
    let make_goods = book.sheet("补播");
    let (row, owed) = under(make_goods, "应补", "2026-03");
    assert_eq!(make_goods[row][owed..owed + 3].iter().map(number).collect::<Vec<_>>(), [4.0, 0.0, 4.0]);
    assert_eq!(make_goods[row + 1][owed..owed + 3].iter().map(number).collect::<Vec<_>>(), [0.0, 0.0, 4.0]);
    let proposals = book.sheet("调整建议");
    let (row, _) = find(proposals, "晚间加两次");
    assert_eq!(proposals[row][1..4].iter().map(text).collect::<Vec<_>>(), ["2026-03-12", "晚间加两次", "待调整"]);
}

#[tokio::test]
async fn an_order_without_schedule_certificate_or_proposals_says_so_in_words() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let s = Setup { f, order };
    let book = s.export("orderSummaryGrpReportIndexExport", json!({ "orderId": order })).await;
    let words = [("预估", "暂无时段归纳"), ("播出证明", "暂无播出证明"), ("调整建议", "暂无调整建议"), ("补播", "暂无补播")];
    for (sheet, words) in words {
        find(book.sheet(sheet), words);
    }
    // The result still has its month, with no line.
    let book = s.export("orderSummaryGrpIndexExport", json!({ "orderId": order, "belongingTo": 2 })).await;
    assert_eq!(book.names(), ["2026-03"]);
    let march = book.sheet("2026-03");
    assert!(text(&march[1][0]).contains("数据归属 媒体"), "{:?}", march[1]);
    find(march, "本月没有排期");
}

#[tokio::test]
async fn the_exports_refuse_an_unknown_order_and_bad_arguments() {
    let f = fixture().await;
    for call in ["orderSummaryGrpIndexExport", "orderSummaryGrpReportIndexExport"] {
        let unknown = f.app.send(Call::get(call, json!({ "orderId": 999_999 })).token(&f.token)).await;
        assert_eq!(unknown.code(), 4004, "{call}: {:#}", unknown.body);
        let missing = f.app.send(Call::post(call, json!({})).token(&f.token)).await;
        assert_eq!((missing.code(), missing.field("orderId")), (4000, Some("请选择订单")), "{call}");
        for (field, bad, message) in [("belongingTo", 3, "数据归属无效"), ("category", 5, "数据类别无效"), ("source", 0, "数据来源无效")] {
            let mut fields = json!({ "orderId": 1 });
            fields[field] = json!(bad);
            let answer = f.app.send(Call::get(call, fields).token(&f.token)).await;
            assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{call} {field}");
        }
    }
    assert_eq!(f.count("exports").await, 0);
}
