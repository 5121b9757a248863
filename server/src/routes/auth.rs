//! Sign-in and sign-out.

use axum::Extension;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::guard::ClientIp;
use crate::auth::account::valid_account;
use crate::auth::{Admin, password, permission, session, throttle};
use crate::error::{AppError, Checks, Result};
use crate::http::call::Call;
use crate::http::{Args, Done, Payload, Text};
use crate::oplog;
use crate::state::AppState;

use super::Endpoint;

pub static LOGIN: Call = Call::post("adminUserLogin", "登录")
    .public()
    .writes()
    .takes::<LoginArgs>()
    .answers::<LoginAnswer>();

pub static LOGOUT: Call = Call::post("adminUserLoginout", "退出登录").writes();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &LOGIN, handler: post(login) },
        Endpoint { call: &LOGOUT, handler: post(logout) },
    ]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginArgs {
    /// Account.
    acc: Option<Text>,
    /// Password, at least 6 characters.
    pwd: Option<Text>,
}

#[derive(Serialize, ToSchema)]
pub struct LoginAnswer {
    token: String,
    name: String,
    id: i64,
    /// `*`, or the comma-joined route names of the account's menus: the web app's roles.
    rule_id: String,
}

const WRONG: &str = "账号或密码错误";

#[derive(sqlx::FromRow)]
struct Candidate {
    id: i64,
    name: String,
    password_hash: String,
    status: i16,
    rule_id: String,
}

#[tracing::instrument(skip_all, fields(ip = %ip))]
async fn login(
    State(state): State<AppState>,
    Extension(ClientIp(ip)): Extension<ClientIp>,
    Extension(payload): Extension<Payload>,
    Args(args): Args<LoginArgs>,
) -> Result<Done<LoginAnswer>> {
    let account = Text::get(&args.acc).unwrap_or("");
    let pwd = args.pwd.map(|t| t.0).unwrap_or_default();
    let mut checks = Checks::default();
    if !valid_account(account) {
        checks.add("acc", "请输入正确的用户名");
    }
    if pwd.chars().count() < 6 {
        checks.add("pwd", "密码不能少于6位");
    }
    checks.finish()?;

    // No pool connection is held while the password is hashed, nor while another is awaited:
    // a rush of sign-ins would otherwise take the whole pool and wait on itself.
    let candidate: Option<Candidate> = {
        let mut conn = state.db.acquire().await?;
        throttle::check(&mut conn, account, &ip).await?;
        sqlx::query_as("select id, name, password_hash, status, rule_id from admins where account = $1")
            .bind(account)
            .fetch_optional(&mut *conn)
            .await?
    };
    let stored = candidate.as_ref().map(|c| c.password_hash.clone());
    let verified = password::verify_async(pwd, stored).await?;
    let Some(admin) = candidate.filter(|_| verified) else {
        let mut conn = state.db.acquire().await?;
        throttle::record(&mut conn, account, &ip, false).await?;
        return Err(AppError::field("pwd", WRONG));
    };
    const DISABLED: &str = "账号已被禁用，请联系管理员";
    if admin.status != 1 {
        return Err(AppError::SessionEnded(DISABLED));
    }

    let mut tx = state.db.begin().await?;
    // The account's row first, then its sessions: the order edits of the account lock them in,
    // so a sign-in and an edit wait for each other instead of deadlocking. It is read again
    // under the lock: it may have been disabled, or given a new password, during the check.
    let now: Option<(i16, String)> = sqlx::query_as("select status, password_hash from admins where id = $1 for update")
        .bind(admin.id)
        .fetch_optional(&mut *tx)
        .await?;
    match now {
        Some((_, hash)) if hash != admin.password_hash => return Err(AppError::field("pwd", WRONG)),
        None => return Err(AppError::field("pwd", WRONG)),
        Some((status, _)) if status != 1 => return Err(AppError::SessionEnded(DISABLED)),
        Some(_) => {}
    }
    throttle::record(&mut tx, account, &ip, true).await?;
    let token = session::create(&mut tx, admin.id, &ip).await?;
    sqlx::query("update admins set login_ip = $2, last_login_at = now() where id = $1")
        .bind(admin.id)
        .bind(&ip)
        .execute(&mut *tx)
        .await?;
    let rule_id = permission::role_names(&mut tx, &admin.rule_id).await?;
    tx.commit().await?;
    session::forget(admin.id);

    let actor = Admin { id: admin.id, name: admin.name.clone(), rule_id: admin.rule_id, session_id: 0 };
    if let Err(e) = oplog::record(&state.db, Some(&actor), oplog::Entry::new(&LOGIN, &ip, &payload)).await {
        tracing::error!(error = ?e, "writing the operation log");
    }
    Ok(Done("登录成功", LoginAnswer { token, name: admin.name, id: admin.id, rule_id }))
}

async fn logout(State(state): State<AppState>, Extension(admin): Extension<Admin>) -> Result<Done<()>> {
    let mut conn = state.db.acquire().await?;
    session::revoke(&mut conn, admin.session_id, session::reason::LOGOUT).await?;
    Ok(Done("退出成功", ()))
}
