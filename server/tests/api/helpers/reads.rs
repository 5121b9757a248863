//! Every read of the catalogue with realistic arguments: each GET of the OpenAPI document, the
//! reads the spec sends as POST, and every two-step update's typeY 1 (its preview). The test
//! checks this list against the served document, so a read added later without being listed
//! here fails it.

use serde_json::{Value, json};

use super::populate::{World, day};

/// How a read is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Get,
    /// A read the spec sends as POST.
    PostRead,
    /// A two-step update's typeY 1: computes and stores its preview.
    Preview,
}

/// The reads the spec sends as POST (docs/api.md "Paths").
pub const POST_READS: &[&str] = &["adminUserRule", "authRuleIndex", "authRuleInfo", "productMagneticTapeInfo"];

/// Calls left out of the suite, each with its reason: none.
pub const LEFT_OUT: &[&str] = &[];

pub struct Read {
    pub name: &'static str,
    pub kind: Kind,
    pub fields: Value,
}

/// Each read, once per set of arguments worth asking (every demo order where it takes one).
pub fn reads(w: &World) -> Vec<Read> {
    let mut out = Vec::new();
    let mut add = |name: &'static str, kind: Kind, fields: Value| out.push(Read { name, kind, fields });
    let get = Kind::Get;
    let (from, to) = (day(w.today, -40), day(w.today, 0));

    // Accounts, menus, logs, files, messages.
    add("adminUserIndex", get, json!({"page": 1, "limit": 10, "status": "1"}));
    add("adminlist", get, json!({"page": 1, "limit": 10, "name": "读"}));
    add("adminUserInfo", get, json!({"id": w.admin}));
    add("adminUserProfile", get, json!({}));
    add("adminUserLog", get, json!({"page": 1, "limit": 10, "title": "订单"}));
    add("adminUserRule", Kind::PostRead, json!({}));
    add("authRuleIndex", Kind::PostRead, json!({}));
    add("authRuleInfo", Kind::PostRead, json!({"id": w.menu}));
    add("fileIndex", get, json!({"page": 1, "limit": 10, "tags": "customerData"}));
    add("fileIndex", get, json!({"page": 1, "limit": 10}));
    add("messageIndel", get, json!({"page": 1, "limit": 10}));
    let tag = json!({"orderId": w.orders.first().copied().unwrap_or_default()}).to_string();
    add("aliyunOssSign", get, json!({"tags": "orderTemplate", "originalFileName": "排期.xlsx", "description": "读", "tagValue": tag}));
    add("importColumns", get, json!({"tags": "customerData"}));
    add("importTemplateExport", get, json!({"tags": "customerData"}));

    // Master data.
    add("brandIndex", get, json!({"page": 1, "limit": 10}));
    add("brandList", get, json!({"brandName": ""}));
    add("customerBrandList", get, json!({}));
    add("customerMediaList", get, json!({}));
    add("mediaIndex", get, json!({"page": 1, "limit": 10}));
    add("mediaList", get, json!({}));
    add("defaultAudienceCityGroupIndex", get, json!({"page": 1, "limit": 10, "brandId": w.brand}));
    add("defaultAudienceCityGroupList", get, json!({}));
    add("defaultAudienceCityGroupBrandList", get, json!({"brandId": w.brand}));
    add("onlineViewingIndex", get, json!({"page": 1, "limit": 10, "mediaIdi": w.media}));
    add("onlineViewingMediaList", get, json!({}));
    add("productIndex", get, json!({"page": 1, "limit": 10, "brandIdi": w.brand}));
    add("productList", get, json!({"brandId": w.brand}));
    add("productMagneticTapeIndex", get, json!({"page": 1, "limit": 10, "productIdi": w.product}));
    add("productMagneticTapeIndexExport", get, json!({"productIdi": w.product}));
    add("productMagneticTapeInfo", Kind::PostRead, json!({"id": w.tape}));
    add("productMagneticTapeBrandList", get, json!({}));
    add("productMagneticTapeMediaList", get, json!({}));
    add("productMagneticTapeProductList", get, json!({"brandListId": w.brand, "mediaId": w.media}));
    add("suitIndex", get, json!({"page": 1, "limit": 10, "mediaIdi": w.media}));
    add("suitIndexExport", get, json!({"mediaIdi": w.media}));
    add("suitList", get, json!({"mediaId": w.media, "brandId": w.brand}));
    add("suitBrandList", get, json!({}));
    add("suitMediaList", get, json!({}));
    add("suitTimePeriodList", get, json!({"mediaId": w.media}));
    add("timePeriodIndex", get, json!({"page": 1, "limit": 10, "mediaId": w.media}));
    add("timePeriodClassList", get, json!({"mediaId": w.media}));
    add("timePeriodList", get, json!({"mediaId": w.media, "timePeriodClassId": w.class}));

    // Customer data, the dashboard, analysis.
    let window = json!({"page": 1, "limit": 10, "category": 2, "source": 3, "belongingTo": 1, "addTime": from, "endTime": to});
    add("customerIndex", get, window.clone());
    add("customerIndexExport", get, window);
    add("dashboardMediaList", get, json!({}));
    add("dashboardPList", get, json!({"mediaId": w.media}));
    add("dashboardProductList", get, json!({"productId": w.product}));
    add("dashboardTimePeriodClassList", get, json!({"mediaId": w.media}));
    for time_type in [2, 3, 4] {
        let span = json!({"timeType": time_type, "timeAdd": from, "timeEnd": to});
        let mut one = span.clone();
        one["mediaId"] = json!(w.media);
        one["productId"] = json!(w.product);
        add("dashboardoneIndex", get, one);
        let mut by_group = span;
        by_group["productId"] = json!(w.product);
        add("dashboardoneBIndex", get, by_group);
    }
    let analysis = json!({"category": 2, "source": 3, "addTimes": day(w.today, -7), "endTimes": to, "productId": w.product, "defaultId": w.group, "page": 1, "limit": 10});
    add("dataAnalysis", get, analysis);
    add("dataAnalysisLastWeek", get, json!({"productId": w.product, "defaultId": w.group}));
    add("dataAnalysisLastWeek", get, json!({"category": 2, "source": 3, "productId": w.product, "defaultId": w.group, "mediaId": w.media}));
    let curve = json!({"mediaId": w.media, "defaultAudienceCityGroupId": w.group, "ymd": day(w.today, -3), "addTime": "20:15:30", "duration": 15, "before": 60, "after": 60});
    add("spotCurve", get, curve);

    // Orders: the list and its pickers.
    let list = json!({"page": 1, "limit": 10, "brandId": w.brand});
    add("orderList", get, json!({"page": 1, "limit": 10}));
    add("orderList", get, list.clone());
    add("orderIndexExport", get, list);
    add("orderBrandList", get, json!({}));
    add("orderMediaList", get, json!({}));
    add("orderProductList", get, json!({"brandId": w.brand}));
    add("orderProductMagneticTapeList", get, json!({"productId": w.product}));
    add("orderDefaultAudienceCityGroupList", get, json!({"productId": w.product}));
    add("orderSuitList", get, json!({"productId": w.product, "mediaId": w.media}));
    add("orderMagneticTapeDetailsList", get, json!({"productId": w.product}));

    // Orders: each one's reads, for an order in each status.
    for (&order, (first, last)) in w.orders.iter().zip(&w.cycles) {
        let id = json!({"orderId": order});
        for name in [
            "orderInfo", "orderTemplateList", "orderTemplateExport", "orderLogList", "orderHistoryList",
            "orderMagneticTapeDetails", "productMagneticTape", "orderProposalList", "orderTime", "timePeriod",
            "orderSummarySuitList", "broadcastingMagneticTapeDetailsList", "orderBroadcastingMagneticTapeDetailsList",
        ] {
            add(name, get, id.clone());
        }
        // The others have no certificate to show or export (4004).
        if w.certified.contains(&order) {
            add("broadcastingCertificate", get, id.clone());
            add("orderBroadcastingCertificateExport", get, id.clone());
        }
        for tags in ["orderTemplate", "broadcastingCertificate", "alreadyUpsideDownThree"] {
            add("importTemplateExport", get, json!({"tags": tags, "orderId": order}));
        }
        add("orderTimePeriodSuitList", get, json!({"orderId": order, "timePeriodId": w.period}));
        for side in [1, 2] {
            let scope = json!({"orderId": order, "belongingTo": side, "category": 2, "source": 3});
            for name in ["orderSummaryList", "orderSummaryGrpList", "orderViewingList", "orderSummaryGrpIndexExport", "orderSummaryGrpReportIndexExport"] {
                add(name, get, scope.clone());
            }
            // The drill-down of the figures a user opens most, and its export.
            for figure in ["issuedGrp", "upsideDownThree", "planned", "remaining", "missing", "target", "expected", "differenceLow"] {
                add("figureRows", get, json!({"orderId": order, "belongingTo": side, "figure": figure, "page": 1, "limit": 10}));
            }
            add("figureRowsExport", get, json!({"orderId": order, "belongingTo": side, "figure": "issuedGrp"}));
        }
        add("orderSummaryList", get, id.clone());
        let customer = json!({"orderId": order, "category": 2, "source": 3, "addTime": first, "endTime": last});
        let mut page = customer.clone();
        page["page"] = json!(1);
        page["limit"] = json!(10);
        add("orderCustomerIndex", get, page);
        let mut preview = customer;
        preview["typeY"] = json!(1);
        add("orderCustomerUp", Kind::Preview, preview);
    }
    // The on-air order's certificate awaits confirmation; the others' are confirmed (4009) or absent.
    add("orderBroadcastLicenseUp", Kind::Preview, json!({"orderId": w.certified.get(1).copied().unwrap_or_default(), "typeY": 1}));
    let running = w.certified.get(2).copied().unwrap_or_default();
    let (cell, tape, suit, entry, period) = w.flagged;
    // An estimate's rating days, of a class of the running order's media.
    add("figureRows", get, json!({"orderId": running, "figure": "estimate", "timePeriodClassId": w.class}));
    add("orderNum", get, json!({"orderId": running, "timePeriodId": period, "suitId": suit, "suitXId": entry, "types": "A,B", "ymd": day(w.today, 3)}));
    let moved = json!({"orderId": running, "id": cell, "upTapeId": tape, "suitId": suit, "timePeriodId": period, "type": "B", "ymd": day(w.today, 3), "num": 1, "typeY": 1});
    add("orderSummaryGrpYmdYdY", Kind::Preview, moved);
    out
}

/// The typeY 1 calls among the document's POSTs: those whose body takes `typeY`.
pub fn document_previews(doc: &Value) -> Vec<String> {
    let schemas = &doc["components"]["schemas"];
    let props = |schema: &Value| -> Value {
        match schema["$ref"].as_str() {
            Some(r) => schemas[r.trim_start_matches("#/components/schemas/")]["properties"].clone(),
            None => schema["properties"].clone(),
        }
    };
    let mut out: Vec<String> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, item)| {
            let body = &item["post"]["requestBody"]["content"]["application/json"]["schema"];
            props(body).get("typeY").is_some()
        })
        .map(|(path, _)| path.rsplit('/').next().unwrap().to_owned())
        .collect();
    out.sort();
    out
}

/// The document's GET calls.
pub fn document_gets(doc: &Value) -> Vec<String> {
    let mut out: Vec<String> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, item)| item.get("get").is_some())
        .map(|(path, _)| path.rsplit('/').next().unwrap().to_owned())
        .filter(|name| name != "openapi.json")
        .collect();
    out.sort();
    out
}
