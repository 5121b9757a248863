//! The server's side of the Parquet lake: the manifest in Postgres (docs/decisions.md
//! "The lake"). A batch's files are written by the engine first and become visible in the one
//! transaction that marks them live; every query reads the snapshot of live files and deleted
//! row ids. What writes batches (the imports) lives in `crate::imports`.

pub mod month_rollups;
pub mod rollups;
pub mod snapshots;

use std::future::Future;
use std::panic::Location;
use std::sync::Arc;

use adeval_engine::{Dataset, Lake, LakeFile, Snapshot};
use sqlx::{PgConnection, PgPool};

use crate::error::{AppError, Result};

/// Runs `work` on tokio's blocking threads: every lake, DuckDB and engine call (and the other
/// work that would hold an async thread — reading an uploaded spreadsheet, writing one) goes
/// through here. The work starts at once, as `spawn_blocking`'s does; what it answers is the
/// caller's to handle. A panic inside it (or the runtime shutting down under it) is logged with
/// the caller's place and answered as the one internal error, 5000 to a client.
#[track_caller]
pub fn blocking<T, F>(work: F) -> impl Future<Output = Result<T>> + Send + 'static
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let called = Location::caller();
    let task = tokio::task::spawn_blocking(work);
    async move {
        task.await.map_err(|e| {
            let why = if e.is_panic() { "panicked" } else { "was cancelled" };
            tracing::error!(error = %e, at = %called, "blocking work {why}");
            AppError::Internal(anyhow::anyhow!("blocking work at {called} {why}: {e}"))
        })
    }
}

/// Row ids are unique across the lake without a sequence round trip: the batch id in the high
/// 32 bits, the row's place in the batch in the low ones.
pub fn row_id(batch_id: i64, n: usize) -> i64 {
    (batch_id << 32) | (n as i64 & 0xFFFF_FFFF)
}

/// The live files and deleted row ids of a dataset.
pub async fn snapshot(db: &PgPool, dataset: Dataset) -> sqlx::Result<Snapshot> {
    snapshot_on(&mut *db.acquire().await?, dataset).await
}

/// As [`snapshot`], on `conn`: a transaction that holds a lock reads the manifest on its own
/// connection instead of waiting for another from the pool.
pub async fn snapshot_on(conn: &mut PgConnection, dataset: Dataset) -> sqlx::Result<Snapshot> {
    let files: Vec<String> = sqlx::query_scalar("select path from lake_files where dataset = $1 and live order by path")
        .bind(dataset.as_str())
        .fetch_all(&mut *conn)
        .await?;
    let deleted: Vec<i64> = sqlx::query_scalar("select row_id from lake_deletions where dataset = $1")
        .bind(dataset.as_str())
        .fetch_all(&mut *conn)
        .await?;
    Ok(Snapshot { files, deleted })
}

/// Records rows of a dataset as deleted (by `admin_id`): snapshots leave them out from now
/// on, and compaction drops them from the files. Answers how many were not deleted before.
pub async fn delete_rows(db: &PgPool, dataset: Dataset, ids: &[i64], admin_id: i64) -> sqlx::Result<u64> {
    let inserted = sqlx::query(
        "insert into lake_deletions (dataset, row_id, admin_id) select $1, unnest($2::bigint[]), $3 on conflict do nothing",
    )
    .bind(dataset.as_str())
    .bind(ids)
    .bind(admin_id)
    .execute(db)
    .await?;
    Ok(inserted.rows_affected())
}

/// Where a batch comes from and what its rows are.
pub struct BatchInfo {
    /// What was imported: viewing or ratings (a ratings batch also writes its daily rollup).
    pub dataset: Dataset,
    pub origin: &'static str,
    pub file_id: Option<i64>,
    pub job_id: Option<i64>,
    pub admin_id: Option<i64>,
    pub category: Option<i16>,
    pub source: Option<i16>,
    pub belonging_to: Option<i16>,
}

/// Opens a batch in state `writing`.
pub async fn begin_batch(db: &PgPool, info: &BatchInfo) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into lake_batches (dataset, origin, file_id, job_id, admin_id, category, source, belonging_to)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id",
    )
    .bind(info.dataset.as_str())
    .bind(info.origin)
    .bind(info.file_id)
    .bind(info.job_id)
    .bind(info.admin_id)
    .bind(info.category)
    .bind(info.source)
    .bind(info.belonging_to)
    .fetch_one(db)
    .await
}

