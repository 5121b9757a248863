//! Broadcast certificates, the rules around the main path (`certificates.rs` has the example):
//! a bad file refused whole, re-imports, a changed basis, twenty concurrent confirmations, the
//! corrections' validation, the version lists, the export and the menu.

use calamine::{Data, Reader, Xlsx};
use serde_json::json;

use super::certificates::{ROWS, Setup, setup};
use crate::helpers::Call;
use crate::helpers::exports::download;
use crate::helpers::orders::{certificate_workbook, template};
use crate::helpers::uploads::{job_end, key_in, post, sign};

/// The example's rows that need no correction.
fn clean() -> Vec<u8> {
    certificate_workbook(&ROWS[..4])
}

async fn live_certificate_files(s: &Setup) -> i64 {
    sqlx::query_scalar("select count(*) from lake_files where dataset = 'certificates' and live").fetch_one(&s.f.app.db).await.unwrap()
}

#[tokio::test]
async fn a_bad_certificate_lists_every_bad_row_and_changes_nothing() {
    let s = setup().await;
    // Sheet rows 2–6: a good row; an unknown version (found against the order) before a row
    // whose date does not read and whose version is unknown too; a time that does not read;
    // a day outside the cycle. The reader's and the order's problems come in one answer, in
    // row order, every problem of a row listed: 4 rows, 5 problems.
    let rows = [
        ("2026-03-02", "19:10:00", "", "伊利版本A", 1),
        ("2026-03-02", "19:10:00", "", "别的版本", 1),
        ("2026-13-45", "19:10:00", "", "第三个版本", 1),
        ("2026-03-02", "31:00:00", "", "伊利版本A", 1),
        ("2026-04-02", "19:10:00", "", "伊利版本A", 1),
    ];
    let (status, message) = s.f.import_certificate(s.order, &certificate_workbook(&rows)).await;
    assert_eq!(status, "failed");
    let expected = [
        "未导入任何数据：4 行有错误（共 5 处）",
        "「播出证明」第 3 行「版本」“别的版本”：未知版本：不是该产品的磁带",
        "「播出证明」第 4 行「日期」“2026-13-45”：无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）",
        "「播出证明」第 4 行「版本」“第三个版本”：未知版本：不是该产品的磁带",
        "「播出证明」第 5 行「播出时间」“31:00:00”：无法识别的播出时间（支持 HH:MM[:SS]，最大 29:59:59，Excel 时间，或日期加时间）",
        "「播出证明」第 6 行「日期」“2026-04-02”：不在订单周期（2026-03-01 ~ 2026-03-31）内",
    ];
    assert_eq!(message, expected.join("\n"));
    // The same rows as a csv named as the workbook's sheet is: the same answer.
    let mut csv = String::from("日期,播出时间,时段,版本,次数\n");
    for (day, time, period, version, count) in rows {
        csv.push_str(&format!("{day},{time},{period},{version},{count}\n"));
    }
    let signed = sign(&s.f.app, &s.f.token, "broadcastingCertificate", "播出证明.csv", json!({ "orderId": s.order })).await.ok().clone();
    let answer = post(&s.f.app, &s.f.token, &signed, &key_in(&signed, "csv"), None, csv.as_bytes()).await;
    let (status, from_csv) = job_end(&s.f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!((status.as_str(), from_csv), ("failed", message));
    assert_eq!(s.comparison().await.code(), 4004);
    assert_eq!(live_certificate_files(&s).await, 0);
    assert_eq!(s.f.count("order_certificate_months").await, 0);
    let batches: i64 = sqlx::query_scalar("select count(*) from lake_batches where dataset = 'certificates'").fetch_one(&s.f.app.db).await.unwrap();
    assert_eq!(batches, 0, "a refused file begins no batch");
}

#[tokio::test]
async fn a_reimport_replaces_the_unconfirmed_months_and_keeps_the_confirmed_ones() {
    let s = setup().await;
    let mut form = s.f.form();
    form["cycleTimeEnd"] = json!("2026-04-30");
    let order = s.f.add(form).await["id"].as_i64().unwrap();
    let two = certificate_workbook(&[("2026-03-02", "19:10:00", "", "伊利版本A", 1), ("2026-04-02", "19:10:00", "", "伊利版本A", 3)]);
    assert_eq!(s.f.import_certificate(order, &two).await.0, "done");
    let months = |v: &serde_json::Value| v["dataValue"]["months"].as_array().unwrap().iter().map(|m| m["pointDateYm"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok().clone();
    assert_eq!(months(&view), ["2026-03", "2026-04"]);
    // March only: April stops having a certificate.
    let march = certificate_workbook(&[("2026-03-03", "19:10:00", "", "伊利版本A", 2)]);
    assert_eq!(s.f.import_certificate(order, &march).await.0, "done");
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok().clone();
    assert_eq!((months(&view), view["dataValue"]["aired"].as_i64()), (vec!["2026-03".to_owned()], Some(2)));
    // March confirmed (both aired spots free), then an April file leaves March as it is.
    s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": 1 })).await.ok();
    let applied = s.send("orderBroadcastLicenseUp", json!({ "orderId": order, "typeY": 2 })).await;
    assert_eq!(applied.ok()["freeSpots"], 2);
    let april = certificate_workbook(&[("2026-04-05", "19:10:00", "", "伊利版本A", 1)]);
    assert_eq!(s.f.import_certificate(order, &april).await.0, "done");
    let view = s.send("broadcastingCertificate", json!({ "orderId": order })).await.ok().clone();
    assert_eq!(months(&view), ["2026-03", "2026-04"]);
    assert_eq!(view["dataValue"]["months"][0]["confirmed"], true);
    assert_eq!(view["dataValue"]["months"][1]["confirmed"], false);
}

#[tokio::test]
async fn a_schedule_changed_between_the_steps_answers_4009_and_changes_nothing() {
    let s = setup().await;
    assert_eq!(s.f.import_certificate(s.order, &clean()).await.0, "done");
    s.step(1).await.ok();
    let changed = template(&[("2026-03", vec![("伊利版本A", "晚间A", "A", vec![(2, 3.0)])])]);
    assert_eq!(s.f.import_template(s.order, &changed).await.0, "done");
    let before = s.cells().await;
    let stale = s.step(2).await;
    assert_eq!((stale.code(), stale.body["message"].as_str()), (4009, Some("数据已变化，请重新核对")));
    assert_eq!(s.cells().await, before);
    assert_eq!(s.logs("确认播出证明").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_simultaneous_confirmations_apply_exactly_once() {
    let s = setup().await;
    assert_eq!(s.f.import_certificate(s.order, &clean()).await.0, "done");
    s.step(1).await.ok();
    let calls: Vec<_> = (0..20)
        .map(|_| {
            let request = Call::post("orderBroadcastLicenseUp", json!({ "orderId": s.order, "typeY": 2 })).token(&s.f.token).request();
            let router = s.f.app.router.clone();
            tokio::spawn(async move {
                use http_body_util::BodyExt;
                use tower::ServiceExt;
                let response = router.oneshot(request).await.unwrap();
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                serde_json::from_slice::<serde_json::Value>(&bytes).unwrap()
            })
        })
        .collect();
    let mut codes: Vec<i64> = Vec::new();
    for answer in futures_util::future::join_all(calls).await {
        let body = answer.unwrap();
        codes.push(body["code"].as_i64().unwrap());
        if body["code"] != 200 {
            assert!(["数据已变化，请重新核对", "播出证明已确认"].contains(&body["message"].as_str().unwrap()), "{body}");
        }
    }
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 4009).count(), 19, "{codes:?}");
    // Applied once: the one free spot (晚间B day 2) is one spot, the log says so once.
    let free: Vec<i32> = sqlx::query_scalar(
        "select c.point from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1 and l.point_type = 'C'",
    )
    .bind(s.order)
    .fetch_all(&s.f.app.db)
    .await
    .unwrap();
    assert_eq!(free, [1]);
    assert_eq!(s.logs("确认播出证明").await, 1);
    assert_eq!(s.status().await, 7);
}

#[tokio::test]
async fn corrections_check_what_they_are_given_and_swap_a_version_whole_or_one_row() {
    let s = setup().await;
    // Two rows of the other version: a swap of the version changes both.
    let mut rows = ROWS.to_vec();
    rows.push(("2026-03-07", "20:10:00", "", "T-002", 2));
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&rows)).await.0, "done");
    let (a, b) = (s.f.tapes[0], s.f.tapes[1]);
    let versions = s.send("orderBroadcastingMagneticTapeDetailsList", json!({ "orderId": s.order })).await.ok().clone();
    assert_eq!(
        versions,
        json!([
            { "tapeId": a, "mediaFileName": "伊利版本A", "mediaTapeNumber": "T-001", "inOrder": true, "rows": 5, "spots": 6 },
            { "tapeId": b, "mediaFileName": "伊利版本B", "mediaTapeNumber": "T-002", "inOrder": false, "rows": 2, "spots": 3 },
        ])
    );
    let order_versions = s.send("broadcastingMagneticTapeDetailsList", json!({ "orderId": s.order })).await.ok().clone();
    assert_eq!(order_versions, json!([{ "id": a, "mediaFileName": "伊利版本A", "mediaTapeNumber": "T-001", "seconds": 15 }]));

    let view = s.comparison().await.ok().clone();
    let (row, other_row) = (Setup::unassigned(&view, 1), Setup::unassigned(&view, 2));
    let time_up = |fields| s.send("orderBroadcastLicenseTimeUp", fields);
    let foreign_period = s.f.period(s.f.other_media, "别台晚间", (68400, 71999)).await;
    let answer = time_up(json!({ "broadcastingCertificateId": row, "timePeriodId": foreign_period })).await;
    assert_eq!((answer.code(), answer.field("timePeriodId")), (4000, Some("请选择时段")));
    let answer = time_up(json!({ "timePeriodId": s.periods[0] })).await;
    assert_eq!(answer.field("broadcastingCertificateId"), Some("请选择播证记录"));
    let answer = time_up(json!({ "broadcastingCertificateId": 12345, "timePeriodId": s.periods[0] })).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4004, Some("播证记录不存在")));

    let swap = |tape: i64, up: i64, kind: i64, one: i64| {
        s.send(
            "broadcastingMagneticTapeDetailsUp",
            json!({ "orderId": s.order, "tapeId": tape, "upTapeId": up, "broadcastingId": one, "broadcastingMagneticTapeDetailsType": kind }),
        )
    };
    let answer = swap(b, a, 3, 0).await;
    assert_eq!(answer.field("broadcastingMagneticTapeDetailsType"), Some("请选择替换方式"));
    let answer = swap(b, b, 1, 0).await;
    assert_eq!(answer.field("upTapeId"), Some("选择订单版本"));
    let answer = swap(s.f.foreign_tape, a, 1, 0).await;
    assert_eq!(answer.field("tapeId"), Some("选择播证版本"));
    let answer = swap(b, a, 2, row).await;
    assert_eq!(answer.field("broadcastingId"), Some("请选择播证记录"));
    let answer = swap(a, a, 1, 0).await;
    assert_eq!(answer.field("upTapeId"), Some("替换后的订单版本须与播证版本不同"));
    assert_eq!(s.logs("播证").await, 0, "refused corrections are not logged");
    let answer = swap(b, a, 1, 0).await;
    assert_eq!(answer.ok()["rows"], 2);
    let versions = s.send("orderBroadcastingMagneticTapeDetailsList", json!({ "orderId": s.order })).await.ok().clone();
    assert_eq!((versions[0]["rows"].as_i64(), versions.as_array().unwrap().len()), (Some(7), 1));
    // A row of the swapped version is no longer of it.
    let answer = swap(b, a, 2, other_row).await;
    assert_eq!(answer.field("tapeId"), Some("选择播证版本"));
    assert_eq!(s.logs("播证版本批量替换：伊利版本B → 伊利版本A，2 行").await, 1);

    // Confirmed months are not corrected.
    time_up(json!({ "broadcastingCertificateId": row, "timePeriodId": s.periods[2] })).await.ok();
    s.step(1).await.ok();
    s.step(2).await.ok();
    let answer = time_up(json!({ "broadcastingCertificateId": row, "timePeriodId": s.periods[0] })).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该月播出证明已确认，不能修改")));
    let answer = swap(a, a, 2, row).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该月播出证明已确认，不能修改")));
    // A batch swap of a version whose rows are all confirmed changes nothing and says so.
    let answer = swap(a, a, 1, 0).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("该月播出证明已确认，不能修改")));
    assert_eq!(s.logs("播证版本批量替换").await, 1);
}

