//! Test app, signed requests and fixtures. The fixtures several test modules share live in the
//! submodules, so no test module imports another.

pub mod exports;
pub mod figure_rows;
pub mod grid_example;
pub mod master_data;
pub mod orders;
pub mod populate;
pub mod process;
pub mod reads;
mod template;
pub mod sessions;
pub mod uploads;
pub mod viewing;

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use rand::Rng;
use serde_json::{Value, json};
use sqlx::PgPool;
use tower::ServiceExt;

use adeval_server::config::Config;
use adeval_server::http::sign;

pub const SECRET: &str = "test-sign-secret";
pub const ADMIN_PASSWORD: &str = "admin-pass-1";

pub struct TestApp {
    pub router: Router,
    pub db: PgPool,
    pub state: adeval_server::AppState,
    /// The app's data directory (lake, files, exports), removed after the test.
    pub data_dir: std::path::PathBuf,
    config: Config,
    _dir: std::sync::Arc<TempDir>,
}

/// A directory removed when the test ends.
pub struct TempDir(pub std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Today as the app dates things: in its time zone, Asia/Shanghai (UTC+8, no daylight saving),
/// whatever the machine's own zone. After 16:00 UTC the two days differ.
pub fn today() -> chrono::NaiveDate {
    chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(8 * 3600).expect("UTC+8")).date_naive()
}

fn random_hex(n: usize) -> String {
    let mut rng = rand::rng();
    (0..n).map(|_| format!("{:x}", rng.random_range(0..16u8))).collect()
}

fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let (server, _) = base.rsplit_once('/').expect("DATABASE_URL has a path");
    match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    }
}

/// The real router over a fresh database with the super administrator created, its realtime
/// listener and two job workers running.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(2).await
}

/// As [`spawn_app`], with `workers` job workers (0: jobs stay queued).
pub async fn spawn_app_with(workers: usize) -> TestApp {
    spawn(workers, adeval_server::clock::Zone::default()).await
}

/// As [`spawn_app`], showing times in `zone` (`ADEVAL_TIMEZONE`, an IANA name).
pub async fn spawn_app_in(zone: &str) -> TestApp {
    spawn(2, zone.parse().expect("an IANA time zone")).await
}

/// As [`spawn_app`], with the uploaded files and exports in the test S3 server (`make test`
/// starts one: scripts/rgw.sh) under a prefix of this app's own in its bucket,
/// `s3://<ADEVAL_S3_BUCKET>/<random>/files`; answers the app and that prefix.
pub async fn spawn_app_on_s3() -> (TestApp, String) {
    let bucket = std::env::var("ADEVAL_S3_BUCKET")
        .expect("ADEVAL_S3_BUCKET and the AWS_* variables of a test S3 server; run the tests with `make test`");
    let prefix = format!("test-{}/files", random_hex(12));
    let app = spawn_with(2, adeval_server::clock::Zone::default(), Some(format!("s3://{bucket}/{prefix}"))).await;
    (app, prefix)
}

async fn spawn(workers: usize, timezone: adeval_server::clock::Zone) -> TestApp {
    spawn_with(workers, timezone, None).await
}

async fn spawn_with(workers: usize, timezone: adeval_server::clock::Zone, files_url: Option<String>) -> TestApp {
    let admin_url = std::env::var("DATABASE_URL")
        .expect("DATABASE_URL must point at a Postgres server; run the tests with `make test`");
    let name = format!("adeval_test_{}", random_hex(16));
    let admin = PgPool::connect(&admin_url).await.expect("connect to the test cluster");
    let template = template::migrated(&admin, &admin_url).await;
    sqlx::query(&format!("create database {name} template {template}")).execute(&admin).await.unwrap();
    admin.close().await;
    template::restamp(&with_database(&admin_url, &name)).await;

    let dir = std::env::temp_dir().join(&name);
    let config = Config {
        database_url: with_database(&admin_url, &name),
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.clone(),
        lake_url: format!("file://{}", dir.join("lake").display()),
        files_url: files_url.unwrap_or_else(|| format!("file://{}", dir.join("files").display())),
        sign_secret: SECRET.into(),
        admin_password: Some(ADMIN_PASSWORD.into()),
        web_dir: dir.join("web"),
        timezone,
        workers,
        trusted_proxies: Vec::new(),
    };
    start(config, std::sync::Arc::new(TempDir(dir))).await
}

