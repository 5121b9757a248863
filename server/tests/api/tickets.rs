//! Tickets: what a download link carries instead of the session token (the socket's tickets are
//! tested in realtime.rs).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

use adeval_server::export::{Cell, Maker, save};

use crate::helpers::{Answer, Call, TestApp, spawn_app};

async fn exported(app: &TestApp) -> String {
    let rows = vec![vec![Cell::from("伊利"), Cell::from(15i64)]];
    save(&app.state.db, &app.state.store, &app.state.config, Maker { admin_id: 1, menu_id: None }, "票据", &["品牌", "秒数"], rows).await.unwrap().url
}

async fn get(app: &TestApp, url: &str) -> Answer {
    app.raw(Request::get(url).body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn a_ticket_downloads_once_and_a_second_use_answers_2001() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let url = exported(&app).await;
    let ticket = app.ticket(&token).await;

    let first = get(&app, &format!("{url}?token={ticket}")).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let again = get(&app, &format!("{url}?token={ticket}")).await;
    assert_eq!(again.code(), 2001);
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_ticket_call_answers_how_long_the_ticket_lasts() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("ticket", json!({})).token(&token)).await;
    let data = answer.ok();
    assert_eq!(data["expiresIn"], 60);
    assert!(data["ticket"].as_str().unwrap().len() >= 32);
    // Tickets are stored hashed, never as given.
    let stored: Vec<Vec<u8>> = sqlx::query_scalar("select ticket_hash from auth_tickets").fetch_all(&app.db).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0], data["ticket"].as_str().unwrap().as_bytes());
    // Signed-in accounts only.
    assert_eq!(app.send(Call::post("ticket", json!({}))).await.code(), 2001);
}

#[tokio::test]
async fn an_expired_ticket_is_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let url = exported(&app).await;
    let ticket = app.ticket(&token).await;
    sqlx::query("update auth_tickets set expires_at = now() - interval '1 second'").execute(&app.db).await.unwrap();

    let answer = get(&app, &format!("{url}?token={ticket}")).await;
    assert_eq!(answer.code(), 2001);
}

#[tokio::test]
async fn a_ticket_of_a_signed_out_session_is_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let url = exported(&app).await;
    let ticket = app.ticket(&token).await;
    app.send(Call::post("adminUserLoginout", json!({"token": token})).form().token(&token)).await.ok();

    let answer = get(&app, &format!("{url}?token={ticket}")).await;
    assert_eq!(answer.code(), 2001);
}

#[tokio::test]
async fn a_ticket_of_a_replaced_session_answers_2002() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let url = exported(&app).await;
    let ticket = app.ticket(&token).await;
    let _elsewhere = app.admin_token().await;

    let answer = get(&app, &format!("{url}?token={ticket}")).await;
    assert_eq!(answer.code(), 2002);
}

#[tokio::test]
async fn the_session_token_is_refused_in_the_query_but_taken_from_a_header() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let url = exported(&app).await;

    let in_query = get(&app, &format!("{url}?token={token}")).await;
    assert_eq!(in_query.code(), 2001);
    let in_header = app.raw(Request::get(&url).header("token", &token).body(Body::empty()).unwrap()).await;
    assert_eq!(in_header.status, StatusCode::OK);
}
