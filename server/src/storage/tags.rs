//! File tags (purposes) of docs/screens.md "Uploads": label, the menu allowed to upload them, and the
//! shape of their `tagValue`.

use serde_json::{Map, Value, json};

use crate::auth::menu::{MENU_CLIENT, MENU_ORDER};
use crate::error::Checks;

pub struct Tag {
    pub id: &'static str,
    pub label: &'static str,
    /// Menu needed to upload files with this tag.
    pub menu: i64,
    needs_order: bool,
    needs_data: bool,
    /// The form may name the audience group of rows without one (customer data).
    takes_group: bool,
}

pub const TAGS: [Tag; 6] = [
    Tag { id: "orderTemplate", label: "订单模板", menu: MENU_ORDER, needs_order: true, needs_data: false, takes_group: false },
    Tag { id: "broadcastingCertificate", label: "媒体播出证明", menu: MENU_ORDER, needs_order: true, needs_data: false, takes_group: false },
    Tag { id: "customerData", label: "客户数据", menu: MENU_CLIENT, needs_order: false, needs_data: true, takes_group: true },
    Tag { id: "evaluation", label: "评估结果", menu: MENU_ORDER, needs_order: true, needs_data: false, takes_group: false },
    Tag { id: "alreadyUpsideDownThree", label: "正负三", menu: MENU_ORDER, needs_order: true, needs_data: true, takes_group: false },
    Tag { id: "evaluationReport", label: "评估报告", menu: MENU_ORDER, needs_order: true, needs_data: false, takes_group: false },
];

/// The tag ids as the OpenAPI document's string enum `FileTag`, in TAGS' order: the web's tag
/// filter and upload calls take their list from the generated types instead of a copy.
pub struct FileTag;

impl utoipa::PartialSchema for FileTag {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(TAGS.iter().map(|t| t.id)))
            .description(Some("a file's purpose (tag id)"))
            .into()
    }
}

impl utoipa::ToSchema for FileTag {}

pub fn find(id: &str) -> Option<&'static Tag> {
    TAGS.iter().find(|t| t.id == id)
}

/// Label of a tag id (the id itself when unknown).
pub fn label(id: &str) -> &str {
    find(id).map_or(id, |t| t.label)
}

/// The key of the customer-data form's audience group (a group's name, as the shell's
/// `--audience-group` takes it): the group of every row that names none.
pub const GROUP: &str = "audienceCityGroupName";
const MAX_GROUP_CHARS: usize = 100;
pub const PICK_GROUP: &str = "请选择受众/城市组";

/// The audience group a checked `tagValue` names, if any.
pub fn group_of(tag_value: &Value) -> Option<&str> {
    tag_value.get(GROUP).and_then(Value::as_str)
}