/// Why a batch could not be made live.
#[derive(Debug, thiserror::Error)]
pub enum CommitError {
    /// The batch's job is no longer held by the committing worker: it was taken over (the
    /// lease that claimed it was lost) and the run that holds it now clears this batch.
    #[error("lake batch {0}: its job is no longer held by this run")]
    JobNotHeld(i64),
    /// The batch is no longer `writing`: another run closed (failed) it.
    #[error("lake batch {0} is no longer being written")]
    NotWriting(i64),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Records the batch's files (each under its own dataset: a ratings batch also writes its
/// rollup) and makes them visible, all in the caller's transaction. A batch of a job commits
/// only while `worker` still holds that job: the job's row stays locked until the transaction
/// ends, so it can't be taken over in between, and a run whose job was taken over (or whose
/// batch was closed by the new holder) fails here with nothing published.
pub async fn commit_batch(
    tx: &mut PgConnection,
    batch_id: i64,
    worker: Option<&str>,
    files: &[LakeFile],
    rows: u64,
) -> Result<(), CommitError> {
    let job: Option<i64> = sqlx::query_scalar("select job_id from lake_batches where id = $1").bind(batch_id).fetch_one(&mut *tx).await?;
    if let Some(job) = job {
        let held: Option<i32> = sqlx::query_scalar("select 1 from jobs where id = $1 and locked_by = $2 and status = 'running' for update")
            .bind(job)
            .bind(worker)
            .fetch_optional(&mut *tx)
            .await?;
        if held.is_none() {
            return Err(CommitError::JobNotHeld(batch_id));
        }
    }
    let made_live = sqlx::query("update lake_batches set status = 'live', rows = $2, committed_at = now() where id = $1 and status = 'writing'")
        .bind(batch_id)
        .bind(rows as i64)
        .execute(&mut *tx)
        .await?;
    if made_live.rows_affected() != 1 {
        return Err(CommitError::NotWriting(batch_id));
    }
    insert_files(tx, batch_id, files).await?;
    Ok(())
}

/// Lists `files` of batch `batch_id` as live, in the caller's transaction.
pub async fn insert_files(tx: &mut PgConnection, batch_id: i64, files: &[LakeFile]) -> sqlx::Result<()> {
    for f in files {
        sqlx::query(
            "insert into lake_files (batch_id, dataset, path, month, rows, bytes, min_time, max_time, live)
             values ($1, $2, $3, $4, $5, $6, $7, $8, true)",
        )
        .bind(batch_id)
        .bind(f.dataset.as_str())
        .bind(&f.path)
        .bind(f.month.to_string())
        .bind(f.rows as i64)
        .bind(f.bytes as i64)
        .bind(f.min_time)
        .bind(f.max_time)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Fails a batch that is still being written (never one that is live).
pub async fn fail_batch(db: &PgPool, batch_id: i64, note: &str) -> sqlx::Result<()> {
    sqlx::query("update lake_batches set status = 'failed', note = $2 where id = $1 and status = 'writing'")
        .bind(batch_id)
        .bind(note)
        .execute(db)
        .await?;
    Ok(())
}

/// Fails the lake batches still `writing` after `age` (their import's process died before
/// committing or failing them) and removes their files, which no snapshot ever listed.
/// Answers how many batches were closed.
pub async fn abandoned_batches(db: &PgPool, lake:&Arc<Lake>, age: std::time::Duration) -> anyhow::Result<u64> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "select id from lake_batches where status = 'writing' and created_at < now() - make_interval(secs => $1)
         order by id",
    )
    .bind(age.as_secs_f64())
    .fetch_all(db)
    .await?;
    for &id in &ids {
        close_dead_batch(db, lake, id).await?;
    }
    Ok(ids.len() as u64)
}

/// The live batch a job committed, with its rows: a job run again after its process died
/// between that commit and recording its end finds its rows here instead of importing twice.
pub async fn live_batch_of_job(db: &PgPool, job_id: i64) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as("select id, rows from lake_batches where job_id = $1 and status = 'live'")
        .bind(job_id)
        .fetch_optional(db)
        .await
}

