//! Importing rating series (docs/import-formats.md 收视率; the shell's `adeval import
//! ratings`): the engine reads and checks csv or Parquet files and writes them with their
//! daily rollup as one batch, which becomes live all at once or not at all. A refused batch
//! answers as every refused import does ([`describe`]): its lines with problems and its
//! problems counted, the first ones listed.

use std::sync::Arc;

use adeval_engine::{Dataset, Lake, RatingsSummary};
use adeval_ingest::{RowError, RowErrors};
use sqlx::PgPool;

use crate::lake::{BatchInfo, begin_batch, fail_batch};

use super::{commit_or_remove, describe};

/// Imports rating series (csv or Parquet: channel, audience_group, ts, rating) as one batch with
/// its daily rollup. Answers the batch id and rows, or the lines of the refusal: the counts
/// first, then the first problems.
pub async fn import(db: &PgPool, lake: &Arc<Lake>, files: Vec<std::path::PathBuf>, origin: &str) -> anyhow::Result<Result<(i64, u64), Vec<String>>> {
    let batch_id = begin_batch(
        db,
        &BatchInfo {
            dataset: Dataset::Ratings,
            origin: if origin == "cli" { "cli" } else { "upload" },
            file_id: None,
            job_id: None,
            admin_id: None,
            category: None,
            source: None,
            belonging_to: None,
        },
    )
    .await?;
    let engine = lake.clone();
    let imported = crate::lake::blocking(move || engine.import_ratings(batch_id, &files)).await?;
    let (written, summary) = match imported {
        Ok(done) => done,
        Err(e) if e.is_user_error() => {
            fail_batch(db, batch_id, &e.to_string()).await?;
            return Ok(Err(vec![e.to_string()]));
        }
        Err(e) => {
            fail_batch(db, batch_id, "导入失败").await?;
            return Err(e.into());
        }
    };
    if summary.problems > 0 {
        let text = describe(&refusal(&summary));
        fail_batch(db, batch_id, &text).await?;
        return Ok(Err(text.lines().map(str::to_owned).collect()));
    }
    commit_or_remove(db, lake, batch_id, None, written, summary.rows).await?;
    Ok(Ok((batch_id, summary.rows)))
}

/// A refused batch's problems as the other imports' rows: the file as the sheet, the line as
/// the row (0: the file as a whole).
fn refusal(summary: &RatingsSummary) -> RowErrors {
    let listed = summary
        .rejected
        .iter()
        .map(|p| RowError {
            sheet: p.file.clone(),
            row: p.line.map_or(0, |l| u32::try_from(l).unwrap_or(u32::MAX)),
            column: String::new(),
            value: String::new(),
            reason: p.reason.clone(),
        })
        .collect();
    RowErrors::counted(listed, summary.bad_lines, summary.problems)
}
