//! PLACEHOLDER (issue 17, exports helper): the contract's signature of the figures helper's
//! `summary_list` (branch i17-figures), so the exports compile until that branch is merged.
//! Replaced wholesale by the figures helper's module at merge.

use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

pub struct SummaryFilter {
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    pub product_name: String,
    pub cycle_time: String,
    pub month: String,
    pub seconds: i32,
    pub grp: f64,
    #[serde(rename = "IssuedGrp")]
    pub issued_grp: f64,
    pub aired_spots: i64,
    pub already_upside_down_three: i64,
    pub positioned_spots: i64,
    pub already_upside_down_three_per: Option<f64>,
    pub planned_spots: i64,
    pub remaining_spots: i64,
    pub unestimated_spots: i64,
    pub estimated_routine: f64,
    pub estimated_low: f64,
    pub estimated_high: f64,
    pub customer_differences_routine: f64,
    pub customer_differences_low: f64,
    pub customer_differences_high: f64,
    pub overbroadcast_routine: Option<f64>,
    pub overbroadcast_low: Option<f64>,
    pub overbroadcast_high: Option<f64>,
    pub number_of_theaters_routine: Option<i64>,
    pub number_of_theaters_low: Option<i64>,
    pub number_of_theaters_high: Option<i64>,
}

/// orderSummaryList: month rows then the total row; None when the order does not exist.
pub async fn summary_list(state: &AppState, order: i64, filter: &SummaryFilter) -> anyhow::Result<Option<Vec<SummaryRow>>> {
    let _ = filter;
    let found: bool = sqlx::query_scalar("select exists(select 1 from orders where id = $1)").bind(order).fetch_one(&state.db).await?;
    Ok(found.then(Vec::new))
}
