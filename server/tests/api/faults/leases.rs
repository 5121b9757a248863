//! Job leases against Postgres: a run that lost its job commits nothing, a held lease keeps its
//! job, and a process that loses its lease stops and finishes the job once under a new one.

use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::PgPool;

use crate::helpers::uploads::job;
use crate::helpers::{TestApp, spawn_app_with};

// Losing a job: a run whose job was taken over (its lease was lost and another worker claimed
// the job) must not publish its rows; a job whose lease is held is never claimed again.

/// A queued customer-data job, claimed by `worker` under lease `lease`.
async fn claimed_job(app: &TestApp, worker: &str, lease: i32) -> adeval_server::jobs::Job {
    let mut conn = app.db.acquire().await.unwrap();
    let id = adeval_server::jobs::enqueue(&mut conn, "customerData", None, None, &json!({})).await.unwrap();
    let job = adeval_server::jobs::claim(&app.state.db, worker, lease).await.unwrap().expect("the queued job is claimed");
    assert_eq!(job.id, id);
    job
}

/// What happens to the job while its run writes the rows, just before the commit.
#[derive(Clone, Copy, Debug)]
enum Meanwhile {
    Nothing,
    /// Another worker claims the job, as a claim after a lost lease does.
    TakenOver,
    /// The run still holds the job, but its batch was closed (failed) under it.
    BatchClosed,
}

struct Interferer {
    db: PgPool,
    job: i64,
    meanwhile: Meanwhile,
}

impl adeval_server::imports::Report for Interferer {
    async fn stage(&self, percent: i64, _text: &str) {
        // Stage 60: the rows are resolved and about to be written and committed.
        if percent != 60 {
            return;
        }
        let sql = match self.meanwhile {
            Meanwhile::Nothing => return,
            Meanwhile::TakenOver => "update jobs set locked_by = 'host:2:99:0', lease = 99, attempts = attempts + 1 where id = $1",
            Meanwhile::BatchClosed => "update lake_batches set status = 'failed' where job_id = $1 and status = 'writing'",
        };
        sqlx::query(sql).bind(self.job).execute(&self.db).await.unwrap();
    }
}

#[tokio::test]
async fn a_run_whose_job_was_taken_over_or_whose_batch_was_closed_commits_nothing() {
    use adeval_server::imports::customer::{ImportOptions, Origin, import_file};
    let app = spawn_app_with(0).await;
    crate::helpers::viewing::seed(&app).await;
    for meanwhile in [Meanwhile::Nothing, Meanwhile::TakenOver, Meanwhile::BatchClosed] {
        let job = claimed_job(&app, "host:1:7:0", 7).await;
        let path = app.data_dir.join(format!("{meanwhile:?}.xlsx"));
        std::fs::write(&path, crate::helpers::viewing::workbook(&crate::helpers::viewing::spots(40, &format!("{meanwhile:?}")), false)).unwrap();
        let opts = ImportOptions { category: 2, source: 1, belonging_to: 1, audience_group: None };
        let origin = Origin { job_id: Some(job.id), worker: Some(job.locked_by.clone()), ..Origin::default() };
        let interferer = Interferer { db: app.db.clone(), job: job.id, meanwhile };
        let imported = import_file(&app.state.db, &app.state.reads.lake, &path, &opts, &origin, &interferer).await;

        let live: Vec<i64> = sqlx::query_scalar("select rows from lake_batches where job_id = $1 and status = 'live'")
            .bind(job.id)
            .fetch_all(&app.db)
            .await
            .unwrap();
        let live_files: i64 = sqlx::query_scalar("select count(*) from lake_files f join lake_batches b on b.id = f.batch_id where b.job_id = $1 and f.live")
            .bind(job.id)
            .fetch_one(&app.db)
            .await
            .unwrap();
        match meanwhile {
            Meanwhile::Nothing => {
                assert_eq!(imported.expect("the run that holds its job commits").rows, 40);
                assert_eq!(live, vec![40]);
                assert!(live_files > 0);
            }
            Meanwhile::TakenOver | Meanwhile::BatchClosed => {
                assert!(imported.is_err(), "{meanwhile:?}: the run committed");
                assert!(live.is_empty(), "{meanwhile:?}: a batch of the lost run is live");
                assert_eq!(live_files, 0, "{meanwhile:?}: files of the lost run are live");
            }
        }
        // Whoever holds the job ends it, so the next round claims a job of its own.
        sqlx::query("update jobs set status = 'done' where id = $1").bind(job.id).execute(&app.db).await.unwrap();
    }
    // Only the first file's rows are visible.
    let snapshot = adeval_server::lake::snapshot(&app.db, adeval_engine::Dataset::Viewing).await.unwrap();
    let visible: i64 = sqlx::query_scalar("select coalesce(sum(rows), 0)::bigint from lake_files where dataset = 'viewing' and live").fetch_one(&app.db).await.unwrap();
    assert!(!snapshot.files.is_empty());
    assert_eq!(visible, 40);
}

