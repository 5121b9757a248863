//! Integration tests of the suit calls (menu 98) and the lookups the suit dialog and orders use.

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::exports::read_back;
use crate::helpers::{Call, TestApp, spawn_app};
use crate::helpers::master_data::{brand, media, period};

/// A media with three periods, a brand and an admin token.
struct Fixture {
    app: TestApp,
    token: String,
    media: i64,
    brand: i64,
    /// 早间 07:00–09:00, 午间 12:00–13:00, 晚间 19:00–21:00.
    periods: [i64; 3],
}

async fn fixture() -> Fixture {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let media = media(&app, "CCTV-1").await;
    let brand = brand(&app, "伊利").await;
    let periods = [
        period(&app, &token, media, "早间", "07:00", "09:00").await,
        period(&app, &token, media, "午间", "12:00", "13:00").await,
        period(&app, &token, media, "晚间", "19:00", "21:00").await,
    ];
    Fixture { app, token, media, brand, periods }
}

impl Fixture {
    fn form(&self, name: &str) -> Value {
        let [morning, noon, night] = self.periods;
        json!({
            "mediaId": self.media, "brandId": self.brand, "suitName": name, "customerMetrics": "120.5",
            "mediaMetrics": 100.1234, "seconds": 15, "suitTime": "2026-03",
            "timePeriodArray": [
                { "timePeriodId": format!("{noon},{morning}"), "numberOfTimes": 2 },
                { "timePeriodId": night.to_string(), "numberOfTimes": 3 }
            ]
        })
    }

    async fn add(&self, form: Value) -> i64 {
        self.app.send(Call::post("suitAdd", form).token(&self.token)).await.ok()["id"].as_i64().unwrap()
    }

    async fn index(&self, filters: Value) -> Value {
        self.app.send(Call::get("suitIndex", filters).token(&self.token)).await.ok().clone()
    }

    async fn count(&self) -> i64 {
        sqlx::query_scalar("select count(*) from suits").fetch_one(&self.app.db).await.unwrap()
    }
}

