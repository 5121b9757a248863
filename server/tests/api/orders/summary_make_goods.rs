//! Make-goods: the order's make-good policy (a field of the order dialog, its list row and its
//! history), and what the summary grid answers per month — spots owed for the missing ones,
//! scheduled as make-goods, still outstanding — with each cell's moved and make-good spots.

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::fixture;

#[tokio::test]
async fn the_make_good_policy_is_a_field_of_the_order() {
    let f = fixture().await;
    let f = &f;
    // Left out, it is 1 无; any value but 1–3 is refused with the dialog's words.
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 1);
    for bad in [json!(0), json!(4), json!("x"), json!(2.5)] {
        let mut form = f.form();
        form["makeGoodPolicy"] = bad.clone();
        let answer = f.app.send(Call::post("orderAdd", form).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field("makeGoodPolicy")), (4000, Some("请选择补播政策")), "{bad}");
    }
    let mut form = f.form();
    form["makeGoodPolicy"] = json!("3");
    let second = f.add(form).await;
    assert_eq!(second["makeGoodPolicy"], 3);
    let second = second["id"].as_i64().unwrap();
    let listed = f.list(json!({})).await;
    let policies: Vec<(i64, i64)> =
        listed["data"].as_array().unwrap().iter().map(|r| (r["id"].as_i64().unwrap(), r["makeGoodPolicy"].as_i64().unwrap())).collect();
    assert!(policies.contains(&(order, 1)) && policies.contains(&(second, 3)), "{policies:?}");

    // An edit changes it and logs the change; an edit that leaves it out keeps it.
    let up = |fields: Value| async move { f.app.send(Call::post("orderUp", fields).token(&f.token)).await };
    up(json!({ "orderId": order, "makeGoodPolicy": 2 })).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 2);
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(log.ok()[0]["content"], "修改订单：补播政策 无 → 错一补一");
    up(json!({ "orderId": order, "notes": "只改备注" })).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 2);
    assert_eq!(up(json!({ "orderId": order, "makeGoodPolicy": 9 })).await.field("makeGoodPolicy"), Some("请选择补播政策"));

    // The history keeps it; restoring the first version brings 无 back.
    let versions = f.app.send(Call::get("orderHistoryList", json!({ "orderId": order })).token(&f.token)).await.ok().clone();
    let kept: Vec<i64> = versions.as_array().unwrap().iter().map(|v| v["snapshot"]["makeGoodPolicy"].as_i64().unwrap()).collect();
    assert_eq!(kept, [2, 2, 1]);
    let first = versions[2]["id"].clone();
    f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": first })).token(&f.token)).await.ok();
    assert_eq!(f.info(order).await["makeGoodPolicy"], 1);
}
