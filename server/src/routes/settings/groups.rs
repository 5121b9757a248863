//! 受众/城市组 (audience/city groups), kept per brand: the settings tab's list, add, edit and
//! delete, and the lookups by brand and of all groups.

use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use sqlx::postgres::PgRow;
use sqlx::{PgConnection, QueryBuilder, Row};
use utoipa::ToSchema;

use crate::auth::menu::MENU_SYSTEM;
use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{self, Id, IdArgs, Paging};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::sql::{self, Where};
use crate::state::AppState;

use super::super::Endpoint;
use super::{in_use, name, new_name, on_delete};

pub static INDEX: Call = Call::get("defaultAudienceCityGroupIndex", "受众/城市组列表")
    .menu(MENU_SYSTEM)
    .takes::<GroupIndexArgs>()
    .answers_with::<Page<GroupRow>, GroupRow>();
pub static BRAND_LIST: Call = Call::get("defaultAudienceCityGroupBrandList", "品牌的受众/城市组")
    .takes::<GroupBrandListArgs>()
    .answers_with::<Vec<GroupRow>, GroupRow>();
pub static LIST: Call = Call::get("defaultAudienceCityGroupList", "受众/城市组选项")
    .answers_with::<Vec<GroupRow>, GroupRow>();
pub static ADD: Call = Call::post("defaultAudienceCityGroupAdd", "添加受众/城市组")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<GroupArgs>()
    .answers::<GroupRow>();
pub static UP: Call = Call::post("defaultAudienceCityGroupUp", "修改受众/城市组")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<GroupArgs>()
    .answers::<GroupRow>();
pub static DELETE: Call = Call::post("defaultAudienceCityGroupDelete", "删除受众/城市组")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<IdArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &BRAND_LIST, handler: get(brand_list) },
        Endpoint { call: &LIST, handler: get(list) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &DELETE, handler: post(delete) },
    ]
}

const REQUIRED: &str = "请输入受众/城市组";
const PICK_BRAND: &str = "请选择品牌名称";
const PICK: &str = "请选择受众/城市组";
const DUPLICATE: &str = "该品牌下已存在同名受众/城市组";
const NOT_FOUND: &str = "受众/城市组不存在";

#[derive(Serialize, ToSchema)]
pub struct GroupRow {
    id: i64,
    #[serde(rename = "audienceCityGroupName")]
    name: String,
    #[serde(rename = "brandId")]
    brand_id: Option<i64>,
    /// The group's brand; null when it has none (the list shows '-').
    brand: Option<GroupBrand>,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    #[serde(rename = "updateTime")]
    update_time: LocalTime,
}

#[derive(Serialize, ToSchema)]
pub struct GroupBrand {
    #[serde(rename = "brandName")]
    brand_name: String,
}

impl<'r> sqlx::FromRow<'r, PgRow> for GroupRow {
    fn from_row(row: &'r PgRow) -> sqlx::Result<Self> {
        let brand_name: Option<String> = row.try_get("brand_name")?;
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("group_name")?,
            brand_id: row.try_get("brand_id")?,
            brand: brand_name.map(|brand_name| GroupBrand { brand_name }),
            create_time: row.try_get("create_time")?,
            update_time: row.try_get("update_time")?,
        })
    }
}

const SELECT: &str = "select g.id, g.group_name, g.brand_id, b.brand_name,
        g.created_at::timestamp as create_time,
        g.updated_at::timestamp as update_time
    from audience_groups g left join brands b on b.id = g.brand_id";

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GroupIndexArgs {
    page: Option<Text>,
    /// Default 10.
    limit: Option<Text>,
    /// Part of the name.
    #[serde(rename = "audienceCityGroupName")]
    name: Option<Text>,
    /// Only this brand's groups.
    #[serde(rename = "brandId")]
    brand_id: Option<Text>,
}