fn suit_names(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|r| r["suitName"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn a_suit_is_added_listed_edited_and_deleted_with_its_period_entries() {
    let f = fixture().await;
    let [morning, noon, night] = f.periods;
    let added = f.app.send(Call::post("suitAdd", f.form("春季套装")).token(&f.token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let page = f.index(json!({})).await;
    assert_eq!(page["total"], 1);
    let row = &page["data"][0];
    assert_eq!(row["media"]["mediaName"], "CCTV-1");
    assert_eq!(row["brand"]["brandName"], "伊利");
    assert_eq!((row["mediaId"].as_i64(), row["brandId"].as_i64()), (Some(f.media), Some(f.brand)));
    assert_eq!(row["customerMetrics"], 120.5);
    assert_eq!(row["mediaMetrics"], 100.123);
    assert_eq!(row["seconds"], 15);
    assert_eq!(row["suitTime"], "2026-03");
    assert_eq!(row["numberOfTimes"], 5, "the sum of the entries' counts");
    assert!(row["updateTime"].is_string() && row["createTime"].is_string());
    let entries = row["suit_time_period"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["timePeriodId"], format!("{morning},{noon}"));
    assert_eq!(entries[0]["timePeriodName"], "早间、午间");
    assert_eq!(entries[0]["preBroadcastTimeForma"], "07:00:00-09:00:00、12:00:00-13:00:00");
    assert_eq!(entries[0]["numberOfTimes"], 2);
    assert_eq!(entries[1]["timePeriodName"], "晚间");

    let mut edit = f.form("春季套装改");
    edit["id"] = json!(id);
    edit["seconds"] = json!("30");
    edit["suitTime"] = json!("2026-04");
    edit["timePeriodArray"] = json!([{ "timePeriodId": night, "numberOfTimes": 1 }]);
    let edited = f.app.send(Call::post("suitUp", edit).token(&f.token)).await;
    assert_eq!(edited.body["message"], "修改成功");
    let row = edited.ok();
    assert_eq!((row["suitName"].as_str(), row["seconds"].as_i64(), row["suitTime"].as_str()), (Some("春季套装改"), Some(30), Some("2026-04")));
    assert_eq!(row["numberOfTimes"], 1);
    assert_eq!(row["suit_time_period"].as_array().unwrap().len(), 1);

    let deleted = f.app.send(Call::post("suitDel", json!({ "id": id })).token(&f.token)).await;
    assert_eq!(deleted.body["message"], "删除成功");
    assert_eq!(f.count().await, 0);
    let entries: i64 = sqlx::query_scalar("select count(*) from suit_time_periods").fetch_one(&f.app.db).await.unwrap();
    assert_eq!(entries, 0);
    assert_eq!(f.app.send(Call::post("suitDel", json!({ "id": id })).token(&f.token)).await.code(), 4004);
}

#[tokio::test]
async fn the_period_array_may_come_as_a_json_string_and_in_a_form_body() {
    let f = fixture().await;
    let mut fields = f.form("字符串");
    fields["timePeriodArray"] = json!(fields["timePeriodArray"].to_string());
    let row = f.app.send(Call::post("suitAdd", fields.clone()).token(&f.token)).await;
    assert_eq!(row.ok()["numberOfTimes"], 5);
    fields["suitName"] = json!("表单");
    let row = f.app.send(Call::post("suitAdd", fields).token(&f.token).form()).await;
    assert_eq!(row.ok()["suit_time_period"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn re_adding_a_period_set_replaces_its_entry() {
    let f = fixture().await;
    let [morning, noon, _] = f.periods;
    let mut fields = f.form("替换");
    fields["timePeriodArray"] = json!([
        { "timePeriodId": format!("{morning},{noon}"), "numberOfTimes": 2 },
        { "timePeriodId": [noon, morning], "numberOfTimes": 7 }
    ]);
    let row = f.app.send(Call::post("suitAdd", fields).token(&f.token)).await;
    let entries = row.ok()["suit_time_period"].as_array().unwrap().clone();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["numberOfTimes"], 7);
}

#[tokio::test]
async fn an_empty_suit_form_answers_every_required_message_and_writes_nothing() {
    let f = fixture().await;
    let answer = f.app.send(Call::post("suitAdd", json!({})).token(&f.token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("mediaId"), Some("请选择媒体名称"));
    assert_eq!(answer.field("brandId"), Some("请选择品牌名称"));
    assert_eq!(answer.field("suitName"), Some("请输入套装名称"));
    assert_eq!(answer.field("customerMetrics"), Some("请输入客户指标"));
    assert_eq!(answer.field("mediaMetrics"), Some("请输入媒体指标"));
    assert_eq!(answer.field("seconds"), Some("请选择秒数"));
    assert_eq!(answer.field("suitTime"), Some("请选择套装时间"));
    assert_eq!(answer.field("timePeriodArray"), Some("请选择时段列表"));
    let mut empty = f.form("空");
    empty["timePeriodArray"] = json!([]);
    assert_eq!(f.app.send(Call::post("suitAdd", empty).token(&f.token)).await.field("timePeriodArray"), Some("请选择时段列表"));
    let answer = f.app.send(Call::post("suitUp", f.form("无编号")).token(&f.token)).await;
    assert_eq!(answer.field("id"), Some("请选择套装"));
    assert_eq!(f.count().await, 0);
}

#[tokio::test]
async fn bad_values_and_entries_are_refused() {
    let f = fixture().await;
    let other = media(&f.app, "湖南卫视").await;
    let foreign = period(&f.app, &f.token, other, "芒果档", "20:00", "22:00").await;
    let mut fields = f.form("坏");
    fields["customerMetrics"] = json!("-1");
    fields["mediaMetrics"] = json!("abc");
    fields["seconds"] = json!(0);
    fields["suitTime"] = json!("2026-13");
    fields["brandId"] = json!(f.brand + 99);
    fields["timePeriodArray"] = json!([
        { "timePeriodId": "", "numberOfTimes": 1 },
        { "timePeriodId": f.periods[0], "numberOfTimes": 0 },
        { "timePeriodId": foreign, "numberOfTimes": 1 }
    ]);
    let answer = f.app.send(Call::post("suitAdd", fields).token(&f.token)).await;
    assert_eq!(answer.code(), 4000);
    assert_eq!(answer.field("customerMetrics"), Some("客户指标必须是大于等于0的数字"));
    assert_eq!(answer.field("mediaMetrics"), Some("媒体指标必须是大于等于0的数字"));
    assert_eq!(answer.field("seconds"), Some("秒数必须是正整数"));
    assert_eq!(answer.field("suitTime"), Some("月份格式应为 YYYY-MM"));
    assert_eq!(answer.field("brandId"), Some("品牌不存在"));
    let messages: Vec<&str> = answer.data()["fields"]["timePeriodArray"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(messages, ["请选择时段名称", "次数必须是大于等于1的整数", "时段「芒果档」不属于所选媒体"]);
    let mut garbled = f.form("乱");
    garbled["timePeriodArray"] = json!("not json");
    assert_eq!(f.app.send(Call::post("suitAdd", garbled).token(&f.token)).await.field("timePeriodArray"), Some("时段列表格式错误"));
    assert_eq!(f.count().await, 0);
}

#[tokio::test]
async fn a_duplicate_suit_of_one_media_brand_and_month_answers_4009_naming_the_field() {
    let f = fixture().await;
    f.add(f.form("春季套装")).await;
    let again = f.app.send(Call::post("suitAdd", f.form("春季套装")).token(&f.token)).await;
    assert_eq!(again.code(), 4009);
    assert_eq!(again.field("suitName"), Some("该媒体和品牌在该月已有同名套装"));
    let mut next_month = f.form("春季套装");
    next_month["suitTime"] = json!("2026-04");
    f.add(next_month).await;
}

#[tokio::test]
async fn copying_a_suit_takes_a_free_name_and_its_entries() {
    let f = fixture().await;
    let id = f.add(f.form("春季套装")).await;
    let copy = f.app.send(Call::post("suitCopy", json!({ "id": id })).token(&f.token)).await;
    assert_eq!(copy.body["message"], "复制成功");
    let copy = copy.ok().clone();
    assert_eq!(copy["suitName"], "春季套装 - 副本");
    assert_ne!(copy["id"], id);
    assert_eq!(copy["suit_time_period"].as_array().unwrap().len(), 2);
    assert_eq!(copy["numberOfTimes"], 5);
    let again = f.app.send(Call::post("suitCopy", json!({ "id": id })).token(&f.token)).await;
    assert_eq!(again.ok()["suitName"], "春季套装 - 副本2");
    assert_eq!(f.count().await, 3);
    assert_eq!(f.app.send(Call::post("suitCopy", json!({ "id": 999_999 })).token(&f.token)).await.code(), 4004);
}

#[tokio::test]
async fn the_list_filters_by_media_brand_name_seconds_month_and_dates_and_pages() {
    let f = fixture().await;
    let other_brand = brand(&f.app, "蒙牛").await;
    let other_media = media(&f.app, "湖南卫视").await;
    let foreign = period(&f.app, &f.token, other_media, "芒果档", "20:00", "22:00").await;
    f.add(f.form("一月")).await;
    let mut b = f.form("二月");
    b["brandId"] = json!(other_brand);
    b["seconds"] = json!(30);
    b["suitTime"] = json!("2026-05");
    f.add(b).await;
    let mut c = f.form("三月");
    c["mediaId"] = json!(other_media);
    c["seconds"] = json!(60);
    c["suitTime"] = json!("2026-07");
    c["timePeriodArray"] = json!([{ "timePeriodId": foreign, "numberOfTimes": 1 }]);
    f.add(c).await;

    assert_eq!(suit_names(&f.index(json!({})).await), ["三月", "二月", "一月"], "newest first");
    assert_eq!(suit_names(&f.index(json!({ "mediaIdi": f.media })).await), ["二月", "一月"]);
    assert_eq!(suit_names(&f.index(json!({ "mediaIdi": format!("{},{other_media}", f.media) })).await).len(), 3);
    assert_eq!(suit_names(&f.index(json!({ "brandIdi": other_brand })).await), ["二月"]);
    assert_eq!(suit_names(&f.index(json!({ "suitName": "三" })).await), ["三月"]);
    assert_eq!(suit_names(&f.index(json!({ "secondsGt": 20, "secondslt": 30 })).await), ["二月"]);
    assert_eq!(suit_names(&f.index(json!({ "suitTimeGt": "2026-04", "suitTimeLt": "2026-05" })).await), ["二月"]);
    let today: String = sqlx::query_scalar("select to_char(now(), 'YYYY-MM-DD')").fetch_one(&f.app.db).await.unwrap();
    assert_eq!(f.index(json!({ "createtimeGt": today, "createtimelt": today, "updatetimeGt": today })).await["total"], 3);
    assert_eq!(f.index(json!({ "updatetimeLt": "2001-01-01 00:00:00" })).await["total"], 0);
    let page = f.index(json!({ "page": 2, "limit": 2 })).await;
    assert_eq!((page["total"].as_i64(), suit_names(&page)), (Some(3), vec!["一月".to_owned()]));
    let bad = f.app.send(Call::get("suitIndex", json!({ "mediaIdi": "x", "suitTimeGt": "三月", "secondsGt": -1 })).token(&f.token)).await;
    assert_eq!(bad.code(), 4000);
    assert!(bad.field("mediaIdi").is_some() && bad.field("suitTimeGt").is_some() && bad.field("secondsGt").is_some());
}

#[tokio::test]
async fn the_export_holds_the_filtered_suits_with_formulas_neutralised() {
    let f = fixture().await;
    f.add(f.form("=HYPERLINK(\"x\")")).await;
    let mut other = f.form("不导出");
    other["seconds"] = json!(60);
    f.add(other).await;
    let exported = f.app.send(Call::post("suitIndexExport", json!({ "secondslt": 15 })).token(&f.token)).await;
    assert_eq!(exported.body["message"], "导出成功");
    let url = exported.ok()["url"].as_str().unwrap().to_owned();
    let sheet = read_back(&f.app, &url, &f.token).await;
    let headers: Vec<String> = sheet[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(headers, ["媒体名称", "品牌名称", "套装名称", "客户指标", "媒体指标", "秒数", "套装时间", "时段", "次数合计", "更新时间", "创建时间"]);
    assert_eq!(sheet.len(), 2, "only the filtered suit");
    let row = &sheet[1];
    assert_eq!(row[0], Data::String("CCTV-1".into()));
    assert_eq!(row[2], Data::String("=HYPERLINK(\"x\")".into()), "kept as it is, quote-prefixed");
    assert_eq!(row[3], Data::Float(120.5));
    assert_eq!(row[6], Data::String("2026-03".into()));
    assert_eq!(row[7], Data::String("早间、午间（07:00:00-09:00:00、12:00:00-13:00:00）×2；晚间（19:00:00-21:00:00）×3".into()));
    assert_eq!(row[8], Data::Float(5.0));
}

#[tokio::test]
async fn the_lookups_answer_any_signed_in_account_but_suit_calls_need_menu_98() {
    let f = fixture().await;
    let id = f.add(f.form("春季套装")).await;
    let other = media(&f.app, "湖南卫视").await;
    period(&f.app, &f.token, other, "芒果档", "20:00", "22:00").await;
    let clerk = f.app.create_account("clerk", "112").await;
    let token = f.app.session(clerk).await;

    let medias = f.app.send(Call::get("suitMediaList", json!({})).token(&token)).await;
    assert_eq!(medias.ok()[0], json!({ "id": f.media, "mediaName": "CCTV-1" }));
    let brands = f.app.send(Call::get("suitBrandList", json!({})).token(&token)).await;
    assert_eq!(brands.ok()[0], json!({ "id": f.brand, "brandName": "伊利" }));
    let periods = f.app.send(Call::get("suitTimePeriodList", json!({ "mediaId": f.media })).token(&token)).await;
    let names: Vec<&str> = periods.ok().as_array().unwrap().iter().map(|p| p["timePeriodName"].as_str().unwrap()).collect();
    assert_eq!(names, ["早间", "午间", "晚间"]);
    let named = f.app.send(Call::get("suitTimePeriodList", json!({ "mediaId": f.media, "timePeriodName": "晚" })).token(&token)).await;
    assert_eq!(named.ok().as_array().unwrap().len(), 1);
    assert_eq!(named.data()[0]["preBroadcastTimeForma"], "19:00:00");

    let options = f.app.send(Call::get("suitList", json!({ "mediaId": f.media, "brandId": f.brand })).token(&token)).await;
    let option = &options.ok()[0];
    assert_eq!((option["id"].as_i64(), option["suitName"].as_str()), (Some(id), Some("春季套装")));
    assert_eq!((option["customerMetrics"].as_f64(), option["mediaMetrics"].as_f64()), (Some(120.5), Some(100.123)));
    let none = f.app.send(Call::get("suitList", json!({ "mediaId": other })).token(&token)).await;
    assert_eq!(none.ok().as_array().unwrap().len(), 0);

    assert_eq!(f.app.send(Call::get("suitIndex", json!({})).token(&token)).await.code(), 4003);
    for call in ["suitAdd", "suitUp", "suitDel", "suitCopy", "suitIndexExport"] {
        assert_eq!(f.app.send(Call::post(call, json!({ "id": id })).token(&token)).await.code(), 4003, "{call}");
    }
}
