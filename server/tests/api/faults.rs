//! Faults against the real `adeval serve` process: SIGKILL in the middle of a 30,000-row
//! customer import, and Postgres restarted under a running server.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{ADMIN_PASSWORD, Answer, Call, TempDir, TestApp, spawn_app_with};

const ROWS: i64 = 30_000;

/// A free port on the loopback address.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One `adeval serve` process, its stderr kept in a file.
struct Server {
    child: Child,
    base: String,
    stderr: PathBuf,
}

impl Server {
    async fn start(env: &[(&'static str, String)], log_dir: &Path, fault: Option<&str>) -> Server {
        let port = free_port();
        let stderr = log_dir.join(format!("serve-{port}.log"));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_adeval"));
        cmd.arg("serve");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.env("ADEVAL_ADDR", format!("127.0.0.1:{port}"))
            .env("ADEVAL_WORKERS", "2")
            .env("ADEVAL_DEMO", "0")
            .env("ADEVAL_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("RUST_LOG", "info")
            .env_remove("ADEVAL_FAULT");
        if let Some(point) = fault {
            cmd.env("ADEVAL_FAULT", point);
        }
        let child = cmd
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        let mut server = Server { child, base: format!("http://127.0.0.1:{port}"), stderr };
        server.ready().await;
        server
    }

    async fn ready(&mut self) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!("adeval serve exited ({status}):\n{}", self.log());
            }
            if let Ok(answer) = reqwest::get(format!("{}/healthz", self.base)).await
                && answer.status().is_success()
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("adeval serve did not answer within 60 s:\n{}", self.log());
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// SIGKILL: no shutdown code runs.
    fn kill9(&mut self) {
        let killed = Command::new("kill").args(["-9", &self.child.id().to_string()]).status().unwrap();
        assert!(killed.success());
        let status = self.child.wait().unwrap();
        assert!(!status.success());
    }

    async fn raw(&self, request: Request<Body>) -> Answer {
        let (parts, body) = request.into_parts();
        let bytes = body.collect().await.unwrap().to_bytes();
        let mut outgoing = reqwest::Client::new().request(parts.method, format!("{}{}", self.base, parts.uri)).body(bytes);
        for (name, value) in &parts.headers {
            outgoing = outgoing.header(name, value);
        }
        let response = outgoing.send().await.unwrap();
        let status = response.status();
        let bytes = response.bytes().await.unwrap();
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
        Answer { status, body }
    }

    async fn send(&self, call: Call<'_>) -> Answer {
        self.raw(call.request()).await
    }

    async fn token(&self) -> String {
        let answer = self.send(Call::post("adminUserLogin", json!({ "acc": "admin", "pwd": ADMIN_PASSWORD })).form()).await;
        answer.ok()["token"].as_str().unwrap().to_owned()
    }

    /// The signed upload flow of the web client: a policy from aliyunOssSign, then the file.
    async fn upload(&self, token: &str, name: &str, bytes: &[u8]) -> i64 {
        let fields = json!({"tags": "customerData", "originalFileName": name, "description": "断电测试",
                            "tagValue": crate::uploads::customer().to_string()});
        let signed = self.send(Call::get("aliyunOssSign", fields).token(token)).await.ok().clone();
        let key = crate::uploads::key_in(&signed, "xlsx");
        let (content_type, body) = crate::uploads::form(&signed, &key, None, bytes);
        let request = Request::post("/storage/upload")
            .header("content-type", content_type)
            .header("Authorization", token)
            .header("token", token)
            .body(Body::from(body))
            .unwrap();
        let answer = self.raw(request).await;
        answer.ok()["jobId"].as_i64().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn job(db: &PgPool, id: i64) -> (String, i16, String) {
    sqlx::query_as("select status, progress, message from jobs where id = $1").bind(id).fetch_one(db).await.unwrap()
}

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
    crate::customers::seed(&app).await;
    let logs = app.data_dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    let env = app.cli_env();
    let mut imported = 0;
    for at in [KillAt::Claimed, KillAt::Writing, KillAt::Committed] {
        // A workbook of its own each time: the same file twice is refused as a duplicate.
        let bytes = crate::customers::workbook(&crate::customers::spots(ROWS as usize, &format!("断电{at:?}")), false);
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

/// A throwaway Postgres cluster of this test's own (scripts/pg.sh), stopped when dropped.
struct Cluster {
    dir: PathBuf,
    port: u16,
}

impl Cluster {
    fn script() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/pg.sh")
    }

    fn start(dir: &Path, port: u16) -> Cluster {
        let cluster = Cluster { dir: dir.to_path_buf(), port };
        cluster.up();
        cluster
    }

    fn up(&self) {
        let out = Command::new("bash").arg(Self::script()).args(["start", self.dir.to_str().unwrap(), &self.port.to_string()]).output().unwrap();
        assert!(out.status.success(), "pg.sh start: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn down(&self) {
        let out = Command::new("bash").arg(Self::script()).args(["stop", self.dir.to_str().unwrap()]).output().unwrap();
        assert!(out.status.success(), "pg.sh stop: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn url(&self) -> String {
        std::fs::read_to_string(self.dir.join("database.url")).unwrap().trim().to_owned()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(Self::script()).args(["stop", self.dir.to_str().unwrap()]).output();
    }
}

#[tokio::test]
async fn signed_calls_and_live_messages_come_back_within_ten_seconds_of_postgres_restarting_under_the_server() {
    let dir = std::env::temp_dir().join(format!("adeval_pg_restart_{}", adeval_server::storage::random_name(12)));
    let _remove = TempDir(dir.clone());
    let cluster = Cluster::start(&dir.join("pg"), free_port());
    let env = vec![
        ("DATABASE_URL", cluster.url()),
        ("ADEVAL_DATA_DIR", dir.join("data").display().to_string()),
        ("ADEVAL_SIGN_SECRET", crate::helpers::SECRET.to_owned()),
    ];
    let server = Server::start(&env, &dir, None).await;
    let token = server.token().await;
    // Not productIndex: its answers may come from the read cache for a second, Postgres or not.
    let list = || server.send(Call::get("suitIndex", json!({})).token(&token));
    list().await.ok();
    let addr: std::net::SocketAddr = server.base.trim_start_matches("http://").parse().unwrap();
    let ticket = server.send(Call::post("ticket", json!({})).token(&token)).await.ok()["ticket"].as_str().unwrap().to_owned();
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/background/v1/ws?token={ticket}")).await.expect("socket opens");
    let subscribe = json!({"msgType": "subscribe", "clientId": "tab-1"}).to_string();
    futures_util::SinkExt::send(&mut socket, tokio_tungstenite::tungstenite::Message::text(subscribe)).await.unwrap();

    cluster.down();
    // While Postgres is away calls fail, and the server stays up.
    let answer = list().await;
    assert_ne!(answer.code(), 200, "{:#}", answer.body);
    cluster.up();
    let back = Instant::now();

    loop {
        let answer = list().await;
        if answer.code() == 200 {
            break;
        }
        assert!(back.elapsed() < Duration::from_secs(10), "no signed call succeeded within 10 s of Postgres being back: {:#}", answer.body);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let took = back.elapsed();
    eprintln!("calls came back {took:?} after Postgres");

    // The realtime listener subscribed again: a message published now reaches the socket.
    let db = PgPool::connect(&cluster.url()).await.unwrap();
    let heard = async {
        loop {
            let message = adeval_server::realtime::LiveMessage::new("user", 1, "重启之后");
            let event = adeval_server::realtime::Event::Push { to: 1, message };
            adeval_server::realtime::publish(&db, &event).await.unwrap();
            match tokio::time::timeout(Duration::from_millis(500), futures_util::StreamExt::next(&mut socket)).await {
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text)))) => {
                    let value: Value = serde_json::from_str(&text).unwrap();
                    if value["data"] == "重启之后" {
                        return;
                    }
                }
                Ok(Some(Ok(_))) | Err(_) => {}
                Ok(other) => panic!("the socket closed: {other:?}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10).saturating_sub(took), heard)
        .await
        .expect("a message published after the restart reached the WebSocket within 10 s");
}

// Losing a job: a run whose job was taken over (its lease was lost and another worker claimed
// the job) must not publish its rows; a job whose lease is held is never claimed again.

/// A queued customer-data job, claimed by `worker` under lease `lease`.
async fn claimed_job(app: &TestApp, worker: &str, lease: i32) -> adeval_server::jobs::Job {
    let mut conn = app.db.acquire().await.unwrap();
    let id = adeval_server::jobs::enqueue(&mut conn, "customerData", None, None, &json!({})).await.unwrap();
    let job = adeval_server::jobs::claim(&app.state, worker, lease).await.unwrap().expect("the queued job is claimed");
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

impl adeval_server::lake::customer::Report for Interferer {
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
    use adeval_server::lake::customer::{ImportOptions, Origin, import_file};
    let app = spawn_app_with(0).await;
    crate::customers::seed(&app).await;
    for meanwhile in [Meanwhile::Nothing, Meanwhile::TakenOver, Meanwhile::BatchClosed] {
        let job = claimed_job(&app, "host:1:7:0", 7).await;
        let path = app.data_dir.join(format!("{meanwhile:?}.xlsx"));
        std::fs::write(&path, crate::customers::workbook(&crate::customers::spots(40, &format!("{meanwhile:?}")), false)).unwrap();
        let opts = ImportOptions { category: 2, source: 1, belonging_to: 1, audience_group: None };
        let origin = Origin { job_id: Some(job.id), worker: Some(job.locked_by.clone()), ..Origin::default() };
        let interferer = Interferer { db: app.db.clone(), job: job.id, meanwhile };
        let imported = import_file(&app.state, &path, &opts, &origin, &interferer).await;

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
    let visible: i64 = sqlx::query_scalar("select coalesce(sum(rows), 0)::bigint from lake_files where live").fetch_one(&app.db).await.unwrap();
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
    let other = adeval_server::jobs::claim(&app.state, "host:2:77:0", 77).await.unwrap();
    assert!(other.is_none(), "a job whose lease is held was claimed again: {other:?}");

    // The process is gone: its lease is free and the job is claimed at once.
    sqlx::Connection::close(holder).await.unwrap();
    let started = Instant::now();
    let again = loop {
        if let Some(job) = adeval_server::jobs::claim(&app.state, "host:2:77:0", 77).await.unwrap() {
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
    let claimed = adeval_server::jobs::claim(&app.state, "host:1:5:0", 5).await.unwrap().expect("claimed");
    assert!(claimed.attempts > adeval_server::jobs::MAX_ATTEMPTS);
    adeval_server::jobs::run(&app.state, claimed).await;
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

    sqlx::raw_sql(include_str!("../../migrations/20261125150001_job_leases.sql")).execute(&app.db).await.expect("the migration applies");

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
    crate::customers::seed(&app).await;
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
    let bytes = crate::customers::workbook(&crate::customers::spots(5_000, "失去租约"), false);
    let answer = crate::uploads::upload(&server, &token, "customerData", "失去租约.xlsx", crate::uploads::customer(), &bytes).await;
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
    let second_key = loop {
        if let Some((key, _)) = held_lease(&app.db).await {
            break key;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the worker took no new lease");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_ne!(second_key, first_key, "the lease was taken again under its old key: the lost run's jobs would look alive");
    hold.commit().await.unwrap();

    let (status, message) = crate::uploads::job_end(&server, id).await;
    assert_eq!(status, "done", "{message}");
    let (attempts, locked_by): (i32, String) = sqlx::query_as("select attempts, locked_by from jobs where id = $1").bind(id).fetch_one(&app.db).await.unwrap();
    assert_eq!(attempts, 2, "the run under the lost lease was not stopped and claimed again");
    assert!(locked_by.contains(&format!(":{second_key}:")), "{locked_by}");
    let live: Vec<i64> = sqlx::query_scalar("select rows from lake_batches where job_id = $1 and status = 'live'").bind(id).fetch_all(&app.db).await.unwrap();
    assert_eq!(live, vec![5_000]);
}
