//! System settings: media, brands and audience/city groups (docs/screens.md "Master-data screens", "Master-data validation", docs/api.md "Paths").

use serde_json::{Value, json};

use crate::helpers::{Call, TestApp, spawn_app};

async fn add(app: &TestApp, token: &str, call: &str, fields: Value) -> i64 {
    app.send(Call::post(call, fields).token(token)).await.ok()["id"].as_i64().unwrap()
}

async fn count(app: &TestApp, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(&app.db).await.unwrap()
}

/// A product of the brand on the media evaluating on the group, written directly (products
/// are another screen's calls).
async fn product(app: &TestApp, brand: i64, media: i64, group: i64) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
             upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements)
         values ($1, $2, '安慕希', 15, $3, 30, '19:30:00-22:00:00', 60, 40, '无') returning id",
    )
    .bind(brand)
    .bind(media)
    .bind(group)
    .fetch_one(&app.db)
    .await
    .unwrap();
    sqlx::query("insert into product_audience_groups values ($1, $2, 1)")
        .bind(id)
        .bind(group)
        .execute(&app.db)
        .await
        .unwrap();
    id
}

fn names(list: &Value, field: &str) -> Vec<String> {
    list.as_array().unwrap().iter().map(|r| r[field].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn a_media_is_added_listed_renamed_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let added = app.send(Call::post("mediaAdd", json!({ "mediaName": " 湖南卫视 " })).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();
    assert_eq!(added.data()["mediaName"], "湖南卫视");
    add(&app, &token, "mediaAdd", json!({ "mediaName": "浙江卫视" })).await;

    let page = app.send(Call::get("mediaIndex", json!({})).token(&token)).await;
    assert_eq!(page.ok()["total"], 2);
    assert_eq!(names(&page.data()["data"], "mediaName"), ["浙江卫视", "湖南卫视"], "newest first");
    let row = &page.data()["data"][1];
    assert!(row["createTime"].as_str().unwrap().len() == 19, "{row}");
    let filtered = app.send(Call::get("mediaIndex", json!({ "mediaName": "湖南", "page": 1, "limit": 1 })).token(&token)).await;
    assert_eq!(filtered.ok()["total"], 1);
    let lookup = app.send(Call::get("mediaList", json!({})).token(&token)).await;
    assert_eq!(names(lookup.ok(), "mediaName"), ["湖南卫视", "浙江卫视"], "in the order added");

    let renamed = app.send(Call::post("mediaUp", json!({ "id": id, "mediaNameUp": "湖南卫视HD" })).token(&token)).await;
    assert_eq!(renamed.ok()["mediaName"], "湖南卫视HD");
    assert_eq!(renamed.body["message"], "修改成功");

    app.send(Call::post("mediaDelete", json!({ "id": id })).token(&token)).await.ok();
    assert_eq!(count(&app, "media").await, 1);
    let again = app.send(Call::post("mediaDelete", json!({ "id": id })).token(&token)).await;
    assert_eq!(again.code(), 4004);
    let titles: Vec<String> = sqlx::query_scalar("select title from admin_logs order by id").fetch_all(&app.db).await.unwrap();
    for title in ["添加媒体", "修改媒体", "删除媒体"] {
        assert!(titles.iter().any(|t| t == title), "{title} not logged: {titles:?}");
    }
}

#[tokio::test]
async fn media_forms_answer_the_spec_message_and_write_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let empty = app.send(Call::post("mediaAdd", json!({ "mediaName": "  " })).token(&token)).await;
    assert_eq!(empty.code(), 4000);
    assert_eq!(empty.field("mediaName"), Some("请选择媒体名称"));
    let long = app.send(Call::post("mediaAdd", json!({ "mediaName": "台".repeat(51) })).token(&token)).await;
    assert_eq!(long.field("mediaName"), Some("媒体名称不能超过50个字符"));
    let id = add(&app, &token, "mediaAdd", json!({ "mediaName": "东方卫视" })).await;
    let up = app.send(Call::post("mediaUp", json!({ "id": id })).token(&token)).await;
    assert_eq!(up.field("mediaNameUp"), Some("请选择媒体名称"));
    let no_id = app.send(Call::post("mediaUp", json!({ "mediaNameUp": "x" })).token(&token)).await;
    assert_eq!(no_id.field("id"), Some("请选择媒体"));
    let missing = app.send(Call::post("mediaUp", json!({ "id": id + 100, "mediaNameUp": "x" })).token(&token)).await;
    assert_eq!(missing.code(), 4004);
    let name: String = sqlx::query_scalar("select media_name from media").fetch_one(&app.db).await.unwrap();
    assert_eq!(name, "东方卫视");
}

#[tokio::test]
async fn a_duplicate_media_name_answers_4009_naming_the_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    add(&app, &token, "mediaAdd", json!({ "mediaName": "CCTV-1 综合" })).await;
    let other = add(&app, &token, "mediaAdd", json!({ "mediaName": "CCTV-5 体育" })).await;
    let again = app.send(Call::post("mediaAdd", json!({ "mediaName": "CCTV-1 综合" })).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("mediaName"), Some("媒体名称已存在"));
    let rename = app.send(Call::post("mediaUp", json!({ "id": other, "mediaNameUp": "CCTV-1 综合" })).token(&token)).await;
    assert_eq!(rename.code(), 4009);
    assert_eq!(rename.field("mediaNameUp"), Some("媒体名称已存在"));
}

