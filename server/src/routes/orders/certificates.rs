//! Broadcast certificates (播出证明, docs/evaluation.md "Broadcast certificates"): the comparison with the schedule
//! (broadcastingCertificate), its two steps (orderBroadcastLicenseUp typeY 1 / 2), the
//! corrections (orderBroadcastLicenseTimeUp, broadcastingMagneticTapeDetailsUp), the version
//! lists and the export. Importing a certificate is the upload job's
//! ([`crate::orders::certificates::import`]); what every call does is the domain's
//! ([`crate::orders::certificates`]); this module reads the arguments and answers.

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::{OrderIdArgs, PICK_ORDER};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{BookSheet, Cell, Exported};
use crate::http::args::{Arg, Id, SwapKind, TwoStep};
use crate::http::{Args, Done, Text};
use crate::orders::certificates::compare::review;
use crate::orders::certificates::confirm::{self, CertificateApplied, CertificatePreview};
use crate::orders::certificates::corrections::{self, CertificateVersion, Swap};
use crate::orders::certificates::rows::{OrderFacts, current_rows};
use crate::orders::certificates::view::CertificateView;
use crate::orders::certificates::{self as certificates, NOT_IMPORTED};
use crate::orders::ym;
use crate::state::AppState;

/// broadcastingCertificate: the current certificate against the schedule.
pub async fn show(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<CertificateView>> {
    let order = args.required()?;
    Ok(Done("获取成功", confirm::show(&state.db, &state.reads, order).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LicenseUpArgs {
    order_id: Option<Text>,
    /// 1: compare the due months and answer what confirming them does (a read: nothing a user
    /// sees changes; the preview is kept for typeY 2 only); 2: apply the stored preview.
    type_y: Option<Text>,
    /// typeY 2: the `basis` of the preview the caller saw. When given, a different stored
    /// preview (another user's, or one computed since) answers 4009 instead of being applied.
    basis: Option<Text>,
}

/// orderBroadcastLicenseUp's answer: typeY 1 the preview, typeY 2 what was applied.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum LicenseUpAnswer {
    Preview(CertificatePreview),
    Applied(CertificateApplied),
}

/// orderBroadcastLicenseUp: the two steps of confirming a certificate's due months.
pub async fn license_up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<LicenseUpArgs>) -> Result<Done<LicenseUpAnswer>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let step = TwoStep::required("typeY", &args.type_y, TwoStep::BAD, &mut checks);
    checks.finish()?;
    match step {
        Some(TwoStep(1)) => Ok(Done("核对完成", LicenseUpAnswer::Preview(confirm::preview(&state.db, &state.reads, &admin, order).await?))),
        _ => {
            let applied = confirm::apply(&state.db, &state.reads, &admin, order, Text::get(&args.basis)).await?;
            crate::orders::evaluation::alerts::after_write(&state.db, &state.reads, &[order]).await;
            Ok(Done("确认成功", LicenseUpAnswer::Applied(applied)))
        }
    }
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TimeUpArgs {
    /// The certificate row (an unassigned row's `id`).
    broadcasting_certificate_id: Option<Text>,
    /// A period of the order's media.
    time_period_id: Option<Text>,
}

/// orderBroadcastLicenseTimeUp: assigns a period to a certificate row.
pub async fn time_up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<TimeUpArgs>) -> Result<Done<()>> {
    let mut checks = Checks::default();
    let row = Id::picked("broadcastingCertificateId", &args.broadcasting_certificate_id, "请选择播证记录", &mut checks);
    let period = Id::picked("timePeriodId", &args.time_period_id, "请选择时段", &mut checks);
    checks.finish()?;
    corrections::assign_period(&state.db, &state.reads, &admin, row, period).await?;
    Ok(Done("修改成功", ()))
}

/// orderBroadcastingMagneticTapeDetailsList: the current certificate's versions.
pub async fn certificate_versions(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<CertificateVersion>>> {
    let order = args.required()?;
    Ok(Done("获取成功", corrections::versions(&state.db, &state.reads, order).await?))
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderVersion {
    pub id: i64,
    pub media_file_name: String,
    pub media_tape_number: String,
    pub seconds: i32,
}

/// broadcastingMagneticTapeDetailsList: the order's versions, a swap's targets.
pub async fn order_versions(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<OrderVersion>>> {
    let (mut conn, order) = super::rows::existing(&state, &args).await?;
    let rows = sqlx::query_as(
        "select t.id, t.media_file_name, t.media_tape_number, t.seconds
         from order_tapes ot join product_tapes t on t.id = ot.tape_id where ot.order_id = $1 order by ot.position",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SwapArgs {
    order_id: Option<Text>,
    /// The certificate's version to replace.
    tape_id: Option<Text>,
    /// The order's version it becomes.
    up_tape_id: Option<Text>,
    /// Type 2: the one row.
    broadcasting_id: Option<Text>,
    /// 1 every unconfirmed row of the version, 2 one row.
    broadcasting_magnetic_tape_details_type: Option<Text>,
}

#[derive(Serialize, ToSchema)]
pub struct Swapped {
    /// Rows changed.
    pub rows: u64,
}

/// broadcastingMagneticTapeDetailsUp: swaps a certificate version for one of the order's.
pub async fn swap(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<SwapArgs>) -> Result<Done<Swapped>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let tape = Id::picked("tapeId", &args.tape_id, "选择播证版本", &mut checks);
    let up_tape = Id::picked("upTapeId", &args.up_tape_id, "选择订单版本", &mut checks);
    let field = "broadcastingMagneticTapeDetailsType";
    let kind = SwapKind::required(field, &args.broadcasting_magnetic_tape_details_type, SwapKind::BAD, &mut checks);
    let one = match kind {
        Some(SwapKind(2)) => Some(Id::picked("broadcastingId", &args.broadcasting_id, "请选择播证记录", &mut checks)),
        _ => None,
    };
    checks.finish()?;
    let rows = corrections::swap(&state.db, &state.reads, &admin, &Swap { order, tape, up_tape, one }).await?;
    Ok(Done("替换成功", Swapped { rows }))
}

/// The spot columns say their unit: the dialog's tiles and the export count the same spots.
const SUMMARY_HEADERS: [&str; 9] = ["月份", "状态", "版本", "时段", "时段归纳", "计划（点位）", "播出（点位）", "新增（点位）", "缺失（点位）"];
const ROW_HEADERS: [&str; 8] = ["日期", "播出时间", "版本", "时段", "时长", "位置", "次数", "状态"];

/// orderBroadcastingCertificateExport: per month, version and period the spots planned, aired,
/// added and missing, the months' state and a 合计 row equal to the dialog's tiles (sheet 汇总,
/// the comparison the dialog shows), then the current rows as corrected with their state
/// (sheet 明细).
pub async fn export(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<OrderIdArgs>) -> Result<Done<Exported>> {
    let (mut conn, order) = super::rows::existing(&state, &args).await?;
    let facts = OrderFacts::load(&mut conn, order).await?.ok_or_else(crate::orders::order::not_found)?;
    let months = certificates::current_months(&mut conn, order).await?;
    if months.is_empty() {
        return Err(AppError::NotFound(NOT_IMPORTED.into()));
    }
    let today = certificates::today(&mut conn).await?;
    let rows = current_rows(&state.reads.lake, &mut conn, order, &months).await?;
    let review = review(&mut conn, order, &facts, &months, &rows, today).await?;
    drop(conn);
    let c = &review.check.comparison;
    let month_state = |month| certificates::month_state_label(&months, month, today, facts.cycle);
    let mut summary: Vec<Vec<Cell>> = c
        .periods
        .iter()
        .map(|t| {
            let p = facts.period(t.period_id);
            vec![
                Cell::from(ym(t.month)),
                Cell::from(month_state(t.month)),
                Cell::from(facts.tape_name(t.tape_id)),
                Cell::from(p.map(|p| p.name.clone())),
                Cell::from(p.and_then(|p| p.class_name.clone())),
                Cell::from(t.planned),
                Cell::from(t.aired),
                Cell::from(t.added()),
                Cell::from(t.missing()),
            ]
        })
        .collect();
    let mut total = vec![Cell::from("合计"), Cell::Empty, Cell::Empty, Cell::Empty, Cell::Empty];
    total.extend([c.planned, c.aired, c.added_spots, c.missing_spots].map(Cell::from));
    summary.push(total);
    let detail = rows
        .iter()
        .map(|r| {
            let state = match r.unassigned(&facts) {
                Some(why) => why.reason(),
                None if r.confirmed => "已确认",
                None => "待确认",
            };
            vec![
                Cell::from(r.ymd.to_string()),
                Cell::from(r.add_time()),
                Cell::from(facts.tape_name(r.tape_id)),
                Cell::from(r.period_id.and_then(|p| facts.period(p)).map(|p| p.name.clone()).or_else(|| r.time_period.clone())),
                Cell::from(r.duration),
                Cell::from(r.position.clone()),
                Cell::from(r.num),
                Cell::from(state),
            ]
        })
        .collect();
    let sheets = vec![
        BookSheet { name: "汇总".into(), headers: &SUMMARY_HEADERS, rows: summary },
        BookSheet { name: "明细".into(), headers: &ROW_HEADERS, rows: detail },
    ];
    let maker = crate::export::Maker::new(&admin, &super::CERTIFICATE_EXPORT);
    let exported = crate::export::save_book(&state.db, &state.store, &state.config, maker, &format!("订单{order}播出证明"), sheets).await.map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
