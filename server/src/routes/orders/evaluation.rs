//! The evaluation figures per month (orderSummaryList, DESIGN §5.3): what they are is the
//! domain's ([`crate::orders::evaluation`]); this module reads the arguments and answers.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::fields::PICK_ORDER;
use crate::http::args::{Belonging, Category, Id, Source};
use crate::http::{AppError, Args, Checks, Done, Result, Text};
use crate::orders::evaluation::{self, SummaryFilter, SummaryRow};
use crate::state::AppState;

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SummaryListArgs {
    order_id: Option<Text>,
    /// Whose figures: 1 customer (default), 2 media.
    belonging_to: Option<Text>,
    /// Data category 1–4; empty: the order's own (which may be any).
    category: Option<Text>,
    /// Data source 1–3; empty: the order's own (which may be any).
    source: Option<Text>,
}

/// orderSummaryList: the side's figures per month of the cycle, then the total.
pub async fn summary_list(State(state): State<AppState>, Args(args): Args<SummaryListArgs>) -> Result<Done<Vec<SummaryRow>>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let belonging_to = Belonging::filter("belongingTo", &args.belonging_to, &mut checks).unwrap_or(1);
    let category = Category::filter("category", &args.category, &mut checks);
    let source = Source::filter("source", &args.source, &mut checks);
    checks.finish()?;
    let filter = SummaryFilter { belonging_to, category, source };
    let rows = evaluation::summary_list(&state, order, &filter).await.map_err(AppError::Internal)?;
    Ok(Done("获取成功", rows.ok_or_else(|| AppError::NotFound("订单不存在".into()))?))
}
