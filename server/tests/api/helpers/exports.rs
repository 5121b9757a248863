//! Downloading an export and reading its sheet back.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use calamine::{Data, Reader, Xlsx};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// Downloads an export through `/files/...` as an attachment.
pub async fn download(app: &super::TestApp, url: &str, token: &str) -> Vec<u8> {
    let request = Request::get(url).header("token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment;") && disposition.contains("filename*=UTF-8''"), "{disposition}");
    response.into_body().collect().await.unwrap().to_bytes().to_vec()
}

/// Downloads an export and reads its first sheet back.
pub async fn read_back(app: &super::TestApp, url: &str, token: &str) -> Vec<Vec<Data>> {
    let bytes = download(app, url, token).await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    sheet.rows().map(<[Data]>::to_vec).collect()
}
