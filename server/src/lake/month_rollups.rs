//! Month rollups kept at commit: whatever makes viewing files live (an import batch, a
//! compaction, the rollup backfill) rebuilds, in the same transaction, the month rollup of each
//! month it touched from that month's previous month rollup and the twins of the viewing files
//! it doesn't cover yet (docs/decisions.md "Dashboard rollups").
//!
//! Two commits of one month at once would each merge the same previous file and one of them
//! would lose the other's rows. Every transaction that lists lake files already waits for the
//! others (the manifest's version row, bumped per statement on `lake_files`, stays locked until
//! commit), and the merge reads the month's files after its own first write, so it sees every
//! earlier commit's files; a transaction-scoped advisory lock per month says so explicitly and
//! keeps it so should the manifest's bump change.

use std::collections::HashSet;
use std::sync::Arc;

use adeval_engine::{Lake, LakeFile, Month, is_month_rollup, is_titles_rollup, viewing_rollup_path};
use sqlx::PgConnection;

/// The advisory lock class of month rollups; the key is `hashtext` of the month.
const LOCK_CLASS: i32 = 0x6164_6577;

/// Rebuilds the month rollups of `months` in the caller's transaction, naming them after
/// `batch` (a batch lists its month rollups as its files). Every file it writes is pushed to
/// `written` first, so the caller removes them if its transaction fails. The month rollups it
/// replaces are retired, left on disk for the sweep.
pub async fn merge_months(
    tx: &mut PgConnection,
    lake: &Arc<Lake>,
    batch: i64,
    months: &[Month],
    written: &mut Vec<LakeFile>,
) -> anyhow::Result<()> {
    for month in months {
        let month_text = month.to_string();
        sqlx::query("select pg_advisory_xact_lock($1, hashtext($2))").bind(LOCK_CLASS).bind(&month_text).execute(&mut *tx).await?;
        let live = |dataset: &'static str| {
            sqlx::query_scalar::<_, String>("select path from lake_files where dataset = $1 and month = $2 and live order by path")
                .bind(dataset)
                .bind(month_text.clone())
        };
        let viewing: Vec<String> = live("viewing").fetch_all(&mut *tx).await?;
        let rollups: Vec<String> = live("viewing_daily").fetch_all(&mut *tx).await?;
        // Rollups of an earlier format are neither (the backfill retires them).
        let (olds, twins): (Vec<String>, Vec<String>) = rollups.into_iter().partition(|p| is_month_rollup(p));
        let listed: HashSet<&str> = viewing.iter().map(String::as_str).collect();
        // The previous month rollup, when it still covers only live files (a compaction
        // retires the files it covers; then it is rebuilt from the twins alone).
        let mut base: Option<(String, Arc<Vec<String>>)> = None;
        for old in olds.iter().filter(|p| !is_titles_rollup(p)) {
            let (lake, path) = (lake.clone(), old.clone());
            let covers = super::blocking(move || lake.month_rollup_covers(&path)).await??;
            if covers.iter().all(|c| listed.contains(c.as_str())) && base.as_ref().is_none_or(|(_, b)| b.len() < covers.len()) {
                base = Some((old.clone(), covers));
            }
        }
        let twins: HashSet<String> = twins.into_iter().collect();
        let covered: HashSet<&str> = base.iter().flat_map(|(_, c)| c.iter().map(String::as_str)).collect();
        let new: Vec<(String, String)> = viewing
            .iter()
            .filter(|v| !covered.contains(v.as_str()))
            .filter_map(|v| viewing_rollup_path(v).filter(|t| twins.contains(t)).map(|t| (v.clone(), t)))
            .collect();
        if new.is_empty() {
            continue;
        }
        let mut sources: Vec<String> = base.iter().map(|(p, _)| p.clone()).collect();
        sources.extend(new.iter().map(|(_, t)| t.clone()));
        let mut covers: Vec<String> = covered.iter().map(|c| (*c).to_owned()).collect();
        covers.extend(new.into_iter().map(|(v, _)| v));
        let (lake, month) = (lake.clone(), *month);
        // The month rollup and its title companion (the olds include the previous companion).
        let files = super::blocking(move || lake.month_rollup(month, batch, &sources, &covers)).await??;
        if files.is_empty() {
            continue;
        }
        written.extend(files.iter().cloned());
        super::insert_files(tx, batch, &files).await?;
        // The replaced ones stay on disk for reads in flight; housekeeping removes them
        // (`lake::sweep_retired`).
        sqlx::query("update lake_files set live = false, retired_at = now() where path = any($1) and live")
            .bind(&olds)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// The months of the viewing files among `files`, each once.
pub fn viewing_months(files: &[LakeFile]) -> Vec<Month> {
    let mut months: Vec<Month> = files.iter().filter(|f| f.dataset == adeval_engine::Dataset::Viewing).map(|f| f.month).collect();
    months.sort();
    months.dedup();
    months
}
