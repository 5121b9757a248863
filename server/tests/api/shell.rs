//! The shell: rating series import, read-only analyst queries, compaction, and a customer
//! import killed half-way leaving nothing visible.

use std::process::Command;
use std::time::Duration;

use serde_json::json;

use crate::helpers::{Call, spawn_app};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn ratings_csv(bad_line: Option<usize>) -> String {
    let mut out = String::from("channel,audience_group,ts,rating\n");
    let mut line = 1;
    for channel in ["测试卫视", "测试二台", "测试三台"] {
        for group in ["全国4+", "一线城市"] {
            for minute in 0..60 {
                line += 1;
                let rating = if Some(line) == bad_line { "abc".to_owned() } else { format!("{:.4}", (minute as f64) / 100.0) };
                out.push_str(&format!("{channel},{group},2026-03-01 19:{minute:02}:00,{rating}\n"));
            }
        }
    }
    out
}

#[tokio::test]
async fn ratings_import_from_the_shell_and_analysts_query_them() {
    let app = spawn_app().await;
    let dir = app.data_dir.join("shell");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("ratings.csv");
    std::fs::write(&good, ratings_csv(None)).unwrap();
    let out = app.cli(&["import", "ratings", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}\n{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).contains("360 行"), "{}", text(&out.stdout));

    let query = |sql: &str, format: &str| app.cli(&["query", sql, "--format", format]);
    let out = query("select channel, count(*) as n from ratings group by channel order by channel", "csv");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    assert!(csv.starts_with("channel,n\n"), "{csv}");
    assert_eq!(csv.lines().count(), 4, "{csv}");
    assert!(csv.lines().all(|l| l == "channel,n" || l.ends_with(",120")), "{csv}");
    let out = query("select sum(n) as n from ratings_daily", "table");
    assert!(text(&out.stdout).contains("360"), "{}", text(&out.stdout));
    let parquet = dir.join("out.parquet");
    let out = app.cli(&["query", "select * from ratings", "--format", "parquet", "--output", parquet.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read(&parquet).unwrap().starts_with(b"PAR1"));

    // Only one SELECT passes.
    for bad in ["delete from ratings", "select 1; select 2", "copy ratings to '/tmp/x.csv'"] {
        let out = query(bad, "table");
        assert!(!out.status.success(), "{bad} ran");
        assert!(text(&out.stderr).contains("SELECT") || text(&out.stderr).contains("SQL"), "{}", text(&out.stderr));
    }

    // A bad line refuses the whole file, naming the line; nothing of it becomes visible.
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, ratings_csv(Some(7))).unwrap();
    let out = app.cli(&["import", "ratings", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains('7'), "{}", text(&out.stderr));
    let out = query("select count(*) as n from ratings", "csv");
    assert_eq!(text(&out.stdout), "n\n360\n");
}

#[tokio::test]
async fn compaction_rewrites_files_without_the_deleted_rows() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    crate::helpers::viewing::seed(&app).await;
    // Two imports of March: two files in one month.
    for (n, tag) in [(40, "甲"), (30, "乙")] {
        let bytes = crate::helpers::viewing::workbook(&crate::helpers::viewing::spots(n, tag), false);
        let answer = crate::helpers::uploads::upload(&app, &token, "customerData", &format!("{tag}.xlsx"), crate::helpers::uploads::customer(), &bytes).await;
        let (status, message) = crate::helpers::uploads::job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
        assert_eq!(status, "done", "{message}");
    }
    let list = |limit: i64| app.send(Call::get("customerIndex", json!({"limit": limit})).token(&token));
    let before = list(1000).await.ok().clone();
    let ids: Vec<i64> = before["data"].as_array().unwrap()[..5].iter().map(|r| r["id"].as_i64().unwrap()).collect();
    let joined = ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
    app.send(Call::post("customerDel", json!({"ids": joined})).token(&token)).await.ok();
    let after_delete = list(1000).await.ok().clone();
    assert_eq!(after_delete["total"], 65);
    let old_files: Vec<String> = sqlx::query_scalar("select path from lake_files where live").fetch_all(&app.db).await.unwrap();
    let old_snapshot = adeval_server::lake::snapshot(&app.db, adeval_engine::Dataset::Viewing).await.unwrap();

    let rewritten = adeval_server::lake::compact(&app.state.db, &app.state.reads.lake, adeval_engine::Dataset::Viewing).await.unwrap();
    assert!(rewritten >= 2, "{rewritten}");
    let after = list(1000).await.ok().clone();
    assert_eq!(after["total"], 65);
    assert_eq!(after["data"], after_delete["data"], "compaction changed the rows");
    let live: Vec<String> = sqlx::query_scalar("select path from lake_files where live").fetch_all(&app.db).await.unwrap();
    assert!(live.iter().all(|p| !old_files.contains(p)));
    // A read that took its snapshot before the compaction still finds its files; they go with
    // housekeeping's sweep once retired longer than it keeps them.
    assert_eq!(app.state.reads.lake.count_rows(&old_snapshot).unwrap(), 65, "the old snapshot's read failed");
    let on_disk = || old_files.iter().filter(|p| app.data_dir.join("lake").join(p).exists()).count();
    assert_eq!(on_disk(), old_files.len(), "removed at once");
    adeval_server::lake::sweep_retired(&app.db, &app.state.reads.lake, adeval_server::lake::RETIRED_KEPT).await.unwrap();
    assert_eq!(on_disk(), old_files.len(), "removed before their time");
    adeval_server::lake::sweep_retired(&app.db, &app.state.reads.lake, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(on_disk(), 0, "left on disk past their time");
}

#[tokio::test]
async fn a_shell_import_killed_half_way_leaves_nothing_visible_and_is_cleared_a_day_on() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    crate::helpers::viewing::seed(&app).await;
    let file = app.data_dir.join("big.xlsx");
    std::fs::write(&file, crate::helpers::viewing::workbook(&crate::helpers::viewing::spots(40_000, "大"), false)).unwrap();
    for wait in [300, 1500, 4000] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_adeval"));
        cmd.args(["import", "customer-data", file.to_str().unwrap(), "--category", "2", "--source", "1", "--ownership", "1"]);
        for (k, v) in app.cli_env() {
            cmd.env(k, v);
        }
        let mut child = cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn().unwrap();
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let _ = child.kill();
        let _ = child.wait();
        // Whatever the moment, either the whole batch is visible or none of it.
        let total = app.send(Call::get("customerIndex", json!({})).token(&token)).await.ok()["total"].as_i64().unwrap();
        assert!(total % 40_000 == 0, "a killed import left {total} rows visible");
        let partial: i64 = sqlx::query_scalar(
            "select count(*) from lake_batches b where b.status = 'live'
               and b.rows <> (select coalesce(sum(rows), 0) from lake_files f where f.batch_id = b.id and f.dataset = 'viewing' and f.live)",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(partial, 0);
    }

    // The killed imports left batches `writing` and, maybe, their files. A day on, the
    // housekeeping closes those batches and removes their files; live batches are untouched.
    let total = app.send(Call::get("customerIndex", json!({})).token(&token)).await.ok()["total"].clone();
    // Whether a kill caught a write is a matter of timing, so one more dead import is made
    // for sure: a batch left `writing` with a published file and a half-written one.
    let info = adeval_server::lake::BatchInfo {
        dataset: adeval_engine::Dataset::Viewing,
        origin: "cli",
        file_id: None,
        job_id: None,
        admin_id: None,
        category: Some(2),
        source: Some(1),
        belonging_to: Some(1),
    };
    let made = adeval_server::lake::begin_batch(&app.db, &info).await.unwrap();
    let lake = app.data_dir.join("lake");
    let month = lake.join("viewing/month=2026-03");
    std::fs::create_dir_all(&month).unwrap();
    std::fs::write(month.join(format!("b{made}-0.parquet")), b"never listed").unwrap();
    std::fs::write(month.join(format!(".b{made}-0.parquet.tmp")), b"half").unwrap();
    let dead: Vec<i64> = sqlx::query_scalar("select id from lake_batches where status = 'writing' order by id")
        .fetch_all(&app.db)
        .await
        .unwrap();
    assert!(dead.contains(&made));
    let age = adeval_server::storage::purge::BATCH_ABANDONED_AFTER;
    assert_eq!(adeval_server::lake::abandoned_batches(&app.state.db, &app.state.reads.lake, age).await.unwrap(), 0, "a young batch was closed");
    sqlx::query("update lake_batches set created_at = now() - interval '25 hours' where status = 'writing'")
        .execute(&app.db)
        .await
        .unwrap();

    let closed = adeval_server::lake::abandoned_batches(&app.state.db, &app.state.reads.lake, age).await.unwrap();

    assert_eq!(closed, dead.len() as u64);
    let still: i64 = sqlx::query_scalar("select count(*) from lake_batches where status = 'writing'")
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(still, 0);
    let mut left = Vec::new();
    let mut dirs = vec![lake.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().into_string().unwrap();
            if entry.path().is_dir() {
                dirs.push(entry.path());
            } else if dead.iter().any(|id| name.contains(&format!("b{id}-0.parquet"))) {
                left.push(entry.path());
            }
        }
    }
    assert!(left.is_empty(), "files of dead batches remain: {left:?}");
    let after = app.send(Call::get("customerIndex", json!({})).token(&token)).await.ok()["total"].clone();
    assert_eq!(after, total, "the sweep changed the visible rows");
}

