//! Products: productIndex, productAdd, productUp, productDel, productCopy and the productList
//! lookup. Media, brands and audience groups are inserted directly (their screens are another
//! area's).

use serde_json::{Value, json};

use crate::helpers::{Call, TestApp, spawn_app};
use crate::helpers::master_data::{Seed, add_product, backdate, product_form, seed};

async fn count(app: &TestApp, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(&app.db).await.unwrap()
}

#[tokio::test]
async fn an_empty_product_form_answers_every_required_message_and_writes_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("productAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    for (field, message) in [
        ("productName", "产品名称不能为空"),
        ("brandId", "品牌ID不能为空"),
        ("seconds", "秒数不能为空"),
        ("audienceCityGroupId", "受众/城市组不能为空"),
        ("defaultAudienceCityGroupId", "默认受众/城市组不能为空"),
        ("primeTime", "黄金时段范围不能为空"),
        ("upsideDownThreePer", "正负三不能为空"),
        ("primeTimePer", "黄金时段占比不能为空"),
        ("primeUpsideDownThreePer", "黄金时段正负三占比不能为空"),
        ("jackRequirements", "插播要求不能为空"),
    ] {
        assert_eq!(answer.field(field), Some(message), "{field}: {:#}", answer.body);
    }
    for optional in ["mediaId", "falsePrimeUpsideDownThreePer", "noteOne", "noteTwo"] {
        assert_eq!(answer.field(optional), None, "{optional} is optional");
    }
    assert_eq!(count(&app, "products").await, 0);
}

#[tokio::test]
async fn numbers_must_be_0_to_100_seconds_positive_and_prime_time_a_range() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let mut form = product_form(&s, "纯牛奶");
    form["upsideDownThreePer"] = json!("-1");
    form["primeTimePer"] = json!("abc");
    form["primeUpsideDownThreePer"] = json!(100.5);
    form["falsePrimeUpsideDownThreePer"] = json!("-0.1");
    form["seconds"] = json!("0");
    form["primeTime"] = json!("22:00-19:00");
    let answer = app.send(Call::post("productAdd", form).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("upsideDownThreePer"), Some("只可输入大于等于0的数字"));
    assert_eq!(answer.field("primeTimePer"), Some("只可输入大于等于0的数字"));
    assert_eq!(answer.field("primeUpsideDownThreePer"), Some("不能大于100"));
    assert_eq!(answer.field("falsePrimeUpsideDownThreePer"), Some("只可输入大于等于0的数字"));
    assert_eq!(answer.field("seconds"), Some("秒数必须是 1 到 3600 之间的整数"));
    assert_eq!(answer.field("primeTime"), Some("黄金时段结束时间必须晚于开始时间"));

    let mut form = product_form(&s, "纯牛奶");
    form["primeTime"] = json!("晚上七点到十点");
    let answer = app.send(Call::post("productAdd", form).token(&token)).await;
    assert_eq!(answer.field("primeTime"), Some("黄金时段范围格式应为 HH:MM:SS-HH:MM:SS"));
    assert_eq!(count(&app, "products").await, 0);
}

#[tokio::test]
async fn groups_must_be_the_brands_and_the_default_one_of_them() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let mut form = product_form(&s, "纯牛奶");
    form["audienceCityGroupId"] = json!(format!("{},{}", s.groups[0], s.foreign_group));
    form["defaultAudienceCityGroupId"] = json!(s.groups[2]);
    let answer = app.send(Call::post("productAdd", form).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("audienceCityGroupId"), Some("受众/城市组必须属于所选品牌"));
    assert_eq!(answer.field("defaultAudienceCityGroupId"), Some("默认受众/城市组必须是已选的受众/城市组之一"));

    let mut form = product_form(&s, "纯牛奶");
    form["audienceCityGroupId"] = json!("999999");
    form["defaultAudienceCityGroupId"] = json!(999999);
    form["brandId"] = json!(999999);
    form["mediaId"] = json!(999999);
    let answer = app.send(Call::post("productAdd", form).token(&token)).await;
    assert_eq!(answer.field("audienceCityGroupId"), Some("受众/城市组不存在：999999"));
    assert_eq!(answer.field("brandId"), Some("品牌不存在"));
    assert_eq!(answer.field("mediaId"), Some("媒体不存在"));
    assert_eq!(count(&app, "products").await, 0);
}

