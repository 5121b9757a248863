//! Tape list rows, the list filters (shared by the list and its export) and the lookups of
//! the tape screen.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use sqlx::types::Json;
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{self, Id, Paging, Seconds, Timestamp};
use crate::http::Text;
use crate::sql::Where;

use super::super::products::rows::{BrandOfRow, MediaOfRow};

/// `product: {productName}` of a row.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ProductOfRow {
    #[serde(rename = "productName")]
    pub product_name: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TapeRow {
    pub id: i64,
    pub brand_id: i64,
    pub media_id: i64,
    pub product_id: i64,
    /// Annual cycle.
    pub cycle: String,
    pub customer_version_name: String,
    pub media_file_name: String,
    pub media_tape_number: String,
    pub customer_title: String,
    pub seconds: i32,
    #[schema(value_type = BrandOfRow)]
    pub brand: Json<BrandOfRow>,
    #[schema(value_type = MediaOfRow)]
    pub media: Json<MediaOfRow>,
    #[schema(value_type = ProductOfRow)]
    pub product: Json<ProductOfRow>,
    pub create_time: LocalTime,
    pub update_time: LocalTime,
}

/// Selects [`TapeRow`]s as `t`; callers append `where …`.
pub const SELECT_ROW: &str = "
    select t.id, t.brand_id, t.media_id, t.product_id, t.cycle, t.customer_version_name,
           t.media_file_name, t.media_tape_number, t.customer_title, t.seconds,
           json_build_object('brandName', b.brand_name) as brand,
           json_build_object('mediaName', m.media_name) as media,
           json_build_object('productName', p.product_name) as product,
           t.created_at::timestamp as create_time,
           t.updated_at::timestamp as update_time
    from product_tapes t
    join brands b on b.id = t.brand_id
    join media m on m.id = t.media_id
    join products p on p.id = t.product_id";

pub async fn fetch(conn: &mut PgConnection, id: i64) -> Result<TapeRow> {
    sqlx::query_as(&format!("{SELECT_ROW} where t.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound("磁带不存在".into()))
}

/// The filters of productMagneticTapeIndex and its export. Text filters match a part,
/// case-insensitively; bounds are inclusive.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TapeFilterArgs {
    page: Option<Text>,
    /// Default 10 (the export ignores page and limit).
    limit: Option<Text>,
    #[serde(rename = "brandIdi")]
    brand_idi: Option<Text>,
    #[serde(rename = "mediaIdi")]
    media_idi: Option<Text>,
    #[serde(rename = "productIdi")]
    product_idi: Option<Text>,
    /// Part of the annual cycle.
    cycle: Option<Text>,
    #[serde(rename = "customerVersionName")]
    customer_version_name: Option<Text>,
    #[serde(rename = "mediaFileName")]
    media_file_name: Option<Text>,
    #[serde(rename = "mediaTapeNumber")]
    media_tape_number: Option<Text>,
    #[serde(rename = "customerTitle")]
    customer_title: Option<Text>,
    /// Seconds at least.
    #[serde(rename = "secondsGt")]
    seconds_gt: Option<Text>,
    /// Seconds at most.
    secondslt: Option<Text>,
    /// Updated at or after: unix seconds (or milliseconds).
    #[serde(rename = "updatetimeGt")]
    updatetime_gt: Option<Text>,
    /// Updated at or before: unix seconds (or milliseconds).
    #[serde(rename = "updatetimeLt")]
    updatetime_lt: Option<Text>,
    /// Created at or after: unix seconds (or milliseconds).
    #[serde(rename = "createtimeGt")]
    createtime_gt: Option<Text>,
    /// Created at or before: unix seconds (or milliseconds).
    createtimelt: Option<Text>,
}

/// Parsed filters of the list and its export.
pub struct TapeFilters {
    pub paging: Paging,
    ids: [Option<i64>; 3],
    texts: [Option<String>; 5],
    seconds: [Option<i32>; 2],
    times: [Option<DateTime<Utc>>; 4],
}

impl TapeFilters {
    /// `head` (a select over `product_tapes t`) with the conditions of the filters that are set.
    pub fn query<'a>(&self, head: &str) -> QueryBuilder<'a, Postgres> {
        let mut query = QueryBuilder::new(head);
        let [brand, media, product] = self.ids;
        let [cycle, version, file, tape, title] = self.texts.clone();
        let [updated_from, updated_to, created_from, created_to] = self.times;
        Where::new(&mut query)
            .eq("t.brand_id", brand)
            .eq("t.media_id", media)
            .eq("t.product_id", product)
            .contains("t.cycle", cycle)
            .contains("t.customer_version_name", version)
            .contains("t.media_file_name", file)
            .contains("t.media_tape_number", tape)
            .contains("t.customer_title", title)
            .and("t.seconds >= ", self.seconds[0], "")
            .and("t.seconds <= ", self.seconds[1], "")
            .and("t.updated_at >= ", updated_from, "")
            .and("t.updated_at <= ", updated_to, "")
            .and("t.created_at >= ", created_from, "")
            .and("t.created_at <= ", created_to, "");
        query
    }
}

impl TapeFilterArgs {
    pub fn parse(&self) -> Result<TapeFilters> {
        let mut checks = Checks::default();
        let paging = Paging::parse(&self.page, &self.limit, 10, &mut checks);
        let ids = [
            Id::filter("brandIdi", &self.brand_idi, &mut checks),
            Id::filter("mediaIdi", &self.media_idi, &mut checks),
            Id::filter("productIdi", &self.product_idi, &mut checks),
        ];
        let texts = [&self.cycle, &self.customer_version_name, &self.media_file_name, &self.media_tape_number, &self.customer_title]
            .map(args::text);
        let seconds = [
            Seconds::filter("secondsGt", &self.seconds_gt, &mut checks),
            Seconds::filter("secondslt", &self.secondslt, &mut checks),
        ];
        let times = [
            Timestamp::filter("updatetimeGt", &self.updatetime_gt, &mut checks),
            Timestamp::filter("updatetimeLt", &self.updatetime_lt, &mut checks),
            Timestamp::filter("createtimeGt", &self.createtime_gt, &mut checks),
            Timestamp::filter("createtimelt", &self.createtimelt, &mut checks),
        ];
        checks.finish()?;
        Ok(TapeFilters { paging, ids, texts, seconds, times })
    }
}

/// A brand of the tape screen's picker.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TapeBrandOption {
    pub id: i64,
    pub brand_name: String,
}

/// A media of the tape screen's picker.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TapeMediaOption {
    pub id: i64,
    pub media_name: String,
}
