//! The summary dialog's point move (orderSummaryGrpYmdYdY, two steps) and the spots a suit
//! entry still has to schedule (orderNum). This module reads the arguments with the spec's
//! messages (docs/screens.md "Summary dialog" "Point move"); what the calls do and refuse is the domain's
//! ([`crate::orders::cells::moves`]).

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::PICK_ORDER;
use crate::auth::session::Admin;
use crate::error::{Checks, Result};
use crate::http::args::{Arg, CellPoints, Day, Id, PointType, TwoStep};
use crate::http::{Args, Done, Text};
use crate::orders::cells::moves::{self, Move, MoveApplied, MovePreview};
use crate::orders::summary::lookups::{self, EntryLeft};
use crate::state::AppState;

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct MoveArgs {
    order_id: Option<Text>,
    /// The source cell: flagged by the confirmed certificate (reasonDisappearance '1') with
    /// missing spots not moved yet.
    id: Option<Text>,
    /// The destination version: one of the order's tapes.
    up_tape_id: Option<Text>,
    /// One of the order's suits holding `timePeriodId`.
    suit_id: Option<Text>,
    /// The destination period: one of the order's media.
    time_period_id: Option<Text>,
    /// The destination type A–D; B (a make-good) when left out.
    #[serde(rename = "type")]
    point_type: Option<Text>,
    /// The destination day `YYYY-MM-DD`, in the cycle, today or later, not in a month whose
    /// certificate is confirmed; type A keeps the source's day (the same rule applies) and
    /// ignores it.
    ymd: Option<Text>,
    /// Spots to move: 1 up to the source's `max`.
    num: Option<Text>,
    /// 1: check the move and store its preview; 2: apply the stored preview.
    type_y: Option<Text>,
    /// typeY 2: the `basis` of the preview the caller saw; a different one answers 4009.
    basis: Option<Text>,
}

/// orderSummaryGrpYmdYdY's answer: typeY 1 the preview, typeY 2 what was applied.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum MoveAnswer {
    Preview(Box<MovePreview>),
    Applied(MoveApplied),
}

/// orderSummaryGrpYmdYdY: the two steps of moving a cell's missing spots.
pub async fn move_spots(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<MoveArgs>) -> Result<Done<MoveAnswer>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let cell = Id::picked("id", &args.id, moves::NOT_MOVABLE, &mut checks);
    let tape = Id::picked("upTapeId", &args.up_tape_id, "请选择移动后版本", &mut checks);
    let suit = Id::picked("suitId", &args.suit_id, "请选择套装列表", &mut checks);
    let period = Id::picked("timePeriodId", &args.time_period_id, "请选择订单时段", &mut checks);
    // The moved spots are make-goods (B) unless the caller says otherwise.
    let point_type = match Text::get(&args.point_type) {
        None => Some(PointType(moves::DEFAULT_TYPE)),
        Some(_) => PointType::optional("type", &args.point_type, &mut checks),
    };
    // Type A keeps the source's day: its ymd is not read at all.
    let ymd = match point_type {
        Some(PointType("A")) => None,
        _ => Day::required("ymd", &args.ymd, "请选择移动后日期", &mut checks).map(|Day(d)| d),
    };
    let num = CellPoints::counted("num", &args.num, 1, "请正确输入点位数量", &mut checks);
    let step = TwoStep::required("typeY", &args.type_y, TwoStep::BAD, &mut checks);
    checks.finish()?;
    let (Some(PointType(point_type)), Some(num), Some(TwoStep(step))) = (point_type, num, step) else { unreachable!("checked") };
    let mv = Move { order, cell, tape, suit, period, point_type: point_type.to_owned(), ymd, num };
    let mut tx = state.db.begin().await?;
    let answer = if step == 1 {
        Done("检查完成", MoveAnswer::Preview(Box::new(moves::preview(&mut tx, &admin, &mv).await?)))
    } else {
        Done("移动成功", MoveAnswer::Applied(moves::apply(&mut tx, &admin, &mv, Text::get(&args.basis)).await?))
    };
    tx.commit().await?;
    if step == 2 {
        crate::orders::evaluation::alerts::after_write(&state.db, &state.reads, &[order]).await;
    }
    Ok(answer)
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EntryArgs {
    order_id: Option<Text>,
    /// A period the entry holds.
    time_period_id: Option<Text>,
    /// The entry's number within the suit (orderTimePeriodSuitList's `suitXId`).
    suit_x_id: Option<Text>,
    /// One of the order's suits.
    suit_id: Option<Text>,
    /// Comma-joined spot types A–D: only lines of these count as scheduled; empty: every type.
    types: Option<Text>,
    /// `YYYY-MM-DD`: a day outside the suit's month has nothing left (num 0).
    ymd: Option<Text>,
}

/// orderNum: the spots one entry of the order's suit still has to schedule.
pub async fn entry_left(State(state): State<AppState>, Args(args): Args<EntryArgs>) -> Result<Done<EntryLeft>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let period = Id::picked("timePeriodId", &args.time_period_id, "请选择订单时段", &mut checks);
    let suit = Id::picked("suitId", &args.suit_id, "请选择套装列表", &mut checks);
    let entry = i32::try_from(Id::picked("suitXId", &args.suit_x_id, "请选择套装列表", &mut checks)).unwrap_or(0);
    let mut types = Vec::new();
    for part in Text::get(&args.types).unwrap_or("").split(',').map(str::trim).filter(|t| !t.is_empty()) {
        match PointType::read(part) {
            Some(PointType(t)) if !types.contains(&t) => types.push(t),
            Some(_) => {}
            None if !checks.has("types") => checks.add("types", PointType::BAD),
            None => {}
        }
    }
    let ymd = Day::filter("ymd", &args.ymd, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    crate::orders::order::require(&mut conn, order).await?;
    Ok(Done("获取成功", lookups::entry_left(&mut conn, order, (suit, entry, period), &types, ymd).await?))
}