#[tokio::test]
async fn a_product_is_added_listed_and_edited_with_its_groups_brand_and_media() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;

    let added = app.send(Call::post("productAdd", product_form(&s, "纯牛奶")).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let list = app.send(Call::get("productIndex", json!({ "page": 1, "limit": 10 })).token(&token)).await;
    let list = list.ok();
    assert_eq!(list["total"], 1);
    let row = &list["data"][0];
    assert_eq!(row["id"], id);
    assert_eq!(row["brandId"], s.brand);
    assert_eq!(row["mediaId"], s.media);
    assert_eq!(row["productName"], "纯牛奶");
    assert_eq!(row["seconds"], 15);
    assert_eq!(row["audienceCityGroupId"], format!("{},{}", s.groups[1], s.groups[0]));
    assert_eq!(
        row["ProductDefault"],
        json!([
            { "id": s.groups[1], "audienceCityGroupName": "北京25-45" },
            { "id": s.groups[0], "audienceCityGroupName": "全国4+" }
        ])
    );
    assert_eq!(row["DefaultAudienceCityGroup"], json!({ "id": s.groups[0], "audienceCityGroupName": "全国4+" }));
    assert_eq!(row["defaultAudienceCityGroupId"], s.groups[0]);
    assert_eq!(row["upsideDownThreePer"], 30.0);
    assert_eq!(row["primeTime"], "19:00:00-22:00:00");
    assert_eq!(row["primeTimePer"], 60.5);
    assert_eq!(row["primeUpsideDownThreePer"], 20.0);
    assert_eq!(row["falsePrimeUpsideDownThreePer"], Value::Null);
    assert_eq!(row["jackRequirements"], "不接受插播");
    assert_eq!(row["noteOne"], "备注一");
    assert_eq!(row["noteTwo"], "");
    assert_eq!(row["brand"], json!({ "brandName": "伊利" }));
    assert_eq!(row["media"], json!({ "mediaName": "CCTV-1" }));
    assert!(row["createTime"].as_str().unwrap().len() == 19 && row["updateTime"].is_string());

    // productUp: productNameUp carries the name; the media can be dropped; groups reordered.
    let mut edit = product_form(&s, "旧名");
    edit["id"] = json!(id);
    edit["productNameUp"] = json!("高钙纯牛奶");
    edit["mediaId"] = json!("");
    edit["audienceCityGroupId"] = json!([s.groups[2], s.groups[1]]);
    edit["defaultAudienceCityGroupId"] = json!(s.groups[2]);
    edit["falsePrimeUpsideDownThreePer"] = json!("12.3456");
    let edited = app.send(Call::post("productUp", edit).token(&token)).await;
    assert_eq!(edited.body["message"], "修改成功");
    let row = edited.ok();
    assert_eq!(row["productName"], "高钙纯牛奶");
    assert_eq!(row["media"], Value::Null);
    assert_eq!(row["mediaId"], Value::Null);
    assert_eq!(row["audienceCityGroupId"], format!("{},{}", s.groups[2], s.groups[1]));
    assert_eq!(row["DefaultAudienceCityGroup"]["audienceCityGroupName"], "上海女性");
    assert_eq!(row["falsePrimeUpsideDownThreePer"], 12.346);

    let missing = app.send(Call::post("productUp", json!({ "id": 999999 })).token(&token)).await;
    assert_eq!(missing.code(), 4004);
    let titles: Vec<String> = sqlx::query_scalar("select title from admin_logs order by id").fetch_all(&app.db).await.unwrap();
    assert!(titles.contains(&"添加产品".to_owned()) && titles.contains(&"修改产品".to_owned()), "{titles:?}");
}

#[tokio::test]
async fn a_duplicate_name_within_a_brand_answers_4009_naming_the_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    add_product(&app, &token, product_form(&s, "纯牛奶")).await;
    let again = app.send(Call::post("productAdd", product_form(&s, "纯牛奶")).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("productName"), Some("该品牌下已有同名产品"));

    // The same name under another brand is another product.
    let mut other = product_form(&s, "纯牛奶");
    other["brandId"] = json!(s.other_brand);
    other["audienceCityGroupId"] = json!(s.foreign_group.to_string());
    other["defaultAudienceCityGroupId"] = json!(s.foreign_group);
    app.send(Call::post("productAdd", other).token(&token)).await.ok();
}

