//! The viewing-info editor's calls (docs/evaluation.md "Viewing estimates"): orderViewingList (each class of the order's
//! media with its estimate, default and basis) and orderViewingUp (an edit, or back to the
//! default). What they compute and store is the domain's ([`crate::orders::estimates`]).

use adeval_engine::orders::{Triple, round3};
use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::{PICK_ORDER, SideArgs, SideChoice};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::http::args::Id;
use crate::http::{Args, Done, Text};
use crate::orders::estimates::{self, Basis, ClassEstimate, EstimateScope, edits};
use crate::state::AppState;

/// A period of the class.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingPeriod {
    id: i64,
    time_period_name: String,
    /// Start, `HH:mm:ss` (past 24:00 for the night).
    pre_broadcast_time_forma: String,
    /// End (excluded), `HH:mm:ss`.
    pre_broadcast_time_forma_end: String,
}

/// A default estimate, 3 decimals.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultEstimate {
    estimated: f64,
    estimated_low: f64,
    estimated_high: f64,
}

/// One class of the order's media: the estimate figures use (the edit, else the default; null
/// without either), the default a reset gives and what it rests on.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewingClass {
    time_period_class_id: i64,
    time_period_class_name: String,
    #[serde(rename = "TimePeriod")]
    time_period: Vec<ViewingPeriod>,
    estimated: Option<f64>,
    estimated_low: Option<f64>,
    estimated_high: Option<f64>,
    default: Option<DefaultEstimate>,
    basis: Basis,
    edited: bool,
}

fn hms(secs: i32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs % 3600 / 60, secs % 60)
}

impl From<ClassEstimate> for ViewingClass {
    fn from(c: ClassEstimate) -> Self {
        let shown = c.estimate.map(|e| e.map(round3));
        ViewingClass {
            time_period_class_id: c.class_id,
            time_period_class_name: c.class_name,
            time_period: c
                .periods
                .into_iter()
                .map(|p| ViewingPeriod {
                    id: p.id,
                    time_period_name: p.name,
                    pre_broadcast_time_forma: hms(p.start_secs),
                    pre_broadcast_time_forma_end: hms(p.end_secs),
                })
                .collect(),
            estimated: shown.map(|e| e.normal),
            estimated_low: shown.map(|e| e.low),
            estimated_high: shown.map(|e| e.high),
            default: c.default.map(|d| DefaultEstimate {
                estimated: round3(d.normal),
                estimated_low: round3(d.low),
                estimated_high: round3(d.high),
            }),
            basis: c.basis,
            edited: c.edited,
        }
    }
}

/// orderViewingList: every class of the order's media, in name order.
pub async fn list(State(state): State<AppState>, Args(args): Args<SideArgs>) -> Result<Done<Vec<ViewingClass>>> {
    // The side, category and source are what the viewing-row fallback reads.
    let SideChoice { order, belonging_to, category, source } = args.checked()?;
    let scope = EstimateScope { belonging_to, category, source };
    let classes = estimates::of_order(&state.db, &state.reads, order, &scope).await.map_err(AppError::Internal)?;
    let classes = classes.ok_or_else(|| AppError::NotFound("订单不存在".into()))?;
    Ok(Done("获取成功", classes.into_iter().map(ViewingClass::from).collect()))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ViewingUpArgs {
    order_id: Option<Text>,
    time_period_class_id: Option<Text>,
    /// Normal, low and high expected GRP per spot: all three (0 ≤ low ≤ normal ≤ high ≤
    /// 100000, at most 3 decimals) store an edit; all three empty restore the default.
    estimated: Option<Text>,
    estimated_low: Option<Text>,
    estimated_high: Option<Text>,
}

pub const ORDERED: &str = "请输入 0 ≤ 低 ≤ 常规 ≤ 高 的预估值";
pub const ALL_THREE: &str = "请填写常规、低、高三个预估值";
const PICK_CLASS: &str = "请选择时段归纳";
/// The largest estimate accepted: far above any GRP of one spot.
const MOST: f64 = 100_000.0;

/// A number of at most 3 decimals in `0..=MOST`.
fn estimate_value(text: &str) -> Option<f64> {
    let n: f64 = text.parse().ok().filter(|n: &f64| n.is_finite() && (0.0..=MOST).contains(n))?;
    let decimals = text.split_once('.').map_or(0, |(_, d)| d.trim_end_matches('0').len());
    // "1e-3" and the like carry no '.', so their rounding is checked on the value too.
    (decimals <= 3 && (n - round3(n)).abs() < 1e-9).then_some(round3(n) + 0.0)
}

/// The edit the arguments ask for (`None`: back to the default).
fn edit(args: &ViewingUpArgs, checks: &mut Checks) -> Option<Triple<f64>> {
    let sent = [&args.estimated, &args.estimated_low, &args.estimated_high].map(Text::get);
    match sent {
        [None, None, None] => None,
        [Some(normal), Some(low), Some(high)] => {
            let values = (estimate_value(normal), estimate_value(low), estimate_value(high));
            match values {
                (Some(normal), Some(low), Some(high)) if low <= normal && normal <= high => {
                    Some(Triple { normal, low, high })
                }
                _ => {
                    checks.add("estimated", ORDERED);
                    None
                }
            }
        }
        _ => {
            checks.add("estimated", ALL_THREE);
            None
        }
    }
}

/// orderViewingUp: stores an edit of one class's estimate, or restores its default.
pub async fn up(
    State(state): State<AppState>,
    Extension(admin): Extension<Admin>,
    Args(args): Args<ViewingUpArgs>,
) -> Result<Done<()>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let class = Id::picked("timePeriodClassId", &args.time_period_class_id, PICK_CLASS, &mut checks);
    let edit = edit(&args, &mut checks);
    checks.finish()?;
    let mut tx = state.db.begin().await?;
    edits::set(&mut tx, &admin, order, class, edit).await?;
    tx.commit().await?;
    crate::orders::evaluation::alerts::after_write(&state.db, &state.reads, &[order]).await;
    Ok(Done("修改成功", ()))
}