/// Closes the batches a job left `writing` when its process died, removing their files. Only
/// for the worker that holds the job now: no other run of it is alive.
pub async fn close_batches_of_job(db: &PgPool, lake:&Arc<Lake>, job_id: i64) -> anyhow::Result<u64> {
    let ids: Vec<i64> = sqlx::query_scalar("select id from lake_batches where job_id = $1 and status = 'writing' order by id")
        .bind(job_id)
        .fetch_all(db)
        .await?;
    for &id in &ids {
        close_dead_batch(db, lake, id).await?;
    }
    Ok(ids.len() as u64)
}

async fn close_dead_batch(db: &PgPool, lake:&Arc<Lake>, id: i64) -> anyhow::Result<()> {
    let lake = lake.clone();
    // Files first: a batch whose removal failed stays `writing` and is tried again.
    let removed = blocking(move || lake.remove_batch(id)).await??;
    sqlx::query("update lake_batches set status = 'failed', note = $2 where id = $1 and status = 'writing'")
        .bind(id)
        .bind(format!("导入中断（进程已退出），已清理 {removed} 个未提交的文件"))
        .execute(db)
        .await?;
    tracing::info!(batch = id, removed, "closed an abandoned lake batch");
    Ok(())
}

/// Rewrites the live files of a dataset's months that hold deleted rows, then swaps the
/// manifest in one transaction (old files retired, new ones live, deletions of the rewritten
/// rows dropped); the old files are removed [`RETIRED_KEPT`] later by housekeeping. Viewing files take their rollups along: the new
/// files' are built and the old files' twins retired in the same swap. Answers how many files
/// were rewritten.
pub async fn compact(db: &PgPool, lake:&Arc<Lake>, dataset: Dataset) -> anyhow::Result<usize> {
    // An order's current certificate names its batch (order_certificate_months): its files
    // must stay that batch's, and certificate rows are never deleted anyway.
    if dataset == Dataset::Certificates {
        anyhow::bail!("certificate batches stay as imported: orders name them");
    }
    if dataset == Dataset::ViewingDaily {
        anyhow::bail!("viewing rollups are rebuilt when their viewing files are compacted");
    }
    let name = dataset.as_str();
    let months: Vec<String> = sqlx::query_scalar("select distinct month from lake_files where dataset = $1 and live order by 1")
        .bind(name)
        .fetch_all(db)
        .await?;
    let mut rewritten = 0;
    for month in months {
        let files: Vec<(i64, String)> =
            sqlx::query_as("select id, path from lake_files where dataset = $1 and month = $2 and live order by path")
                .bind(name)
                .bind(&month)
                .fetch_all(db)
                .await?;
        let deleted: Vec<i64> = sqlx::query_scalar("select row_id from lake_deletions where dataset = $1").bind(name).fetch_all(db).await?;
        if files.len() < 2 && deleted.is_empty() {
            continue;
        }
        let snapshot = Snapshot { files: files.iter().map(|(_, p)| p.clone()).collect(), deleted: deleted.clone() };
        let engine = lake.clone();
        let fresh = blocking(move || -> anyhow::Result<Vec<LakeFile>> {
            let mut fresh = engine.compact(&snapshot, dataset)?;
            match engine.viewing_rollup(&fresh) {
                Ok(rollups) => fresh.extend(rollups),
                Err(e) => {
                    engine.remove(&fresh).ok();
                    return Err(e.into());
                }
            }
            Ok(fresh)
        })
        .await??;
        // The old viewing files' rollups go with them, of an earlier format too (same month and
        // name as the file, which the start's backfill would otherwise retire).
        let twins: Vec<String> = files
            .iter()
            .filter_map(|(_, p)| adeval_engine::viewing_rollup_path(p).map(|twin| [twin, p.replacen("viewing/", "viewing_daily/", 1)]))
            .flatten()
            .collect();
        let batch = begin_batch(
            db,
            // A batch is of what was imported: the daily rollup is written by ratings batches.
            &BatchInfo { dataset: if dataset == Dataset::RatingsDaily { Dataset::Ratings } else { dataset }, origin: "cli", file_id: None, job_id: None, admin_id: None, category: None, source: None, belonging_to: None },
        )
        .await?;
        let rows: u64 = fresh.iter().filter(|f| f.dataset == dataset).map(|f| f.rows).sum();
        let mut tx = db.begin().await?;
        let old_ids: Vec<i64> = files.iter().map(|(id, _)| *id).collect();
        sqlx::query("update lake_files set live = false, retired_at = now() where id = any($1)").bind(&old_ids).execute(&mut *tx).await?;
        sqlx::query("update lake_files set live = false, retired_at = now() where path = any($1) and live")
            .bind(&twins)
            .execute(&mut *tx)
            .await?;
        commit_batch(&mut tx, batch, None, &fresh, rows).await?;
        // The month's rollup across batches is rebuilt from the new twins (month_rollups.rs).
        let mut merged = Vec::new();
        let months = month_rollups::viewing_months(&fresh);
        if let Err(e) = month_rollups::merge_months(&mut tx, lake, batch, &months, &mut merged).await {
            let lake = lake.clone();
            let _ = blocking(move || lake.remove(&[fresh, merged].concat())).await;
            return Err(e);
        }
        // Deletion records stay: the rows are gone from the new files, and a record for a
        // missing id filters nothing.
        tx.commit().await?;
        // The replaced files stay on disk, retired: a read that took its snapshot before the
        // commit may still be reading them. Housekeeping removes them ([`sweep_retired`]).
        rewritten += old_ids.len();
    }
    Ok(rewritten)
}

