//! Permission menus (docs/screens.md "Master-data screens" /menu, "Master-data validation" menu form). The seeded menus carry the ids
//! the calls are bound to, so their rule names, parents and existence are protected.

use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::auth::menu::MENU_MENUS;
use crate::auth::session;
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::IdArgs;
use crate::http::call::Call;
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use super::Endpoint;

pub static INDEX: Call = Call::post("authRuleIndex", "菜单列表")
    .menu(MENU_MENUS)
    .answers_with::<Vec<MenuRow>, MenuRow>();
pub static ADD: Call = Call::post("authRuleAdd", "添加菜单")
    .menu(MENU_MENUS)
    .writes()
    .takes::<MenuArgs>()
    .answers_with::<MenuRow, MenuRow>();
pub static UP: Call = Call::post("authRuleUp", "修改菜单")
    .menu(MENU_MENUS)
    .writes()
    .takes::<MenuArgs>()
    .answers_with::<MenuRow, MenuRow>();
pub static INFO: Call = Call::post("authRuleInfo", "菜单详情")
    .menu(MENU_MENUS)
    .takes::<IdArgs>()
    .answers_with::<MenuRow, MenuRow>();
pub static DELETE: Call = Call::post("authRuleDelete", "删除菜单").menu(MENU_MENUS).writes().takes::<IdArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: post(index) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &INFO, handler: post(info) },
        Endpoint { call: &DELETE, handler: post(delete) },
    ]
}

#[derive(Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MenuRow {
    id: i64,
    pid: i64,
    /// 1 menu, 2 node.
    #[sqlx(rename = "type")]
    r#type: i16,
    name: String,
    title: String,
    weight: i16,
    /// 1 normal, 2 disabled.
    status: i16,
    /// Seeded menus: calls are bound to them, so they can't be deleted or renamed.
    builtin: bool,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    #[serde(rename = "updateTime")]
    update_time: LocalTime,
    #[sqlx(skip)]
    #[schema(no_recursion)]
    children_list: Vec<MenuRow>,
}

const SELECT_ROW: &str = "
    select id, pid, type, name, title, weight, status, builtin,
           created_at::timestamp as create_time,
           updated_at::timestamp as update_time
    from auth_rules";

/// A menu for pickers.
#[derive(Serialize, ToSchema)]
pub struct MenuNode {
    id: i64,
    title: String,
    name: String,
    #[schema(no_recursion)]
    children_list: Vec<MenuNode>,
}

async fn all_rows(conn: &mut PgConnection) -> Result<Vec<MenuRow>> {
    Ok(sqlx::query_as(&format!("{SELECT_ROW} order by weight, id")).fetch_all(conn).await?)
}

fn nest(rows: Vec<MenuRow>) -> Vec<MenuRow> {
    let (parents, children): (Vec<_>, Vec<_>) = rows.into_iter().partition(|r| r.pid == 0);
    parents
        .into_iter()
        .map(|mut p| {
            p.children_list = children.iter().filter(|c| c.pid == p.id).cloned().collect();
            p
        })
        .collect()
}

/// The enabled menus as a tree.
pub async fn menu_tree(conn: &mut PgConnection) -> Result<Vec<MenuNode>> {
    fn node(row: MenuRow) -> MenuNode {
        MenuNode {
            id: row.id,
            title: row.title,
            name: row.name,
            children_list: row.children_list.into_iter().filter(|c| c.status == 1).map(node).collect(),
        }
    }
    let rows = all_rows(conn).await?;
    Ok(nest(rows).into_iter().filter(|r| r.status == 1).map(node).collect())
}

async fn index(State(state): State<AppState>) -> Result<Done<Vec<MenuRow>>> {
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", nest(all_rows(&mut conn).await?)))
}

