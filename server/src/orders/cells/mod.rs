//! The summary dialog's cell writes (docs/evaluation.md "The summary dialog (汇总)", docs/screens.md "Summary dialog"): modifying,
//! creating, withdrawing (撤掉) and giving a reason to a daily cell ([`edit`]), adding spots on
//! a version, period and type ([`add`]), moving a short cell's missing spots in two steps
//! ([`moves`]), a verified cell's manual GRP and the order's assessment date ([`grp`]).
//!
//! Every write runs in the caller's transaction under the order's row lock (`select … for
//! update`), the lock every writer of an order's schedule takes (imports, certificates, tape
//! changes), so two writes to one cell queue and the second reads what the first wrote. Each
//! change writes the cell's operation record and the order log, and derives the status again.
//!
//! A cell's type is its line's (`order_lines.point_type`): a cell changed to another type moves
//! to the line of that type with the same month, tape, period and position (made when missing;
//! the line it leaves is removed when empty). The cell keeps its id, so its records follow it.

pub mod add;
pub mod edit;
pub mod grp;
pub mod moves;

use chrono::NaiveDate;
use sqlx::PgConnection;

use crate::auth::session::Admin;
use crate::error::{AppError, Result};

/// The text of a withdrawn cell's `value`.
pub const WITHDRAWN: &str = "撤掉";
/// At most this many spots in one cell, as an import or a certificate may plan a day.
pub const MAX_POINTS: i32 = 10_000;
/// A verified cell refuses every change but a reason and a manual GRP.
pub const LOCKED: &str = "点位已核对，不能修改";
/// A cell the certificate found short takes no more spots (moves and adds place them elsewhere).
pub const SHORT: &str = "该点位已核对缺播，不能增加点位";
/// What grpYmdUp and the cell calls answer for a cell that is not there.
pub const NO_CELL: &str = "点位不存在";
/// 4000 on `ymd`: spots placed on a day of a month whose certificate is confirmed would be
/// planned spots no certificate ever compares — one more shortfall in the reconciliation that no
/// make-good owes.
pub const CLOSED_MONTH: &str = "该月播出证明已确认，不能再排点位";

/// The spot types of docs/screens.md "Constants".
pub const TYPES: [&str; 4] = ["A", "B", "C", "D"];

/// What an order is, as the cell writes check against it.
pub struct OrderFacts {
    pub media: i64,
    pub cycle: (NaiveDate, NaiveDate),
}

/// Locks order `order` for the rest of the transaction; 4004 when there is none.
pub async fn lock_order(tx: &mut PgConnection, order: i64) -> Result<OrderFacts> {
    let found: Option<(i64, NaiveDate, NaiveDate)> =
        sqlx::query_as("select media_id, cycle_start, cycle_end from orders where id = $1 for update")
            .bind(order)
            .fetch_optional(&mut *tx)
            .await?;
    let (media, start, end) = found.ok_or_else(|| AppError::NotFound("订单不存在".into()))?;
    Ok(OrderFacts { media, cycle: (start, end) })
}

/// Whether month `month` (its first day) of `order` has a confirmed certificate.
pub async fn month_confirmed(tx: &mut PgConnection, order: i64, month: NaiveDate) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "select exists(select 1 from order_certificate_months where order_id = $1 and month = $2 and confirmed_at is not null)",
    )
    .bind(order)
    .bind(month)
    .fetch_one(&mut *tx)
    .await
}

/// Whether spots placed on `day` can still air for `order`: the day is today or later (the
/// database's day, the one the certificate compares against) and its month is not confirmed.
pub async fn still_to_air(tx: &mut PgConnection, order: i64, day: NaiveDate) -> sqlx::Result<bool> {
    let today: NaiveDate = sqlx::query_scalar("select current_date").fetch_one(&mut *tx).await?;
    Ok(day >= today && !month_confirmed(tx, order, crate::orders::month_of(day)).await?)
}

/// A line of the order as the cell writes need it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Line {
    pub id: i64,
    pub month: NaiveDate,
    pub tape_id: i64,
    pub time_period_id: i64,
    pub point_type: String,
    pub position: String,
    pub contract_number: String,
}

