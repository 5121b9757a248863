//! PLACEHOLDER (issue 17, exports helper): the contract's signature of the estimates helper's
//! `of_order` (branch i17-estimates), so the exports compile until that branch is merged.
//! Replaced wholesale by the estimates helper's module at merge.

use adeval_engine::orders::Triple;
use serde::Serialize;

use crate::state::AppState;

pub struct EstimateScope {
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PeriodRef {
    pub id: i64,
    pub name: String,
    pub start_secs: i32,
    pub end_secs: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct Basis {
    /// "ratings", "viewing" or "none".
    pub source: String,
    pub days: Option<i64>,
    pub spots: Option<i64>,
    pub from: String,
    pub to: String,
    pub message: Option<String>,
}

pub struct ClassEstimate {
    pub class_id: i64,
    pub class_name: String,
    pub periods: Vec<PeriodRef>,
    pub estimate: Option<Triple<f64>>,
    pub default: Option<Triple<f64>>,
    pub basis: Basis,
    pub edited: bool,
}

/// Every class of the order's media, in name order; None when the order does not exist.
pub async fn of_order(state: &AppState, order: i64, scope: &EstimateScope) -> anyhow::Result<Option<Vec<ClassEstimate>>> {
    let _ = scope;
    let found: bool = sqlx::query_scalar("select exists(select 1 from orders where id = $1)").bind(order).fetch_one(&state.db).await?;
    Ok(found.then(Vec::new))
}
