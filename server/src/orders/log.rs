//! Writing the order log: every change to an order, its schedule, tapes and proposals, with
//! who made it (an account, or the system for housekeeping and jobs without one).

use serde_json::Value;
use sqlx::PgConnection;

use crate::auth::session::Admin;

/// Logs a change `admin` made through a call.
pub async fn record(conn: &mut PgConnection, order: i64, admin: &Admin, content: String, snapshot: Option<Value>) -> sqlx::Result<()> {
    write(conn, order, Some(admin.id), &admin.name, content, snapshot).await
}

/// Logs a change, made by an account (`admin_id`, shown as `admin_name`) or by the system.
pub async fn write(
    conn: &mut PgConnection,
    order: i64,
    admin_id: Option<i64>,
    admin_name: &str,
    content: String,
    snapshot: Option<Value>,
) -> sqlx::Result<()> {
    sqlx::query("insert into order_logs (order_id, admin_id, admin_name, content, snapshot) values ($1, $2, $3, $4, $5)")
        .bind(order)
        .bind(admin_id)
        .bind(admin_name)
        .bind(content)
        .bind(snapshot)
        .execute(conn)
        .await?;
    Ok(())
}
