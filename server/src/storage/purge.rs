//! Removing what storage no longer needs: chunked uploads abandoned half-way, stray
//! temporary files, old exports (file and record) and exports' temporary files left by a
//! crashed process. Housekeeping (`crate::jobs::housekeeping`) calls these on its timer, and
//! the tests call them directly.

use std::time::{Duration, SystemTime};

use sqlx::PgPool;

use super::Store;
use crate::config::Config;

/// A chunked upload untouched this long is abandoned (its policy expired an hour earlier).
pub const ABANDONED_AFTER: Duration = Duration::from_secs(2 * 60 * 60);
/// Exports are kept a day.
pub const EXPORTS_KEPT: Duration = Duration::from_secs(24 * 60 * 60);
/// An export's temporary file this old belongs to a process that died while writing it: a
/// live export is stored, or dropped with its file, well within the requests' 120 s timeout.
pub const EXPORT_TEMP_KEPT: Duration = Duration::from_secs(60 * 60);
/// A lake batch still being written this long is a dead import's: imports stop at their
/// deadline long before, and an import from the shell runs minutes, not a day.
pub const BATCH_ABANDONED_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// Removes chunked uploads whose last chunk came longer than `age` ago, with their chunks, and
/// temporary files as old. Answers how many uploads were removed.
pub async fn abandoned_uploads(db: &PgPool, store: &Store, config: &Config, age: Duration) -> anyhow::Result<u64> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "delete from uploads u
         where coalesce((select max(p.created_at) from upload_parts p where p.upload_id = u.id), u.created_at)
               < now() - make_interval(secs => $1)
         returning id",
    )
    .bind(age.as_secs_f64())
    .fetch_all(db)
    .await?;
    for id in &ids {
        store.delete_prefix(&format!("partial/{id}")).await?;
    }
    stale_files(&super::upload_temp_dir(config), age);
    Ok(ids.len() as u64)
}

/// Removes exports made longer than `age` ago, record and file, and any object under
/// `exports/` as old (one whose record was never written: a crash between the two). Answers
/// how many records were removed.
pub async fn old_exports(db: &PgPool, store: &Store, age: Duration) -> anyhow::Result<u64> {
    let keys: Vec<String> =
        sqlx::query_scalar("delete from exports where created_at < now() - make_interval(secs => $1) returning object_key")
            .bind(age.as_secs_f64())
            .fetch_all(db)
            .await?;
    for key in &keys {
        store.delete(key).await?;
    }
    let cutoff = chrono::Utc::now() - chrono::Duration::from_std(age)?;
    for key in store.older_than("exports", cutoff).await? {
        store.delete(&key).await?;
    }
    Ok(keys.len() as u64)
}

/// Removes exports' temporary files last written longer than `age` ago. Answers how many.
pub fn export_temps(config: &Config, age: Duration) -> usize {
    stale_files(&crate::export::temp_dir(config), age)
}

/// Removes the files of `dir` last modified at least `age` ago; answers how many.
fn stale_files(dir: &std::path::Path, age: Duration) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| now.duration_since(t).unwrap_or_default() >= age);
        // A job's copy sits in a folder of its own (its file keeps the uploaded name).
        let gone = match entry.file_type() {
            Ok(t) if t.is_dir() => stale && std::fs::remove_dir_all(entry.path()).is_ok(),
            _ => stale && std::fs::remove_file(entry.path()).is_ok(),
        };
        if gone {
            removed += 1;
        }
    }
    removed
}
