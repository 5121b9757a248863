//! The import dialogs' templates and header help (importTemplateExport, importColumns) and the
//! customer-data form's audience group: every template, downloaded as a user does, imports
//! through the real upload and job as it is — a header the importer no longer takes, or an
//! example it refuses, fails here — and the help names what each importer requires.

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::exports::{download, read_back};
use crate::helpers::orders::{EVENING, Fixture, fixture};
use crate::helpers::uploads::{customer, job_end, sign, upload};
use crate::helpers::{Call, TestApp, today};

async fn template_url(app: &TestApp, token: &str, fields: Value) -> String {
    let answer = app.send(Call::get("importTemplateExport", fields).token(token)).await;
    answer.ok()["url"].as_str().unwrap().to_owned()
}

/// Downloads the template of `tags` (for `order`), uploads the very file back under the same
/// tag, and waits for its import: (the sheet as downloaded, job status, job message).
async fn round_trip(f: &Fixture, tags: &str, order: Option<i64>, tag_value: Value) -> (Vec<Vec<Data>>, String, String) {
    let mut fields = json!({ "tags": tags });
    if let Some(order) = order {
        fields["orderId"] = json!(order);
    }
    let url = template_url(&f.app, &f.token, fields).await;
    let sheet = read_back(&f.app, &url, &f.token).await;
    let bytes = download(&f.app, &url, &f.token).await;
    let answer = upload(&f.app, &f.token, tags, &format!("{tags}模板.xlsx"), tag_value, &bytes).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    (sheet, status, message)
}

fn text(s: &str) -> Data {
    Data::String(s.into())
}

/// An order of March 2026 on tape 伊利版本A, its media having the period 晚间 (19:00–21:59:59).
async fn march_order(f: &Fixture) -> i64 {
    f.period(f.media, "晚间", EVENING).await;
    f.add(f.form()).await["id"].as_i64().unwrap()
}

#[tokio::test]
async fn each_order_import_template_imports_into_its_order_as_downloaded() {
    let f = fixture().await;
    let order = march_order(&f).await;

    // The schedule: today (07 Dec 2026) kept inside the cycle is 31 March, two spots on it.
    let (sheet, status, message) = round_trip(&f, "orderTemplate", Some(order), json!({ "orderId": order })).await;
    let headers: Vec<Data> = ["月份", "版本", "时段", "类型", "位置"].map(text).into_iter().chain((1..=31).map(|d| text(&d.to_string()))).collect();
    assert_eq!(sheet[0], headers, "the schedule reader's columns, in its order");
    assert_eq!(sheet[1][..4], ["2026-03", "伊利版本A", "晚间", "A"].map(text));
    assert_eq!((&sheet[1][5], &sheet[1][35]), (&Data::Empty, &Data::Float(2.0)));
    assert_eq!((status.as_str(), message.as_str()), ("done", "已导入 2026-03 的排期：1 行，2 个点位"));

    // The certificate: yesterday kept inside the cycle, five minutes into 晚间, the order's 15 s.
    let (sheet, status, message) = round_trip(&f, "broadcastingCertificate", Some(order), json!({ "orderId": order })).await;
    assert_eq!(sheet[0], ["日期", "播出时间", "时段", "版本", "时长", "位置", "次数"].map(text));
    assert_eq!(sheet[1][..4], ["2026-03-31", "19:05:00", "晚间", "伊利版本A"].map(text));
    assert_eq!(sheet[1][4..], [Data::Float(15.0), text("正一"), Data::Float(1.0)]);
    assert_eq!((status.as_str(), message.as_str()), ("done", "已导入 1 行播出证明（1 个点位）：2026-03；未指定时段 0 行，版本待替换 0 行"));

    // 正负三: the customer-data columns on the order's channel, title and group, 位置 filled.
    let tag = json!({ "orderId": order, "category": 2, "source": 3 });
    let (sheet, status, message) = round_trip(&f, "alreadyUpsideDownThree", Some(order), tag).await;
    let customer_headers = ["日期", "频道", "播出时间", "时长", "标题", "节目", "时段归纳", "受众/城市组", "毛评点", "位置"];
    assert_eq!(sheet[0], customer_headers.map(text));
    assert_eq!(sheet[1][..3], ["2026-03-31", "测试卫视", "19:05:00"].map(text));
    assert_eq!((&sheet[1][4], &sheet[1][7], &sheet[1][9]), (&text("伊利版本A"), &text("全国4+"), &text("正一")));
    assert_eq!((status.as_str(), message.as_str()), ("done", "已记录 1 个点位的位置，其中正负三 1 个"));
}

#[tokio::test]
async fn the_customer_data_template_imports_as_downloaded_and_is_listed() {
    let f = fixture().await;
    f.period(f.media, "晚间", EVENING).await;
    // The newest tape is 别的版本 of 别的产品 (default group 全国4+) on 测试卫视.
    let (sheet, status, message) = round_trip(&f, "customerData", None, customer()).await;
    let yesterday = (today() - chrono::Duration::days(1)).format("%Y-%m-%d").to_string();
    assert_eq!(sheet[1][..5], [text(&yesterday), text("测试卫视"), text("19:05:00"), Data::Float(15.0), text("别的版本")]);
    assert_eq!((status.as_str(), message.starts_with("已导入 1 行客户数据")), ("done", true), "{message}");
    let rows = f.app.send(Call::get("customerIndex", json!({ "title": "别的版本" })).token(&f.token)).await;
    let row = &rows.ok()["data"][0];
    assert_eq!((row["ymd"].as_str(), row["channel"].as_str()), (Some(yesterday.as_str()), Some("测试卫视")));
    assert_eq!(row["default_audience_city_group"]["audienceCityGroupName"], "全国4+");
}

