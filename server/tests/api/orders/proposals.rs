//! Adjustment proposals: added, listed and settled once.

use serde_json::json;

use crate::helpers::Call;
use crate::helpers::orders::fixture;

#[tokio::test]
async fn proposals_are_added_listed_and_settled_once() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let missing = f.app.send(Call::post("orderProposalAdd", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!((missing.field("proposalText"), missing.field("adjustDate")), (Some("请输入调整建议"), Some("请选择调整日期")));
    let proposal = json!({ "orderId": order + 1000, "proposalText": "晚间加两次", "adjustDate": "2026-03-12" });
    let gone = f.app.send(Call::post("orderProposalAdd", proposal).token(&f.token)).await;
    assert_eq!((gone.code(), gone.body["message"].as_str()), (4004, Some("订单不存在")));
    let added = f
        .app
        .send(Call::post("orderProposalAdd", json!({ "orderId": order, "proposalText": "晚间加两次", "adjustDate": "2026-03-12" })).token(&f.token))
        .await;
    assert_eq!(added.body["message"], "添加完成");
    let list = f.app.send(Call::get("orderProposalList", json!({ "orderId": order })).token(&f.token)).await;
    let proposal = list.ok()[0].clone();
    assert_eq!((proposal["proposalText"].as_str(), proposal["adjustDate"].as_str()), (Some("晚间加两次"), Some("2026-03-12")));
    assert_eq!(proposal["proposalStatus"], "1");
    let sta = json!({ "id": proposal["id"], "orderId": order });
    assert_eq!(f.app.send(Call::post("orderProposalSta", sta.clone()).token(&f.token)).await.body["message"], "调整完毕");
    let list = f.app.send(Call::get("orderProposalList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(list.ok()[0]["proposalStatus"], "2");
    let again = f.app.send(Call::post("orderProposalSta", sta).token(&f.token)).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (4009, Some("该建议已调整")));
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    let contents: Vec<&str> = log.ok().as_array().unwrap().iter().map(|e| e["content"].as_str().unwrap()).collect();
    assert_eq!(contents[..2], ["完成调整：晚间加两次", "添加调整建议：晚间加两次"]);
}