fn sheet(book: &mut Xlsx<std::io::Cursor<Vec<u8>>>, name: &str) -> Vec<Vec<Data>> {
    book.worksheet_range(name).unwrap().rows().map(<[Data]>::to_vec).collect()
}

#[tokio::test]
async fn the_export_holds_the_summary_then_the_rows() {
    let s = setup().await;
    let export = s.send("orderBroadcastingCertificateExport", json!({ "orderId": s.order })).await;
    assert_eq!(export.code(), 4004);
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&ROWS)).await.0, "done");
    let url = s.send("orderBroadcastingCertificateExport", json!({ "orderId": s.order })).await.ok()["url"].as_str().unwrap().to_owned();
    let mut book = Xlsx::new(std::io::Cursor::new(download(&s.f.app, &url, &s.f.token).await)).unwrap();
    assert_eq!(book.sheet_names(), ["汇总", "明细"]);
    let t = |v: &str| Data::String(v.into());
    let n = |v: f64| Data::Float(v);
    let summary = sheet(&mut book, "汇总");
    assert_eq!(summary[0], ["月份", "状态", "版本", "时段", "时段归纳", "计划（点位）", "播出（点位）", "新增（点位）", "缺失（点位）"].map(t));
    let wait = t("待确认");
    assert_eq!(
        summary[1..],
        [
            vec![t("2026-03"), wait.clone(), t("伊利版本A"), t("晚间A"), t("黄金"), n(3.0), n(2.0), n(0.0), n(1.0)],
            vec![t("2026-03"), wait.clone(), t("伊利版本A"), t("晚间B"), t("黄金"), n(1.0), n(2.0), n(1.0), n(0.0)],
            vec![t("2026-03"), wait, t("伊利版本A"), t("深夜"), Data::Empty, n(2.0), n(1.0), n(0.0), n(1.0)],
            vec![t("合计"), Data::Empty, Data::Empty, Data::Empty, Data::Empty, n(6.0), n(5.0), n(1.0), n(2.0)],
        ]
    );
    let rows = sheet(&mut book, "明细");
    assert_eq!(rows[0], ["日期", "播出时间", "版本", "时段", "时长", "位置", "次数", "状态"].map(t));
    assert_eq!(rows.len(), 7);
    assert_eq!(rows[4][..4], [t("2026-03-04"), t("25:30:00"), t("伊利版本A"), t("深夜")]);
    assert_eq!((&rows[4][6], &rows[4][7]), (&n(1.0), &t("待确认")));
    assert_eq!((&rows[5][1], &rows[5][7]), (&t("10:00:00"), &t("未匹配到时段")));
    assert_eq!((&rows[6][2], &rows[6][7]), (&t("伊利版本B"), &t("版本不在订单中")));
}

