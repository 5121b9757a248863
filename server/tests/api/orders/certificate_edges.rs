//! Broadcast certificates at their edges (`certificates.rs` has the example): what is due and
//! what is not yet, a month still running, a day's spot limit, period boundaries and a period
//! deleted after the import, months that plan nothing, and typeY 2 naming the preview it saw.

use calamine::{Data, Reader, Xlsx};
use serde_json::json;

use super::certificates::{ROWS, Setup, setup};
use crate::helpers::exports::download;
use crate::helpers::orders::{certificate_workbook, template};

/// Today in the server's zone (Asia/Shanghai, UTC+8, no daylight saving).
fn today() -> chrono::NaiveDate {
    (chrono::Utc::now() + chrono::Duration::hours(8)).date_naive()
}

#[tokio::test]
async fn a_month_still_running_is_verified_up_to_yesterday_and_stays_open() {
    use chrono::{Datelike, Days};
    let s = setup().await;
    let today = today();
    let days = [today - Days::new(2), today - Days::new(1), today, today + Days::new(1)];
    let mut form = s.f.form();
    form["cycleTimeAdd"] = json!(days[0].to_string());
    form["cycleTimeEnd"] = json!(days[3].to_string());
    form["followDate"] = json!(days[0].to_string());
    form["blankWeek"] = json!("");
    let order = s.f.add(form).await["id"].as_i64().unwrap();
    // One spot a day in 晚间A, a sheet per month the four days touch.
    let mut months: Vec<(String, Vec<(&str, &str, &str, Vec<(u32, f64)>)>)> = Vec::new();
    for day in days {
        let month = day.format("%Y-%m").to_string();
        if months.last().is_none_or(|(m, _)| *m != month) {
            months.push((month, vec![("伊利版本A", "晚间A", "A", Vec::new())]));
        }
        months.last_mut().unwrap().1[0].3.push((day.day(), 1.0));
    }
    let months: Vec<(&str, _)> = months.iter().map(|(m, lines)| (m.as_str(), lines.clone())).collect();
    assert_eq!(s.f.import_template(order, &template(&months)).await.0, "done");
    let aired: Vec<String> = days[..2].iter().map(|d| d.to_string()).collect();
    let rows = [(aired[0].as_str(), "19:10:00", "", "伊利版本A", 1), (aired[1].as_str(), "19:10:00", "", "伊利版本A", 1)];
    assert_eq!(s.f.import_certificate(order, &certificate_workbook(&rows)).await.0, "done");

    // Today's and tomorrow's spots are not due: nothing is missing.
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await;
    let summary = &view.ok()["dataValue"];
    assert_eq!((summary["planned"].as_i64(), summary["aired"].as_i64(), summary["missing"].as_i64()), (Some(2), Some(2), Some(0)), "{summary}");
    let step = |type_y: i64| s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": type_y }));
    let preview = step(1).await.ok().clone();
    assert_eq!(preview["dataValue"]["changes"], json!({ "verifiedCells": 2, "missingCells": 0, "missingSpots": 0, "freeSpots": 0 }));
    // Only a month that is over is confirmed; the running one stays open for its whole certificate.
    let over: Vec<String> =
        days[..2].iter().filter(|d| d.month() != today.month()).map(|d| d.format("%Y-%m").to_string()).take(1).collect();
    // The preview says it of each month it checks (`over`: the month before today's, when the
    // two aired days reach into it), so the dialog can name the months confirming locks.
    let said: Vec<(String, bool)> = preview["dataValue"]["months"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["pointDateYm"].as_str().unwrap().to_owned(), m["over"].as_bool().expect("over")))
        .collect();
    let months: Vec<String> = said.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(said, months.iter().map(|m| (m.clone(), over.contains(m))).collect::<Vec<_>>(), "{preview:#}");
    assert_eq!(step(2).await.ok()["months"], json!(over));
    let cells: Vec<(chrono::NaiveDate, i16, i16)> = sqlx::query_as(
        "select c.ymd, c.is_he, c.reason_disappearance from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 order by c.ymd",
    )
    .bind(order)
    .fetch_all(&s.f.app.db)
    .await
    .unwrap();
    assert_eq!(cells, vec![(days[0], 2, 0), (days[1], 2, 0), (days[2], 1, 0), (days[3], 1, 0)]);
    // The running month's rows are applied: it awaits nothing until it ends or new rows come in,
    // and the order is on air, not awaiting confirmation; there is nothing to preview.
    assert_eq!(s.f.info(order).await["status"], 4);
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok().clone();
    assert_eq!(view["dataValue"]["pending"], false, "{view:#}");
    assert!(view["dataValue"]["months"].as_array().unwrap().iter().all(|m| m["due"] == false), "{view:#}");
    assert_eq!(step(1).await.code(), 4009);
    // Every place says of each month what the dialog's tag says: 已确认 for the month that is
    // over, 已核对，月末确认 for the running one — the export and 评估报告 said 待确认 of it, a
    // state the dialog, the order status and typeY 1 (4009) all deny.
    let tag = |m: &serde_json::Value| match (m["confirmed"].as_bool(), m["due"].as_bool()) {
        (Some(true), _) => "已确认",
        (_, Some(true)) => "待确认",
        _ => "已核对，月末确认",
    };
    let tags: Vec<(String, &str)> =
        view["dataValue"]["months"].as_array().unwrap().iter().map(|m| (m["pointDateYm"].as_str().unwrap().to_owned(), tag(m))).collect();
    if days[..2].iter().any(|d| d.month() == today.month()) {
        assert!(tags.iter().any(|(m, t)| *m == today.format("%Y-%m").to_string() && *t == "已核对，月末确认"), "{tags:?}");
    }
    let exported = |name: &'static str| {
        let s = &s;
        async move {
            let url = s.send(name, json!({ "orderId": order })).await.ok()["url"].as_str().unwrap().to_owned();
            let mut book = Xlsx::new(std::io::Cursor::new(download(&s.f.app, &url, &s.f.token).await)).unwrap();
            let sheet = if name == "orderBroadcastingCertificateExport" { "汇总" } else { "播出证明" };
            book.worksheet_range(sheet).unwrap().rows().map(<[Data]>::to_vec).collect::<Vec<_>>()
        }
    };
    for name in ["orderBroadcastingCertificateExport", "orderSummaryGrpReportIndexExport"] {
        let rows = exported(name).await;
        let states: Vec<(String, String)> = rows
            .iter()
            .filter_map(|r| match (&r[0], &r[1]) {
                (Data::String(m), Data::String(state)) if m.len() == 7 && m.as_bytes()[4] == b'-' => Some((m.clone(), state.clone())),
                _ => None,
            })
            .collect();
        assert!(!states.is_empty(), "{name}: {rows:?}");
        for (month, state) in &states {
            let want = tags.iter().find(|(m, _)| m == month).map(|(_, t)| *t);
            assert_eq!(Some(state.as_str()), want, "{name}: {month}");
        }
    }
    // A new certificate of the running month (its rows are not the ones applied: another file,
    // the spots a minute later) is due again.
    let this_month: Vec<_> = rows
        .iter()
        .filter(|r| r.0.starts_with(&today.format("%Y-%m").to_string()))
        .map(|r| (r.0, "19:11:00", r.2, r.3, r.4))
        .collect();
    if !this_month.is_empty() {
        assert_eq!(s.f.import_certificate(order, &certificate_workbook(&this_month)).await.0, "done");
        assert_eq!(s.f.info(order).await["status"], 2);
    }
}

