//! The server's side of the Parquet lake: the manifest in Postgres (DESIGN.md §1). A batch's
//! files are written by the engine first and become visible in the one transaction that marks
//! them live; every query reads the snapshot of live files and deleted row ids.

pub mod customer;

use adeval_engine::{LakeFile, Snapshot};
use sqlx::{PgConnection, PgPool};

/// Row ids are unique across the lake without a sequence round trip: the batch id in the high
/// 32 bits, the row's place in the batch in the low ones.
pub fn row_id(batch_id: i64, n: usize) -> i64 {
    (batch_id << 32) | (n as i64 & 0xFFFF_FFFF)
}

/// The live files and deleted row ids of a dataset.
pub async fn snapshot(db: &PgPool, dataset: &str) -> sqlx::Result<Snapshot> {
    let files: Vec<String> = sqlx::query_scalar("select path from lake_files where dataset = $1 and live order by path")
        .bind(dataset)
        .fetch_all(db)
        .await?;
    let deleted: Vec<i64> = sqlx::query_scalar("select row_id from lake_deletions where dataset = $1")
        .bind(dataset)
        .fetch_all(db)
        .await?;
    Ok(Snapshot { files, deleted })
}

/// Where a batch comes from and what its rows are.
pub struct BatchInfo {
    pub dataset: &'static str,
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
    .bind(info.dataset)
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

/// Records the batch's files and makes them visible, all in the caller's transaction.
pub async fn commit_batch(tx: &mut PgConnection, batch_id: i64, dataset: &str, files: &[LakeFile], rows: u64) -> sqlx::Result<()> {
    for f in files {
        sqlx::query(
            "insert into lake_files (batch_id, dataset, path, month, rows, bytes, min_time, max_time, live)
             values ($1, $2, $3, $4, $5, $6, $7, $8, true)",
        )
        .bind(batch_id)
        .bind(dataset)
        .bind(&f.path)
        .bind(f.month.to_string())
        .bind(f.rows as i64)
        .bind(f.bytes as i64)
        .bind(f.min_time)
        .bind(f.max_time)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("update lake_batches set status = 'live', rows = $2, committed_at = now() where id = $1")
        .bind(batch_id)
        .bind(rows as i64)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub async fn fail_batch(db: &PgPool, batch_id: i64, note: &str) -> sqlx::Result<()> {
    sqlx::query("update lake_batches set status = 'failed', note = $2 where id = $1")
        .bind(batch_id)
        .bind(note)
        .execute(db)
        .await?;
    Ok(())
}