/// A positive integer from a JSON number or numeric string.
fn int(value: Option<&Value>) -> Option<i64> {
    match value? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

impl Tag {
    /// Checks `tagValue` (JSON text) for this tag and answers it normalised: only the keys
    /// that matter, as numbers, so equal purposes compare equal.
    pub fn tag_value(&self, text: Option<&str>, checks: &mut Checks) -> Value {
        let parsed: Map<String, Value> = match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => Map::new(),
            Some(t) => match serde_json::from_str::<Value>(t) {
                Ok(Value::Object(map)) => map,
                _ => {
                    checks.add("tagValue", "tagValue 必须是 JSON 对象");
                    return json!({});
                }
            },
        };
        let mut out = Map::new();
        if self.needs_order {
            match int(parsed.get("orderId")).filter(|id| *id > 0) {
                Some(id) => {
                    out.insert("orderId".into(), id.into());
                }
                None => checks.add("orderId", "请选择订单"),
            }
        }
        if self.needs_data {
            match int(parsed.get("category")).filter(|c| (1..=4).contains(c)) {
                Some(c) => {
                    out.insert("category".into(), c.into());
                }
                None => checks.add("category", "请选择数据类别"),
            }
            match int(parsed.get("source")).filter(|s| (1..=3).contains(s)) {
                Some(s) => {
                    out.insert("source".into(), s.into());
                }
                None => checks.add("source", "请选择数据来源"),
            }
            match parsed.get("belongingTo").map(|_| int(parsed.get("belongingTo"))) {
                None => {
                    out.insert("belongingTo".into(), 1.into());
                }
                Some(Some(b)) if (1..=2).contains(&b) => {
                    out.insert("belongingTo".into(), b.into());
                }
                Some(_) => checks.add("belongingTo", "请选择数据归属"),
            }
        }
        if self.takes_group {
            // Checked against the master data by the caller (`group_of`).
            match parsed.get(GROUP) {
                None | Some(Value::Null) => {}
                Some(Value::String(name)) if name.trim().is_empty() => {}
                Some(Value::String(name)) if name.trim().chars().count() <= MAX_GROUP_CHARS => {
                    out.insert(GROUP.into(), name.trim().into());
                }
                Some(Value::String(_)) => checks.add(GROUP, "受众/城市组过长（最多100个字符）"),
                Some(_) => checks.add(GROUP, PICK_GROUP),
            }
        }
        Value::Object(out)
    }

    /// The purpose a file is uploaded for: duplicates are refused per purpose.
    pub fn purpose(&self, tag_value: &Value) -> String {
        let mut parts: Vec<String> = tag_value
            .as_object()
            .map(|m| m.iter().map(|(k, v)| format!("{k}={v}")).collect())
            .unwrap_or_default();
        parts.sort();
        format!("{}:{}", self.id, parts.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn customer_data_needs_category_and_source() {
        let tag = find("customerData").unwrap();
        let mut checks = Checks::default();
        tag.tag_value(Some(r#"{"category": "2"}"#), &mut checks);
        let err = checks.finish().unwrap_err();
        assert!(format!("{err:?}").contains("请选择数据来源"));

        let mut checks = Checks::default();
        let v = tag.tag_value(Some(r#"{"source": 3, "category": "2", "extra": 1}"#), &mut checks);
        assert!(checks.finish().is_ok());
        assert_eq!(v, json!({"category": 2, "source": 3, "belongingTo": 1}));
        assert_eq!(tag.purpose(&v), "customerData:belongingTo=1&category=2&source=3");
    }

    #[test]
    fn customer_data_may_name_its_audience_group_and_only_it() {
        let tag = find("customerData").unwrap();
        let mut checks = Checks::default();
        let v = tag.tag_value(Some(r#"{"category": 2, "source": 3, "audienceCityGroupName": " 全国4+ "}"#), &mut checks);
        assert!(checks.finish().is_ok());
        assert_eq!(group_of(&v), Some("全国4+"));
        assert_eq!(tag.purpose(&v), "customerData:audienceCityGroupName=\"全国4+\"&belongingTo=1&category=2&source=3");
        // Blank: the file's column gives each row's group.
        let mut checks = Checks::default();
        let v = tag.tag_value(Some(r#"{"category": 2, "source": 3, "audienceCityGroupName": ""}"#), &mut checks);
        assert!(checks.finish().is_ok());
        assert_eq!(group_of(&v), None);
        let mut checks = Checks::default();
        tag.tag_value(Some(r#"{"category": 2, "source": 3, "audienceCityGroupName": 7}"#), &mut checks);
        assert!(format!("{:?}", checks.finish().unwrap_err()).contains(PICK_GROUP));
        // 正负三 takes the order's group: the key is left out.
        let positions = find("alreadyUpsideDownThree").unwrap();
        let mut checks = Checks::default();
        let v = positions.tag_value(Some(r#"{"orderId": 1, "category": 2, "source": 3, "audienceCityGroupName": "全国4+"}"#), &mut checks);
        assert_eq!(group_of(&v), None);
    }

    #[test]
    fn order_tags_need_an_order() {
        let tag = find("orderTemplate").unwrap();
        let mut checks = Checks::default();
        tag.tag_value(Some("{}"), &mut checks);
        assert!(format!("{:?}", checks.finish().unwrap_err()).contains("请选择订单"));
        let mut checks = Checks::default();
        assert_eq!(tag.tag_value(Some(r#"{"orderId": 7}"#), &mut checks), json!({"orderId": 7}));
    }
}
