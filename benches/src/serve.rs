//! A release `adeval serve` run by a bench on a database of its own, and signed calls to it
//! one at a time (benches that time single requests; api_load drives many connections).

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty, Full};
use hyper::Request;
use hyper_util::rt::TokioIo;

use adeval_server::http::sign;

use crate::{Runs, secs};

const SECRET: &str = "bench-sign-secret-not-for-production";
/// The super administrator's password of a bench server.
pub const PASSWORD: &str = "bench-admin-pass";

/// The URL of database `name` on the cluster of the admin URL `url`.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let server = base.rsplit_once('/').map_or(base, |(s, _)| s);
    match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    }
}

/// The adeval binary: `ADEVAL_BIN`, else the release one beside the running bench.
pub fn adeval_bin() -> anyhow::Result<PathBuf> {
    if let Some(bin) = std::env::var_os("ADEVAL_BIN") {
        return Ok(PathBuf::from(bin));
    }
    let bin = std::env::current_exe()?.with_file_name("adeval");
    if !bin.exists() {
        bail!("{} is missing: cargo build --release --bin adeval (or set ADEVAL_BIN)", bin.display());
    }
    Ok(bin)
}

/// A running `adeval serve`, stopped when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts `adeval serve` on database `url` with data under `data` and the extra
    /// environment `env`, and waits until it answers /healthz.
    pub async fn start(url: &str, data: &Path, env: &[(&str, &str)]) -> anyhow::Result<Server> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let log = data.join(format!("serve-{port}.log"));
        let log_file = std::fs::File::create(&log)?;
        let child = Command::new(adeval_bin()?)
            .arg("serve")
            .env("DATABASE_URL", url)
            .env("ADEVAL_DATA_DIR", data)
            .env("ADEVAL_ADDR", format!("127.0.0.1:{port}"))
            .env("ADEVAL_SIGN_SECRET", SECRET)
            .env("ADEVAL_ADMIN_PASSWORD", PASSWORD)
            .envs(env.iter().copied())
            // Its log (standard output; RUST_LOG sets how much) and what it prints on failing.
            .stdout(log_file.try_clone()?)
            .stderr(log_file)
            .spawn()
            .context("starting adeval serve")?;
        let mut server = Server { child, port };
        let started = Instant::now();
        loop {
            if let Some(status) = server.child.try_wait()? {
                bail!("adeval serve exited ({status}); see {}", log.display());
            }
            if let Ok((200, _)) = server.send(Request::get("/healthz").body(Empty::<Bytes>::new())?).await {
                return Ok(server);
            }
            if started.elapsed() > Duration::from_secs(120) {
                bail!("adeval serve did not answer within 120 s");
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn send<B>(&self, req: Request<B>) -> anyhow::Result<(u16, Bytes)>
    where
        B: hyper::body::Body + Send + 'static,
        B::Data: Send,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let stream = tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await?;
        stream.set_nodelay(true)?;
        let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(conn);
        let (mut parts, body) = req.into_parts();
        parts.headers.insert("host", "127.0.0.1".parse()?);
        let answer = sender.send_request(Request::from_parts(parts, body)).await?;
        let status = answer.status().as_u16();
        Ok((status, answer.into_body().collect().await?.to_bytes()))
    }

    /// Signs in as the super administrator; answers the token.
    pub async fn login(&self) -> anyhow::Result<String> {
        let fields = format!("acc=admin&pwd={PASSWORD}");
        let req = signed(Request::post("/background/v1/adminUserLogin"), &fields, None)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Full::new(Bytes::from(fields)))?;
        let (_, body) = self.send(req).await?;
        let body: serde_json::Value = serde_json::from_slice(&body)?;
        body["data"]["token"].as_str().map(str::to_owned).with_context(|| format!("sign-in failed: {body}"))
    }

    /// A signed GET of `call` with `fields` (in their sorted order, values as they are); answers the envelope's
    /// `data`, or fails unless the code is 200.
    pub async fn call(&self, call: &str, fields: Vec<(&'static str, String)>, token: &str) -> anyhow::Result<serde_json::Value> {
        // The signature covers the values as the server decodes them, empty ones left out.
        let query: String = fields.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect::<Vec<_>>().join("&");
        let signed_fields: String =
            fields.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        let req = signed(Request::get(format!("/background/v1/{call}?{query}")), &signed_fields, Some(token)).body(Empty::<Bytes>::new())?;
        let (status, body) = self.send(req).await?;
        let mut body: serde_json::Value = serde_json::from_slice(&body).with_context(|| format!("{call}: HTTP {status}"))?;
        if body["code"] != 200 {
            bail!("{call} answered {body}");
        }
        Ok(body["data"].take())
    }
}

