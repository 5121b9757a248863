//! The import lifecycle every file import shares (docs/import-formats.md): read and check the
//! whole file, each row against the file's rules and the database's data together, refuse it
//! with every bad row listed and counted ([`ImportError::Refused`], [`describe`]),
//! report progress as it goes ([`Report`]), and make what it wrote visible all at once or not
//! at all ([`commit_or_remove`] for lake files; one transaction for Postgres rows).
//!
//! Customer viewing data ([`customer`]) and rating series ([`ratings`]) land in the lake;
//! order templates land in the order's schedule (`crate::orders::schedule`); broadcast
//! certificates land in the lake and point the order at their batch in the same commit
//! (`crate::orders::certificates`, [`commit_or_remove_with`]).

pub mod customer;
pub mod ratings;
pub mod templates;

use std::sync::Arc;

use adeval_engine::{Dataset, Lake, LakeFile};
use futures_util::future::BoxFuture;
use adeval_ingest::{Rejected, RowErrors};
use sqlx::{PgConnection, PgPool};

use crate::lake::{CommitError, commit_batch};

/// Where a batch comes from: its file and job (an upload), or the shell.
#[derive(Clone, Debug, Default)]
pub struct Origin {
    pub file_id: Option<i64>,
    pub job_id: Option<i64>,
    /// The worker holding the job: the batch commits only while it still does.
    pub worker: Option<String>,
    pub admin_id: Option<i64>,
    /// Imported from the shell (or the demo set) rather than uploaded.
    pub cli: bool,
}

impl Origin {
    /// The batch's `origin` column.
    pub fn label(&self) -> &'static str {
        if self.cli { "cli" } else { "upload" }
    }
}

/// How many row errors a refusal lists before summing up the rest.
pub(crate) const LISTED_ERRORS: usize = 50;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file was refused; the text lists why, in Chinese.
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<sqlx::Error> for ImportError {
    fn from(e: sqlx::Error) -> Self {
        ImportError::Internal(e.into())
    }
}

/// The crate's error inside an import — work off the async threads that panicked
/// ([`crate::lake::blocking`]) — is internal to it: the import's refusals are its own.
impl From<crate::error::AppError> for ImportError {
    fn from(e: crate::error::AppError) -> Self {
        ImportError::Internal(e.into())
    }
}

impl From<Rejected> for ImportError {
    /// A file the reader refused: the file as a whole, or every bad row.
    fn from(rejected: Rejected) -> Self {
        match rejected {
            Rejected::File(e) => ImportError::Refused(e.to_string()),
            Rejected::Rows(errors) => ImportError::Refused(describe(&errors)),
        }
    }
}

/// Progress of an import: a stage text and the percent done.
pub trait Report: Send + Sync {
    fn stage(&self, percent: i64, text: &str) -> impl std::future::Future<Output = ()> + Send;

    /// `done` of the file's `total` bytes read and checked, while a customer-data file is read
    /// (reading is the first half or so of an import). The shell draws a bar by bytes.
    fn read(&self, done: u64, total: u64) -> impl std::future::Future<Output = ()> + Send {
        let percent = 5 + (50 * done.min(total)).checked_div(total).unwrap_or(0) as i64;
        async move { self.stage(percent, "读取并校验文件").await }
    }
}

/// The refusal of a file with bad rows, as every import words it: what the counts count
/// (`2 行有错误（共 3 处）`), then the first [`LISTED_ERRORS`] problems in sheet-row order,
/// located as the reader locates them (sheet, row, column, value, reason), and how many more
/// there are.
pub fn describe(errors: &RowErrors) -> String {
    let listed = errors.errors.len().min(LISTED_ERRORS);
    let mut text = format!("未导入任何数据：{}", errors.count_text());
    if (listed as u64) < errors.problems {
        text.push_str(&format!("，以下列出前 {listed} 处"));
    }
    for e in &errors.errors[..listed] {
        text.push('\n');
        if !e.sheet.is_empty() {
            text.push_str(&format!("「{}」", e.sheet));
        }
        // Row 0: the file as a whole (a rating source missing a column).
        if e.row > 0 {
            text.push_str(&format!("第 {} 行", e.row));
        }
        if !e.column.is_empty() {
            text.push_str(&format!("「{}」“{}”", e.column, e.value));
        }
        text.push_str(&format!("：{}", e.reason));
    }
    let rest = errors.problems - listed as u64;
    if rest > 0 {
        text.push_str(&format!("\n……另有 {rest} 处未列出"));
    }
    text
}

