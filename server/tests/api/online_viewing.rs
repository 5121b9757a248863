//! Network viewing reference records (docs/screens.md "Master-data screens", "Master-data validation" online viewing, docs/api.md "Paths").

use serde_json::{Value, json};

use crate::helpers::{Call, TestApp, spawn_app};

async fn media(app: &TestApp, token: &str, name: &str) -> i64 {
    app.send(Call::post("mediaAdd", json!({ "mediaName": name })).token(token)).await.ok()["id"].as_i64().unwrap()
}

fn record(media: i64, name: &str, time: &str, viewing: Value, ranking: Value) -> Value {
    json!({ "mediaId": media, "onlineViewingName": name, "onlineViewingTime": time, "viewing": viewing, "ranking": ranking })
}

async fn add(app: &TestApp, token: &str, fields: Value) -> i64 {
    app.send(Call::post("onlineViewingAdd", fields).token(token)).await.ok()["id"].as_i64().unwrap()
}

async fn list(app: &TestApp, token: &str, filters: Value) -> Value {
    app.send(Call::get("onlineViewingIndex", filters).token(token)).await.ok().clone()
}

fn names(page: &Value) -> Vec<&str> {
    page["data"].as_array().unwrap().iter().map(|r| r["onlineViewingName"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_record_is_added_listed_edited_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let hunan = media(&app, &token, "湖南卫视").await;
    let zhejiang = media(&app, &token, "浙江卫视").await;
    let added = app
        .send(Call::post("onlineViewingAdd", record(hunan, "歌手", "2026-03-01 20:05:09", json!(1.2345), json!(2))).token(&token))
        .await;
    assert_eq!(added.body["message"], "添加成功");
    let row = added.ok().clone();
    assert_eq!(row["onlineViewingTime"], "2026-03-01 20:05:09");
    assert_eq!(row["viewing"], 1.2345);
    assert_eq!(row["ranking"], 2);
    assert_eq!(row["media"]["mediaName"], "湖南卫视");
    assert_eq!(row["mediaId"], hunan);
    let id = row["id"].as_i64().unwrap();

    let page = list(&app, &token, json!({})).await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["data"][0]["id"], id);
    assert_eq!(page["data"][0]["createTime"].as_str().unwrap().len(), 19);

    // Form-encoded, as text, like the screen's fields.
    let up = json!({ "id": id, "mediaId": zhejiang.to_string(), "onlineViewingName": "奔跑吧", "onlineViewingTime": "2026-03-02T21:00",
        "viewing": "0", "ranking": "15" });
    let edited = app.send(Call::post("onlineViewingUp", up).form().token(&token)).await;
    assert_eq!(edited.body["message"], "修改成功");
    assert_eq!(edited.ok()["media"]["mediaName"], "浙江卫视");
    assert_eq!(edited.data()["onlineViewingTime"], "2026-03-02 21:00:00");
    assert_eq!(edited.data()["viewing"], 0.0);

    app.send(Call::post("onlineViewingDel", json!({ "id": id })).token(&token)).await.ok();
    assert_eq!(list(&app, &token, json!({})).await["total"], 0);
    let again = app.send(Call::post("onlineViewingDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(again.code(), 4004);
    let missing = record(hunan, "歌手", "2026-03-01", json!(1), json!(1));
    let mut missing = missing;
    missing["id"] = json!(id);
    assert_eq!(app.send(Call::post("onlineViewingUp", missing).token(&token)).await.code(), 4004);
}

#[tokio::test]
async fn an_empty_form_answers_every_spec_message() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("onlineViewingAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("mediaId"), Some("请选择媒体"));
    assert_eq!(answer.field("onlineViewingName"), Some("请输入名称"));
    assert_eq!(answer.field("onlineViewingTime"), Some("请选择网络收视日期"));
    assert_eq!(answer.field("viewing"), Some("请输入收视"));
    assert_eq!(answer.field("ranking"), Some("请输入排名"));
}

#[tokio::test]
async fn bad_numbers_dates_and_unknown_media_are_refused_and_nothing_is_written() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let hunan = media(&app, &token, "湖南卫视").await;
    for (viewing, ranking) in [(json!(-1), json!(0)), (json!("abc"), json!(1.5)), (json!("1e999"), json!(-3))] {
        let answer = app.send(Call::post("onlineViewingAdd", record(hunan, "歌手", "2026-03-01", viewing, ranking)).token(&token)).await;
        assert_eq!(answer.field("viewing"), Some("只可输入大于等于0的数字！"));
        assert_eq!(answer.field("ranking"), Some("只可输入正整数！"));
    }
    let answer = app.send(Call::post("onlineViewingAdd", record(hunan, "歌手", "昨天", json!(1), json!(1))).token(&token)).await;
    assert_eq!(answer.field("onlineViewingTime"), Some("网络收视日期格式应为 YYYY-MM-DD HH:MM:SS"));
    let answer = app.send(Call::post("onlineViewingAdd", record(hunan + 9, "歌手", "2026-03-01", json!(1), json!(1))).token(&token)).await;
    assert_eq!(answer.field("mediaId"), Some("请选择媒体"));
    let answer = app.send(Call::post("onlineViewingAdd", record(hunan, &"名".repeat(101), "2026-03-01", json!(1), json!(1))).token(&token)).await;
    assert_eq!(answer.field("onlineViewingName"), Some("名称不能超过100个字符"));
    let written: i64 = sqlx::query_scalar("select count(*) from online_viewings").fetch_one(&app.db).await.unwrap();
    assert_eq!(written, 0);
}

#[tokio::test]
async fn every_filter_narrows_the_list_with_inclusive_bounds() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let hunan = media(&app, &token, "湖南卫视").await;
    let zhejiang = media(&app, &token, "浙江卫视").await;
    let dongfang = media(&app, &token, "东方卫视").await;
    add(&app, &token, record(hunan, "歌手", "2026-03-01 20:00:00", json!(1.5), json!(1))).await;
    add(&app, &token, record(hunan, "乘风破浪", "2026-03-02 20:30:00", json!(0.8), json!(5))).await;
    add(&app, &token, record(zhejiang, "奔跑吧", "2026-03-03 21:00:00", json!(2.25), json!(3))).await;
    add(&app, &token, record(dongfang, "极限挑战", "2026-03-04 21:10:00", json!(0.4), json!(12))).await;

    assert_eq!(names(&list(&app, &token, json!({})).await), ["极限挑战", "奔跑吧", "乘风破浪", "歌手"], "latest first");
    assert_eq!(names(&list(&app, &token, json!({ "onlineViewingName": "跑" })).await), ["奔跑吧"]);
    let times = json!({ "onlineViewingTimeGt": "2026-03-02 20:30:00", "onlineViewingTimeLt": "2026-03-03" });
    assert_eq!(names(&list(&app, &token, times).await), ["奔跑吧", "乘风破浪"]);
    let viewing = json!({ "viewingGt": "0.8", "viewingLt": 1.5 });
    assert_eq!(names(&list(&app, &token, viewing).await), ["乘风破浪", "歌手"]);
    let ranking = json!({ "rankingGt": 3, "rankingLt": "12" });
    assert_eq!(names(&list(&app, &token, ranking).await), ["极限挑战", "奔跑吧", "乘风破浪"]);
    let media_ids = json!({ "mediaIdi": format!("{zhejiang},{dongfang}") });
    assert_eq!(names(&list(&app, &token, media_ids).await), ["极限挑战", "奔跑吧"]);
    assert_eq!(names(&list(&app, &token, json!({ "mediaIdi": hunan, "rankingLt": 1 })).await), ["歌手"]);

    // Unix seconds: 2026-03-03 13:00:00 UTC is 21:00 in Shanghai.
    let unix = json!({ "onlineViewingTimeGt": 1_772_542_800i64 });
    assert_eq!(names(&list(&app, &token, unix).await), ["极限挑战", "奔跑吧"]);

    let bad = json!({ "onlineViewingTimeGt": "三月", "viewingGt": "-1", "rankingLt": "x", "mediaIdi": "a,b" });
    let answer = app.send(Call::get("onlineViewingIndex", bad).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    for field in ["onlineViewingTimeGt", "viewingGt", "rankingLt", "mediaIdi"] {
        assert!(answer.field(field).is_some(), "{field}: {:#}", answer.body);
    }
}

#[tokio::test]
async fn the_list_pages_thirty_records_at_a_time() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let hunan = media(&app, &token, "湖南卫视").await;
    sqlx::query(
        "insert into online_viewings (media_id, online_viewing_name, online_viewing_time, viewing, ranking)
         select $1, '节目' || n, now() - make_interval(hours => n), 1, n from generate_series(1, 35) n",
    )
    .bind(hunan)
    .execute(&app.db)
    .await
    .unwrap();
    let first = list(&app, &token, json!({})).await;
    assert_eq!(first["total"], 35);
    assert_eq!(first["data"].as_array().unwrap().len(), 30);
    let second = list(&app, &token, json!({ "page": 2 })).await;
    assert_eq!(names(&second), ["节目31", "节目32", "节目33", "节目34", "节目35"]);
}

#[tokio::test]
async fn viewing_calls_need_their_menu_but_the_media_lookup_only_a_session() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let hunan = media(&app, &admin, "湖南卫视").await;
    let clerk = app.create_account("clerk", "112").await;
    let clerk = app.session(clerk).await;
    assert_eq!(app.send(Call::get("onlineViewingIndex", json!({})).token(&clerk)).await.code(), 4003);
    let fields = record(hunan, "歌手", "2026-03-01", json!(1), json!(1));
    assert_eq!(app.send(Call::post("onlineViewingAdd", fields.clone()).token(&clerk)).await.code(), 4003);
    assert_eq!(app.send(Call::post("onlineViewingDel", json!({ "id": 1 })).token(&clerk)).await.code(), 4003);
    let lookup = app.send(Call::get("onlineViewingMediaList", json!({})).token(&clerk)).await;
    assert_eq!(lookup.ok(), &json!([{ "id": hunan, "mediaName": "湖南卫视" }]));

    let analyst = app.create_account("analyst", "107").await;
    let analyst = app.session(analyst).await;
    add(&app, &analyst, fields).await;
    assert_eq!(list(&app, &analyst, json!({})).await["total"], 1);
}
