//! What product calls answer: list rows with their groups, brand and media, and the options
//! of the product pickers.

use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json;
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{AppError, Result};

/// An audience/city group as a product shows it.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ProductGroup {
    pub id: i64,
    #[serde(rename = "audienceCityGroupName")]
    pub audience_city_group_name: String,
}

/// `brand: {brandName}` of a row.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct BrandOfRow {
    #[serde(rename = "brandName")]
    pub brand_name: String,
}

/// `media: {mediaName}` of a row.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct MediaOfRow {
    #[serde(rename = "mediaName")]
    pub media_name: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ProductRow {
    pub id: i64,
    pub brand_id: i64,
    pub media_id: Option<i64>,
    pub product_name: String,
    pub seconds: i32,
    /// The product's groups, comma-joined in the order chosen.
    pub audience_city_group_id: String,
    /// The product's groups with their names, in the order chosen.
    #[serde(rename = "ProductDefault")]
    #[schema(value_type = Vec<ProductGroup>)]
    pub product_default: Json<Vec<ProductGroup>>,
    #[serde(rename = "DefaultAudienceCityGroup")]
    #[schema(value_type = ProductGroup)]
    pub default_audience_city_group: Json<ProductGroup>,
    pub default_audience_city_group_id: i64,
    pub upside_down_three_per: f64,
    pub prime_time: String,
    pub prime_time_per: f64,
    pub prime_upside_down_three_per: f64,
    pub false_prime_upside_down_three_per: Option<f64>,
    pub jack_requirements: String,
    pub note_one: String,
    pub note_two: String,
    #[schema(value_type = BrandOfRow)]
    pub brand: Json<BrandOfRow>,
    /// Null when the product has no media.
    #[schema(value_type = Option<MediaOfRow>)]
    pub media: Option<Json<MediaOfRow>>,
    pub update_time: LocalTime,
    pub create_time: LocalTime,
}

/// Selects [`ProductRow`]s as `p`; callers append `where …`.
pub const SELECT_ROW: &str = "
    select p.id, p.brand_id, p.media_id, p.product_name, p.seconds,
           coalesce((select string_agg(x.audience_group_id::text, ',' order by x.position)
                     from product_audience_groups x where x.product_id = p.id), '') as audience_city_group_id,
           coalesce((select json_agg(json_build_object('id', g.id, 'audienceCityGroupName', g.group_name) order by x.position)
                     from product_audience_groups x join audience_groups g on g.id = x.audience_group_id
                     where x.product_id = p.id), '[]'::json) as product_default,
           json_build_object('id', d.id, 'audienceCityGroupName', d.group_name) as default_audience_city_group,
           p.default_audience_group_id as default_audience_city_group_id,
           round(p.upside_down_three_per, 3)::float8 as upside_down_three_per,
           p.prime_time,
           round(p.prime_time_per, 3)::float8 as prime_time_per,
           round(p.prime_upside_down_three_per, 3)::float8 as prime_upside_down_three_per,
           round(p.false_prime_upside_down_three_per, 3)::float8 as false_prime_upside_down_three_per,
           p.jack_requirements, p.note_one, p.note_two,
           json_build_object('brandName', b.brand_name) as brand,
           case when m.id is null then null else json_build_object('mediaName', m.media_name) end as media,
           p.updated_at::timestamp as update_time,
           p.created_at::timestamp as create_time
    from products p
    join brands b on b.id = p.brand_id
    left join media m on m.id = p.media_id
    join audience_groups d on d.id = p.default_audience_group_id";

pub async fn fetch(conn: &mut PgConnection, id: i64) -> Result<ProductRow> {
    sqlx::query_as(&format!("{SELECT_ROW} where p.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound("产品不存在".into()))
}

/// A product as the pickers of other screens offer it (productList, the tape dialog).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ProductOption {
    pub id: i64,
    pub product_name: String,
    pub brand_id: i64,
    pub media_id: Option<i64>,
    pub seconds: i32,
    pub default_audience_city_group_id: i64,
    /// Comma-joined group ids.
    pub audience_city_group_id: String,
}

/// Products of a brand and usable on a media (theirs, or with no media), names containing
/// `name`; each filter optional.
pub async fn options(conn: &mut PgConnection, brand: Option<i64>, media: Option<i64>, name: Option<String>) -> Result<Vec<ProductOption>> {
    Ok(sqlx::query_as(
        "select p.id, p.product_name, p.brand_id, p.media_id, p.seconds,
                p.default_audience_group_id as default_audience_city_group_id,
                coalesce((select string_agg(x.audience_group_id::text, ',' order by x.position)
                          from product_audience_groups x where x.product_id = p.id), '') as audience_city_group_id
         from products p
         where ($1::bigint is null or p.brand_id = $1)
           and ($2::bigint is null or p.media_id = $2 or p.media_id is null)
           and ($3::text is null or strpos(lower(p.product_name), lower($3)) > 0)
         order by p.product_name, p.id",
    )
    .bind(brand)
    .bind(media)
    .bind(name)
    .fetch_all(conn)
    .await?)
}
