//! The personal centre (/profile/index): any signed-in account reads its own details and
//! changes its own name and password — account 1 included, whose record the account list
//! can't touch.

use axum::Extension;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::account::PasswordChange;
use crate::auth::{Admin, permission, session, ticket as tickets};
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::call::Call;
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use super::Endpoint;

pub static INFO: Call = Call::get("adminUserProfile", "个人信息").answers::<Profile>();

pub static UP: Call = Call::post("adminUserProfileUp", "修改个人信息")
    .writes()
    .takes::<ProfileArgs>()
    .answers::<Profile>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INFO, handler: get(info) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &TICKET, handler: post(ticket) },
    ]
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Profile {
    id: i64,
    name: String,
    account: String,
    rule_id: String,
    /// Titles of the menus in rule_id; empty for `*` (all).
    #[serde(rename = "ruleNames")]
    rule_names: Vec<String>,
    loginip: String,
    #[serde(rename = "lastLoginTime")]
    last_login_time: Option<LocalTime>,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
}

async fn fetch(db: &sqlx::PgPool, id: i64) -> Result<Profile> {
    sqlx::query_as(&format!(
        "select a.id, a.name, a.account, a.rule_id, {} as rule_names, a.login_ip as loginip,
                a.last_login_at::timestamp as last_login_time,
                a.created_at::timestamp as create_time
         from admins a where a.id = $1",
        permission::RULE_TITLES_SQL
    ))
    .bind(id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| AppError::NotFound("账号不存在".into()))
}

async fn info(State(state): State<AppState>, Extension(admin): Extension<Admin>) -> Result<Done<Profile>> {
    Ok(Done("获取成功", fetch(&state.db, admin.id).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ProfileArgs {
    name: Option<Text>,
    /// Required when changing the password.
    #[serde(rename = "oldPassword")]
    old_password: Option<Text>,
    /// Blank keeps the current password.
    password: Option<Text>,
    password_confirmation: Option<Text>,
}

async fn up(
    State(state): State<AppState>,
    Extension(admin): Extension<Admin>,
    Args(args): Args<ProfileArgs>,
) -> Result<Done<Profile>> {
    let mut checks = Checks::default();
    let name = Text::get(&args.name).unwrap_or("").to_owned();
    if name.is_empty() {
        checks.add("name", "请输入姓名");
    } else if name.chars().count() > 50 {
        checks.add("name", "姓名不能超过50个字符");
    }
    let old = args.old_password.map(|t| t.0).unwrap_or_default();
    let new = args.password.map(|t| t.0).unwrap_or_default();
    let confirm = args.password_confirmation.map(|t| t.0).unwrap_or_default();
    if !new.is_empty() {
        if old.is_empty() {
            checks.add("oldPassword", "请输入原密码");
        }
        if new.chars().count() < 6 {
            checks.add("password", "密码不能少于6位");
        }
        if confirm.is_empty() {
            checks.add("password_confirmation", "请确认密码");
        } else if confirm != new {
            checks.add("password_confirmation", "两次输入的密码不一致");
        }
    }
    checks.finish()?;

    let change = if new.is_empty() { None } else { Some(PasswordChange::prepare(&state.db, admin.id, old, new).await?) };
    let mut tx = state.db.begin().await?;
    if let Some(change) = change {
        change.apply(&mut tx, &admin).await?;
    }
    sqlx::query("update admins set name = $2 where id = $1").bind(admin.id).bind(&name).execute(&mut *tx).await?;
    tx.commit().await?;
    session::forget(admin.id);
    Ok(Done("修改成功", fetch(&state.db, admin.id).await?))
}

/// Our call: a ticket for a download link or the realtime socket (`?token=<ticket>`).
pub static TICKET: Call = Call::post("ticket", "获取临时票据").answers::<Ticket>();

#[derive(Serialize, ToSchema)]
pub struct Ticket {
    /// Single use; put it in the `token` query parameter of `/files/...` or the socket.
    ticket: String,
    /// Seconds the ticket stays good.
    #[serde(rename = "expiresIn")]
    expires_in: i64,
}

async fn ticket(State(state): State<AppState>, Extension(admin): Extension<Admin>) -> Result<Done<Ticket>> {
    let mut conn = state.db.acquire().await?;
    let ticket = tickets::issue(&mut conn, admin.session_id).await?;
    Ok(Done("获取成功", Ticket { ticket, expires_in: tickets::TICKET_SECS }))
}