/// As [`spawn_app_with`]`(0)`, but the router's requests share a pool of `max_connections`
/// connections (the listener, housekeeping and the test's own queries use the usual pool), so a
/// request that holds one connection while it waits for another shows as a stall.
pub async fn spawn_app_with_pool(max_connections: u32) -> TestApp {
    let mut app = spawn_app_with(0).await;
    let set_tz = format!("set time zone '{}'", app.config.timezone.name());
    let small = sqlx::postgres::PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(std::time::Duration::from_secs(10))
        .after_connect(move |conn, _| {
            let set_tz = set_tz.clone();
            Box::pin(async move {
                sqlx::Executor::execute(conn, set_tz.as_str()).await?;
                Ok(())
            })
        })
        .connect(&app.config.database_url)
        .await
        .expect("connect the small pool");
    app.state = adeval_server::AppState { db: small, ..app.state.clone() };
    app.router = adeval_server::app(app.state.clone());
    app
}

async fn start(config: Config, dir: std::sync::Arc<TempDir>) -> TestApp {
    let state = adeval_server::build_state(config.clone()).await.expect("build state");
    adeval_server::start_background(&state).await;
    TestApp {
        router: adeval_server::app(state.clone()),
        db: state.db.clone(),
        data_dir: dir.0.clone(),
        state,
        config,
        _dir: dir,
    }
}

impl TestApp {
    /// Another server process on the same database and data directory (a restart, or a
    /// second `adeval serve`), with `workers` job workers.
    pub async fn another(&self, workers: usize) -> TestApp {
        start(Config { workers, ..self.config.clone() }, self._dir.clone()).await
    }

    /// This app's router over a pool of its own whose sessions carry `application_name`, so
    /// the statements its requests run can be told from its background tasks' (which keep the
    /// first pool). `db` stays the test's own pool.
    pub async fn on_named_pool(&self, application_name: &str) -> TestApp {
        let url = &self.config.database_url;
        let url = format!("{url}{}application_name={application_name}", if url.contains('?') { '&' } else { '?' });
        let pool = adeval_server::db::connect(&url, self.config.timezone).await.expect("connect the named pool");
        let state = adeval_server::AppState { db: pool, ..self.state.clone() };
        TestApp {
            router: adeval_server::app(state.clone()),
            db: self.db.clone(),
            state,
            data_dir: self.data_dir.clone(),
            config: self.config.clone(),
            _dir: self._dir.clone(),
        }
    }

    /// This app behind proxies: the same database and data, `ADEVAL_TRUSTED_PROXIES` set.
    pub async fn behind_proxies(&self, list: &str) -> TestApp {
        let trusted_proxies = adeval_server::config::parse_proxies(list).unwrap();
        start(Config { trusted_proxies, ..self.config.clone() }, self._dir.clone()).await
    }

    /// The environment an `adeval` process needs to work on this app's database and data.
    pub fn cli_env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("DATABASE_URL", self.config.database_url.clone()),
            ("ADEVAL_DATA_DIR", self.config.data_dir.display().to_string()),
            ("ADEVAL_LAKE_URL", self.config.lake_url.clone()),
            ("ADEVAL_FILES_URL", self.config.files_url.clone()),
            ("ADEVAL_SIGN_SECRET", self.config.sign_secret.clone()),
            ("ADEVAL_TIMEZONE", self.config.timezone.name().to_owned()),
            ("ADEVAL_WORKERS", "0".into()),
        ]
    }

    /// Today in this app's time zone, as its Postgres sessions date things (`current_date`).
    pub async fn today(&self) -> chrono::NaiveDate {
        sqlx::query_scalar("select current_date").fetch_one(&self.db).await.unwrap()
    }

    /// Runs `adeval args…` on this app's database and data; answers how it ended.
    pub fn cli(&self, args: &[&str]) -> std::process::Output {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_adeval"));
        cmd.args(args).envs(self.cli_env());
        cmd.output().unwrap()
    }

    /// Serves the app on a real port (for WebSocket clients); answers its address.
    pub async fn listen(&self) -> SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = self.router.clone().into_make_service_with_connect_info::<SocketAddr>();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        addr
    }
}

/// Renders payload fields the way docs/api.md ("Signing") signs them, independently of the server.
pub fn canonical_fields(fields: &Value) -> String {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (key, value) in fields.as_object().expect("fields are an object") {
        if let Some(text) = as_text(value).filter(|t| !t.is_empty()) {
            pairs.push((key.clone(), text));
        }
    }
    pairs.sort();
    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

/// A field as text: strings as they are, arrays comma-joined, null left out.
fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => Some(
            items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                .collect::<Vec<_>>()
                .join(","),
        ),
        other => Some(other.to_string()),
    }
}

/// How a request is signed; tests of signing alter one part.
#[derive(Clone)]
pub struct Signing {
    pub timestamp: i64,
    pub nonce: String,
    pub secret: String,
    /// Fields to sign instead of the ones sent (tampering).
    pub signed_fields: Option<Value>,
    pub omit: bool,
}

