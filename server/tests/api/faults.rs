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
    let list = || server.send(Call::get("productIndex", json!({})).token(&token));
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
