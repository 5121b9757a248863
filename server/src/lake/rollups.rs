//! Rollups for live viewing files that have none of the current format: lakes written before
//! the dashboard, whose batches were committed without rollups, and lakes whose
//! rollups are of an earlier format (names without [`adeval_engine::ROLLUP_PREFIX`]: GRP summed
//! as doubles, title companions without side and group), which readers pass over. Built once
//! in the background when a server starts, then the earlier format's files are retired; until
//! then the dashboard reads those files raw, so answers never depend on it (docs/dashboard.md,
//! "Rollups").

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use adeval_engine::{Dataset, Lake, LakeFile, Month, is_legacy_rollup, viewing_rollup_path};
use chrono::NaiveDateTime;
use sqlx::PgPool;

/// The advisory lock (class, key) that keeps backfills to one process at a time: a second
/// server starting at once finds it taken and leaves the work to the first.
const LOCK: (i32, i32) = (0x6164_6576, 18);

#[derive(sqlx::FromRow)]
struct Live {
    id: i64,
    batch_id: i64,
    path: String,
    month: String,
    rows: i64,
    bytes: i64,
    min_time: Option<NaiveDateTime>,
    max_time: Option<NaiveDateTime>,
}

/// Builds and lists the rollup of every live viewing file without one. Answers how many were
/// built.
pub async fn backfill(db: &PgPool, lake: &Arc<Lake>) -> anyhow::Result<usize> {
    let mut lock = db.acquire().await?;
    let held: bool =
        sqlx::query_scalar("select pg_try_advisory_lock($1, $2)").bind(LOCK.0).bind(LOCK.1).fetch_one(&mut *lock).await?;
    if !held {
        return Ok(0);
    }
    let built = build_missing(db, lake).await;
    if built.is_ok()
        && let Err(e) = retire_legacy(db).await
    {
        tracing::warn!(error = ?e, "retiring viewing rollups of an earlier format");
    }
    let _ = sqlx::query("select pg_advisory_unlock($1, $2)").bind(LOCK.0).bind(LOCK.1).execute(&mut *lock).await;
    built
}

async fn build_missing(db: &PgPool, lake: &Arc<Lake>) -> anyhow::Result<usize> {
    let live: Vec<Live> = sqlx::query_as(
        "select id, batch_id, path, month, rows, bytes, min_time, max_time from lake_files
         where dataset = 'viewing' and live order by batch_id, path",
    )
    .fetch_all(db)
    .await?;
    let rolled: HashSet<String> =
        sqlx::query_scalar("select path from lake_files where dataset = 'viewing_daily' and live").fetch_all(db).await?.into_iter().collect();
    let mut by_batch: BTreeMap<i64, Vec<Live>> = BTreeMap::new();
    for file in live {
        if viewing_rollup_path(&file.path).is_some_and(|twin| !rolled.contains(&twin)) {
            by_batch.entry(file.batch_id).or_default().push(file);
        }
    }
    let mut built = 0;
    // Each month touched, with the newest batch that touched it (its month rollup's name).
    let mut months: BTreeMap<Month, i64> = BTreeMap::new();
    for (batch, files) in by_batch {
        match build_batch(db, lake, batch, &files).await {
            Ok(0) => {}
            Ok(n) => {
                built += n;
                for month in super::month_rollups::viewing_months(&lake_files_of(&files)?) {
                    months.insert(month, batch);
                }
            }
            Err(e) => tracing::warn!(batch, error = ?e, "building the viewing rollups of a batch"),
        }
    }
    // The months' rollups across batches take the new twins in, once a month rather than once
    // a batch (month_rollups.rs); until then the twins answer, a lagging month rollup only
    // costs speed.
    for (month, batch) in months {
        let mut written = Vec::new();
        let merged: anyhow::Result<()> = async {
            let mut tx = db.begin().await?;
            super::month_rollups::merge_months(&mut tx, lake, batch, &[month], &mut written).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        if let Err(e) = merged {
            let lake = lake.clone();
            let _ = super::blocking(move || lake.remove(&written)).await;
            tracing::warn!(%month, error = ?e, "merging the month's viewing rollups");
        }
    }
    if built > 0 {
        tracing::info!(files = built, "built the missing viewing rollups");
    }
    Ok(built)
}

/// Retires the live viewing rollups of an earlier format ([`is_legacy_rollup`]): readers pass
/// them over, so they only take room; the sweep removes them as any retired file. Answers how
/// many.
async fn retire_legacy(db: &PgPool) -> anyhow::Result<usize> {
    let live: Vec<String> =
        sqlx::query_scalar("select path from lake_files where dataset = 'viewing_daily' and live").fetch_all(db).await?;
    let legacy: Vec<String> = live.into_iter().filter(|p| is_legacy_rollup(p)).collect();
    if legacy.is_empty() {
        return Ok(0);
    }
    sqlx::query("update lake_files set live = false, retired_at = now() where path = any($1) and live")
        .bind(&legacy)
        .execute(db)
        .await?;
    tracing::info!(files = legacy.len(), "retired viewing rollups of an earlier format");
    Ok(legacy.len())
}

/// The rollups of one batch's files, listed only while those files are still live (a
/// compaction may have replaced them meanwhile, with rollups of its own).
async fn build_batch(db: &PgPool, lake: &Arc<Lake>, batch: i64, files: &[Live]) -> anyhow::Result<usize> {
    let lake_files = lake_files_of(files)?;
    let engine = lake.clone();
    let rollups = super::blocking(move || -> anyhow::Result<Vec<LakeFile>> {
        // What a backfill that died before listing its files left (under the lock, nothing
        // else writes twins of live files).
        let twins: Vec<String> = lake_files.iter().filter_map(|f| viewing_rollup_path(&f.path)).collect();
        engine.remove_paths(twins.iter().map(String::as_str))?;
        Ok(engine.viewing_rollup(&lake_files)?)
    })
    .await??;
    let ids: Vec<i64> = files.iter().map(|f| f.id).collect();
    let listed: anyhow::Result<bool> = async {
        let mut tx = db.begin().await?;
        let still: Vec<i64> = sqlx::query_scalar("select id from lake_files where id = any($1) and live for update")
            .bind(&ids)
            .fetch_all(&mut *tx)
            .await?;
        if still.len() != ids.len() {
            return Ok(false);
        }
        crate::lake::insert_files(&mut tx, batch, &rollups).await?;
        tx.commit().await?;
        Ok(true)
    }
    .await;
    if !matches!(listed, Ok(true)) {
        let (lake, built) = (lake.clone(), rollups.clone());
        let _ = super::blocking(move || lake.remove(&built)).await;
    }
    Ok(if listed? { rollups.len() } else { 0 })
}

/// The manifest rows as the engine's file records.
fn lake_files_of(files: &[Live]) -> anyhow::Result<Vec<LakeFile>> {
    files
        .iter()
        .map(|f| {
            Ok(LakeFile {
                path: f.path.clone(),
                dataset: Dataset::Viewing,
                month: f.month.parse::<Month>()?,
                rows: f.rows as u64,
                bytes: f.bytes as u64,
                min_time: f.min_time.unwrap_or_default(),
                max_time: f.max_time.unwrap_or_default(),
            })
        })
        .collect()
}
