//! A refused customer-data or ratings file answers once, with every bad row: the reader's
//! problems and those found against the database together, in row order, every problem of a
//! row listed, and counted truly (rows with problems, problems in all) however many are
//! listed. The same through an upload (xlsx, csv) and the shell.

use std::io::Write;
use std::process::Command;

use serde_json::json;

use crate::helpers::uploads::{customer, job_end, key_in, post, sign, upload};
use crate::helpers::viewing::{Spot, seed, spots, workbook};
use crate::helpers::{Call, TestApp, spawn_app};

/// `rows` as a customer-data csv, in the workbook's columns.
fn csv(rows: &[Spot]) -> Vec<u8> {
    let mut out = String::from("日期,频道,播出时间,时长,标题,节目,受众/城市组,毛评点,位置\n");
    for s in rows {
        out.push_str(&format!("{},{},{},{},{},{},{},{},{}\n", s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7, s.8));
    }
    out.into_bytes()
}

/// Four rows (sheet rows 2–5): row 3 names a channel the master data lacks; row 4, after it,
/// has a date that does not read and a group the master data lacks.
fn rows_with_problems() -> Vec<Spot> {
    let mut rows = spots(4, "错误");
    rows[1].1 = "某台".into();
    rows[2].0 = "2026-02-30".into();
    rows[2].6 = "不存在的组".into();
    rows
}

/// The one answer for [`rows_with_problems`] in a sheet named `sheet`: 2 rows, 3 problems.
fn refusal(sheet: &str) -> String {
    [
        "未导入任何数据：2 行有错误（共 3 处）".to_owned(),
        format!("「{sheet}」第 3 行「频道」“某台”：未知的频道，请先在系统设置中添加该媒体"),
        format!("「{sheet}」第 4 行「日期」“2026-02-30”：无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）"),
        format!("「{sheet}」第 4 行「受众/城市组」“不存在的组”：未知的受众/城市组，请先在系统设置中添加"),
    ]
    .join("\n")
}

