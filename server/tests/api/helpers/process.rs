//! The real `adeval serve` binary as a child process, for tests that kill it or pull Postgres
//! from under it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::json;

use super::{ADMIN_PASSWORD, Answer, Call};

/// A free port on the loopback address.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One `adeval serve` process, its stderr kept in a file.
pub struct Server {
    pub child: Child,
    pub base: String,
    pub stderr: PathBuf,
}

impl Server {
    pub async fn start(env: &[(&'static str, String)], log_dir: &Path, fault: Option<&str>) -> Server {
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

    pub async fn ready(&mut self) {
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

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill9(&mut self) {
        let killed = Command::new("kill").args(["-9", &self.child.id().to_string()]).status().unwrap();
        assert!(killed.success());
        let status = self.child.wait().unwrap();
        assert!(!status.success());
    }

    pub async fn raw(&self, request: Request<Body>) -> Answer {
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

    pub async fn send(&self, call: Call<'_>) -> Answer {
        self.raw(call.request()).await
    }

    pub async fn token(&self) -> String {
        let answer = self.send(Call::post("adminUserLogin", json!({ "acc": "admin", "pwd": ADMIN_PASSWORD })).form()).await;
        answer.ok()["token"].as_str().unwrap().to_owned()
    }

    /// The signed upload flow of the web client: a policy from aliyunOssSign, then the file.
    pub async fn upload(&self, token: &str, name: &str, bytes: &[u8]) -> i64 {
        let fields = json!({"tags": "customerData", "originalFileName": name, "description": "断电测试",
                            "tagValue": crate::helpers::uploads::customer().to_string()});
        let signed = self.send(Call::get("aliyunOssSign", fields).token(token)).await.ok().clone();
        let key = crate::helpers::uploads::key_in(&signed, "xlsx");
        let (content_type, body) = crate::helpers::uploads::form(&signed, &key, None, bytes);
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
