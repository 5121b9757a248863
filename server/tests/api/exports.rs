use axum::body::Body;
use axum::http::{Request, StatusCode};
use calamine::{Data, Reader, Xlsx};
use http_body_util::BodyExt;
use tower::ServiceExt;

use adeval_server::export::{Cell, save};

use crate::helpers::spawn_app;

/// Downloads an export through `/files/...` as an attachment.
pub async fn download(app: &crate::helpers::TestApp, url: &str, token: &str) -> Vec<u8> {
    let request = Request::get(url).header("token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment;") && disposition.contains("filename*=UTF-8''"), "{disposition}");
    response.into_body().collect().await.unwrap().to_bytes().to_vec()
}

/// Downloads an export and reads its first sheet back.
pub async fn read_back(app: &crate::helpers::TestApp, url: &str, token: &str) -> Vec<Vec<Data>> {
    let bytes = download(app, url, token).await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    sheet.rows().map(<[Data]>::to_vec).collect()
}

#[tokio::test]
async fn an_export_downloads_with_the_token_and_neutralises_formulas() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let rows = vec![vec![Cell::from("=HYPERLINK(\"x\")"), Cell::from(15i64), Cell::from("伊利")]];
    let exported = save(&app.state, "磁带号管理", &["名称", "秒数", "品牌"], rows).await.unwrap();
    assert!(exported.url.starts_with("/files/exports/"));
    // The sheet lives in the object store, and no temporary copy is left behind.
    let key = exported.url.trim_start_matches("/files/").replace("%E7%A3%81%E5%B8%A6%E5%8F%B7%E7%AE%A1%E7%90%86", "磁带号管理");
    assert!(app.state.store.get(&key).await.unwrap().is_some(), "{key}");
    let leftovers = std::fs::read_dir(app.data_dir.join("tmp").join("exports")).unwrap().count();
    assert_eq!(leftovers, 0);

    let sheet = read_back(&app, &exported.url, &token).await;
    assert_eq!(sheet[0], vec![Data::String("名称".into()), Data::String("秒数".into()), Data::String("品牌".into())]);
    assert_eq!(sheet[1][0], Data::String("'=HYPERLINK(\"x\")".into()));
    assert_eq!(sheet[1][1], Data::Float(15.0));

    // Without a token, or with a path outside the exports, nothing is served.
    let anonymous = app.raw(Request::get(&exported.url).body(Body::empty()).unwrap()).await;
    assert_eq!(anonymous.code(), 2001);
    let escape = app.raw(Request::get(format!("/files/exports/../../etc/passwd?token={token}")).body(Body::empty()).unwrap()).await;
    assert_ne!(escape.status, StatusCode::OK);
}