#[tokio::test]
async fn a_media_still_in_use_is_not_deleted_and_the_answer_names_the_users() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let media = add(&app, &token, "mediaAdd", json!({ "mediaName": "湖南卫视" })).await;
    sqlx::query("insert into time_periods (media_id, time_period_name, start_secs, end_secs) values ($1, '黄金档', 70200, 79200)")
        .bind(media)
        .execute(&app.db)
        .await
        .unwrap();
    for name in ["歌手", "乘风破浪"] {
        sqlx::query(
            "insert into online_viewings (media_id, online_viewing_name, online_viewing_time, viewing, ranking)
             values ($1, $2, now(), 1.5, 1)",
        )
        .bind(media)
        .bind(name)
        .execute(&app.db)
        .await
        .unwrap();
    }
    let answer = app.send(Call::post("mediaDelete", json!({ "id": media })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.body["message"], "该媒体已被 1 个时段、2 个网络收视记录使用，无法删除");
    assert_eq!(count(&app, "media").await, 1);
}

#[tokio::test]
async fn brands_are_paged_by_ten_filtered_renamed_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for i in 1..=12 {
        add(&app, &token, "brandAdd", json!({ "brandName": format!("品牌{i:02}") })).await;
    }
    let first = app.send(Call::get("brandIndex", json!({})).token(&token)).await;
    assert_eq!(first.ok()["total"], 12);
    assert_eq!(first.data()["data"].as_array().unwrap().len(), 10);
    assert_eq!(first.data()["data"][0]["brandName"], "品牌12");
    let second = app.send(Call::get("brandIndex", json!({ "page": 2, "limit": 10 })).token(&token)).await;
    assert_eq!(names(&second.ok()["data"], "brandName"), ["品牌02", "品牌01"]);
    let filtered = app.send(Call::get("brandIndex", json!({ "brandName": "品牌1" })).token(&token)).await;
    assert_eq!(names(&filtered.ok()["data"], "brandName"), ["品牌12", "品牌11", "品牌10"]);

    let id = add(&app, &token, "brandAdd", json!({ "brandName": "伊利" })).await;
    let lookup = app.send(Call::get("brandList", json!({})).token(&token)).await;
    assert_eq!(lookup.ok().as_array().unwrap().len(), 13);
    let lookup = app.send(Call::get("brandList", json!({ "brandName": "伊" })).token(&token)).await;
    assert_eq!(names(lookup.ok(), "brandName"), ["伊利"]);

    // brandUp sends the old name too; brandNameUp is the new one.
    let up = json!({ "id": id, "brandName": "伊利", "brandNameUp": "伊利集团" });
    assert_eq!(app.send(Call::post("brandUp", up).token(&token)).await.ok()["brandName"], "伊利集团");
    app.send(Call::post("brandDelete", json!({ "id": id })).token(&token)).await.ok();
    assert_eq!(count(&app, "brands").await, 12);
}

#[tokio::test]
async fn brand_forms_answer_the_spec_message_and_duplicates_answer_4009() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let empty = app.send(Call::post("brandAdd", json!({})).token(&token)).await;
    assert_eq!(empty.code(), 4000);
    assert_eq!(empty.field("brandName"), Some("请输入品牌"));
    let id = add(&app, &token, "brandAdd", json!({ "brandName": "蒙牛" })).await;
    let other = add(&app, &token, "brandAdd", json!({ "brandName": "伊利" })).await;
    let blank = app.send(Call::post("brandUp", json!({ "id": id, "brandName": "", "brandNameUp": "" })).token(&token)).await;
    assert_eq!(blank.field("brandNameUp"), Some("请输入品牌"));

    let again = app.send(Call::post("brandAdd", json!({ "brandName": "蒙牛" })).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("brandName"), Some("品牌名称已存在"));
    let rename = app.send(Call::post("brandUp", json!({ "id": other, "brandName": "伊利", "brandNameUp": "蒙牛" })).token(&token)).await;
    assert_eq!(rename.code(), 4009);
    assert_eq!(rename.field("brandNameUp"), Some("品牌名称已存在"));
    assert_eq!(count(&app, "brands").await, 2);
}

