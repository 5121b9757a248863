//! `POST /storage/upload`: the built-in storage host (docs/api.md, "Uploads").
//!
//! Takes the spec's multipart form (key, policy, OSSAccessKeyId, success_action_status,
//! callback, signature, optional chunk/chunks, then file) from a signed-in account. The policy
//! is checked before a byte of the file is read; the file streams to a temporary file (never
//! whole in memory), counted (-600 past the cap), sniffed (-601) and hashed. A single-part
//! upload completes at once; chunks wait in the store under `partial/<upload>/<chunk>` and the
//! upload completes when every chunk is there, in whatever order they came, a repeated chunk
//! replacing its earlier copy. Completion refuses content already uploaded for the same purpose
//! (-602), stores the object under the server-made key, and writes the file record and its
//! import job in one transaction.

use axum::extract::multipart::{Field, MultipartError};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_LENGTH;
use axum::response::{IntoResponse, Response};
use futures_util::TryStreamExt;
use serde::Serialize;

use crate::auth::session::{self, Admin};
use crate::error::{AppError, Result};
use crate::http::Done;
use crate::jobs;
use crate::state::AppState;
use crate::storage::files::{FileRow, file_row};
use crate::storage::policy::{self, CHUNK_BYTES, Grant, MAX_FILE_BYTES, Posted};
use crate::storage::incoming::{TempFile, TempWriter};
use crate::storage::{sniff, tags};

/// Room for the form's text fields around the file.
const FORM_OVERHEAD: u64 = 256 * 1024;
/// The largest request body taken at all.
pub const MAX_BODY_BYTES: u64 = MAX_FILE_BYTES + FORM_OVERHEAD;
/// A file of at most 50 MB in 10 MB chunks has at most this many.
pub const MAX_CHUNKS: u32 = MAX_FILE_BYTES.div_ceil(CHUNK_BYTES) as u32;
const MAX_TEXT_FIELD: usize = 64 * 1024;

/// Answer while chunks are still missing.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ChunkReceived {
    pub chunk: u32,
    pub chunks: u32,
    /// How many distinct chunks have arrived.
    pub received: i64,
}

/// Answer once the file is complete.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Uploaded {
    pub file: FileRow,
    #[serde(rename = "jobId")]
    pub job_id: i64,
}

pub async fn upload(State(state): State<AppState>, request: Request) -> Response {
    match receive(state, request).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

fn from_multipart(e: MultipartError) -> AppError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::FILE_TOO_LARGE
    } else {
        AppError::field("file", "上传内容格式错误")
    }
}

async fn text_field(mut field: Field<'_>) -> Result<String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(from_multipart)? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > MAX_TEXT_FIELD {
            return Err(AppError::field(field.name().unwrap_or("form").to_owned().as_str(), "字段过长"));
        }
    }
    String::from_utf8(bytes).map_err(|_| AppError::field("form", "字段不是 UTF-8 文本"))
}

#[derive(Default)]
struct Form {
    key: String,
    policy: String,
    access_id: String,
    callback: String,
    signature: String,
    chunk: Option<String>,
    chunks: Option<String>,
}

async fn receive(state: AppState, request: Request) -> Result<Response> {
    let admin = {
        let mut conn = state.db.acquire().await?;
        session::authenticate(&mut conn, request.headers()).await?
    };
    // Refused before a byte is buffered when the size is declared.
    let declared = request.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(AppError::FILE_TOO_LARGE);
    }
    let mut multipart = Multipart::from_request(request, &()).await.map_err(|_| AppError::field("file", "请选择文件"))?;
    let mut form = Form::default();
    while let Some(field) = multipart.next_field().await.map_err(from_multipart)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            return take_file(&state, &admin, form, field).await;
        }
        let value = text_field(field).await?;
        match name.as_str() {
            "key" => form.key = value,
            "policy" => form.policy = value,
            "OSSAccessKeyId" => form.access_id = value,
            "callback" => form.callback = value,
            "signature" => form.signature = value,
            "chunk" => form.chunk = Some(value),
            "chunks" => form.chunks = Some(value),
            // success_action_status and anything else a form may carry.
            _ => {}
        }
    }
    Err(AppError::field("file", "请选择文件"))
}

