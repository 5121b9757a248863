//! Snapshots kept by manifest version: the live files and deleted row ids of a dataset, read
//! from Postgres once and then again only after the manifest changed.
//!
//! Every statement that changes `lake_files` or `lake_deletions` bumps `lake_manifest.version`
//! (a trigger, so no writer can forget). A query asks Postgres for that one number; while it
//! is the version a kept snapshot was read at, that snapshot is still the manifest's, whichever
//! process wrote last. A snapshot is read in one repeatable-read transaction with its version,
//! so the two always belong together.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use adeval_engine::{Dataset, Snapshot};
use sqlx::PgPool;

#[derive(Default)]
pub struct Snapshots {
    kept: Mutex<HashMap<Dataset, (i64, Arc<Snapshot>)>>,
}

impl Snapshots {
    /// The dataset's snapshot as the manifest holds it now.
    pub async fn get(&self, db: &PgPool, dataset: Dataset) -> sqlx::Result<Arc<Snapshot>> {
        Ok(self.versioned(db, dataset).await?.1)
    }

    /// The dataset's snapshot as the manifest holds it now, with the manifest's version: what
    /// is derived from the snapshot may be kept under that version.
    pub async fn versioned(&self, db: &PgPool, dataset: Dataset) -> sqlx::Result<(i64, Arc<Snapshot>)> {
        let version: i64 = sqlx::query_scalar("select version from lake_manifest").fetch_one(db).await?;
        if let Some(snapshot) = self.kept(dataset, version) {
            return Ok((version, snapshot));
        }
        let mut tx = db.begin().await?;
        sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
        let version: i64 = sqlx::query_scalar("select version from lake_manifest").fetch_one(&mut *tx).await?;
        let files: Vec<String> =
            sqlx::query_scalar("select path from lake_files where dataset = $1 and live order by path")
                .bind(dataset.as_str())
                .fetch_all(&mut *tx)
                .await?;
        let deleted: Vec<i64> = sqlx::query_scalar("select row_id from lake_deletions where dataset = $1")
            .bind(dataset.as_str())
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        let snapshot = Arc::new(Snapshot { files, deleted });
        let mut kept = self.kept.lock().expect("snapshot cache lock");
        // Two readers may race: the newer version stays.
        if kept.get(&dataset).is_none_or(|(v, _)| *v <= version) {
            kept.insert(dataset, (version, snapshot.clone()));
        }
        Ok((version, snapshot))
    }

    fn kept(&self, dataset: Dataset, version: i64) -> Option<Arc<Snapshot>> {
        let kept = self.kept.lock().expect("snapshot cache lock");
        kept.get(&dataset).filter(|(v, _)| *v == version).map(|(_, s)| s.clone())
    }
}
