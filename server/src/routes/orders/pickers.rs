//! The add/edit dialog's pickers (docs/screens.md "Order dialog"): brands, the brand's products, media, the
//! product's tapes and audience/city groups, and the suits a media sold to a brand.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{AppError, Checks, Result};
use crate::http::args::Id;
use crate::http::{Args, Done, Text};
use crate::state::AppState;

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct BrandOption {
    id: i64,
    brand_name: String,
}

pub(super) async fn brand_list(State(state): State<AppState>) -> Result<Done<Vec<BrandOption>>> {
    Ok(Done("获取成功", crate::master::brands::options(&state.db).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProductListArgs {
    /// Only this brand's products.
    brand_id: Option<Text>,
}

/// A product as the order dialog offers it (`OrderProductOption`: the other screens' pickers have a `ProductOption`).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderProductOption)]
pub struct ProductOption {
    id: i64,
    product_name: String,
    seconds: i32,
    brand_id: i64,
    brand_name: String,
    /// The product's media, when it has one.
    media_id: Option<i64>,
}

pub(super) async fn product_list(State(state): State<AppState>, Args(args): Args<ProductListArgs>) -> Result<Done<Vec<ProductOption>>> {
    let mut checks = Checks::default();
    let brand = Id::filter("brandId", &args.brand_id, &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(
        "select p.id, p.product_name, p.seconds, p.brand_id, b.brand_name, p.media_id
         from products p join brands b on b.id = p.brand_id
         where ($1::bigint is null or p.brand_id = $1) order by b.brand_name, p.product_name, p.id",
    )
    .bind(brand)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MediaOption {
    id: i64,
    media_name: String,
}

pub(super) async fn media_list(State(state): State<AppState>) -> Result<Done<Vec<MediaOption>>> {
    Ok(Done("获取成功", crate::master::media::options(&state.db).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProductArgs {
    product_id: Option<Text>,
}

impl ProductArgs {
    fn required(&self) -> Result<i64> {
        let mut checks = Checks::default();
        let id = Id::picked("productId", &self.product_id, "请选择产品名称", &mut checks);
        checks.finish().map(|()| id)
    }
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TapeOption {
    id: i64,
    media_file_name: String,
    media_tape_number: String,
    customer_version_name: String,
    customer_title: String,
    media_id: i64,
    seconds: i32,
}

/// The product's tapes, for the dialog's tape picker.
pub(super) async fn tape_list(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<Vec<TapeOption>>> {
    let product = args.required()?;
    let rows = sqlx::query_as(
        "select id, media_file_name, media_tape_number, customer_version_name, customer_title, media_id, seconds
         from product_tapes where product_id = $1 order by media_file_name, id",
    )
    .bind(product)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct GroupOption {
    id: i64,
    name: String,
}

/// The product's audience/city groups and the one it is evaluated on by default.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDefault {
    default_id: i64,
    list: Vec<GroupOption>,
}

pub(super) async fn group_list(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<ProductDefault>> {
    let product = args.required()?;
    let default_id: i64 = sqlx::query_scalar("select default_audience_group_id from products where id = $1")
        .bind(product)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("产品不存在".into()))?;
    let list = sqlx::query_as(
        "select g.id, g.group_name as name from audience_groups g
         where g.id = $2 or g.id in (select audience_group_id from product_audience_groups where product_id = $1)
         order by (g.id <> $2), (select position from product_audience_groups where product_id = $1 and audience_group_id = g.id), g.id",
    )
    .bind(product)
    .bind(default_id)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", ProductDefault { default_id, list }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SuitListArgs {
    product_id: Option<Text>,
    media_id: Option<Text>,
}

/// A suit as the order dialog offers it (`OrderSuitOption`: the suits screen's list has a `SuitOption`).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderSuitOption)]
pub struct SuitOption {
    id: i64,
    suit_name: String,
    media_metrics: f64,
    customer_metrics: f64,
    /// `YYYY-MM`.
    suit_time: String,
    seconds: i32,
}

/// The media's suits sold to the product's brand.
pub(super) async fn suit_list(State(state): State<AppState>, Args(args): Args<SuitListArgs>) -> Result<Done<Vec<SuitOption>>> {
    let mut checks = Checks::default();
    let product = Id::picked("productId", &args.product_id, "请选择产品名称", &mut checks);
    let media = Id::picked("mediaId", &args.media_id, "请选择媒体", &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(
        "select s.id, s.suit_name, round(s.media_metrics, 3)::float8 as media_metrics,
                round(s.customer_metrics, 3)::float8 as customer_metrics,
                to_char(s.suit_month, 'YYYY-MM') as suit_time, s.seconds
         from suits s
         where s.media_id = $2 and s.brand_id = (select brand_id from products where id = $1)
         order by s.suit_month desc, s.suit_name, s.id",
    )
    .bind(product)
    .bind(media)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}