async fn viewing_batches(app: &TestApp) -> (i64, i64) {
    sqlx::query_as(
        "select count(*) filter (where status = 'live'), (select count(*) from lake_files where dataset = 'viewing')
         from lake_batches where dataset = 'viewing'",
    )
    .fetch_one(&app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_customer_file_lists_its_format_and_master_data_problems_in_one_answer() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed(&app).await;

    // An uploaded workbook.
    let answer = upload(&app, &token, "customerData", "客户数据.xlsx", customer(), &workbook(&rows_with_problems(), false)).await;
    let (status, message) = job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!((status.as_str(), message.as_str()), ("failed", refusal("Sheet1").as_str()));
    // The owner's message says the same.
    let content: String = sqlx::query_scalar("select content from messages order by id desc limit 1").fetch_one(&app.db).await.unwrap();
    assert_eq!(content, format!("「客户数据.xlsx」处理失败：{}", refusal("Sheet1")));

    // An uploaded csv: its one sheet is named by the file.
    let signed = sign(&app, &token, "customerData", "三月客户数据.csv", customer()).await.ok().clone();
    let answer = post(&app, &token, &signed, &key_in(&signed, "csv"), None, &csv(&rows_with_problems())).await;
    let (status, message) = job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!((status.as_str(), message.as_str()), ("failed", refusal("三月客户数据").as_str()));

    // The shell.
    let file = app.data_dir.join("shell.csv");
    std::fs::write(&file, csv(&rows_with_problems())).unwrap();
    let out = app.cli(&["import", "customer-data", file.to_str().unwrap(), "--category", "2", "--source", "3", "--ownership", "1"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains(&format!("shell.csv: 已拒绝\n{}\n", refusal("shell"))), "{stderr}");

    // Nothing of any of them was imported.
    assert_eq!(viewing_batches(&app).await, (0, 0));
    let list = app.send(Call::get("customerIndex", json!({ "limit": 10 })).token(&token)).await;
    assert_eq!(list.ok()["total"], 0);
}

/// Runs the shell's import of a csv of `rows` rows, each naming a channel of its own the master
/// data lacks and a GRP that does not read (two problems a row); answers what it said on
/// stderr and its peak resident memory in KiB.
async fn import_bad_rows(app: &TestApp, rows: u64) -> (String, u64) {
    let file = app.data_dir.join("all-bad.csv");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&file).unwrap());
    out.write_all("日期,频道,播出时间,时长,标题,受众,毛评点\n".as_bytes()).unwrap();
    for i in 0..rows {
        writeln!(out, "2026-03-{:02},台{i},20:15:00,15,版本,全国4+,高", 1 + i % 28).unwrap();
    }
    out.flush().unwrap();
    drop(out);
    let (out, err) = (app.data_dir.join("all-bad.out"), app.data_dir.join("all-bad.err"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_adeval"));
    cmd.args(["import", "customer-data", file.to_str().unwrap(), "--category", "2", "--source", "1", "--ownership", "1"]);
    for (k, v) in app.cli_env() {
        cmd.env(k, v);
    }
    let mut child = cmd.stdout(std::fs::File::create(&out).unwrap()).stderr(std::fs::File::create(&err).unwrap()).spawn().unwrap();
    let (status, peak) = crate::shell::peak_rss_kib(&mut child).await;
    assert!(!status.success());
    (std::fs::read_to_string(&err).unwrap(), peak)
}

#[tokio::test]
async fn a_million_bad_rows_are_counted_but_only_the_first_are_held_and_listed() {
    let app = spawn_app().await;
    seed(&app).await;
    // What the import takes anyway: a file of a thousand such rows.
    let (_, small) = import_bad_rows(&app, 1_000).await;

    // 1,000,000 rows, 2,000,000 problems.
    let (said, peak) = import_bad_rows(&app, 1_000_000).await;
    eprintln!("peak RSS {} MiB, {} MiB for a thousand rows", peak / 1024, small / 1024);

    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines[0], "all-bad.csv: 已拒绝");
    assert_eq!(lines[1], "未导入任何数据：1000000 行有错误（共 2000000 处），以下列出前 50 处");
    // The first 50 problems, those of rows 2 to 26, each row's in the order of its columns.
    assert_eq!(lines[2], "「all-bad」第 2 行「频道」“台0”：未知的频道，请先在系统设置中添加该媒体");
    assert_eq!(lines[3], "「all-bad」第 2 行「毛评点」“高”：毛评点须为 0 到 100000 之间的数字");
    assert_eq!(lines[50], "「all-bad」第 26 行「频道」“台24”：未知的频道，请先在系统设置中添加该媒体");
    assert_eq!(lines[51], "「all-bad」第 26 行「毛评点」“高”：毛评点须为 0 到 100000 之间的数字");
    assert_eq!(lines[52], "……另有 1999950 处未列出");
    // Two million problems held would take hundreds of MB more than a thousand do (and a
    // million unknown names remembered, some 370 MB); the first ones and the counts take next
    // to nothing.
    assert!(peak < small + 64 * 1024, "peak RSS {} MiB against {} MiB", peak / 1024, small / 1024);
    assert_eq!(viewing_batches(&app).await.0, 0);
}

#[tokio::test]
async fn a_ratings_file_lists_every_problem_of_every_line_in_one_answer() {
    let app = spawn_app().await;
    // Line 3 has no channel and a rating that does not read; line 4 has a field too many.
    let file = app.data_dir.join("收视率.csv");
    std::fs::write(
        &file,
        "channel,audience_group,ts,rating\n\
         测试卫视,全国4+,2026-03-01 19:30:00,1.2\n\
         ,全国4+,2026-03-01 19:31:00,abc\n\
         测试卫视,全国4+,2026-03-01 19:32:00,1.3,多余\n\
         测试卫视,全国4+,2026-03-01 19:33:00,1.4\n",
    )
    .unwrap();

    let out = app.cli(&["import", "ratings", file.to_str().unwrap()]);

    assert!(!out.status.success());
    let expected = [
        "收视率：已拒绝",
        "未导入任何数据：2 行有错误（共 3 处）",
        "「收视率.csv」第 3 行：channel 为空",
        "「收视率.csv」第 3 行：rating「abc」不是数字",
        "「收视率.csv」第 4 行：列数过多（应为 4 列）",
    ];
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with(&(expected.join("\n") + "\n")), "{stderr}");
    let live: i64 = sqlx::query_scalar("select count(*) from lake_batches where dataset = 'ratings' and status = 'live'").fetch_one(&app.db).await.unwrap();
    assert_eq!(live, 0);
}
