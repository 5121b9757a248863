//! Housekeeping: due tape changes executed and order statuses refreshed as the date moves on;
//! chunked uploads abandoned
//! half-way, stray temporary files, old exports and
//! the files of lake batches whose import died are removed on a timer (and by tests through
//! [`abandoned_uploads`] and [`crate::lake::abandoned_batches`]).

use std::time::{Duration, SystemTime};

use crate::state::AppState;

/// A chunked upload untouched this long is abandoned (its policy expired an hour earlier).
pub const ABANDONED_AFTER: Duration = Duration::from_secs(2 * 60 * 60);
/// Exports are kept a day.
pub const EXPORTS_KEPT: Duration = Duration::from_secs(24 * 60 * 60);
/// A lake batch still being written this long is a dead import's: imports stop at their
/// deadline long before, and an import from the shell runs minutes, not a day.
pub const BATCH_ABANDONED_AFTER: Duration = Duration::from_secs(24 * 60 * 60);
const EVERY: Duration = Duration::from_secs(10 * 60);

pub async fn run(state: AppState) {
    let mut tick = tokio::time::interval(EVERY);
    loop {
        tick.tick().await;
        if let Err(e) = abandoned_uploads(&state, ABANDONED_AFTER).await {
            tracing::warn!(error = ?e, "purging abandoned uploads");
        }
        if let Err(e) = old_exports(&state, EXPORTS_KEPT).await {
            tracing::warn!(error = ?e, "purging old exports");
        }
        if let Err(e) = crate::lake::abandoned_batches(&state, BATCH_ABANDONED_AFTER).await {
            tracing::warn!(error = ?e, "removing the files of abandoned lake batches");
        }
        // Tape changes whose date has come are executed; order statuses move with the date.
        match state.db.acquire().await {
            Ok(mut conn) => {
                if let Err(e) = crate::routes::orders::tape_changes::execute_due(&mut conn, None).await {
                    tracing::warn!(error = ?e, "executing due tape changes");
                }
                if let Err(e) = crate::routes::orders::status::refresh(&mut conn, None).await {
                    tracing::warn!(error = ?e, "refreshing order statuses");
                }
            }
            Err(e) => tracing::warn!(error = ?e, "refreshing order statuses"),
        }
    }
}

/// Removes chunked uploads whose last chunk came longer than `age` ago, with their chunks, and
/// temporary files as old. Answers how many uploads were removed.
pub async fn abandoned_uploads(state: &AppState, age: Duration) -> anyhow::Result<u64> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "delete from uploads u
         where coalesce((select max(p.created_at) from upload_parts p where p.upload_id = u.id), u.created_at)
               < now() - make_interval(secs => $1)
         returning id",
    )
    .bind(age.as_secs_f64())
    .fetch_all(&state.db)
    .await?;
    for id in &ids {
        state.store.delete_prefix(&format!("partial/{id}")).await?;
    }
    let dir = super::upload::temp_dir(state);
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let now = SystemTime::now();
        for entry in entries.flatten() {
            let stale = entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| now.duration_since(t).unwrap_or_default() >= age);
            if stale {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    Ok(ids.len() as u64)
}

pub async fn old_exports(state: &AppState, age: Duration) -> anyhow::Result<()> {
    let cutoff = chrono::Utc::now() - chrono::Duration::from_std(age)?;
    for key in state.store.older_than("exports", cutoff).await? {
        state.store.delete(&key).await?;
    }
    Ok(())
}
