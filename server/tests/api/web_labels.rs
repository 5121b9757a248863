//! The labels the server sends as display text (statusName 播出中, tags_name 订单模板 …) and the
//! web's translations of them (web/src/lib/i18n-server-labels.ts): the web shows its own locale's
//! label for the row's code, so every code the server can send has a Chinese label equal to the
//! server's text and an English one. A code added here without its labels fails this test.
//! Plain checks of the label functions against the locale files; no database.

use adeval_server::orders::certificates::rows::Unassigned;
use adeval_server::storage::tags::TAGS;
use serde_json::Value;

fn locale(language: &str, namespace: &str) -> Value {
    let path = format!("{}/../web/src/locales/{language}/{namespace}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The labels of a group (`orders`, `/statuses`) in Chinese and English, for `codes` with the
/// text the server sends for each: the Chinese label is that text, the English one is there.
fn assert_labelled(namespace: &str, group: &str, sent: &[(String, &str)]) {
    let (zh, en) = (locale("zh-CN", namespace), locale("en", namespace));
    for (code, text) in sent {
        let pointer = format!("{group}/{code}");
        assert_eq!(zh.pointer(&pointer).and_then(Value::as_str), Some(*text), "zh-CN {namespace}:{pointer}");
        let english = en.pointer(&pointer).and_then(Value::as_str).unwrap_or_default();
        assert!(!english.is_empty(), "en {namespace}:{pointer} is missing");
    }
}

#[test]
fn every_order_status_the_engine_labels_has_its_translation() {
    // Any status the engine names, well beyond the seven it has today.
    let sent: Vec<(String, &str)> = (0..=100).map(|s| (s.to_string(), adeval_engine::orders::status_label(s))).filter(|(_, l)| !l.is_empty()).collect();
    assert_eq!(sent.len(), 7, "statuses 1 to 7");
    assert_labelled("orders", "/statuses", &sent);
}

#[test]
fn every_file_tag_has_its_translation() {
    let sent: Vec<(String, &str)> = TAGS.iter().map(|t| (t.id.to_owned(), t.label)).collect();
    assert_labelled("files", "/tags", &sent);
}

#[test]
fn every_reason_a_certificate_row_stays_unassigned_has_its_translation() {
    let sent: Vec<(String, &str)> = [Unassigned::NoPeriod, Unassigned::NotOrderTape].into_iter().map(|u| ((u as i32).to_string(), u.reason())).collect();
    assert_labelled("orders", "/certificate/unassignedReasons", &sent);
}

#[test]
fn the_words_answered_in_sql_have_their_translations() {
    // orderIndex's jStatus/jStatusName (routes/orders/rows.rs), orderPmtcIndex's status/statusName
    // (routes/orders/tape_changes.rs), and orderSummaryList's total row (orders/evaluation): the
    // API tests hold the server to these words (summary_cell_adds, tape_changes, evaluation).
    assert_labelled("orders", "/evaluationStates", &[("1".into(), "未评估"), ("2".into(), "已评估")]);
    assert_labelled("orders", "/tapeChanges/statuses", &[("1".into(), "待执行"), ("3".into(), "已执行")]);
    assert_labelled("orders", "/evaluation/figures/rows", &[("total".into(), "合计")]);
}
