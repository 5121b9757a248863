//! What each job kind does. Upload jobs are keyed by the file's tag; the importers arrive with
//! their features (customer data with the lake, schedules and certificates with orders). Until
//! then a job of such a tag fails with a message that says so — the file stays stored and
//! listed, and can be imported once the importer exists.

use crate::realtime::Level;
use crate::storage::tags;

use super::{Failure, Job, Progress};

/// Runs a job; answers the summary shown to its owner.
pub async fn run(progress: Progress, job: Job) -> Result<String, Failure> {
    progress.started(&format!("开始处理 {}", progress.subject())).await;
    // Importers plug in here by kind as they land.
    let label = tags::label(&job.kind);
    progress.step(Level::Warning, 0, &format!("「{label}」文件的导入功能尚未开放")).await;
    Err(Failure::new(format!("「{label}」文件的导入功能尚未开放，文件已保存，可在文件列表中下载")))
}
