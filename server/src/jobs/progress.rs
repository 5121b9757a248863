//! How a job reports: its row in `jobs` and `timeline` events to its owner while it works; a
//! stored message and a `user` event when it ends.

use crate::messages;
use crate::realtime::{self, Event, Level, LiveMessage};
use super::{Job, Services};

/// Why a job failed, in words for its owner (Chinese), e.g. the list of bad rows.
#[derive(Debug)]
pub struct Failure(pub String);

impl Failure {
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }
}

#[derive(Clone)]
pub struct Progress {
    services: Services,
    job_id: i64,
    kind: String,
    admin_id: Option<i64>,
    /// The worker holding the job: a run whose job was taken over (its process was thought
    /// dead) records nothing more.
    worker: String,
    /// What the job works on, for the texts ("客户数据.xlsx").
    subject: String,
}

impl Progress {
    pub fn new(services: Services, job: &Job, subject: String) -> Self {
        Self {
            services,
            job_id: job.id,
            kind: job.kind.clone(),
            admin_id: job.admin_id,
            worker: job.locked_by.clone(),
            subject,
        }
    }

    /// What the job runs with.
    pub fn services(&self) -> &Services {
        &self.services
    }

    /// What the job works on (the file's name), or empty.
    pub fn subject(&self) -> &str {
        &self.subject
    }

    async fn push(&self, status: i64, level: Level, percent: i64, text: &str) {
        let Some(to) = self.admin_id else { return };
        let message = LiveMessage::timeline(to, self.job_id, &self.kind, status, level, percent, text);
        if let Err(e) = realtime::publish(&self.services.db, &Event::Push { to, message }).await {
            tracing::warn!(error = %e, job = self.job_id, "publishing job progress");
        }
    }

    async fn save(&self, percent: i64, text: &str) {
        let saved = sqlx::query(
            "update jobs set progress = $2, message = $3, heartbeat_at = now() where id = $1 and locked_by = $4",
        )
        .bind(self.job_id)
        .bind(percent.clamp(0, 100) as i16)
        .bind(text)
        .bind(&self.worker)
            .execute(&self.services.db)
            .await;
        if let Err(e) = saved {
            tracing::warn!(error = %e, job = self.job_id, "saving job progress");
        }
    }

    /// Status 0: the job started.
    pub async fn started(&self, text: &str) {
        self.save(0, text).await;
        self.push(0, Level::Success, 0, text).await;
    }

    /// Status 1: one step, at a level, with the percent done.
    pub async fn step(&self, level: Level, percent: i64, text: &str) {
        self.save(percent, text).await;
        self.push(1, level, percent, text).await;
    }

    pub(super) async fn done(&self, summary: String) {
        self.end("done", Level::Success, &summary).await;
    }

    pub(super) async fn fail(&self, failure: Failure) {
        self.end("failed", Level::Error, &failure.0).await;
    }

    /// Records the end, the closing timeline entry and the owner's message in one transaction,
    /// so whoever sees the job ended also finds its message.
    async fn end(&self, status: &str, level: Level, text: &str) {
        if let Err(e) = self.try_end(status, level, text).await {
            tracing::error!(error = ?e, job = self.job_id, "recording the end of a job");
        }
    }

    async fn try_end(&self, status: &str, level: Level, text: &str) -> anyhow::Result<()> {
        let mut tx = self.services.db.begin().await?;
        let ended = sqlx::query(
            "update jobs set status = $2, progress = case when $2 = 'done' then 100 else progress end,
                    message = $3, error = case when $2 = 'failed' then $3 end, finished_at = now()
             where id = $1 and locked_by = $4 and status = 'running'",
        )
        .bind(self.job_id)
        .bind(status)
        .bind(text)
        .bind(&self.worker)
        .execute(&mut *tx)
        .await?;
        if ended.rows_affected() == 0 {
            tracing::warn!(job = self.job_id, "the job was taken over by another worker; its end is theirs to record");
            return Ok(());
        }
        if let Some(to) = self.admin_id {
            let percent = if level == Level::Success { 100 } else { 0 };
            let message = LiveMessage::timeline(to, self.job_id, &self.kind, 2, level, percent, text);
            realtime::publish(&mut *tx, &Event::Push { to, message }).await?;
            let verdict = if level == Level::Success { "处理完成" } else { "处理失败" };
            let content = if self.subject.is_empty() {
                format!("{verdict}：{text}")
            } else {
                format!("「{}」{verdict}：{text}", self.subject)
            };
            messages::notify_in(&mut tx, to, &content, level).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
