//! Product tapes: productMagneticTapeIndex, …Add, …Up, …Info, …Del, …IndexExport and the
//! brand, media and product lookups of the tape screen.

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::exports::read_back;
use crate::helpers::{Answer, Call, TestApp, spawn_app};
use crate::helpers::master_data::{Seed, add_product, backdate, product_form, seed};

/// Seed data plus a product of the seed brand on the seed media.
async fn setup(app: &TestApp, token: &str) -> (Seed, i64) {
    let s = seed(app).await;
    let product = add_product(app, token, product_form(&s, "纯牛奶")).await;
    (s, product)
}

fn tape_form(s: &Seed, product: i64, number: &str) -> Value {
    json!({
        "brandId": s.brand, "mediaId": s.media, "productId": product, "cycle": "2026",
        "customerVersionName": "春节版", "mediaFileName": "chunjie_15s.mp4", "mediaTapeNumber": number,
        "customerTitle": "伊利纯牛奶春节", "seconds": 15
    })
}

async fn add_tape(app: &TestApp, token: &str, form: Value) -> i64 {
    app.send(Call::post("productMagneticTapeAdd", form).token(token)).await.ok()["id"].as_i64().unwrap()
}

fn ids(answer: &Answer) -> Vec<i64> {
    answer.ok()["data"].as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

async fn tape_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from product_tapes").fetch_one(&app.db).await.unwrap()
}

#[tokio::test]
async fn an_empty_tape_form_answers_every_required_message_and_writes_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("productMagneticTapeAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    for (field, message) in [
        ("brandId", "请选择品牌名称"),
        ("mediaId", "请选择媒体名称"),
        ("productId", "请选择产品名称"),
        ("cycle", "请输入年度周期"),
        ("customerVersionName", "请输入客户版本名称"),
        ("mediaFileName", "请输入媒体文件名"),
        ("mediaTapeNumber", "请输入媒体磁带号"),
        ("customerTitle", "请输入客户标题"),
        ("seconds", "请输入秒数"),
    ] {
        assert_eq!(answer.field(field), Some(message), "{field}: {:#}", answer.body);
    }
    assert_eq!(tape_count(&app).await, 0);
}

#[tokio::test]
async fn seconds_must_be_a_positive_integer() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;
    for bad in [json!(0), json!("-5"), json!("15.5"), json!("abc")] {
        let mut form = tape_form(&s, product, "T-1");
        form["seconds"] = bad.clone();
        let answer = app.send(Call::post("productMagneticTapeAdd", form).token(&token)).await;
        assert_eq!(answer.field("seconds"), Some("秒数必须是 1 到 3600 之间的正整数"), "{bad}");
    }
    assert_eq!(tape_count(&app).await, 0);
}

#[tokio::test]
async fn the_product_must_be_the_chosen_brands_and_medias() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;

    let mut form = tape_form(&s, product, "T-1");
    form["brandId"] = json!(s.other_brand);
    let answer = app.send(Call::post("productMagneticTapeAdd", form).token(&token)).await;
    assert_eq!(answer.field("productId"), Some("产品不属于所选品牌"));

    let mut form = tape_form(&s, product, "T-1");
    form["mediaId"] = json!(s.other_media);
    let answer = app.send(Call::post("productMagneticTapeAdd", form).token(&token)).await;
    assert_eq!(answer.field("productId"), Some("产品不属于所选媒体"));

    let mut form = tape_form(&s, 999_999, "T-1");
    form["brandId"] = json!(999_999);
    form["mediaId"] = json!(999_999);
    let answer = app.send(Call::post("productMagneticTapeAdd", form).token(&token)).await;
    assert_eq!(answer.field("productId"), Some("产品不存在"));
    assert_eq!(answer.field("brandId"), Some("品牌不存在"));
    assert_eq!(answer.field("mediaId"), Some("媒体不存在"));
    assert_eq!(tape_count(&app).await, 0);

    // A product without a media can be taped on any media.
    let mut free = product_form(&s, "酸奶");
    free["mediaId"] = json!(null);
    let free = add_product(&app, &token, free).await;
    let mut form = tape_form(&s, free, "T-1");
    form["mediaId"] = json!(s.other_media);
    app.send(Call::post("productMagneticTapeAdd", form).token(&token)).await.ok();
}