#[tokio::test]
async fn rows_not_yet_due_or_beyond_a_cell_are_refused_whole() {
    let s = setup().await;
    // An order on air: today and tomorrow are in its cycle, but not yet aired.
    let today = today();
    let mut form = s.f.form();
    form["cycleTimeAdd"] = json!("2026-03-01");
    form["cycleTimeEnd"] = json!((today + chrono::Days::new(3)).to_string());
    let order = s.f.add(form).await["id"].as_i64().unwrap();
    let (day, next) = (today.to_string(), (today + chrono::Days::new(1)).to_string());
    let rows = [
        ("2026-03-02", "19:10:00", "", "伊利版本A", 10_000),
        ("2026-03-02", "19:20:00", "", "伊利版本A", 1),
        ("2026-03-03", "19:10:00", "", "伊利版本A", 10_000),
        (day.as_str(), "19:10:00", "", "伊利版本A", 1),
        (next.as_str(), "19:10:00", "", "伊利版本A", 1),
    ];
    let (status, message) = s.f.import_certificate(order, &certificate_workbook(&rows)).await;
    assert_eq!(status, "failed");
    assert!(message.contains("第 3 行「次数」“1”：同一天、同一版本、同一时段的播出次数合计超过 10000"), "{message}");
    assert!(!message.contains("第 4 行"), "{message}");
    for row in [5, 6] {
        assert!(message.contains(&format!("第 {row} 行「日期」")), "{message}");
    }
    assert!(message.contains("播出日期须早于今天：当天及以后的播出尚未结束"), "{message}");
    let months: i64 = sqlx::query_scalar("select count(*) from order_certificate_months where order_id = $1").bind(order).fetch_one(&s.f.app.db).await.unwrap();
    assert_eq!(months, 0);
}

