//! adeval's server: the HTTP API, auth, Postgres and jobs.

pub mod analysis;
pub mod auth;
#[cfg(test)]
mod boundaries;
pub mod cli;
pub mod clock;
pub mod config;
pub mod dashboard;
pub mod db;
pub mod demo;
pub mod error;
pub mod export;
pub mod http;
pub mod imports;
pub mod jobs;
pub mod lake;
pub mod master;
pub mod messages;
pub mod oplog;
pub mod orders;
pub mod reads;
pub mod realtime;
pub mod routes;
pub mod sql;
pub mod state;
pub mod storage;
pub mod uploads;
pub mod viewing;

use std::sync::Arc;

/// Every binary built on the server (the `adeval` command, the benches, the API tests) uses
/// mimalloc: import readers allocate cell text on the reading thread and the typing thread
/// frees it, which glibc's per-thread arenas serialise behind locks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use anyhow::Context;

pub use routes::app;
pub use state::AppState;

/// Connects, migrates, ensures the super administrator and opens the lake: everything
/// `serve` needs before it listens.
pub async fn build_state(config: config::Config) -> anyhow::Result<AppState> {
    let db = db::connect(&config.database_url, config.timezone).await?;
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
    let lake = adeval_engine::Lake::open(&lake_dir, adeval_engine::LakeOptions::default()).context("opening the lake")?;
    let store = storage::Store::open(&config.files_url)?;
    let upload_key = db::server_secret(&db, "upload_policy").await?;
    Ok(AppState {
        db,
        config: Arc::new(config),
        nonces: Default::default(),
        bad_traffic: Default::default(),
        read_cache: Default::default(),
        reads: reads::Reads::new(lake),
        store,
        hub: Default::default(),
        upload_key: Arc::new(upload_key),
    })
}

/// Starts what runs beside the HTTP server: the realtime listener, the job workers,
/// housekeeping and, once, the viewing rollups a lake from before them lacks and the warming of
/// the lake's reads. Answers once the listener is subscribed, so no event published after it
/// returns is missed, with the handle of that once-only lake work (the server serves beside it;
/// the tests wait for it, so a test's own backfill never races the start's).
pub async fn start_background(state: &AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(realtime::listener::run(state.db.clone(), state.hub.clone()));
    let services = state.services();
    jobs::start(&services, state.config.workers);
    jobs::housekeeping::start(&services);
    let (db, lake) = (state.db.clone(), state.reads.lake.clone());
    let lake_work = tokio::spawn(async move {
        if let Err(e) = lake::rollups::backfill(&db, &lake).await {
            tracing::warn!(error = ?e, "building the missing viewing rollups");
        }
        if let Err(e) = lake::warm(&db, &lake).await {
            tracing::warn!(error = ?e, "warming the lake's reads");
        }
    });
    if tokio::time::timeout(std::time::Duration::from_secs(10), state.hub.ready()).await.is_err() {
        tracing::warn!("the realtime listener is not subscribed yet");
    }
    lake_work
}
