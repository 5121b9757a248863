//! PLACEHOLDER until branch i17-estimates lands: the contract's signatures (the issue-17
//! contract, "[estimates]"), answering what the figures knew before estimates were kept — no
//! class has an estimate, so every remaining spot is unestimated. Replaced by the real module
//! when that branch is merged.

use std::collections::HashMap;

use adeval_engine::orders::Triple;

use crate::state::AppState;

pub struct EstimateScope {
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

pub struct PeriodRef {
    pub id: i64,
    pub name: String,
    pub start_secs: i32,
    pub end_secs: i32,
}

/// What a default was computed from (the exports helper's guess at the contract's HTTP shape).
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
pub async fn of_order(state: &AppState, order: i64, _scope: &EstimateScope) -> anyhow::Result<Option<Vec<ClassEstimate>>> {
    let found: bool = sqlx::query_scalar("select exists(select 1 from orders where id = $1)").bind(order).fetch_one(&state.db).await?;
    Ok(found.then(Vec::new))
}

/// Per order id: class id → estimate (edits applied), for many orders at once.
pub async fn for_orders(
    _state: &AppState,
    orders: &[i64],
    _scope_of: impl Fn(i64) -> EstimateScope,
) -> anyhow::Result<HashMap<i64, HashMap<i64, Triple<f64>>>> {
    Ok(orders.iter().map(|o| (*o, HashMap::new())).collect())
}
