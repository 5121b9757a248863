//! The operation log (spec master-data §2 /adminlog), with filters that filter.

use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::menu::MENU_LOG;
use crate::http::args::{self, Day, Paging};
use crate::http::call::Call;
use crate::http::{Args, Checks, Done, Page, Result, Text};
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
    create_time: String,
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
    let filter = "
        where ($1::text is null or strpos(lower(admin_name), lower($1)) > 0)
          and ($2::text is null or strpos(title, $2) > 0)
          and ($3::text is null or strpos(lower(url), lower($3)) > 0)
          and ($4::text is null or ip = $4)
          and ($5::date is null or created_at >= $5::date)
          and ($6::date is null or created_at < $6::date + 1)";
    let binds = (
        args::text(&args.admin_name),
        args::text(&args.title),
        args::text(&args.url),
        args::text(&args.ip),
    );
    let total: i64 = sqlx::query_scalar(&format!("select count(*) from admin_logs {filter}"))
        .bind(&binds.0)
        .bind(&binds.1)
        .bind(&binds.2)
        .bind(&binds.3)
        .bind(from)
        .bind(to)
        .fetch_one(&state.db)
        .await?;
    let data = sqlx::query_as(&format!(
        "select id, admin_name, title, url, ip, detail,
                to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') as create_time
         from admin_logs {filter} order by id desc limit $7 offset $8"
    ))
    .bind(&binds.0)
    .bind(&binds.1)
    .bind(&binds.2)
    .bind(&binds.3)
    .bind(from)
    .bind(to)
    .bind(paging.limit)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", Page { data, total }))
}
