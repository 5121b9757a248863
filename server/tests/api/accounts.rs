use serde_json::{Value, json};

use crate::helpers::{Call, TestApp, spawn_app};

fn form(account: &str) -> Value {
    json!({
        "name": "张三", "account": account, "password": "secret-456",
        "password_confirmation": "secret-456", "status": "1", "rule_id": "112,145"
    })
}

#[tokio::test]
async fn an_empty_account_form_answers_every_required_message() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("adminUserAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("name"), Some("请输入姓名"));
    assert_eq!(answer.field("account"), Some("请输入账号"));
    assert_eq!(answer.field("password"), Some("请输入密码"));
    assert_eq!(answer.field("password_confirmation"), Some("请确认密码"));
    assert_eq!(answer.field("status"), Some("请选择状态"));
    assert_eq!(answer.field("rule_id"), Some("请至少选择一个菜单"));
}

#[tokio::test]
async fn short_and_mismatched_passwords_and_unknown_menus_are_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut fields = form("li");
    fields["password"] = json!("12345");
    fields["password_confirmation"] = json!("54321");
    fields["rule_id"] = json!("112,99999");
    fields["status"] = json!("3");
    let answer = app.send(Call::post("adminUserAdd", fields).token(&token)).await;
    assert_eq!(answer.field("password"), Some("密码不能少于6位"));
    assert_eq!(answer.field("password_confirmation"), Some("两次输入的密码不一致"));
    assert_eq!(answer.field("rule_id"), Some("菜单不存在：99999"));
    assert_eq!(answer.field("status"), Some("请选择状态"));
    let count: i64 = sqlx::query_scalar("select count(*) from admins").fetch_one(&app.db).await.unwrap();
    assert_eq!(count, 1, "nothing was written");
}

#[tokio::test]
async fn an_account_is_added_listed_shown_edited_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let added = app.send(Call::post("adminUserAdd", form("zhangsan")).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let list = app.send(Call::get("adminUserIndex", json!({ "page": 1, "limit": 10 })).token(&token)).await;
    let list = list.ok();
    assert_eq!(list["total"], 2);
    let row = list["data"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(row["status"], "1");
    assert_eq!(row["rule_id"], "112,145");
    assert_eq!(row["ruleNames"], json!(["订单汇总", "客户数据"]));
    assert!(row.get("password").is_none() && row.get("password_hash").is_none());

    let alias = app.send(Call::get("adminlist", json!({ "account": "zhang" })).token(&token)).await;
    assert_eq!(alias.ok()["total"], 1);

    let info = app.send(Call::get("adminUserInfo", json!({ "id": id })).token(&token)).await;
    assert_eq!(info.ok()["name"], "张三");

    // Editing without a password keeps the old one.
    let edit = json!({ "id": id, "name": "张三丰", "account": "zhangsan", "status": "1", "rule_id": "*" });
    let edited = app.send(Call::post("adminUserUp", edit).token(&token)).await;
    assert_eq!(edited.ok()["name"], "张三丰");
    assert_eq!(edited.data()["rule_id"], "*");
    app.login("zhangsan", "secret-456").await.ok();

    app.send(Call::post("adminUserDelete", json!({ "id": id })).token(&token)).await.ok();
    let gone = app.send(Call::get("adminUserInfo", json!({ "id": id })).token(&token)).await;
    assert_eq!(gone.code(), 4004);
}

#[tokio::test]
async fn a_duplicate_account_answers_4009_naming_the_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.send(Call::post("adminUserAdd", form("dup")).token(&token)).await.ok();
    let again = app.send(Call::post("adminUserAdd", form("dup")).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("account"), Some("账号已存在"));
}

