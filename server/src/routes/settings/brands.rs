//! 品牌: the settings tab's list, add, edit and delete, and the lookup list.

use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use sqlx::QueryBuilder;
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

pub static INDEX: Call = Call::get("brandIndex", "品牌列表")
    .menu(MENU_SYSTEM)
    .takes::<BrandIndexArgs>()
    .answers_with::<Page<BrandRow>, BrandRow>();
pub static LIST: Call = Call::get("brandList", "品牌选项")
    .takes::<BrandListArgs>()
    .answers_with::<Vec<BrandRow>, BrandRow>();
pub static ADD: Call = Call::post("brandAdd", "添加品牌")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<BrandArgs>()
    .answers::<BrandRow>();
pub static UP: Call = Call::post("brandUp", "修改品牌")
    .menu(MENU_SYSTEM)
    .writes()
    .takes::<BrandArgs>()
    .answers::<BrandRow>();
pub static DELETE: Call = Call::post("brandDelete", "删除品牌").menu(MENU_SYSTEM).writes().takes::<IdArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &LIST, handler: get(list) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &DELETE, handler: post(delete) },
    ]
}

const REQUIRED: &str = "请输入品牌";
const PICK: &str = "请选择品牌";
const DUPLICATE: &str = "品牌名称已存在";

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct BrandRow {
    id: i64,
    #[serde(rename = "brandName")]
    brand_name: String,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
    #[serde(rename = "updateTime")]
    update_time: LocalTime,
}

const COLUMNS: &str = "id, brand_name,
    created_at::timestamp as create_time,
    updated_at::timestamp as update_time";

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BrandIndexArgs {
    page: Option<Text>,
    /// Default 10.
    limit: Option<Text>,
    /// Part of the name.
    #[serde(rename = "brandName")]
    brand_name: Option<Text>,
}

/// The settings tab's list, newest first.
async fn index(State(state): State<AppState>, Args(args): Args<BrandIndexArgs>) -> Result<Done<Page<BrandRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    checks.finish()?;
    let name = args::text(&args.brand_name);
    let heads = ("select count(*) from brands", &*format!("select {COLUMNS} from brands"));
    let (data, total) = sql::page(&state.db, heads, " order by id desc", paging.bounds(), |w| {
        w.contains("brand_name", name.clone());
    })
    .await?;
    Ok(Done("获取成功", Page { data, total }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BrandListArgs {
    /// Part of the name (optional).
    #[serde(rename = "brandName")]
    brand_name: Option<Text>,
}

/// Every brand (or those whose name holds `brandName`), for pickers, in the order added.
async fn list(State(state): State<AppState>, Args(args): Args<BrandListArgs>) -> Result<Done<Vec<BrandRow>>> {
    let mut query = QueryBuilder::new(format!("select {COLUMNS} from brands"));
    Where::new(&mut query).contains("brand_name", args::text(&args.brand_name));
    let data = query.push(" order by id").build_query_as().fetch_all(&state.db).await?;
    Ok(Done("获取成功", data))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BrandArgs {
    /// brandUp: the brand to rename.
    id: Option<Text>,
    /// brandAdd: the name. brandUp: the new name when brandNameUp is absent.
    #[serde(rename = "brandName")]
    brand_name: Option<Text>,
    /// brandUp: the new name.
    #[serde(rename = "brandNameUp")]
    brand_name_up: Option<Text>,
}

fn on_duplicate(e: sqlx::Error, field: &str) -> AppError {
    AppError::on_unique(e, "brands_name_key", field, DUPLICATE)
}

async fn add(State(state): State<AppState>, Args(args): Args<BrandArgs>) -> Result<Done<BrandRow>> {
    let mut checks = Checks::default();
    let name = name("brandName", &args.brand_name, REQUIRED, "品牌名称", &mut checks);
    checks.finish()?;
    let row = sqlx::query_as(&format!("insert into brands (brand_name) values ($1) returning {COLUMNS}"))
        .bind(&name)
        .fetch_one(&state.db)
        .await
        .map_err(|e| on_duplicate(e, "brandName"))?;
    Ok(Done("添加成功", row))
}

async fn up(State(state): State<AppState>, Args(args): Args<BrandArgs>) -> Result<Done<BrandRow>> {
    let mut checks = Checks::default();
    let id = Id::picked("id", &args.id, PICK, &mut checks);
    let name = name("brandNameUp", new_name(&args.brand_name_up, &args.brand_name), REQUIRED, "品牌名称", &mut checks);
    checks.finish()?;
    sqlx::query_as(&format!("update brands set brand_name = $2 where id = $1 returning {COLUMNS}"))
        .bind(id)
        .bind(&name)
        .fetch_optional(&state.db)
        .await
        .map_err(|e| on_duplicate(e, "brandNameUp"))?
        .map(|row| Done("修改成功", row))
        .ok_or_else(|| AppError::NotFound("品牌不存在".into()))
}

/// Refused while the brand has audience/city groups, products, tapes or suits.
async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK)?;
    let mut tx = state.db.begin().await?;
    let uses: (i64, i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from audience_groups where brand_id = $1),
                (select count(*) from products where brand_id = $1),
                (select count(*) from product_tapes where brand_id = $1),
                (select count(*) from suits where brand_id = $1)",
    )
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let uses = [(uses.0, "受众/城市组"), (uses.1, "产品"), (uses.2, "磁带"), (uses.3, "套装")];
    if let Some(err) = in_use("该品牌", &uses) {
        return Err(err);
    }
    let deleted = sqlx::query("delete from brands where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|e| on_delete(e, "该品牌"))?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("品牌不存在".into()));
    }
    tx.commit().await?;
    Ok(Done("删除成功", ()))
}
