//! Customer data streamed from the shell: a csv of over a million rows imported in bounded
//! memory, a refused file leaving nothing, and Parquet imported as its csv would be.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use adeval_server::imports::customer::{ImportOptions, Origin, import_file_in_chunks};
use adeval_server::imports::{ImportError, Report};
use serde_json::json;

use crate::helpers::{Call, TestApp, spawn_app};

struct Quiet;

impl Report for Quiet {
    async fn stage(&self, _: i64, _: &str) {}
}

const HEADER: &str = "日期,频道,播出时间,时长,标题,节目,受众/城市组,毛评点,位置\n";

/// Data row `i`: three months of spots on the two seeded channels, one in ten past midnight.
fn line(i: usize) -> String {
    let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap() + chrono::Duration::days((i % 90) as i64);
    let (h, m, s) = if i % 10 == 9 { (25, i % 60, i / 60 % 60) } else { (19 + i % 3, i % 60, i / 60 % 60) };
    let channel = if i.is_multiple_of(2) { "测试卫视" } else { "测试二台" };
    format!("{day},{channel},{h:02}:{m:02}:{s:02},15,版本{},晚间新闻,全国4+,{}.{},{}/8\n", i % 7, i % 5, i % 10, i % 8 + 1)
}

/// A csv of `n` data rows; `replace` swaps the rows it names.
fn csv(path: &Path, n: usize, replace: &[(usize, &str)]) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    out.write_all(HEADER.as_bytes()).unwrap();
    for i in 0..n {
        match replace.iter().find(|(at, _)| *at == i) {
            Some((_, text)) => out.write_all(text.as_bytes()).unwrap(),
            None => out.write_all(line(i).as_bytes()).unwrap(),
        }
    }
    out.flush().unwrap();
}

fn opts() -> ImportOptions {
    ImportOptions { category: 2, source: 1, belonging_to: 1, audience_group: None }
}

/// Every file under the lake whose name is one of `batch`'s.
fn files_of(app: &TestApp, batch: i64) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![app.data_dir.join("lake")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().into_string().unwrap();
            if entry.path().is_dir() {
                dirs.push(entry.path());
            } else if name.trim_start_matches('.').starts_with(&format!("b{batch}-")) {
                found.push(entry.path());
            }
        }
    }
    found
}

