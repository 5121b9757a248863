//! Goal alerts (DESIGN §5.3): when a side's expected (normal) completion falls more than 5 %
//! below its target ([`adeval_engine::orders::months::below_goal`]), the order's creator and
//! every `*` account get a `user` message, once per crossing; back at or above the line, the
//! state resets silently so the next fall alerts again.
//!
//! Checked wherever a side's figures are computed (the order list's page, orderInfo,
//! orderSummaryList), once the order plans spots: an order without a schedule expects nothing
//! yet, and would otherwise alert the moment it is created.
//! The state flips in one conditional upsert per side, so of concurrent requests that see the
//! same crossing exactly one gets the row back and sends the messages, in the same transaction.

use adeval_engine::grp::{Units, of_units};
use adeval_engine::orders::months::below_goal;

use crate::state::AppState;

/// One side of one order as its figures were just computed.
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
pub async fn check(state: &AppState, checks: &[GoalCheck<'_>]) -> anyhow::Result<()> {
    if checks.is_empty() {
        return Ok(());
    }
    // Rows are locked in one order by every request, so two pages never wait on each other.
    let mut sorted: Vec<&GoalCheck> = checks.iter().collect();
    sorted.sort_by_key(|c| (c.order_id, c.belonging_to));
    let (below, above): (Vec<&GoalCheck>, Vec<&GoalCheck>) = sorted.into_iter().partition(|c| below_goal(c.expected, c.target));
    let mut tx = state.db.begin().await?;
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
        let crossed: Vec<(i64, i16)> = sqlx::query_as(
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
                crate::messages::notify_in(&mut tx, admin, &text).await?;
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
