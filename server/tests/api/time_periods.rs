//! Integration tests of the time-period and time-period-class calls (menu 63).

use serde_json::{Value, json};

use crate::helpers::{Call, TestApp, spawn_app};
use crate::helpers::master_data::{brand, media, period};

async fn index(app: &TestApp, token: &str, filters: Value) -> Value {
    app.send(Call::get("timePeriodIndex", filters).token(token)).await.ok().clone()
}

/// The names of a tree page's groups and of their children: `[("未归纳", ["早间"])]`.
fn tree(page: &Value) -> Vec<(String, Vec<String>)> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let children = g["children"].as_array().unwrap().iter().map(|c| c["timePeriodName"].as_str().unwrap().to_owned());
            (g["timePeriodClassName"].as_str().unwrap().to_owned(), children.collect())
        })
        .collect()
}

fn names(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter().map(|(g, c)| (g.to_string(), c.iter().map(|s| s.to_string()).collect())).collect()
}

async fn periods_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from time_periods").fetch_one(&app.db).await.unwrap()
}

#[tokio::test]
async fn a_period_is_added_listed_edited_and_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cctv = media(&app, "CCTV-1").await;

    let fields = json!({ "mediaId": cctv, "timePeriodName": "晚间新闻", "preBroadcastTimeForma": "19:00", "preBroadcastTimeFormaEnd": "19:30:00" });
    let added = app.send(Call::post("timePeriodAdd", fields).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let page = index(&app, &token, json!({})).await;
    assert_eq!(page["total"], 1);
    let group = &page["data"][0];
    assert_eq!(group["timePeriodClassName"], "未归纳");
    assert_eq!(group["classId"], Value::Null);
    assert_eq!(group["media"]["mediaName"], "CCTV-1");
    let row = &group["children"][0];
    assert_eq!(row["id"], id);
    assert_eq!(row["mediaId"], cctv);
    assert_eq!(row["media"]["mediaName"], "CCTV-1");
    assert_eq!(row["preBroadcastTimeForma"], "19:00:00");
    assert_eq!(row["preBroadcastTimeFormaEnd"], "19:30:00");
    assert_eq!(row["classId"], Value::Null);
    assert!(row["createTime"].as_str().unwrap().len() == 19 && row["updateTime"].is_string());

    // The broadcast day runs past midnight, up to 29:59:59.
    let edit = json!({ "id": id, "mediaId": cctv, "timePeriodName": "晚间新闻", "timePeriodNameUp": "深夜档",
                       "preBroadcastTimeForma": "23:30:00", "preBroadcastTimeFormaEnd": "29:59:59" });
    let edited = app.send(Call::post("timePeriodUp", edit).token(&token)).await;
    assert_eq!(edited.body["message"], "修改成功");
    assert_eq!(edited.ok()["timePeriodName"], "深夜档");
    assert_eq!(edited.data()["preBroadcastTimeFormaEnd"], "29:59:59");

    let deleted = app.send(Call::post("timePeriodDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(deleted.body["message"], "删除成功");
    assert_eq!(index(&app, &token, json!({})).await["total"], 0);
    let again = app.send(Call::post("timePeriodDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(again.code(), 4004);
}

#[tokio::test]
async fn an_empty_period_form_answers_every_required_message() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let answer = app.send(Call::post("timePeriodAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("mediaId"), Some("请选择媒体名称"));
    assert_eq!(answer.field("timePeriodName"), Some("请输入时段名称"));
    assert_eq!(answer.field("preBroadcastTimeForma"), Some("请选择开始时间和结束时间"));
    // One end of the range alone is no range either.
    let half = json!({ "preBroadcastTimeForma": "08:00:00" });
    let answer = app.send(Call::post("timePeriodAdd", half).token(&token)).await;
    assert_eq!(answer.field("preBroadcastTimeForma"), Some("请选择开始时间和结束时间"));
    let answer = app.send(Call::post("timePeriodUp", json!({ "timePeriodName": "x" })).token(&token)).await;
    assert_eq!(answer.field("id"), Some("请选择时段"));
    assert_eq!(periods_count(&app).await, 0, "nothing was written");
}

#[tokio::test]
async fn bad_times_an_inverted_range_and_an_unknown_media_are_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cctv = media(&app, "CCTV-1").await;
    let form = |start: &str, end: &str, media: i64| {
        json!({ "mediaId": media, "timePeriodName": "早间", "preBroadcastTimeForma": start, "preBroadcastTimeFormaEnd": end })
    };
    let answer = app.send(Call::post("timePeriodAdd", form("30:00:00", "8:61", cctv)).token(&token)).await;
    assert_eq!(answer.field("preBroadcastTimeForma"), Some("时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）"));
    assert_eq!(answer.field("preBroadcastTimeFormaEnd"), Some("时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）"));
    let answer = app.send(Call::post("timePeriodAdd", form("09:00:00", "08:00:00", cctv)).token(&token)).await;
    assert_eq!(answer.field("preBroadcastTimeFormaEnd"), Some("结束时间不能早于开始时间"));
    let answer = app.send(Call::post("timePeriodAdd", form("08:00:00", "09:00:00", cctv + 99)).token(&token)).await;
    assert_eq!(answer.field("mediaId"), Some("媒体不存在"));
    assert_eq!(periods_count(&app).await, 0);
    // A one-second period (start = end) is a range.
    app.send(Call::post("timePeriodAdd", form("08:00:00", "08:00:00", cctv)).token(&token)).await.ok();
}

#[tokio::test]
async fn a_duplicate_period_name_of_one_media_answers_4009_naming_the_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (a, b) = (media(&app, "CCTV-1").await, media(&app, "湖南卫视").await);
    period(&app, &token, a, "黄金档", "19:00", "21:00").await;
    let other = period(&app, &token, b, "黄金档", "19:00", "21:00").await;
    let fields = json!({ "mediaId": a, "timePeriodName": "黄金档", "preBroadcastTimeForma": "20:00", "preBroadcastTimeFormaEnd": "21:00" });
    let again = app.send(Call::post("timePeriodAdd", fields).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("timePeriodName"), Some("该媒体下已存在同名时段"));
    // Renaming onto a taken name conflicts too.
    let rename = json!({ "id": other, "mediaId": a, "timePeriodName": "黄金档", "preBroadcastTimeForma": "19:00", "preBroadcastTimeFormaEnd": "21:00" });
    assert_eq!(app.send(Call::post("timePeriodUp", rename).token(&token)).await.field("timePeriodName"), Some("该媒体下已存在同名时段"));
}

#[tokio::test]
async fn a_class_groups_periods_and_taking_a_period_moves_it_from_its_old_class() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cctv = media(&app, "CCTV-1").await;
    let morning = period(&app, &token, cctv, "早间", "07:00", "09:00").await;
    let noon = period(&app, &token, cctv, "午间", "12:00", "13:00").await;
    let night = period(&app, &token, cctv, "晚间", "19:00", "21:00").await;

    let fields = json!({ "mediaId": cctv, "timePeriodClassName": "白天", "timePeriodId": format!("{noon},{morning}") });
    let added = app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let day = added.ok()["classId"].as_i64().unwrap();
    assert_eq!(added.data()["timePeriodId"], format!("{morning},{noon}"));

    let fields = json!({ "mediaId": cctv, "timePeriodClassName": "全天", "timePeriodId": [noon, night] });
    let all = app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await.ok()["id"].as_i64().unwrap();
    let page = index(&app, &token, json!({})).await;
    assert_eq!(tree(&page), names(&[("全天", &["午间", "晚间"]), ("白天", &["早间"])]));
    assert_eq!(page["data"][0]["classId"], all);

    // Up sets exactly the listed periods: 早间 leaves 白天 and becomes unclassified.
    let fields = json!({ "classId": day, "mediaId": cctv, "timePeriodClassName": "白天", "timePeriodClassNameUp": "日间", "timePeriodId": "" });
    let edited = app.send(Call::post("timePeriodClassUp", fields).token(&token)).await;
    assert_eq!(edited.body["message"], "修改成功");
    assert_eq!(edited.ok()["timePeriodClassName"], "日间");
    let page = index(&app, &token, json!({})).await;
    assert_eq!(tree(&page), names(&[("全天", &["午间", "晚间"]), ("日间", &[]), ("未归纳", &["早间"])]));

    let list = app.send(Call::get("timePeriodClassList", json!({ "mediaId": cctv })).token(&token)).await;
    let list = list.ok().as_array().unwrap().clone();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["timePeriodClassName"], "全天");
    assert_eq!(list[0]["timePeriodId"], format!("{noon},{night}"));
    assert_eq!(list[0]["media"]["mediaName"], "CCTV-1");

    // Deleting a class leaves its periods unclassified.
    let deleted = app.send(Call::post("timePeriodClassDel", json!({ "classId": all })).token(&token)).await;
    assert_eq!(deleted.body["message"], "删除成功");
    let page = index(&app, &token, json!({})).await;
    assert_eq!(tree(&page), names(&[("日间", &[]), ("未归纳", &["早间", "午间", "晚间"])]));
    let gone = app.send(Call::post("timePeriodClassDel", json!({ "classId": all })).token(&token)).await;
    assert_eq!(gone.code(), 4004);
}

#[tokio::test]
async fn a_class_form_is_validated_and_holds_only_its_medias_periods() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (a, b) = (media(&app, "CCTV-1").await, media(&app, "湖南卫视").await);
    let foreign = period(&app, &token, b, "芒果档", "20:00", "22:00").await;
    let answer = app.send(Call::post("timePeriodClassAdd", json!({})).token(&token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("mediaId"), Some("请选择媒体名称"));
    assert_eq!(answer.field("timePeriodClassName"), Some("请输入时段归纳名称"));
    let fields = json!({ "mediaId": a, "timePeriodClassName": "黄金", "timePeriodId": format!("{foreign},999999") });
    let answer = app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await;
    let messages = &answer.data()["fields"]["timePeriodId"];
    assert_eq!(messages[0], "时段「芒果档」不属于所选媒体");
    assert_eq!(messages[1], "时段不存在：999999");
    let answer = app.send(Call::post("timePeriodClassUp", json!({ "mediaId": a })).token(&token)).await;
    assert_eq!(answer.field("classId"), Some("请选择时段归纳"));
    let classes: i64 = sqlx::query_scalar("select count(*) from time_period_classes").fetch_one(&app.db).await.unwrap();
    assert_eq!(classes, 0, "nothing was written");

    let fields = json!({ "mediaId": a, "timePeriodClassName": "黄金" });
    app.send(Call::post("timePeriodClassAdd", fields.clone()).token(&token)).await.ok();
    let again = app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("timePeriodClassName"), Some("该媒体下已存在同名时段归纳"));
}

