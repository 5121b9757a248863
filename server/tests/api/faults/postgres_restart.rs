//! Postgres restarted under a running server: signed calls and live messages come back.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::process::{Server, free_port};
use crate::helpers::{Call, TempDir};

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
