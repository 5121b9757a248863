//! The evaluation figures per month (orderSummaryList, docs/evaluation.md "Figures per month"): what they are is the
//! domain's ([`crate::orders::evaluation`]); this module reads the arguments and answers.

use axum::extract::State;

use super::fields::{SideArgs, SideChoice};
use crate::error::{AppError, Result};
use crate::http::{Args, Done};
use crate::orders::evaluation::{self, SummaryFilter, SummaryRow};
use crate::state::AppState;

/// orderSummaryList: the side's figures per month of the cycle, then the total.
pub async fn summary_list(State(state): State<AppState>, Args(args): Args<SideArgs>) -> Result<Done<Vec<SummaryRow>>> {
    let SideChoice { order, belonging_to, category, source } = args.checked()?;
    let filter = SummaryFilter { belonging_to, category, source };
    let rows = evaluation::summary_list(&state.db, &state.reads, order, &filter).await.map_err(AppError::Internal)?;
    Ok(Done("获取成功", rows.ok_or_else(crate::orders::order::not_found)?))
}
