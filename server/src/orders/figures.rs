//! The figures of orders (docs/evaluation.md): issued GRP and spots from the
//! viewing rows in the lake that match each order, remaining spots from its schedule, and the
//! formulas of `adeval_engine::orders` over them.
//!
//! Which viewing rows are an order's is the engine's rule ([`OrderMatch`]): the order's media
//! and default audience group (by id, or by name for rows stored without one), its titles (its tapes' media file names, tape numbers and
//! customer titles, and the product name), the broadcast days of its cycle, the side's data
//! ownership (customer 1, media 2) and, when the order names them, its data category and
//! source. All orders asked for at once are matched in one scan of a snapshot kept until the
//! manifest changes. Remaining spots are counted per time-period class and valued at the
//! class's estimate ([`crate::orders::estimates`]); spots of a class without one add nothing
//! and are reported as unestimated. Computing them writes nothing: the goal alerts are
//! checked where figures move ([`crate::orders::evaluation::alerts`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use adeval_engine::grp::{self, of_units};
use adeval_engine::orders::{FreeCalc, Remaining, SideFigures, SideInput, Triple, side_figures};
use adeval_engine::{Dataset, IssuedTotals, OrderMatch, Side};
use anyhow::Context;
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::orders::estimates::{self, EstimateScope};
use crate::orders::kept::{Answer, Wanted};
use crate::orders::evaluation::schedule::{ClassSpots, class_spots, remaining};
use crate::orders::evaluation::ledger::{self, Tally};
use crate::orders::evaluation::spots::{Data, spots_of};
use crate::orders::matching::order_match;
use crate::reads::Reads;

/// One side's contract: how free broadcast is computed, its value, the contracted GRP.
#[derive(Debug, Clone, Copy)]
pub struct Terms {
    pub calc: i16,
    pub value: f64,
    pub metrics: f64,
}

/// What an order's figures are computed from.
#[derive(Debug, Clone)]
pub struct OrderFacts<'a> {
    pub id: i64,
    pub media_id: i64,
    pub default_group_id: i64,
    /// The default group's name: customer rows naming a group several brands share are stored
    /// without a group id and match by it.
    pub default_group_name: &'a str,
    /// Each tape's media file name, tape number and customer title.
    pub tapes: Vec<[&'a str; 3]>,
    pub product_name: &'a str,
    pub cycle: (Option<NaiveDate>, Option<NaiveDate>),
    pub category: Option<i16>,
    pub source: Option<i16>,
    pub customer: Terms,
    pub media: Terms,
}

impl OrderFacts<'_> {
    /// The viewing rows of the order.
    pub fn matching(&self) -> OrderMatch {
        let tapes = self.tapes.iter().flatten().copied();
        let group = (self.default_group_id, self.default_group_name);
        order_match(self.media_id, group, tapes, self.product_name, self.cycle, (self.category, self.source))
    }
}