#[tokio::test]
async fn the_product_list_filters_by_every_filter_and_pages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let a = add_product(&app, &token, product_form(&s, "纯牛奶")).await;
    let mut form = product_form(&s, "酸奶");
    form["seconds"] = json!(30);
    form["audienceCityGroupId"] = json!(s.groups[2].to_string());
    form["defaultAudienceCityGroupId"] = json!(s.groups[2]);
    let b = add_product(&app, &token, form).await;
    let mut form = product_form(&s, "奶粉");
    form["brandId"] = json!(s.other_brand);
    form["seconds"] = json!(5);
    form["audienceCityGroupId"] = json!(s.foreign_group.to_string());
    form["defaultAudienceCityGroupId"] = json!(s.foreign_group);
    let c = add_product(&app, &token, form).await;
    // Back-date one product so the time filters have something to tell apart.
    backdate(&app.db, "products", c).await;

    let ids = |answer: &crate::helpers::Answer| -> Vec<i64> {
        answer.ok()["data"].as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
    };
    let find = |fields: Value| app.send(Call::get("productIndex", fields).token(&token));

    assert_eq!(ids(&find(json!({})).await), vec![c, b, a], "newest first");
    assert_eq!(ids(&find(json!({ "brandIdi": s.brand })).await), vec![b, a]);
    assert_eq!(ids(&find(json!({ "productNamei": "奶粉" })).await), vec![c]);
    assert_eq!(ids(&find(json!({ "secondsGt": 15 })).await), vec![b, a], "bounds are inclusive");
    assert_eq!(ids(&find(json!({ "secondslt": 15 })).await), vec![c, a]);
    assert_eq!(ids(&find(json!({ "secondsGt": 10, "secondslt": 20 })).await), vec![a]);
    assert_eq!(ids(&find(json!({ "audienceCityGroupIdi": s.groups[0] })).await), vec![a]);
    // 2024-01-10 04:00 UTC = 1704859200; milliseconds are accepted too.
    assert_eq!(ids(&find(json!({ "createtimeGt": 1_704_859_200, "createtimelt": 1_704_859_200 })).await), vec![c]);
    assert_eq!(ids(&find(json!({ "createtimeGt": 1_704_859_201_000_i64 })).await), vec![b, a]);
    assert_eq!(ids(&find(json!({ "updatetimeLt": 1_735_689_600 })).await), vec![c]);
    assert_eq!(ids(&find(json!({ "updatetimeGt": 1_735_689_600 })).await), vec![b, a]);

    let page = find(json!({ "page": 2, "limit": 2 })).await;
    assert_eq!(page.ok()["total"], 3);
    assert_eq!(ids(&page), vec![a]);

    let bad = find(json!({ "createtimeGt": "2024-01-01", "brandIdi": "x", "secondslt": -5 })).await;
    assert_eq!(bad.code(), 4000);
    assert_eq!(bad.field("createtimeGt"), Some("时间必须是时间戳"));
    assert!(bad.field("brandIdi").is_some() && bad.field("secondslt").is_some());
}

#[tokio::test]
async fn a_copy_gets_a_unique_name_and_the_same_groups() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let id = add_product(&app, &token, product_form(&s, "纯牛奶")).await;

    let first = app.send(Call::post("productCopy", json!({ "id": id })).token(&token)).await;
    assert_eq!(first.body["message"], "复制成功");
    let first = first.ok().clone();
    assert_eq!(first["productName"], "纯牛奶 - 副本");
    assert_ne!(first["id"], id);
    assert_eq!(first["audienceCityGroupId"], format!("{},{}", s.groups[1], s.groups[0]));
    assert_eq!(first["defaultAudienceCityGroupId"], s.groups[0]);
    assert_eq!(first["primeTime"], "19:00:00-22:00:00");

    let second = app.send(Call::post("productCopy", json!({ "id": id })).token(&token)).await;
    assert_eq!(second.ok()["productName"], "纯牛奶 - 副本2");
    let third = app.send(Call::post("productCopy", json!({ "id": id })).token(&token)).await;
    assert_eq!(third.ok()["productName"], "纯牛奶 - 副本3");
    assert_eq!(count(&app, "products").await, 4);

    let missing = app.send(Call::post("productCopy", json!({ "id": 999999 })).token(&token)).await;
    assert_eq!(missing.code(), 4004);
    let no_id = app.send(Call::post("productCopy", json!({})).token(&token)).await;
    assert_eq!(no_id.field("id"), Some("请选择产品"));
}

