//! This process's lease: a Postgres advisory lock (`CLASS`, `key`) held on a connection of its
//! own for as long as the process lives. Postgres drops it the moment that connection ends, so
//! other processes read from `pg_locks` whether the process that claimed a running job is
//! still there.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::PgPool;

/// The first key of every lease ("jobs" in ASCII); the second is the process's own.
pub const CLASS: i32 = 0x6a6f_6273;
const CHECK_EVERY: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub struct Lease {
    pub key: i32,
    /// Whether the lock is held right now (not while Postgres is away).
    pub held: Arc<AtomicBool>,
}

impl Lease {
    pub fn new() -> Self {
        Self { key: rand::random_range(1..i32::MAX), held: Arc::default() }
    }

    /// Takes the lock and keeps it, taking it again after its connection is lost.
    pub async fn hold(self, db: PgPool) {
        loop {
            match self.take(&db).await {
                Ok(Some(mut conn)) => {
                    self.held.store(true, Ordering::Release);
                    loop {
                        tokio::time::sleep(CHECK_EVERY).await;
                        if let Err(e) = sqlx::query("select 1").execute(&mut conn).await {
                            tracing::warn!(error = %e, "the job lease's connection is lost");
                            break;
                        }
                    }
                    self.held.store(false, Ordering::Release);
                }
                Ok(None) => tracing::error!(key = self.key, "another process holds this job lease key"),
                Err(e) => tracing::warn!(error = %e, "cannot take the job lease"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    async fn take(&self, db: &PgPool) -> sqlx::Result<Option<sqlx::PgConnection>> {
        let mut conn = db.acquire().await?.detach();
        let locked: bool = sqlx::query_scalar("select pg_try_advisory_lock($1, $2)")
            .bind(CLASS)
            .bind(self.key)
            .fetch_one(&mut conn)
            .await?;
        Ok(locked.then_some(conn))
    }
}
