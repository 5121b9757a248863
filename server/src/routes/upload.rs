//! `POST /storage/upload`: the built-in storage host (docs/api.md, "Uploads").
//!
//! Takes the spec's multipart form (key, policy, OSSAccessKeyId, success_action_status,
//! callback, signature, optional chunk/chunks, then file) from a signed-in account. The policy
//! is checked before a byte of the file is read; the file streams to a temporary file (never
//! whole in memory), counted (-600 past the cap), sniffed (-601) and hashed, then handed to
//! [`crate::uploads`], which completes a single-part upload at once, keeps chunks until all
//! have come, refuses content already uploaded (-602), and writes the file record and its job.

use axum::extract::multipart::{Field, MultipartError};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_LENGTH;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::auth::session::{self, Admin};
use crate::error::{AppError, Result};
use crate::http::Done;
use crate::state::AppState;
use crate::storage::files::{FileRow, file_row};
use crate::storage::incoming::{TempFile, TempWriter};
use crate::storage::policy::{self, CHUNK_BYTES, MAX_FILE_BYTES, Posted};
use crate::storage::{sniff, upload_temp_dir};
use crate::uploads::{Chunked, MAX_CHUNKS, Stored, Upload};

/// Room for the form's text fields around the file.
const FORM_OVERHEAD: u64 = 256 * 1024;
/// The largest request body taken at all.
pub const MAX_BODY_BYTES: u64 = MAX_FILE_BYTES + FORM_OVERHEAD;
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

    let mut writer = TempWriter::create(&upload_temp_dir(&state.config), cap).await?;
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
    let upload = Upload { admin_id: admin.id, grant: &grant, key: &form.key, extension };
    match parts {
        None => {
            let stored = upload.complete(&state.db, &state.store, temp).await?;
            uploaded(state, stored).await.map(IntoResponse::into_response)
        }
        Some((chunk, chunks)) => answer_chunk(state, &upload, chunk, chunks, temp).await,
    }
}

async fn answer_chunk(state: &AppState, upload: &Upload<'_>, chunk: u32, chunks: u32, temp: TempFile) -> Result<Response> {
    let temp_dir = upload_temp_dir(&state.config);
    match upload.add_chunk(&state.db, &state.store, &temp_dir, chunk, chunks, temp).await? {
        Chunked::Waiting { received } => Ok(Done("分片已接收", ChunkReceived { chunk, chunks, received }).into_response()),
        Chunked::Complete(stored) => uploaded(state, stored).await.map(IntoResponse::into_response),
    }
}

async fn uploaded(state: &AppState, stored: Stored) -> Result<Done<Uploaded>> {
    let file = file_row(&state.db, stored.file_id).await?.ok_or_else(|| AppError::NotFound("文件不存在".into()))?;
    Ok(Done("上传成功", Uploaded { file, job_id: stored.job_id }))
}
