//! orderSummaryGrpYmdYdY (docs/screens.md "Summary dialog" "Point move"; docs/evaluation.md "Moving missing spots and make-goods"): moving missing spots
//! of a cell the confirmed certificate found short (reasonDisappearance 1) to another day,
//! version, period and type — a make-good when the type is B.
//!
//! Two steps, like a certificate's confirmation: typeY 1 checks the move and stores what it
//! would do with a fingerprint of everything it showed (one pending preview per order and
//! admin); typeY 2, under the order's row lock, works the move out again and applies it only
//! when it is the same move with the same fingerprint, then drops the preview. Concurrent
//! typeY 2 calls queue on the lock: the first applies, every later one finds no preview (4009).
//!
//! A spot moves once: the source keeps its planned spots and counts the ones moved out
//! (`moved`), so at most point − aired − moved can still move. The destination is the cell of
//! the chosen version, period and type at the source line's position on the chosen day (type A
//! keeps the source's day), on that month's line; both are made when missing.
//!
//! The destination must still be able to air: a day before today or in a month whose
//! certificate is confirmed is refused ([`NOT_OPEN`]). A spot placed there could never air, so
//! it would be one more missing spot in the reconciliation that no make-good owes. Type A keeps
//! the source's day, which a certificate only flags once it has passed: it meets the same rule.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;

use super::{LOCKED, Line, MAX_POINTS, OrderFacts, WITHDRAWN, cell_name, line_of_type, lock_order, place_spots, record, still_to_air};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::orders::summary::lookups::SUIT_IN_CYCLE;
use crate::orders::{fingerprint, log, month_of, status};

/// 4000 on `id`: the cell has no missing spot left to move.
pub const NOT_MOVABLE: &str = "该点位没有可移动的缺失点位";
/// 4009 from typeY 2 when the preview it would apply is not there or no longer holds.
pub const CHANGED: &str = "点位已变化，请重新检查";
/// 4000 on `ymd`: the destination day has passed or its month's certificate is confirmed.
pub const NOT_OPEN: &str = "移动后日期须在未播出的周期内";
/// The type moved spots take when the caller names none: B, a make-good.
pub const DEFAULT_TYPE: &str = "B";

/// A move as the caller asks for it.
#[derive(Clone, Debug)]
pub struct Move {
    pub order: i64,
    /// The source cell.
    pub cell: i64,
    pub tape: i64,
    pub suit: i64,
    pub period: i64,
    pub point_type: String,
    /// The destination day; type A ignores it (the source's day).
    pub ymd: Option<NaiveDate>,
    pub num: i32,
}

/// The source side of a preview.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct MoveFrom {
    /// `YYYY-MM-DD`.
    pub ymd: String,
    /// The version's media file name.
    pub tape: String,
    /// The period's name.
    pub period: String,
    #[serde(rename = "type")]
    pub point_type: String,
    /// Spots planned that did not air (point − aired).
    pub missing: i32,
    /// Of those, spots moved out already.
    pub moved: i32,
}

/// The destination side of a preview.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct MoveTo {
    /// `YYYY-MM-DD`.
    pub ymd: String,
    pub tape: String,
    pub period: String,
    #[serde(rename = "type")]
    pub point_type: String,
    /// Spots of the destination cell before the move (0 when there is none yet).
    pub point: i32,
    /// Its spots after the move.
    pub after: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct MoveShown {
    pub from: MoveFrom,
    pub to: MoveTo,
}

/// typeY 1's answer.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MovePreview {
    /// Spots of the source that may still move (point − aired − moved).
    pub max: i32,
    /// The fingerprint of this preview: sent back with typeY 2, it applies exactly this one.
    pub basis: String,
    pub preview: MoveShown,
}

/// typeY 2's answer.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveApplied {
    /// Spots of the source that may still move after this move.
    pub max: i32,
    /// Spots moved by this call.
    pub moved: i32,
    /// The destination cell.
    pub to_id: i64,
}

#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
struct Source {
    id: i64,
    line_id: i64,
    ymd: NaiveDate,
    point: i32,
    aired: i32,
    moved: i32,
    value: String,
    is_he: i16,
    reason_disappearance: i16,
    point_type: String,
    position: String,
    contract_number: String,
    tape: String,
    period: String,
}

#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
struct Target {
    id: i64,
    point: i32,
    is_he: i16,
    reason_disappearance: i16,
    value: String,
}

/// A move worked out against what the database holds now.
struct Plan {
    source: Source,
    day: NaiveDate,
    /// The destination line, when it exists already.
    line: Option<i64>,
    target: Option<Target>,
    max: i32,
    /// The arguments, the effective day in place of `ymd`: a preview applies only to these.
    args: String,
    shown: MoveShown,
    basis: String,
}

