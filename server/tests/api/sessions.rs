use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{Call, TestApp, spawn_app};

async fn whoami(app: &TestApp, token: &str) -> i64 {
    app.send(Call::get("adminUserInfo", json!({ "id": 1 })).token(token)).await.code()
}

#[tokio::test]
async fn a_call_without_or_with_an_unknown_token_answers_2001() {
    let app = spawn_app().await;
    let answer = app.send(Call::get("adminUserInfo", json!({ "id": 1 }))).await;
    assert_eq!(answer.code(), 2001);
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert_eq!(whoami(&app, "0123456789abcdef0123456789abcdef").await, 2001);
}

#[tokio::test]
async fn tokens_are_stored_only_as_hashes() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let stored: Vec<Vec<u8>> = sqlx::query_scalar("select token_hash from admin_sessions")
        .fetch_all(&app.db)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0], token.as_bytes());
    assert_ne!(hex::encode(&stored[0]), token);
}

#[tokio::test]
async fn logging_out_revokes_the_token() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(whoami(&app, &token).await, 200);
    app.send(Call::post("adminUserLoginout", json!({ "token": token })).token(&token)).await.ok();
    assert_eq!(whoami(&app, &token).await, 2001);
}

#[tokio::test]
async fn a_session_idle_for_two_hours_expires() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    sqlx::query("update admin_sessions set last_seen_at = now() - interval '119 minutes'")
        .execute(&app.db)
        .await
        .unwrap();
    assert_eq!(whoami(&app, &token).await, 200, "activity within two hours keeps it alive");
    sqlx::query("update admin_sessions set last_seen_at = now() - interval '121 minutes'")
        .execute(&app.db)
        .await
        .unwrap();
    // A session a call just proved valid is taken as valid for the cache's 2 s.
    tokio::time::sleep(adeval_server::auth::session::CACHE_TTL).await;
    assert_eq!(whoami(&app, &token).await, 2001);
}

#[tokio::test]
async fn a_session_ends_twelve_hours_after_sign_in_however_active() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let lifetime: f64 = sqlx::query_scalar("select extract(epoch from expires_at - created_at)::float8 from admin_sessions")
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(lifetime, 12.0 * 3600.0);
    sqlx::query("update admin_sessions set expires_at = now() - interval '1 second'")
        .execute(&app.db)
        .await
        .unwrap();
    assert_eq!(whoami(&app, &token).await, 2001);
}

#[tokio::test]
async fn disabling_an_account_ends_its_sessions_with_2002() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = app.create_account("clerk", "24").await;
    let clerk = app.session(id).await;
    assert_eq!(whoami(&app, &clerk).await, 200);
    let fields = json!({ "id": id, "name": "clerk", "account": "clerk", "status": "2", "rule_id": "24" });
    app.send(Call::post("adminUserUp", fields).token(&admin)).await.ok();
    assert_eq!(whoami(&app, &clerk).await, 2002);
}

#[tokio::test]
async fn an_account_disabled_behind_the_servers_back_is_refused_with_2002() {
    let app = spawn_app().await;
    let id = app.create_account("clerk", "24").await;
    let clerk = app.session(id).await;
    sqlx::query("update admins set status = 2 where id = $1").bind(id).execute(&app.db).await.unwrap();
    assert_eq!(whoami(&app, &clerk).await, 2002);
}

#[tokio::test]
async fn deleting_an_account_ends_its_sessions() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = app.create_account("clerk", "24").await;
    let clerk = app.session(id).await;
    app.send(Call::post("adminUserDelete", json!({ "id": id })).token(&admin)).await.ok();
    assert_eq!(whoami(&app, &clerk).await, 2001);
}

#[tokio::test]
async fn signing_in_elsewhere_ends_the_earlier_session_with_2002() {
    let app = spawn_app().await;
    let first = app.admin_token().await;
    let second = app.admin_token().await;
    assert_eq!(whoami(&app, &second).await, 200);
    let answer = app.send(Call::get("adminUserInfo", json!({ "id": 1 })).token(&first)).await;
    assert_eq!(answer.code(), 2002);
    assert_eq!(answer.body["message"], "账号已在其他地方登录");
}