/// Does once, after a start, what the first customer list and dashboard calls would wait for:
/// the viewing files' footers read and their deleted ids located (0.5–1 s over 10M rows), the
/// newest title companions indexed. Reads the manifest itself, not through the kept snapshots.
pub async fn warm(db: &PgPool, lake:&Arc<Lake>) -> anyhow::Result<()> {
    let viewing = snapshot(db, Dataset::Viewing).await?;
    let rollup = snapshot(db, Dataset::ViewingDaily).await?;
    let lake = lake.clone();
    let started = std::time::Instant::now();
    let companions = blocking(move || -> anyhow::Result<usize> {
        lake.viewing_page(&viewing, &adeval_engine::ViewingFilter::default(), 1, 10)?;
        Ok(lake.index_title_companions(&rollup)?)
    })
    .await??;
    tracing::info!(companions, ms = started.elapsed().as_millis() as u64, "warmed the lake's reads");
    Ok(())
}

/// How long a retired lake file (replaced by a compaction, a month rollup replaced by the next
/// commit of its month) stays on disk: longer than any read that took its snapshot before the
/// commit that retired it.
pub const RETIRED_KEPT: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// Removes the lake files retired more than `kept` ago (and less than a week: housekeeping
/// runs every ten minutes, so older ones are gone already unless no server ran for a week).
/// Answers how many it looked at.
pub async fn sweep_retired(db: &PgPool, lake: &std::sync::Arc<adeval_engine::Lake>, kept: std::time::Duration) -> anyhow::Result<usize> {
    let paths: Vec<String> = sqlx::query_scalar(
        "select path from lake_files
          where not live and retired_at is not null
            and retired_at < now() - make_interval(secs => $1) and retired_at > now() - interval '7 days'",
    )
    .bind(kept.as_secs_f64())
    .fetch_all(db)
    .await?;
    let n = paths.len();
    let lake = lake.clone();
    blocking(move || lake.remove_paths(paths.iter().map(String::as_str))).await??;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn blocking_work_answers_its_value_and_a_panic_is_the_one_internal_error() {
        assert_eq!(blocking(|| 6 * 7).await.unwrap(), 42);
        // The work starts when asked for, not when awaited: a producer feeding a channel that
        // the caller drains first (the customer-data export) must not wait for the await.
        let (tx, rx) = std::sync::mpsc::channel();
        let sent = blocking(move || tx.send("started").is_ok());
        assert_eq!(rx.recv_timeout(std::time::Duration::from_secs(30)), Ok("started"));
        assert!(sent.await.unwrap());
        let failed: Result<Result<u8, String>> = blocking(|| Err("the caller's own error".into())).await;
        assert_eq!(failed.unwrap(), Err("the caller's own error".to_owned()));
        let panicked = blocking(|| -> u8 { panic!("a bug in the engine") }).await.unwrap_err();
        assert_eq!(panicked.code(), 5000);
        let text = format!("{panicked:#}");
        assert!(text.contains("panicked") && text.contains("server/src/lake/mod.rs"), "{text}");
    }
}
