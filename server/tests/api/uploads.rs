//! Upload policies, the storage endpoint (single part and chunks), every refusal code, the
//! purge of abandoned chunks, the file list and downloads.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use adeval_server::storage::policy::{self, Grant};

use crate::helpers::{Call, TestApp, spawn_app, spawn_app_with};
use crate::helpers::uploads::{MIB, customer, form, job_end, key_in, post, sign, upload, xlsx, zip_like};

/// Nothing of a refused upload is left: no record, no object, no temporary file.
async fn nothing_left(app: &TestApp) {
    let files: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.db).await.unwrap();
    assert_eq!(files, 0, "a file record was left");
    let objects = walk(&app.data_dir.join("files").join("uploads"));
    assert!(objects.is_empty(), "objects left: {objects:?}");
    let temps = walk(&app.data_dir.join("tmp").join("uploads"));
    assert!(temps.is_empty(), "temporary files left: {temps:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return vec![] };
    entries
        .flatten()
        .flat_map(|e| if e.path().is_dir() { walk(&e.path()) } else { vec![e.path()] })
        .collect()
}

async fn download(app: &TestApp, url: &str, token: &str) -> (StatusCode, String, Vec<u8>) {
    let request = Request::get(url).header("token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let disposition = response.headers().get("content-disposition").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, disposition, bytes)
}

#[tokio::test]
async fn the_policy_is_checked_and_signed() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let signed = sign(&app, &token, "customerData", "客户数据.xlsx", customer()).await;
    let data = signed.ok();
    assert!(data["dir"].as_str().unwrap().starts_with("uploads/"));
    assert_eq!(data["host"], "/storage/upload");
    assert_eq!(data["accessid"], "adeval");
    for field in ["policy", "callback", "signature"] {
        assert!(!data[field].as_str().unwrap().is_empty(), "{field}");
    }
    assert!(data["expire"].as_i64().unwrap() > chrono::Utc::now().timestamp());

    let none = app.send(Call::get("aliyunOssSign", json!({})).token(&token)).await;
    assert_eq!(none.code(), 4000);
    assert_eq!(none.field("tags"), Some("请选择文件标签"));
    assert_eq!(none.field("originalFileName"), Some("请选择文件"));
    let text = sign(&app, &token, "customerData", "notes.txt", customer()).await;
    assert_eq!(text.field("originalFileName"), Some("只能上传 xls、xlsx 或 csv 文件"));
    let no_data = sign(&app, &token, "customerData", "a.xlsx", json!({})).await;
    assert_eq!(no_data.field("category"), Some("请选择数据类别"));
    assert_eq!(no_data.field("source"), Some("请选择数据来源"));
    let no_order = sign(&app, &token, "orderTemplate", "a.xlsx", json!({})).await;
    assert_eq!(no_order.field("orderId"), Some("请选择订单"));

    // The tag's menu decides: an order clerk can't upload customer data.
    let clerk = app.create_account("clerk", "112").await;
    let clerk_token = app.session(clerk).await;
    assert_eq!(sign(&app, &clerk_token, "customerData", "a.xlsx", customer()).await.code(), 4003);
    sign(&app, &clerk_token, "orderTemplate", "a.xlsx", json!({"orderId": 1})).await.ok();
    assert_eq!(app.send(Call::get("aliyunOssSign", json!({"tags": "orderTemplate"}))).await.code(), 2001);
}

