//! Product tapes (docs/screens.md "Master-data screens" product tape management, "Master-data validation" Product magnetic tape, 
//! product tape, docs/api.md "Paths" productMagneticTape…): list with filters, export, add, edit, detail,
//! delete, and the brand, media and product pickers of the screen.

pub mod form;
pub mod rows;

use axum::Extension;
use axum::extract::State;
use axum::routing::{get, post};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::menu::MENU_TAPE;
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{self, Cell, Exported, Maker};
use crate::http::args::{self, Id, IdArgs};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::sql;
use crate::state::AppState;

use self::form::{TapeArgs, TapeForm, validate};
use self::rows::{SELECT_ROW, TapeBrandOption, TapeFilterArgs, TapeMediaOption, TapeRow, fetch};
use super::products::rows::{ProductOption, options};
use super::{Endpoint, get_or_post};

pub static INDEX: Call = Call::get("productMagneticTapeIndex", "磁带号列表")
    .menu(MENU_TAPE)
    .takes::<TapeFilterArgs>()
    .answers_with::<Page<TapeRow>, TapeRow>();
pub static EXPORT: Call = Call::get_or_post("productMagneticTapeIndexExport", "导出磁带号")
    .menu(MENU_TAPE)
    .takes::<TapeFilterArgs>()
    .answers::<Exported>();
pub static ADD: Call = Call::post("productMagneticTapeAdd", "添加磁带号")
    .menu(MENU_TAPE)
    .writes()
    .takes::<TapeArgs>()
    .answers_with::<TapeRow, TapeRow>();
pub static UP: Call = Call::post("productMagneticTapeUp", "修改磁带号")
    .menu(MENU_TAPE)
    .writes()
    .takes::<TapeArgs>()
    .answers_with::<TapeRow, TapeRow>();
pub static INFO: Call = Call::post("productMagneticTapeInfo", "磁带号详情")
    .menu(MENU_TAPE)
    .takes::<IdArgs>()
    .answers_with::<TapeRow, TapeRow>();
pub static DEL: Call = Call::post("productMagneticTapeDel", "删除磁带号")
    .menu(MENU_TAPE)
    .writes()
    .takes::<IdArgs>();
pub static BRAND_LIST: Call = Call::get("productMagneticTapeBrandList", "磁带品牌选项")
    .answers_with::<Vec<TapeBrandOption>, TapeBrandOption>();
pub static MEDIA_LIST: Call = Call::get("productMagneticTapeMediaList", "磁带媒体选项")
    .answers_with::<Vec<TapeMediaOption>, TapeMediaOption>();
pub static PRODUCT_LIST: Call = Call::get("productMagneticTapeProductList", "磁带产品选项")
    .takes::<ProductListArgs>()
    .answers_with::<Vec<ProductOption>, ProductOption>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &EXPORT, handler: get_or_post(export) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &INFO, handler: post(info) },
        Endpoint { call: &DEL, handler: post(del) },
        Endpoint { call: &BRAND_LIST, handler: get(brand_list) },
        Endpoint { call: &MEDIA_LIST, handler: get(media_list) },
        Endpoint { call: &PRODUCT_LIST, handler: get(product_list) },
    ]
}

async fn index(State(state): State<AppState>, Args(args): Args<TapeFilterArgs>) -> Result<Done<Page<TapeRow>>> {
    let f = args.parse()?;
    let total: i64 = f.query("select count(*) from product_tapes t").build_query_scalar().fetch_one(&state.db).await?;
    let mut page = f.query(SELECT_ROW);
    page.push(" order by t.id desc");
    sql::push_page(&mut page, f.paging.bounds());
    let data = page.build_query_as().fetch_all(&state.db).await?;
    Ok(Done("获取成功", Page { data, total }))
}

const HEADERS: [&str; 11] =
    ["创建时间", "品牌名称", "媒体名称", "产品名称", "年度周期", "客户版本名称", "媒体文件名", "媒体磁带号", "客户标题", "秒数", "更新时间"];

