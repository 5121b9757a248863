//! grpYmdUp (a verified cell's manual GRP, docs/evaluation.md "Every figure, its definition and unit": it then counts as that cell's issued
//! GRP) and grpTimeUp (the order's assessment date, `orders.estimate_date`: remaining spots
//! count from it, and the order's evaluation status, derived from it being set, becomes 2
//! 已评估).

use chrono::NaiveDate;
use sqlx::PgConnection;

use super::{NO_CELL, cell_name, lock_order, record};
use crate::auth::session::Admin;
use crate::error::{AppError, Result};
use crate::orders::{log, status};

/// Sets (`Some`) or clears the manual GRP of verified cell `cell`; a cell that is not there or
/// not verified answers 4000 '点位不存在' (docs/screens.md "Summary dialog", "Comment modify").
pub async fn manual_grp(tx: &mut PgConnection, admin: &Admin, cell: i64, mdp: Option<f64>) -> Result<()> {
    let order: Option<i64> = sqlx::query_scalar("select l.order_id from order_cells c join order_lines l on l.id = c.line_id where c.id = $1")
        .bind(cell)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(order) = order else { return Err(AppError::field("ymdId", NO_CELL)) };
    lock_order(tx, order).await?;
    // Read again under the lock: the cell may have moved or gone meanwhile.
    let found: Option<(i64, NaiveDate, i16, Option<f64>)> = sqlx::query_as(
        "select c.line_id, c.ymd, c.is_he, c.manual_grp::float8 from order_cells c join order_lines l on l.id = c.line_id
         where c.id = $1 and l.order_id = $2",
    )
    .bind(cell)
    .bind(order)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((line, ymd, 2, before)) = found else { return Err(AppError::field("ymdId", NO_CELL)) };
    if before == mdp {
        return Ok(());
    }
    sqlx::query("update order_cells set manual_grp = $2::float8::numeric(14, 4) where id = $1")
        .bind(cell)
        .bind(mdp)
        .execute(&mut *tx)
        .await?;
    let shown = |v: Option<f64>| v.map_or("空".to_owned(), |v| v.to_string());
    let content = format!("人工毛评点 {} → {}", shown(before), shown(mdp));
    record(tx, cell, admin, &content).await?;
    let name = cell_name(tx, line, ymd).await?;
    log::record(tx, order, admin, format!("修改点位毛评点：{name}：{content}"), None).await?;
    status::refresh(tx, Some(order)).await?;
    Ok(())
}

/// Sets the assessment date of `order`: a day of its cycle.
pub async fn assessment_date(tx: &mut PgConnection, admin: &Admin, order: i64, date: NaiveDate) -> Result<()> {
    let facts = lock_order(tx, order).await?;
    let (start, end) = facts.cycle;
    if date < start || date > end {
        return Err(AppError::field("timePg", format!("评估时间须在订单周期内（{start} 至 {end}）")));
    }
    let before: Option<NaiveDate> =
        sqlx::query_scalar("select estimate_date from orders where id = $1").bind(order).fetch_one(&mut *tx).await?;
    if before == Some(date) {
        return Ok(());
    }
    sqlx::query("update orders set estimate_date = $2 where id = $1").bind(order).bind(date).execute(&mut *tx).await?;
    let shown = before.map_or("空".to_owned(), |d| d.to_string());
    log::record(tx, order, admin, format!("修改评估时间：{shown} → {date}"), None).await?;
    status::refresh(tx, Some(order)).await?;
    Ok(())
}
