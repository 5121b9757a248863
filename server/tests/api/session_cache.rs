//! The session cache (auth/session.rs): a session proved valid is taken as valid for 2 s without
//! asking Postgres, yet an ended session is refused at once when it ends through the server, as
//! soon as the `Session` event arrives when another process ended it, and within 2 s when it was
//! ended behind every server's back.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::{Call, TestApp, spawn_app};
use crate::helpers::sessions::quiet_session;

async fn whoami(app: &TestApp, token: &str) -> i64 {
    app.send(Call::get("adminUserInfo", json!({ "id": 1 })).token(token)).await.code()
}

/// Ends the session behind the server's back, as another process would (without its event).
async fn end_in_sql(app: &TestApp, token: &str) {
    let digest = <sha2::Sha256 as sha2::Digest>::digest(token.as_bytes()).to_vec();
    let ended = sqlx::query("update admin_sessions set revoked_at = now(), revoked_reason = 'logout' where token_hash = $1")
        .bind(digest)
        .execute(&app.db)
        .await
        .unwrap();
    assert_eq!(ended.rows_affected(), 1);
}

#[tokio::test]
async fn a_session_signed_out_right_after_a_call_is_refused_on_the_next_one() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(whoami(&app, &token).await, 200);
    app.send(Call::post("adminUserLoginout", json!({})).token(&token)).await.ok();
    assert_eq!(whoami(&app, &token).await, 2001);
}

#[tokio::test]
async fn a_session_ended_by_another_process_is_refused_once_its_event_arrives() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(whoami(&app, &token).await, 200);
    let cached_at = Instant::now();
    end_in_sql(&app, &token).await;
    // What another process's sign-out publishes at its commit.
    let event = adeval_server::realtime::Event::Session { admin_id: 1 };
    adeval_server::realtime::publish(&app.db, &event).await.unwrap();
    loop {
        let code = whoami(&app, &token).await;
        if code == 2001 {
            break;
        }
        assert_eq!(code, 200);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Well inside the cache's 2 s: the event, not the expiry, ended it.
    assert!(cached_at.elapsed() < Duration::from_millis(1500), "refused only after {:?}", cached_at.elapsed());
}

#[tokio::test]
async fn a_session_ended_behind_the_servers_back_is_refused_within_two_seconds() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(whoami(&app, &token).await, 200);
    end_in_sql(&app, &token).await;
    let ended = Instant::now();
    loop {
        let code = whoami(&app, &token).await;
        if code == 2001 {
            break;
        }
        assert_eq!(code, 200);
        assert!(ended.elapsed() < Duration::from_millis(2100), "still accepted {:?} after it ended", ended.elapsed());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn changing_ones_own_password_refuses_the_accounts_other_session_on_its_very_next_call() {
    let app = spawn_app().await;
    let id = app.create_account("clerk", "24").await;
    // Two live sessions of one account, as two sign-ins racing each other can leave.
    let (changing, other) = (quiet_session(&app, id).await, quiet_session(&app, id).await);
    let profile = |token| Call::get("adminUserProfile", json!({})).token(token);
    assert_eq!(app.send(profile(&other)).await.code(), 200);
    let change = json!({
        "name": "clerk", "oldPassword": "secret-123", "password": "secret-789",
        "password_confirmation": "secret-789"
    });
    app.send(Call::post("adminUserProfileUp", change).token(&changing)).await.ok();
    assert_eq!(app.send(profile(&other)).await.code(), 2001);
    assert_eq!(app.send(profile(&changing)).await.code(), 200, "the session that changed it goes on");
}
