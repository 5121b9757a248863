//! The operation log (docs/screens.md "Master-data screens" /adminlog), with filters that filter.

use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::menu::MENU_LOG;
use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::http::args::{self, Day, Paging};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::sql;
use crate::state::AppState;

use super::Endpoint;

pub static INDEX: Call = Call::get("adminUserLog", "管理员日志")
    .menu(MENU_LOG)
    .takes::<LogArgs>()
    .answers_with::<Page<LogRow>, LogRow>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![Endpoint { call: &INDEX, handler: get(index) }]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LogArgs {
    page: Option<Text>,
    /// Default 10.
    limit: Option<Text>,
    /// Part of the admin's name.
    #[serde(rename = "adminName")]
    admin_name: Option<Text>,
    /// Part of the title.
    title: Option<Text>,
    /// Part of the url.
    url: Option<Text>,
    ip: Option<Text>,
    /// YYYY-MM-DD, inclusive.
    #[serde(rename = "createTimeAdd")]
    create_time_add: Option<Text>,
    /// YYYY-MM-DD, inclusive.
    #[serde(rename = "createTimeEnd")]
    create_time_end: Option<Text>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct LogRow {
    id: i64,
    #[serde(rename = "adminName")]
    admin_name: String,
    title: String,
    url: String,
    ip: String,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    /// The request's fields, secrets left out.
    detail: serde_json::Value,
}

async fn index(State(state): State<AppState>, Args(args): Args<LogArgs>) -> Result<Done<Page<LogRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let from = Day::filter("createTimeAdd", &args.create_time_add, &mut checks);
    let to = Day::filter("createTimeEnd", &args.create_time_end, &mut checks);
    checks.finish()?;
    // Dates are read in the session's time zone, the one the list shows.
    let (admin, title, url, ip) =
        (args::text(&args.admin_name), args::text(&args.title), args::text(&args.url), args::text(&args.ip));
    let heads = (
        "select count(*) from admin_logs",
        "select id, admin_name, title, url, ip, detail, created_at::timestamp as create_time
         from admin_logs",
    );
    let (data, total) = sql::page(&state.db, heads, " order by id desc", paging.bounds(), |w| {
        w.contains("admin_name", admin.clone())
            .and("strpos(title, ", title.clone(), ") > 0")
            .contains("url", url.clone())
            .eq("ip", ip.clone())
            .and("created_at >= ", from, "::date")
            .and("created_at < ", to, "::date + 1");
    })
    .await?;
    Ok(Done("获取成功", Page { data, total }))
}
