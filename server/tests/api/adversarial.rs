//! Found by an adversarial tester driving the served system over its HTTP contract: each test
//! failed before its fix. Validation names the field the user typed wrong (DESIGN §2: 4000 with
//! `data.fields`) and changes nothing.

use serde_json::json;

use crate::helpers::Call;
use crate::helpers::orders::fixture;

const CELLS_OUTSIDE: &str = "周期外已有排期点位，不能缩短到该周期";

#[tokio::test]
async fn a_cycle_that_strands_cells_is_refused_on_the_date_that_strands_them() {
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    // Cells on 2 and 31 March; the cycle is the whole of March.
    f.schedule(id, f.tapes[0], &[2, 31]).await;
    let up = |changes: serde_json::Value| {
        let mut form = f.form();
        form["orderId"] = json!(id);
        for (k, v) in changes.as_object().unwrap() {
            form[k] = v.clone();
        }
        f.app.send(Call::post("orderUp", form).token(&f.token))
    };

    // Shortening the end past the 31st: the end is what strands the cell, not the start.
    let answer = up(json!({"cycleTimeEnd": "2026-03-30"})).await;
    assert_eq!(answer.code(), 4000, "{}", answer.body);
    assert_eq!((answer.field("cycleTimeEnd"), answer.field("cycleTimeAdd")), (Some(CELLS_OUTSIDE), None), "{}", answer.body);
    // A later start past the 2nd: the start.
    let answer = up(json!({"cycleTimeAdd": "2026-03-03"})).await;
    assert_eq!((answer.field("cycleTimeAdd"), answer.field("cycleTimeEnd")), (Some(CELLS_OUTSIDE), None), "{}", answer.body);
    // Both at once: both, in one answer.
    let answer = up(json!({"cycleTimeAdd": "2026-03-03", "cycleTimeEnd": "2026-03-30"})).await;
    assert_eq!((answer.field("cycleTimeAdd"), answer.field("cycleTimeEnd")), (Some(CELLS_OUTSIDE), Some(CELLS_OUTSIDE)), "{}", answer.body);

    // Nothing changed; a cycle that keeps both cells is taken.
    let info = f.info(id).await;
    assert_eq!((info["cycleTimeAdd"].as_str(), info["cycleTimeEnd"].as_str()), (Some("2026-03-01"), Some("2026-03-31")));
    let answer = up(json!({"cycleTimeAdd": "2026-03-02", "cycleTimeEnd": "2026-03-31"})).await;
    assert_eq!(answer.code(), 200, "{}", answer.body);
}
