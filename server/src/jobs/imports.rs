//! What each job kind does. Upload jobs are keyed by the file's tag. Customer data imports into
//! the lake, order templates into the order's schedule, broadcast certificates into the lake
//! and the order's current certificate, 正负三 files into the order's recorded positions. The
//! other tags (the evaluation exports' own) are not imports: a job of such a tag fails with a
//! message that says so, and the file stays stored and listed.

use std::path::PathBuf;

use serde_json::Value;

use crate::imports::customer::{self, ImportOptions, Origin};
use crate::imports::{ImportError, Report};
use crate::lake;
use crate::orders::evaluation::alerts;
use crate::realtime::Level;
use crate::storage::{random_name, tags};

use super::{Failure, Job, Progress};

/// Runs a job; answers the summary shown to its owner.
pub async fn run(progress: Progress, job: Job) -> Result<String, Failure> {
    progress.started(&format!("文件：{}", progress.subject())).await;
    let done = match job.kind.as_str() {
        "customerData" => customer_data(&progress, &job).await,
        "orderTemplate" => order_template(&progress, &job).await,
        "broadcastingCertificate" => certificate(&progress, &job).await,
        "alreadyUpsideDownThree" => positions(&progress, &job).await,
        kind => {
            let label = tags::label(kind);
            progress.step(Level::Warning, 0, &format!("「{label}」文件的导入功能尚未开放")).await;
            Err(Failure::new(format!("「{label}」文件的导入功能尚未开放，文件已保存，可在文件列表中下载")))
        }
    };
    if done.is_ok() {
        goal_alerts(&progress, &job).await;
    }
    done
}

/// The goal alerts of what an import moved: the order's figures for a schedule or a 正负三
/// file, any order's for viewing data (a certificate moves nothing until it is confirmed).
async fn goal_alerts(progress: &Progress, job: &Job) {
    let services = progress.services();
    match job.kind.as_str() {
        "customerData" => alerts::after_data_change(&services.db, &services.reads).await,
        "orderTemplate" | "alreadyUpsideDownThree" => {
            if let Some(order) = job.payload.get("orderId").and_then(Value::as_i64) {
                alerts::after_write(&services.db, &services.reads, &[order]).await;
            }
        }
        _ => {}
    }
}

impl Report for Progress {
    async fn stage(&self, percent: i64, text: &str) {
        self.step(Level::Success, percent, text).await;
    }
}

fn small(payload: &Value, key: &str, default: i16) -> i16 {
    payload.get(key).and_then(Value::as_i64).map_or(default, |n| n as i16)
}

/// A local copy of the job's file in a folder of its own, both removed when dropped.
struct LocalCopy(PathBuf);

