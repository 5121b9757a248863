//! The durable job table (docs/api.md, "Realtime", for what users see of it): imports and other long work run as jobs
//! that workers inside `adeval serve` pick up. A job is `queued`, `running`, `done` or
//! `failed`, with its progress and last message; every step is pushed to its owner over the
//! realtime channel (`timeline` events) and the result lands as a message (`user` event).
//!
//! Workers claim with `for update skip locked`, so any number of processes share the table.
//! Each process holds a lease (a Postgres advisory lock on a connection of its own) and a
//! running job names its process's lease: when the process dies, kill -9 included, Postgres
//! drops the lock and the job is claimed again at once by whichever process polls next (at most
//! [`MAX_ATTEMPTS`] times). A process that loses its lease stops its running jobs and takes a
//! new one (see `lease`); a run whose job was taken over can't commit its rows (the commit
//! checks the job is still its own: `lake::commit_batch`). A running job also sends a
//! heartbeat, the fallback for a job without a lease (from before leases). A panic inside a job
//! fails that job, never the server.

pub mod fault;
pub mod housekeeping;
pub mod imports;
mod lease;
mod progress;

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use sqlx::postgres::PgListener;
use tokio::sync::Notify;

use crate::config::Config;
use crate::reads::Reads;
use crate::storage::Store;

pub use progress::{Failure, Progress};
/// The first key of every job lease's advisory lock (the second is the process's own).
pub use lease::CLASS as LEASE_CLASS;

/// NOTIFY channel that wakes the workers when a job is queued.
const WAKE_CHANNEL: &str = "adeval_jobs";
/// A running job whose heartbeat is older than this belongs to a dead process.
pub const STALE_AFTER: Duration = Duration::from_secs(60);
const HEARTBEAT_EVERY: Duration = Duration::from_secs(15);
const POLL_EVERY: Duration = Duration::from_secs(2);
pub const MAX_ATTEMPTS: i32 = 3;

/// What jobs and housekeeping run with: Postgres, the lake's reads, the file store and the
/// configuration (the data directory's temporary files, the number of workers). The server
/// hands them over at start; nothing of a request is here.
#[derive(Clone)]
pub struct Services {
    pub db: PgPool,
    pub reads: Reads,
    pub store: Store,
    pub config: Arc<Config>,
}

/// Queues a job inside the caller's transaction; workers wake when it commits.
pub async fn enqueue(
    tx: &mut PgConnection,
    kind: &str,
    file_id: Option<i64>,
    admin_id: Option<i64>,
    payload: &Value,
) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar(
        "insert into jobs (kind, file_id, admin_id, payload, message) values ($1, $2, $3, $4, '等待处理') returning id",
    )
    .bind(kind)
    .bind(file_id)
    .bind(admin_id)
    .bind(payload)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("select pg_notify($1, '')").bind(WAKE_CHANNEL).execute(&mut *tx).await?;
    Ok(id)
}

/// A claimed job.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Job {
    pub id: i64,
    pub kind: String,
    pub file_id: Option<i64>,
    pub admin_id: Option<i64>,
    pub payload: Value,
    pub attempts: i32,
    /// The worker that claimed it; its end is recorded only while it still holds the job.
    pub locked_by: String,
}

/// Starts `count` workers and the listener that wakes them.
pub fn start(services: &Services, count: usize) {
    if count == 0 {
        return;
    }
    let wake = Arc::new(Notify::new());
    tokio::spawn(listen(services.db.clone(), wake.clone()));
    let lease = lease::Lease::new();
    tokio::spawn(lease.clone().hold(services.db.clone()));
    for n in 0..count {
        tokio::spawn(work(services.clone(), wake.clone(), lease.clone(), n));
    }
}

fn hostname() -> String {
    std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_owned()).unwrap_or_else(|_| "host".into())
}

