//! Editing a class's estimate of an order (orderViewingUp): an edit replaces the default
//! until it is reset; both are logged in the order log. The order row is locked first, so
//! concurrent edits of one order apply one after another and each log line says what it
//! replaced.

use adeval_engine::orders::Triple;
use sqlx::PgConnection;

use crate::auth::session::Admin;
use crate::error::{AppError, Result};
use crate::orders::cells::lock_order;
use crate::orders::log;

/// The answer when the class is not one of the order's media.
pub const NOT_OF_MEDIA: &str = "时段归纳不属于该订单媒体";

/// Stores `edit` as the estimate of `class` in `order` (`None` restores the default). The
/// values are checked by the caller (0 ≤ low ≤ normal ≤ high ≤ 100000, 3 decimals); the table
/// checks them again.
pub async fn set(
    tx: &mut PgConnection,
    admin: &Admin,
    order: i64,
    class: i64,
    edit: Option<Triple<f64>>,
) -> Result<()> {
    let facts = lock_order(tx, order).await?;
    let name: Option<String> =
        sqlx::query_scalar("select class_name from time_period_classes where id = $1 and media_id = $2")
            .bind(class)
            .bind(facts.media)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(name) = name else { return Err(AppError::field("timePeriodClassId", NOT_OF_MEDIA)) };
    let before: Option<(f64, f64, f64)> = sqlx::query_as(
        "select normal::float8, low::float8, high::float8 from order_estimates where order_id = $1 and class_id = $2",
    )
    .bind(order)
    .bind(class)
    .fetch_optional(&mut *tx)
    .await?;
    let before = before.map(|(normal, low, high)| Triple { normal, low, high });
    if before == edit {
        return Ok(());
    }
    match edit {
        Some(e) => {
            sqlx::query(
                "insert into order_estimates (order_id, class_id, normal, low, high, edited_by, edited_by_name)
                 values ($1, $2, $3::float8::numeric(14, 3), $4::float8::numeric(14, 3), $5::float8::numeric(14, 3), $6, $7)
                 on conflict (order_id, class_id) do update
                 set normal = excluded.normal, low = excluded.low, high = excluded.high,
                     edited_by = excluded.edited_by, edited_by_name = excluded.edited_by_name, edited_at = now()",
            )
            .bind(order)
            .bind(class)
            .bind(e.normal)
            .bind(e.low)
            .bind(e.high)
            .bind(admin.id)
            .bind(&admin.name)
            .execute(&mut *tx)
            .await?;
        }
        None => {
            sqlx::query("delete from order_estimates where order_id = $1 and class_id = $2")
                .bind(order)
                .bind(class)
                .execute(&mut *tx)
                .await?;
        }
    }
    let content = format!("修改预估收视：{name}：{} → {}", shown(before), shown(edit));
    log::record(tx, order, admin, content, None).await?;
    Ok(())
}

/// `常规 0.5 / 低 0.4 / 高 0.6`, or `默认` for no edit.
fn shown(edit: Option<Triple<f64>>) -> String {
    edit.map_or("默认".to_owned(), |e| format!("常规 {} / 低 {} / 高 {}", e.normal, e.low, e.high))
}
