//! Rollups for live viewing files that have none: lakes written before the dashboard (issue
//! 18), whose batches were committed without them. Built once in the background when a server
//! starts; until then the dashboard reads those files raw, so answers never depend on it
//! (docs/decisions.md, "Issue 18: dashboard and the viewing rollup").

use std::collections::{BTreeMap, HashSet};

use adeval_engine::{Dataset, LakeFile, Month, viewing_rollup_path};
use chrono::NaiveDateTime;

use crate::state::AppState;

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
pub async fn backfill(state: &AppState) -> anyhow::Result<usize> {
    let mut lock = state.db.acquire().await?;
    let held: bool =
        sqlx::query_scalar("select pg_try_advisory_lock($1, $2)").bind(LOCK.0).bind(LOCK.1).fetch_one(&mut *lock).await?;
    if !held {
        return Ok(0);
    }
    let mut built = build_missing(state).await;
    if let Ok(n) = &mut built {
        match add_title_companions(state).await {
            Ok(months) => *n += months,
            Err(e) => tracing::warn!(error = ?e, "adding title companions to month rollups"),
        }
    }
    let _ = sqlx::query("select pg_advisory_unlock($1, $2)").bind(LOCK.0).bind(LOCK.1).execute(&mut *lock).await;
    built
}

async fn build_missing(state: &AppState) -> anyhow::Result<usize> {
    let live: Vec<Live> = sqlx::query_as(
        "select id, batch_id, path, month, rows, bytes, min_time, max_time from lake_files
         where dataset = 'viewing' and live order by batch_id, path",
    )
    .fetch_all(&state.db)
    .await?;
    let rolled: HashSet<String> =
        sqlx::query_scalar("select path from lake_files where dataset = 'viewing_daily' and live").fetch_all(&state.db).await?.into_iter().collect();
    let mut by_batch: BTreeMap<i64, Vec<Live>> = BTreeMap::new();
    for file in live {
        if viewing_rollup_path(&file.path).is_some_and(|twin| !rolled.contains(&twin)) {
            by_batch.entry(file.batch_id).or_default().push(file);
        }
    }
    let mut built = 0;
    for (batch, files) in by_batch {
        match build_batch(state, batch, &files).await {
            Ok(n) => built += n,
            Err(e) => tracing::warn!(batch, error = ?e, "building the viewing rollups of a batch"),
        }
    }
    if built > 0 {
        tracing::info!(files = built, "built the missing viewing rollups");
    }
    Ok(built)
}

/// The rollups of one batch's files, listed only while those files are still live (a
/// compaction may have replaced them meanwhile, with rollups of its own).
async fn build_batch(state: &AppState, batch: i64, files: &[Live]) -> anyhow::Result<usize> {
    let lake_files = lake_files_of(files)?;
    let lake = state.lake.clone();
    let rollups = tokio::task::spawn_blocking(move || -> anyhow::Result<Vec<LakeFile>> {
        // What a backfill that died before listing its files left (under the lock, nothing
        // else writes twins of live files).
        let twins: Vec<String> = lake_files.iter().filter_map(|f| viewing_rollup_path(&f.path)).collect();
        lake.remove_paths(twins.iter().map(String::as_str))?;
        Ok(lake.viewing_rollup(&lake_files)?)
    })
    .await??;
    let ids: Vec<i64> = files.iter().map(|f| f.id).collect();
    let mut merged = Vec::new();
    let listed: anyhow::Result<bool> = async {
        let mut tx = state.db.begin().await?;
        let still: Vec<i64> = sqlx::query_scalar("select id from lake_files where id = any($1) and live for update")
            .bind(&ids)
            .fetch_all(&mut *tx)
            .await?;
        if still.len() != ids.len() {
            return Ok(false);
        }
        crate::lake::insert_files(&mut tx, batch, &rollups).await?;
        // The months' rollups across batches take the new twins in (month_rollups.rs).
        let months: Vec<Month> = super::month_rollups::viewing_months(&lake_files_of(files)?);
        // The month rollups it replaces stay for reads in flight (`lake::sweep_retired`).
        super::month_rollups::merge_months(&mut tx, &state.lake, batch, &months, &mut merged).await?;
        tx.commit().await?;
        Ok(true)
    }
    .await;
    if !matches!(listed, Ok(true)) {
        let (lake, built) = (state.lake.clone(), [rollups.clone(), merged].concat());
        let _ = tokio::task::spawn_blocking(move || lake.remove(&built)).await;
    }
    Ok(if listed? { rollups.len() } else { 0 })
}

/// Rebuilds each live month rollup written before title companions (session 12), so its month
/// gets one (month_rollups.rs); the one it replaces is retired and swept as any other. Answers
/// how many months were rebuilt.
async fn add_title_companions(state: &AppState) -> anyhow::Result<usize> {
    let live: Vec<(String, String, i64)> = sqlx::query_as(
        "select path, month, batch_id from lake_files where dataset = 'viewing_daily' and live and path like '%/month-%'",
    )
    .fetch_all(&state.db)
    .await?;
    let paths: HashSet<&str> = live.iter().map(|(p, _, _)| p.as_str()).collect();
    let mut done = 0;
    for (path, month, batch) in &live {
        if adeval_engine::titles_rollup_path(path).is_none_or(|c| paths.contains(c.as_str())) {
            continue;
        }
        let month: Month = month.parse()?;
        let mut written = Vec::new();
        let merged: anyhow::Result<()> = async {
            let mut tx = state.db.begin().await?;
            super::month_rollups::merge_months(&mut tx, &state.lake, *batch, &[month], &mut written).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        if let Err(e) = merged {
            let lake = state.lake.clone();
            let _ = tokio::task::spawn_blocking(move || lake.remove(&written)).await;
            return Err(e);
        }
        done += 1;
    }
    if done > 0 {
        tracing::info!(months = done, "gave month rollups their title companions");
    }
    Ok(done)
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
