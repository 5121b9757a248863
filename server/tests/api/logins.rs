use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::{ADMIN_PASSWORD, Call, spawn_app};

#[tokio::test]
async fn the_super_administrator_signs_in_with_a_token_and_all_rules() {
    let app = spawn_app().await;
    let answer = app.login("admin", ADMIN_PASSWORD).await;
    let data = answer.ok();
    assert_eq!(data["id"], 1);
    assert_eq!(data["name"], "超级管理员");
    assert_eq!(data["rule_id"], "*");
    // 128 bits at least: 32 random bytes, hex.
    assert!(data["token"].as_str().unwrap().len() >= 32);
}

#[tokio::test]
async fn sign_in_validation_answers_the_spec_messages() {
    let app = spawn_app().await;
    let answer = app.login("", "123").await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.field("acc"), Some("请输入正确的用户名"));
    assert_eq!(answer.field("pwd"), Some("密码不能少于6位"));
    let answer = app.login("bad account!", "123456").await;
    assert_eq!(answer.field("acc"), Some("请输入正确的用户名"));
}

#[tokio::test]
async fn an_unknown_account_and_a_wrong_password_answer_alike() {
    let app = spawn_app().await;
    let unknown = app.login("nobody", "whatever-1").await;
    let wrong = app.login("admin", "whatever-1").await;
    assert_eq!(unknown.code(), 4000);
    assert_eq!(unknown.status, wrong.status);
    assert_eq!(unknown.body, wrong.body);
    assert_eq!(wrong.field("pwd"), Some("账号或密码错误"));
}

#[tokio::test]
async fn a_restricted_account_gets_the_route_names_of_its_menus() {
    let app = spawn_app().await;
    app.create_account("clerk", "112,24").await;
    let data = app.login("clerk", "secret-123").await.ok().clone();
    let roles: Vec<&str> = data["rule_id"].as_str().unwrap().split(',').collect();
    for expected in ["/order", "/admin", "/admin/list", "/adminlog", "/menu"] {
        assert!(roles.contains(&expected), "{roles:?}");
    }
    assert!(!roles.contains(&"/product"));
}

#[tokio::test]
async fn a_disabled_account_cannot_sign_in() {
    let app = spawn_app().await;
    let id = app.create_account("gone", "112").await;
    sqlx::query("update admins set status = 2 where id = $1").bind(id).execute(&app.db).await.unwrap();
    let answer = app.login("gone", "secret-123").await;
    assert_eq!(answer.code(), 2002);
}

#[tokio::test]
async fn ten_failures_for_one_account_lock_it_for_fifteen_minutes() {
    let app = spawn_app().await;
    for i in 0..10 {
        let ip = format!("10.0.0.{i}");
        let answer = app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": "wrong-pass"})).with_ip(&ip)).await;
        assert_eq!(answer.code(), 4000, "attempt {i}");
    }
    let locked = app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": ADMIN_PASSWORD})).with_ip("10.0.1.1")).await;
    assert_eq!(locked.code(), 4029);
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS);
    // Another account is not affected.
    app.create_account("other", "112").await;
    app.send(Call::post("adminUserLogin", json!({"acc": "other", "pwd": "secret-123"})).with_ip("10.0.1.1")).await.ok();
    // Fifteen minutes later the lock is gone.
    sqlx::query("update login_attempts set created_at = created_at - interval '16 minutes'")
        .execute(&app.db)
        .await
        .unwrap();
    app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": ADMIN_PASSWORD})).with_ip("10.0.1.1")).await.ok();
}

#[tokio::test]
async fn ten_failures_from_one_address_lock_that_address() {
    let app = spawn_app().await;
    for i in 0..10 {
        let account = format!("guess{i}");
        let answer = app.send(Call::post("adminUserLogin", json!({"acc": account, "pwd": "wrong-pass"})).with_ip("192.0.2.7")).await;
        assert_eq!(answer.code(), 4000);
    }
    let locked = app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": ADMIN_PASSWORD})).with_ip("192.0.2.7")).await;
    assert_eq!(locked.code(), 4029);
    app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": ADMIN_PASSWORD})).with_ip("192.0.2.8")).await.ok();
}

#[tokio::test]
async fn nine_failures_then_a_success_clear_the_account_count() {
    let app = spawn_app().await;
    for i in 0..9 {
        let ip = format!("10.1.0.{i}");
        app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": "wrong-pass"})).with_ip(&ip)).await;
    }
    app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": ADMIN_PASSWORD})).with_ip("10.1.1.1")).await.ok();
    let answer = app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": "wrong-pass"})).with_ip("10.1.1.2")).await;
    assert_eq!(answer.code(), 4000);
    app.send(Call::post("adminUserLogin", json!({"acc": "admin", "pwd": ADMIN_PASSWORD})).with_ip("10.1.1.3")).await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_racing_edits_of_the_same_account_never_fail_with_5000() {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    let app = Arc::new(crate::helpers::spawn_app().await);
    let admin = app.admin_token().await;
    let id = app.create_account("racer", "112").await;
    let until = Instant::now() + Duration::from_secs(2);
    let sign_ins: Vec<_> = (0..3)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move {
                let mut codes = Vec::new();
                while Instant::now() < until {
                    codes.push(app.login("racer", "secret-123").await.code());
                }
                codes
            })
        })
        .collect();
    // Disable, enable, and reset the password (to the same one), over and over.
    let edits = tokio::spawn({
        let app = app.clone();
        async move {
            let mut codes = Vec::new();
            for n in 0.. {
                if Instant::now() >= until {
                    break;
                }
                let mut fields = json!({ "id": id, "name": "racer", "account": "racer", "rule_id": "112" });
                fields["status"] = json!(if n % 3 == 0 { "2" } else { "1" });
                if n % 3 == 2 {
                    fields["password"] = json!("secret-123");
                    fields["password_confirmation"] = json!("secret-123");
                }
                codes.push(app.send(Call::post("adminUserUp", fields).token(&admin)).await.code());
            }
            codes
        }
    });
    let mut codes = edits.await.unwrap();
    let edits = codes.len();
    for sign_in in sign_ins {
        codes.extend(sign_in.await.unwrap());
    }
    println!("{edits} edits and {} sign-ins", codes.len() - edits);
    assert!(!codes.contains(&5000), "a call failed with 5000: {codes:?}");
    assert!(codes.iter().filter(|c| **c == 200).count() > edits, "the sign-ins hardly ran: {codes:?}");
}