/// Every row the list's filters select (no paging), as 磁带号管理.xlsx.
async fn export(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<TapeFilterArgs>) -> Result<Done<Exported>> {
    let f = args.parse()?;
    let mut all = f.query(SELECT_ROW);
    all.push(" order by t.id desc");
    let rows: Vec<TapeRow> = all.build_query_as().fetch_all(&state.db).await?;
    let cells = rows.into_iter().map(|r| {
        vec![
            Cell::from(r.create_time),
            Cell::from(r.brand.0.brand_name),
            Cell::from(r.media.0.media_name),
            Cell::from(r.product.0.product_name),
            Cell::from(r.cycle),
            Cell::from(r.customer_version_name),
            Cell::from(r.media_file_name),
            Cell::from(r.media_tape_number),
            Cell::from(r.customer_title),
            Cell::from(r.seconds),
            Cell::from(r.update_time),
        ]
    });
    let exported = export::save(&state.db, &state.store, &state.config, Maker::new(&admin, &EXPORT), "磁带号管理", &HEADERS, cells).await?;
    Ok(Done("导出成功", exported))
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "product_tapes_media_number_key", "mediaTapeNumber", "该媒体下已有相同的媒体磁带号")
}

async fn add(State(state): State<AppState>, Args(args): Args<TapeArgs>) -> Result<Done<TapeRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let id: i64 = bind_form(
        sqlx::query_scalar(
            "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name,
                                        media_file_name, media_tape_number, customer_title, seconds)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id",
        ),
        &form,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

type Scalar<'q> = sqlx::query::QueryScalar<'q, sqlx::Postgres, i64, sqlx::postgres::PgArguments>;

/// Binds the form as `$1`…`$9`: brand, media, product, cycle, version, file, number, title, seconds.
fn bind_form<'q>(query: Scalar<'q>, f: &'q TapeForm) -> Scalar<'q> {
    query
        .bind(f.brand_id)
        .bind(f.media_id)
        .bind(f.product_id)
        .bind(&f.cycle)
        .bind(&f.customer_version_name)
        .bind(&f.media_file_name)
        .bind(&f.media_tape_number)
        .bind(&f.customer_title)
        .bind(f.seconds)
}

const PICK_TAPE: &str = "请选择磁带";

async fn up(State(state): State<AppState>, Args(args): Args<TapeArgs>) -> Result<Done<TapeRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK_TAPE)?;
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let updated: Option<i64> = bind_form(
        sqlx::query_scalar(
            "update product_tapes set brand_id = $1, media_id = $2, product_id = $3, cycle = $4,
                    customer_version_name = $5, media_file_name = $6, media_tape_number = $7,
                    customer_title = $8, seconds = $9
             where id = $10 returning id",
        ),
        &form,
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await
    .map_err(|e| match &e {
        // An order holds the tape with its product (its versions are the product's tapes): the
        // tape keeps its product while an order uses it.
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该磁带已被订单使用，不能更换产品"),
        _ => on_duplicate(e),
    })?;
    if updated.is_none() {
        return Err(AppError::NotFound("磁带不存在".into()));
    }
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

async fn info(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<TapeRow>> {
    let id = args.required(PICK_TAPE)?;
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", fetch(&mut conn, id).await?))
}

async fn del(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK_TAPE)?;
    let deleted = sqlx::query("delete from product_tapes where id = $1").bind(id).execute(&state.db).await.map_err(|e| {
        // Orders (a later area) refer to tapes.
        match &e {
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该磁带已被订单使用，无法删除"),
            _ => e.into(),
        }
    })?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("磁带不存在".into()));
    }
    Ok(Done("删除成功", ()))
}

async fn brand_list(State(state): State<AppState>) -> Result<Done<Vec<TapeBrandOption>>> {
    let data = sqlx::query_as("select id, brand_name from brands order by brand_name, id").fetch_all(&state.db).await?;
    Ok(Done("获取成功", data))
}

async fn media_list(State(state): State<AppState>) -> Result<Done<Vec<TapeMediaOption>>> {
    let data = sqlx::query_as("select id, media_name from media order by media_name, id").fetch_all(&state.db).await?;
    Ok(Done("获取成功", data))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ProductListArgs {
    /// Products of this brand.
    #[serde(rename = "brandListId")]
    brand_list_id: Option<Text>,
    /// Part of the product name.
    #[serde(rename = "productListName")]
    product_list_name: Option<Text>,
    /// Products usable on this media: theirs, or with no media.
    #[serde(rename = "mediaId")]
    media_id: Option<Text>,
}

async fn product_list(State(state): State<AppState>, Args(args): Args<ProductListArgs>) -> Result<Done<Vec<ProductOption>>> {
    let mut checks = Checks::default();
    let brand = Id::filter("brandListId", &args.brand_list_id, &mut checks);
    let media = Id::filter("mediaId", &args.media_id, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", options(&mut conn, brand, media, args::text(&args.product_list_name)).await?))
}
