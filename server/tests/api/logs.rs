use serde_json::json;

use crate::helpers::{ADMIN_PASSWORD, Call, spawn_app};

#[tokio::test]
async fn writes_are_logged_with_who_what_where_and_no_secrets() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "name": "李四", "account": "lisi", "password": "secret-789",
                         "password_confirmation": "secret-789", "status": "1", "rule_id": "112" });
    app.send(Call::post("adminUserAdd", fields).token(&token).with_ip("203.0.113.9")).await.ok();
    // Reads are not logged.
    app.send(Call::get("adminUserIndex", json!({})).token(&token)).await.ok();

    let logs = app.send(Call::get("adminUserLog", json!({ "page": 1 })).token(&token)).await;
    let logs = logs.ok();
    assert_eq!(logs["total"], 2, "{logs:#}");
    let add = &logs["data"][0];
    assert_eq!(add["adminName"], "超级管理员");
    assert_eq!(add["title"], "添加管理员");
    assert_eq!(add["url"], "/background/v1/adminUserAdd");
    assert_eq!(add["ip"], "203.0.113.9");
    assert_eq!(add["detail"]["account"], "lisi");
    assert!(add["detail"].get("password").is_none());
    assert!(add["detail"].get("password_confirmation").is_none());
    assert!(!add["detail"].to_string().contains("secret-789"));
    assert_eq!(logs["data"][1]["title"], "登录");
    assert!(!logs["data"][1]["detail"].to_string().contains(ADMIN_PASSWORD));
    let created = add["createTime"].as_str().unwrap();
    assert_eq!(created.len(), "2026-01-01 00:00:00".len());
}

#[tokio::test]
async fn the_log_filters_by_title_url_admin_and_date() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "pid": 0, "type": 1, "name": "/x", "title": "X", "weight": 1, "status": 1 });
    app.send(Call::post("authRuleAdd", fields).token(&token)).await.ok();
    let total = |fields: serde_json::Value| {
        let app = &app;
        let token = &token;
        async move { app.send(Call::get("adminUserLog", fields).token(token)).await.ok()["total"].as_i64().unwrap() }
    };
    assert_eq!(total(json!({})).await, 2);
    assert_eq!(total(json!({ "title": "菜单" })).await, 1);
    assert_eq!(total(json!({ "url": "authrule" })).await, 1);
    assert_eq!(total(json!({ "adminName": "超级" })).await, 2);
    assert_eq!(total(json!({ "adminName": "nobody" })).await, 0);
    let today: String = sqlx::query_scalar("select to_char(now(), 'YYYY-MM-DD')").fetch_one(&app.db).await.unwrap();
    assert_eq!(total(json!({ "createTimeAdd": today, "createTimeEnd": today })).await, 2);
    assert_eq!(total(json!({ "createTimeEnd": "2000-01-01" })).await, 0);
    let bad = app.send(Call::get("adminUserLog", json!({ "createTimeAdd": "yesterday" })).token(&token)).await;
    assert_eq!(bad.field("createTimeAdd"), Some("日期格式应为 YYYY-MM-DD"));
}