#[tokio::test]
async fn a_brand_with_groups_and_products_is_not_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let brand = add(&app, &token, "brandAdd", json!({ "brandName": "伊利" })).await;
    let media = add(&app, &token, "mediaAdd", json!({ "mediaName": "湖南卫视" })).await;
    let group = add(&app, &token, "defaultAudienceCityGroupAdd", json!({ "brandId": brand, "audienceCityGroupName": "全国4+" })).await;
    add(&app, &token, "defaultAudienceCityGroupAdd", json!({ "brandId": brand, "audienceCityGroupName": "一线城市" })).await;
    product(&app, brand, media, group).await;

    let answer = app.send(Call::post("brandDelete", json!({ "id": brand })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.body["message"], "该品牌已被 2 个受众/城市组、1 个产品使用，无法删除");
    let answer = app.send(Call::post("mediaDelete", json!({ "id": media })).token(&token)).await;
    assert_eq!(answer.body["message"], "该媒体已被 1 个产品使用，无法删除");
    assert_eq!(count(&app, "brands").await, 1);
}

#[tokio::test]
async fn audience_groups_are_kept_per_brand_listed_filtered_and_looked_up() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let yili = add(&app, &token, "brandAdd", json!({ "brandName": "伊利" })).await;
    let mengniu = add(&app, &token, "brandAdd", json!({ "brandName": "蒙牛" })).await;
    let added = app
        .send(Call::post("defaultAudienceCityGroupAdd", json!({ "brandId": yili, "audienceCityGroupName": "全国4+" })).token(&token))
        .await;
    assert_eq!(added.body["message"], "添加成功");
    assert_eq!(added.ok()["brand"], json!({ "brandName": "伊利" }));
    assert_eq!(added.data()["brandId"], yili);
    let group = added.data()["id"].as_i64().unwrap();
    for i in 1..=10 {
        let fields = json!({ "brandId": mengniu, "audienceCityGroupName": format!("城市组{i:02}") });
        add(&app, &token, "defaultAudienceCityGroupAdd", fields).await;
    }
    // The same name may exist under another brand.
    add(&app, &token, "defaultAudienceCityGroupAdd", json!({ "brandId": mengniu, "audienceCityGroupName": "全国4+" })).await;

    let page = app.send(Call::get("defaultAudienceCityGroupIndex", json!({})).token(&token)).await;
    assert_eq!(page.ok()["total"], 12);
    assert_eq!(page.data()["data"].as_array().unwrap().len(), 10);
    let by_name = app.send(Call::get("defaultAudienceCityGroupIndex", json!({ "audienceCityGroupName": "全国" })).token(&token)).await;
    assert_eq!(by_name.ok()["total"], 2);
    let by_brand = json!({ "audienceCityGroupName": "全国", "brandId": yili });
    let by_brand = app.send(Call::get("defaultAudienceCityGroupIndex", by_brand).token(&token)).await;
    assert_eq!(by_brand.ok()["data"][0]["id"], group);
    assert_eq!(by_brand.data()["total"], 1);

    let of_brand = app.send(Call::get("defaultAudienceCityGroupBrandList", json!({ "brandId": mengniu })).token(&token)).await;
    assert_eq!(of_brand.ok().as_array().unwrap().len(), 11);
    let named = json!({ "brandId": mengniu, "defaultAudienceCityGroupName": "城市组1" });
    let named = app.send(Call::get("defaultAudienceCityGroupBrandList", named).token(&token)).await;
    assert_eq!(names(named.ok(), "audienceCityGroupName"), ["城市组10"]);
    let no_brand = app.send(Call::get("defaultAudienceCityGroupBrandList", json!({})).token(&token)).await;
    assert_eq!(no_brand.field("brandId"), Some("请选择品牌名称"));
    let all = app.send(Call::get("defaultAudienceCityGroupList", json!({})).token(&token)).await;
    assert_eq!(all.ok().as_array().unwrap().len(), 12);

    let up = json!({ "id": group, "brandId": mengniu, "audienceCityGroupNameUp": "全国25-45女性" });
    let moved = app.send(Call::post("defaultAudienceCityGroupUp", up).token(&token)).await;
    assert_eq!(moved.ok()["brand"]["brandName"], "蒙牛");
    assert_eq!(moved.data()["audienceCityGroupName"], "全国25-45女性");
    app.send(Call::post("defaultAudienceCityGroupDelete", json!({ "id": group })).token(&token)).await.ok();
    assert_eq!(count(&app, "audience_groups").await, 11);
}

#[tokio::test]
async fn a_group_without_a_brand_answers_a_null_brand() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    sqlx::query("insert into audience_groups (group_name) values ('全国4+')").execute(&app.db).await.unwrap();
    let page = app.send(Call::get("defaultAudienceCityGroupIndex", json!({})).token(&token)).await;
    let row = &page.ok()["data"][0];
    assert_eq!(row["brand"], Value::Null);
    assert_eq!(row["brandId"], Value::Null);
}

