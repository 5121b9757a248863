//! Customer viewing data end to end: import through an upload (a job) and from the shell, the
//! list and its filters, batch delete, export, restart, and bad or hostile files changing
//! nothing.

use std::process::Command;

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::exports::read_back;
use crate::helpers::{Call, TestApp, spawn_app};
use crate::helpers::uploads::{customer, job_end, upload};
use crate::helpers::viewing::{seed, spots, workbook};

async fn list(app: &TestApp, token: &str, fields: Value) -> Value {
    app.send(Call::get("customerIndex", fields).token(token)).await.ok().clone()
}

#[tokio::test]
async fn an_uploaded_workbook_is_imported_listed_filtered_deleted_and_exported() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (media, brand, other_brand) = seed(&app).await;
    let bytes = workbook(&spots(3000, "伊利"), true);
    let answer = upload(&app, &token, "customerData", "三千行.xlsx", customer(), &bytes).await;
    let (status, message) = job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    assert!(message.contains("已导入 3000 行"), "{message}");

    let page = list(&app, &token, json!({})).await;
    assert_eq!(page["total"], 3000);
    assert_eq!(page["data"].as_array().unwrap().len(), 100, "100 per page by default");
    let row = &page["data"][0];
    for field in ["id", "title", "channel", "addTime", "duration", "ymd", "circumferenceName", "category", "source", "maoDianPing", "createTime"] {
        assert!(!row[field].is_null(), "{field} missing in {row}");
    }
    assert_eq!(row["default_audience_city_group"]["audienceCityGroupName"], "全国4+");
    assert_eq!(row["category"], 2);
    assert_eq!(row["source"], 3);

    // Filters.
    let by = |fields: Value| list(&app, &token, fields);
    assert_eq!(by(json!({"mediaId": media})).await["total"], 1500);
    assert_eq!(by(json!({"title": "版本A"})).await["total"], 1000);
    assert_eq!(by(json!({"addTime": "2026-03-01", "endTime": "2026-03-01"})).await["total"], 97);
    assert_eq!(by(json!({"addTime": "2026-04-01"})).await["total"], 0);
    assert_eq!(by(json!({"category": 3})).await["total"], 0);
    assert_eq!(by(json!({"source": 3, "category": 2})).await["total"], 3000);
    assert_eq!(by(json!({"brandId": brand})).await["total"], 3000);
    assert_eq!(by(json!({"brandId": other_brand})).await["total"], 0);
    let bad = app.send(Call::get("customerIndex", json!({"addTime": "2026-03-02", "endTime": "2026-03-01"})).token(&token)).await;
    assert_eq!(bad.field("endTime"), Some("结束日期不能早于开始日期"));

    // The time-period class comes from the media's periods when the file has none; spots past
    // midnight fall on the next calendar day.
    let evening = by(json!({"mediaId": media, "addTime": "2026-03-01", "endTime": "2026-03-01", "limit": 1000})).await;
    let rows = evening["data"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["time_period_class"]["timePeriodClassName"] == "黄金时段"));
    let first_day = by(json!({"addTime": "2026-03-01", "endTime": "2026-03-01", "limit": 1000})).await;
    let late = first_day["data"].as_array().unwrap().iter().find(|r| r["addTime"].as_str().unwrap().ends_with(":00") && r["addTime"].as_str().unwrap().starts_with("2026-03-02 01:"));
    assert!(late.is_some(), "a 25:xx spot of 03-01 airs on 03-02");

    // Delete two.
    let ids: Vec<i64> = page["data"].as_array().unwrap()[..2].iter().map(|r| r["id"].as_i64().unwrap()).collect();
    let deleted = app.send(Call::post("customerDel", json!({"ids": format!("{},{}", ids[0], ids[1])})).token(&token)).await;
    assert_eq!(deleted.ok()["deleted"], 2);
    assert_eq!(deleted.body["message"], "删除成功");
    let after = list(&app, &token, json!({"limit": 1000})).await;
    assert_eq!(after["total"], 2998);
    assert!(after["data"].as_array().unwrap().iter().all(|r| !ids.contains(&r["id"].as_i64().unwrap())));
    let again = app.send(Call::post("customerDel", json!({"ids": format!("{}", ids[0])})).token(&token)).await;
    assert_eq!(again.code(), 4004);
    assert_eq!(app.send(Call::post("customerDel", json!({})).token(&token)).await.field("ids"), Some("请选择要删除的数据"));

    // Export what the filter shows.
    let exported = app.send(Call::get("customerIndexExport", json!({"title": "版本A"})).token(&token)).await;
    let url = exported.ok()["url"].as_str().unwrap().to_owned();
    let sheet = read_back(&app, &url, &token).await;
    assert_eq!(sheet[0][0], Data::String("日期".into()));
    let expected_a = by(json!({"title": "版本A"})).await["total"].as_i64().unwrap();
    assert_eq!(sheet.len() as i64 - 1, expected_a);
    assert!(sheet[1..].iter().all(|r| matches!(&r[4], Data::String(t) if t.contains("版本A"))));

    // A restart changes nothing.
    let restarted = app.another(0).await;
    assert_eq!(list(&restarted, &token, json!({})).await["total"], 2998);

    // The pickers.
    let brands = app.send(Call::get("customerBrandList", json!({"brandName": "测试"})).token(&token)).await.ok().clone();
    assert_eq!(brands[0]["brandName"], "测试品牌");
    let media_list = app.send(Call::get("customerMediaList", json!({})).token(&token)).await.ok().clone();
    assert_eq!(media_list.as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn bad_and_hostile_files_change_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed(&app).await;
    let mut bad = spots(20, "坏");
    bad[3].1 = "不存在的台".into();
    bad[7].7 = -1.0;
    bad[9].0 = "2026-02-30".into();
    let answer = upload(&app, &token, "customerData", "有错误.xlsx", customer(), &workbook(&bad, false)).await;
    let (status, message) = job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("未导入任何数据") || message.contains("文件未导入"), "{message}");
    // Row numbers as the sheet shows them: header on row 1, so data row i is on row i + 2.
    assert!(message.contains("第 11 行"), "{message}");
    assert_eq!(list(&app, &token, json!({})).await["total"], 0);

    // A zip bomb: one entry that inflates far beyond its size.
    let mut bomb = Vec::new();
    {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(&mut bomb));
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("xl/worksheets/sheet1.xml", options).unwrap();
        let zeros = vec![b' '; 1024 * 1024];
        for _ in 0..300 {
            std::io::Write::write_all(&mut zip, &zeros).unwrap();
        }
        zip.finish().unwrap();
    }
    let answer = upload(&app, &token, "customerData", "炸弹.xlsx", customer(), &bomb).await;
    let (status, message) = job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("已拒绝") || message.contains("损坏"), "{message}");

    assert_eq!(list(&app, &token, json!({})).await["total"], 0);
    let live: i64 = sqlx::query_scalar("select count(*) from lake_files where live").fetch_one(&app.db).await.unwrap();
    assert_eq!(live, 0);
}

#[tokio::test]
async fn the_shell_imports_and_refuses_files() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed(&app).await;
    let dir = app.data_dir.join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("一千行.xlsx");
    std::fs::write(&good, workbook(&spots(1000, "命令行"), false)).unwrap();
    let run = |file: &std::path::Path| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_adeval"));
        cmd.args(["import", "customer-data"]).arg(file).args(["--category", "3", "--source", "2", "--ownership", "2"]);
        for (k, v) in app.cli_env() {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    let out = run(&good);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("1000 行"), "{stdout}");
    assert!(stdout.contains("行/秒"), "{stdout}");
    let page = list(&app, &token, json!({"category": 3, "source": 2, "belongingTo": 2})).await;
    assert_eq!(page["total"], 1000);

    let mut bad = spots(5, "坏");
    bad[1].3 = 0.0;
    let bad_file = dir.join("坏.xlsx");
    std::fs::write(&bad_file, workbook(&bad, false)).unwrap();
    let out = run(&bad_file);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("第 3 行"), "{stderr}");
    assert_eq!(list(&app, &token, json!({})).await["total"], 1000);
}
