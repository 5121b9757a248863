//! This process's lease: a Postgres advisory lock (`CLASS`, key) held on a connection of its
//! own. Postgres drops it the moment that connection ends, so other processes read from
//! `pg_locks` whether the process that claimed a running job is still there.
//!
//! A lost lease (its connection broke: Postgres restarted, a network blip, the backend was
//! terminated) means others may already have taken this process's jobs. So the running jobs
//! stop at once (see `super::run`), and the lease is taken again under a *new* key: the jobs
//! of the old key stay claimable by anyone, this process included, and never look alive again.

use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::watch;

/// The first key of every lease ("jobs" in ASCII); the second is the process's own.
pub const CLASS: i32 = 0x6a6f_6273;
const CHECK_EVERY: Duration = Duration::from_secs(2);

/// The key of the lease held right now, `None` while none is (Postgres away).
#[derive(Clone)]
pub struct Lease {
    held: watch::Sender<Option<i32>>,
}

impl Lease {
    pub fn new() -> Self {
        Self { held: watch::Sender::new(None) }
    }

    /// The key held right now.
    pub fn key(&self) -> Option<i32> {
        *self.held.borrow()
    }

    /// Resolves once the lease `key` is no longer held (lost, or replaced by a new key).
    pub async fn lost(&self, key: i32) {
        let mut rx = self.held.subscribe();
        let _ = rx.wait_for(|now| *now != Some(key)).await;
    }

    /// Takes the lock and keeps it; after its connection is lost, takes a new one.
    pub async fn hold(self, db: PgPool) {
        // The backend that held the previous key: it may still be alive on the server after
        // this side lost it (a half-open connection), keeping that key's jobs looking alive.
        let mut previous: Option<(i32, i32)> = None;
        loop {
            let key = rand::random_range(1..i32::MAX);
            match take(&db, key).await {
                Ok(Some((mut conn, pid))) => {
                    if let Some((old_key, old_pid)) = previous.take() {
                        end_old(&mut conn, old_key, old_pid).await;
                    }
                    self.held.send_replace(Some(key));
                    loop {
                        tokio::time::sleep(CHECK_EVERY).await;
                        if let Err(e) = sqlx::query("select 1").execute(&mut conn).await {
                            tracing::warn!(error = %e, "the job lease's connection is lost; its jobs stop");
                            break;
                        }
                    }
                    self.held.send_replace(None);
                    previous = Some((key, pid));
                }
                Ok(None) => tracing::error!(key, "another process holds this job lease key"),
                Err(e) => tracing::warn!(error = %e, "cannot take the job lease"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

async fn take(db: &PgPool, key: i32) -> sqlx::Result<Option<(sqlx::PgConnection, i32)>> {
    let mut conn = db.acquire().await?.detach();
    let (locked, pid): (bool, i32) = sqlx::query_as("select pg_try_advisory_lock($1, $2), pg_backend_pid()")
        .bind(CLASS)
        .bind(key)
        .fetch_one(&mut conn)
        .await?;
    Ok(locked.then_some((conn, pid)))
}

/// Ends the backend still holding an old key, if it is there: only that backend, found by its
/// pid *and* the lock it holds, so a recycled pid is never hit.
async fn end_old(conn: &mut sqlx::PgConnection, key: i32, pid: i32) {
    let ended = sqlx::query(
        "select pg_terminate_backend(l.pid) from pg_locks l
         where l.locktype = 'advisory' and l.granted and l.pid = $3
           and l.classid = $1::oid and l.objid = $2::oid and l.objsubid = 2",
    )
    .bind(CLASS)
    .bind(key)
    .bind(pid)
    .execute(conn)
    .await;
    if let Err(e) = ended {
        tracing::warn!(error = %e, "ending the backend of a lost job lease");
    }
}