impl Server {
    /// A signed form POST of `call` with `fields` (in their sorted order); answers the envelope
    /// whole (`code`, `msg`, `data`), so a bench can tell a refusal from a failure.
    pub async fn post(&self, call: &str, fields: Vec<(&'static str, String)>, token: &str) -> anyhow::Result<serde_json::Value> {
        let body: String = fields.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect::<Vec<_>>().join("&");
        let signed_fields: String =
            fields.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        let req = signed(Request::post(format!("/background/v1/{call}")), &signed_fields, Some(token))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Full::new(Bytes::from(body)))?;
        let (status, body) = self.send(req).await?;
        serde_json::from_slice(&body).with_context(|| format!("{call}: HTTP {status}"))
    }
}

/// Adds a fresh timestamp, nonce and signature of `fields` (and the session token) to a request.
pub fn signed(req: hyper::http::request::Builder, fields: &str, token: Option<&str>) -> hyper::http::request::Builder {
    let timestamp = chrono::Utc::now().timestamp().to_string();
    let nonce = adeval_server::storage::random_name(24);
    let signature = sign::sign(&sign::canonical(fields, &timestamp, &nonce, SECRET));
    let req = req.header("timestamp", timestamp).header("nonce", nonce).header("sign", signature);
    match token {
        Some(token) => req.header("authorization", token),
        None => req,
    }
}

impl Server {
    /// Uploads a whole file as the web client does: a policy from aliyunOssSign, then the
    /// multipart form to /storage/upload in one piece. Answers the upload's `data` (its jobId).
    pub async fn upload(&self, token: &str, tags: &str, name: &str, tag_value: &str, bytes: Vec<u8>) -> anyhow::Result<serde_json::Value> {
        let fields = vec![
            ("description", String::new()),
            ("originalFileName", name.to_owned()),
            ("tagValue", tag_value.to_owned()),
            ("tags", tags.to_owned()),
        ];
        let policy = self.call("aliyunOssSign", fields, token).await?;
        let text = |key: &str| policy[key].as_str().map(str::to_owned).with_context(|| format!("aliyunOssSign answered no {key}: {policy}"));
        let extension = name.rsplit_once('.').map_or("xlsx", |(_, e)| e);
        let key = format!("{}{}.{extension}", text("dir")?, adeval_server::storage::random_name(11));
        let boundary = "----adevalbenchboundary";
        let mut body = Vec::with_capacity(bytes.len() + 4096);
        for (field, value) in [
            ("key", key),
            ("policy", text("policy")?),
            ("OSSAccessKeyId", text("accessid")?),
            ("success_action_status", "200".to_owned()),
            ("callback", text("callback")?),
            ("signature", text("signature")?),
        ] {
            body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n").as_bytes());
        }
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"blob\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(&bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let req = Request::post("/storage/upload")
            .header("content-type", format!("multipart/form-data; boundary={boundary}"))
            .header("authorization", token)
            .body(Full::new(Bytes::from(body)))?;
        let (status, body) = self.send(req).await?;
        let mut body: serde_json::Value = serde_json::from_slice(&body).with_context(|| format!("upload: HTTP {status}"))?;
        if body["code"] != 200 {
            bail!("upload answered {body}");
        }
        Ok(body["data"].take())
    }
}