#[tokio::test]
async fn back_to_back_periods_share_their_boundary_with_the_later_one() {
    let s = setup().await;
    // 18:30–19:00 ends where 晚间A (19:00–19:59:59) starts.
    let half = s.f.period(s.f.media, "傍晚", (66_600, 68_400)).await;
    let rows = [("2026-03-02", "18:30:00", "", "伊利版本A", 1), ("2026-03-02", "19:00:00", "", "伊利版本A", 1)];
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&rows)).await.0, "done");
    let placed: Vec<Option<i64>> = sqlx::query_scalar::<_, i64>("select batch_id from order_certificate_months where order_id = $1")
        .bind(s.order)
        .fetch_one(&s.f.app.db)
        .await
        .map(|batch| {
            let lake = s.f.app.state.reads.lake.clone();
            let files: Vec<String> = vec![format!("certificates/month=2026-03/b{batch}-0.parquet")];
            lake.certificate_rows(&adeval_engine::Snapshot::new(files)).unwrap().into_iter().map(|r| r.time_period_id).collect()
        })
        .unwrap();
    assert_eq!(placed, vec![Some(half), Some(s.periods[0])]);
}

#[tokio::test]
async fn a_period_deleted_after_the_import_leaves_its_rows_to_place_again() {
    let s = setup().await;
    let late = s.f.period(s.f.media, "凌晨", (97_200, 100_800)).await;
    let mut rows = ROWS[..4].to_vec();
    rows.push(("2026-03-09", "27:30:00", "", "伊利版本A", 5));
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&rows)).await.0, "done");
    assert_eq!(s.comparison().await.ok()["dataValue"]["aired"], 10);
    sqlx::query("delete from time_periods where id = $1").bind(late).execute(&s.f.app.db).await.unwrap();
    let view = s.comparison().await.ok().clone();
    assert_eq!(view["dataValue"]["aired"], 5);
    let unassigned = view["dataValue"]["unassigned"].as_array().unwrap();
    assert_eq!((unassigned.len(), unassigned[0]["kind"].as_i64(), unassigned[0]["num"].as_i64()), (1, Some(1), Some(5)));
    s.step(1).await.ok();
    let answer = s.step(2).await;
    assert_eq!((answer.code(), answer.field("typeY")), (4000, Some("还有 1 行播证未指定时段或订单版本，请先处理")));
}

#[tokio::test]
async fn a_month_that_plans_no_spot_needs_no_certificate() {
    let s = setup().await;
    // The cycle runs on into April, where nothing is planned.
    let mut form = s.f.form();
    form["orderId"] = json!(s.order);
    form["cycleTimeEnd"] = json!("2026-04-30");
    s.send("orderUp", form).await.ok();
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS[..4])).await.0, "done");
    assert_eq!(s.status().await, 2, "March is due");
    s.step(1).await.ok();
    assert_eq!(s.step(2).await.ok()["months"], json!(["2026-03"]));
    assert_eq!(s.status().await, 7);
}

#[tokio::test]
async fn typey_2_confirms_the_preview_its_caller_saw_and_no_other() {
    let s = setup().await;
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS[..5])).await.0, "done");
    let row = Setup::unassigned(&s.comparison().await.ok().clone(), 1);
    let place = |period: i64| s.send("orderBroadcastLicenseTimeUp", json!({ "broadcastingCertificateId": row, "timePeriodId": period }));
    // One user places the row in 晚间A and previews; another moves it to 深夜 and previews.
    place(s.periods[0]).await.ok();
    let seen = s.step(1).await.ok()["dataValue"]["basis"].as_str().unwrap().to_owned();
    place(s.periods[2]).await.ok();
    let latest = s.step(1).await.ok()["dataValue"]["basis"].as_str().unwrap().to_owned();
    assert_ne!(seen, latest);
    let confirm = |basis: &str| s.send("orderBroadcastLicenseUp", json!({ "orderId": s.order, "typeY": 2, "basis": basis }));
    let answer = confirm(&seen).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("数据已变化，请重新核对")));
    assert_eq!(s.status().await, 2, "nothing applied");
    assert_eq!(confirm(&latest).await.ok()["months"], json!(["2026-03"]));
}

#[tokio::test]
async fn a_refused_csv_names_the_uploaded_file() {
    use crate::helpers::uploads::{job_end, key_in, post, sign};
    let s = setup().await;
    let csv = "日期,播出时间,版本\n2026-03-02,19:10:00,没有这个版本\n";
    let signed = sign(&s.f.app, &s.f.token, "broadcastingCertificate", "三月播证.csv", json!({ "orderId": s.order })).await.ok().clone();
    let answer = post(&s.f.app, &s.f.token, &signed, &key_in(&signed, "csv"), None, csv.as_bytes()).await;
    let (status, message) = job_end(&s.f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("「三月播证」第 2 行「版本」“没有这个版本”"), "{message}");
    // The job's copy and its folder are gone.
    let temp = s.f.app.data_dir.join("tmp").join("uploads");
    assert!(temp.is_dir());
    let left: Vec<_> = std::fs::read_dir(&temp).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
}