#[tokio::test]
async fn the_tree_filters_by_media_class_name_time_and_dates_and_pages_by_group() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (a, b) = (media(&app, "A台").await, media(&app, "B台").await);
    let morning = period(&app, &token, a, "早间", "07:00", "09:00").await;
    period(&app, &token, a, "晚间", "19:00", "21:00").await;
    period(&app, &token, b, "深夜", "24:00", "26:00").await;
    let fields = json!({ "mediaId": a, "timePeriodClassName": "白天", "timePeriodId": morning });
    let day = app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await.ok()["id"].as_i64().unwrap();
    app.send(Call::post("timePeriodClassAdd", json!({ "mediaId": a, "timePeriodClassName": "空类" })).token(&token)).await.ok();

    let all = index(&app, &token, json!({})).await;
    assert_eq!(tree(&all), names(&[("白天", &["早间"]), ("空类", &[]), ("未归纳", &["晚间"]), ("未归纳", &["深夜"])]));
    assert_eq!(all["data"][3]["media"]["mediaName"], "B台");

    let by_media = index(&app, &token, json!({ "mediaId": b })).await;
    assert_eq!(tree(&by_media), names(&[("未归纳", &["深夜"])]));
    let by_class = index(&app, &token, json!({ "classId": day })).await;
    assert_eq!(tree(&by_class), names(&[("白天", &["早间"])]));
    let loose = index(&app, &token, json!({ "classId": 0 })).await;
    assert_eq!(tree(&loose), names(&[("未归纳", &["晚间"]), ("未归纳", &["深夜"])]));
    // A period filter hides the empty class and the groups without a match.
    let by_name = index(&app, &token, json!({ "timePeriodName": "间" })).await;
    assert_eq!(tree(&by_name), names(&[("白天", &["早间"]), ("未归纳", &["晚间"])]));
    // Periods on air at some moment of the range, past midnight included.
    let late = index(&app, &token, json!({ "preBroadcastTimeForma": "20:30", "preBroadcastTimeFormaEnd": "25:00" })).await;
    assert_eq!(tree(&late), names(&[("未归纳", &["晚间"]), ("未归纳", &["深夜"])]));
    // Dates are read in the server's time zone, the one its sessions run in.
    let today: String = sqlx::query_scalar("select to_char(now(), 'YYYY-MM-DD')").fetch_one(&app.db).await.unwrap();
    let created = index(&app, &token, json!({ "createtimeGt": today, "createtimelt": today, "updatetimeLt": today })).await;
    assert_eq!(created["total"], 3);
    let old = index(&app, &token, json!({ "createtimelt": "2000-01-01" })).await;
    assert_eq!(old["total"], 0);
    let future = index(&app, &token, json!({ "updatetimeGt": chrono::Utc::now().timestamp() + 3600 })).await;
    assert_eq!(future["total"], 0);

    let second = index(&app, &token, json!({ "page": 2, "limit": 3 })).await;
    assert_eq!(second["total"], 4);
    assert_eq!(tree(&second), names(&[("未归纳", &["深夜"])]));

    let bad = app.send(Call::get("timePeriodIndex", json!({ "createtimeGt": "昨天", "preBroadcastTimeForma": "7点" })).token(&token)).await;
    assert_eq!(bad.code(), 4000);
    assert!(bad.field("createtimeGt").is_some() && bad.field("preBroadcastTimeForma").is_some());
}

