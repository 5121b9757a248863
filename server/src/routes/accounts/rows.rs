//! What account calls answer: an account as the list and the dialog show it.

use serde::Serialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::auth::permission;
use crate::clock::LocalTime;
use crate::error::{AppError, Result};

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct AccountRow {
    id: i64,
    name: String,
    account: String,
    /// '1' normal, '2' disabled.
    status: String,
    /// `*` or comma-joined menu ids.
    pub(super) rule_id: String,
    /// Titles of the menus in rule_id; empty for `*` (all).
    #[serde(rename = "ruleNames")]
    rule_names: Vec<String>,
    loginip: String,
    #[serde(rename = "lastLoginTime")]
    last_login_time: Option<LocalTime>,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    #[serde(rename = "updateTime")]
    update_time: LocalTime,
}

pub fn select_row() -> String {
    format!(
        "select a.id, a.name, a.account, a.status::text as status, a.rule_id,
                {} as rule_names, a.login_ip as loginip,
                a.last_login_at::timestamp as last_login_time,
                a.created_at::timestamp as create_time,
                a.updated_at::timestamp as update_time
         from admins a",
        permission::RULE_TITLES_SQL
    )
}

pub async fn fetch(conn: &mut PgConnection, id: i64) -> Result<AccountRow> {
    sqlx::query_as(&format!("{} where a.id = $1", select_row()))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound("账号不存在".into()))
}