/// `(chunk, chunks)` of a chunked post; `None` for a single-part one.
fn chunking(form: &Form) -> Result<Option<(u32, u32)>> {
    let parse = |v: &Option<String>| v.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::parse::<u32>);
    match (parse(&form.chunk), parse(&form.chunks)) {
        (None, None) => Ok(None),
        (Some(Ok(chunk)), Some(Ok(chunks))) if (1..=MAX_CHUNKS).contains(&chunks) && chunk < chunks => {
            Ok((chunks > 1).then_some((chunk, chunks)))
        }
        (_, Some(Ok(chunks))) if chunks > MAX_CHUNKS => Err(AppError::FILE_TOO_LARGE),
        _ => Err(AppError::field("chunk", "分片序号无效")),
    }
}

async fn take_file(state: &AppState, admin: &Admin, form: Form, mut field: Field<'_>) -> Result<Response> {
    let posted = Posted {
        key: &form.key,
        policy: &form.policy,
        access_id: &form.access_id,
        callback: &form.callback,
        signature: &form.signature,
    };
    let grant = policy::verify(&state.upload_key, &posted, chrono::Utc::now().timestamp())
        .map_err(|r| AppError::field(r.field, r.message))?;
    if grant.admin_id != admin.id {
        return Err(AppError::Forbidden);
    }
    let extension = sniff::extension(&grant.original_file_name).ok_or(AppError::FILE_WRONG_TYPE)?;
    let parts = chunking(&form)?;
    let cap = if parts.is_some() { CHUNK_BYTES } else { MAX_FILE_BYTES };

    let mut writer = TempWriter::create(state, cap).await?;
    while let Some(bytes) = field.chunk().await.map_err(from_multipart)? {
        writer.write(&bytes).await?;
        // Refuse a wrong type as soon as the head is known, without reading the rest.
        let first = parts.is_none_or(|(chunk, _)| chunk == 0);
        if first && writer.head().len() >= 8 && !sniff::matches(extension, writer.head()) {
            return Err(AppError::FILE_WRONG_TYPE);
        }
    }
    let temp = writer.finish().await?;
    if temp.size == 0 {
        return Err(AppError::field("file", "文件内容为空"));
    }
    match parts {
        None => complete(state, admin, &grant, &form.key, extension, temp).await.map(IntoResponse::into_response),
        Some((chunk, chunks)) => take_chunk(state, admin, &grant, &form.key, extension, chunk, chunks, temp).await,
    }
}

