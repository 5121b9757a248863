//! The order's history (docs/screens.md "Order dialogs"): every add or edit of the order's own fields logs
//! its editable fields as they became, a version the order can go back to. Restoring one is
//! an edit like any other ([`super::form::edit`]): checked the same way, logged, and itself a
//! new version.
//!
//! A version is kept in the dialog's own field names and shapes, so the form that reads an
//! edit reads a version back: reading it is the handler's, as for any edit.

use chrono::NaiveDate;
use serde_json::{Value, json};
use sqlx::PgConnection;

use super::order::Editable;
use crate::clock::LocalTime;
use crate::error::{AppError, Result};

/// What the history keeps of a version of the order: its editable fields, with the metrics as
/// stored.
pub fn snapshot(fields: &Editable, customer_metrics: f64, media_metrics: f64) -> Value {
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    json!({
        "orderProductMagneticTapeId": fields.tapes,
        "cycleTimeAdd": day(fields.cycle.0),
        "cycleTimeEnd": day(fields.cycle.1),
        "followDate": day(fields.follow_date),
        "blankWeek": fields.blank_weeks.iter().map(|d| day(*d)).collect::<Vec<_>>().join(","),
        "notes": fields.notes,
        "adjustingQuantity": fields.adjusting_quantity,
        "category": fields.category,
        "source": fields.source,
        "makeGoodPolicy": fields.make_good_policy,
        "customerFreeBroadcastCalculation": fields.customer.calc,
        "customerFreeBroadcastValue": fields.customer.value,
        "customerMetrics": customer_metrics,
        "mediaFreeBroadcastCalculation": fields.media.calc,
        "mediaFreeBroadcastValue": fields.media.value,
        "mediaMetrics": media_metrics,
    })
}

/// A logged version of an order.
pub struct Version {
    /// The editable fields, as [`snapshot`] kept them.
    pub snapshot: Value,
    /// When it was made.
    pub made_at: LocalTime,
}

impl Version {
    /// Reads version `id` (a log entry) of `order`; '版本不存在' when the order has no such
    /// version.
    pub async fn load(conn: &mut PgConnection, order: i64, id: i64) -> Result<Version> {
        let found: Option<(Value, LocalTime)> = sqlx::query_as(
            "select snapshot, created_at::timestamp from order_logs
             where id = $1 and order_id = $2 and snapshot is not null",
        )
        .bind(id)
        .bind(order)
        .fetch_optional(conn)
        .await?;
        let Some((snapshot, made_at)) = found else { return Err(AppError::NotFound("版本不存在".into())) };
        Ok(Version { snapshot, made_at })
    }

    /// How restoring this version is logged.
    pub fn restore_label(&self) -> String {
        format!("恢复到 {} 的版本", self.made_at)
    }
}
