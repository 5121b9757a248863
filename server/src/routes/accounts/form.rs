//! The account form (docs/screens.md "Master-data validation" admin form): its arguments, their validation into an
//! [`AccountForm`] with the spec's Chinese messages, and the calls that write an account.

use axum::Extension;
use axum::extract::State;
use serde::Deserialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::auth::account::{lock_accounts, may_manage, valid_account};
use crate::auth::{Admin, password, session};
use crate::error::{AppError, Checks, Result};
use crate::http::args::IdArgs;
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use super::PICK_ACCOUNT;
use super::rows::{AccountRow, fetch};

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AccountArgs {
    /// Required for adminUserUp.
    id: Option<Text>,
    name: Option<Text>,
    account: Option<Text>,
    /// Required when adding; on edit, blank keeps the current password.
    password: Option<Text>,
    password_confirmation: Option<Text>,
    /// '1' normal, '2' disabled.
    status: Option<Text>,
    /// `*` or comma-joined menu ids (an array is accepted too).
    rule_id: Option<Text>,
}

/// An account form that passed validation.
struct AccountForm {
    name: String,
    account: String,
    password: Option<String>,
    status: i16,
    rule_id: String,
}

pub(super) fn parse_status(s: &str, checks: &mut Checks) -> i16 {
    match s {
        "1" => 1,
        "2" => 2,
        _ => {
            checks.add("status", "请选择状态");
            0
        }
    }
}

/// Validates the form; `adding` makes the password required.
async fn validate(conn: &mut PgConnection, caller: &Admin, args: AccountArgs, adding: bool) -> Result<AccountForm> {
    let mut checks = Checks::default();
    let name = Text::get(&args.name).unwrap_or("").to_owned();
    if name.is_empty() {
        checks.add("name", "请输入姓名");
    } else if name.chars().count() > 50 {
        checks.add("name", "姓名不能超过50个字符");
    }
    let account = Text::get(&args.account).unwrap_or("").to_owned();
    if account.is_empty() {
        checks.add("account", "请输入账号");
    } else if !valid_account(&account) {
        checks.add("account", "账号只能包含字母、数字和 _ . @ -，最长50个字符");
    }
    let pwd = args.password.map(|t| t.0).unwrap_or_default();
    let confirm = args.password_confirmation.map(|t| t.0).unwrap_or_default();
    if pwd.is_empty() && adding {
        checks.add("password", "请输入密码");
    } else if !pwd.is_empty() && pwd.chars().count() < 6 {
        checks.add("password", "密码不能少于6位");
    }
    if confirm.is_empty() && (adding || !pwd.is_empty()) {
        checks.add("password_confirmation", "请确认密码");
    } else if confirm != pwd {
        checks.add("password_confirmation", "两次输入的密码不一致");
    }
    let status = match Text::get(&args.status) {
        Some(s) => parse_status(s, &mut checks),
        None => {
            checks.add("status", "请选择状态");
            0
        }
    };
    let rule_id = rules(conn, Text::get(&args.rule_id).unwrap_or(""), &mut checks).await?;
    checks.finish()?;
    // Nobody grants menus they do not hold, nor `*` unless they hold it.
    may_manage(conn, caller, &rule_id).await?;
    let password = if pwd.is_empty() { None } else { Some(pwd) };
    Ok(AccountForm { name, account, password, status, rule_id })
}

/// Normalises `rule_id` (`*` or known menu ids); whether the caller may grant it is
/// [`may_manage`]'s to say.
async fn rules(conn: &mut PgConnection, raw: &str, checks: &mut Checks) -> Result<String> {
    if raw == "*" {
        return Ok("*".into());
    }
    let mut ids = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match part.parse::<i64>() {
            Ok(id) if !ids.contains(&id) => ids.push(id),
            Ok(_) => {}
            Err(_) => {
                checks.add("rule_id", format!("菜单不存在：{part}"));
                return Ok(String::new());
            }
        }
    }
    if ids.is_empty() {
        checks.add("rule_id", "请至少选择一个菜单");
        return Ok(String::new());
    }
    let known: Vec<i64> = sqlx::query_scalar("select id from auth_rules where id = any($1)").bind(&ids).fetch_all(conn).await?;
    for id in ids.iter().filter(|id| !known.contains(id)) {
        checks.add("rule_id", format!("菜单不存在：{id}"));
    }
    Ok(ids.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "admins_account_key", "account", "账号已存在")
}