#[tokio::test]
async fn group_forms_answer_the_spec_messages_and_duplicates_answer_4009() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let empty = app.send(Call::post("defaultAudienceCityGroupAdd", json!({})).token(&token)).await;
    assert_eq!(empty.code(), 4000);
    assert_eq!(empty.field("brandId"), Some("请选择品牌名称"));
    assert_eq!(empty.field("audienceCityGroupName"), Some("请输入受众/城市组"));
    let unknown = json!({ "brandId": 999, "audienceCityGroupName": "全国4+" });
    let unknown = app.send(Call::post("defaultAudienceCityGroupAdd", unknown).token(&token)).await;
    assert_eq!(unknown.field("brandId"), Some("品牌不存在"));

    let brand = add(&app, &token, "brandAdd", json!({ "brandName": "伊利" })).await;
    let fields = json!({ "brandId": brand, "audienceCityGroupName": "全国4+" });
    let group = add(&app, &token, "defaultAudienceCityGroupAdd", fields.clone()).await;
    let other = add(&app, &token, "defaultAudienceCityGroupAdd", json!({ "brandId": brand, "audienceCityGroupName": "一线城市" })).await;
    let again = app.send(Call::post("defaultAudienceCityGroupAdd", fields).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("audienceCityGroupName"), Some("该品牌下已存在同名受众/城市组"));

    let blank = app.send(Call::post("defaultAudienceCityGroupUp", json!({ "id": group, "brandId": brand })).token(&token)).await;
    assert_eq!(blank.field("audienceCityGroupNameUp"), Some("请输入受众/城市组"));
    let clash = json!({ "id": other, "brandId": brand, "audienceCityGroupNameUp": "全国4+" });
    let clash = app.send(Call::post("defaultAudienceCityGroupUp", clash).token(&token)).await;
    assert_eq!(clash.code(), 4009);
    assert_eq!(clash.field("audienceCityGroupNameUp"), Some("该品牌下已存在同名受众/城市组"));
    assert_eq!(count(&app, "audience_groups").await, 2);
}

#[tokio::test]
async fn a_group_a_product_uses_is_neither_deleted_nor_moved_to_another_brand() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let brand = add(&app, &token, "brandAdd", json!({ "brandName": "伊利" })).await;
    let other = add(&app, &token, "brandAdd", json!({ "brandName": "蒙牛" })).await;
    let media = add(&app, &token, "mediaAdd", json!({ "mediaName": "湖南卫视" })).await;
    let group = add(&app, &token, "defaultAudienceCityGroupAdd", json!({ "brandId": brand, "audienceCityGroupName": "全国4+" })).await;
    product(&app, brand, media, group).await;

    let answer = app.send(Call::post("defaultAudienceCityGroupDelete", json!({ "id": group })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.body["message"], "该受众/城市组已被 1 个产品使用，无法删除");
    let moved = json!({ "id": group, "brandId": other, "audienceCityGroupNameUp": "全国4+" });
    let moved = app.send(Call::post("defaultAudienceCityGroupUp", moved).token(&token)).await;
    assert_eq!(moved.code(), 4009);
    assert_eq!(moved.body["message"], "该受众/城市组已被 1 个产品使用，不能更换品牌");
    // Renaming within its brand is fine.
    let renamed = json!({ "id": group, "brandId": brand, "audienceCityGroupNameUp": "全国4岁以上" });
    app.send(Call::post("defaultAudienceCityGroupUp", renamed).token(&token)).await.ok();
}

#[tokio::test]
async fn settings_calls_need_the_system_menu_but_lookups_only_a_session() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let brand = add(&app, &admin, "brandAdd", json!({ "brandName": "伊利" })).await;
    let clerk = app.create_account("clerk", "112").await;
    let clerk = app.session(clerk).await;
    for (call, post) in [("mediaIndex", false), ("mediaAdd", true), ("brandIndex", false), ("brandDelete", true),
        ("defaultAudienceCityGroupIndex", false), ("defaultAudienceCityGroupAdd", true)]
    {
        let request = if post { Call::post(call, json!({ "id": 1 })) } else { Call::get(call, json!({})) };
        assert_eq!(app.send(request.token(&clerk)).await.code(), 4003, "{call}");
    }
    for (call, fields) in [("mediaList", json!({})), ("brandList", json!({})), ("defaultAudienceCityGroupList", json!({})),
        ("defaultAudienceCityGroupBrandList", json!({ "brandId": brand }))]
    {
        app.send(Call::get(call, fields).token(&clerk)).await.ok();
    }
    let keeper = app.create_account("keeper", "28").await;
    let keeper = app.session(keeper).await;
    app.send(Call::post("mediaAdd", json!({ "mediaName": "湖南卫视" })).token(&keeper)).await.ok();
}