/// Percent-encodes a query value (everything but unreserved ASCII), as signing expects the
/// fields exactly as sent.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Times `n` calls one after the other, after one unmeasured call.
pub async fn time<F, Fut>(n: usize, call: F) -> anyhow::Result<Runs>
where
    F: Fn() -> Fut,
    Fut: Future<Output = anyhow::Result<serde_json::Value>>,
{
    call().await?;
    let mut runs = Vec::with_capacity(n);
    for _ in 0..n {
        let start = Instant::now();
        call().await?;
        runs.push(start.elapsed().as_secs_f64());
    }
    let runs = Runs(runs);
    println!("  {} calls: median {} ({})", runs.len(), secs(runs.median()), runs.spread());
    Ok(runs)
}

/// `n` first calls after a lake change: before each, the manifest's version is moved in
/// `db`, so the server keeps nothing of the version before (its cold path).
pub async fn time_cold<F, Fut>(db: &sqlx::PgPool, n: usize, call: F) -> anyhow::Result<Runs>
where
    F: Fn() -> Fut,
    Fut: Future<Output = anyhow::Result<serde_json::Value>>,
{
    let mut runs = Vec::with_capacity(n);
    for _ in 0..n {
        sqlx::query("update lake_manifest set version = version + 1").execute(db).await?;
        let start = Instant::now();
        call().await?;
        runs.push(start.elapsed().as_secs_f64());
    }
    let runs = Runs(runs);
    println!("  {} cold calls: median {} ({})", runs.len(), secs(runs.median()), runs.spread());
    Ok(runs)
}

/// `n` runs of the peer `run`, each timed whole.
pub async fn time_peer<T, F, Fut>(n: usize, run: F) -> anyhow::Result<Runs>
where
    F: Fn() -> Fut,
    Fut: Future<Output = anyhow::Result<T>>,
{
    let mut runs = Vec::with_capacity(n);
    for _ in 0..n {
        let start = Instant::now();
        run().await?;
        runs.push(start.elapsed().as_secs_f64());
    }
    let runs = Runs(runs);
    println!("  {} peer runs: median {} ({})", runs.len(), secs(runs.median()), runs.spread());
    Ok(runs)
}

/// A database of its own for one bench run on the cluster of `DATABASE_URL` (an admin URL), and
/// a fresh data directory: what every bench that serves adeval starts from.
pub struct BenchDatabase {
    admin: sqlx::PgPool,
    pub name: String,
    pub url: String,
    pub data: PathBuf,
}

impl BenchDatabase {
    /// Creates `adeval_bench_<label>_<pid>` (dropping a leftover of that name) and the data
    /// directory `<label>` under the bench data.
    pub async fn create(label: &str) -> anyhow::Result<Self> {
        let admin_url = std::env::var("DATABASE_URL").context("DATABASE_URL: the admin URL of a running Postgres cluster")?;
        let name = format!("adeval_bench_{label}_{}", std::process::id());
        let admin = sqlx::PgPool::connect(&admin_url).await.context("connecting to DATABASE_URL")?;
        sqlx::query(&format!("drop database if exists {name}")).execute(&admin).await?;
        sqlx::query(&format!("create database {name}")).execute(&admin).await?;
        let url = with_database(&admin_url, &name);
        let data = crate::fresh_dir(label)?;
        Ok(BenchDatabase { admin, name, url, data })
    }

    /// Drops the database and removes the data directory — unless the environment variable
    /// `keep` is set, for looking at them afterwards — and passes the run's outcome on.
    pub async fn finish<T>(self, keep: Option<&str>, outcome: anyhow::Result<T>) -> anyhow::Result<T> {
        if keep.is_some_and(|k| std::env::var_os(k).is_some()) {
            println!("kept database {} and {}", self.name, self.data.display());
            return outcome;
        }
        let _ = sqlx::query(&format!("drop database if exists {} with (force)", self.name)).execute(&self.admin).await;
        let _ = std::fs::remove_dir_all(&self.data);
        outcome
    }
}
