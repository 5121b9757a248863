//! The order's history: every version listed, one restored.

use serde_json::json;

use crate::helpers::Call;
use crate::helpers::orders::{close, fixture};

#[tokio::test]
async fn the_history_lists_every_version_and_restores_one() {
    let f = fixture().await;
    let f = &f;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    for notes in ["第二版", "第三版"] {
        let mut form = f.form();
        form["orderId"] = json!(order);
        form["notes"] = json!(notes);
        form["customerMetrics"] = json!(300);
        f.app.send(Call::post("orderUp", form).token(&f.token)).await.ok();
    }
    let history = |order: i64| async move {
        f.app.send(Call::get("orderHistoryList", json!({ "orderId": order })).token(&f.token)).await.ok().clone()
    };
    let versions = history(order).await;
    let listed: Vec<(i64, &str)> =
        versions.as_array().unwrap().iter().map(|v| (v["version"].as_i64().unwrap(), v["snapshot"]["notes"].as_str().unwrap())).collect();
    assert_eq!(listed, [(3, "第三版"), (2, "第二版"), (1, "首单")]);
    assert!(versions[1]["content"].as_str().unwrap().contains("备注 首单 → 第二版"));

    let first = versions[2]["id"].clone();
    let restored = f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": first })).token(&f.token)).await;
    assert_eq!(restored.body["message"], "恢复成功", "{}", restored.body);
    let row = f.info(order).await;
    assert_eq!(row["notes"], "首单");
    assert!(close(&row["customerMetrics"], 150.75));
    let versions = history(order).await;
    assert_eq!(versions.as_array().unwrap().len(), 4);
    let content = versions[0]["content"].as_str().unwrap();
    assert!(content.starts_with("恢复到 ") && content.contains("备注 第三版 → 首单"), "{content}");
    let missing = f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": 999_999 })).token(&f.token)).await;
    assert_eq!(missing.code(), 4004);
}
