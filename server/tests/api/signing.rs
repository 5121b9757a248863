use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{Call, Signing, spawn_app};

fn login_fields() -> serde_json::Value {
    json!({ "acc": "admin", "pwd": crate::helpers::ADMIN_PASSWORD })
}

#[tokio::test]
async fn a_request_without_a_signature_answers_2003() {
    let app = spawn_app().await;
    let signing = Signing { omit: true, ..Signing::default() };
    let answer = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
    assert_eq!(answer.code(), 2003);
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_tampered_payload_answers_2003() {
    let app = spawn_app().await;
    let signing = Signing {
        signed_fields: Some(json!({ "acc": "admin", "pwd": "something-else" })),
        ..Signing::default()
    };
    let answer = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
    assert_eq!(answer.code(), 2003);
}

#[tokio::test]
async fn a_signature_made_with_another_secret_answers_2003() {
    let app = spawn_app().await;
    let signing = Signing { secret: "not-the-secret".into(), ..Signing::default() };
    let answer = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
    assert_eq!(answer.code(), 2003);
}

#[tokio::test]
async fn a_timestamp_more_than_300_seconds_off_answers_2003() {
    let app = spawn_app().await;
    // Ahead by a margin: the server reads its clock after this one, and under load seconds
    // pass in between, which shrink a timestamp's lead (and only grow a lag).
    for offset in [-301, 310] {
        let signing = Signing { timestamp: chrono::Utc::now().timestamp() + offset, ..Signing::default() };
        let answer = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
        assert_eq!(answer.code(), 2003, "offset {offset}");
    }
    let signing = Signing { timestamp: chrono::Utc::now().timestamp() - 250, ..Signing::default() };
    app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await.ok();
}

#[tokio::test]
async fn a_replayed_nonce_answers_2003() {
    let app = spawn_app().await;
    let signing = Signing::default();
    let first = app.send(Call::post("adminUserLogin", login_fields()).signing(signing.clone())).await;
    first.ok();
    let replay = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
    assert_eq!(replay.code(), 2003);
}

#[tokio::test]
async fn a_short_nonce_answers_2003() {
    let app = spawn_app().await;
    let signing = Signing { nonce: "short".into(), ..Signing::default() };
    let answer = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
    assert_eq!(answer.code(), 2003);
}

#[tokio::test]
async fn json_and_form_bodies_and_query_strings_are_all_signed_and_accepted() {
    let app = spawn_app().await;
    app.send(Call::post("adminUserLogin", login_fields())).await.ok();
    let token = app.admin_token().await;
    let list = app
        .send(Call::get("adminUserIndex", json!({ "page": 1, "limit": 10, "name": "超级" })).token(&token))
        .await;
    assert_eq!(list.ok()["total"], 1);
    let info = app.send(Call::get("adminUserInfo", json!({ "id": 1 })).token(&token)).await;
    assert_eq!(info.ok()["account"], "admin");
}

#[tokio::test]
async fn a_body_that_is_not_json_or_form_answers_4000() {
    let app = spawn_app().await;
    let mut request = Call::post("adminUserLogin", json!({})).request();
    *request.body_mut() = axum::body::Body::from("not json");
    let answer = app.raw(request).await;
    assert_eq!(answer.code(), 4000);
}

#[tokio::test]
async fn absurd_timestamps_answer_2003() {
    let app = spawn_app().await;
    for timestamp in [i64::MIN, i64::MAX] {
        let signing = Signing { timestamp, ..Signing::default() };
        let answer = app.send(Call::post("adminUserLogin", login_fields()).signing(signing)).await;
        assert_eq!(answer.code(), 2003, "{timestamp}");
    }
}
