//! The demo master data of a first start (server/src/demo.rs).

use serde_json::json;

use adeval_server::demo::load_if_empty;

use crate::helpers::{Call, TestApp, spawn_app};

const TABLES: [(&str, i64); 11] = [
    ("media", 4),
    ("brands", 3),
    ("audience_groups", 9),
    ("products", 6),
    ("product_audience_groups", 13),
    ("product_tapes", 14),
    ("time_period_classes", 8),
    ("time_periods", 32),
    ("suits", 24),
    ("suit_time_periods", 84),
    ("online_viewings", 20),
];

async fn counts(app: &TestApp) -> Vec<(&'static str, i64)> {
    let mut out = Vec::new();
    for (table, _) in TABLES {
        let n: i64 = sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(&app.db).await.unwrap();
        out.push((table, n));
    }
    out
}

#[tokio::test]
async fn an_empty_database_gets_the_demo_set_once() {
    let app = spawn_app().await;
    assert!(load_if_empty(&app.db).await.unwrap());
    assert_eq!(counts(&app).await, TABLES.to_vec());

    // A second start changes nothing.
    assert!(!load_if_empty(&app.db).await.unwrap());
    assert_eq!(counts(&app).await, TABLES.to_vec());
}

#[tokio::test]
async fn the_demo_set_is_consistent_and_shows_through_the_calls() {
    let app = spawn_app().await;
    load_if_empty(&app.db).await.unwrap();
    // Every product evaluates on its own brand's groups, and tapes follow their product.
    let strays: i64 = sqlx::query_scalar(
        "select (select count(*) from products p join audience_groups g on g.id = p.default_audience_group_id
                 where g.brand_id <> p.brand_id)
              + (select count(*) from product_audience_groups pg join products p on p.id = pg.product_id
                 join audience_groups g on g.id = pg.audience_group_id where g.brand_id <> p.brand_id)
              + (select count(*) from product_tapes t join products p on p.id = t.product_id
                 where t.brand_id <> p.brand_id or t.media_id <> p.media_id)
              + (select count(*) from time_periods where class_id is null)",
    )
    .fetch_one(&app.db)
    .await
    .unwrap();
    assert_eq!(strays, 0);
    // The midnight period lies past 24:00 of the broadcast day.
    let midnight: (i32, i32) = sqlx::query_as("select start_secs, end_secs from time_periods where time_period_name = '午夜' limit 1")
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(midnight, (86_400, 93_600));

    let token = app.admin_token().await;
    let brands = app.send(Call::get("brandList", json!({})).token(&token)).await;
    let brands: Vec<&str> = brands.ok().as_array().unwrap().iter().map(|b| b["brandName"].as_str().unwrap()).collect();
    assert_eq!(brands, ["伊利", "蒙牛", "农夫山泉"]);
    let viewings = app.send(Call::get("onlineViewingIndex", json!({})).token(&token)).await;
    assert_eq!(viewings.ok()["total"], 20);
}

#[tokio::test]
async fn a_database_holding_any_master_data_gets_no_demo_set() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.send(Call::post("brandAdd", json!({ "brandName": "自有品牌" })).token(&token)).await.ok();
    assert!(!load_if_empty(&app.db).await.unwrap());
    let total: i64 = counts(&app).await.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 1, "only the brand added by hand");

    let app = spawn_app().await;
    sqlx::query("insert into audience_groups (group_name) values ('全国4+')").execute(&app.db).await.unwrap();
    assert!(!load_if_empty(&app.db).await.unwrap());
    let media: i64 = sqlx::query_scalar("select count(*) from media").fetch_one(&app.db).await.unwrap();
    assert_eq!(media, 0);
}
