//! 媒体 (TV channels): the settings tab's list, add, edit and delete, and the lookup list.

use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::menu::MENU_SYSTEM;
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{self, Id, IdArgs, Paging};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::sql;
use crate::state::AppState;

use super::super::Endpoint;
use super::{in_use, name, new_name, on_delete};

pub static INDEX: Call = Call::get("mediaIndex", "媒体列表")
    .menu(MENU_SYSTEM)
    .takes::<MediaIndexArgs>()
    .answers_with::<Page<MediaRow>, MediaRow>();
pub static LIST: Call = Call::get("mediaList", "媒体选项").answers_with::<Vec<MediaRow>, MediaRow>();
pub static ADD: Call = Call::post("mediaAdd", "添加媒体")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<MediaArgs>()
    .answers::<MediaRow>();
pub static UP: Call = Call::post("mediaUp", "修改媒体")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<MediaArgs>()
    .answers::<MediaRow>();
pub static DELETE: Call = Call::post("mediaDelete", "删除媒体").menu(MENU_SYSTEM).writes().takes::<IdArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &LIST, handler: get(list) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &DELETE, handler: post(delete) },
    ]
}

const REQUIRED: &str = "请选择媒体名称";
const PICK: &str = "请选择媒体";
const DUPLICATE: &str = "媒体名称已存在";

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct MediaRow {
    id: i64,
    #[serde(rename = "mediaName")]
    media_name: String,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    #[serde(rename = "updateTime")]
    update_time: LocalTime,
}

const COLUMNS: &str = "id, media_name,
    created_at::timestamp as create_time,
    updated_at::timestamp as update_time";

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MediaIndexArgs {
    page: Option<Text>,
    /// Default 20.
    limit: Option<Text>,
    /// Part of the name.
    #[serde(rename = "mediaName")]
    media_name: Option<Text>,
}

/// The settings tab's list, newest first.
async fn index(State(state): State<AppState>, Args(args): Args<MediaIndexArgs>) -> Result<Done<Page<MediaRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 20, &mut checks);
    checks.finish()?;
    let name = args::text(&args.media_name);
    let heads = ("select count(*) from media", &*format!("select {COLUMNS} from media"));
    let (data, total) = sql::page(&state.db, heads, " order by id desc", paging.bounds(), |w| {
        w.contains("media_name", name.clone());
    })
    .await?;
    Ok(Done("获取成功", Page { data, total }))
}

/// Every media, for pickers, in the order they were added.
async fn list(State(state): State<AppState>) -> Result<Done<Vec<MediaRow>>> {
    let data = sqlx::query_as(&format!("select {COLUMNS} from media order by id")).fetch_all(&state.db).await?;
    Ok(Done("获取成功", data))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MediaArgs {
    /// mediaUp: the media to rename.
    id: Option<Text>,
    /// mediaAdd: the name.
    #[serde(rename = "mediaName")]
    media_name: Option<Text>,
    /// mediaUp: the new name.
    #[serde(rename = "mediaNameUp")]
    media_name_up: Option<Text>,
}

fn on_duplicate(e: sqlx::Error, field: &str) -> AppError {
    AppError::on_unique(e, "media_name_key", field, DUPLICATE)
}

async fn add(State(state): State<AppState>, Args(args): Args<MediaArgs>) -> Result<Done<MediaRow>> {
    let mut checks = Checks::default();
    let name = name("mediaName", &args.media_name, REQUIRED, "媒体名称", &mut checks);
    checks.finish()?;
    let row = sqlx::query_as(&format!("insert into media (media_name) values ($1) returning {COLUMNS}"))
        .bind(&name)
        .fetch_one(&state.db)
        .await
        .map_err(|e| on_duplicate(e, "mediaName"))?;
    Ok(Done("添加成功", row))
}

async fn up(State(state): State<AppState>, Args(args): Args<MediaArgs>) -> Result<Done<MediaRow>> {
    let mut checks = Checks::default();
    let id = Id::picked("id", &args.id, PICK, &mut checks);
    let name = name("mediaNameUp", new_name(&args.media_name_up, &args.media_name), REQUIRED, "媒体名称", &mut checks);
    checks.finish()?;
    sqlx::query_as(&format!("update media set media_name = $2 where id = $1 returning {COLUMNS}"))
        .bind(id)
        .bind(&name)
        .fetch_optional(&state.db)
        .await
        .map_err(|e| on_duplicate(e, "mediaNameUp"))?
        .map(|row| Done("修改成功", row))
        .ok_or_else(|| AppError::NotFound("媒体不存在".into()))
}

/// Refused while products, tapes, suits, time periods, their classes or network-viewing
/// records still name the media.
async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK)?;
    let mut tx = state.db.begin().await?;
    let uses: (i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from products where media_id = $1),
                (select count(*) from product_tapes where media_id = $1),
                (select count(*) from suits where media_id = $1),
                (select count(*) from time_periods where media_id = $1),
                (select count(*) from time_period_classes where media_id = $1),
                (select count(*) from online_viewings where media_id = $1)",
    )
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let uses = [
        (uses.0, "产品"),
        (uses.1, "磁带"),
        (uses.2, "套装"),
        (uses.3, "时段"),
        (uses.4, "时段归纳"),
        (uses.5, "网络收视记录"),
    ];
    if let Some(err) = in_use("该媒体", &uses) {
        return Err(err);
    }
    let deleted = sqlx::query("delete from media where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|e| on_delete(e, "该媒体"))?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("媒体不存在".into()));
    }
    tx.commit().await?;
    Ok(Done("删除成功", ()))
}