#[tokio::test]
async fn a_period_a_suit_uses_cannot_be_deleted_or_moved_to_another_media() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (a, b) = (media(&app, "CCTV-1").await, media(&app, "湖南卫视").await);
    let yili = brand(&app, "伊利").await;
    let id = period(&app, &token, a, "黄金档", "19:00", "21:00").await;
    let suit = json!({ "mediaId": a, "brandId": yili, "suitName": "春季套装", "customerMetrics": 100, "mediaMetrics": 90,
                       "seconds": 15, "suitTime": "2026-03", "timePeriodArray": [{ "timePeriodId": id.to_string(), "numberOfTimes": 2 }] });
    app.send(Call::post("suitAdd", suit).token(&token)).await.ok();

    let answer = app.send(Call::post("timePeriodDel", json!({ "id": id })).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(answer.body["message"], "该时段已被 1 个套装使用（春季套装（2026-03）），无法删除");
    let moved = json!({ "id": id, "mediaId": b, "timePeriodName": "黄金档", "preBroadcastTimeForma": "19:00", "preBroadcastTimeFormaEnd": "21:00" });
    let answer = app.send(Call::post("timePeriodUp", moved).token(&token)).await;
    assert_eq!(answer.code(), 4009);
    assert_eq!(periods_count(&app).await, 1);
}