#[tokio::test]
async fn a_tape_is_added_listed_shown_edited_with_up_fields_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;

    let added = app.send(Call::post("productMagneticTapeAdd", tape_form(&s, product, "T-001")).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let list = app.send(Call::get("productMagneticTapeIndex", json!({ "page": 1 })).token(&token)).await;
    assert_eq!(list.ok()["total"], 1);
    let row = &list.data()["data"][0];
    for (key, value) in [
        ("id", json!(id)),
        ("brandId", json!(s.brand)),
        ("mediaId", json!(s.media)),
        ("productId", json!(product)),
        ("cycle", json!("2026")),
        ("customerVersionName", json!("春节版")),
        ("mediaFileName", json!("chunjie_15s.mp4")),
        ("mediaTapeNumber", json!("T-001")),
        ("customerTitle", json!("伊利纯牛奶春节")),
        ("seconds", json!(15)),
        ("brand", json!({ "brandName": "伊利" })),
        ("media", json!({ "mediaName": "CCTV-1" })),
        ("product", json!({ "productName": "纯牛奶" })),
    ] {
        assert_eq!(row[key], value, "{key}");
    }
    assert!(row["createTime"].is_string() && row["updateTime"].is_string());

    let info = app.send(Call::post("productMagneticTapeInfo", json!({ "id": id })).token(&token)).await;
    assert_eq!(info.ok()["mediaTapeNumber"], "T-001");

    // The Up variants win over the plain names.
    let mut edit = tape_form(&s, product, "T-001");
    edit["id"] = json!(id);
    edit["mediaTapeNumberUp"] = json!("T-002");
    edit["customerTitleUp"] = json!("伊利纯牛奶元宵");
    edit["secondsUp"] = json!("30");
    let edited = app.send(Call::post("productMagneticTapeUp", edit).token(&token)).await;
    assert_eq!(edited.body["message"], "修改成功");
    let row = edited.ok();
    assert_eq!(row["mediaTapeNumber"], "T-002");
    assert_eq!(row["customerTitle"], "伊利纯牛奶元宵");
    assert_eq!(row["seconds"], 30);
    assert_eq!(row["cycle"], "2026");

    let missing = app.send(Call::post("productMagneticTapeUp", json!({ "id": 999_999 })).token(&token)).await;
    assert_eq!(missing.code(), 4000, "validation comes first");
    let mut ghost = tape_form(&s, product, "T-9");
    ghost["id"] = json!(999_999);
    assert_eq!(app.send(Call::post("productMagneticTapeUp", ghost).token(&token)).await.code(), 4004);

    let deleted = app.send(Call::post("productMagneticTapeDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(deleted.body["message"], "删除成功");
    assert_eq!(tape_count(&app).await, 0);
    let again = app.send(Call::post("productMagneticTapeDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(again.code(), 4004);
    let gone = app.send(Call::post("productMagneticTapeInfo", json!({ "id": id })).token(&token)).await;
    assert_eq!(gone.code(), 4004);
    let no_id = app.send(Call::post("productMagneticTapeDel", json!({})).token(&token)).await;
    assert_eq!(no_id.field("id"), Some("请选择磁带"));
}

#[tokio::test]
async fn a_tape_number_is_unique_per_media() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;
    add_tape(&app, &token, tape_form(&s, product, "T-001")).await;
    let second = add_tape(&app, &token, tape_form(&s, product, "T-002")).await;

    let again = app.send(Call::post("productMagneticTapeAdd", tape_form(&s, product, "T-001")).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("mediaTapeNumber"), Some("该媒体下已有相同的媒体磁带号"));

    let mut edit = tape_form(&s, product, "T-002");
    edit["id"] = json!(second);
    edit["mediaTapeNumberUp"] = json!("T-001");
    let answer = app.send(Call::post("productMagneticTapeUp", edit).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.field("mediaTapeNumber"), Some("该媒体下已有相同的媒体磁带号"));

    // Another media may use the same number.
    let mut free = product_form(&s, "酸奶");
    free["mediaId"] = json!(null);
    let free = add_product(&app, &token, free).await;
    let mut form = tape_form(&s, free, "T-001");
    form["mediaId"] = json!(s.other_media);
    app.send(Call::post("productMagneticTapeAdd", form).token(&token)).await.ok();
}

#[tokio::test]
async fn the_tape_list_filters_by_every_filter_and_pages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;
    let mut other = product_form(&s, "奶粉");
    other["brandId"] = json!(s.other_brand);
    other["mediaId"] = json!(s.other_media);
    other["audienceCityGroupId"] = json!(s.foreign_group.to_string());
    other["defaultAudienceCityGroupId"] = json!(s.foreign_group);
    let other_product = add_product(&app, &token, other).await;

    let a = add_tape(&app, &token, tape_form(&s, product, "A-1")).await;
    let mut form = tape_form(&s, product, "B-1");
    form["cycle"] = json!("2025");
    form["customerVersionName"] = json!("国庆版");
    form["mediaFileName"] = json!("guoqing_30s.mp4");
    form["customerTitle"] = json!("国庆标题");
    form["seconds"] = json!(30);
    let b = add_tape(&app, &token, form).await;
    let mut form = tape_form(&s, other_product, "C-1");
    form["brandId"] = json!(s.other_brand);
    form["mediaId"] = json!(s.other_media);
    form["seconds"] = json!(5);
    let c = add_tape(&app, &token, form).await;
    backdate(&app.db, "product_tapes", c).await;

    let find = |fields: Value| app.send(Call::get("productMagneticTapeIndex", fields).token(&token));
    assert_eq!(ids(&find(json!({})).await), vec![c, b, a]);
    assert_eq!(ids(&find(json!({ "brandIdi": s.brand })).await), vec![b, a]);
    assert_eq!(ids(&find(json!({ "mediaIdi": s.other_media })).await), vec![c]);
    assert_eq!(ids(&find(json!({ "productIdi": product })).await), vec![b, a]);
    assert_eq!(ids(&find(json!({ "cycle": "2025" })).await), vec![b]);
    assert_eq!(ids(&find(json!({ "customerVersionName": "国庆" })).await), vec![b]);
    assert_eq!(ids(&find(json!({ "mediaFileName": "GUOQING" })).await), vec![b], "case-insensitive");
    assert_eq!(ids(&find(json!({ "mediaTapeNumber": "c-" })).await), vec![c]);
    assert_eq!(ids(&find(json!({ "customerTitle": "国庆标题" })).await), vec![b]);
    assert_eq!(ids(&find(json!({ "secondsGt": 15 })).await), vec![b, a]);
    assert_eq!(ids(&find(json!({ "secondslt": 15 })).await), vec![c, a]);
    assert_eq!(ids(&find(json!({ "createtimeGt": 1_704_859_200, "createtimelt": 1_704_859_200_000_i64 })).await), vec![c]);
    assert_eq!(ids(&find(json!({ "updatetimeGt": 1_735_689_600 })).await), vec![b, a]);
    assert_eq!(ids(&find(json!({ "updatetimeLt": 1_735_689_600 })).await), vec![c]);

    let page = find(json!({ "page": 2, "limit": 2 })).await;
    assert_eq!(page.ok()["total"], 3);
    assert_eq!(ids(&page), vec![a]);
    let bad = find(json!({ "mediaIdi": "CCTV", "updatetimeGt": "yesterday" })).await;
    assert_eq!(bad.code(), 4000);
    assert!(bad.field("mediaIdi").is_some() && bad.field("updatetimeGt").is_some());
}

#[tokio::test]
async fn the_export_holds_the_filtered_rows_with_formulas_neutralised() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;
    let mut form = tape_form(&s, product, "T-001");
    form["customerTitle"] = json!("=HYPERLINK(\"http://x\")");
    add_tape(&app, &token, form).await;
    let mut form = tape_form(&s, product, "T-002");
    form["cycle"] = json!("2025");
    add_tape(&app, &token, form).await;

    let answer = app.send(Call::get("productMagneticTapeIndexExport", json!({ "cycle": "2026" })).token(&token)).await;
    assert_eq!(answer.body["message"], "导出成功");
    let url = answer.ok()["url"].as_str().unwrap().to_owned();
    let sheet = read_back(&app, &url, &token).await;
    let headers: Vec<String> = sheet[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(
        headers,
        ["创建时间", "品牌名称", "媒体名称", "产品名称", "年度周期", "客户版本名称", "媒体文件名", "媒体磁带号", "客户标题", "秒数", "更新时间"]
    );
    assert_eq!(sheet.len(), 2, "only the filtered row");
    let row = &sheet[1];
    assert_eq!(row[1], Data::String("伊利".into()));
    assert_eq!(row[2], Data::String("CCTV-1".into()));
    assert_eq!(row[3], Data::String("纯牛奶".into()));
    assert_eq!(row[4], Data::String("2026".into()));
    assert_eq!(row[7], Data::String("T-001".into()));
    assert_eq!(row[8], Data::String("=HYPERLINK(\"http://x\")".into()), "kept as it is, quote-prefixed");
    assert_eq!(row[9], Data::Float(15.0));
}

#[tokio::test]
async fn the_tape_lookups_serve_any_signed_in_account() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;
    let mut free = product_form(&s, "酸奶");
    free["mediaId"] = json!(null);
    let free = add_product(&app, &token, free).await;
    let mut elsewhere = product_form(&s, "奶片");
    elsewhere["mediaId"] = json!(s.other_media);
    let elsewhere = add_product(&app, &token, elsewhere).await;

    let clerk = app.create_account("orderclerk", "112").await;
    let clerk = app.session(clerk).await;
    let brands = app.send(Call::get("productMagneticTapeBrandList", json!({})).token(&clerk)).await;
    assert_eq!(brands.ok(), &json!([{ "id": s.brand, "brandName": "伊利" }, { "id": s.other_brand, "brandName": "蒙牛" }]));
    let media = app.send(Call::get("productMagneticTapeMediaList", json!({})).token(&clerk)).await;
    let names: Vec<&str> = media.ok().as_array().unwrap().iter().map(|m| m["mediaName"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"CCTV-1") && names.contains(&"湖南卫视"));

    let fields = json!({ "brandListId": s.brand, "mediaId": s.media });
    let products = app.send(Call::get("productMagneticTapeProductList", fields).token(&clerk)).await;
    let ids: Vec<i64> = products.ok().as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert!(ids.contains(&product) && ids.contains(&free) && !ids.contains(&elsewhere), "{ids:?}");
    let fields = json!({ "brandListId": s.brand, "productListName": "酸" });
    let named = app.send(Call::get("productMagneticTapeProductList", fields).token(&clerk)).await;
    assert_eq!(named.ok()[0]["productName"], "酸奶");
    assert_eq!(named.data().as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn an_account_without_the_tape_menu_gets_4003() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (s, product) = setup(&app, &token).await;
    let clerk = app.create_account("productclerk", "82").await;
    let clerk = app.session(clerk).await;
    for call in [
        Call::get("productMagneticTapeIndex", json!({})),
        Call::get("productMagneticTapeIndexExport", json!({})),
        Call::post("productMagneticTapeAdd", tape_form(&s, product, "T-1")),
        Call::post("productMagneticTapeUp", json!({ "id": 1 })),
        Call::post("productMagneticTapeInfo", json!({ "id": 1 })),
        Call::post("productMagneticTapeDel", json!({ "id": 1 })),
    ] {
        let name = call.name;
        assert_eq!(app.send(call.token(&clerk)).await.code(), 4003, "{name}");
    }
    assert_eq!(tape_count(&app).await, 0);
    let owner = app.create_account("tapeclerk", "89").await;
    let owner = app.session(owner).await;
    app.send(Call::get("productMagneticTapeIndex", json!({})).token(&owner)).await.ok();
}