/// A hostile workbook: one 32,000-character shared string that the text cells of
/// 16,000 rows all show, named by `entries` `<sheet>` entries.
fn shared_string_bomb(entries: usize) -> Vec<u8> {
    use std::io::Write;
    const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    const RELS: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    let rel = |id: &str, kind: &str, target: &str| format!(r#"<Relationship Id="{id}" Type="{RELS}/{kind}" Target="{target}"/>"#);
    let mut sheet = format!(r#"<worksheet xmlns="{MAIN}"><sheetData><row r="1">"#);
    for (c, h) in ["日期", "频道", "播出时间", "时长", "标题", "受众/城市组", "毛评点"].iter().enumerate() {
        sheet.push_str(&format!(r#"<c r="{}1" t="inlineStr"><is><t>{h}</t></is></c>"#, (b'A' + c as u8) as char));
    }
    sheet.push_str("</row>");
    for r in 2..=16_001 {
        sheet.push_str(&format!(
            r#"<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>2026-03-01</t></is></c><c r="B{r}" t="s"><v>0</v></c><c r="C{r}" t="inlineStr"><is><t>20:15</t></is></c><c r="D{r}"><v>15</v></c><c r="E{r}" t="s"><v>0</v></c><c r="F{r}" t="s"><v>0</v></c><c r="G{r}"><v>1</v></c></row>"#
        ));
    }
    sheet.push_str("</sheetData></worksheet>");
    let sheets: String = (0..entries).map(|i| format!(r#"<sheet name="S{i}" sheetId="{}" r:id="rId1"/>"#, i + 1)).collect();
    let parts = [
        ("_rels/.rels", format!(r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}</Relationships>"#, rel("rId1", "officeDocument", "xl/workbook.xml"))),
        ("xl/workbook.xml", format!(r#"<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets>{sheets}</sheets></workbook>"#)),
        (
            "xl/_rels/workbook.xml.rels",
            format!(
                r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}{}</Relationships>"#,
                rel("rId1", "worksheet", "worksheets/sheet1.xml"),
                rel("rId2", "sharedStrings", "sharedStrings.xml")
            ),
        ),
        ("xl/sharedStrings.xml", format!(r#"<sst xmlns="{MAIN}" count="1" uniqueCount="1"><si><t>{}</t></si></sst>"#, "x".repeat(32_000))),
        ("xl/worksheets/sheet1.xml", sheet),
    ];
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, xml) in parts {
        zip.start_file(name, options).unwrap();
        zip.write_all(xml.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// The peak resident memory (VmHWM, in KiB) of a running child, polled until it exits.
pub(crate) async fn peak_rss_kib(child: &mut std::process::Child) -> (std::process::ExitStatus, u64) {
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_file)
            && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:"))
        {
            let kib = line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0);
            peak = peak.max(kib);
        }
        if let Some(exit) = child.try_wait().unwrap() {
            return (exit, peak);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_shared_string_bomb_is_refused_by_the_shell_import_in_under_400_mb() {
    let app = spawn_app().await;
    for (entries, reason) in [(1, "单元格文字总量超过上限"), (4, "指向同一份工作表数据")] {
        let file = app.data_dir.join(format!("bomb{entries}.xlsx"));
        std::fs::write(&file, shared_string_bomb(entries)).unwrap();
        let (out, err) = (app.data_dir.join("bomb.out"), app.data_dir.join("bomb.err"));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_adeval"));
        cmd.args(["import", "customer-data", file.to_str().unwrap(), "--category", "2", "--source", "1", "--ownership", "1"]);
        for (k, v) in app.cli_env() {
            cmd.env(k, v);
        }
        let mut child = cmd
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(std::fs::File::create(&err).unwrap())
            .spawn()
            .unwrap();
        let (status, peak) = peak_rss_kib(&mut child).await;
        let said = std::fs::read_to_string(&out).unwrap() + &std::fs::read_to_string(&err).unwrap();
        eprintln!("{entries} entries: peak RSS {} MiB", peak / 1024);
        assert!(!status.success(), "{entries} entries: imported\n{said}");
        assert!(said.contains(reason), "{entries} entries:\n{said}");
        assert!(peak > 0 && peak < 400 * 1024, "{entries} entries: peak RSS {peak} KiB");
    }
}
