//! The figures of the order rows a call answers: each row's facts handed to
//! [`crate::orders::figures`], which computes them all at once.

use chrono::NaiveDate;

use super::rows::OrderRow;
use crate::error::Result;
use crate::orders::figures::{OrderFacts, Terms, compute_as};
use crate::orders::kept::Wanted;
use crate::state::AppState;

/// Computes the figures of `orders` in place, at the lake's current version.
pub async fn fill(state: &AppState, orders: &mut [OrderRow]) -> Result<()> {
    fill_as(state, orders, Wanted::Current).await
}

/// The order list's figures: while those of a new lake version are being computed, the
/// previous version's, each row marked `recomputing` (docs/api.md, orderList).
pub async fn fill_listed(state: &AppState, orders: &mut [OrderRow]) -> Result<()> {
    fill_as(state, orders, Wanted::OrPrevious).await
}

async fn fill_as(state: &AppState, orders: &mut [OrderRow], wanted: Wanted) -> Result<()> {
    let facts: Vec<OrderFacts> = orders.iter().map(facts).collect();
    let (figures, previous) = compute_as(&state.db, &state.reads, &facts, wanted).await?;
    drop(facts);
    for (order, figures) in orders.iter_mut().zip(figures) {
        order.figures = figures;
        order.recomputing = previous;
    }
    Ok(())
}

fn facts(order: &OrderRow) -> OrderFacts<'_> {
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok();
    OrderFacts {
        id: order.id,
        media_id: order.media_id,
        default_group_id: order.default_id,
        default_group_name: &order.default_name,
        tapes: order.tapes.iter().map(|t| [&*t.media_file_name, &t.media_tape_number, &t.customer_title]).collect(),
        product_name: &order.product_name,
        cycle: (day(&order.cycle_time_add), day(&order.cycle_time_end)),
        category: order.category,
        source: order.source,
        customer: Terms {
            calc: order.customer_free_broadcast_calculation,
            value: order.customer_free_broadcast_value,
            metrics: order.customer_metrics,
        },
        media: Terms {
            calc: order.media_free_broadcast_calculation,
            value: order.media_free_broadcast_value,
            metrics: order.media_metrics,
        },
    }
}
