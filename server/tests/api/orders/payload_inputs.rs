//! Input rules every call meets where its payload is read, shown on order writes: a value
//! Postgres text can't hold and a value of the wrong shape are refused with a 4000 naming the
//! field, in Chinese, before anything is written.

use serde_json::json;

use crate::helpers::Call;
use crate::orders::summary_cells::setup;

#[tokio::test]
async fn a_nul_character_in_any_value_is_refused_on_its_field_and_changes_nothing() {
    let s = setup().await;
    let c2 = s.cell("A", 2).await.unwrap();
    let before = s.state(c2).await;
    let logs = s.f.count("order_logs").await;

    let reason = s.up(json!({ "id": c2, "type": "A", "num": 2, "reasonType": 2, "reasonValue": "a\u{0}b" })).await;
    assert_eq!((reason.code(), reason.field("reasonValue")), (4000, Some("参数格式错误：reasonValue 含有不可见的空字符")), "{}", reason.body);
    assert_eq!(s.state(c2).await, before);
    assert!(s.records(c2).await.is_empty());

    let mut form = s.f.form();
    form["orderId"] = json!(s.order);
    form["notes"] = json!("x\u{0}y");
    let notes = s.f.app.send(Call::post("orderUp", form).token(&s.f.token)).await;
    assert_eq!((notes.code(), notes.field("notes")), (4000, Some("参数格式错误：notes 含有不可见的空字符")), "{}", notes.body);
    let info = s.f.info(s.order).await;
    assert_eq!(info["notes"], "首单");
    assert_eq!(s.f.count("order_logs").await, logs);
}

#[tokio::test]
async fn an_object_where_text_is_expected_is_refused_in_chinese_on_its_field() {
    let s = setup().await;
    let c2 = s.cell("A", 2).await.unwrap();
    let reason = s.up(json!({ "id": c2, "type": "A", "num": 2, "reasonType": 2, "reasonValue": { "a": 1 } })).await;
    assert_eq!((reason.code(), reason.field("reasonValue")), (4000, Some("参数格式错误：reasonValue 应为文本")), "{}", reason.body);
    assert!(s.records(c2).await.is_empty());
    let mut form = s.f.form();
    form["orderId"] = json!(s.order);
    form["notes"] = json!({ "text": "改期" });
    let notes = s.f.app.send(Call::post("orderUp", form).token(&s.f.token)).await;
    assert_eq!((notes.code(), notes.field("notes")), (4000, Some("参数格式错误：notes 应为文本")), "{}", notes.body);
    assert_eq!(s.f.info(s.order).await["notes"], "首单");
}
