//! adeval's server: the HTTP API, auth, Postgres and jobs.

pub mod auth;
pub mod cli;
pub mod config;
pub mod db;
pub mod demo;
pub mod export;
pub mod http;
pub mod oplog;
pub mod routes;
pub mod state;

use std::sync::Arc;

use anyhow::Context;

pub use routes::app;
pub use state::AppState;

/// Connects, migrates, ensures the super administrator and opens the lake: everything
/// `serve` needs before it listens.
pub async fn build_state(config: config::Config) -> anyhow::Result<AppState> {
    let db = db::connect(&config.database_url, &config.timezone).await?;
    db::migrate(&db).await?;
    if let Some(generated) = db::ensure_super_admin(&db, config.admin_password.as_deref()).await? {
        // Printed once, on the first start: the only time this password is ever shown.
        println!("Created the super administrator `admin` with password: {generated}");
    }
    let lake_dir = config
        .lake_url
        .strip_prefix("file://")
        .map(std::path::PathBuf::from)
        .context("only file:// lake URLs are supported yet")?;
    let lake = adeval_engine::Lake::open(&lake_dir).context("opening the lake")?;
    Ok(AppState {
        db,
        config: Arc::new(config),
        nonces: Default::default(),
        lake: Arc::new(lake),
    })
}
