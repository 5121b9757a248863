//! Admin accounts (docs/screens.md "Master-data screens" /admin, "Master-data validation" admin form): list, add, edit, detail, delete,
//! and the menu tree the account dialog's checkboxes are drawn from. Who may manage which
//! account is [`crate::auth::account`]'s rule.

mod form;
mod rows;

use axum::extract::State;
use axum::routing::{get, post};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::menu::MENU_ACCOUNTS;
use crate::http::args::{self, IdArgs, Paging};
use crate::http::call::Call;
use crate::error::{Checks, Result};
use crate::http::{Args, Done, Page, Text};
use crate::sql;
use crate::state::AppState;

use self::form::parse_status;
use self::rows::{fetch, select_row};
use super::Endpoint;
use super::menus::{MenuNode, menu_tree};

pub use form::AccountArgs;
pub use rows::AccountRow;

pub static INDEX: Call = Call::get("adminUserIndex", "管理员列表")
    .menu(MENU_ACCOUNTS)
    .takes::<ListArgs>()
    .answers_with::<Page<AccountRow>, AccountRow>();
pub static INDEX_ALIAS: Call = INDEX.named("adminlist");
pub static ADD: Call = Call::post("adminUserAdd", "添加管理员")
    .menu(MENU_ACCOUNTS)
    .writes()
    .takes::<AccountArgs>()
    .answers::<AccountRow>();
pub static UP: Call = Call::post("adminUserUp", "修改管理员")
    .menu(MENU_ACCOUNTS)
    .writes()
    .takes::<AccountArgs>()
    .answers::<AccountRow>();
pub static INFO: Call = Call::get("adminUserInfo", "管理员详情")
    .menu(MENU_ACCOUNTS)
    .takes::<IdArgs>()
    .answers::<AccountRow>();
pub static DELETE: Call = Call::post("adminUserDelete", "删除管理员")
    .menu(MENU_ACCOUNTS)
    .writes()
    .takes::<IdArgs>();
pub static RULE: Call = Call::post("adminUserRule", "管理员可选菜单")
    .menu(MENU_ACCOUNTS)
    .answers_with::<Vec<MenuNode>, MenuNode>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &INDEX_ALIAS, handler: get(index) },
        Endpoint { call: &ADD, handler: post(form::add) },
        Endpoint { call: &UP, handler: post(form::up) },
        Endpoint { call: &INFO, handler: get(info) },
        Endpoint { call: &DELETE, handler: post(form::delete) },
        Endpoint { call: &RULE, handler: post(rule) },
    ]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ListArgs {
    page: Option<Text>,
    limit: Option<Text>,
    /// Part of the name.
    name: Option<Text>,
    /// Part of the account.
    account: Option<Text>,
    /// '1' or '2'.
    status: Option<Text>,
}

async fn index(State(state): State<AppState>, Args(args): Args<ListArgs>) -> Result<Done<Page<AccountRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let status = Text::get(&args.status).map(|s| parse_status(s, &mut checks));
    checks.finish()?;
    let (name, account) = (args::text(&args.name), args::text(&args.account));
    let heads = ("select count(*) from admins a", &*select_row());
    let (data, total) = sql::page(&state.db, heads, " order by a.id", paging.bounds(), |w| {
        w.contains("a.name", name.clone()).contains("a.account", account.clone()).eq("a.status", status);
    })
    .await?;
    Ok(Done("获取成功", Page { data, total }))
}

const PICK_ACCOUNT: &str = "请选择账号";

async fn info(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<AccountRow>> {
    let id = args.required(PICK_ACCOUNT)?;
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", fetch(&mut conn, id).await?))
}

/// The menus an account can be given, as a tree for the dialog's checkboxes.
async fn rule(State(state): State<AppState>) -> Result<Done<Vec<MenuNode>>> {
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", menu_tree(&mut conn).await?))
}
