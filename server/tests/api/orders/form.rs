//! The order form: orderAdd / orderUp / orderInfo with every check of the dialog, the
//! locked fields, the metrics the suits sum to, the dialog's pickers and the order menu.

use calamine::Data;
use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::exports::read_back;
use crate::helpers::orders::{close, fixture, template};

#[tokio::test]
async fn an_empty_order_form_answers_every_required_message_and_writes_nothing() {
    let f = fixture().await;
    let answer = f.app.send(Call::post("orderAdd", json!({})).token(&f.token)).await;
    assert_eq!(answer.code(), 4000);
    for (field, message) in [
        ("mediaId", "请选择媒体"),
        ("productId", "请选择产品名称"),
        ("defaultId", "请选择受众/城市组"),
        ("seconds", "请选择秒数"),
        ("orderProductMagneticTapeId", "请选择产品磁带"),
        ("suitId", "请选择套装"),
        ("cycleTimeAdd", "请选择周期开始"),
        ("cycleTimeEnd", "请选择周期结束"),
        ("followDate", "请选择跟进日期"),
        ("customerFreeBroadcastCalculation", "请选择赠播计算方式"),
        ("mediaFreeBroadcastCalculation", "请选择赠播计算方式"),
    ] {
        assert_eq!(answer.field(field), Some(message), "{field}: {}", answer.body);
    }
    assert_eq!(f.count("orders").await, 0);
}

#[tokio::test]
async fn bad_values_and_foreign_references_are_refused_each_with_its_message() {
    let f = fixture().await;
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({ "seconds": 17 }), "seconds", "秒数只能是 5、10、15、20、30、60 或 120"),
        (json!({ "cycleTimeEnd": "2026-02-28" }), "cycleTimeEnd", "周期结束不能早于周期开始"),
        (json!({ "cycleTimeAdd": "2026-02-30" }), "cycleTimeAdd", "日期格式应为 YYYY-MM-DD"),
        (json!({ "blankWeek": "2026-04-02" }), "blankWeek", "空档日期 2026-04-02 不在周期内"),
        (json!({ "customerFreeBroadcastCalculation": 4 }), "customerFreeBroadcastCalculation", "赠播计算方式无效"),
        (json!({ "mediaFreeBroadcastValue": -1 }), "mediaFreeBroadcastValue", "赠播值必须是大于等于0的数字"),
        (json!({ "customerMetrics": "abc" }), "customerMetrics", "指标必须是大于等于0的数字"),
        (json!({ "category": 9 }), "category", "数据类别无效"),
        (json!({ "defaultId": f.foreign_group }), "defaultId", "受众/城市组不属于所选产品"),
        (json!({ "orderProductMagneticTapeId": f.foreign_tape }), "orderProductMagneticTapeId", "磁带「别的版本」不属于所选产品"),
        (json!({ "suitId": f.foreign_suit }), "suitId", "套装「二台套装」不属于所选媒体"),
        (json!({ "mediaId": 999_999 }), "mediaId", "媒体不存在"),
    ];
    for (change, field, message) in cases {
        let mut form = f.form();
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        let answer = f.app.send(Call::post("orderAdd", form).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{change}: {}", answer.body);
    }
    assert_eq!(f.count("orders").await, 0);
    assert_eq!(f.count("order_logs").await, 0);
}