pub(crate) const LINE_COLUMNS: &str = "l.id, l.month, l.tape_id, l.time_period_id, l.point_type, l.position, l.contract_number";

/// The line of `order` with `like`'s month, tape, period and position and type `point_type`,
/// made when missing.
pub async fn line_of_type(tx: &mut PgConnection, order: i64, media: i64, like: &Line, point_type: &str) -> sqlx::Result<Line> {
    sqlx::query(
        "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, position, contract_number)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict on constraint order_lines_key do nothing",
    )
    .bind(order)
    .bind(media)
    .bind(like.month)
    .bind(like.tape_id)
    .bind(like.time_period_id)
    .bind(point_type)
    .bind(&like.position)
    .bind(&like.contract_number)
    .execute(&mut *tx)
    .await?;
    sqlx::query_as(&format!(
        "select {LINE_COLUMNS} from order_lines l
         where l.order_id = $1 and l.month = $2 and l.tape_id = $3 and l.time_period_id = $4 and l.point_type = $5 and l.position = $6"
    ))
    .bind(order)
    .bind(like.month)
    .bind(like.tape_id)
    .bind(like.time_period_id)
    .bind(point_type)
    .bind(&like.position)
    .fetch_one(&mut *tx)
    .await
}

/// Spots placed on a cell that count as make-goods: all of them when placed as type B (a
/// make-good), none of another type. An imported B spot is contracted, not placed here.
pub fn make_goods(point_type: &str, num: i32) -> i32 {
    if point_type == "B" { num } else { 0 }
}

/// Places `num` spots of type `point_type` on day `ymd` of line `line`: onto the day's cell
/// `existing`, else on a new cell. Answers the cell's id. The add and the move place spots
/// this one way, so both count make-goods alike.
pub async fn place_spots(
    tx: &mut PgConnection,
    line: i64,
    ymd: NaiveDate,
    existing: Option<i64>,
    point_type: &str,
    num: i32,
) -> sqlx::Result<i64> {
    let make_good = make_goods(point_type, num);
    match existing {
        Some(id) => {
            sqlx::query("update order_cells set point = point + $2, make_good = make_good + $3 where id = $1")
                .bind(id)
                .bind(num)
                .bind(make_good)
                .execute(&mut *tx)
                .await?;
            Ok(id)
        }
        None => {
            sqlx::query_scalar("insert into order_cells (line_id, ymd, point, make_good) values ($1, $2, $3, $4) returning id")
                .bind(line)
                .bind(ymd)
                .bind(num)
                .bind(make_good)
                .fetch_one(&mut *tx)
                .await
        }
    }
}

/// Writes an operation record on cell `cell`.
pub async fn record(tx: &mut PgConnection, cell: i64, admin: &Admin, content: &str) -> sqlx::Result<()> {
    sqlx::query("insert into order_cell_operations (cell_id, admin_id, admin_name, content) values ($1, $2, $3, $4)")
        .bind(cell)
        .bind(admin.id)
        .bind(&admin.name)
        .bind(content)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// How a cell is named in the order log: `伊利版本A / 晚间 / A 2026-03-02`.
pub async fn cell_name(tx: &mut PgConnection, line: i64, ymd: NaiveDate) -> sqlx::Result<String> {
    let (tape, period, kind, position): (String, String, String, String) = sqlx::query_as(
        "select t.media_file_name, p.time_period_name, l.point_type, l.position
         from order_lines l join product_tapes t on t.id = l.tape_id join time_periods p on p.id = l.time_period_id
         where l.id = $1",
    )
    .bind(line)
    .fetch_one(&mut *tx)
    .await?;
    let position = if position.is_empty() { String::new() } else { format!(" / {position}") };
    Ok(format!("{tape} / {period} / {kind}{position} {ymd}"))
}

/// Removes line `line` when no cell is left on it.
pub async fn drop_if_empty(tx: &mut PgConnection, line: i64) -> sqlx::Result<()> {
    sqlx::query("delete from order_lines l where l.id = $1 and not exists (select 1 from order_cells c where c.line_id = l.id)")
        .bind(line)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
