//! Network viewing reference records (docs/screens.md "Master-data screens" /networkViewingManagement, menu
//! 107): a filtered list of 30 a page, add, edit and delete, and the media lookup of its pickers.

mod args;

use axum::extract::State;
use axum::routing::{get, post};
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::{PgConnection, Postgres, QueryBuilder, Row};
use utoipa::ToSchema;

use crate::auth::menu::MENU_VIEWING;
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::IdArgs;
use crate::http::call::Call;
use crate::http::{Args, Done, Page};
use crate::sql::{self, Where};
use crate::state::AppState;

use self::args::{PICK_MEDIA, ViewingArgs, ViewingFilters, ViewingForm, ViewingIndexArgs};
use super::Endpoint;

pub static INDEX: Call = Call::get("onlineViewingIndex", "网络收视列表")
    .menu(MENU_VIEWING)
    .takes::<ViewingIndexArgs>()
    .answers_with::<Page<ViewingRow>, ViewingRow>();
pub static MEDIA_LIST: Call = Call::get("onlineViewingMediaList", "网络收视媒体选项")
    .answers_with::<Vec<ViewingMedia>, ViewingMedia>();
pub static ADD: Call = Call::post("onlineViewingAdd", "添加网络收视")
    .menu(MENU_VIEWING)
    .writes()
    .takes::<ViewingArgs>()
    .answers::<ViewingRow>();
pub static UP: Call = Call::post("onlineViewingUp", "修改网络收视")
    .menu(MENU_VIEWING)
    .writes()
    .takes::<ViewingArgs>()
    .answers::<ViewingRow>();
pub static DEL: Call = Call::post("onlineViewingDel", "删除网络收视").menu(MENU_VIEWING).writes().takes::<IdArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &MEDIA_LIST, handler: get(media_list) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &DEL, handler: post(delete) },
    ]
}

const PICK: &str = "请选择网络收视记录";
const NOT_FOUND: &str = "网络收视记录不存在";

#[derive(Serialize, ToSchema)]
pub struct ViewingRow {
    id: i64,
    #[serde(rename = "mediaId")]
    media_id: i64,
    #[serde(rename = "onlineViewingName")]
    name: String,
    /// The moment viewed, as entered (read in the server's zone).
    #[serde(rename = "onlineViewingTime")]
    time: LocalTime,
    viewing: f64,
    ranking: i32,
    media: ViewingMedia,
    #[serde(rename = "updateTime")]
    update_time: LocalTime,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
}

/// A media as the network-viewing screen shows and picks it.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct ViewingMedia {
    id: i64,
    #[serde(rename = "mediaName")]
    media_name: String,
}

impl<'r> sqlx::FromRow<'r, PgRow> for ViewingRow {
    fn from_row(row: &'r PgRow) -> sqlx::Result<Self> {
        let media_id = row.try_get("media_id")?;
        Ok(Self {
            id: row.try_get("id")?,
            media_id,
            name: row.try_get("online_viewing_name")?,
            time: row.try_get("online_viewing_time")?,
            viewing: row.try_get("viewing")?,
            ranking: row.try_get("ranking")?,
            media: ViewingMedia { id: media_id, media_name: row.try_get("media_name")? },
            update_time: row.try_get("update_time")?,
            create_time: row.try_get("create_time")?,
        })
    }
}

const SELECT: &str = "select v.id, v.media_id, m.media_name, v.online_viewing_name,
        v.online_viewing_time::timestamp as online_viewing_time,
        round(v.viewing, 4)::float8 as viewing, v.ranking,
        v.updated_at::timestamp as update_time,
        v.created_at::timestamp as create_time
    from online_viewings v join media m on m.id = v.media_id";

/// `head` (a select over `online_viewings v`) with the conditions of the filters that are set.
fn filtered<'a>(head: &str, f: &ViewingFilters) -> QueryBuilder<'a, Postgres> {
    let mut query = QueryBuilder::new(head);
    Where::new(&mut query)
        .contains("v.online_viewing_name", f.name.clone())
        .and("v.online_viewing_time >= ", f.time_from.clone(), "::timestamptz")
        .and("v.online_viewing_time <= ", f.time_to.clone(), "::timestamptz")
        .and("v.viewing >= ", f.viewing_from, "::numeric")
        .and("v.viewing <= ", f.viewing_to, "::numeric")
        .and("v.ranking >= ", f.ranking_from, "")
        .and("v.ranking <= ", f.ranking_to, "")
        .and("v.media_id = any(", f.media_ids.clone(), ")");
    query
}

/// The list, latest viewing time first.
async fn index(State(state): State<AppState>, Args(args): Args<ViewingIndexArgs>) -> Result<Done<Page<ViewingRow>>> {
    let mut checks = Checks::default();
    let f = args.parse(&mut checks);
    checks.finish()?;
    let total: i64 = filtered("select count(*) from online_viewings v", &f).build_query_scalar().fetch_one(&state.db).await?;
    let mut page = filtered(SELECT, &f);
    page.push(" order by v.online_viewing_time desc, v.id desc");
    sql::push_page(&mut page, f.paging.bounds());
    let data = page.build_query_as().fetch_all(&state.db).await?;
    Ok(Done("获取成功", Page { data, total }))
}

/// Every media, for the screen's filter and dialog.
async fn media_list(State(state): State<AppState>) -> Result<Done<Vec<ViewingMedia>>> {
    Ok(Done("获取成功", crate::master::media::options(&state.db).await?))
}

/// Field checks, then the media's existence.
async fn validate(conn: &mut PgConnection, args: &ViewingArgs) -> Result<ViewingForm> {
    let mut checks = Checks::default();
    let form = args.parse(&mut checks);
    if form.media_id > 0 && !crate::master::media::exists(&mut *conn, form.media_id).await? {
        checks.add("mediaId", PICK_MEDIA);
    }
    checks.finish()?;
    Ok(form)
}

async fn fetch(conn: &mut PgConnection, id: i64) -> Result<ViewingRow> {
    sqlx::query_as(&format!("{SELECT} where v.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

async fn add(State(state): State<AppState>, Args(args): Args<ViewingArgs>) -> Result<Done<ViewingRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into online_viewings (media_id, online_viewing_name, online_viewing_time, viewing, ranking)
         values ($1, $2, $3::timestamptz, $4::numeric, $5) returning id",
    )
    .bind(form.media_id)
    .bind(&form.name)
    .bind(&form.time)
    .bind(form.viewing)
    .bind(form.ranking)
    .fetch_one(&mut *tx)
    .await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

async fn up(State(state): State<AppState>, Args(args): Args<ViewingArgs>) -> Result<Done<ViewingRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK)?;
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let updated = sqlx::query(
        "update online_viewings set media_id = $2, online_viewing_name = $3,
                online_viewing_time = $4::timestamptz, viewing = $5::numeric, ranking = $6
         where id = $1",
    )
    .bind(id)
    .bind(form.media_id)
    .bind(&form.name)
    .bind(&form.time)
    .bind(form.viewing)
    .bind(form.ranking)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(AppError::NotFound(NOT_FOUND.into()));
    }
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK)?;
    let deleted = sqlx::query("delete from online_viewings where id = $1").bind(id).execute(&state.db).await?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound(NOT_FOUND.into()));
    }
    Ok(Done("删除成功", ()))
}
