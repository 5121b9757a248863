//! The order log: every change to an order, its schedule, tapes and proposals, with who made
//! it and when (orderLogList). Changes to the order's own fields also keep the editable
//! fields as they were after the change, for the history dialog. Writing it, and describing
//! what an edit changed, is the domain's ([`crate::orders::log`]).

use axum::extract::State;
use serde::Serialize;
use serde_json::Value;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::OrderIdArgs;
use crate::clock::LocalTime;
use crate::error::Result;
use crate::http::{Args, Done};
use crate::state::AppState;

#[derive(Serialize, ToSchema, FromRow)]
pub struct LogAdmin {
    pub name: String,
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderLogRow {
    pub id: i64,
    pub content: String,
    #[sqlx(flatten)]
    pub admin: LogAdmin,
    pub create_time: LocalTime,
    /// The editable fields after the change, for changes to the order itself.
    pub snapshot: Option<Value>,
}

/// orderLogList: the order's log, newest first.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<OrderLogRow>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let rows = sqlx::query_as(
        "select id, content, admin_name as name, created_at::timestamp as create_time, snapshot
         from order_logs where order_id = $1 order by created_at desc, id desc",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Done("获取成功", rows))
}
