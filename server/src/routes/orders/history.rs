//! The order's history (docs/screens.md "Order dialogs", a placeholder there): the versions of its editable
//! fields, one per logged add or edit, each with who made it, when and what changed
//! (orderHistoryList), and restoring an earlier version (orderHistoryRestore), which is an
//! edit like any other: checked the same way, logged, and itself a new version. What a version
//! is and how a restore is logged is the domain's ([`crate::orders::history`]).

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::{OrderArgs, OrderIdArgs, PICK_ORDER};
use super::form::update;
use super::rows::OrderRow;
use crate::auth::session::Admin;
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::Id;
use crate::http::{Args, Done, Text};
use crate::orders::history::Version;
use crate::state::AppState;

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct VersionRow {
    /// The log entry the version comes from.
    pub id: i64,
    /// 1 for the order as created, counting up.
    pub version: i64,
    pub content: String,
    pub admin_name: String,
    pub create_time: LocalTime,
    /// The editable fields of this version.
    pub snapshot: Value,
}

/// orderHistoryList: the order's versions, newest first.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<VersionRow>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let rows = sqlx::query_as(
        "select id, row_number() over (order by created_at, id) as version, content, admin_name,
                created_at::timestamp as create_time, snapshot
         from order_logs where order_id = $1 and snapshot is not null
         order by created_at desc, id desc",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RestoreArgs {
    order_id: Option<Text>,
    /// The version's id (from orderHistoryList).
    id: Option<Text>,
}

/// orderHistoryRestore: the order's editable fields go back to a version. The version keeps
/// the dialog's fields, so it is read back as the arguments of an edit.
pub async fn restore(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<RestoreArgs>) -> Result<Done<OrderRow>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let version = Id::picked("id", &args.id, "请选择版本", &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    let version = Version::load(&mut conn, order, version).await?;
    drop(conn);
    let label = version.restore_label();
    let mut snapshot = version.snapshot;
    snapshot["orderId"] = order.into();
    let args: OrderArgs =
        serde_json::from_value(snapshot).map_err(|e| AppError::Internal(anyhow::anyhow!("a stored version does not read back: {e}")))?;
    let row = update(&state, &admin, &args, &label).await?;
    Ok(Done("恢复成功", row))
}