#[tokio::test]
async fn account_1_can_be_neither_edited_nor_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut edit = form("admin");
    edit["id"] = json!(1);
    let answer = app.send(Call::post("adminUserUp", edit).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    let answer = app.send(Call::post("adminUserDelete", json!({ "id": 1 })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    let name: String = sqlx::query_scalar("select name from admins where id = 1").fetch_one(&app.db).await.unwrap();
    assert_eq!(name, "超级管理员");
}

#[tokio::test]
async fn an_account_cannot_delete_or_disable_itself() {
    let app = spawn_app().await;
    let id = app.create_account("boss", "*").await;
    let token = app.session(id).await;
    let answer = app.send(Call::post("adminUserDelete", json!({ "id": id })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    let edit = json!({ "id": id, "name": "boss", "account": "boss", "status": "2", "rule_id": "*" });
    let answer = app.send(Call::post("adminUserUp", edit).token(&token)).await;
    assert_eq!(answer.code(), 4009);
}

#[tokio::test]
async fn nobody_grants_more_than_they_hold() {
    let app = spawn_app().await;
    let id = app.create_account("manager", "24,112").await;
    let token = app.session(id).await;
    let mut fields = form("clerk1");
    for beyond in [json!("*"), json!("112,82")] {
        fields["rule_id"] = beyond;
        let answer = app.send(Call::post("adminUserAdd", fields.clone()).token(&token)).await;
        assert_eq!(answer.code(), 4003, "{}", fields["rule_id"]);
    }
    fields["rule_id"] = json!([112, 25]);
    app.send(Call::post("adminUserAdd", fields).token(&token)).await.ok();
    let count: i64 = sqlx::query_scalar("select count(*) from admins").fetch_one(&app.db).await.unwrap();
    assert_eq!(count, 3, "only the allowed account was added");
}

/// What an account write could change: name, account, status, menus and password hash.
async fn stored(app: &TestApp, id: i64) -> Option<(String, String, i16, String, String)> {
    sqlx::query_as("select name, account, status, rule_id, password_hash from admins where id = $1")
        .bind(id)
        .fetch_optional(&app.db)
        .await
        .unwrap()
}

/// Every way adminUserUp can change `target`: rewrite, demote, disable, new password.
fn edits(id: i64, account: &str, rule_id: &str) -> Vec<Value> {
    let base = json!({ "id": id, "name": "改名", "account": account, "status": "1", "rule_id": rule_id });
    let with = |key: &str, value: &str| {
        let mut edit = base.clone();
        edit[key] = json!(value);
        edit
    };
    let mut password = base.clone();
    password["password"] = json!("taken-over-1");
    password["password_confirmation"] = json!("taken-over-1");
    vec![base.clone(), with("account", "renamed"), with("rule_id", "27"), with("status", "2"), password]
}

#[tokio::test]
async fn an_admin_list_clerk_can_neither_change_nor_delete_a_full_account_nor_one_with_a_menu_it_lacks() {
    let app = spawn_app().await;
    let clerk = app.create_account("clerk", "27").await;
    let token = app.session(clerk).await;
    let full = app.create_account("boss", "*").await;
    let wider = app.create_account("orders", "27,112").await;
    let parent = app.create_account("admins", "24").await;

    for (id, account, rule_id) in [(full, "boss", "*"), (wider, "orders", "27,112"), (parent, "admins", "24")] {
        let before = stored(&app, id).await;
        for edit in edits(id, account, rule_id) {
            let answer = app.send(Call::post("adminUserUp", edit.clone()).token(&token)).await;
            assert_eq!(answer.code(), 4003, "{edit}: {:#}", answer.body);
        }
        let answer = app.send(Call::post("adminUserDelete", json!({ "id": id })).token(&token)).await;
        assert_eq!(answer.code(), 4003, "deleting {account}");
        assert_eq!(stored(&app, id).await, before, "{account} was changed");
    }
    // The full account still signs in with its own password, and not with the clerk's.
    app.login("boss", "secret-123").await.ok();
    assert_eq!(app.login("boss", "taken-over-1").await.code(), 4000);
}

#[tokio::test]
async fn an_account_changes_and_deletes_accounts_within_its_own_menus() {
    let app = spawn_app().await;
    let clerk = app.create_account("clerk", "27").await;
    let clerk_token = app.session(clerk).await;
    let peer = app.create_account("peer", "27").await;
    // A parent menu covers its children.
    let manager = app.create_account("manager", "24,112").await;
    let manager_token = app.session(manager).await;
    let junior = app.create_account("junior", "27,13,112").await;

    for (token, id, account, rule_id) in [(&clerk_token, peer, "peer", "27"), (&manager_token, junior, "junior", "27,13,112")] {
        for edit in edits(id, account, rule_id) {
            app.send(Call::post("adminUserUp", edit.clone()).token(token)).await.ok();
            // Back to the account name the next edit names.
            sqlx::query("update admins set account = $2, status = 1, rule_id = $3 where id = $1")
                .bind(id)
                .bind(account)
                .bind(rule_id)
                .execute(&app.db)
                .await
                .unwrap();
        }
        app.login(account, "taken-over-1").await.ok();
        app.send(Call::post("adminUserDelete", json!({ "id": id })).token(token)).await.ok();
        assert_eq!(stored(&app, id).await, None, "{account} is deleted");
    }
    // The manager may not lift an account above itself, nor the clerk hand out a menu it lacks.
    let other = app.create_account("other", "27").await;
    let before = stored(&app, other).await;
    for (token, rule_id) in [(&manager_token, "*"), (&manager_token, "24,82"), (&clerk_token, "27,112"), (&clerk_token, "24")] {
        let edit = json!({ "id": other, "name": "other", "account": "other", "status": "1", "rule_id": rule_id });
        let answer = app.send(Call::post("adminUserUp", edit).token(token)).await;
        assert_eq!(answer.code(), 4003, "granting {rule_id}");
        let mut add = form("newcomer");
        add["rule_id"] = json!(rule_id);
        let answer = app.send(Call::post("adminUserAdd", add).token(token)).await;
        assert_eq!(answer.code(), 4003, "adding with {rule_id}");
    }
    assert_eq!(stored(&app, other).await, before);
    let newcomers: i64 =
        sqlx::query_scalar("select count(*) from admins where account = 'newcomer'").fetch_one(&app.db).await.unwrap();
    assert_eq!(newcomers, 0);
}

#[tokio::test]
async fn the_menu_picker_tree_holds_the_seeded_menus() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let tree = app.send(Call::post("adminUserRule", json!({})).token(&token)).await;
    let tree = tree.ok().as_array().unwrap().clone();
    let ids: Vec<i64> = tree.iter().map(|n| n["id"].as_i64().unwrap()).collect();
    for id in [112, 145, 107, 155, 89, 63, 82, 98, 28, 29, 24] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    let admin = tree.iter().find(|n| n["id"] == 24).unwrap();
    let children: Vec<i64> = admin["children_list"].as_array().unwrap().iter().map(|n| n["id"].as_i64().unwrap()).collect();
    assert_eq!(children, vec![27, 25, 13]);
}

/// An account form for adminUserUp, keeping the account's login and password.
fn edit(id: i64, account: &str, name: &str, rule_id: &str) -> Value {
    json!({ "id": id, "name": name, "account": account, "status": "1", "rule_id": rule_id })
}

async fn rights_of(app: &TestApp, id: i64) -> (String, String) {
    sqlx::query_as("select name, rule_id from admins where id = $1").bind(id).fetch_one(&app.db).await.unwrap()
}

#[tokio::test]
async fn a_star_account_demoted_by_another_admin_cannot_take_star_back_while_its_session_is_cached() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let demoted = app.create_account("demoted", "*").await;
    let other = app.create_account("other", "*").await;
    let token = crate::helpers::sessions::quiet_session(&app, demoted).await;
    // Its session is now cached, as `*`.
    app.send(Call::get("adminUserInfo", json!({ "id": other })).token(&token)).await.ok();

    let demoted_at = std::time::Instant::now();
    app.send(Call::post("adminUserUp", edit(demoted, "demoted", "demoted", "27")).token(&admin)).await.ok();
    let back = app.send(Call::post("adminUserUp", edit(demoted, "demoted", "demoted", "*")).token(&token)).await;
    let takeover = app.send(Call::post("adminUserUp", edit(other, "other", "taken", "*")).token(&token)).await;
    assert!(demoted_at.elapsed() < adeval_server::auth::session::CACHE_TTL, "not within the cache's window");

    assert_eq!(back.code(), 4003);
    assert_eq!(takeover.code(), 4003);
    assert_eq!(rights_of(&app, demoted).await, ("demoted".into(), "27".into()));
    assert_eq!(rights_of(&app, other).await, ("other".into(), "*".into()));
}

#[tokio::test]
async fn an_account_demoted_behind_the_servers_back_cannot_grant_with_the_rights_its_cached_session_shows() {
    let app = spawn_app().await;
    let demoted = app.create_account("demoted", "*").await;
    let token = crate::helpers::sessions::quiet_session(&app, demoted).await;
    app.send(Call::get("adminUserInfo", json!({ "id": demoted })).token(&token)).await.ok();
    // No event, so the cached session still says `*`; it still holds the accounts menu (27).
    let demoted_at = std::time::Instant::now();
    sqlx::query("update admins set rule_id = '27' where id = $1").bind(demoted).execute(&app.db).await.unwrap();

    let back = app.send(Call::post("adminUserUp", edit(demoted, "demoted", "demoted", "*")).token(&token)).await;
    let mut added = form("accomplice");
    added["rule_id"] = json!("*");
    let added = app.send(Call::post("adminUserAdd", added).token(&token)).await;
    assert!(demoted_at.elapsed() < adeval_server::auth::session::CACHE_TTL, "not within the cache's window");

    assert_eq!(back.code(), 4003);
    assert_eq!(added.code(), 4003);
    assert_eq!(rights_of(&app, demoted).await.1, "27");
    let count: i64 = sqlx::query_scalar("select count(*) from admins").fetch_one(&app.db).await.unwrap();
    assert_eq!(count, 2, "nothing was added");
}
