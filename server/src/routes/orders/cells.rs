//! The summary dialog's cell writes (docs/evaluation.md "The summary dialog (汇总)", docs/screens.md "Summary dialog"): orderSummaryGrpYmdUp
//! (modify, create, withdraw, reason; batch with `ids`), orderSummaryGrpYmdAdd (add
//! time-slot), grpYmdUp (a verified cell's manual GRP) and grpTimeUp (the assessment date).
//! This module reads the arguments with the spec's messages; what the writes do and refuse is
//! the domain's ([`crate::orders::cells`]).

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::PICK_ORDER;
use crate::auth::session::Admin;
use crate::error::{Checks, Result};
use crate::http::args::{Arg, CellPoints, Day, Id, Ids, PointType};
use crate::http::{Args, Done, Text};
use crate::orders::cells::edit::{self, Edit, Reason, Spots, Target};
use crate::orders::cells::{NO_CELL, WITHDRAWN, add, grp};
use crate::orders::evaluation::alerts;
use crate::state::AppState;

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CellUpArgs {
    order_id: Option<Text>,
    /// The cell; ≤ 0 (or none) creates one on `grpId` at `ymd`.
    id: Option<Text>,
    /// Batch: comma-joined cell ids, each given the same fields.
    ids: Option<Text>,
    /// Create: the line (order_summary_grp id).
    grp_id: Option<Text>,
    /// Create: `YYYY-MM-DD`, in the line's month and the cycle.
    ymd: Option<Text>,
    /// Spot type A, B, C or D: the cell moves to its line's sibling of that type. A withdrawal
    /// or its undoing (`value` sent) of existing cells may leave `type` and `num` both out:
    /// each cell keeps its own.
    #[serde(rename = "type")]
    point_type: Option<Text>,
    /// Spots: ≥ 0 for a cell, > 0 for a new cell or a batch.
    num: Option<Text>,
    /// `撤掉` withdraws, `""` restores; left out, kept.
    value: Option<Text>,
    /// `2` records `reasonValue`, `1` clears the reason; left out, kept.
    reason_type: Option<Text>,
    reason_value: Option<Text>,
}

#[derive(Serialize, ToSchema)]
pub struct CellsWritten {
    /// The cells written (a new cell's id).
    pub ids: Vec<i64>,
}

fn value(args: &CellUpArgs, checks: &mut Checks) -> Option<String> {
    let sent = args.value.as_ref()?;
    match sent.0.trim() {
        "" => Some(String::new()),
        WITHDRAWN => Some(WITHDRAWN.to_owned()),
        _ => {
            checks.add("value", "点位状态只能是撤掉或空");
            None
        }
    }
}

fn reason(args: &CellUpArgs, checks: &mut Checks) -> Option<Reason> {
    match Text::get(&args.reason_type)? {
        "1" => Some(Reason::Clear),
        "2" => {
            let text = Text::get(&args.reason_value).unwrap_or("");
            if text.is_empty() {
                checks.add("reasonValue", "请输入原因");
            } else if text.chars().count() > 200 {
                checks.add("reasonValue", "原因不能超过200个字符");
            }
            Some(Reason::Record(text.to_owned()))
        }
        _ => {
            checks.add("reasonType", "原因类型只能是 1 或 2");
            None
        }
    }
}

