//! Tape list rows, the list filters (shared by the list and its export) and the lookups of
//! the tape screen.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json;
use utoipa::ToSchema;

use crate::http::paging;
use crate::http::{AppError, Checks, Result, Text};

use super::super::products::filters;
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
    pub create_time: String,
    pub update_time: String,
}

/// Selects [`TapeRow`]s as `t`; callers append `where …`.
pub const SELECT_ROW: &str = "
    select t.id, t.brand_id, t.media_id, t.product_id, t.cycle, t.customer_version_name,
           t.media_file_name, t.media_tape_number, t.customer_title, t.seconds,
           json_build_object('brandName', b.brand_name) as brand,
           json_build_object('mediaName', m.media_name) as media,
           json_build_object('productName', p.product_name) as product,
           to_char(t.created_at, 'YYYY-MM-DD HH24:MI:SS') as create_time,
           to_char(t.updated_at, 'YYYY-MM-DD HH24:MI:SS') as update_time
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

/// Parsed filters, bound as `$1`…`$14` of [`FILTER`].
pub struct TapeFilters {
    pub paging: paging::Paging,
    pub ids: [Option<i64>; 3],
    pub texts: [Option<String>; 5],
    pub seconds: [Option<i32>; 2],
    pub times: [Option<DateTime<Utc>>; 4],
}

/// Binds a [`TapeFilters`] as `$1`…`$14` of [`FILTER`].
macro_rules! bind_filters {
    ($query:expr, $f:ident) => {
        $query
            .bind($f.ids[0])
            .bind($f.ids[1])
            .bind($f.ids[2])
            .bind($f.texts[0].as_deref())
            .bind($f.texts[1].as_deref())
            .bind($f.texts[2].as_deref())
            .bind($f.texts[3].as_deref())
            .bind($f.texts[4].as_deref())
            .bind($f.seconds[0])
            .bind($f.seconds[1])
            .bind($f.times[0])
            .bind($f.times[1])
            .bind($f.times[2])
            .bind($f.times[3])
    };
}
pub(crate) use bind_filters;

pub const FILTER: &str = "
    where ($1::bigint is null or t.brand_id = $1)
      and ($2::bigint is null or t.media_id = $2)
      and ($3::bigint is null or t.product_id = $3)
      and ($4::text is null or strpos(lower(t.cycle), lower($4)) > 0)
      and ($5::text is null or strpos(lower(t.customer_version_name), lower($5)) > 0)
      and ($6::text is null or strpos(lower(t.media_file_name), lower($6)) > 0)
      and ($7::text is null or strpos(lower(t.media_tape_number), lower($7)) > 0)
      and ($8::text is null or strpos(lower(t.customer_title), lower($8)) > 0)
      and ($9::int is null or t.seconds >= $9)
      and ($10::int is null or t.seconds <= $10)
      and ($11::timestamptz is null or t.updated_at >= $11)
      and ($12::timestamptz is null or t.updated_at <= $12)
      and ($13::timestamptz is null or t.created_at >= $13)
      and ($14::timestamptz is null or t.created_at <= $14)";

impl TapeFilterArgs {
    pub fn parse(&self) -> Result<TapeFilters> {
        let mut checks = Checks::default();
        let paging = paging::Paging::parse(&self.page, &self.limit, 10, &mut checks);
        let ids = [
            filters::id("brandIdi", &self.brand_idi, &mut checks),
            filters::id("mediaIdi", &self.media_idi, &mut checks),
            filters::id("productIdi", &self.product_idi, &mut checks),
        ];
        let texts = [&self.cycle, &self.customer_version_name, &self.media_file_name, &self.media_tape_number, &self.customer_title]
            .map(paging::text);
        let seconds = [
            filters::seconds("secondsGt", &self.seconds_gt, &mut checks),
            filters::seconds("secondslt", &self.secondslt, &mut checks),
        ];
        let times = [
            filters::timestamp("updatetimeGt", &self.updatetime_gt, &mut checks),
            filters::timestamp("updatetimeLt", &self.updatetime_lt, &mut checks),
            filters::timestamp("createtimeGt", &self.createtime_gt, &mut checks),
            filters::timestamp("createtimelt", &self.createtimelt, &mut checks),
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