/// A customer file without a 受众/城市组 column: date, channel, air time, duration, title, GRP.
fn without_group() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, (h, v)) in [("日期", "2026-03-02"), ("频道", "测试卫视"), ("播出时间", "19:30:00"), ("时长", "15"), ("标题", "伊利版本A"), ("毛评点", "1.5")]
        .iter()
        .enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
        sheet.write_string(1, c as u16, *v).unwrap();
    }
    book.save_to_buffer().unwrap()
}

#[tokio::test]
async fn the_forms_audience_group_is_the_group_of_rows_that_name_none() {
    let f = fixture().await;
    let bytes = without_group();

    // Without a group the file lacks a required column: refused, nothing imported.
    let answer = upload(&f.app, &f.token, "customerData", "无受众.xlsx", customer(), &bytes).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "failed");
    assert!(message.contains("受众/城市组"), "{message}");

    // A group the master data lacks: a field error before any upload, in Chinese.
    let mut tag = customer();
    tag["audienceCityGroupName"] = json!("火星");
    let refused = sign(&f.app, &f.token, "customerData", "无受众.xlsx", tag).await;
    assert_eq!(refused.field("audienceCityGroupName"), Some("未知的受众/城市组，请重新选择"));

    // The form's group, written as the user picked it (spaces and case aside): every row gets it.
    let mut tag = customer();
    tag["audienceCityGroupName"] = json!(" 北京 ");
    let answer = upload(&f.app, &f.token, "customerData", "无受众.xlsx", tag, &bytes).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    let rows = f.app.send(Call::get("customerIndex", json!({ "title": "伊利版本A" })).token(&f.token)).await;
    assert_eq!(rows.ok()["total"], 1);
    assert_eq!(rows.ok()["data"][0]["default_audience_city_group"]["audienceCityGroupName"], "北京");
}

#[tokio::test]
async fn the_header_help_names_each_importers_required_and_optional_columns() {
    let f = fixture().await;
    let columns = |tags: &'static str| {
        let app = &f.app;
        let token = f.token.clone();
        async move { app.send(Call::get("importColumns", json!({ "tags": tags })).token(&token)).await.ok().clone() }
    };
    let help = columns("customerData").await;
    let need = |help: &Value, label: &str| help.as_array().unwrap().iter().find(|c| c["label"] == label).map(|c| c["need"].clone());
    assert_eq!(help.as_array().unwrap().len(), 10);
    assert_eq!(help[0], json!({ "label": "日期", "need": "required", "aliases": ["date", "播出日期", "air_date"] }));
    assert_eq!(need(&help, "受众/城市组"), Some(json!("unlessChosen")));
    assert_eq!(need(&help, "节目"), Some(json!("optional")));
    let positions = columns("alreadyUpsideDownThree").await;
    assert_eq!((need(&positions, "受众/城市组"), need(&positions, "位置")), (Some(json!("optional")), Some(json!("required"))));
    let schedule = columns("orderTemplate").await;
    assert_eq!(need(&schedule, "月份"), Some(json!("unlessSheetMonth")));
    assert_eq!(schedule[5], json!({ "label": "1 … 31", "need": "optional", "aliases": ["01 … 31", "1日 … 31日", "1号 … 31号"] }));
    let certificate = columns("broadcastingCertificate").await;
    assert_eq!((need(&certificate, "时段"), need(&certificate, "版本")), (Some(json!("optional")), Some(json!("required"))));

    // Exports are no imports; an order's template needs an existing order.
    let refused = f.app.send(Call::get("importColumns", json!({ "tags": "evaluation" })).token(&f.token)).await;
    assert_eq!(refused.field("tags"), Some("「评估结果」文件不是导入文件，没有模板"));
    let no_order = f.app.send(Call::get("importTemplateExport", json!({ "tags": "orderTemplate" })).token(&f.token)).await;
    assert_eq!(no_order.field("orderId"), Some("请选择订单"));
    let gone = f.app.send(Call::get("importTemplateExport", json!({ "tags": "orderTemplate", "orderId": 999_999 })).token(&f.token)).await;
    assert_eq!(gone.code(), 4004);
}

#[tokio::test]
async fn a_template_is_only_for_accounts_that_may_import_its_file() {
    let f = fixture().await;
    // An account of the customer-data menu (145) only.
    let id = f.app.create_account("kehu", "145").await;
    let token = f.app.session(id).await;
    assert!(!template_url(&f.app, &token, json!({ "tags": "customerData" })).await.is_empty());
    let order = march_order(&f).await;
    let refused = f.app.send(Call::get("importTemplateExport", json!({ "tags": "orderTemplate", "orderId": order })).token(&token)).await;
    assert_eq!(refused.code(), 4003, "{}", refused.body);
}
