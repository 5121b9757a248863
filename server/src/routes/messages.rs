//! The navbar bell's calls (docs/screens.md "Routes and layout" "Message bell", docs/api.md "Paths"): an account reads and
//! marks its own messages only.

use axum::Extension;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::session::Admin;
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{Id, Paging};
use crate::http::call::Call;
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use super::Endpoint;

pub static INDEX: Call = Call::get("messageIndel", "消息列表")
    .takes::<MessageArgs>()
    .answers_with::<MessagePage, MessageRow>();

pub static MARK: Call = Call::post("messageUp", "标记消息已读").writes().takes::<MarkArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![Endpoint { call: &INDEX, handler: get(index) }, Endpoint { call: &MARK, handler: post(mark) }]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MessageArgs {
    page: Option<Text>,
    /// Default 20.
    limit: Option<Text>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct MessageRow {
    id: i64,
    content: String,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    /// '1' unread, '2' read.
    status: String,
}

/// A page of messages and how many are unread in all.
#[derive(Serialize, ToSchema)]
pub struct MessagePage {
    data: Vec<MessageRow>,
    total: i64,
    unread: i64,
}

async fn index(
    State(state): State<AppState>,
    Extension(admin): Extension<Admin>,
    Args(args): Args<MessageArgs>,
) -> Result<Done<MessagePage>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 20, &mut checks);
    checks.finish()?;
    let (total, unread): (i64, i64) = sqlx::query_as(
        "select count(*), count(*) filter (where status = 1) from messages where admin_id = $1",
    )
    .bind(admin.id)
    .fetch_one(&state.db)
    .await?;
    let data = sqlx::query_as(
        "select id, content, status::text as status, created_at::timestamp as create_time
         from messages where admin_id = $1 order by id desc limit $2 offset $3",
    )
    .bind(admin.id)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", MessagePage { data, total, unread }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MarkArgs {
    /// The message to mark read.
    id: Option<Text>,
    /// '1' marks every message read.
    all: Option<Text>,
}

async fn mark(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<MarkArgs>) -> Result<Done<()>> {
    if Text::get(&args.all) == Some("1") {
        sqlx::query("update messages set status = 2 where admin_id = $1 and status = 1")
            .bind(admin.id)
            .execute(&state.db)
            .await?;
        return Ok(Done("操作成功", ()));
    }
    let mut checks = Checks::default();
    let id = Id::picked("id", &args.id, "请选择消息", &mut checks);
    checks.finish()?;
    let found = sqlx::query("update messages set status = 2 where id = $1 and admin_id = $2")
        .bind(id)
        .bind(admin.id)
        .execute(&state.db)
        .await?;
    if found.rows_affected() == 0 {
        return Err(AppError::NotFound("消息不存在".into()));
    }
    Ok(Done("操作成功", ()))
}