#[tokio::test]
async fn moving_a_period_to_another_media_takes_it_out_of_its_class() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (a, b) = (media(&app, "CCTV-1").await, media(&app, "湖南卫视").await);
    let id = period(&app, &token, a, "黄金档", "19:00", "21:00").await;
    app.send(Call::post("timePeriodClassAdd", json!({ "mediaId": a, "timePeriodClassName": "黄金", "timePeriodId": id })).token(&token)).await.ok();
    let moved = json!({ "id": id, "mediaId": b, "timePeriodName": "黄金档", "preBroadcastTimeForma": "19:00", "preBroadcastTimeFormaEnd": "21:00" });
    let row = app.send(Call::post("timePeriodUp", moved).token(&token)).await;
    assert_eq!(row.ok()["classId"], Value::Null);
    assert_eq!(row.data()["media"]["mediaName"], "湖南卫视");
}

#[tokio::test]
async fn time_period_calls_need_menu_63_but_the_class_lookup_only_a_session() {
    let app = spawn_app().await;
    let cctv = media(&app, "CCTV-1").await;
    let clerk = app.create_account("clerk", "112").await;
    let token = app.session(clerk).await;
    for call in ["timePeriodIndex"] {
        assert_eq!(app.send(Call::get(call, json!({})).token(&token)).await.code(), 4003);
    }
    // Adding and editing a class is also the orders' (汇总); the rest is the screen's own.
    for call in ["timePeriodAdd", "timePeriodUp", "timePeriodDel", "timePeriodClassDel"] {
        assert_eq!(app.send(Call::post(call, json!({})).token(&token)).await.code(), 4003, "{call}");
    }
    app.send(Call::get("timePeriodClassList", json!({ "mediaId": cctv })).token(&token)).await.ok();

    let keeper = app.create_account("keeper", "63").await;
    let token = app.session(keeper).await;
    period(&app, &token, cctv, "早间", "07:00", "09:00").await;
}

