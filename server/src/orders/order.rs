//! An order's own fields (docs/screens.md "Order dialog", dialog behaviour, validation; the orderAdd
//! payload in docs/api.md): what they are, and the order as stored. Creating, editing and deleting
//! an order is [`super::form`].
//!
//! An edit may change the tapes, cycle, follow date, blank days, notes, adjusting quantity,
//! data category and source, the make-good policy, and both sides' free broadcast and metrics; media, product,
//! audience group, seconds and suits are locked: a different value for one of them is
//! refused, never applied.

use chrono::{Datelike, NaiveDate};
use sqlx::PgConnection;

use crate::error::{AppError, Result};

/// One side's free broadcast and metrics. Metrics left out of a form come from the suits
/// (a new order) or stay as they are (an edit).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    pub calc: i16,
    pub value: f64,
    pub metrics: Option<f64>,
}

/// The fields an edit may change.
#[derive(Debug, Clone, PartialEq)]
pub struct Editable {
    pub tapes: Vec<i64>,
    pub cycle: (NaiveDate, NaiveDate),
    pub follow_date: NaiveDate,
    pub blank_weeks: Vec<NaiveDate>,
    pub notes: String,
    pub adjusting_quantity: f64,
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// How many spots a missing spot owes: 1 无 (0), 2 错一补一 (1), 3 漏一补二 (2).
    pub make_good_policy: i16,
    pub customer: Side,
    pub media: Side,
}

/// The fields fixed once the order exists.
#[derive(Debug, Clone, PartialEq)]
pub struct Locked {
    pub media_id: i64,
    pub product_id: i64,
    pub default_id: i64,
    pub seconds: i32,
    /// Sorted when read from the database.
    pub suits: Vec<i64>,
}

/// What an edit sent for the locked fields: `None` for a field left out, `Some(None)` for a
/// value that is not a number (which can't be the order's either). The suits as sent, an
/// unreadable list read as none.
#[derive(Debug, Default)]
pub struct LockedSent {
    pub media_id: Option<Option<i64>>,
    pub product_id: Option<Option<i64>>,
    pub default_id: Option<Option<i64>>,
    pub seconds: Option<Option<i64>>,
    pub suits: Option<Vec<i64>>,
}

/// The order's own fields as stored.
#[derive(Debug, Clone)]
pub struct Order {
    pub id: i64,
    pub locked: Locked,
    /// Both sides' metrics are set.
    pub fields: Editable,
    /// The tapes' media file names, in the order of `fields.tapes`.
    pub tape_names: Vec<String>,
}

#[derive(sqlx::FromRow)]
struct Stored {
    media_id: i64,
    product_id: i64,
    default_group_id: i64,
    seconds: i32,
    cycle_start: NaiveDate,
    cycle_end: NaiveDate,
    follow_date: NaiveDate,
    blank_weeks: Vec<NaiveDate>,
    notes: String,
    adjusting_quantity: f64,
    category: Option<i16>,
    source: Option<i16>,
    make_good_policy: i16,
    customer_free_calc: i16,
    customer_free_value: f64,
    customer_metrics: f64,
    media_free_calc: i16,
    media_free_value: f64,
    media_metrics: f64,
}

impl Order {
    /// Reads order `id`; '订单不存在' when there is none.
    pub async fn load(conn: &mut PgConnection, id: i64) -> Result<Order> {
        // Numbers as float8, as the order's reads answer them, so texts made of them match.
        let stored: Stored = sqlx::query_as(
            "select media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date, blank_weeks,
                    notes, adjusting_quantity::float8 as adjusting_quantity, category, source, make_good_policy,
                    customer_free_calc, customer_free_value::float8 as customer_free_value,
                    customer_metrics::float8 as customer_metrics, media_free_calc,
                    media_free_value::float8 as media_free_value, media_metrics::float8 as media_metrics
             from orders where id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(not_found)?;
        let tapes: Vec<(i64, String)> = sqlx::query_as(
            "select t.id, t.media_file_name from order_tapes ot join product_tapes t on t.id = ot.tape_id
             where ot.order_id = $1 order by ot.position",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        let suits: Vec<i64> = sqlx::query_scalar("select suit_id from order_suits where order_id = $1 order by suit_id")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
        let mut blank_weeks = stored.blank_weeks;
        blank_weeks.sort();
        let (tapes, tape_names) = tapes.into_iter().unzip();
        Ok(Order {
            id,
            locked: Locked {
                media_id: stored.media_id,
                product_id: stored.product_id,
                default_id: stored.default_group_id,
                seconds: stored.seconds,
                suits,
            },
            fields: Editable {
                tapes,
                cycle: (stored.cycle_start, stored.cycle_end),
                follow_date: stored.follow_date,
                blank_weeks,
                notes: stored.notes,
                adjusting_quantity: stored.adjusting_quantity,
                category: stored.category,
                source: stored.source,
                make_good_policy: stored.make_good_policy,
                customer: Side {
                    calc: stored.customer_free_calc,
                    value: stored.customer_free_value,
                    metrics: Some(stored.customer_metrics),
                },
                media: Side { calc: stored.media_free_calc, value: stored.media_free_value, metrics: Some(stored.media_metrics) },
            },
            tape_names,
        })
    }

    /// The stored metrics (customer, media).
    pub fn metrics(&self) -> (f64, f64) {
        (self.fields.customer.metrics.unwrap_or(0.0), self.fields.media.metrics.unwrap_or(0.0))
    }
}

/// What a call about a missing order answers (4004).
pub fn not_found() -> AppError {
    AppError::NotFound("订单不存在".into())
}

/// 4004 订单不存在 unless order `id` exists.
pub async fn require(conn: &mut PgConnection, id: i64) -> Result<()> {
    let found: bool = sqlx::query_scalar("select exists(select 1 from orders where id = $1)").bind(id).fetch_one(&mut *conn).await?;
    if found { Ok(()) } else { Err(not_found()) }
}

/// Locks order `id` until the transaction ends, so writers of the order take turns; 4004
/// 订单不存在 when there is none.
pub async fn lock(tx: &mut PgConnection, id: i64) -> Result<()> {
    if locked(tx, id).await? { Ok(()) } else { Err(not_found()) }
}

/// Locks order `id` until the transaction ends; false when there is none. For work that
/// answers a missing order its own way (an import's refusal, a job's skip).
pub async fn locked(tx: &mut PgConnection, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("select id from orders where id = $1 for update").bind(id).fetch_optional(&mut *tx).await?;
    Ok(found.is_some())
}

/// A day as `YYYY-MM-DD`, written as the order's reads write it (Postgres'
/// `to_char(d, 'YYYY-MM-DD')`), so the log's texts and an edit's kept fields read the same.
pub fn day_text(d: NaiveDate) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}