impl Default for Signing {
    fn default() -> Self {
        Self {
            timestamp: chrono::Utc::now().timestamp(),
            nonce: random_hex(24),
            secret: SECRET.into(),
            signed_fields: None,
            omit: false,
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
pub enum Body_ {
    Json,
    Form,
}

pub struct Call<'a> {
    pub name: &'a str,
    pub post: bool,
    pub fields: Value,
    pub token: Option<&'a str>,
    pub signing: Signing,
    pub body: Body_,
    pub ip: Option<&'a str>,
}

impl<'a> Call<'a> {
    pub fn get(name: &'a str, fields: Value) -> Self {
        Self { name, post: false, fields, token: None, signing: Signing::default(), body: Body_::Json, ip: None }
    }

    pub fn post(name: &'a str, fields: Value) -> Self {
        Self { post: true, ..Self::get(name, fields) }
    }

    pub fn token(mut self, token: &'a str) -> Self {
        self.token = Some(token);
        self
    }

    pub fn form(mut self) -> Self {
        self.body = Body_::Form;
        self
    }

    pub fn with_ip(mut self, ip: &'a str) -> Self {
        self.ip = Some(ip);
        self
    }

    pub fn signing(mut self, signing: Signing) -> Self {
        self.signing = signing;
        self
    }

    fn pairs(&self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        for (key, value) in self.fields.as_object().unwrap() {
            if let Some(text) = as_text(value) {
                out.append_pair(key, &text);
            }
        }
        out.finish()
    }

    pub fn request(&self) -> Request<Body> {
        let signed = self.signing.signed_fields.as_ref().unwrap_or(&self.fields);
        let canonical = sign::canonical(
            &canonical_fields(signed),
            &self.signing.timestamp.to_string(),
            &self.signing.nonce,
            &self.signing.secret,
        );
        let mut builder = Request::builder();
        let uri = format!("/background/v1/{}", self.name);
        let body = if self.post {
            builder = builder.method("POST").uri(uri);
            match self.body {
                Body_::Json => {
                    builder = builder.header("content-type", "application/json");
                    Body::from(self.fields.to_string())
                }
                Body_::Form => {
                    builder = builder.header("content-type", "application/x-www-form-urlencoded");
                    Body::from(self.pairs())
                }
            }
        } else {
            builder = builder.method("GET").uri(format!("{uri}?{}", self.pairs()));
            Body::empty()
        };
        if !self.signing.omit {
            builder = builder
                .header("timestamp", self.signing.timestamp.to_string())
                .header("nonce", &self.signing.nonce)
                .header("sign", sign::sign(&canonical));
        }
        if let Some(token) = self.token {
            builder = builder.header("Authorization", token).header("token", token);
        }
        let mut request = builder.body(body).unwrap();
        if let Some(ip) = self.ip {
            let addr: SocketAddr = format!("{ip}:40000").parse().unwrap();
            request.extensions_mut().insert(ConnectInfo(addr));
        }
        request
    }
}

/// An answer: HTTP status and the envelope.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(-1)
    }

    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// The first message for a field of a 4000/4009 answer.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.body["data"]["fields"][name][0].as_str()
    }

    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.code(), 200, "{:#}", self.body);
        assert_eq!(self.status, StatusCode::OK);
        self.data()
    }
}

impl TestApp {
    pub async fn send(&self, call: Call<'_>) -> Answer {
        self.raw(call.request()).await
    }

    pub async fn raw(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            json!({ "raw": String::from_utf8_lossy(&bytes) })
        });
        Answer { status, body }
    }

    pub async fn login(&self, account: &str, password: &str) -> Answer {
        self.send(Call::post("adminUserLogin", json!({ "acc": account, "pwd": password })).form()).await
    }

    pub async fn admin_token(&self) -> String {
        let answer = self.login("admin", ADMIN_PASSWORD).await;
        answer.ok()["token"].as_str().unwrap().to_owned()
    }

    /// Creates an account directly in the database with the given rules and password.
    pub async fn create_account(&self, account: &str, rule_id: &str) -> i64 {
        let hash = adeval_server::auth::password::hash("secret-123").unwrap();
        sqlx::query_scalar(
            "insert into admins (name, account, password_hash, status, rule_id)
             values ($1, $1, $2, 1, $3) returning id",
        )
        .bind(account)
        .bind(hash)
        .bind(rule_id)
        .fetch_one(&self.db)
        .await
        .unwrap()
    }

    /// A single-use ticket for a download link or the socket, as the web app asks for one.
    pub async fn ticket(&self, token: &str) -> String {
        let answer = self.send(Call::post("ticket", json!({})).token(token)).await;
        answer.ok()["ticket"].as_str().unwrap().to_owned()
    }

    /// A fresh session for an account, without going through sign-in.
    pub async fn session(&self, admin_id: i64) -> String {
        let mut conn = self.db.acquire().await.unwrap();
        adeval_server::auth::session::create(&mut conn, admin_id, "127.0.0.1").await.unwrap()
    }
}