#[tokio::test]
async fn an_order_account_adds_and_edits_a_class_from_the_summary_and_an_account_of_neither_menu_may_not() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let cctv = media(&app, "CCTV-1").await;
    let morning = period(&app, &admin, cctv, "早间", "07:00", "09:00").await;
    let noon = period(&app, &admin, cctv, "午间", "12:00", "13:00").await;
    let clerk = app.create_account("clerk", "112").await;
    let token = app.session(clerk).await;

    let fields = json!({ "mediaId": cctv, "timePeriodClassName": "白天", "timePeriodId": format!("{morning}") });
    let added = app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let class = added.ok()["classId"].as_i64().unwrap();
    let fields = json!({
        "classId": class, "mediaId": cctv, "timePeriodClassName": "白天", "timePeriodClassNameUp": "日间",
        "timePeriodId": format!("{morning},{noon}"),
    });
    let edited = app.send(Call::post("timePeriodClassUp", fields).token(&token)).await;
    assert_eq!((edited.body["message"].as_str(), edited.ok()["timePeriodClassName"].as_str()), (Some("修改成功"), Some("日间")));
    assert_eq!(edited.data()["timePeriodId"], format!("{morning},{noon}"));
    // The same messages as on the time-period screen.
    let empty = app.send(Call::post("timePeriodClassAdd", json!({})).token(&token)).await;
    assert_eq!((empty.field("mediaId"), empty.field("timePeriodClassName")), (Some("请选择媒体名称"), Some("请输入时段归纳名称")));

    // An account of the dashboard only holds neither menu: refused, and nothing changes.
    let viewer = app.create_account("viewer", "155").await;
    let token = app.session(viewer).await;
    let fields = json!({ "mediaId": cctv, "timePeriodClassName": "夜间", "timePeriodId": "" });
    assert_eq!(app.send(Call::post("timePeriodClassAdd", fields).token(&token)).await.code(), 4003);
    let fields = json!({ "classId": class, "mediaId": cctv, "timePeriodClassName": "日间", "timePeriodClassNameUp": "夜间", "timePeriodId": "" });
    assert_eq!(app.send(Call::post("timePeriodClassUp", fields).token(&token)).await.code(), 4003);
    let names: Vec<String> = sqlx::query_scalar("select class_name from time_period_classes").fetch_all(&app.db).await.unwrap();
    assert_eq!(names, ["日间"]);
}
