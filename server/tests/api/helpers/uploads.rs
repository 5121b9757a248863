//! Uploads as the web client makes them: a policy from aliyunOssSign, the spec's multipart
//! form to /storage/upload, and waiting for the import job a file starts.

use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use super::{Answer, Call, TestApp};

pub const MIB: usize = 1024 * 1024;

/// A real workbook whose content differs by `marker`.
pub fn xlsx(marker: &str) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "标题").unwrap();
    sheet.write_string(1, 0, marker).unwrap();
    book.save_to_buffer().unwrap()
}

/// `len` bytes that pass as an xlsx by their head (a zip signature), varied by `seed`.
pub fn zip_like(len: usize, seed: u8) -> Vec<u8> {
    let mut bytes: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect();
    bytes[..4].copy_from_slice(b"PK\x03\x04");
    bytes
}

pub async fn sign(app: &TestApp, token: &str, tags: &str, name: &str, tag_value: Value) -> Answer {
    app.send(
        Call::get(
            "aliyunOssSign",
            json!({"tags": tags, "originalFileName": name, "description": "测试上传", "tagValue": tag_value.to_string()}),
        )
        .token(token),
    )
    .await
}

pub fn customer() -> Value {
    json!({"category": 2, "source": 3, "belongingTo": 1})
}

/// A key inside the policy's dir, as the web client makes it.
pub fn key_in(signed: &Value, ext: &str) -> String {
    let name: String = adeval_server::storage::random_name(11);
    format!("{}{name}.{ext}", signed["dir"].as_str().unwrap())
}

/// The spec's multipart form, fields in order, the file last.
pub fn form(signed: &Value, key: &str, chunk: Option<(u32, u32)>, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----adevaltestboundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    let mut text = |name: &str, value: &str| {
        body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
    };
    text("key", key);
    text("policy", signed["policy"].as_str().unwrap());
    text("OSSAccessKeyId", signed["accessid"].as_str().unwrap());
    text("success_action_status", "200");
    text("callback", signed["callback"].as_str().unwrap());
    text("signature", signed["signature"].as_str().unwrap());
    if let Some((chunk, chunks)) = chunk {
        text("chunk", &chunk.to_string());
        text("chunks", &chunks.to_string());
    }
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"blob\"\r\nContent-Type: application/octet-stream\r\n\r\n")
            .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub async fn post(app: &TestApp, token: &str, signed: &Value, key: &str, chunk: Option<(u32, u32)>, bytes: &[u8]) -> Answer {
    let (content_type, body) = form(signed, key, chunk, bytes);
    let request = Request::post("/storage/upload")
        .header("content-type", content_type)
        .header("content-length", body.len())
        .header("Authorization", token)
        .header("token", token)
        .body(Body::from(body))
        .unwrap();
    app.raw(request).await
}

/// Signs and uploads a whole file; answers the storage host's answer.
pub async fn upload(app: &TestApp, token: &str, tags: &str, name: &str, tag_value: Value, bytes: &[u8]) -> Answer {
    let signed = sign(app, token, tags, name, tag_value).await.ok().clone();
    post(app, token, &signed, &key_in(&signed, "xlsx"), None, bytes).await
}

/// Waits for a job to end; answers its status and message.
pub async fn job_end(app: &TestApp, job_id: i64) -> (String, String) {
    for _ in 0..200 {
        let (status, message): (String, String) =
            sqlx::query_as("select status, message from jobs where id = $1").bind(job_id).fetch_one(&app.db).await.unwrap();
        if status == "done" || status == "failed" {
            return (status, message);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("job {job_id} did not end");
}

/// A job's status, progress and message as they are now.
pub async fn job(db: &sqlx::PgPool, id: i64) -> (String, i16, String) {
    sqlx::query_as("select status, progress, message from jobs where id = $1").bind(id).fetch_one(db).await.unwrap()
}
