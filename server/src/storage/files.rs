//! File records: an uploaded file as the file list and the upload's answer show it, with its
//! uploader and the state of its import job.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::clock::LocalTime;

#[derive(Serialize, Deserialize, ToSchema, Clone, Debug)]
pub struct Uploader {
    name: String,
}

/// The import job of a file.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug)]
pub struct JobState {
    id: i64,
    /// queued, running, done or failed.
    status: String,
    /// 0–100.
    progress: i16,
    /// The last progress text or the result.
    message: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow, Debug)]
pub struct FileRow {
    id: i64,
    /// The original file name.
    #[serde(rename = "fileName")]
    file_name: String,
    /// The object key in the store.
    path: String,
    #[serde(rename = "mimeType")]
    mime_type: String,
    /// Bytes.
    size: i64,
    extension: String,
    description: String,
    tags: String,
    tags_name: String,
    #[sqlx(json)]
    admin: Uploader,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    /// Download path; add `?token=` with a ticket (call `ticket`).
    url_name: String,
    #[sqlx(json(nullable))]
    job: Option<JobState>,
}

pub const FILE_SELECT: &str = "
    select f.id, f.file_name, f.path, f.mime_type, f.size, f.extension, f.description, f.tags,
           '' as tags_name,
           json_build_object('name', coalesce(a.name, '-')) as admin,
           f.created_at::timestamp as create_time,
           '/files/upload/' || f.id as url_name,
           (select json_build_object('id', j.id, 'status', j.status, 'progress', j.progress, 'message', j.message)
            from jobs j where j.file_id = f.id order by j.id desc limit 1) as job
    from files f left join admins a on a.id = f.admin_id";

pub fn labelled(mut row: FileRow) -> FileRow {
    row.tags_name = tags::label(&row.tags).to_owned();
    row
}

/// One file as the list shows it.
pub async fn file_row(db: &sqlx::PgPool, id: i64) -> sqlx::Result<Option<FileRow>> {
    let row: Option<FileRow> = sqlx::query_as(&format!("{FILE_SELECT} where f.id = $1")).bind(id).fetch_optional(db).await?;
    Ok(row.map(labelled))
}