/// The source cell of `order` under a row lock, with its line and names.
async fn source(tx: &mut PgConnection, order: i64, cell: i64) -> sqlx::Result<Option<Source>> {
    sqlx::query_as(
        "select c.id, c.line_id, c.ymd, c.point, c.aired, c.moved, c.value, c.is_he, c.reason_disappearance,
                l.point_type, l.position, l.contract_number, t.media_file_name as tape, p.time_period_name as period
         from order_cells c join order_lines l on l.id = c.line_id
              join product_tapes t on t.id = l.tape_id join time_periods p on p.id = l.time_period_id
         where c.id = $1 and l.order_id = $2 for update of c",
    )
    .bind(cell)
    .bind(order)
    .fetch_optional(&mut *tx)
    .await
}

/// Checks `mv` (every mistake reported together, 4000) and works out what it would do.
async fn plan(tx: &mut PgConnection, facts: &OrderFacts, mv: &Move) -> Result<Plan> {
    let mut checks = Checks::default();
    let found = source(tx, mv.order, mv.cell).await?;
    // Only spots a certificate found missing move, and each only once.
    let movable = found.as_ref().filter(|s| s.reason_disappearance == 1 && s.value.trim() != WITHDRAWN);
    let max = movable.map_or(0, |s| (s.point - s.aired - s.moved).max(0));
    if max == 0 {
        checks.add("id", NOT_MOVABLE);
    }
    let tape: Option<String> = sqlx::query_scalar(
        "select t.media_file_name from order_tapes ot join product_tapes t on t.id = ot.tape_id where ot.order_id = $1 and ot.tape_id = $2",
    )
    .bind(mv.order)
    .bind(mv.tape)
    .fetch_optional(&mut *tx)
    .await?;
    if tape.is_none() {
        checks.add("upTapeId", "请选择移动后版本");
    }
    // The suit the spots are accounted to: one of the order's, of a month of its cycle, holding
    // the period. Not bound to the destination's month: a month's missing spots, accounted to
    // its suit, may be made good in a later month.
    let suit_ok: bool = sqlx::query_scalar(&format!(
        "select exists(select 1 from order_suits os join orders o on o.id = os.order_id join suits s on s.id = os.suit_id
                       join suit_time_periods st on st.suit_id = os.suit_id
                       where os.order_id = $1 and os.suit_id = $2 and st.time_period_id = $3 and {SUIT_IN_CYCLE})"
    ))
    .bind(mv.order)
    .bind(mv.suit)
    .bind(mv.period)
    .fetch_one(&mut *tx)
    .await?;
    if !suit_ok {
        checks.add("suitId", "请选择套装列表");
    }
    let period: Option<String> = sqlx::query_scalar("select time_period_name from time_periods where id = $1 and media_id = $2")
        .bind(mv.period)
        .bind(facts.media)
        .fetch_optional(&mut *tx)
        .await?;
    if period.is_none() {
        checks.add("timePeriodId", "请选择订单时段");
    }
    let keeps_day = mv.point_type == "A";
    let asked = if keeps_day { found.as_ref().map(|s| s.ymd) } else { mv.ymd };
    let day = asked.filter(|d| (facts.cycle.0..=facts.cycle.1).contains(d));
    match day {
        Some(d) if !still_to_air(tx, mv.order, d).await? => checks.add("ymd", NOT_OPEN),
        Some(_) => {}
        // The source's own day out of the cycle (the cycle shortened since): not a day to air.
        None if keeps_day && asked.is_some() => checks.add("ymd", NOT_OPEN),
        None if keeps_day => {}
        None => checks.add("ymd", "请选择移动后日期"),
    }

    if max > 0 && mv.num > max {
        checks.add("num", format!("可输入最大于值{max}"));
    }
    checks.finish()?;
    let (Some(source), Some(day), Some(tape), Some(period)) = (found, day, tape, period) else { unreachable!("checked") };

    let line: Option<i64> = sqlx::query_scalar(
        "select id from order_lines
         where order_id = $1 and month = $2 and tape_id = $3 and time_period_id = $4 and point_type = $5 and position = $6",
    )
    .bind(mv.order)
    .bind(month_of(day))
    .bind(mv.tape)
    .bind(mv.period)
    .bind(&mv.point_type)
    .bind(&source.position)
    .fetch_optional(&mut *tx)
    .await?;
    let target: Option<Target> = match line {
        None => None,
        Some(line) => sqlx::query_as(
            "select id, point, is_he, reason_disappearance, value from order_cells where line_id = $1 and ymd = $2 for update",
        )
            .bind(line)
            .bind(day)
            .fetch_optional(&mut *tx)
            .await?,
    };
    match &target {
        Some(t) if t.id == source.id => return Err(AppError::field("upTapeId", "移动后点位不能是原点位")),
        // A cell the certificate checked, verified or found short, takes no spots placed after
        // the check: they would read as aired or as missing without ever being compared.
        Some(t) if t.is_he == 2 || t.reason_disappearance == 1 => return Err(AppError::conflict(LOCKED)),
        Some(t) if t.value.trim() == WITHDRAWN => return Err(AppError::conflict("该日点位已撤掉，请先修改该点位")),
        Some(t) if t.point + mv.num > MAX_POINTS => return Err(AppError::field("num", format!("一个点位格最多 {MAX_POINTS} 个点位"))),
        _ => {}
    }
    let before = target.as_ref().map_or(0, |t| t.point);
    let shown = MoveShown {
        from: MoveFrom {
            ymd: source.ymd.to_string(),
            tape: source.tape.clone(),
            period: source.period.clone(),
            point_type: source.point_type.clone(),
            missing: (source.point - source.aired).max(0),
            moved: source.moved,
        },
        to: MoveTo { ymd: day.to_string(), tape, period, point_type: mv.point_type.clone(), point: before, after: before + mv.num },
    };
    let args = format!("{}:{}:{}:{}:{}:{}:{}", mv.cell, mv.tape, mv.suit, mv.period, mv.point_type, day, mv.num);
    // What the preview showed and every stored value it was worked out from: a change to
    // either cell between the steps changes the fingerprint.
    let basis = fingerprint(&(&args, max, &shown, &source, line, &target));
    Ok(Plan { source, day, line, target, max, args, shown, basis })
}

