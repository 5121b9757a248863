//! Test app, signed requests and fixtures: the app started over a fresh database (spawn.rs),
//! signed calls and their answers (call.rs); the fixtures several test modules share live in the
//! other submodules, so no test module imports another.

mod call;
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
mod spawn;
pub mod uploads;
pub mod viewing;

use axum::Router;
use rand::Rng;
use sqlx::PgPool;

use adeval_server::config::Config;

pub use call::{Answer, Call, Signing};
pub use spawn::{TempDir, spawn_app, spawn_app_in, spawn_app_on_s3, spawn_app_with, spawn_app_with_pool};

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
