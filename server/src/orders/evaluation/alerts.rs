//! Goal alerts (docs/evaluation.md "Goal alerts"): when a side's expected
//! (normal) completion falls more than 5 % below its target
//! ([`adeval_engine::orders::months::below_goal`]), the order's creator and every `*` account
//! get a `user` message, once per crossing; back at or above the line, the state resets
//! silently so the next fall alerts again.
//!
//! Checked where figures move, never where they are read (reads never write): after every write
//! that can move an order's figures ([`after_write`], [`after_cell_write`], and
//! [`after_data_change`] for viewing data and rating series, which any order may read), and by
//! housekeeping for every order ([`check_all`]), since the date moves the remaining spots and
//! some changes (master data, another process's import) have no hook here. An order is checked
//! once it plans spots: without a schedule it expects nothing yet, and would otherwise alert
//! the moment it is created. The figures are the order list's ([`crate::orders::figures`]).
//! The state flips in one conditional upsert per side, so of concurrent checks (requests,
//! housekeeping, other server processes) that see the same crossing exactly one gets the row
//! back and sends the messages, in the same transaction.

use adeval_engine::grp::{self, Units, of_units};
use adeval_engine::orders::months::below_goal;
use chrono::NaiveDate;
use sqlx::PgPool;

use crate::orders::figures::{self, OrderFacts, Terms};
use crate::reads::Reads;

/// Orders checked at once by [`check_all`]: one figures computation each.
const PAGE: i64 = 200;

/// After a write that may have moved the figures of `orders`: checks their goals. A failure is
/// logged, not answered: the write is done, and housekeeping checks again.
pub async fn after_write(db: &PgPool, reads: &Reads, orders: &[i64]) {
    if let Err(e) = check_orders(db, reads, orders).await {
        tracing::warn!(error = ?e, ?orders, "checking goal alerts after a write");
    }
}

/// As [`after_write`], for the order of a cell (a write that names only the cell).
pub async fn after_cell_write(db: &PgPool, reads: &Reads, cell: i64) {
    let order: sqlx::Result<Option<i64>> =
        sqlx::query_scalar("select l.order_id from order_cells c join order_lines l on l.id = c.line_id where c.id = $1")
            .bind(cell)
            .fetch_optional(db)
            .await;
    match order {
        Ok(Some(order)) => after_write(db, reads, &[order]).await,
        Ok(None) => {}
        Err(e) => tracing::warn!(error = ?e, cell, "checking goal alerts after a cell write"),
    }
}

/// After viewing rows or rating series were imported or deleted: any order may read them.
pub async fn after_data_change(db: &PgPool, reads: &Reads) {
    if let Err(e) = check_all(db, reads).await {
        tracing::warn!(error = ?e, "checking goal alerts after a data change");
    }
}

/// Checks every order, [`PAGE`] at a time.
pub async fn check_all(db: &PgPool, reads: &Reads) -> anyhow::Result<()> {
    let mut after = 0_i64;
    loop {
        let ids: Vec<i64> = sqlx::query_scalar("select id from orders where id > $1 order by id limit $2")
            .bind(after)
            .bind(PAGE)
            .fetch_all(db)
            .await?;
        let Some(&last) = ids.last() else { return Ok(()) };
        check_orders(db, reads, &ids).await?;
        after = last;
    }
}

/// What an order's figures are computed from, as stored.
#[derive(sqlx::FromRow)]
struct Facts {
    id: i64,
    media_id: i64,
    default_group_id: i64,
    group_name: String,
    product_name: String,
    cycle_start: NaiveDate,
    cycle_end: NaiveDate,
    category: Option<i16>,
    source: Option<i16>,
    customer_free_calc: i16,
    customer_free_value: f64,
    customer_metrics: f64,
    media_free_calc: i16,
    media_free_value: f64,
    media_metrics: f64,
}

