use serde_json::json;

use crate::helpers::{Call, spawn_app};

#[tokio::test]
async fn the_menu_list_nests_children_under_their_parents() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let list = app.send(Call::post("authRuleIndex", json!({ "token": token })).token(&token)).await;
    let list = list.ok().as_array().unwrap().clone();
    let order = list.iter().find(|m| m["id"] == 112).unwrap();
    assert_eq!(order["name"], "/order");
    assert_eq!(order["builtin"], true);
    let admin = list.iter().find(|m| m["id"] == 24).unwrap();
    assert_eq!(admin["children_list"].as_array().unwrap().len(), 3);
    assert!(list.iter().all(|m| m["pid"] == 0));
}

#[tokio::test]
async fn an_empty_menu_form_answers_every_required_message() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("authRuleAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("pid"), Some("请选择父级"));
    assert_eq!(answer.field("type"), Some("请选择菜单"));
    assert_eq!(answer.field("name"), Some("请输入规则"));
    assert_eq!(answer.field("title"), Some("请输入标题"));
    assert_eq!(answer.field("weight"), Some("请输入权重"));
    assert_eq!(answer.field("status"), Some("请选择状态"));
    let bad = json!({ "pid": 0, "type": 1, "name": "x".repeat(51), "title": "t", "weight": 100, "status": 1 });
    let answer = app.send(Call::post("authRuleAdd", bad).token(&token)).await;
    assert_eq!(answer.field("name"), Some("长度在 1 到 50 个字符"));
    assert_eq!(answer.field("weight"), Some("权重范围为 1 到 99"));
}

#[tokio::test]
async fn a_menu_is_added_shown_edited_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "pid": 24, "type": 1, "name": "/audit", "title": "审计", "weight": 5, "status": 1, "token": token });
    let added = app.send(Call::post("authRuleAdd", fields).token(&token)).await;
    let id = added.ok()["id"].as_i64().unwrap();
    assert_eq!(added.data()["builtin"], false);

    let edit = json!({ "id": id, "pid": 24, "type": 1, "name": "/audit", "title": "审计",
                       "name_up": "/audit2", "title_up": "审计日志", "weight": 6, "status": 2 });
    let edited = app.send(Call::post("authRuleUp", edit).token(&token)).await;
    assert_eq!(edited.ok()["name"], "/audit2");
    assert_eq!(edited.data()["title"], "审计日志");
    assert_eq!(edited.data()["status"], 2);

    let info = app.send(Call::post("authRuleInfo", json!({ "id": id })).token(&token)).await;
    assert_eq!(info.ok()["weight"], 6);

    app.send(Call::post("authRuleDelete", json!({ "id": id })).token(&token)).await.ok();
    let gone = app.send(Call::post("authRuleInfo", json!({ "id": id })).token(&token)).await;
    assert_eq!(gone.code(), 4004);
}

#[tokio::test]
async fn a_duplicate_rule_name_answers_4009() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "pid": 0, "type": 1, "name": "/order", "title": "重复", "weight": 1, "status": 1 });
    let answer = app.send(Call::post("authRuleAdd", fields).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.field("name"), Some("规则已存在"));
}

#[tokio::test]
async fn menus_nest_two_levels_deep_at_most() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "pid": 27, "type": 1, "name": "/deep", "title": "深", "weight": 1, "status": 1 });
    let answer = app.send(Call::post("authRuleAdd", fields).token(&token)).await;
    assert_eq!(answer.field("pid"), Some("只支持两级菜单"));
    let fields = json!({ "pid": 777, "type": 1, "name": "/deep", "title": "深", "weight": 1, "status": 1 });
    let answer = app.send(Call::post("authRuleAdd", fields).token(&token)).await;
    assert_eq!(answer.field("pid"), Some("父级菜单不存在"));
}

#[tokio::test]
async fn seeded_menus_can_be_retitled_but_not_renamed_or_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let retitle = json!({ "id": 112, "pid": 0, "type": 1, "name": "/order", "title": "订单", "weight": 1, "status": 1 });
    app.send(Call::post("authRuleUp", retitle).token(&token)).await.ok();
    let rename = json!({ "id": 112, "pid": 0, "type": 1, "name": "/orders", "title": "订单", "weight": 1, "status": 1 });
    assert_eq!(app.send(Call::post("authRuleUp", rename).token(&token)).await.code(), 4009);
    assert_eq!(app.send(Call::post("authRuleDelete", json!({ "id": 112 })).token(&token)).await.code(), 4009);
}

#[tokio::test]
async fn a_parent_with_children_cannot_be_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let parent = json!({ "pid": 0, "type": 1, "name": "/reports", "title": "报表", "weight": 1, "status": 1 });
    let parent = app.send(Call::post("authRuleAdd", parent).token(&token)).await.ok()["id"].clone();
    let child = json!({ "pid": parent, "type": 2, "name": "/reports/a", "title": "A", "weight": 1, "status": 1 });
    app.send(Call::post("authRuleAdd", child).token(&token)).await.ok();
    let answer = app.send(Call::post("authRuleDelete", json!({ "id": parent })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.body["message"], "请先删除子菜单");
}

#[tokio::test]
async fn deleting_a_menu_removes_it_from_the_accounts_that_held_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let fields = json!({ "pid": 0, "type": 1, "name": "/extra", "title": "额外", "weight": 1, "status": 1 });
    let id = app.send(Call::post("authRuleAdd", fields).token(&token)).await.ok()["id"].as_i64().unwrap();
    let holder = app.create_account("holder", &format!("112,{id},145")).await;
    app.send(Call::post("authRuleDelete", json!({ "id": id })).token(&token)).await.ok();
    let rules: String = sqlx::query_scalar("select rule_id from admins where id = $1")
        .bind(holder)
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(rules, "112,145");
}