/// The customer and media figures of an order (docs/evaluation.md): each field twice, prefixed
/// `customer` (data ownership 1) and `media` (data ownership 2), as the spec names them.
#[derive(Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    /// Free broadcast GRP.
    pub customer_free_broadcast: f64,
    /// Metrics plus free broadcast.
    pub customer_target: f64,
    /// Σ GRP of the aired spots on this side's viewing data, a verified cell's manual GRP in place of its spots (4 decimals, exact).
    pub customer_issued_grp: f64,
    /// Aired spots counted in the issued GRP.
    pub customer_aired_spots: u64,
    /// Expected completion, normal, GRP; null when nothing aired and no remaining spot has an estimate.
    pub customer_expected_completion: Option<f64>,
    /// Expected completion, low.
    pub customer_expected_low: Option<f64>,
    /// Expected completion, high.
    pub customer_expected_high: Option<f64>,
    /// Expected completion − target (normal); negative shows red; null with the expected completion.
    pub customer_difference: Option<f64>,
    /// Difference ÷ target × 100 (normal); null without a target.
    pub customer_overplay: Option<f64>,
    /// Spots that could be withdrawn (positive) or must be added (negative); null before a spot with GRP aired.
    pub customer_theatres: Option<i64>,
    /// 已播正负三 %: aired spots in positions 1–3 from either end of the break ÷ aired spots with a known position × 100.
    pub customer_already_upside_down_three: Option<f64>,
    /// Remaining spots whose time-period class has no estimate, counted as 0 GRP.
    pub customer_unestimated_spots: u64,
    /// Expected completion − target, low.
    pub customer_difference_low: Option<f64>,
    /// Expected completion − target, high.
    pub customer_difference_high: Option<f64>,
    /// Difference ÷ target × 100, low; null without a target.
    pub customer_overplay_low: Option<f64>,
    /// Difference ÷ target × 100, high; null without a target.
    pub customer_overplay_high: Option<f64>,
    /// Theatres, low; null before a spot with GRP aired.
    pub customer_theatres_low: Option<i64>,
    /// Theatres, high; null before a spot with GRP aired.
    pub customer_theatres_high: Option<i64>,
    /// Free broadcast GRP.
    pub media_free_broadcast: f64,
    /// Metrics plus free broadcast.
    pub media_target: f64,
    /// Σ GRP of the aired spots on this side's viewing data, a verified cell's manual GRP in place of its spots (4 decimals, exact).
    pub media_issued_grp: f64,
    /// Aired spots counted in the issued GRP.
    pub media_aired_spots: u64,
    /// Expected completion, normal, GRP; null when nothing aired and no remaining spot has an estimate.
    pub media_expected_completion: Option<f64>,
    /// Expected completion, low.
    pub media_expected_low: Option<f64>,
    /// Expected completion, high.
    pub media_expected_high: Option<f64>,
    /// Expected completion − target (normal); negative shows red; null with the expected completion.
    pub media_difference: Option<f64>,
    /// Difference ÷ target × 100 (normal); null without a target.
    pub media_overplay: Option<f64>,
    /// Spots that could be withdrawn (positive) or must be added (negative); null before a spot with GRP aired.
    pub media_theatres: Option<i64>,
    /// 已播正负三 %: aired spots in positions 1–3 from either end of the break ÷ aired spots with a known position × 100.
    pub media_already_upside_down_three: Option<f64>,
    /// Remaining spots whose time-period class has no estimate, counted as 0 GRP.
    pub media_unestimated_spots: u64,
    /// Expected completion − target, low.
    pub media_difference_low: Option<f64>,
    /// Expected completion − target, high.
    pub media_difference_high: Option<f64>,
    /// Difference ÷ target × 100, low; null without a target.
    pub media_overplay_low: Option<f64>,
    /// Difference ÷ target × 100, high; null without a target.
    pub media_overplay_high: Option<f64>,
    /// Theatres, low; null before a spot with GRP aired.
    pub media_theatres_low: Option<i64>,
    /// Theatres, high; null before a spot with GRP aired.
    pub media_theatres_high: Option<i64>,
}

