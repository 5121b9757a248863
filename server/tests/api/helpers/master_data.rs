//! Master data inserted directly or through its calls, for tests of the areas that use it.

use serde_json::{Value, json};

use super::{Call, TestApp};

/// A media row, inserted directly (media CRUD is another screen's).
pub async fn media(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("insert into media (media_name) values ($1) returning id")
        .bind(name)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// A brand row, inserted directly.
pub async fn brand(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("insert into brands (brand_name) values ($1) returning id")
        .bind(name)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// A period added through timePeriodAdd.
pub async fn period(app: &TestApp, token: &str, media: i64, name: &str, start: &str, end: &str) -> i64 {
    let fields = json!({ "mediaId": media, "timePeriodName": name, "preBroadcastTimeForma": start, "preBroadcastTimeFormaEnd": end });
    app.send(Call::post("timePeriodAdd", fields).token(token)).await.ok()["id"].as_i64().unwrap()
}

/// Master data a product needs: two brands with groups, two media.
pub struct Seed {
    pub brand: i64,
    pub other_brand: i64,
    pub media: i64,
    pub other_media: i64,
    /// Groups of `brand`.
    pub groups: [i64; 3],
    /// A group of `other_brand`.
    pub foreign_group: i64,
}

async fn insert(app: &TestApp, sql: &str, name: &str) -> i64 {
    sqlx::query_scalar(sql).bind(name).fetch_one(&app.db).await.unwrap()
}

async fn group(app: &TestApp, brand: i64, name: &str) -> i64 {
    sqlx::query_scalar("insert into audience_groups (brand_id, group_name) values ($1, $2) returning id")
        .bind(brand)
        .bind(name)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

pub async fn seed(app: &TestApp) -> Seed {
    let brand = insert(app, "insert into brands (brand_name) values ($1) returning id", "伊利").await;
    let other_brand = insert(app, "insert into brands (brand_name) values ($1) returning id", "蒙牛").await;
    let media = insert(app, "insert into media (media_name) values ($1) returning id", "CCTV-1").await;
    let other_media = insert(app, "insert into media (media_name) values ($1) returning id", "湖南卫视").await;
    let groups = [
        group(app, brand, "全国4+").await,
        group(app, brand, "北京25-45").await,
        group(app, brand, "上海女性").await,
    ];
    let foreign_group = group(app, other_brand, "蒙牛全国").await;
    Seed { brand, other_brand, media, other_media, groups, foreign_group }
}

/// A valid productAdd payload.
pub fn product_form(s: &Seed, name: &str) -> Value {
    json!({
        "brandId": s.brand, "mediaId": s.media, "productName": name, "seconds": 15,
        "audienceCityGroupId": format!("{},{}", s.groups[1], s.groups[0]),
        "defaultAudienceCityGroupId": s.groups[0],
        "upsideDownThreePer": "30", "primeTime": "19:00:00-22:00:00", "primeTimePer": 60.5,
        "primeUpsideDownThreePer": "20", "falsePrimeUpsideDownThreePer": "",
        "jackRequirements": "不接受插播", "noteOne": "备注一", "noteTwo": ""
    })
}

/// Adds a product and answers its id.
pub async fn add_product(app: &TestApp, token: &str, form: Value) -> i64 {
    let answer = app.send(Call::post("productAdd", form).token(token)).await;
    answer.ok()["id"].as_i64().unwrap()
}

/// Sets a record's times to 2024-01-10 12:00 (created) and 2024-02-01 (updated), Beijing
/// time, past the trigger that stamps updated_at.
pub async fn backdate(db: &sqlx::PgPool, table: &str, id: i64) {
    let mut tx = db.begin().await.unwrap();
    let trigger = format!("{table}_updated_at");
    sqlx::query(&format!("alter table {table} disable trigger {trigger}")).execute(&mut *tx).await.unwrap();
    sqlx::query(&format!(
        "update {table} set created_at = '2024-01-10 12:00:00+08', updated_at = '2024-02-01 00:00:00+08' where id = $1"
    ))
    .bind(id)
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query(&format!("alter table {table} enable trigger {trigger}")).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}
