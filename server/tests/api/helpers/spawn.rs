//! The test app: the real router and background tasks over a fresh database cloned from a
//! migrated template, and the ways a test starts another process of it.

use std::net::SocketAddr;

use sqlx::PgPool;

use adeval_server::config::Config;

use super::{ADMIN_PASSWORD, SECRET, TestApp, random_hex, template, with_database};

/// A directory removed when the test ends.
pub struct TempDir(pub std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
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
    // The start's once-only lake work (rollups a lake lacks, warming) is done before the test
    // goes on: a test that builds an earlier lake and runs the backfill itself would otherwise
    // race it (under load the start's backfill built the twin first, and the test's found none).
    adeval_server::start_background(&state).await.await.expect("the start's lake work");
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