/// The figures of `orders`, in their order, at the lake's current version.
pub async fn compute(db: &PgPool, reads: &Reads, orders: &[OrderFacts<'_>]) -> anyhow::Result<Vec<Figures>> {
    Ok(compute_as(db, reads, orders, Wanted::Current).await?.0)
}

/// The figures of `orders`, in their order, with the lake's parts taken as `wanted` says
/// ([`crate::orders::kept`]); `true` with them when some part is the previous lake version's
/// (the order list shows those figures as being updated).
pub async fn compute_as(db: &PgPool, reads: &Reads, orders: &[OrderFacts<'_>], wanted: Wanted) -> anyhow::Result<(Vec<Figures>, bool)> {
    if orders.is_empty() {
        return Ok((Vec::new(), false));
    }
    let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
    // Planned spots per class from the assessment date (today until one is set) on, not
    // withdrawn; each side values them at its class estimates.
    let scope = |belonging_to: i16| {
        move |id: i64| {
            let o = orders.iter().find(|o| o.id == id);
            EstimateScope { belonging_to, category: o.and_then(|o| o.category), source: o.and_then(|o| o.source) }
        }
    };
    let (spots, totals, estimates) = tokio::try_join!(
        async { Ok(class_spots(db, &ids).await?) },
        issued(db, reads, orders.iter().map(OrderFacts::matching).collect(), wanted),
        estimates::for_orders(db, reads, &ids, [scope(1), scope(2)], wanted),
    )?;
    let previous = totals.previous || estimates.previous;
    let [customer_estimates, media_estimates] = estimates.values;
    let totals = with_own_data(db, reads, orders, totals.values).await?;
    let mut by_order: HashMap<i64, Vec<ClassSpots>> = HashMap::new();
    for s in spots {
        by_order.entry(s.order_id).or_default().push(s);
    }
    let figures: Vec<Figures> = orders
        .iter()
        .zip(totals)
        .map(|(order, [customer, media])| {
            let own = || by_order.get(&order.id).into_iter().flatten();
            let c = side_figures(&input(order.customer, customer, remaining(own(), customer_estimates.get(&order.id))));
            let m = side_figures(&input(order.media, media, remaining(own(), media_estimates.get(&order.id))));
            figures(&c, &m, customer.spots, media.spots)
        })
        .collect();
    Ok((figures, previous))
}

/// The issued totals with each order's own data over the lake's rows: an order with customer
/// data attached, 正负三 positions uploaded or a verified cell's manual GRP has its totals
/// tallied from its ledger ([`super::evaluation::ledger`]), as the summary dialog tallies
/// them, so the list and the dialog agree. Few orders have any; the rest keep the totals of
/// the one scan, which equal their ledger's.
async fn with_own_data(db: &PgPool, reads: &Reads, orders: &[OrderFacts<'_>], totals: Vec<[IssuedTotals; 2]>) -> anyhow::Result<Vec<[Tally; 2]>> {
    let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
    let mut own: Vec<i64> = sqlx::query_scalar(
        "select order_id from order_customer_attachments where order_id = any($1)
         union select order_id from order_positions where order_id = any($1)",
    )
    .bind(&ids)
    .fetch_all(db)
    .await?;
    own.extend(ledger::with_manual_grp(db, &ids).await?);
    let mut out = Vec::with_capacity(orders.len());
    for (order, scanned) in orders.iter().zip(totals) {
        if !own.contains(&order.id) {
            out.push(scanned.map(tally));
            continue;
        }
        let schedule = ledger::schedule_for_tally(db, order.id).await?;
        let tapes = crate::orders::summary::stored::tapes(db, order.id).await?;
        let mut sides = [Tally::default(); 2];
        for (side, slot) in Side::BOTH.into_iter().zip(sides.iter_mut()) {
            let data = Data { side, category: order.category, source: order.source };
            let aired = spots_of(db, reads, order.id, order.matching(), data).await?;
            let named = ledger::named_tapes(&aired, &tapes, order.product_name);
            *slot = ledger::ledger(&aired, &named, &schedule).tally(|_| true);
        }
        out.push(sides);
    }
    Ok(out)
}

/// The scan's totals as a tally: its GRP sum kept to the lake's 4 decimals.
fn tally(t: IssuedTotals) -> Tally {
    Tally { grp: grp::units(t.grp), spots: t.spots, positioned: t.positioned, top_or_bottom_three: t.top_or_bottom_three }
}

/// The issued totals of each order, `[customer, media]`: kept by manifest version, the rest in
/// one engine call (`super::issued`); the per-order way when the bench asks for it as its peer.
async fn issued(db: &PgPool, reads: &Reads, orders: Vec<OrderMatch>, wanted: Wanted) -> anyhow::Result<Answer<[IssuedTotals; 2]>> {
    if !per_order() {
        return super::issued::issued(db, (&reads.lake, &reads.snapshots), &reads.issued, orders, wanted).await;
    }
    let lake = reads.lake.clone();
    let snapshot = crate::lake::snapshot(db, Dataset::Viewing).await?;
    let totals = crate::lake::blocking(move || lake.issued_totals_per_order(&snapshot, &orders)).await?;
    Ok(Answer { values: totals.context("the orders' issued totals")?, previous: false })
}

/// `ADEVAL_BENCH_FIGURES_PER_ORDER=1`, read once: the bench's peer, the way figures were
/// computed per order (every deletion read from Postgres on each request, two scans an
/// order). Nothing else sets it; results are the same either way, only slower.
fn per_order() -> bool {
    static PER_ORDER: OnceLock<bool> = OnceLock::new();
    *PER_ORDER.get_or_init(|| std::env::var("ADEVAL_BENCH_FIGURES_PER_ORDER").is_ok_and(|v| v == "1"))
}

fn input(terms: Terms, issued: Tally, remaining: Vec<Remaining>) -> SideInput {
    SideInput {
        calc: FreeCalc::from_code(i64::from(terms.calc)).unwrap_or(FreeCalc::None),
        value: terms.value,
        metrics: terms.metrics,
        issued: issued.grp,
        aired_spots: issued.spots,
        positioned_spots: issued.positioned,
        top_or_bottom_three: issued.top_or_bottom_three,
        remaining,
    }
}

/// GRP figures are answered exactly, to the lake's 4 decimals; percentages to 2.
fn figures(c: &SideFigures, m: &SideFigures, c_spots: u64, m_spots: u64) -> Figures {
    let pick = |t: Option<Triple<i64>>, f: fn(&Triple<i64>) -> i64| t.as_ref().map(|t| of_units(f(t)));
    Figures {
        customer_free_broadcast: of_units(c.free),
        customer_target: of_units(c.target),
        customer_issued_grp: of_units(c.issued),
        customer_aired_spots: c_spots,
        customer_expected_completion: pick(c.expected, |t| t.normal),
        customer_expected_low: pick(c.expected, |t| t.low),
        customer_expected_high: pick(c.expected, |t| t.high),
        customer_difference: pick(c.difference, |t| t.normal),
        customer_overplay: c.overplay_pct.normal,
        customer_theatres: c.theatres.normal,
        customer_already_upside_down_three: c.top_or_bottom_three_pct,
        customer_unestimated_spots: c.unestimated_spots,
        customer_difference_low: pick(c.difference, |t| t.low),
        customer_difference_high: pick(c.difference, |t| t.high),
        customer_overplay_low: c.overplay_pct.low,
        customer_overplay_high: c.overplay_pct.high,
        customer_theatres_low: c.theatres.low,
        customer_theatres_high: c.theatres.high,
        media_free_broadcast: of_units(m.free),
        media_target: of_units(m.target),
        media_issued_grp: of_units(m.issued),
        media_aired_spots: m_spots,
        media_expected_completion: pick(m.expected, |t| t.normal),
        media_expected_low: pick(m.expected, |t| t.low),
        media_expected_high: pick(m.expected, |t| t.high),
        media_difference: pick(m.difference, |t| t.normal),
        media_overplay: m.overplay_pct.normal,
        media_theatres: m.theatres.normal,
        media_already_upside_down_three: m.top_or_bottom_three_pct,
        media_unestimated_spots: m.unestimated_spots,
        media_difference_low: pick(m.difference, |t| t.low),
        media_difference_high: pick(m.difference, |t| t.high),
        media_overplay_low: m.overplay_pct.low,
        media_overplay_high: m.overplay_pct.high,
        media_theatres_low: m.theatres.low,
        media_theatres_high: m.theatres.high,
    }
}
