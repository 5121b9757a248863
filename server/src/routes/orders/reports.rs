//! The evaluation exports (docs/evaluation.md "Reports"): orderSummaryGrpIndexExport (评估结果, a sheet per month:
//! the grid and its figures) and orderSummaryGrpReportIndexExport (评估报告, the formatted
//! report). Both take the summary dialog's toolbar `{orderId, belongingTo, category, source}`
//! and answer `{url}` as every export does. What they hold is the domain's
//! ([`crate::orders::reports`]); this module reads the arguments, stores the file and answers.

use axum::Extension;
use axum::extract::State;

use super::fields::{SideArgs, SideChoice};
use crate::auth::session::Admin;
use crate::error::{AppError, Result};
use crate::export::{Exported, Maker};
use crate::http::{Args, Done};
use crate::orders::reports::{ReportFilter, report, result, side_label};
use crate::state::AppState;

/// 评估报告 shows both sides' figures, and the chosen side's estimates and grid averages.
fn read(args: &SideArgs) -> Result<(i64, ReportFilter)> {
    let SideChoice { order, belonging_to, category, source } = args.checked()?;
    Ok((order, ReportFilter { belonging_to, category, source }))
}

/// orderSummaryGrpIndexExport: 评估结果.
pub async fn result(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<SideArgs>) -> Result<Done<Exported>> {
    let (order, filter) = read(&args)?;
    let book = result::gather(&state.db, &state.reads, order, filter).await.map_err(AppError::Internal)?.ok_or_else(crate::orders::order::not_found)?;
    let name = format!("订单{order}评估结果（{}）", side_label(filter.belonging_to));
    let maker = Maker::new(&admin, &super::RESULT_EXPORT);
    let exported = crate::export::save_with(&state.db, &state.store, &state.config, maker, &name, move |tmp, cancelled| book.write(tmp, cancelled))
        .await
        .map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}

/// orderSummaryGrpReportIndexExport: 评估报告.
pub async fn report(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<SideArgs>) -> Result<Done<Exported>> {
    let (order, filter) = read(&args)?;
    let report = report::gather(&state.db, &state.reads, order, filter).await.map_err(AppError::Internal)?.ok_or_else(crate::orders::order::not_found)?;
    let name = format!("订单{order}评估报告");
    let maker = Maker::new(&admin, &super::REPORT_EXPORT);
    let exported = crate::export::save_with(&state.db, &state.store, &state.config, maker, &name, move |tmp, cancelled| report.write(tmp, cancelled))
        .await
        .map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