/// The settings tab's list, newest first.
async fn index(State(state): State<AppState>, Args(args): Args<GroupIndexArgs>) -> Result<Done<Page<GroupRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let brand = Id::filter("brandId", &args.brand_id, &mut checks);
    checks.finish()?;
    let name = args::text(&args.name);
    let heads = ("select count(*) from audience_groups g", SELECT);
    let (data, total) = sql::page(&state.db, heads, " order by g.id desc", paging.bounds(), |w| {
        w.contains("g.group_name", name.clone()).eq("g.brand_id", brand);
    })
    .await?;
    Ok(Done("获取成功", Page { data, total }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GroupBrandListArgs {
    /// Required: the brand whose groups to list.
    #[serde(rename = "brandId")]
    brand_id: Option<Text>,
    /// Part of the group name (optional).
    #[serde(rename = "defaultAudienceCityGroupName")]
    name: Option<Text>,
}

/// One brand's groups, for the pickers of products, tapes and orders.
async fn brand_list(State(state): State<AppState>, Args(args): Args<GroupBrandListArgs>) -> Result<Done<Vec<GroupRow>>> {
    let mut checks = Checks::default();
    let brand = Id::picked("brandId", &args.brand_id, PICK_BRAND, &mut checks);
    checks.finish()?;
    let mut query = QueryBuilder::new(SELECT);
    Where::new(&mut query).contains("g.group_name", args::text(&args.name)).eq("g.brand_id", Some(brand));
    let data = query.push(" order by g.id").build_query_as().fetch_all(&state.db).await?;
    Ok(Done("获取成功", data))
}

/// Every group of every brand.
async fn list(State(state): State<AppState>) -> Result<Done<Vec<GroupRow>>> {
    let data = sqlx::query_as(&format!("{SELECT} order by g.brand_id nulls first, g.id")).fetch_all(&state.db).await?;
    Ok(Done("获取成功", data))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GroupArgs {
    /// defaultAudienceCityGroupUp: the group to change.
    id: Option<Text>,
    /// defaultAudienceCityGroupAdd: the name.
    #[serde(rename = "audienceCityGroupName")]
    name: Option<Text>,
    /// defaultAudienceCityGroupUp: the new name.
    #[serde(rename = "audienceCityGroupNameUp")]
    name_up: Option<Text>,
    #[serde(rename = "brandId")]
    brand_id: Option<Text>,
}

struct GroupForm {
    name: String,
    brand_id: i64,
}

async fn validate(conn: &mut PgConnection, args: &GroupArgs, name_field: &str) -> Result<GroupForm> {
    let mut checks = Checks::default();
    let brand_id = Id::picked("brandId", &args.brand_id, PICK_BRAND, &mut checks);
    let raw = if name_field == "audienceCityGroupName" { &args.name } else { new_name(&args.name_up, &args.name) };
    let name = name(name_field, raw, REQUIRED, "受众/城市组", &mut checks);
    if brand_id > 0 {
        crate::master::brands::check(&mut *conn, brand_id, &mut checks).await?;
    }
    checks.finish()?;
    Ok(GroupForm { name, brand_id })
}

fn on_duplicate(e: sqlx::Error, field: &str) -> AppError {
    AppError::on_unique(e, "audience_groups_brand_name_key", field, DUPLICATE)
}

async fn fetch(conn: &mut PgConnection, id: i64) -> Result<GroupRow> {
    sqlx::query_as(&format!("{SELECT} where g.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

async fn add(State(state): State<AppState>, Args(args): Args<GroupArgs>) -> Result<Done<GroupRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args, "audienceCityGroupName").await?;
    let id: i64 = sqlx::query_scalar("insert into audience_groups (brand_id, group_name) values ($1, $2) returning id")
        .bind(form.brand_id)
        .bind(&form.name)
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| on_duplicate(e, "audienceCityGroupName"))?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

/// Renames a group or moves it to another brand; a group that products use stays with its
/// brand, since a product only evaluates on its own brand's groups.
async fn up(State(state): State<AppState>, Args(args): Args<GroupArgs>) -> Result<Done<GroupRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK)?;
    let mut tx = state.db.begin().await?;
    let current = fetch(&mut tx, id).await?;
    let form = validate(&mut tx, &args, "audienceCityGroupNameUp").await?;
    if current.brand_id != Some(form.brand_id) {
        let products = products_using(&mut tx, id).await?;
        if products > 0 {
            return Err(AppError::conflict(format!("该受众/城市组已被 {products} 个产品使用，不能更换品牌")));
        }
    }
    sqlx::query("update audience_groups set brand_id = $2, group_name = $3 where id = $1")
        .bind(id)
        .bind(form.brand_id)
        .bind(&form.name)
        .execute(&mut *tx)
        .await
        .map_err(|e| on_duplicate(e, "audienceCityGroupNameUp"))?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

/// Products that evaluate on the group or take it as their default.
async fn products_using(conn: &mut PgConnection, id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "select count(*) from products p
         where p.default_audience_group_id = $1
            or exists (select 1 from product_audience_groups pg
                       where pg.product_id = p.id and pg.audience_group_id = $1)",
    )
    .bind(id)
    .fetch_one(conn)
    .await?)
}

async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK)?;
    let mut tx = state.db.begin().await?;
    let products = products_using(&mut tx, id).await?;
    if let Some(err) = in_use("该受众/城市组", &[(products, "产品")]) {
        return Err(err);
    }
    let deleted = sqlx::query("delete from audience_groups where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|e| on_delete(e, "该受众/城市组"))?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound(NOT_FOUND.into()));
    }
    tx.commit().await?;
    Ok(Done("删除成功", ()))
}