#[tokio::test]
async fn an_order_sums_its_suits_shows_its_figures_and_status_and_is_logged() {
    let f = fixture().await;
    let added = f.app.send(Call::post("orderAdd", f.form()).token(&f.token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let page = f.list(json!({})).await;
    assert_eq!(page["total"], 1);
    let row = &page["data"][0];
    assert_eq!(row["id"], id);
    assert_eq!((row["mediaName"].as_str(), row["productName"].as_str()), (Some("测试卫视"), Some("测试牛奶")));
    assert_eq!((row["brandName"].as_str(), row["defaultName"].as_str()), (Some("测试品牌"), Some("全国4+")));
    assert_eq!(row["cycleTime"], "2026-03-01 ~ 2026-03-31");
    assert_eq!(row["cycleTimeMonth"], "2026-03");
    assert_eq!((row["followDate"].as_str(), row["blankWeek"].as_str()), (Some("2026-03-05"), Some("2026-03-08")));
    assert_eq!(row["orderProductMagneticTapeId"], json!([f.tapes[0]]));
    assert_eq!(row["tapes"][0]["mediaFileName"], "伊利版本A");
    let suits: Vec<&str> = row["suit"].as_array().unwrap().iter().map(|s| s["suitName"].as_str().unwrap()).collect();
    assert_eq!(suits, ["夏季套装", "春季套装"]);
    // Metrics: the suits' sums to 3 decimals (the suits keep 3 decimals themselves).
    assert!(close(&row["customerMetrics"], 150.75) && close(&row["mediaMetrics"], 120.124), "{row}");
    // Customer: 10 % of 150.75 = 15.075 free, target 165.825; media: 5 free, target 125.124.
    assert!(close(&row["customerFreeBroadcast"], 15.075) && close(&row["customerTarget"], 165.825));
    assert!(close(&row["mediaFreeBroadcast"], 5.0) && close(&row["mediaTarget"], 125.124));
    // Nothing aired, nothing scheduled: nothing to expect from, so no expectation, difference or
    // overplay (not "−100 %" in red).
    for field in ["ExpectedCompletion", "ExpectedLow", "ExpectedHigh", "Difference", "DifferenceLow", "Overplay", "OverplayHigh"] {
        assert!(row[format!("customer{field}")].is_null() && row[format!("media{field}")].is_null(), "{field}: {row}");
    }
    assert!(row["customerAlreadyUpsideDownThree"].is_null() && row["customerTheatres"].is_null());
    assert_eq!((row["status"].as_i64(), row["statusName"].as_str()), (Some(1), Some("待创建订单")));
    assert_eq!((row["jStatus"].as_i64(), row["jStatusName"].as_str()), (Some(1), Some("未评估")));

    let info = f.info(id).await;
    assert_eq!(info["notes"], "首单");
    assert_eq!(info["customerFreeBroadcastCalculation"], 2);

    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": id })).token(&f.token)).await;
    let entries = log.ok().as_array().unwrap().clone();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["content"], "创建订单");
    assert_eq!(entries[0]["admin"]["name"].as_str().map(|n| !n.is_empty()), Some(true));
    assert_eq!(entries[0]["snapshot"]["customerMetrics"], 150.75);

    // Metrics typed in the dialog win over the suits' sums.
    let mut form = f.form();
    form["customerMetrics"] = json!("99.9999");
    form["mediaMetrics"] = json!(0);
    let typed = f.add(form).await;
    assert!(close(&typed["customerMetrics"], 100.0) && close(&typed["mediaMetrics"], 0.0), "{typed}");
}

#[tokio::test]
async fn an_edit_changes_what_it_may_and_never_a_locked_field() {
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    let edit = |change: Value| {
        let mut form = f.form();
        form["orderId"] = json!(id);
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        form
    };
    for (change, field, message) in [
        (json!({ "mediaId": f.other_media }), "mediaId", "编辑订单时不能修改媒体"),
        (json!({ "productId": f.product + 1 }), "productId", "编辑订单时不能修改产品"),
        (json!({ "defaultId": f.second_group }), "defaultId", "编辑订单时不能修改受众/城市组"),
        (json!({ "seconds": 30 }), "seconds", "编辑订单时不能修改秒数"),
        (json!({ "suitId": f.suits[0] }), "suitId", "编辑订单时不能修改套装"),
    ] {
        let answer = f.app.send(Call::post("orderUp", edit(change.clone())).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{change}: {}", answer.body);
    }
    let unchanged = f.info(id).await;
    assert_eq!((unchanged["mediaId"].as_i64(), unchanged["seconds"].as_i64()), (Some(f.media), Some(15)));

    // Editable fields change; locked ones may be sent as they are, or left out.
    let mut form = edit(json!({
        "notes": "改期", "cycleTimeEnd": "2026-04-15", "orderProductMagneticTapeId": format!("{},{}", f.tapes[1], f.tapes[0]),
        "customerMetrics": 200, "mediaFreeBroadcastCalculation": 1, "category": 2
    }));
    form.as_object_mut().unwrap().remove("suitId");
    let answer = f.app.send(Call::post("orderUp", form).token(&f.token)).await;
    assert_eq!(answer.body["message"], "修改成功", "{}", answer.body);
    let row = f.info(id).await;
    assert_eq!(row["notes"], "改期");
    assert_eq!(row["cycleTimeMonth"], "2026-03,2026-04");
    assert_eq!(row["orderProductMagneticTapeId"], json!([f.tapes[1], f.tapes[0]]));
    assert!(close(&row["customerMetrics"], 200.0) && close(&row["mediaFreeBroadcast"], 0.0));
    assert_eq!(row["category"], 2);
    assert_eq!(row["suit"].as_array().unwrap().len(), 2);

    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": id })).token(&f.token)).await;
    let newest = log.ok()[0].clone();
    let content = newest["content"].as_str().unwrap();
    assert!(content.starts_with("修改订单："), "{content}");
    for part in ["备注 首单 → 改期", "周期 2026-03-01 ~ 2026-03-31 → 2026-03-01 ~ 2026-04-15", "磁带 伊利版本A → 伊利版本B、伊利版本A", "客户指标 150.75 → 200"] {
        assert!(content.contains(part), "{content} lacks {part}");
    }
    assert_eq!(newest["snapshot"]["notes"], "改期");
}

#[tokio::test]
async fn a_partial_edit_changes_only_what_it_names_and_the_guards_hold() {
    let f = fixture().await;
    let mut form = f.form();
    form["category"] = json!(2);
    let id = f.add(form).await["id"].as_i64().unwrap();
    let answer = f.app.send(Call::post("orderUp", json!({ "orderId": id, "notes": "只改备注" })).token(&f.token)).await;
    assert_eq!(answer.body["message"], "修改成功", "{}", answer.body);
    let row = f.info(id).await;
    assert_eq!((row["notes"].as_str(), row["category"].as_i64()), (Some("只改备注"), Some(2)));
    assert_eq!((row["cycleTimeEnd"].as_str(), row["blankWeek"].as_str()), (Some("2026-03-31"), Some("2026-03-08")));
    assert_eq!(row["customerFreeBroadcastCalculation"], 2);
    assert!(close(&row["customerMetrics"], 150.75));
    // Sent empty, a field is cleared.
    f.app.send(Call::post("orderUp", json!({ "orderId": id, "category": "" })).token(&f.token)).await.ok();
    assert!(f.info(id).await["category"].is_null());

    let big = f.app.send(Call::get("orderList", json!({ "limit": 500 })).token(&f.token)).await;
    assert_eq!(big.field("limit"), Some("每页最多 100 条"));

    // A line keeps its order and month.
    let line = f.schedule(id, f.tapes[0], &[3]).await;
    let moved = sqlx::query("update order_lines set month = '2026-04-01' where id = $1").bind(line).execute(&f.app.db).await;
    assert!(moved.is_err());

    // Two of the order's tapes under one file name: the template must name the tape number.
    let twin: i64 = sqlx::query_scalar(
        "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                                    media_tape_number, customer_title, seconds)
         select brand_id, media_id, product_id, cycle, customer_version_name, media_file_name, 'T-009', customer_title, seconds
         from product_tapes where id = $1 returning id",
    )
    .bind(f.tapes[0])
    .fetch_one(&f.app.db)
    .await
    .unwrap();
    f.app
        .send(Call::post("orderUp", json!({ "orderId": id, "orderProductMagneticTapeId": format!("{},{twin}", f.tapes[0]) })).token(&f.token))
        .await
        .ok();
    let ambiguous = template(&[("2026-03", vec![("伊利版本A", "晚间", "A", vec![(5, 1.0)])])]);
    let (status, message) = f.import_template(id, &ambiguous).await;
    assert_eq!(status, "failed");
    assert!(message.contains("该订单有多个磁带用这个媒体文件名，请改填磁带号"), "{message}");
    let by_number = template(&[("2026-03", vec![("T-009", "晚间", "A", vec![(5, 1.0)])])]);
    assert_eq!(f.import_template(id, &by_number).await.0, "done");
    let exported = f.app.send(Call::post("orderTemplateExport", json!({ "orderId": id })).token(&f.token)).await;
    let rows = read_back(&f.app, exported.ok()["url"].as_str().unwrap(), &f.token).await;
    assert_eq!(rows[1][1], Data::String("T-009".into()));
}

#[tokio::test]
async fn the_dialog_pickers_offer_the_products_tapes_groups_and_suits() {
    let f = fixture().await;
    let get = |name: &'static str, fields: Value| {
        let f = &f;
        async move { f.app.send(Call::get(name, fields).token(&f.token)).await.ok().clone() }
    };
    let brands = get("orderBrandList", json!({})).await;
    assert_eq!(brands.as_array().unwrap().len(), 2);
    let products = get("orderProductList", json!({})).await;
    let names: Vec<&str> = products.as_array().unwrap().iter().map(|p| p["productName"].as_str().unwrap()).collect();
    assert!(names.contains(&"测试牛奶") && names.contains(&"别的产品"));
    assert_eq!(get("orderMediaList", json!({})).await.as_array().unwrap().len(), 2);
    let tapes = get("orderProductMagneticTapeList", json!({ "productId": f.product })).await;
    let tape_names: Vec<&str> = tapes.as_array().unwrap().iter().map(|t| t["mediaFileName"].as_str().unwrap()).collect();
    assert_eq!(tape_names, ["伊利版本A", "伊利版本B"]);
    let groups = get("orderDefaultAudienceCityGroupList", json!({ "productId": f.product })).await;
    assert_eq!(groups["defaultId"], f.group);
    let group_ids: Vec<i64> = groups["list"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!(group_ids, [f.group, f.second_group]);
    let suits = get("orderSuitList", json!({ "productId": f.product, "mediaId": f.media })).await;
    let suit_names: Vec<&str> = suits.as_array().unwrap().iter().map(|s| s["suitName"].as_str().unwrap()).collect();
    assert_eq!(suit_names, ["夏季套装", "春季套装"]);
    assert!(close(&suits[1]["mediaMetrics"], 100.123));
    let missing = f.app.send(Call::get("orderSuitList", json!({ "mediaId": f.media })).token(&f.token)).await;
    assert_eq!(missing.field("productId"), Some("请选择产品名称"));
}

#[tokio::test]
async fn order_calls_need_the_order_menu() {
    let f = fixture().await;
    f.app.create_account("clerk", "82").await;
    let clerk = f.app.login("clerk", "secret-123").await;
    let token = clerk.ok()["token"].as_str().unwrap().to_owned();
    for call in [Call::get("orderList", json!({})), Call::post("orderAdd", f.form()), Call::get("orderMediaList", json!({}))] {
        assert_eq!(f.app.send(call.token(&token)).await.code(), 4003);
    }
}