impl Drop for LocalCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// The uploaded name's stem, safe as a file name: a csv's rows are located by it (its "sheet",
/// as Excel names a csv's only sheet), so a refusal names the user's file, not the copy.
fn local_stem(file_name: &str) -> String {
    let stem = std::path::Path::new(file_name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let safe: String = stem.chars().filter(|c| !c.is_control() && !matches!(c, '/' | '\\')).take(100).collect();
    let safe = safe.trim_start_matches('.').trim();
    if safe.is_empty() { "file".to_owned() } else { safe.to_owned() }
}

async fn local_copy(progress: &Progress, job: &Job) -> Result<LocalCopy, Failure> {
    let services = progress.services();
    let file_id = job.file_id.ok_or_else(|| Failure::new("任务缺少文件"))?;
    let (key, extension, file_name): (String, String, String) = sqlx::query_as("select path, extension, file_name from files where id = $1")
        .bind(file_id)
        .fetch_optional(&services.db)
        .await
        .map_err(|e| internal("reading the job's file record", e))?
        .ok_or_else(|| Failure::new("文件记录不存在"))?;
    let dir = crate::storage::upload_temp_dir(&services.config).join(format!("job-{}-{}", job.id, random_name(8)));
    tokio::fs::create_dir_all(&dir).await.map_err(|e| internal("creating the temp dir", e))?;
    let copy = LocalCopy(dir.join(format!("{}.{extension}", local_stem(&file_name))));
    match services.store.download_to(&key, &copy.0).await {
        Ok(true) => Ok(copy),
        Ok(false) => Err(Failure::new("文件已不在存储中")),
        Err(e) => Err(internal("copying the job's file", e)),
    }
}

fn internal(what: &str, e: impl std::fmt::Display) -> Failure {
    tracing::error!(error = %e, "{what}");
    Failure::new("处理时发生内部错误，请联系管理员")
}

/// What an earlier run of the job already committed, as its summary: a run after a crash finds
/// the rows there when its process died between the commit and recording the job's end.
pub async fn committed(progress: &Progress, job: &Job) -> Result<Option<String>, Failure> {
    if job.kind != "customerData" && job.kind != "broadcastingCertificate" {
        return Ok(None);
    }
    let db = &progress.services().db;
    let live = lake::live_batch_of_job(db, job.id).await.map_err(|e| internal("reading the job's batch", e))?;
    let Some((batch, rows)) = live else { return Ok(None) };
    if job.kind == "customerData" {
        return Ok(Some(format!("已导入 {rows} 行客户数据")));
    }
    // A certificate's commit keeps its summary as the batch's note.
    let note: String = sqlx::query_scalar("select note from lake_batches where id = $1")
        .bind(batch)
        .fetch_one(db)
        .await
        .map_err(|e| internal("reading the job's batch", e))?;
    Ok(Some(note))
}

async fn customer_data(progress: &Progress, job: &Job) -> Result<String, Failure> {
    let services = progress.services();
    // A run after a crash: the rows may be committed already, and batches the dead run left
    // `writing` are its to clear.
    if let Some(summary) = committed(progress, job).await? {
        return Ok(summary);
    }
    if job.attempts > 1 {
        lake::close_batches_of_job(&services.db, &services.reads.lake, job.id).await.map_err(|e| internal("clearing a dead run's batches", format!("{e:?}")))?;
    }
    let copy = local_copy(progress, job).await?;
    let opts = ImportOptions {
        category: small(&job.payload, "category", 2),
        source: small(&job.payload, "source", 1),
        belonging_to: small(&job.payload, "belongingTo", 1),
        // The upload form's group, as the shell's --audience-group.
        audience_group: crate::storage::tags::group_of(&job.payload).map(str::to_owned),
    };
    let origin = Origin {
        file_id: job.file_id,
        job_id: Some(job.id),
        worker: Some(job.locked_by.clone()),
        admin_id: job.admin_id,
        cli: false,
    };
    match customer::import_file(&progress.services().db, &progress.services().reads.lake, &copy.0, &opts, &origin, progress).await {
        Ok(done) => {
            super::fault::point(super::fault::CUSTOMER_BATCH_COMMITTED).await;
            Ok(format!("已导入 {} 行客户数据，用时 {:.1} 秒", done.rows, done.seconds))
        }
        Err(ImportError::Refused(text)) => Err(Failure::new(text)),
        Err(ImportError::Internal(e)) => Err(internal("importing customer data", format!("{e:?}"))),
    }
}

async fn order_template(progress: &Progress, job: &Job) -> Result<String, Failure> {
    let order = job.payload.get("orderId").and_then(Value::as_i64).ok_or_else(|| Failure::new("任务缺少订单"))?;
    let copy = local_copy(progress, job).await?;
    match crate::orders::schedule::import_file(&progress.services().db, order, &copy.0, job.admin_id, progress).await {
        Ok(done) => Ok(format!(
            "已导入 {} 的排期：{} 行，{} 个点位",
            done.months.join("、"),
            done.lines,
            done.spots
        )),
        Err(ImportError::Refused(text)) => Err(Failure::new(text)),
        Err(ImportError::Internal(e)) => Err(internal("importing an order template", format!("{e:?}"))),
    }
}

async fn certificate(progress: &Progress, job: &Job) -> Result<String, Failure> {
    let services = progress.services();
    let order = job.payload.get("orderId").and_then(Value::as_i64).ok_or_else(|| Failure::new("任务缺少订单"))?;
    // As for customer data: a run after a crash may find its batch committed, or batches the
    // dead run left `writing`.
    if let Some(summary) = committed(progress, job).await? {
        return Ok(summary);
    }
    if job.attempts > 1 {
        lake::close_batches_of_job(&services.db, &services.reads.lake, job.id).await.map_err(|e| internal("clearing a dead run's batches", format!("{e:?}")))?;
    }
    let copy = local_copy(progress, job).await?;
    let origin = crate::imports::Origin {
        file_id: job.file_id,
        job_id: Some(job.id),
        worker: Some(job.locked_by.clone()),
        admin_id: job.admin_id,
        cli: false,
    };
    match crate::orders::certificates::import::import_file(&services.db, &services.reads, order, &copy.0, &origin, progress).await {
        Ok(done) => Ok(done.summary),
        Err(ImportError::Refused(text)) => Err(Failure::new(text)),
        Err(ImportError::Internal(e)) => Err(internal("importing a broadcast certificate", format!("{e:?}"))),
    }
}

/// A 正负三 upload: the positions of the order's spots, replacing those of its category and
/// source. One transaction, so a run after a crash simply does it again.
async fn positions(progress: &Progress, job: &Job) -> Result<String, Failure> {
    let order = job.payload.get("orderId").and_then(Value::as_i64).ok_or_else(|| Failure::new("任务缺少订单"))?;
    let upload = crate::orders::customer::positions::Upload {
        order,
        category: small(&job.payload, "category", 2),
        source: small(&job.payload, "source", 1),
        admin_id: job.admin_id,
    };
    let copy = local_copy(progress, job).await?;
    match crate::orders::customer::positions::import_file(&progress.services().db, &upload, &copy.0, progress).await {
        Ok(summary) => Ok(summary),
        Err(ImportError::Refused(text)) => Err(Failure::new(text)),
        Err(ImportError::Internal(e)) => Err(internal("importing 正负三 positions", format!("{e:?}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::local_stem;

    #[test]
    fn a_local_copy_keeps_the_uploaded_name_safely() {
        assert_eq!(local_stem("3月播出证明.csv"), "3月播出证明");
        assert_eq!(local_stem("../../etc/passwd.csv"), "passwd");
        assert_eq!(local_stem("a\u{0}b.csv"), "ab");
        assert_eq!(local_stem(".csv"), "csv");
        assert_eq!(local_stem(""), "file");
    }
}
