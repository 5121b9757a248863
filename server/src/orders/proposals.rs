//! Adjustment proposals (调整建议, docs/screens.md "Summary dialog", "Order dialogs"): a note on what the order's schedule
//! should change by a date, pending ('1') until someone marks it adjusted ('2'). Both are
//! logged on the order. The caller owns the transaction.

use chrono::NaiveDate;
use sqlx::PgConnection;

use super::log;
use crate::auth::session::Admin;
use crate::error::{AppError, Result};

/// orderProposalAdd: proposes `text` to `order` for `adjust_date`. Answers the proposal's id.
pub async fn add(tx: &mut PgConnection, admin: &Admin, order: i64, text: &str, adjust_date: NaiveDate) -> Result<i64> {
    super::order::require(tx, order).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into order_proposals (order_id, proposal_text, adjust_date, created_by) values ($1, $2, $3, $4) returning id",
    )
    .bind(order)
    .bind(text)
    .bind(adjust_date)
    .bind(admin.id)
    .fetch_one(&mut *tx)
    .await?;
    log::record(tx, order, admin, format!("添加调整建议：{text}"), None).await?;
    Ok(id)
}

/// orderProposalSta: pending proposal `id` of `order` is marked adjusted; one already
/// adjusted is refused ('该建议已调整').
pub async fn settle(tx: &mut PgConnection, admin: &Admin, order: i64, id: i64) -> Result<()> {
    let found: Option<(i16, String)> =
        sqlx::query_as("select status, proposal_text from order_proposals where id = $1 and order_id = $2 for update")
            .bind(id)
            .bind(order)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((status, text)) = found else { return Err(AppError::NotFound("调整建议不存在".into())) };
    if status == 2 {
        return Err(AppError::conflict("该建议已调整"));
    }
    sqlx::query("update order_proposals set status = 2, settled_by = $2, settled_at = now() where id = $1")
        .bind(id)
        .bind(admin.id)
        .execute(&mut *tx)
        .await?;
    log::record(tx, order, admin, format!("完成调整：{text}"), None).await?;
    Ok(())
}
