//! Housekeeping: the work no call asks for. Tape changes whose date has come are executed,
//! order statuses, which move with the date, are refreshed and every order's goal alert is
//! checked (all in `crate::orders`); storage drops what nobody needs any more
//! (`crate::storage::purge`) and the lake the files of batches whose import died
//! (`crate::lake::abandoned_batches`) and the files a commit retired a while ago: month
//! rollups an import replaced, files a compaction rewrote (`crate::lake::sweep_retired`).
//!
//! The orders' part runs on the timer and at the start of each day, when changes fall due.
//! No call that reads does any of this work: reads answer the orders as they stand.

use std::time::Duration;

use sqlx::PgPool;

use super::Services;
use crate::orders::evaluation::alerts;
use crate::orders::{status, tape_changes};
use crate::reads::Reads;
use crate::storage::purge;

const EVERY: Duration = Duration::from_secs(10 * 60);

/// Starts the timer.
pub fn start(services: &Services) {
    tokio::spawn(run(services.clone()));
}

async fn run(services: Services) {
    let mut tick = tokio::time::interval(EVERY);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                storage(&services).await;
                orders(&services.db, &services.reads).await;
            }
            () = day_start(&services.db) => orders(&services.db, &services.reads).await,
        }
    }
}

/// Resolves when the next day begins in the database's time zone (the one `current_date`
/// and the orders' dates follow); never when that can't be read (the timer still runs).
async fn day_start(db: &PgPool) {
    let left: sqlx::Result<f64> =
        sqlx::query_scalar("select extract(epoch from ((current_date + 1)::timestamptz - now()))::float8")
            .fetch_one(db)
            .await;
    match left {
        // A second past midnight, so `current_date` has surely turned.
        Ok(secs) => tokio::time::sleep(Duration::from_secs_f64(secs.max(0.0) + 1.0)).await,
        Err(_) => std::future::pending().await,
    }
}

/// Executes every due tape change, refreshes the statuses the date has moved and checks every
/// order's goal alert.
async fn orders(db: &PgPool, reads: &Reads) {
    let mut conn = match db.acquire().await {
        Ok(conn) => conn,
        Err(e) => {
            tracing::warn!(error = ?e, "housekeeping of orders");
            return;
        }
    };
    if let Err(e) = tape_changes::execute_due(&mut conn, None).await {
        tracing::warn!(error = ?e, "executing due tape changes");
    }
    if let Err(e) = status::refresh(&mut conn, None).await {
        tracing::warn!(error = ?e, "refreshing order statuses");
    }
    drop(conn);
    // The date moves the remaining spots, and some changes (master data, another process's
    // import) have no hook of their own: every order's goal is checked again.
    if let Err(e) = alerts::check_all(db, reads).await {
        tracing::warn!(error = ?e, "checking goal alerts");
    }
}

async fn storage(services: &Services) {
    let Services {
        db,
        reads,
        store,
        config,
    } = services;
    if let Err(e) = purge::abandoned_uploads(db, store, config, purge::ABANDONED_AFTER).await {
        tracing::warn!(error = ?e, "purging abandoned uploads");
    }
    if let Err(e) = purge::old_exports(db, store, purge::EXPORTS_KEPT).await {
        tracing::warn!(error = ?e, "purging old exports");
    }
    purge::export_temps(config, purge::EXPORT_TEMP_KEPT);
    if let Err(e) = crate::lake::abandoned_batches(db, &reads.lake, purge::BATCH_ABANDONED_AFTER).await {
        tracing::warn!(error = ?e, "removing the files of abandoned lake batches");
    }
    if let Err(e) = crate::lake::sweep_retired(db, &reads.lake, crate::lake::RETIRED_KEPT).await {
        tracing::warn!(error = ?e, "removing retired lake files");
    }
}