async fn fetch(conn: &mut PgConnection, id: i64) -> Result<MenuRow> {
    let mut row: MenuRow = sqlx::query_as(&format!("{SELECT_ROW} where id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| AppError::NotFound("菜单不存在".into()))?;
    row.children_list = sqlx::query_as(&format!("{SELECT_ROW} where pid = $1 order by weight, id"))
        .bind(id)
        .fetch_all(conn)
        .await?;
    Ok(row)
}

const PICK_MENU: &str = "请选择菜单";

async fn info(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<MenuRow>> {
    let id = args.required(PICK_MENU)?;
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", fetch(&mut conn, id).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MenuArgs {
    /// Required for authRuleUp.
    id: Option<Text>,
    /// Parent menu id; 0 for a top-level menu.
    pid: Option<Text>,
    /// 1 menu, 2 node.
    r#type: Option<Text>,
    /// Rule name (route), 1 to 50 characters.
    name: Option<Text>,
    title: Option<Text>,
    /// 1 to 99.
    weight: Option<Text>,
    /// 1 normal, 2 disabled.
    status: Option<Text>,
    /// authRuleUp: the new rule name, when given.
    name_up: Option<Text>,
    /// authRuleUp: the new title, when given.
    title_up: Option<Text>,
}

struct MenuForm {
    pid: i64,
    kind: i16,
    name: String,
    title: String,
    weight: i16,
    status: i16,
}

fn small(value: &Option<Text>, field: &str, allowed: std::ops::RangeInclusive<i16>, missing: &str, bad: &str, checks: &mut Checks) -> i16 {
    match Text::get(value).map(str::parse::<i16>) {
        None => checks.add(field, missing),
        Some(Ok(v)) if allowed.contains(&v) => return v,
        Some(_) => checks.add(field, bad),
    }
    0
}

async fn validate(conn: &mut PgConnection, args: &MenuArgs, id: Option<i64>) -> Result<MenuForm> {
    let mut checks = Checks::default();
    let pid = match Text::get(&args.pid).map(str::parse::<i64>) {
        None => {
            checks.add("pid", "请选择父级");
            0
        }
        Some(Ok(p)) if p >= 0 => p,
        Some(_) => {
            checks.add("pid", "父级菜单不存在");
            0
        }
    };
    let kind = small(&args.r#type, "type", 1..=2, "请选择菜单", "菜单类型只能是 1 或 2", &mut checks);
    let name = Text::get(&args.name_up).or(Text::get(&args.name)).unwrap_or("").to_owned();
    if name.is_empty() {
        checks.add("name", "请输入规则");
    } else if name.chars().count() > 50 {
        checks.add("name", "长度在 1 到 50 个字符");
    } else if !name.chars().all(|c| c.is_ascii_alphanumeric() || "/_-.".contains(c)) {
        checks.add("name", "规则只能包含字母、数字和 / _ - .");
    }
    let title = Text::get(&args.title_up).or(Text::get(&args.title)).unwrap_or("").to_owned();
    if title.is_empty() {
        checks.add("title", "请输入标题");
    } else if title.chars().count() > 50 {
        checks.add("title", "长度在 1 到 50 个字符");
    }
    let weight = small(&args.weight, "weight", 1..=99, "请输入权重", "权重范围为 1 到 99", &mut checks);
    let status = small(&args.status, "status", 1..=2, "请选择状态", "请选择状态", &mut checks);
    if pid > 0 && !checks.has("pid") {
        let parent: Option<i64> = sqlx::query_scalar("select pid from auth_rules where id = $1")
            .bind(pid)
            .fetch_optional(&mut *conn)
            .await?;
        match parent {
            None => checks.add("pid", "父级菜单不存在"),
            Some(_) if Some(pid) == id => checks.add("pid", "父级不能是自己"),
            Some(grand) if grand != 0 => checks.add("pid", "只支持两级菜单"),
            Some(_) => {}
        }
    }
    if let (Some(id), true) = (id, pid > 0) {
        let has_children: bool = sqlx::query_scalar("select exists(select 1 from auth_rules where pid = $1)")
            .bind(id)
            .fetch_one(&mut *conn)
            .await?;
        if has_children {
            checks.add("pid", "该菜单有子菜单，不能移到其他菜单下");
        }
    }
    checks.finish()?;
    Ok(MenuForm { pid, kind, name, title, weight, status })
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "auth_rules_name_key", "name", "规则已存在")
}

async fn add(State(state): State<AppState>, Args(args): Args<MenuArgs>) -> Result<Done<MenuRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args, None).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into auth_rules (pid, type, name, title, weight, status)
         values ($1, $2, $3, $4, $5, $6) returning id",
    )
    .bind(form.pid)
    .bind(form.kind)
    .bind(&form.name)
    .bind(&form.title)
    .bind(form.weight)
    .bind(form.status)
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

async fn up(State(state): State<AppState>, Args(args): Args<MenuArgs>) -> Result<Done<MenuRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK_MENU)?;
    let mut tx = state.db.begin().await?;
    let current = fetch(&mut tx, id).await?;
    let form = validate(&mut tx, &args, Some(id)).await?;
    if current.builtin && (form.name != current.name || form.pid != current.pid) {
        return Err(AppError::conflict("系统内置菜单的规则和父级不可修改"));
    }
    sqlx::query(
        "update auth_rules set pid = $2, type = $3, name = $4, title = $5, weight = $6, status = $7
         where id = $1",
    )
    .bind(id)
    .bind(form.pid)
    .bind(form.kind)
    .bind(&form.name)
    .bind(&form.title)
    .bind(form.weight)
    .bind(form.status)
    .execute(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK_MENU)?;
    let mut tx = state.db.begin().await?;
    let current = fetch(&mut tx, id).await?;
    if current.builtin {
        return Err(AppError::conflict("系统内置菜单不可删除"));
    }
    if !current.children_list.is_empty() {
        return Err(AppError::conflict("请先删除子菜单"));
    }
    sqlx::query("delete from auth_rules where id = $1").bind(id).execute(&mut *tx).await?;
    // Accounts keep no stale ids of a deleted menu, nor cached sessions holding them.
    let holders: Vec<i64> = sqlx::query_scalar(
        "update admins set rule_id = array_to_string(array_remove(string_to_array(rule_id, ','), $1::text), ',')
         where rule_id <> '*' and $1::text = any(string_to_array(rule_id, ',')) returning id",
    )
    .bind(id.to_string())
    .fetch_all(&mut *tx)
    .await?;
    for holder in &holders {
        session::announce(&mut tx, *holder).await?;
    }
    tx.commit().await?;
    holders.iter().for_each(|holder| session::forget(*holder));
    Ok(Done("删除成功", ()))
}