#[tokio::test]
async fn certificate_calls_need_the_order_menu() {
    let s = setup().await;
    s.f.app.create_account("clerk", "82").await;
    let clerk = s.f.app.login("clerk", "secret-123").await;
    let token = clerk.ok()["token"].as_str().unwrap().to_owned();
    let order = json!({ "orderId": s.order });
    for call in [
        Call::get("broadcastingCertificate", order.clone()),
        Call::post("orderBroadcastLicenseUp", json!({ "orderId": s.order, "typeY": 1 })),
        Call::post("orderBroadcastLicenseTimeUp", json!({ "broadcastingCertificateId": 1, "timePeriodId": 1 })),
        Call::get("orderBroadcastingMagneticTapeDetailsList", order.clone()),
        Call::get("broadcastingMagneticTapeDetailsList", order.clone()),
        Call::post("broadcastingMagneticTapeDetailsUp", order.clone()),
        Call::get("orderBroadcastingCertificateExport", order.clone()),
    ] {
        assert_eq!(s.f.app.send(call.token(&token)).await.code(), 4003);
    }
    let bad = s.send("orderBroadcastLicenseUp", json!({ "orderId": s.order, "typeY": 3 })).await;
    assert_eq!((bad.code(), bad.field("typeY")), (4000, Some("typeY 只能是 1 或 2")));
}

