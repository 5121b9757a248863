//! Snapshots kept by manifest version: the live files and deleted row ids of a dataset, read
//! from Postgres once and then again only after the manifest changed.
//!
//! Every statement that changes `lake_files` or `lake_deletions` bumps `lake_manifest.version`
//! (a trigger, so no writer can forget). A query asks Postgres for that one number; while it
//! is the version a kept snapshot was read at, that snapshot is still the manifest's, whichever
//! process wrote last. A snapshot is read in one repeatable-read transaction with its version,
//! so the two always belong together.
//!
//! One load at a time per dataset: after a lake change every request in flight found the kept
//! snapshot stale, and each read the whole deleted-id list (13,000 ids, 4 s apiece under
//! load, pool waits past 2 s). Now the first caller loads and the others wait for it, then
//! take what it kept when that is at least the version they saw.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use adeval_engine::{Dataset, Snapshot};
use sqlx::PgPool;

#[derive(Default)]
pub struct Snapshots {
    kept: Mutex<HashMap<Dataset, (i64, Arc<Snapshot>)>>,
    /// Held while a dataset's snapshot is read from Postgres.
    loading: Mutex<HashMap<Dataset, Arc<tokio::sync::Mutex<()>>>>,
    /// Snapshots read from Postgres, for tests of the single flight.
    loads: AtomicU64,
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
        if let Some(kept) = self.kept(dataset, version) {
            return Ok(kept);
        }
        let gate = self.loading.lock().expect("snapshot load lock").entry(dataset).or_default().clone();
        let _loading = gate.lock().await;
        // Whoever held the gate may have kept this version, or a newer one, meanwhile.
        if let Some(kept) = self.kept(dataset, version) {
            return Ok(kept);
        }
        self.loads.fetch_add(1, Ordering::Relaxed);
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
        // Kept only forward: a load never replaces a newer version.
        if kept.get(&dataset).is_none_or(|(v, _)| *v <= version) {
            kept.insert(dataset, (version, snapshot.clone()));
        }
        Ok((version, snapshot))
    }

    /// How many snapshots were read from Postgres so far.
    pub fn loads(&self) -> u64 {
        self.loads.load(Ordering::Relaxed)
    }

    /// The kept snapshot when it is of `version` or newer (the manifest only moves forward,
    /// so a newer one is as current as the version asked for).
    fn kept(&self, dataset: Dataset, version: i64) -> Option<(i64, Arc<Snapshot>)> {
        let kept = self.kept.lock().expect("snapshot cache lock");
        kept.get(&dataset).filter(|(v, _)| *v >= version).map(|(v, s)| (*v, s.clone()))
    }
}