/// orderSummaryGrpYmdUp.
pub async fn up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<CellUpArgs>) -> Result<Done<CellsWritten>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let batch = Text::get(&args.ids).is_some();
    let id = match Text::get(&args.id).map(str::parse::<i64>) {
        None => 0,
        Some(Ok(id)) => id,
        Some(Err(_)) => {
            checks.add("id", Id::BAD);
            0
        }
    };
    let target = if batch {
        Some(Target::Cells(Ids::picked("ids", &args.ids, "请选择点位", &mut checks)))
    } else if id > 0 {
        Some(Target::Cells(vec![id]))
    } else {
        let line = Id::picked("grpId", &args.grp_id, "请选择排期行", &mut checks);
        Day::required("ymd", &args.ymd, "请选择日期", &mut checks).map(|Day(ymd)| Target::New { line, ymd })
    };
    let value = value(&args, &mut checks);
    // 撤掉 (or its undoing) of existing cells asks for no type or count: each cell keeps its own,
    // so a batch of cells of different types and counts is withdrawn in one call.
    let keeps_own = args.value.is_some() && (batch || id > 0) && Text::get(&args.point_type).is_none() && Text::get(&args.num).is_none();
    let spots = if keeps_own {
        Some(None)
    } else {
        let point_type = PointType::required("type", &args.point_type, "请选择点位类型", &mut checks);
        // An existing cell may drop to 0 spots; a new cell and a batch need at least one.
        let num = if !batch && id > 0 {
            CellPoints::counted("num", &args.num, 0, "请正确输入点位数量", &mut checks)
        } else {
            CellPoints::counted("num", &args.num, 1, "请输入大于0", &mut checks)
        };
        point_type.zip(num).map(|(PointType(t), num)| Some(Spots { point_type: t.to_owned(), num }))
    };
    let reason = reason(&args, &mut checks);
    checks.finish()?;
    let (Some(spots), Some(target)) = (spots, target) else { unreachable!("checked") };
    let edit = Edit { spots, value, reason };
    let mut tx = state.db.begin().await?;
    let ids = edit::up(&mut tx, &admin, order, target, &edit).await?;
    tx.commit().await?;
    alerts::after_write(&state.db, &state.reads, &[order]).await;
    Ok(Done("修改成功", CellsWritten { ids }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CellAddArgs {
    order_id: Option<Text>,
    /// Spot type A, B, C or D.
    #[serde(rename = "type")]
    point_type: Option<Text>,
    /// A period of the order's media.
    time_period_id: Option<Text>,
    /// One of the order's tapes (the version).
    product_default_id: Option<Text>,
    /// `YYYY-MM-DD`, in the cycle.
    ymd: Option<Text>,
    /// Spots to add, > 0.
    num: Option<Text>,
}

#[derive(Serialize, ToSchema)]
pub struct CellAdded {
    /// The cell the spots were added to.
    pub id: i64,
}

/// orderSummaryGrpYmdAdd.
pub async fn add(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<CellAddArgs>) -> Result<Done<CellAdded>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let tape = Id::picked("productDefaultId", &args.product_default_id, "请选择版本", &mut checks);
    let point_type = PointType::required("type", &args.point_type, "请选择类型", &mut checks);
    let period = Id::picked("timePeriodId", &args.time_period_id, "请选择时段", &mut checks);
    let ymd = Day::required("ymd", &args.ymd, "请选择日期", &mut checks);
    let num = CellPoints::counted("num", &args.num, 1, "请输入大于0的点位数量", &mut checks);
    checks.finish()?;
    let (Some(PointType(point_type)), Some(Day(ymd)), Some(num)) = (point_type, ymd, num) else { unreachable!("checked") };
    let spots = add::NewSpots { order, point_type: point_type.to_owned(), period, tape, ymd, num };
    let mut tx = state.db.begin().await?;
    let id = add::add(&mut tx, &admin, &spots).await?;
    tx.commit().await?;
    alerts::after_write(&state.db, &state.reads, &[order]).await;
    Ok(Done("添加成功", CellAdded { id }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ManualGrpArgs {
    /// A verified cell.
    ymd_id: Option<Text>,
    /// The cell's GRP, ≥ 0; blank clears it (the viewing data counts again).
    mdp: Option<Text>,
}

/// grpYmdUp.
pub async fn manual_grp(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<ManualGrpArgs>) -> Result<Done<()>> {
    let mut checks = Checks::default();
    let cell = Id::picked("ymdId", &args.ymd_id, NO_CELL, &mut checks);
    // The bound is checked on the value as stored, rounded to the column's 4 decimals:
    // 9999999999.99996 rounds to 1e10, which numeric(14, 4) can't hold. Adding 0 turns a
    // "-0" into 0, so the cell's record and the log don't show a minus sign.
    let rounded = |n: f64| (n * 10_000.0).round() / 10_000.0 + 0.0;
    let mdp = match Text::get(&args.mdp).map(|text| text.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0).map(rounded)) {
        None => None,
        Some(Some(n)) if n < 1e10 => Some(n),
        Some(Some(_)) => {
            checks.add("mdp", "毛评点不能大于 9999999999.9999");
            None
        }
        Some(None) => {
            checks.add("mdp", "毛评点必须是大于等于0的数字");
            None
        }
    };
    checks.finish()?;
    let mut tx = state.db.begin().await?;
    grp::manual_grp(&mut tx, &admin, cell, mdp).await?;
    tx.commit().await?;
    alerts::after_cell_write(&state.db, &state.reads, cell).await;
    Ok(Done("修改成功", ()))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AssessmentArgs {
    order_id: Option<Text>,
    /// The assessment date, `YYYY-MM-DD`.
    time_pg: Option<Text>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Assessment {
    /// `YYYY-MM-DD`.
    pub estimate_time: String,
    /// 2 已评估 once a date is set.
    pub j_status: i16,
    pub j_status_name: String,
}

/// grpTimeUp.
pub async fn assessment(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<AssessmentArgs>) -> Result<Done<Assessment>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let date = Day::required("timePg", &args.time_pg, "请选择修改评估时间", &mut checks);
    checks.finish()?;
    let Some(Day(date)) = date else { unreachable!("checked") };
    let mut tx = state.db.begin().await?;
    grp::assessment_date(&mut tx, &admin, order, date).await?;
    // Read as orderList derives it (routes/orders/rows.rs): set date, 2 已评估.
    let answer = sqlx::query_as(
        "select to_char(estimate_date, 'YYYY-MM-DD') as estimate_time,
                (case when estimate_date is null then 1 else 2 end)::int2 as j_status,
                (case when estimate_date is null then '未评估' else '已评估' end) as j_status_name
         from orders where id = $1",
    )
    .bind(order)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    alerts::after_write(&state.db, &state.reads, &[order]).await;
    Ok(Done("修改成功", answer))
}