/// Computes the figures of those of `orders` that plan spots and checks both sides' goals.
pub async fn check_orders(db: &PgPool, reads: &Reads, orders: &[i64]) -> anyhow::Result<()> {
    let facts: Vec<Facts> = sqlx::query_as(
        "select o.id, o.media_id, o.default_group_id, g.group_name, p.product_name, o.cycle_start, o.cycle_end,
                o.category, o.source, o.customer_free_calc, o.customer_free_value::float8 as customer_free_value,
                o.customer_metrics::float8 as customer_metrics, o.media_free_calc,
                o.media_free_value::float8 as media_free_value, o.media_metrics::float8 as media_metrics
         from orders o join products p on p.id = o.product_id join audience_groups g on g.id = o.default_group_id
         where o.id = any($1)
           and exists (select 1 from order_lines l join order_cells c on c.line_id = l.id
                       where l.order_id = o.id and c.point > 0 and c.value <> '撤掉')
         order by o.id",
    )
    .bind(orders)
    .fetch_all(db)
    .await?;
    if facts.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = facts.iter().map(|f| f.id).collect();
    let tapes: Vec<(i64, String, String, String)> = sqlx::query_as(
        "select ot.order_id, t.media_file_name, t.media_tape_number, t.customer_title
         from order_tapes ot join product_tapes t on t.id = ot.tape_id where ot.order_id = any($1) order by ot.order_id, ot.position",
    )
    .bind(&ids)
    .fetch_all(db)
    .await?;
    let of = |f: &Facts| -> Vec<[&str; 3]> {
        tapes.iter().filter(|t| t.0 == f.id).map(|t| [t.1.as_str(), t.2.as_str(), t.3.as_str()]).collect()
    };
    let orders: Vec<OrderFacts> = facts
        .iter()
        .map(|f| OrderFacts {
            id: f.id,
            media_id: f.media_id,
            default_group_id: f.default_group_id,
            default_group_name: &f.group_name,
            tapes: of(f),
            product_name: &f.product_name,
            cycle: (Some(f.cycle_start), Some(f.cycle_end)),
            category: f.category,
            source: f.source,
            customer: Terms { calc: f.customer_free_calc, value: f.customer_free_value, metrics: f.customer_metrics },
            media: Terms { calc: f.media_free_calc, value: f.media_free_value, metrics: f.media_metrics },
        })
        .collect();
    let computed = figures::compute(db, reads, &orders).await?;
    let checks: Vec<GoalCheck> = facts
        .iter()
        .zip(&computed)
        .flat_map(|(f, x)| {
            // A side with nothing to expect from (no expectation) is not checked.
            let side = |belonging_to, expected: Option<f64>, target: f64| {
                let (expected, target) = (grp::units(expected?), grp::units(target));
                Some(GoalCheck { order_id: f.id, belonging_to, product_name: &f.product_name, expected, target })
            };
            [side(1, x.customer_expected_completion, x.customer_target), side(2, x.media_expected_completion, x.media_target)]
                .into_iter()
                .flatten()
        })
        .collect();
    check(db, &checks).await
}

/// One side of one order as its figures were just computed (as the order list shows them).
#[derive(Debug, Clone)]
pub struct GoalCheck<'a> {
    pub order_id: i64,
    /// 1 customer, 2 media.
    pub belonging_to: i16,
    pub product_name: &'a str,
    /// GRP, exact.
    pub expected: Units,
    pub target: Units,
}

/// Records where each side stands and messages the sides that just crossed below.
async fn check(db: &PgPool, checks: &[GoalCheck<'_>]) -> anyhow::Result<()> {
    if checks.is_empty() {
        return Ok(());
    }
    // Rows are locked in one order by every request, so two pages never wait on each other.
    let mut sorted: Vec<&GoalCheck> = checks.iter().collect();
    sorted.sort_by_key(|c| (c.order_id, c.belonging_to));
    let (below, above): (Vec<&GoalCheck>, Vec<&GoalCheck>) = sorted.into_iter().partition(|c| below_goal(c.expected, c.target));
    let mut tx = db.begin().await?;
    if !above.is_empty() {
        let (orders, sides): (Vec<i64>, Vec<i16>) = above.iter().map(|c| (c.order_id, c.belonging_to)).unzip();
        sqlx::query(
            "update order_goal_alerts a set below = false
             from unnest($1::int8[], $2::int2[]) as s(order_id, belonging_to)
             where a.order_id = s.order_id and a.belonging_to = s.belonging_to and a.below",
        )
        .bind(&orders)
        .bind(&sides)
        .execute(&mut *tx)
        .await?;
    }
    if !below.is_empty() {
        let (orders, sides): (Vec<i64>, Vec<i16>) = below.iter().map(|c| (c.order_id, c.belonging_to)).unzip();
        let mut crossed: Vec<(i64, i16)> = sqlx::query_as(
            "insert into order_goal_alerts (order_id, belonging_to, below)
             select s.order_id, s.belonging_to, true from unnest($1::int8[], $2::int2[]) as s(order_id, belonging_to)
             where exists(select 1 from orders o where o.id = s.order_id)
             on conflict (order_id, belonging_to) do update set below = true where not order_goal_alerts.below
             returning order_id, belonging_to",
        )
        .bind(&orders)
        .bind(&sides)
        .fetch_all(&mut *tx)
        .await?;
        // Messages in order and side order, whatever order the upsert answered in.
        crossed.sort_unstable();
        for (order, side) in crossed {
            let Some(c) = below.iter().find(|c| c.order_id == order && c.belonging_to == side) else { continue };
            let recipients: Vec<i64> = sqlx::query_scalar(
                "select a.id from admins a
                 where a.status = 1 and (a.rule_id = '*' or a.id = (select created_by from orders where id = $1))
                 order by a.id",
            )
            .bind(order)
            .fetch_all(&mut *tx)
            .await?;
            let text = message(c);
            for admin in recipients {
                crate::messages::notify_in(&mut tx, admin, &text, crate::realtime::Level::Warning).await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

/// `订单「{productName}」{客户|媒体}预计完成 {expected} 低于目标 {target} 超过 5%`, the figures
/// as the list shows them.
pub fn message(c: &GoalCheck) -> String {
    let side = if c.belonging_to == 2 { "媒体" } else { "客户" };
    format!("订单「{}」{side}预计完成 {} 低于目标 {} 超过 5%", c.product_name, of_units(c.expected), of_units(c.target))
}
