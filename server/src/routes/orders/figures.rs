//! The figures of orders (DESIGN §4): issued GRP and spots from the viewing rows in the lake
//! that match each order, remaining spots from its schedule, and the formulas of
//! `adeval_engine::orders` over them.
//!
//! A viewing row matches an order when it is of the order's media and default audience
//! group, aired on a broadcast day of the cycle, carries one of the order's titles (its tapes'
//! media file names, tape numbers and customer titles, or the product name), is of the side's
//! data ownership (customer 1, media 2) and, when the order names them, of its data category
//! and source. Viewing estimates per time-period class are not kept yet: remaining spots add
//! nothing and are reported as unestimated.

use adeval_engine::orders::{FreeCalc, Remaining, SideFigures, SideInput, side_figures};
use adeval_engine::{IssuedTotals, ViewingFilter};
use chrono::NaiveDate;

use super::rows::{Figures, OrderRow};
use crate::http::Result;
use crate::lake::{self, customer::DATASET};
use crate::state::AppState;

/// Computes the figures of `orders` in place.
pub async fn fill(state: &AppState, orders: &mut [OrderRow]) -> Result<()> {
    if orders.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
    // Planned spots from the assessment date (today until one is set) on, not withdrawn.
    let remaining: Vec<(i64, i64)> = sqlx::query_as(
        "select l.order_id, coalesce(sum(c.point), 0)::int8
         from order_lines l
         join orders o on o.id = l.order_id
         join order_cells c on c.line_id = l.id
         where l.order_id = any($1) and c.ymd >= coalesce(o.estimate_date, current_date) and c.value <> '撤掉'
         group by l.order_id",
    )
    .bind(&ids)
    .fetch_all(&state.db)
    .await?;
    let snapshot = lake::snapshot(&state.db, DATASET).await?;
    let filters: Vec<[ViewingFilter; 2]> = orders.iter().map(|o| [1, 2].map(|side| filter(o, side))).collect();
    let lake = state.lake.clone();
    let totals: Vec<[IssuedTotals; 2]> = tokio::task::spawn_blocking(move || {
        filters
            .iter()
            .map(|[c, m]| Ok([lake.viewing_totals(&snapshot, c)?, lake.viewing_totals(&snapshot, m)?]))
            .collect::<adeval_engine::Result<Vec<_>>>()
    })
    .await
    .map_err(anyhow::Error::from)?
    .map_err(anyhow::Error::from)?;
    for (order, [customer, media]) in orders.iter_mut().zip(totals) {
        let spots = remaining.iter().find(|(id, _)| *id == order.id).map_or(0, |(_, n)| *n as u64);
        let left = vec![Remaining { spots, estimate: None }];
        let c = side_figures(&input(
            order.customer_free_broadcast_calculation,
            order.customer_free_broadcast_value,
            order.customer_metrics,
            customer,
            left.clone(),
        ));
        let m = side_figures(&input(
            order.media_free_broadcast_calculation,
            order.media_free_broadcast_value,
            order.media_metrics,
            media,
            left,
        ));
        order.figures = figures(&c, &m, customer.spots, media.spots);
    }
    Ok(())
}

/// The viewing rows of one side of an order.
fn filter(order: &OrderRow, belonging_to: i16) -> ViewingFilter {
    let mut titles: Vec<String> = order
        .tapes
        .iter()
        .flat_map(|t| [&t.media_file_name, &t.media_tape_number, &t.customer_title])
        .chain([&order.product_name])
        .filter(|t| !t.trim().is_empty())
        .map(|t| t.trim().to_owned())
        .collect();
    titles.sort();
    titles.dedup();
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok();
    ViewingFilter {
        media_id: Some(order.media_id),
        audience_group_id: Some(order.default_id),
        belonging_to: Some(belonging_to),
        category: order.category,
        source: order.source,
        titles: Some(titles),
        from: day(&order.cycle_time_add),
        to: day(&order.cycle_time_end),
        ..ViewingFilter::default()
    }
}

fn input(calc: i16, value: f64, metrics: f64, issued: IssuedTotals, remaining: Vec<Remaining>) -> SideInput {
    SideInput {
        calc: FreeCalc::from_code(i64::from(calc)).unwrap_or(FreeCalc::None),
        value,
        metrics,
        issued: issued.grp,
        aired_spots: issued.spots,
        positioned_spots: issued.positioned,
        top_or_bottom_three: issued.top_or_bottom_three,
        remaining,
    }
}

/// Figures are answered to 3 decimals, percentages to 2.
fn figures(c: &SideFigures, m: &SideFigures, c_spots: u64, m_spots: u64) -> Figures {
    let r3 = adeval_engine::orders::round3;
    let pct = |p: Option<f64>| p.map(|p| (p * 100.0).round() / 100.0);
    Figures {
        customer_free_broadcast: r3(c.free),
        customer_target: r3(c.target),
        customer_issued_grp: r3(c.issued),
        customer_aired_spots: c_spots,
        customer_expected_completion: r3(c.expected.normal),
        customer_expected_low: r3(c.expected.low),
        customer_expected_high: r3(c.expected.high),
        customer_difference: r3(c.difference.normal),
        customer_overplay: pct(c.overplay_pct.normal),
        customer_theatres: c.theatres.normal,
        customer_already_upside_down_three: pct(c.top_or_bottom_three_pct),
        customer_unestimated_spots: c.unestimated_spots,
        media_free_broadcast: r3(m.free),
        media_target: r3(m.target),
        media_issued_grp: r3(m.issued),
        media_aired_spots: m_spots,
        media_expected_completion: r3(m.expected.normal),
        media_expected_low: r3(m.expected.low),
        media_expected_high: r3(m.expected.high),
        media_difference: r3(m.difference.normal),
        media_overplay: pct(m.overplay_pct.normal),
        media_theatres: m.theatres.normal,
        media_already_upside_down_three: pct(m.top_or_bottom_three_pct),
        media_unestimated_spots: m.unestimated_spots,
    }
}
