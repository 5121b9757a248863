//! The bell's messages: own messages only, unread count, mark one or all.

use adeval_server::realtime::Level;
use serde_json::json;

use crate::helpers::{Call, spawn_app};

#[tokio::test]
async fn messages_are_listed_newest_first_and_marked_read() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let empty = app.send(Call::get("messageIndel", json!({})).token(&token)).await.ok().clone();
    assert_eq!((empty["total"].as_i64(), empty["unread"].as_i64()), (Some(0), Some(0)));

    let first = adeval_server::messages::notify(&app.db, 1, "第一条", Level::Success).await.unwrap();
    let second = adeval_server::messages::notify(&app.db, 1, "第二条", Level::Success).await.unwrap();
    let clerk = app.create_account("clerk", "112").await;
    let theirs = adeval_server::messages::notify(&app.db, clerk, "别人的", Level::Success).await.unwrap();

    let list = app.send(Call::get("messageIndel", json!({})).token(&token)).await.ok().clone();
    assert_eq!(list["total"], 2);
    assert_eq!(list["unread"], 2);
    assert_eq!(list["data"][0]["id"], second);
    assert_eq!(list["data"][0]["content"], "第二条");
    assert_eq!(list["data"][0]["status"], "1");
    assert!(list["data"][0]["createTime"].as_str().unwrap().len() == 19);
    let paged = app.send(Call::get("messageIndel", json!({"page": 2, "limit": 1})).token(&token)).await.ok().clone();
    assert_eq!(paged["data"][0]["id"], first);

    let one = app.send(Call::post("messageUp", json!({"id": first})).token(&token)).await;
    assert_eq!(one.body["message"], "操作成功");
    let list = app.send(Call::get("messageIndel", json!({})).token(&token)).await.ok().clone();
    assert_eq!(list["unread"], 1);
    assert_eq!(list["data"][1]["status"], "2");

    // Someone else's message is not found; a missing id is a field error.
    assert_eq!(app.send(Call::post("messageUp", json!({"id": theirs})).token(&token)).await.code(), 4004);
    assert_eq!(app.send(Call::post("messageUp", json!({})).token(&token)).await.field("id"), Some("请选择消息"));

    app.send(Call::post("messageUp", json!({"all": "1"})).form().token(&token)).await.ok();
    let list = app.send(Call::get("messageIndel", json!({})).token(&token)).await.ok().clone();
    assert_eq!(list["unread"], 0);
    let clerk_token = app.session(clerk).await;
    let theirs = app.send(Call::get("messageIndel", json!({})).token(&clerk_token)).await.ok().clone();
    assert_eq!(theirs["unread"], 1, "marking all touched another account's messages");
}