async fn add_tape(app: &TestApp, s: &Seed, product: i64, number: &str) {
    sqlx::query(
        "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                                    media_tape_number, customer_title, seconds)
         values ($1, $2, $3, '2026', 'v1', 'f.mp4', $4, '标题', 15)",
    )
    .bind(s.brand)
    .bind(s.media)
    .bind(product)
    .bind(number)
    .execute(&app.db)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_product_used_by_tapes_can_be_neither_deleted_nor_moved_to_another_brand() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let id = add_product(&app, &token, product_form(&s, "纯牛奶")).await;
    add_tape(&app, &s, id, "T-1").await;
    add_tape(&app, &s, id, "T-2").await;

    let answer = app.send(Call::post("productDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.body["message"], "该产品已被 2 个磁带使用，无法删除");

    let mut edit = product_form(&s, "纯牛奶");
    edit["id"] = json!(id);
    edit["brandId"] = json!(s.other_brand);
    edit["audienceCityGroupId"] = json!(s.foreign_group.to_string());
    edit["defaultAudienceCityGroupId"] = json!(s.foreign_group);
    let answer = app.send(Call::post("productUp", edit).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.field("brandId"), Some("该产品已有 2 个磁带属于原品牌，不能修改品牌"));

    let mut edit = product_form(&s, "纯牛奶");
    edit["id"] = json!(id);
    edit["mediaId"] = json!(s.other_media);
    let answer = app.send(Call::post("productUp", edit).token(&token)).await;
    assert_eq!(answer.field("mediaId"), Some("该产品已有 2 个磁带属于其他媒体，不能修改媒体"));
    assert_eq!(count(&app, "products").await, 1);
}

#[tokio::test]
async fn an_unused_product_is_deleted_with_its_groups() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let id = add_product(&app, &token, product_form(&s, "纯牛奶")).await;
    let answer = app.send(Call::post("productDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(answer.body["message"], "删除成功");
    answer.ok();
    assert_eq!(count(&app, "products").await, 0);
    assert_eq!(count(&app, "product_audience_groups").await, 0);
    let again = app.send(Call::post("productDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(again.code(), 4004);
}

#[tokio::test]
async fn the_product_lookup_serves_any_signed_in_account_by_brand_and_media() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let on_media = add_product(&app, &token, product_form(&s, "纯牛奶")).await;
    let mut form = product_form(&s, "酸奶");
    form["mediaId"] = json!(null);
    let any_media = add_product(&app, &token, form).await;
    let mut form = product_form(&s, "奶片");
    form["mediaId"] = json!(s.other_media);
    let elsewhere = add_product(&app, &token, form).await;

    let clerk = app.create_account("orderclerk", "112").await;
    let clerk = app.session(clerk).await;
    let list = app.send(Call::get("productList", json!({ "brandId": s.brand, "mediaId": s.media })).token(&clerk)).await;
    let ids: Vec<i64> = list.ok().as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&on_media) && ids.contains(&any_media) && !ids.contains(&elsewhere));
    let row = list.data().as_array().unwrap().iter().find(|r| r["id"] == on_media).unwrap().clone();
    assert_eq!(row["productName"], "纯牛奶");
    assert_eq!(row["seconds"], 15);
    assert_eq!(row["defaultAudienceCityGroupId"], s.groups[0]);

    let other = app.send(Call::get("productList", json!({ "brandId": s.other_brand })).token(&clerk)).await;
    assert_eq!(other.ok().as_array().unwrap().len(), 0);
    let all = app.send(Call::get("productList", json!({})).token(&clerk)).await;
    assert_eq!(all.ok().as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn an_account_without_the_product_menu_gets_4003() {
    let app = spawn_app().await;
    let s = seed(&app).await;
    let clerk = app.create_account("tapeclerk", "89").await;
    let clerk = app.session(clerk).await;
    for call in [
        Call::get("productIndex", json!({})),
        Call::post("productAdd", product_form(&s, "纯牛奶")),
        Call::post("productUp", json!({ "id": 1 })),
        Call::post("productDel", json!({ "id": 1 })),
        Call::post("productCopy", json!({ "id": 1 })),
    ] {
        let name = call.name;
        assert_eq!(app.send(call.token(&clerk)).await.code(), 4003, "{name}");
    }
    assert_eq!(count(&app, "products").await, 0);
    let owner = app.create_account("productclerk", "82").await;
    let owner = app.session(owner).await;
    app.send(Call::get("productIndex", json!({})).token(&owner)).await.ok();
}

#[tokio::test]
async fn the_product_list_answers_a_write_at_once_and_a_write_behind_its_back_within_a_second() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let s = seed(&app).await;
    let list = |fields: Value| app.send(Call::get("productIndex", fields).token(&token));
    add_product(&app, &token, product_form(&s, "纯牛奶")).await;
    assert_eq!(list(json!({})).await.ok()["total"], 1);
    assert_eq!(list(json!({})).await.ok()["total"], 1, "the same list again, from the kept answer");

    // A write call is seen by the very next read, and a filter is its own answer.
    let other = add_product(&app, &token, product_form(&s, "酸奶")).await;
    assert_eq!(list(json!({})).await.ok()["total"], 2);
    assert_eq!(list(json!({"productNamei": "酸奶"})).await.ok()["total"], 1);
    app.send(Call::post("productDel", json!({"id": other})).token(&token)).await.ok();
    assert_eq!(list(json!({})).await.ok()["total"], 1);

    // A change made outside this process's calls (another server, a script) shows within the
    // kept answer's second.
    sqlx::query("update products set product_name = '全脂纯牛奶'").execute(&app.db).await.unwrap();
    tokio::time::sleep(adeval_server::http::read_cache::TTL).await;
    assert_eq!(list(json!({})).await.ok()["data"][0]["productName"], "全脂纯牛奶");
}