#[tokio::test]
async fn a_single_part_upload_is_stored_listed_downloadable_and_starts_its_job() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let bytes = xlsx("单个上传");
    let answer = upload(&app, &token, "customerData", "客户 数据（十一月）.xlsx", customer(), &bytes).await;
    let data = answer.ok().clone();
    assert_eq!(answer.body["message"], "上传成功");
    let file = &data["file"];
    assert_eq!(file["fileName"], "客户 数据（十一月）.xlsx");
    assert_eq!(file["size"], bytes.len() as i64);
    assert_eq!(file["extension"], "xlsx");
    assert_eq!(file["tags"], "customerData");
    assert_eq!(file["tags_name"], "客户数据");
    assert_eq!(file["description"], "测试上传");
    assert_eq!(file["admin"]["name"], "超级管理员");
    assert_eq!(file["mimeType"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(file["path"].as_str().unwrap().starts_with("uploads/"));
    // Objects are named by the server, never after the client's file.
    assert!(!file["path"].as_str().unwrap().contains("客户"));

    // Downloaded byte for byte under the original name.
    let url = file["url_name"].as_str().unwrap();
    let (status, disposition, back) = download(&app, url, &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(back, bytes);
    assert!(disposition.contains("filename*=UTF-8''%E5%AE%A2%E6%88%B7%20%E6%95%B0%E6%8D%AE"), "{disposition}");
    let (anonymous, _, _) = download(&app, url, "").await;
    assert_eq!(anonymous, StatusCode::UNAUTHORIZED);
    // Someone else without the file menu can't fetch it; a holder of the menu can.
    let other = app.create_account("other", "82").await;
    let other_token = app.session(other).await;
    assert_eq!(download(&app, url, &other_token).await.0, StatusCode::FORBIDDEN);
    let filer = app.create_account("filer", "29").await;
    let filer_token = app.session(filer).await;
    assert_eq!(download(&app, url, &filer_token).await.0, StatusCode::OK);

    // The job ran: the workbook has no customer-data header, so the import fails with words
    // saying so, and the uploader is told.
    let (status, message) = job_end(&app, data["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("未找到表头"), "{message}");
    let messages = app.send(Call::get("messageIndel", json!({})).token(&token)).await.ok().clone();
    assert_eq!(messages["unread"], 1);
    assert!(messages["data"][0]["content"].as_str().unwrap().contains("客户 数据（十一月）.xlsx"));

    // The file list and its filters.
    let list = |fields: Value| app.send(Call::get("fileIndex", fields).token(&filer_token));
    let all = list(json!({})).await.ok().clone();
    assert_eq!(all["total"], 1);
    assert_eq!(all["data"][0]["job"]["status"], "failed");
    let today = crate::helpers::today().format("%Y-%m-%d").to_string();
    for (fields, expected) in [
        (json!({"fileName": "十一月"}), 1),
        (json!({"fileName": "十二月"}), 0),
        (json!({"description": "测试"}), 1),
        (json!({"tags": "customerData"}), 1),
        (json!({"tags": "orderTemplate"}), 0),
        (json!({"createTimeAdd": today, "createTimeEnd": today}), 1),
        (json!({"createTimeAdd": "2020-01-01", "createTimeEnd": "2020-01-02"}), 0),
    ] {
        assert_eq!(list(fields.clone()).await.ok()["total"], expected, "{fields}");
    }
    assert_eq!(list(json!({"createTimeAdd": "2026-13-01"})).await.field("createTimeAdd"), Some("日期格式应为 YYYY-MM-DD"));
    assert_eq!(app.send(Call::get("fileIndex", json!({})).token(&other_token)).await.code(), 4003);

    // A file whose import failed may be uploaded again.
    let again = upload(&app, &token, "customerData", "客户 数据（十一月）.xlsx", customer(), &bytes).await;
    again.ok();
}

#[tokio::test]
async fn chunks_complete_the_file_in_any_order_and_a_repeated_chunk_replaces_its_copy() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let bytes = zip_like(10 * MIB + 12_345, 7);
    let (first, last) = bytes.split_at(10 * MIB);

    let signed = sign(&app, &token, "customerData", "分片.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed, "xlsx");
    // The last chunk first, then a wrong copy of chunk 0, then chunk 0 again.
    let partial = post(&app, &token, &signed, &key, Some((1, 2)), last).await;
    assert_eq!(partial.body["message"], "分片已接收");
    assert_eq!(partial.ok()["received"], 1);
    // A chunk count that disagrees with the first chunk is refused.
    let mismatch = post(&app, &token, &signed, &key, Some((0, 3)), first).await;
    assert_eq!(mismatch.field("chunks"), Some("分片数量与首个分片不一致"));
    let done = post(&app, &token, &signed, &key, Some((0, 2)), first).await;
    let file = done.ok()["file"].clone();
    assert_eq!(file["size"], bytes.len() as i64);
    let (status, _, back) = download(&app, file["url_name"].as_str().unwrap(), &token).await;
    assert_eq!(status, StatusCode::OK);
    assert!(back == bytes, "the assembled file differs");
    // The chunks are gone, and the finished key takes nothing more.
    assert!(walk(&app.data_dir.join("files").join("partial")).is_empty());
    let late = post(&app, &token, &signed, &key, Some((1, 2)), last).await;
    assert_eq!(late.code(), 4009);

    // In order, with chunk 0 sent twice (a retry with the same bytes) .
    let other = zip_like(10 * MIB + 99, 9);
    let signed = sign(&app, &token, "customerData", "分片二.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed, "xlsx");
    post(&app, &token, &signed, &key, Some((0, 2)), &zip_like(10 * MIB, 1)).await.ok();
    post(&app, &token, &signed, &key, Some((0, 2)), &other[..10 * MIB]).await.ok();
    let done = post(&app, &token, &signed, &key, Some((1, 2)), &other[10 * MIB..]).await;
    let url = done.ok()["file"]["url_name"].as_str().unwrap().to_owned();
    assert!(download(&app, &url, &token).await.2 == other, "a repeated chunk corrupted the file");
}

#[tokio::test]
async fn every_bad_upload_is_refused_with_its_code_and_leaves_nothing() {
    // No workers: jobs stay queued, so a second copy counts as a duplicate.
    let app = spawn_app_with(0).await;
    let token = app.admin_token().await;
    let signed = sign(&app, &token, "customerData", "坏文件.xlsx", customer()).await.ok().clone();

    // -600: over 50 MB, refused by its declared size.
    let huge = zip_like(50 * MIB + 1, 3);
    let answer = post(&app, &token, &signed, &key_in(&signed, "xlsx"), None, &huge).await;
    assert_eq!((answer.code(), answer.status), (-600, StatusCode::PAYLOAD_TOO_LARGE));
    assert_eq!(answer.body["message"], "文件大小不能超过 50MB");
    // ... a chunk over 10 MB, or more chunks than 50 MB can need.
    let answer = post(&app, &token, &signed, &key_in(&signed, "xlsx"), Some((0, 2)), &zip_like(10 * MIB + 1, 3)).await;
    assert_eq!(answer.code(), -600);
    let answer = post(&app, &token, &signed, &key_in(&signed, "xlsx"), Some((0, 6)), &zip_like(100, 3)).await;
    assert_eq!(answer.code(), -600);
    nothing_left(&app).await;

    // -601: the content is not what the name says.
    let answer = post(&app, &token, &signed, &key_in(&signed, "xlsx"), None, b"%PDF-1.7 not a workbook").await;
    assert_eq!((answer.code(), answer.status), (-601, StatusCode::UNSUPPORTED_MEDIA_TYPE));
    assert_eq!(answer.body["message"], "只能上传 xls、xlsx 或 csv 文件");
    let answer = post(&app, &token, &signed, &key_in(&signed, "xlsx"), Some((0, 2)), &vec![b'x'; 10 * MIB]).await;
    assert_eq!(answer.code(), -601);
    nothing_left(&app).await;
    let csv = sign(&app, &token, "customerData", "坏文件.csv", customer()).await.ok().clone();
    let answer = post(&app, &token, &csv, &key_in(&csv, "csv"), None, b"a,b\x00\x01binary").await;
    assert_eq!(answer.code(), -601);
    nothing_left(&app).await;

    // -602: the same content for the same purpose; another purpose takes it.
    let bytes = xlsx("重复");
    upload(&app, &token, "customerData", "重复.xlsx", customer(), &bytes).await.ok();
    let again = upload(&app, &token, "customerData", "改名了.xlsx", customer(), &bytes).await;
    assert_eq!((again.code(), again.status), (-602, StatusCode::CONFLICT));
    assert_eq!(again.body["message"], "该文件已上传过，请勿重复上传");
    upload(&app, &token, "customerData", "重复.xlsx", json!({"category": 3, "source": 3}), &bytes).await.ok();
    let files: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.db).await.unwrap();
    assert_eq!(files, 2);
    // ... also when it arrives in chunks.
    let big = zip_like(10 * MIB + 5, 4);
    let signed_big = sign(&app, &token, "customerData", "大.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed_big, "xlsx");
    post(&app, &token, &signed_big, &key, Some((0, 2)), &big[..10 * MIB]).await.ok();
    post(&app, &token, &signed_big, &key, Some((1, 2)), &big[10 * MIB..]).await.ok();
    let signed_big = sign(&app, &token, "customerData", "大.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed_big, "xlsx");
    post(&app, &token, &signed_big, &key, Some((0, 2)), &big[..10 * MIB]).await.ok();
    assert_eq!(post(&app, &token, &signed_big, &key, Some((1, 2)), &big[10 * MIB..]).await.code(), -602);
    let objects = walk(&app.data_dir.join("files").join("uploads")).len();
    assert_eq!(objects, 3, "a refused duplicate left its object");
    assert!(walk(&app.data_dir.join("files").join("partial")).is_empty());
}

#[tokio::test]
async fn posts_outside_their_policy_are_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let bytes = xlsx("策略");
    let signed = sign(&app, &token, "customerData", "策略.xlsx", customer()).await.ok().clone();

    let mut forged = signed.clone();
    forged["signature"] = json!("AAAA");
    assert_eq!(post(&app, &token, &forged, &key_in(&signed, "xlsx"), None, &bytes).await.field("signature"), Some("上传签名无效"));
    let outside = "uploads/20200101/elsewhere/Abcdefghijk.xlsx";
    assert_eq!(post(&app, &token, &signed, outside, None, &bytes).await.field("key"), Some("上传路径无效"));
    let no_token = post(&app, "", &signed, &key_in(&signed, "xlsx"), None, &bytes).await;
    assert_eq!((no_token.code(), no_token.status), (2001, StatusCode::UNAUTHORIZED));
    // Another account can't use someone else's policy.
    let other = app.create_account("other", "145").await;
    let other_token = app.session(other).await;
    assert_eq!(post(&app, &other_token, &signed, &key_in(&signed, "xlsx"), None, &bytes).await.code(), 4003);
    // An expired policy.
    let grant = Grant {
        dir: "uploads/20200101/old/".into(),
        admin_id: 1,
        tags: "customerData".into(),
        original_file_name: "旧.xlsx".into(),
        description: String::new(),
        tag_value: customer(),
        expire: chrono::Utc::now().timestamp() - 1,
    };
    let old = serde_json::to_value(policy::sign(&app.state.upload_key, &grant)).unwrap();
    assert_eq!(post(&app, &token, &old, &key_in(&old, "xlsx"), None, &bytes).await.field("policy"), Some("上传凭证已过期，请重新上传"));
    // A form without the file.
    let (content_type, body) = form(&signed, &key_in(&signed, "xlsx"), None, b"");
    let cut = body[..body.len() / 2].to_vec();
    let request = Request::post("/storage/upload").header("content-type", content_type).header("token", &token).body(Body::from(cut)).unwrap();
    assert_eq!(app.raw(request).await.code(), 4000);
    nothing_left(&app).await;
}

#[tokio::test]
async fn abandoned_chunks_are_purged() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let signed = sign(&app, &token, "customerData", "半途.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed, "xlsx");
    post(&app, &token, &signed, &key, Some((0, 3)), &zip_like(10 * MIB, 5)).await.ok();
    assert_eq!(walk(&app.data_dir.join("files").join("partial")).len(), 1);

    // Recent uploads are kept; old ones go, with their chunks.
    let kept = adeval_server::storage::purge::abandoned_uploads(&app.state.db, &app.state.store, &app.state.config, Duration::from_secs(3600)).await.unwrap();
    assert_eq!(kept, 0);
    let purged = adeval_server::storage::purge::abandoned_uploads(&app.state.db, &app.state.store, &app.state.config, Duration::ZERO).await.unwrap();
    assert_eq!(purged, 1);
    assert!(walk(&app.data_dir.join("files").join("partial")).is_empty());
    let uploads: i64 = sqlx::query_scalar("select count(*) from uploads").fetch_one(&app.db).await.unwrap();
    assert_eq!(uploads, 0);
    nothing_left(&app).await;
}

#[tokio::test]
async fn jobs_survive_a_restart() {
    // The first process takes uploads but runs no workers (it "dies" before working).
    let first = spawn_app_with(0).await;
    let token = first.admin_token().await;
    let answer = upload(&first, &token, "orderTemplate", "排期.xlsx", json!({"orderId": 9}), &xlsx("重启")).await;
    let job = answer.ok()["jobId"].as_i64().unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let status: String = sqlx::query_scalar("select status from jobs where id = $1").bind(job).fetch_one(&first.db).await.unwrap();
    assert_eq!(status, "queued");

    // A job left running by a dead process (its heartbeat stopped) is taken again, and one
    // interrupted too often is given up.
    let stale = |attempts: i32| {
        sqlx::query_scalar::<_, i64>(
            "insert into jobs (kind, admin_id, status, attempts, heartbeat_at, started_at)
             values ('orderTemplate', 1, 'running', $1, now() - interval '5 minutes', now() - interval '5 minutes') returning id",
        )
        .bind(attempts)
        .fetch_one(&first.db)
    };
    let interrupted = stale(1).await.unwrap();
    let hopeless = stale(3).await.unwrap();
    let alive: i64 = sqlx::query_scalar(
        "insert into jobs (kind, admin_id, status, attempts, heartbeat_at) values ('orderTemplate', 1, 'running', 1, now()) returning id",
    )
    .fetch_one(&first.db)
    .await
    .unwrap();

    let restarted = first.another(1).await;
    let (status, message) = job_end(&restarted, job).await;
    assert_eq!(status, "failed");
    assert_eq!(message, "订单不存在");
    let (status, _) = job_end(&restarted, interrupted).await;
    assert_eq!(status, "failed");
    let (status, message) = job_end(&restarted, hopeless).await;
    assert_eq!((status.as_str(), message.as_str()), ("failed", "任务多次中断，已停止处理，请重新上传"));
    let untouched: String = sqlx::query_scalar("select status from jobs where id = $1").bind(alive).fetch_one(&restarted.db).await.unwrap();
    assert_eq!(untouched, "running", "a job with a live heartbeat was taken from its worker");
}