#[allow(clippy::too_many_arguments)]
async fn take_chunk(
    state: &AppState,
    admin: &Admin,
    grant: &Grant,
    key: &str,
    extension: &'static str,
    chunk: u32,
    chunks: u32,
    temp: TempFile,
) -> Result<Response> {
    if chunk == 0 && !sniff::matches(extension, &temp.head) {
        return Err(AppError::FILE_WRONG_TYPE);
    }
    if chunk + 1 < chunks && temp.size != CHUNK_BYTES {
        return Err(AppError::field("chunk", "分片大小应为 10MB（最后一片除外）"));
    }
    already_stored(&state.db, key).await?;
    let (upload_id, owner, expected, done): (i64, i64, i32, bool) = sqlx::query_as(
        "insert into uploads (key, admin_id, chunks) values ($1, $2, $3)
         on conflict (key) do update set key = excluded.key
         returning id, admin_id, chunks, completed_at is not null",
    )
    .bind(key)
    .bind(admin.id)
    .bind(chunks as i32)
    .fetch_one(&state.db)
    .await?;
    if owner != admin.id {
        return Err(AppError::Forbidden);
    }
    if done {
        return Err(AppError::conflict("该文件已上传完成"));
    }
    if expected != chunks as i32 {
        return Err(AppError::field("chunks", "分片数量与首个分片不一致"));
    }
    state.store.put_file(&part_key(upload_id, chunk), &temp.path).await?;
    let size = temp.size as i64;
    drop(temp);
    sqlx::query(
        "insert into upload_parts (upload_id, chunk, size) values ($1, $2, $3)
         on conflict (upload_id, chunk) do update set size = excluded.size, created_at = now()",
    )
    .bind(upload_id)
    .bind(chunk as i32)
    .bind(size)
    .execute(&state.db)
    .await?;

    // One request at a time decides whether the upload is complete.
    let mut tx = state.db.begin().await?;
    let locked: Option<bool> = sqlx::query_scalar("select completed_at is not null from uploads where id = $1 for update")
        .bind(upload_id)
        .fetch_optional(&mut *tx)
        .await?;
    if locked != Some(false) {
        return Err(AppError::conflict("该文件已上传完成"));
    }
    let (received,): (i64,) = sqlx::query_as("select count(*) from upload_parts where upload_id = $1")
        .bind(upload_id)
        .fetch_one(&mut *tx)
        .await?;
    if received < i64::from(chunks) {
        tx.commit().await?;
        return Ok(Done("分片已接收", ChunkReceived { chunk, chunks, received }).into_response());
    }
    // The file is assembled, stored and recorded in this same transaction: a request never
    // holds one pool connection while it waits for another.
    let stored = match assemble(state, upload_id, chunks).await {
        Ok(file) => store(state, &mut tx, admin, grant, key, extension, &file).await,
        Err(e) => Err(e),
    };
    let outcome = match stored {
        Ok((file_id, job_id)) => {
            let finished = async {
                sqlx::query("update uploads set completed_at = now() where id = $1").bind(upload_id).execute(&mut *tx).await?;
                sqlx::query("delete from upload_parts where upload_id = $1").bind(upload_id).execute(&mut *tx).await?;
                tx.commit().await
            };
            if let Err(e) = finished.await {
                let _ = state.store.delete(key).await;
                return Err(e.into());
            }
            Ok((file_id, job_id))
        }
        Err(e) => {
            // A refused upload leaves nothing behind and can be tried again under a new policy.
            tx.rollback().await?;
            sqlx::query("delete from uploads where id = $1").bind(upload_id).execute(&state.db).await?;
            Err(e)
        }
    };
    if let Err(e) = state.store.delete_prefix(&format!("partial/{upload_id}")).await {
        tracing::warn!(error = ?e, upload_id, "removing the chunks of a finished upload");
    }
    let (file_id, job_id) = outcome?;
    uploaded(state, file_id, job_id).await.map(IntoResponse::into_response)
}

fn part_key(upload_id: i64, chunk: u32) -> String {
    format!("partial/{upload_id}/{chunk:05}")
}

/// Concatenates the chunks in index order into a temp file, counting and hashing.
async fn assemble(state: &AppState, upload_id: i64, chunks: u32) -> Result<TempFile> {
    let mut writer = TempWriter::create(state, MAX_FILE_BYTES).await?;
    for chunk in 0..chunks {
        let (_, mut stream) = state
            .store
            .get(&part_key(upload_id, chunk))
            .await?
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("chunk {chunk} of upload {upload_id} is missing")))?;
        while let Some(bytes) = stream.try_next().await? {
            writer.write(&bytes).await?;
        }
    }
    writer.finish().await
}

async fn already_stored(db: impl sqlx::PgExecutor<'_>, key: &str) -> Result<()> {
    let exists: bool =
        sqlx::query_scalar("select exists(select 1 from files where path = $1)").bind(key).fetch_one(db).await?;
    if exists { Err(AppError::conflict("该文件已上传完成")) } else { Ok(()) }
}

