//! The evaluation exports (DESIGN §5.3): orderSummaryGrpIndexExport (评估结果, a sheet per month:
//! the grid and its figures) and orderSummaryGrpReportIndexExport (评估报告, the formatted
//! report). Both take the summary dialog's toolbar `{orderId, belongingTo, category, source}`
//! and answer `{url}` as every export does. What they hold is the domain's
//! ([`crate::orders::reports`]); this module reads the arguments, stores the file and answers.

use axum::Extension;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::fields::PICK_ORDER;
use crate::auth::session::Admin;
use crate::export::{Exported, Maker};
use crate::http::args::{Belonging, Category, Id, Source};
use crate::http::{AppError, Args, Checks, Done, Result, Text};
use crate::orders::reports::{ReportFilter, report, result, side_label};
use crate::state::AppState;

/// The summary dialog's toolbar, as orderSummaryGrpList takes it.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReportArgs {
    order_id: Option<Text>,
    /// Whose figures and viewing data: 1 customer (default), 2 media. 评估报告 shows both
    /// sides' figures; this side's estimates and grid averages.
    belonging_to: Option<Text>,
    /// Data category 1–4; empty: the order's own (which may be any).
    category: Option<Text>,
    /// Data source 1–3; empty: the order's own (which may be any).
    source: Option<Text>,
}

fn read(args: &ReportArgs) -> Result<(i64, ReportFilter)> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let belonging_to = Belonging::filter("belongingTo", &args.belonging_to, &mut checks).unwrap_or(1);
    let category = Category::filter("category", &args.category, &mut checks);
    let source = Source::filter("source", &args.source, &mut checks);
    checks.finish()?;
    Ok((order, ReportFilter { belonging_to, category, source }))
}

fn not_found() -> AppError {
    AppError::NotFound("订单不存在".into())
}

/// orderSummaryGrpIndexExport: 评估结果.
pub async fn result(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<ReportArgs>) -> Result<Done<Exported>> {
    let (order, filter) = read(&args)?;
    let book = result::gather(&state, order, filter).await.map_err(AppError::Internal)?.ok_or_else(not_found)?;
    let name = format!("订单{order}评估结果（{}）", side_label(filter.belonging_to));
    let maker = Maker::new(&admin, &super::RESULT_EXPORT);
    let exported = crate::export::save_with(&state, maker, &name, move |tmp, cancelled| book.write(tmp, cancelled))
        .await
        .map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}

/// orderSummaryGrpReportIndexExport: 评估报告.
pub async fn report(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<ReportArgs>) -> Result<Done<Exported>> {
    let (order, filter) = read(&args)?;
    let report = report::gather(&state, order, filter).await.map_err(AppError::Internal)?.ok_or_else(not_found)?;
    let name = format!("订单{order}评估报告");
    let maker = Maker::new(&admin, &super::REPORT_EXPORT);
    let exported = crate::export::save_with(&state, maker, &name, move |tmp, cancelled| report.write(tmp, cancelled))
        .await
        .map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