async fn listen(db: PgPool, wake: Arc<Notify>) {
    loop {
        match PgListener::connect_with(&db).await {
            Ok(mut listener) => {
                if listener.listen(WAKE_CHANNEL).await.is_ok() {
                    while listener.recv().await.is_ok() {
                        wake.notify_waiters();
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "job listener cannot connect"),
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

async fn work(services: Services, wake: Arc<Notify>, lease: lease::Lease, n: usize) {
    loop {
        // A claim made while this process's lease is not held could be taken for a dead one's.
        let Some(key) = lease.key() else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        // The worker's name carries the lease key: a run under a lost lease is another holder.
        let worker = format!("{}:{}:{key}:{n}", hostname(), std::process::id());
        match claim(&services.db, &worker, key).await {
            Ok(Some(job)) => {
                run_until(&services, job, lease.lost(key)).await;
            }
            Ok(None) => {
                tokio::select! {
                    () = wake.notified() => {}
                    () = tokio::time::sleep(POLL_EVERY) => {}
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "claiming a job");
                tokio::time::sleep(POLL_EVERY).await;
            }
        }
    }
}

/// Takes the oldest queued job, or a running one whose process is gone: its lease is no longer
/// held by anyone (the process died or lost it), or, for a job without a lease, its heartbeat
/// stopped. A job whose lease is held is never taken, however old its heartbeat (a live
/// process whose beats were delayed, e.g. while Postgres was away). `lease` is the claiming
/// process's own, whose jobs are alive by definition.
pub async fn claim(db: &PgPool, worker: &str, lease: i32) -> sqlx::Result<Option<Job>> {
    sqlx::query_as(
        "update jobs set status = 'running', attempts = attempts + 1, locked_by = $1, lease = $3,
                heartbeat_at = now(), started_at = coalesce(started_at, now())
         where id = (select id from jobs j
                     where status = 'queued'
                        or (status = 'running' and lease is null and heartbeat_at < now() - make_interval(secs => $2))
                        or (status = 'running' and lease is not null and lease <> $3
                            and not exists (select 1 from pg_locks l
                                            where l.locktype = 'advisory' and l.granted
                                              and l.database = (select oid from pg_database where datname = current_database())
                                              and l.classid = $4::oid and l.objid = j.lease::oid and l.objsubid = 2))
                     order by id for update skip locked limit 1)
         returning id, kind, file_id, admin_id, payload, attempts, locked_by",
    )
    .bind(worker)
    .bind(STALE_AFTER.as_secs_f64())
    .bind(lease)
    .bind(lease::CLASS)
    .fetch_optional(db)
    .await
}

/// Runs one claimed job to its end, beating while it works.
pub async fn run(services: &Services, job: Job) {
    run_until(services, job, std::future::pending()).await;
}

/// As [`run`], stopping the job where it is when `stop` resolves (the lease that claimed it is
/// lost): others may hold the job already, so nothing is recorded; whoever claims it next (this
/// process too, under its new lease) finishes it.
async fn run_until(services: &Services, job: Job, stop: impl std::future::Future<Output = ()>) {
    let subject: Option<String> = match job.file_id {
        Some(id) => sqlx::query_scalar("select file_name from files where id = $1")
            .bind(id)
            .fetch_optional(&services.db)
            .await
            .unwrap_or_default(),
        None => None,
    };
    let progress = Progress::new(services.clone(), &job, subject.unwrap_or_default());
    if job.attempts > MAX_ATTEMPTS {
        // A run killed after its commit has done the job: its rows are live, so it ends done
        // (failed, its owner would upload the file again and get the rows twice).
        match imports::committed(&progress, &job).await {
            Ok(Some(summary)) => progress.done(summary).await,
            Ok(None) => progress.fail(Failure::new("任务多次中断，已停止处理，请重新上传")).await,
            Err(failure) => progress.fail(failure).await,
        }
        return;
    }
    let beat = {
        let db = services.db.clone();
        let id = job.id;
        let worker = job.locked_by.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(HEARTBEAT_EVERY);
            loop {
                tick.tick().await;
                let _ = sqlx::query("update jobs set heartbeat_at = now() where id = $1 and status = 'running' and locked_by = $2")
                    .bind(id)
                    .bind(&worker)
                    .execute(&db)
                    .await;
            }
        })
    };
    // Its own task, so a panic is caught as a JoinError instead of taking the worker down.
    let mut task = tokio::spawn(imports::run(progress.clone(), job.clone()));
    let outcome = tokio::select! {
        outcome = &mut task => outcome,
        () = stop => {
            task.abort();
            beat.abort();
            tracing::warn!(job = job.id, "the job lease was lost; the job stops and will be claimed again");
            return;
        }
    };
    beat.abort();
    match outcome {
        Ok(Ok(summary)) => progress.done(summary).await,
        Ok(Err(failure)) => progress.fail(failure).await,
        Err(e) => {
            tracing::error!(job = job.id, error = %e, "job panicked");
            progress.fail(Failure::new("处理时发生内部错误，请联系管理员")).await;
        }
    }
}