/// The batch's live viewing files (its rollups live beside them under `viewing_daily`).
async fn live_files(app: &TestApp, batch: i64) -> Vec<String> {
    sqlx::query_scalar("select path from lake_files where batch_id = $1 and dataset = 'viewing' and live order by path")
        .bind(batch)
        .fetch_all(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_csv_of_over_a_million_rows_imports_from_the_shell_in_bounded_memory() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    crate::helpers::viewing::seed(&app).await;
    let rows: u64 = 1_000_001;
    let file = app.data_dir.join("million.csv");
    // The required columns only: the test is about size, and a debug build types every cell.
    let mut out = std::io::BufWriter::new(std::fs::File::create(&file).unwrap());
    out.write_all("日期,频道,播出时间,时长,标题,受众,毛评点\n".as_bytes()).unwrap();
    for i in 0..rows {
        let day = 1 + i % 28;
        let month = 3 + i % 3;
        let channel = if i.is_multiple_of(2) { "测试卫视" } else { "测试二台" };
        writeln!(out, "2026-{month:02}-{day:02},{channel},{:02}:{:02}:00,15,版本{},全国4+,{}", 19 + i % 8, i % 60, i % 7, i % 9).unwrap();
    }
    out.flush().unwrap();
    drop(out);

    let (out, err) = (app.data_dir.join("million.out"), app.data_dir.join("million.err"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_adeval"));
    cmd.args(["import", "customer-data", file.to_str().unwrap(), "--category", "2", "--source", "1", "--ownership", "1"]);
    cmd.args(["--chunk-rows", "100000"]);
    for (k, v) in app.cli_env() {
        cmd.env(k, v);
    }
    let started = std::time::Instant::now();
    let mut child = cmd.stdout(std::fs::File::create(&out).unwrap()).stderr(std::fs::File::create(&err).unwrap()).spawn().unwrap();
    let (status, peak) = crate::shell::peak_rss_kib(&mut child).await;
    let said = std::fs::read_to_string(&out).unwrap() + &std::fs::read_to_string(&err).unwrap();
    eprintln!("{rows} rows in {:.1} s, peak RSS {} MiB\n{said}", started.elapsed().as_secs_f64(), peak / 1024);

    assert!(status.success(), "{said}");
    assert!(said.contains(&format!("{rows} 行")) && said.contains("行/秒"), "{said}");
    let (batch, live): (i64, i64) = sqlx::query_as("select id, rows from lake_batches where status = 'live'").fetch_one(&app.db).await.unwrap();
    assert_eq!(live, rows as i64);
    // Ten chunks of 100,000 rows over three months: parts 0 to 10, each a file a month.
    let files = live_files(&app, batch).await;
    assert!(files.iter().any(|f| f.ends_with(&format!("b{batch}-10.parquet"))), "{files:?}");
    let total = app.send(Call::get("customerIndex", json!({"limit": 1})).token(&token)).await.ok()["total"].clone();
    assert_eq!(total, rows);
    // Holding the file's rows would take well over a gigabyte; a chunk of them takes far less.
    assert!(peak > 0 && peak < 400 * 1024, "peak RSS {} MiB", peak / 1024);
}

#[tokio::test]
async fn a_refused_file_leaves_no_files_and_no_live_batch() {
    let app = spawn_app().await;
    crate::helpers::viewing::seed(&app).await;
    let origin = Origin { cli: true, ..Origin::default() };
    let unknown = "2026-05-01,别的台,20:00:00,15,版本,晚间新闻,全国4+,1,1/8\n";
    let bad_date = "2026-02-30,测试卫视,20:00:00,15,版本,晚间新闻,全国4+,1,1/8\n";
    // An unknown channel, found after four chunks were written; then a bad cell as well,
    // listed with it in row order.
    for (case, replace, says) in [
        ("unknown", vec![(4_500, unknown)], vec!["未导入任何数据：1 行有错误（共 1 处）\n", "第 4502 行「频道」“别的台”"]),
        (
            "both",
            vec![(4_500, unknown), (4_800, bad_date)],
            vec!["未导入任何数据：2 行有错误（共 2 处）\n", "第 4502 行「频道」“别的台”", "第 4802 行「日期」“2026-02-30”"],
        ),
    ] {
        let file = app.data_dir.join(format!("{case}.csv"));
        csv(&file, 5_000, &replace);

        let refused = import_file_in_chunks(&app.state.db, &app.state.reads.lake, &file, &opts(), &origin, &Quiet, 1_000).await;

        let Err(ImportError::Refused(text)) = refused else { panic!("{case}: {refused:?}") };
        for say in says {
            assert!(text.contains(say), "{case}: {text}");
        }
        let (batch, status): (i64, String) =
            sqlx::query_as("select id, status from lake_batches order by id desc limit 1").fetch_one(&app.db).await.unwrap();
        assert_eq!(status, "failed", "{case}");
        assert!(files_of(&app, batch).is_empty(), "{case}: {:?}", files_of(&app, batch));
        assert!(live_files(&app, batch).await.is_empty());
    }
    let live: i64 = sqlx::query_scalar("select count(*) from lake_batches where status <> 'failed'").fetch_one(&app.db).await.unwrap();
    assert_eq!(live, 0);
}

#[tokio::test]
async fn a_parquet_file_imports_as_the_csv_of_the_same_rows() {
    let app = spawn_app().await;
    crate::helpers::viewing::seed(&app).await;
    let origin = Origin { cli: true, ..Origin::default() };
    let text = app.data_dir.join("same.csv");
    csv(&text, 3_000, &[]);
    // The same rows with native types: a date, the air time as a timestamp (past midnight on
    // the next calendar day), whole seconds and GRP as numbers.
    let parquet = app.data_dir.join("same.parquet");
    let conn = duckdb::Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "copy (select 日期::date as 日期, 频道 as channel, 日期::date + 播出时间::interval as airtime, 时长::integer as 时长,
                     标题, 节目, \"受众/城市组\" as 受众, 毛评点::double as grp, 位置
              from read_csv('{}', all_varchar = true))
         to '{}' (format parquet, row_group_size 700)",
        text.display(),
        parquet.display()
    ))
    .unwrap();

    let from_csv = import_file_in_chunks(&app.state.db, &app.state.reads.lake, &text, &opts(), &origin, &Quiet, 1_000).await.unwrap();
    let from_parquet = import_file_in_chunks(&app.state.db, &app.state.reads.lake, &parquet, &opts(), &origin, &Quiet, 800).await.unwrap();

    assert_eq!((from_csv.rows, from_parquet.rows), (3_000, 3_000));
    let lake = app.data_dir.join("lake");
    let list = |files: Vec<String>| files.iter().map(|f| format!("'{}'", lake.join(f).display())).collect::<Vec<_>>().join(", ");
    let (a, b) = (list(live_files(&app, from_csv.batch_id).await), list(live_files(&app, from_parquet.batch_id).await));
    // Row ids are row_id(batch, n) in file order in both, so the rows pair up by n.
    let differing: i64 = conn
        .query_row(
            &format!(
                "with a as (select id & 4294967295 as n, * exclude (id, batch_id, created_at) from read_parquet([{a}])),
                      b as (select id & 4294967295 as n, * exclude (id, batch_id, created_at) from read_parquet([{b}]))
                 select (select count(*) from (select * from a except select * from b))
                      + (select count(*) from (select * from b except select * from a))
                      + (select count(*) - count(distinct n) - 3000 + max(n) + 1 from a)"
            ),
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(differing, 0);
}
