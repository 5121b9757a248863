use serde_json::json;

use crate::helpers::{ADMIN_PASSWORD, Call, spawn_app};

#[tokio::test]
async fn an_account_reads_its_own_profile() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let me = app.send(Call::get("adminUserProfile", json!({})).token(&token)).await;
    assert_eq!(me.ok()["account"], "admin");
    assert_eq!(me.data()["ruleNames"], json!([]));
    assert!(me.data().get("password_hash").is_none());
}

#[tokio::test]
async fn the_super_administrator_changes_its_own_name_and_password() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "name": "老板", "oldPassword": ADMIN_PASSWORD, "password": "new-pass-1",
                         "password_confirmation": "new-pass-1" });
    let answer = app.send(Call::post("adminUserProfileUp", fields).token(&token)).await;
    assert_eq!(answer.ok()["name"], "老板");
    // The session that made the change goes on; the new password signs in.
    app.send(Call::get("adminUserProfile", json!({})).token(&token)).await.ok();
    assert_eq!(app.login("admin", ADMIN_PASSWORD).await.code(), 4000);
    app.login("admin", "new-pass-1").await.ok();
}

#[tokio::test]
async fn a_wrong_old_password_changes_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "name": "改名", "oldPassword": "not-it-1", "password": "new-pass-1",
                         "password_confirmation": "new-pass-1" });
    let answer = app.send(Call::post("adminUserProfileUp", fields).token(&token)).await;
    assert_eq!(answer.field("oldPassword"), Some("原密码错误"));
    let name: String = sqlx::query_scalar("select name from admins where id = 1").fetch_one(&app.db).await.unwrap();
    assert_eq!(name, "超级管理员");
    let answer = app.send(Call::post("adminUserProfileUp", json!({ "password": "123" })).token(&token)).await;
    assert_eq!(answer.field("name"), Some("请输入姓名"));
    assert_eq!(answer.field("oldPassword"), Some("请输入原密码"));
    assert_eq!(answer.field("password"), Some("密码不能少于6位"));
    assert_eq!(answer.field("password_confirmation"), Some("请确认密码"));
}