#[tokio::test]
async fn a_running_job_whose_lease_is_held_is_not_claimed_again_however_old_its_heartbeat() {
    let app = spawn_app_with(0).await;
    let lease = 4242;
    // The lease of a live process: the advisory lock, held on a connection of its own.
    let mut holder = <sqlx::PgConnection as sqlx::Connection>::connect(&app.state.config.database_url).await.unwrap();
    sqlx::query("select pg_advisory_lock($1, $2)").bind(adeval_server::jobs::LEASE_CLASS).bind(lease).execute(&mut holder).await.unwrap();
    let job = claimed_job(&app, "host:1:4242:0", lease).await;
    // Its beats stopped long ago (Postgres was away, the process was busy): still its job.
    sqlx::query("update jobs set heartbeat_at = now() - interval '1 hour' where id = $1").bind(job.id).execute(&app.db).await.unwrap();
    let other = adeval_server::jobs::claim(&app.state.db, "host:2:77:0", 77).await.unwrap();
    assert!(other.is_none(), "a job whose lease is held was claimed again: {other:?}");

    // The process is gone: its lease is free and the job is claimed at once.
    sqlx::Connection::close(holder).await.unwrap();
    let started = Instant::now();
    let again = loop {
        if let Some(job) = adeval_server::jobs::claim(&app.state.db, "host:2:77:0", 77).await.unwrap() {
            break job;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the job of a released lease was not claimed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!((again.id, again.attempts), (job.id, 2));
}

#[tokio::test]
async fn a_job_at_its_last_attempt_whose_rows_are_already_live_ends_done_not_failed() {
    let app = spawn_app_with(0).await;
    let mut conn = app.db.acquire().await.unwrap();
    let id = adeval_server::jobs::enqueue(&mut conn, "customerData", None, None, &json!({})).await.unwrap();
    drop(conn);
    // Killed on its last attempt right after the commit: its batch is live, the job running.
    sqlx::query("update jobs set attempts = $2 where id = $1").bind(id).bind(adeval_server::jobs::MAX_ATTEMPTS).execute(&app.db).await.unwrap();
    sqlx::query("insert into lake_batches (dataset, job_id, status, rows, committed_at) values ('viewing', $1, 'live', 17, now())")
        .bind(id)
        .execute(&app.db)
        .await
        .unwrap();
    let claimed = adeval_server::jobs::claim(&app.state.db, "host:1:5:0", 5).await.unwrap().expect("claimed");
    assert!(claimed.attempts > adeval_server::jobs::MAX_ATTEMPTS);
    adeval_server::jobs::run(&app.state.services(), claimed).await;
    let (status, _, message) = job(&app.db, id).await;
    assert_eq!(status, "done", "{message}");
    assert!(message.contains("17"), "{message}");
}

#[tokio::test]
async fn the_job_lease_migration_applies_over_duplicate_live_batches_of_one_job_and_keeps_the_first() {
    let app = spawn_app_with(0).await;
    // The state the old bug left: the index is not there, one job has three live batches.
    sqlx::query("drop index lake_batches_job_live_idx").execute(&app.db).await.unwrap();
    let mut conn = app.db.acquire().await.unwrap();
    let job = adeval_server::jobs::enqueue(&mut conn, "customerData", None, None, &json!({})).await.unwrap();
    let other = adeval_server::jobs::enqueue(&mut conn, "customerData", None, None, &json!({})).await.unwrap();
    drop(conn);
    let mut batches = Vec::new();
    for (of, rows) in [(job, 3_i64), (job, 3), (other, 2), (job, 3)] {
        let id: i64 = sqlx::query_scalar("insert into lake_batches (dataset, job_id, status, rows, committed_at) values ('viewing', $1, 'live', $2, now()) returning id")
            .bind(of)
            .bind(rows)
            .fetch_one(&app.db)
            .await
            .unwrap();
        sqlx::query("insert into lake_files (batch_id, dataset, path, month, rows, bytes, live) values ($1, 'viewing', $2, '2026-03', $3, 100, true)")
            .bind(id)
            .bind(format!("viewing/month=2026-03/b{id}-0.parquet"))
            .bind(rows)
            .execute(&app.db)
            .await
            .unwrap();
        batches.push(id);
    }

    sqlx::raw_sql(include_str!("../../../migrations/20261125150001_job_leases.sql")).execute(&app.db).await.expect("the migration applies");

    let statuses: Vec<(i64, String)> = sqlx::query_as("select id, status from lake_batches order by id").fetch_all(&app.db).await.unwrap();
    let expected = vec![
        (batches[0], "live".to_owned()),
        (batches[1], "failed".to_owned()),
        (batches[2], "live".to_owned()),
        (batches[3], "failed".to_owned()),
    ];
    assert_eq!(statuses, expected);
    let snapshot = adeval_server::lake::snapshot(&app.db, adeval_engine::Dataset::Viewing).await.unwrap();
    let kept: Vec<String> = [batches[0], batches[2]].iter().map(|b| format!("viewing/month=2026-03/b{b}-0.parquet")).collect();
    assert_eq!(snapshot.files, kept);
    // The retired batches' rows are deleted by id too (compaction may have copied them on).
    let retired: Vec<i64> = [batches[1], batches[3]].iter().flat_map(|&b| (0..3).map(move |n| adeval_server::lake::row_id(b, n))).collect();
    let mut deleted = snapshot.deleted.clone();
    deleted.sort_unstable();
    assert_eq!(deleted, retired);
    // And the index holds from now on.
    let twice = sqlx::query("update lake_batches set status = 'live' where id = $1").bind(batches[1]).execute(&app.db).await;
    assert!(twice.is_err(), "a second live batch of the job was accepted");
}

/// The lease this database's job workers hold now: its key and the backend holding it.
async fn held_lease(db: &PgPool) -> Option<(i32, i32)> {
    sqlx::query_as(
        "select objid::text::int, pid from pg_locks
         where locktype = 'advisory' and granted and classid = $1::oid and objsubid = 2
           and database = (select oid from pg_database where datname = current_database())",
    )
    .bind(adeval_server::jobs::LEASE_CLASS)
    .fetch_optional(db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_process_that_loses_its_lease_stops_its_job_and_finishes_it_once_under_a_new_lease() {
    let app = spawn_app_with(0).await;
    crate::helpers::viewing::seed(&app).await;
    let server = app.another(1).await;
    let started = Instant::now();
    let (first_key, first_pid) = loop {
        if let Some(lease) = held_lease(&app.db).await {
            break lease;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the worker took no lease");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let token = server.admin_token().await;
    let bytes = crate::helpers::viewing::workbook(&crate::helpers::viewing::spots(5_000, "失去租约"), false);
    let answer = crate::helpers::uploads::upload(&server, &token, "customerData", "失去租约.xlsx", crate::helpers::uploads::customer(), &bytes).await;
    let id = answer.ok()["jobId"].as_i64().unwrap();

    // Hold the running job where it is: each of its steps writes its row, and blocks on this lock.
    let mut hold = app.db.begin().await.unwrap();
    let started = Instant::now();
    loop {
        let status: String = sqlx::query_scalar("select status from jobs where id = $1 for update").bind(id).fetch_one(&mut *hold).await.unwrap();
        if status == "running" {
            break;
        }
        assert_eq!(status, "queued");
        assert!(started.elapsed() < Duration::from_secs(10), "the job was not claimed");
        hold.rollback().await.unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
        hold = app.db.begin().await.unwrap();
    }
    // The lease's connection ends under the process (as on a network blip or a Postgres restart).
    sqlx::query("select pg_terminate_backend($1)").bind(first_pid).execute(&app.db).await.unwrap();
    let started = Instant::now();
    // The terminated backend may still be listed holding its lock for a moment while it exits:
    // the new lease is the one held by another backend.
    let second_key = loop {
        if let Some((key, pid)) = held_lease(&app.db).await
            && pid != first_pid
        {
            break key;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the worker took no new lease");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_ne!(second_key, first_key, "the lease was taken again under its old key: the lost run's jobs would look alive");
    hold.commit().await.unwrap();

    let (status, message) = crate::helpers::uploads::job_end(&server, id).await;
    assert_eq!(status, "done", "{message}");
    let (attempts, locked_by): (i32, String) = sqlx::query_as("select attempts, locked_by from jobs where id = $1").bind(id).fetch_one(&app.db).await.unwrap();
    assert_eq!(attempts, 2, "the run under the lost lease was not stopped and claimed again");
    assert!(locked_by.contains(&format!(":{second_key}:")), "{locked_by}");
    let live: Vec<i64> = sqlx::query_scalar("select rows from lake_batches where job_id = $1 and status = 'live'").bind(id).fetch_all(&app.db).await.unwrap();
    assert_eq!(live, vec![5_000]);
}
