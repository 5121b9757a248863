//! SIGKILL in the middle of a 30,000-row customer import: the job finishes after the restart
//! with every row exactly once.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::PgPool;

use crate::helpers::process::Server;
use crate::helpers::uploads::job;
use crate::helpers::{Call, TestApp, spawn_app_with};

const ROWS: i64 = 30_000;

/// Where in the import the process dies.
#[derive(Clone, Copy, Debug)]
enum KillAt {
    /// As soon as a worker has claimed the job (reading the workbook).
    Claimed,
    /// While the rows are being written to the lake.
    Writing,
    /// After the rows are committed, before the job is marked done (a fault point holds it).
    Committed,
}

/// Waits until the job is where the kill should land; panics if it ended first.
async fn wait_for(server: &Server, db: &PgPool, id: i64, at: KillAt) {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(120) {
        let (status, progress, message) = job(db, id).await;
        assert!(status == "queued" || status == "running", "the job ended ({status}: {message}) before the kill at {at:?}");
        let there = match at {
            KillAt::Claimed => status == "running",
            KillAt::Writing => status == "running" && progress >= 60,
            KillAt::Committed => server.log().contains("fault point reached: customer-batch-committed"),
        };
        if there {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the job never reached {at:?}:\n{}", server.log());
}

#[tokio::test]
async fn a_customer_import_killed_with_sigkill_finishes_after_the_restart_with_every_row_exactly_once() {
    let app: TestApp = spawn_app_with(0).await;
    crate::helpers::viewing::seed(&app).await;
    let logs = app.data_dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    let env = app.cli_env();
    let mut imported = 0;
    for at in [KillAt::Claimed, KillAt::Writing, KillAt::Committed] {
        // A workbook of its own each time: the same file twice is refused as a duplicate.
        let bytes = crate::helpers::viewing::workbook(&crate::helpers::viewing::spots(ROWS as usize, &format!("断电{at:?}")), false);
        let fault = matches!(at, KillAt::Committed).then_some(adeval_server::jobs::fault::CUSTOMER_BATCH_COMMITTED);
        let mut server = Server::start(&env, &logs, fault).await;
        let token = server.token().await;
        let id = server.upload(&token, &format!("{at:?}.xlsx"), &bytes).await;
        wait_for(&server, &app.db, id, at).await;
        server.kill9();
        let (status, _, _) = job(&app.db, id).await;
        assert_eq!(status, "running", "the kill at {at:?} did not land on a running job");

        let restarted = Instant::now();
        let server = Server::start(&env, &logs, None).await;
        let ended = loop {
            let (status, _, message) = job(&app.db, id).await;
            if status == "done" || status == "failed" {
                break (status, message);
            }
            assert!(
                restarted.elapsed() < Duration::from_secs(45),
                "the job killed at {at:?} did not end within 45 s of the restart:\n{}",
                server.log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(ended.0, "done", "killed at {at:?}: {}", ended.1);
        imported += ROWS;

        let token = server.token().await;
        let total = server.send(Call::get("customerIndex", json!({})).token(&token)).await.ok()["total"].as_i64().unwrap();
        assert_eq!(total, imported, "killed at {at:?}: the rows are not there exactly once");
        let live: Vec<i64> = sqlx::query_scalar("select rows from lake_batches where job_id = $1 and status = 'live'")
            .bind(id)
            .fetch_all(&app.db)
            .await
            .unwrap();
        assert_eq!(live, vec![ROWS], "killed at {at:?}: live batches of the job");
        let writing: i64 = sqlx::query_scalar("select count(*) from lake_batches where job_id = $1 and status = 'writing'")
            .bind(id)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(writing, 0, "killed at {at:?}: the dead run's batch was left writing");
        // No file of a failed batch stays in the lake.
        let failed: Vec<i64> = sqlx::query_scalar("select id from lake_batches where job_id = $1 and status = 'failed'")
            .bind(id)
            .fetch_all(&app.db)
            .await
            .unwrap();
        let left: Vec<PathBuf> = walk(&app.data_dir.join("lake"))
            .into_iter()
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                failed.iter().any(|b| name.contains(&format!("b{b}-")))
            })
            .collect();
        assert!(left.is_empty(), "killed at {at:?}: files of the dead run remain: {left:?}");
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return vec![] };
    entries.flatten().flat_map(|e| if e.path().is_dir() { walk(&e.path()) } else { vec![e.path()] }).collect()
}
