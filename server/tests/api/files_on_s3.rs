//! Uploaded files and exports in a real S3 server (Ceph's RADOS gateway, started by `make test`
//! through scripts/rgw.sh): `ADEVAL_FILES_URL=s3://bucket/prefix` keeps every object under its
//! prefix, and uploads (single part and chunks), downloads, jobs reading the stored file,
//! exports and the purge of abandoned chunks work there as on the local store.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::TryStreamExt;
use http_body_util::BodyExt;
use object_store::ObjectStore;
use object_store::path::Path;
use tower::ServiceExt;

use adeval_server::export::{Cell, Maker, save};

use crate::helpers::exports::read_back;
use crate::helpers::spawn_app_on_s3;
use crate::helpers::uploads::{MIB, customer, job_end, key_in, post, sign, upload, xlsx, zip_like};
use crate::helpers::TestApp;

/// The test bucket itself, to see where objects really are.
fn bucket() -> impl ObjectStore {
    let bucket = std::env::var("ADEVAL_S3_BUCKET").expect("ADEVAL_S3_BUCKET: run the tests with `make test`");
    object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket).build().expect("the test bucket")
}

/// Every key in the bucket under `prefix`.
async fn keys_under(prefix: &str) -> Vec<String> {
    let prefix = Path::from(prefix);
    let mut keys: Vec<String> =
        bucket().list(Some(&prefix)).map_ok(|m| m.location.to_string()).try_collect().await.expect("listing the bucket");
    keys.sort();
    keys
}

async fn download(app: &TestApp, url: &str, token: &str) -> (StatusCode, Vec<u8>) {
    let request = Request::get(url).header("token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    (status, response.into_body().collect().await.unwrap().to_bytes().to_vec())
}

#[tokio::test]
async fn an_upload_is_stored_under_the_urls_prefix_downloads_whole_and_its_job_reads_it() {
    let (app, prefix) = spawn_app_on_s3().await;
    let token = app.admin_token().await;
    let bytes = xlsx("存储在S3");
    let answer = upload(&app, &token, "customerData", "客户数据.xlsx", customer(), &bytes).await;
    let data = answer.ok().clone();
    let path = data["file"]["path"].as_str().unwrap().to_owned();
    assert!(path.starts_with("uploads/"), "{path}");

    // The object is the prefix's, not the bucket root's.
    assert_eq!(keys_under(&format!("{prefix}/uploads")).await, [format!("{prefix}/{path}")]);
    assert!(keys_under("uploads").await.is_empty(), "nothing lands at the bucket's root");
    let (status, back) = download(&app, data["file"]["url_name"].as_str().unwrap(), &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(back, bytes);
    // The job copied the stored file and read it: no customer-data header, said so.
    let (status, message) = job_end(&app, data["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("未找到表头"), "{message}");
}

#[tokio::test]
async fn chunks_assemble_in_the_store_and_leave_no_part_behind() {
    let (app, prefix) = spawn_app_on_s3().await;
    let token = app.admin_token().await;
    let bytes = zip_like(10 * MIB + 4_321, 3);
    let (first, last) = bytes.split_at(10 * MIB);
    let signed = sign(&app, &token, "customerData", "分片.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed, "xlsx");
    post(&app, &token, &signed, &key, Some((1, 2)), last).await.ok();
    assert_eq!(keys_under(&format!("{prefix}/partial")).await.len(), 1, "the chunk waits in the store");
    let done = post(&app, &token, &signed, &key, Some((0, 2)), first).await;
    let file = done.ok()["file"].clone();
    assert_eq!(file["size"], bytes.len() as i64);
    let (status, back) = download(&app, file["url_name"].as_str().unwrap(), &token).await;
    assert_eq!(status, StatusCode::OK);
    assert!(back == bytes, "the assembled file differs");
    assert!(keys_under(&format!("{prefix}/partial")).await.is_empty());
}

#[tokio::test]
async fn abandoned_chunks_are_purged_from_the_store() {
    let (app, prefix) = spawn_app_on_s3().await;
    let token = app.admin_token().await;
    let signed = sign(&app, &token, "customerData", "半途.xlsx", customer()).await.ok().clone();
    let key = key_in(&signed, "xlsx");
    post(&app, &token, &signed, &key, Some((0, 3)), &zip_like(10 * MIB, 5)).await.ok();
    assert_eq!(keys_under(&format!("{prefix}/partial")).await.len(), 1);
    let purge = |age| adeval_server::storage::purge::abandoned_uploads(&app.state.db, &app.state.store, &app.state.config, age);
    assert_eq!(purge(Duration::from_secs(3600)).await.unwrap(), 0, "a recent upload is kept");
    assert_eq!(purge(Duration::ZERO).await.unwrap(), 1);
    assert!(keys_under(&format!("{prefix}/partial")).await.is_empty());
}

#[tokio::test]
async fn an_export_is_written_to_the_store_and_downloads_with_the_token() {
    let (app, prefix) = spawn_app_on_s3().await;
    let token = app.admin_token().await;
    let rows = vec![vec![Cell::from("伊利"), Cell::from(15i64)]];
    let maker = Maker { admin_id: 1, menu_id: None };
    let exported = save(&app.state.db, &app.state.store, &app.state.config, maker, "磁带号管理", &["品牌", "秒数"], rows).await.unwrap();
    let stored = keys_under(&format!("{prefix}/exports")).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert!(stored[0].ends_with(".xlsx"), "{stored:?}");
    let sheet = read_back(&app, &exported.url, &token).await;
    assert_eq!(sheet[1][0], calamine::Data::String("伊利".into()));
    assert_eq!(sheet[1][1], calamine::Data::Float(15.0));
}

#[tokio::test]
async fn a_files_url_without_a_bucket_or_with_a_bad_prefix_is_refused() {
    for url in ["s3://", "s3:///files"] {
        let refused = adeval_server::storage::Store::open(url).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(refused.contains("bucket"), "{url}: {refused}");
    }
    let refused = adeval_server::storage::Store::open("s3://adeval/a/../b").err().map(|e| format!("{e:#}")).unwrap_or_default();
    assert!(refused.contains("prefix"), "{refused}");
}
