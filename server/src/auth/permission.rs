//! Menu permissions. An account's `rule_id` is `*` or comma-joined menu ids; a call bound to
//! a menu is allowed when the account holds that menu or its parent, and the menu is enabled.

use sqlx::PgConnection;

use crate::error::{AppError, Result};

use super::Admin;

/// SQL for the titles of the menus in `a.rule_id` (none for `*`), over `admins a`.
pub const RULE_TITLES_SQL: &str = "case when a.rule_id = '*' then '{}'::text[]
         else array(select r.title from auth_rules r
                    where r.id::text = any(string_to_array(a.rule_id, ','))
                    order by r.pid, r.weight, r.id) end";

pub fn parse_ids(rule_id: &str) -> Vec<i64> {
    rule_id.split(',').filter_map(|s| s.trim().parse().ok()).collect()
}

/// As [`check`] for any of `menu_ids`, taking a connection only when the account's rules need
/// reading (not `*`). `admin` may be a cached session (at most 2 s old, forgotten when its
/// rights change): fine for route access, never the authority for a decision that writes
/// rights (those read the account).
pub async fn check_pooled(db: &sqlx::PgPool, admin: &Admin, menu_ids: &[i64]) -> Result<()> {
    if admin.rule_id.trim() == "*" {
        return Ok(());
    }
    check_any(&mut *db.acquire().await?, admin, menu_ids).await
}

pub async fn check(conn: &mut PgConnection, admin: &Admin, menu_id: i64) -> Result<()> {
    check_any(conn, admin, &[menu_id]).await
}

/// Allowed when the account holds one of `menu_ids` (or its parent) and that menu is enabled.
async fn check_any(conn: &mut PgConnection, admin: &Admin, menu_ids: &[i64]) -> Result<()> {
    if admin.rule_id.trim() == "*" {
        return Ok(());
    }
    let allowed: bool = sqlx::query_scalar(
        "select exists(select 1 from auth_rules
                       where id = any($1) and status = 1 and (id = any($2) or pid = any($2)))",
    )
    .bind(menu_ids)
    .bind(parse_ids(&admin.rule_id))
    .fetch_one(conn)
    .await?;
    if allowed { Ok(()) } else { Err(AppError::Forbidden) }
}

/// The route names a sign-in answers as roles: `*`, or the names of the account's menus and
/// of their children.
pub async fn role_names(conn: &mut PgConnection, rule_id: &str) -> Result<String> {
    if rule_id.trim() == "*" {
        return Ok("*".into());
    }
    let names: Vec<String> = sqlx::query_scalar(
        "select name from auth_rules
         where status = 1 and (id = any($1) or pid = any($1))
         order by pid, weight, id",
    )
    .bind(parse_ids(rule_id))
    .fetch_all(conn)
    .await?;
    Ok(names.join(","))
}

/// Whether an account holding `holder` may manage (edit, disable, delete, or grant to) an
/// account holding `target`: `*` manages everyone; otherwise every menu `target` reaches
/// (its menus and, as [`check`] resolves them, their children) must be one `holder` reaches.
/// A `*` target is managed by `*` only. Menu status is ignored: a disabled menu can be enabled
/// again.
pub async fn covers(conn: &mut PgConnection, holder: &str, target: &str) -> Result<bool> {
    if holder.trim() == "*" {
        return Ok(true);
    }
    if target.trim() == "*" {
        return Ok(false);
    }
    let covered: bool = sqlx::query_scalar(
        "with held as (select unnest($1::bigint[]) as id
                       union select id from auth_rules where pid = any($1)),
              wanted as (select unnest($2::bigint[]) as id
                         union select id from auth_rules where pid = any($2))
         select not exists(select 1 from wanted where id not in (select id from held))",
    )
    .bind(parse_ids(holder))
    .bind(parse_ids(target))
    .fetch_one(conn)
    .await?;
    Ok(covered)
}
