//! The order row as the list, orderInfo and the export answer it: the order's own fields, its
//! tapes and suits, its status, and the customer and media figures (filled by
//! [`super::figures`]).

use serde::Serialize;
use sqlx::pool::PoolConnection;
use sqlx::{FromRow, PgConnection, Postgres};
use utoipa::ToSchema;

use super::fields::OrderIdArgs;
pub use crate::orders::figures::Figures;
use crate::clock::LocalTime;
use crate::error::{AppError, Result};
use crate::state::AppState;

/// A version of the order.
#[derive(Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderTape {
    #[serde(skip)]
    pub order_id: i64,
    pub id: i64,
    pub media_file_name: String,
    pub media_tape_number: String,
    pub customer_title: String,
}

/// A suit of the order.
#[derive(Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderSuit {
    #[serde(skip)]
    pub order_id: i64,
    pub id: i64,
    pub suit_name: String,
    pub media_metrics: f64,
    pub customer_metrics: f64,
}

#[derive(Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {
    pub id: i64,
    pub media_id: i64,
    pub media_name: String,
    pub product_id: i64,
    pub product_name: String,
    pub brand_id: i64,
    pub brand_name: String,
    pub seconds: i32,
    /// The audience/city group the order is evaluated on.
    pub default_id: i64,
    pub default_name: String,
    /// Viewing data the issued GRP is read from (null: any).
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// Make-good policy: 1 无, 2 错一补一, 3 漏一补二.
    pub make_good_policy: i16,
    pub create_time: LocalTime,
    /// The assessment date `YYYY-MM-DD`, empty until set.
    pub estimate_time: String,
    pub status: i16,
    pub status_name: String,
    /// Evaluation status: 1 not assessed, 2 assessed (an assessment date is set).
    pub j_status: i16,
    pub j_status_name: String,
    /// `YYYY-MM-DD ~ YYYY-MM-DD`.
    pub cycle_time: String,
    /// The cycle's months, `YYYY-MM` comma-joined.
    pub cycle_time_month: String,
    pub cycle_time_add: String,
    pub cycle_time_end: String,
    pub follow_date: String,
    /// Comma-joined `YYYY-MM-DD`.
    pub blank_week: String,
    pub notes: String,
    pub adjusting_quantity: f64,
    pub customer_free_broadcast_calculation: i16,
    pub customer_free_broadcast_value: f64,
    pub customer_metrics: f64,
    pub media_free_broadcast_calculation: i16,
    pub media_free_broadcast_value: f64,
    pub media_metrics: f64,
    /// The tape ids, in the order chosen.
    #[sqlx(skip)]
    pub order_product_magnetic_tape_id: Vec<i64>,
    #[sqlx(skip)]
    pub tapes: Vec<OrderTape>,
    #[sqlx(skip)]
    pub suit: Vec<OrderSuit>,
    #[sqlx(skip)]
    #[serde(flatten)]
    pub figures: Figures,
    /// True while the figures are the previous lake version's: an import or deletion changed
    /// the viewing or rating data and the figures of the new version are being computed
    /// (orderList only; other calls always answer current figures, false).
    #[sqlx(skip)]
    pub recomputing: bool,
}

/// The select of [`OrderRow`] over `orders o` (tapes, suits and figures loaded apart).
pub const SELECT_ORDER: &str = "
    select o.id, o.media_id, m.media_name, o.product_id, p.product_name, p.brand_id, b.brand_name, o.seconds,
           o.default_group_id as default_id, g.group_name as default_name, o.category, o.source, o.make_good_policy,
           o.created_at::timestamp as create_time,
           coalesce(to_char(o.estimate_date, 'YYYY-MM-DD'), '') as estimate_time,
           o.status, '' as status_name,
           (case when o.estimate_date is null then 1 else 2 end)::int2 as j_status,
           (case when o.estimate_date is null then '未评估' else '已评估' end) as j_status_name,
           to_char(o.cycle_start, 'YYYY-MM-DD') || ' ~ ' || to_char(o.cycle_end, 'YYYY-MM-DD') as cycle_time,
           (select string_agg(to_char(d, 'YYYY-MM'), ',' order by d)
            from generate_series(date_trunc('month', o.cycle_start), o.cycle_end, interval '1 month') d) as cycle_time_month,
           to_char(o.cycle_start, 'YYYY-MM-DD') as cycle_time_add,
           to_char(o.cycle_end, 'YYYY-MM-DD') as cycle_time_end,
           to_char(o.follow_date, 'YYYY-MM-DD') as follow_date,
           coalesce((select string_agg(to_char(d, 'YYYY-MM-DD'), ',' order by d) from unnest(o.blank_weeks) d), '') as blank_week,
           o.notes, o.adjusting_quantity::float8 as adjusting_quantity,
           o.customer_free_calc as customer_free_broadcast_calculation,
           o.customer_free_value::float8 as customer_free_broadcast_value,
           o.customer_metrics::float8 as customer_metrics,
           o.media_free_calc as media_free_broadcast_calculation,
           o.media_free_value::float8 as media_free_broadcast_value,
           o.media_metrics::float8 as media_metrics
    from orders o
    join media m on m.id = o.media_id
    join products p on p.id = o.product_id
    join brands b on b.id = p.brand_id
    join audience_groups g on g.id = o.default_group_id";

/// Fills in the tapes, suits and status labels of the given orders.
pub async fn load_parts(conn: &mut PgConnection, orders: &mut [OrderRow]) -> Result<()> {
    let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
    let tapes: Vec<OrderTape> = sqlx::query_as(
        "select ot.order_id, t.id, t.media_file_name, t.media_tape_number, t.customer_title
         from order_tapes ot join product_tapes t on t.id = ot.tape_id
         where ot.order_id = any($1) order by ot.order_id, ot.position",
    )
    .bind(&ids)
    .fetch_all(&mut *conn)
    .await?;
    let suits: Vec<OrderSuit> = sqlx::query_as(
        "select os.order_id, s.id, s.suit_name, round(s.media_metrics, 3)::float8 as media_metrics,
                round(s.customer_metrics, 3)::float8 as customer_metrics
         from order_suits os join suits s on s.id = os.suit_id
         where os.order_id = any($1) order by os.order_id, s.suit_month, s.suit_name, s.id",
    )
    .bind(&ids)
    .fetch_all(&mut *conn)
    .await?;
    for order in orders.iter_mut() {
        order.tapes = tapes.iter().filter(|t| t.order_id == order.id).cloned().collect();
        order.order_product_magnetic_tape_id = order.tapes.iter().map(|t| t.id).collect();
        order.suit = suits.iter().filter(|s| s.order_id == order.id).cloned().collect();
        order.status_name = adeval_engine::orders::status_label(order.status).to_owned();
    }
    Ok(())
}

/// One order with its tapes and suits (figures not computed).
pub async fn fetch(conn: &mut PgConnection, id: i64) -> Result<OrderRow> {
    let row: OrderRow = sqlx::query_as(&format!("{SELECT_ORDER} where o.id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| AppError::NotFound("订单不存在".into()))?;
    let mut rows = [row];
    load_parts(conn, &mut rows).await?;
    let [row] = rows;
    Ok(row)
}

/// The order `args` names, checked to exist, with a connection to read more of it.
pub async fn existing(state: &AppState, args: &OrderIdArgs) -> Result<(PoolConnection<Postgres>, i64)> {
    let id = args.required()?;
    let mut conn = state.db.acquire().await?;
    crate::orders::order::require(&mut conn, id).await?;
    Ok((conn, id))
}
