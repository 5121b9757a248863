//! One side's figures month by month (orderSummaryList, docs/evaluation.md "Figures per
//! month"): the side's target split over the months by planned spots, and per month the
//! issued GRP, expected completion, difference, overplay and theatres in the three scenarios,
//! with a total that is the order's own figures ([`super::side_figures`]).
//!
//! A month's theatres divide its difference by the order-wide average GRP per aired spot, not
//! the month's own: a month with few aired spots (or none yet, the usual case for a month still
//! to come) would otherwise give a wild count or none at all, while the question a month's
//! theatres answer — how many spots of the kind this order gets to add or withdraw there — has
//! one answer for the whole order.

use super::{Remaining, Triple};

/// The expected completion of a side and what follows from it, per scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenarios {
    /// issued + Σ remaining spots × the class's estimate.
    pub expected: Triple<f64>,
    /// expected − target.
    pub difference: Triple<f64>,
    /// difference ÷ target × 100; `None` without a target.
    pub overplay_pct: Triple<Option<f64>>,
    /// difference ÷ the average GRP per spot, truncated; `None` without an average.
    pub theatres: Triple<Option<i64>>,
    /// Remaining spots, and those of them whose class has no estimate (they add 0).
    pub remaining_spots: u64,
    pub unestimated_spots: u64,
}

/// The average issued GRP per aired spot; `None` before a spot with GRP has aired.
pub fn per_spot(issued: f64, aired_spots: u64) -> Option<f64> {
    (aired_spots > 0 && issued > 0.0).then(|| issued / aired_spots as f64)
}

/// The share of aired spots with a known position that aired in the top or bottom three,
/// × 100; `None` without a known position.
pub fn top_or_bottom_three_pct(positioned_spots: u64, top_or_bottom_three: u64) -> Option<f64> {
    (positioned_spots > 0).then(|| top_or_bottom_three as f64 / positioned_spots as f64 * 100.0)
}

/// Expected completion, difference, overplay and theatres against `target`.
pub fn scenarios(target: f64, issued: f64, remaining: &[Remaining], per_spot: Option<f64>) -> Scenarios {
    let mut expected = Triple { normal: issued, low: issued, high: issued };
    let (mut remaining_spots, mut unestimated_spots) = (0, 0);
    for r in remaining {
        remaining_spots += r.spots;
        match r.estimate {
            Some(e) => {
                let n = r.spots as f64;
                expected.normal += n * e.normal;
                expected.low += n * e.low;
                expected.high += n * e.high;
            }
            None => unestimated_spots += r.spots,
        }
    }
    let difference = expected.map(|e| e - target);
    let overplay_pct = difference.map(|d| (target != 0.0).then(|| d / target * 100.0));
    let theatres = difference.map(|d| per_spot.map(|p| (d / p).trunc() as i64));
    Scenarios { expected, difference, overplay_pct, theatres, remaining_spots, unestimated_spots }
}

/// A side's target split over the months: each month's share is target × its planned spots ÷
/// the cycle's planned spots. With nothing planned at all the split follows the cycle's days in
/// each month instead, so the months still add up to the target; with neither, every month is 0.
pub fn month_targets(target: f64, planned: &[u64], days: &[u64]) -> Vec<f64> {
    let weights = if planned.iter().any(|&p| p > 0) { planned } else { days };
    let all: u64 = weights.iter().sum();
    weights.iter().map(|&w| if all == 0 { 0.0 } else { target * w as f64 / all as f64 }).collect()
}

/// What one month of one side is worked out from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MonthFacts {
    /// Spots planned in the month (withdrawn ones excepted) and the cycle's days in it: the
    /// target split.
    pub planned: u64,
    pub days: u64,
    /// The month's aired spots on the side's viewing data: GRP, count, with a known position,
    /// in the top or bottom three.
    pub issued: f64,
    pub aired_spots: u64,
    pub positioned_spots: u64,
    pub top_or_bottom_three: u64,
    /// The month's remaining spots per time-period class, with the class's estimate.
    pub remaining: Vec<Remaining>,
}

/// The figures of a month, or of the total.
#[derive(Debug, Clone, PartialEq)]
pub struct MonthFigures {
    pub target: f64,
    pub issued: f64,
    pub aired_spots: u64,
    pub positioned_spots: u64,
    pub top_or_bottom_three: u64,
    pub top_or_bottom_three_pct: Option<f64>,
    pub planned: u64,
    pub scenarios: Scenarios,
}

/// Each month's figures, then the total's, for a side whose target is `target`. The total
/// sums the months' facts and is worked out by the same formula against the whole target:
/// its expected completion and difference are the months' sums, and it equals the side's
/// figures of the order list.
pub fn month_figures(target: f64, months: &[MonthFacts]) -> (Vec<MonthFigures>, MonthFigures) {
    let planned: Vec<u64> = months.iter().map(|m| m.planned).collect();
    let days: Vec<u64> = months.iter().map(|m| m.days).collect();
    let targets = month_targets(target, &planned, &days);
    let mut total = MonthFacts::default();
    for m in months {
        total.planned += m.planned;
        total.issued += m.issued;
        total.aired_spots += m.aired_spots;
        total.positioned_spots += m.positioned_spots;
        total.top_or_bottom_three += m.top_or_bottom_three;
        total.remaining.extend_from_slice(&m.remaining);
    }
    let average = per_spot(total.issued, total.aired_spots);
    let figures = |target: f64, m: &MonthFacts| MonthFigures {
        target,
        issued: m.issued,
        aired_spots: m.aired_spots,
        positioned_spots: m.positioned_spots,
        top_or_bottom_three: m.top_or_bottom_three,
        top_or_bottom_three_pct: top_or_bottom_three_pct(m.positioned_spots, m.top_or_bottom_three),
        planned: m.planned,
        scenarios: scenarios(target, m.issued, &m.remaining, average),
    };
    let rows = months.iter().zip(targets).map(|(m, t)| figures(t, m)).collect();
    (rows, figures(target, &total))
}

/// Whether a side's expected (normal) completion is more than 5 % below its target: the goal
/// alert's condition. No target, no alert.
pub fn below_goal(expected: f64, target: f64) -> bool {
    target > 0.0 && expected < target * 0.95
}

#[cfg(test)]
mod tests;
