//! The suit row as lists answer it, and the entries (period sets with a count) under it.

use serde::Serialize;
use sqlx::{FromRow, PgConnection};
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{AppError, Result};
use crate::routes::time_periods::hms;

#[derive(Serialize, ToSchema, FromRow)]
pub struct SuitMedia {
    #[serde(rename = "mediaName")]
    pub media_name: String,
}

#[derive(Serialize, ToSchema, FromRow)]
pub struct SuitBrand {
    #[serde(rename = "brandName")]
    pub brand_name: String,
}

/// One entry of a suit: a set of periods and how many spots it holds.
#[derive(Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SuitEntry {
    #[serde(skip)]
    pub suit_id: i64,
    /// The entry's periods, comma-joined ids in broadcast order.
    pub time_period_id: String,
    /// Their names, joined with 、.
    pub time_period_name: String,
    pub number_of_times: i32,
    /// Their pre-broadcast times `HH:mm:ss-HH:mm:ss`, joined with 、.
    pub pre_broadcast_time_forma: String,
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SuitRow {
    pub id: i64,
    pub media_id: i64,
    pub brand_id: i64,
    #[sqlx(flatten)]
    pub media: SuitMedia,
    #[sqlx(flatten)]
    pub brand: SuitBrand,
    pub suit_name: String,
    pub customer_metrics: f64,
    pub media_metrics: f64,
    pub seconds: i32,
    /// The month sold, `YYYY-MM`.
    pub suit_time: String,
    /// The sum of the entries' counts.
    pub number_of_times: i64,
    pub update_time: LocalTime,
    pub create_time: LocalTime,
    #[sqlx(skip)]
    #[serde(rename = "suit_time_period")]
    pub suit_time_period: Vec<SuitEntry>,
}

/// The select of [`SuitRow`] over `suits s` (entries loaded apart, by [`load_entries`]).
pub const SELECT_SUIT: &str = "
    select s.id, s.media_id, s.brand_id, m.media_name, b.brand_name, s.suit_name,
           round(s.customer_metrics, 3)::float8 as customer_metrics,
           round(s.media_metrics, 3)::float8 as media_metrics,
           s.seconds, to_char(s.suit_month, 'YYYY-MM') as suit_time,
           coalesce((select sum(n) from (select max(e.number_of_times) as n from suit_time_periods e
                                         where e.suit_id = s.id group by e.entry_no) t), 0)::bigint as number_of_times,
           s.updated_at::timestamp as update_time,
           s.created_at::timestamp as create_time
    from suits s join media m on m.id = s.media_id join brands b on b.id = s.brand_id";

/// Fills in the entries of the given suits, in the order they were entered.
pub async fn load_entries(conn: &mut PgConnection, suits: &mut [SuitRow]) -> Result<()> {
    let ids: Vec<i64> = suits.iter().map(|s| s.id).collect();
    let order = "order by tp.start_secs, tp.end_secs, tp.id";
    let entries: Vec<SuitEntry> = sqlx::query_as(&format!(
        "select e.suit_id,
                string_agg(tp.id::text, ',' {order}) as time_period_id,
                string_agg(tp.time_period_name, '、' {order}) as time_period_name,
                max(e.number_of_times) as number_of_times,
                string_agg({} || '-' || {}, '、' {order}) as pre_broadcast_time_forma
         from suit_time_periods e join time_periods tp on tp.id = e.time_period_id
         where e.suit_id = any($1)
         group by e.suit_id, e.entry_no
         order by e.suit_id, e.entry_no",
        hms("tp.start_secs"),
        hms("tp.end_secs"),
    ))
    .bind(&ids)
    .fetch_all(conn)
    .await?;
    for suit in suits.iter_mut() {
        suit.suit_time_period = entries.iter().filter(|e| e.suit_id == suit.id).cloned().collect();
    }
    Ok(())
}

pub async fn fetch(conn: &mut PgConnection, id: i64) -> Result<SuitRow> {
    let row: SuitRow = sqlx::query_as(&format!("{SELECT_SUIT} where s.id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| AppError::NotFound("套装不存在".into()))?;
    let mut rows = [row];
    load_entries(conn, &mut rows).await?;
    let [row] = rows;
    Ok(row)
}