#[tokio::test]
async fn a_certificate_job_run_again_after_its_commit_answers_what_it_committed() {
    let s = setup().await;
    let (status, summary) = s.f.import_certificate(s.order, &clean()).await;
    assert_eq!(status, "done", "{summary}");
    let job: i64 = sqlx::query_scalar("select id from jobs where kind = 'broadcastingCertificate'").fetch_one(&s.f.app.db).await.unwrap();
    // As if its process died between the commit and recording the job's end: a worker runs it
    // again, finds the batch live and answers its summary without importing twice.
    sqlx::query("update jobs set status = 'queued', message = '' where id = $1").bind(job).execute(&s.f.app.db).await.unwrap();
    let (again, message) = crate::helpers::uploads::job_end(&s.f.app, job).await;
    assert_eq!((again.as_str(), message.as_str()), ("done", summary.as_str()));
    let attempts: i32 = sqlx::query_scalar("select attempts from jobs where id = $1").bind(job).fetch_one(&s.f.app.db).await.unwrap();
    assert_eq!(attempts, 2);
    let batches: i64 = sqlx::query_scalar("select count(*) from lake_batches where dataset = 'certificates'").fetch_one(&s.f.app.db).await.unwrap();
    assert_eq!((batches, s.logs("导入播出证明").await), (1, 1));
}

#[tokio::test]
async fn rows_a_shortened_cycle_no_longer_holds_stay_out_of_the_confirmation() {
    let s = setup().await;
    let mut rows = ROWS[..4].to_vec();
    rows.push(("2026-03-20", "19:10:00", "", "伊利版本A", 1));
    assert_eq!(s.f.import_certificate(s.order, &certificate_workbook(&rows)).await.0, "done");
    let mut form = s.f.form();
    form["orderId"] = json!(s.order);
    form["cycleTimeEnd"] = json!("2026-03-10");
    s.send("orderUp", form).await.ok();
    // Without the day-20 spot: 晚间B day 2's extra spot is the only free one.
    assert_eq!(s.step(1).await.ok()["dataValue"]["changes"], json!({ "verifiedCells": 2, "missingCells": 2, "missingSpots": 2, "freeSpots": 1 }));
    assert_eq!(s.step(2).await.ok()["months"], json!(["2026-03"]));
}