/// Completes a single-part upload: stores it and writes its record and job.
async fn complete(
    state: &AppState,
    admin: &Admin,
    grant: &Grant,
    key: &str,
    extension: &'static str,
    file: TempFile,
) -> Result<Done<Uploaded>> {
    let mut tx = state.db.begin().await?;
    let (file_id, job_id) = store(state, &mut tx, admin, grant, key, extension, &file).await?;
    if let Err(e) = tx.commit().await {
        let _ = state.store.delete(key).await;
        return Err(e.into());
    }
    uploaded(state, file_id, job_id).await
}

async fn uploaded(state: &AppState, file_id: i64, job_id: i64) -> Result<Done<Uploaded>> {
    let file = file_row(&state.db, file_id).await?.ok_or_else(|| AppError::NotFound("文件不存在".into()))?;
    Ok(Done("上传成功", Uploaded { file, job_id }))
}

/// Checks the whole file, stores it and writes its record and job in `tx`, which the caller
/// commits (removing the stored object when that fails). Answers the file's and the job's ids.
async fn store(
    state: &AppState,
    tx: &mut sqlx::PgConnection,
    admin: &Admin,
    grant: &Grant,
    key: &str,
    extension: &'static str,
    file: &TempFile,
) -> Result<(i64, i64)> {
    if !sniff::matches(extension, &file.head) {
        return Err(AppError::FILE_WRONG_TYPE);
    }
    let tag = tags::find(&grant.tags).ok_or_else(|| AppError::field("tags", "请选择文件标签"))?;
    let purpose = tag.purpose(&grant.tag_value);
    already_stored(&mut *tx, key).await?;

    // Two uploads of the same content for the same purpose take turns here.
    sqlx::query("select pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(format!("{purpose}:{}", hex::encode(file.sha256)))
        .execute(&mut *tx)
        .await?;
    let duplicate: bool = sqlx::query_scalar(
        "select exists(select 1 from files f
                       where f.purpose = $1 and f.sha256 = $2
                         and not exists (select 1 from jobs j where j.file_id = f.id and j.status = 'failed'))",
    )
    .bind(&purpose)
    .bind(&file.sha256[..])
    .fetch_one(&mut *tx)
    .await?;
    if duplicate {
        return Err(AppError::FILE_DUPLICATE);
    }
    state.store.put_file(key, &file.path).await?;
    let stored = async {
        let file_id = record(&mut *tx, admin, grant, key, extension, &purpose, file).await?;
        let job_id = jobs::enqueue(&mut *tx, tag.id, Some(file_id), Some(admin.id), &grant.tag_value).await?;
        Ok((file_id, job_id))
    };
    match stored.await {
        Ok(ids) => Ok(ids),
        Err(e) => {
            let _ = state.store.delete(key).await;
            Err(e)
        }
    }
}

async fn record(
    tx: &mut sqlx::PgConnection,
    admin: &Admin,
    grant: &Grant,
    key: &str,
    extension: &str,
    purpose: &str,
    file: &TempFile,
) -> Result<i64> {
    let name: String = grant.original_file_name.chars().filter(|c| !c.is_control()).take(255).collect();
    let id = sqlx::query_scalar(
        "insert into files (file_name, path, mime_type, size, extension, description, tags, tag_value, purpose, sha256, admin_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id",
    )
    .bind(name)
    .bind(key)
    .bind(sniff::mime_type(extension))
    .bind(file.size as i64)
    .bind(extension)
    .bind(grant.description.chars().take(500).collect::<String>())
    .bind(&grant.tags)
    .bind(&grant.tag_value)
    .bind(purpose)
    .bind(&file.sha256[..])
    .bind(admin.id)
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| AppError::on_unique(e, "files_path_key", "key", "该文件已上传完成"))?;
    Ok(id)
}