/// Makes the lake files a batch wrote live in one transaction, or removes them when that
/// fails: files no manifest lists are never read, but they would stay on disk.
pub async fn commit_or_remove(db: &PgPool, lake: &Arc<Lake>, batch_id: i64, worker: Option<&str>, files: Vec<LakeFile>, rows: u64) -> anyhow::Result<()> {
    commit_or_remove_with(db, lake, batch_id, worker, files, rows, |_| Box::pin(async { Ok(()) })).await
}

/// As [`commit_or_remove`], running `then` inside the commit transaction after the batch is
/// made live: both commit, or neither does and the files are removed. A batch's viewing files
/// are committed with their rollups ([`Dataset::ViewingDaily`]), built here from them, so every
/// way viewing rows arrive (uploads, the shell, the demo) keeps the dashboard's source whole.
pub async fn commit_or_remove_with<F>(
    db: &PgPool, lake: &Arc<Lake>,
    batch_id: i64,
    worker: Option<&str>,
    files: Vec<LakeFile>,
    rows: u64,
    then: F,
) -> anyhow::Result<()>
where
    F: for<'c> FnOnce(&'c mut PgConnection) -> BoxFuture<'c, anyhow::Result<()>> + Send,
{
    let files = with_rollups(lake, files).await?;
    let mut tx = db.begin().await?;
    let mut merged = Vec::new();
    let committed: anyhow::Result<()> = async {
        commit_batch(&mut tx, batch_id, worker, &files, rows).await?;
        // The months' rollups across batches, under a lock per month (lake/month_rollups.rs).
        let months = crate::lake::month_rollups::viewing_months(&files);
        crate::lake::month_rollups::merge_months(&mut tx, lake, batch_id, &months, &mut merged).await?;
        then(&mut tx).await?;
        tx.commit().await.map_err(CommitError::from)?;
        Ok(())
    }
    .await;
    let lake = lake.clone();
    match committed {
        Err(e) => {
            let _ = crate::lake::blocking(move || lake.remove(&[files, merged].concat())).await;
            Err(e)
        }
        // The month rollups this commit replaced stay on disk: a dashboard read that took its
        // snapshot just before may still be reading them. Housekeeping removes them once they
        // have been retired for a while (`lake::sweep_retired`).
        Ok(()) => Ok(()),
    }
}

/// `files` and the rollups of its viewing files. When the rollups can't be built, every file
/// is removed and the batch fails as any write would.
async fn with_rollups(lake: &Arc<Lake>, mut files: Vec<LakeFile>) -> anyhow::Result<Vec<LakeFile>> {
    if !files.iter().any(|f| f.dataset == Dataset::Viewing) {
        return Ok(files);
    }
    let (engine, viewing) = (lake.clone(), files.clone());
    let built = crate::lake::blocking(move || engine.viewing_rollup(&viewing)).await;
    match built {
        Ok(Ok(rollups)) => {
            files.extend(rollups);
            Ok(files)
        }
        failed => {
            let lake = lake.clone();
            let _ = crate::lake::blocking(move || lake.remove(&files)).await;
            Err(match failed {
                Ok(Err(e)) => anyhow::Error::from(e).context("building the viewing rollup"),
                Err(e) => anyhow::Error::from(e),
                Ok(Ok(_)) => unreachable!("handled above"),
            })
        }
    }
}
