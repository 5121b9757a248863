//! The order log: every change to an order, its schedule, tapes and proposals, with who made
//! it and when (orderLogList). Changes to the order's own fields also keep the editable
//! fields as they were after the change, for the history dialog. Writing it is the domain's
//! ([`crate::orders::log`]).

use axum::extract::State;
use serde::Serialize;
use serde_json::Value;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::OrderIdArgs;
use super::rows::OrderRow;
use crate::http::{Args, Done, Result};
use crate::state::AppState;

pub use crate::orders::log::record;

/// What an edit changed, in words: `周期 2026-03-01 ~ 2026-03-31 → 2026-03-01 ~ 2026-04-15；备注 …`.
pub fn describe_changes(before: &OrderRow, after: &OrderRow) -> String {
    let calc = |c: i16| match c {
        2 => "百分比",
        3 => "常规",
        _ => "无",
    };
    let tapes = |o: &OrderRow| o.tapes.iter().map(|t| t.media_file_name.clone()).collect::<Vec<_>>().join("、");
    let opt = |v: Option<i16>| v.map_or("不限".to_owned(), |v| v.to_string());
    let pairs: Vec<(&str, String, String)> = vec![
        ("磁带", tapes(before), tapes(after)),
        ("周期", before.cycle_time.clone(), after.cycle_time.clone()),
        ("跟进日期", before.follow_date.clone(), after.follow_date.clone()),
        ("空档日期", before.blank_week.clone(), after.blank_week.clone()),
        ("备注", before.notes.clone(), after.notes.clone()),
        ("调整数量", before.adjusting_quantity.to_string(), after.adjusting_quantity.to_string()),
        ("数据类别", opt(before.category), opt(after.category)),
        ("数据来源", opt(before.source), opt(after.source)),
        (
            "客户赠播",
            format!("{} {}", calc(before.customer_free_broadcast_calculation), before.customer_free_broadcast_value),
            format!("{} {}", calc(after.customer_free_broadcast_calculation), after.customer_free_broadcast_value),
        ),
        ("客户指标", before.customer_metrics.to_string(), after.customer_metrics.to_string()),
        (
            "媒体赠播",
            format!("{} {}", calc(before.media_free_broadcast_calculation), before.media_free_broadcast_value),
            format!("{} {}", calc(after.media_free_broadcast_calculation), after.media_free_broadcast_value),
        ),
        ("媒体指标", before.media_metrics.to_string(), after.media_metrics.to_string()),
    ];
    pairs
        .into_iter()
        .filter(|(_, a, b)| a != b)
        .map(|(name, a, b)| {
            let shown = |s: String| if s.is_empty() { "（空）".to_owned() } else { s };
            format!("{name} {} → {}", shown(a), shown(b))
        })
        .collect::<Vec<_>>()
        .join("；")
}

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
    pub create_time: String,
    /// The editable fields after the change, for changes to the order itself.
    pub snapshot: Option<Value>,
}

/// orderLogList: the order's log, newest first.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<OrderLogRow>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let rows = sqlx::query_as(
        "select id, content, admin_name as name, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') as create_time, snapshot
         from order_logs where order_id = $1 order by created_at desc, id desc",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Done("获取成功", rows))
}