/// Hashed off the async workers, with no pool connection held meanwhile.
async fn hash(plain: String) -> Result<String> {
    Ok(password::hash_async(plain).await?)
}

pub(super) async fn add(
    State(state): State<AppState>,
    Extension(caller): Extension<Admin>,
    Args(args): Args<AccountArgs>,
) -> Result<Done<AccountRow>> {
    let form = {
        let mut conn = state.db.acquire().await?;
        validate(&mut conn, &caller, args, true).await?
    };
    let hash = hash(form.password.unwrap_or_default()).await?;
    let mut tx = state.db.begin().await?;
    // Checked again with the caller's row locked: it may have lost menus since.
    sqlx::query("select 1 from admins where id = $1 for update").bind(caller.id).execute(&mut *tx).await?;
    may_manage(&mut tx, &caller, &form.rule_id).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into admins (name, account, password_hash, status, rule_id)
         values ($1, $2, $3, $4, $5) returning id",
    )
    .bind(&form.name)
    .bind(&form.account)
    .bind(hash)
    .bind(form.status)
    .bind(&form.rule_id)
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

pub(super) async fn up(
    State(state): State<AppState>,
    Extension(caller): Extension<Admin>,
    Args(args): Args<AccountArgs>,
) -> Result<Done<AccountRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK_ACCOUNT)?;
    if id == 1 {
        return Err(AppError::conflict("超级管理员不可修改"));
    }
    let form = {
        let mut conn = state.db.acquire().await?;
        let target = fetch(&mut conn, id).await?;
        may_manage(&mut conn, &caller, &target.rule_id).await?;
        validate(&mut conn, &caller, args, false).await?
    };
    if id == caller.id && form.status != 1 {
        return Err(AppError::conflict("不能禁用当前登录的账号"));
    }
    let hash = match form.password {
        Some(p) => Some(hash(p).await?),
        None => None,
    };
    let mut tx = state.db.begin().await?;
    // Checked again under the rows' locks: the account may have been given more menus since,
    // and the caller may have lost some.
    let current = lock_accounts(&mut tx, &caller, id).await?;
    may_manage(&mut tx, &caller, &current.rule_id).await?;
    may_manage(&mut tx, &caller, &form.rule_id).await?;
    sqlx::query(
        "update admins set name = $2, account = $3, status = $4, rule_id = $5,
                password_hash = coalesce($6, password_hash)
         where id = $1",
    )
    .bind(id)
    .bind(&form.name)
    .bind(&form.account)
    .bind(form.status)
    .bind(&form.rule_id)
    .bind(&hash)
    .execute(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    if form.status != 1 {
        session::revoke_all(&mut tx, id, session::reason::DISABLED).await?;
    } else if hash.is_some() && id != caller.id {
        session::revoke_all(&mut tx, id, session::reason::PASSWORD).await?;
    }
    // Its cached sessions carry its old menus and status: every process forgets them.
    let changed = current.rule_id != form.rule_id || current.status != form.status;
    if changed {
        session::announce(&mut tx, id).await?;
    }
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    if changed {
        session::forget(id);
    }
    Ok(Done("修改成功", row))
}

pub(super) async fn delete(
    State(state): State<AppState>,
    Extension(caller): Extension<Admin>,
    Args(args): Args<IdArgs>,
) -> Result<Done<()>> {
    let id = args.required(PICK_ACCOUNT)?;
    if id == 1 {
        return Err(AppError::conflict("超级管理员不可删除"));
    }
    if id == caller.id {
        return Err(AppError::conflict("不能删除当前登录的账号"));
    }
    let mut tx = state.db.begin().await?;
    let current = lock_accounts(&mut tx, &caller, id).await?;
    may_manage(&mut tx, &caller, &current.rule_id).await?;
    sqlx::query("delete from admins where id = $1").bind(id).execute(&mut *tx).await?;
    // Its open sockets close and its cached sessions go once this commits.
    session::announce(&mut tx, id).await?;
    tx.commit().await?;
    session::forget(id);
    Ok(Done("删除成功", ()))
}