/// typeY 1: checks the move and stores it as this admin's pending preview of the order.
pub async fn preview(tx: &mut PgConnection, admin: &Admin, mv: &Move) -> Result<MovePreview> {
    let facts = lock_order(tx, mv.order).await?;
    let plan = plan(tx, &facts, mv).await?;
    sqlx::query(
        "insert into cell_move_previews (order_id, admin_id, args, basis, preview) values ($1, $2, $3, $4, $5)
         on conflict (order_id, admin_id) do update
         set args = excluded.args, basis = excluded.basis, preview = excluded.preview, created_at = now()",
    )
    .bind(mv.order)
    .bind(admin.id)
    .bind(&plan.args)
    .bind(&plan.basis)
    .bind(serde_json::to_value(&plan.shown).map_err(anyhow::Error::from)?)
    .execute(&mut *tx)
    .await?;
    Ok(MovePreview { max: plan.max, basis: plan.basis, preview: plan.shown })
}

/// typeY 2: applies the move when this admin's stored preview is this move and still holds
/// (and is the one the caller saw, when it names it by `seen`).
pub async fn apply(tx: &mut PgConnection, admin: &Admin, mv: &Move, seen: Option<&str>) -> Result<MoveApplied> {
    let facts = lock_order(tx, mv.order).await?;
    let stored: Option<(String, String)> = sqlx::query_as("select args, basis from cell_move_previews where order_id = $1 and admin_id = $2")
        .bind(mv.order)
        .bind(admin.id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((args, basis)) = stored else { return Err(AppError::conflict(CHANGED)) };
    // A check that passed and no longer does (fewer spots to move, a withdrawn source, …) is a
    // change since the preview: the caller checks again and sees why.
    let plan = plan(tx, &facts, mv).await.map_err(|e| match e {
        AppError::Validation(_) => AppError::conflict(CHANGED),
        e => e,
    })?;
    if plan.args != args || plan.basis != basis || seen.is_some_and(|seen| seen != basis) {
        return Err(AppError::conflict(CHANGED));
    }
    let source = &plan.source;
    let line = match plan.line {
        Some(id) => id,
        None => {
            let like = Line {
                id: 0,
                month: month_of(plan.day),
                tape_id: mv.tape,
                time_period_id: mv.period,
                point_type: mv.point_type.clone(),
                position: source.position.clone(),
                contract_number: source.contract_number.clone(),
            };
            line_of_type(tx, mv.order, facts.media, &like, &mv.point_type).await?.id
        }
    };
    let to_id = place_spots(tx, line, plan.day, plan.target.as_ref().map(|t| t.id), &mv.point_type, mv.num).await?;
    sqlx::query("update order_cells set moved = moved + $2 where id = $1").bind(source.id).bind(mv.num).execute(&mut *tx).await?;
    let from = cell_name(tx, source.line_id, source.ymd).await?;
    let to = cell_name(tx, line, plan.day).await?;
    record(tx, source.id, admin, &format!("移出 {} 点至 {to}", mv.num)).await?;
    record(tx, to_id, admin, &format!("由 {from} 移入 {} 点", mv.num)).await?;
    log::record(tx, mv.order, admin, format!("移动点位：{from} → {to}：{} 个点位", mv.num), None).await?;
    sqlx::query("delete from cell_move_previews where order_id = $1 and admin_id = $2").bind(mv.order).bind(admin.id).execute(&mut *tx).await?;
    status::refresh(tx, Some(mv.order)).await?;
    Ok(MoveApplied { max: plan.max - mv.num, moved: mv.num, to_id })
}
