//! One side's figures month by month (orderSummaryList, docs/evaluation.md "Figures per
//! month"): the side's target split over the months by planned spots, and per month the
//! issued GRP, expected completion, difference, overplay and theatres in the three scenarios,
//! with a total that is the order's own figures ([`super::side_figures`]).
//!
//! Every GRP here is exact ([`crate::grp::Units`], ten-thousandths of a point): issued GRP is a
//! sum of kept GRPs, an estimate has 3 decimals, and the target is split into whole units
//! that add up to it. So the months' additive figures (target, issued, expected, difference)
//! add up to the total's exactly, whatever is shown; ratios are worked out from the sums.
//!
//! A month's theatres divide its difference by the order-wide average GRP per aired spot, not
//! the month's own: a month with few aired spots (or none yet, the usual case for a month still
//! to come) would otherwise give a wild count or none at all, while the question a month's
//! theatres answer — how many spots of the kind this order gets to add or withdraw there — has
//! one answer for the whole order.

use super::{Remaining, Triple};
use crate::grp::{self, Units};

/// The expected completion of a side and what follows from it, per scenario. Without a basis
/// (no aired spot and no remaining spot with an estimate anywhere in the order) there is
/// nothing to expect: expected, difference, overplay and theatres are all `None`.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenarios {
    /// issued + Σ remaining spots × the class's estimate.
    pub expected: Option<Triple<Units>>,
    /// expected − target.
    pub difference: Option<Triple<Units>>,
    /// difference ÷ target × 100, to 2 decimals; `None` without a target.
    pub overplay_pct: Triple<Option<f64>>,
    /// difference ÷ the average GRP per spot, truncated; `None` without an average.
    pub theatres: Triple<Option<i64>>,
    /// Remaining spots, and those of them whose class has no estimate (they add 0).
    pub remaining_spots: u64,
    pub unestimated_spots: u64,
}

/// What a side's GRP per aired spot is: issued GRP over aired spots; `None` before a spot
/// with GRP has aired.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PerSpot {
    pub issued: Units,
    pub spots: u64,
}

impl PerSpot {
    pub fn of(issued: Units, spots: u64) -> Option<PerSpot> {
        (spots > 0 && issued > 0).then_some(PerSpot { issued, spots })
    }

    /// `difference` ÷ this average, truncated toward zero, in integers: the same count on
    /// every machine.
    pub fn spots_in(self, difference: Units) -> i64 {
        (i128::from(difference) * i128::from(self.spots) / i128::from(self.issued)) as i64
    }
}

/// `num ÷ den × 100` to 2 decimals, halves away from zero, worked out in integers; `None`
/// when `den` is 0.
pub fn percent(num: i128, den: i128) -> Option<f64> {
    if den == 0 {
        return None;
    }
    let (n, d) = (num * 10_000, den);
    let hundredths = (n.abs() * 2 + d.abs()) / (2 * d.abs()) * (n.signum() * d.signum());
    Some(hundredths as f64 / 100.0 + 0.0)
}

/// The share of aired spots with a known position that aired in the top or bottom three,
/// × 100 to 2 decimals; `None` without a known position.
pub fn top_or_bottom_three_pct(positioned_spots: u64, top_or_bottom_three: u64) -> Option<f64> {
    percent(i128::from(top_or_bottom_three), i128::from(positioned_spots))
}

/// Σ remaining spots × their class's estimate per scenario, in units (an estimate has 3
/// decimals, so each product is exact), and how many remaining spots had no estimate.
pub fn valued(remaining: &[Remaining]) -> (Triple<Units>, u64, u64) {
    let mut value = Triple::<Units>::default();
    let (mut spots, mut unestimated) = (0, 0);
    for r in remaining {
        spots += r.spots;
        match r.estimate {
            Some(e) => {
                let n = r.spots as Units;
                value.normal += n * grp::units(e.normal);
                value.low += n * grp::units(e.low);
                value.high += n * grp::units(e.high);
            }
            None => unestimated += r.spots,
        }
    }
    (value, spots, unestimated)
}

/// Whether remaining spots hold one with an estimate.
pub fn any_estimated(remaining: &[Remaining]) -> bool {
    remaining.iter().any(|r| r.spots > 0 && r.estimate.is_some())
}

/// Expected completion, difference, overplay and theatres against `target`; `based` says
/// whether the order has anything to expect from (else all are absent).
pub fn scenarios(target: Units, issued: Units, remaining: &[Remaining], per_spot: Option<PerSpot>, based: bool) -> Scenarios {
    let (value, remaining_spots, unestimated_spots) = valued(remaining);
    if !based {
        let (overplay_pct, theatres) = (Triple { normal: None, low: None, high: None }, Triple { normal: None, low: None, high: None });
        return Scenarios { expected: None, difference: None, overplay_pct, theatres, remaining_spots, unestimated_spots };
    }
    let expected = value.map(|v| issued + v);
    let difference = expected.map(|e| e - target);
    let overplay_pct = difference.map(|d| percent(i128::from(d), i128::from(target)));
    let theatres = difference.map(|d| per_spot.map(|p| p.spots_in(d)));
    Scenarios { expected: Some(expected), difference: Some(difference), overplay_pct, theatres, remaining_spots, unestimated_spots }
}

/// A side's target split over the months: each month's share is target × its planned spots ÷
/// the cycle's planned spots, in whole units that add up to the target (the units a rounding
/// down leaves go one each to the months with the largest remainders, the earlier first on a
/// tie). With nothing planned at all the split follows the cycle's days in each month
/// instead; with neither, every month is 0.
pub fn month_targets(target: Units, planned: &[u64], days: &[u64]) -> Vec<Units> {
    let weights = if planned.iter().any(|&p| p > 0) { planned } else { days };
    let all: i128 = weights.iter().map(|&w| i128::from(w)).sum();
    if all == 0 {
        return vec![0; weights.len()];
    }
    let t = i128::from(target);
    let mut shares: Vec<Units> = weights.iter().map(|&w| (t * i128::from(w)).div_euclid(all) as Units).collect();
    let mut left = target - shares.iter().sum::<Units>();
    let mut by_remainder: Vec<usize> = (0..weights.len()).collect();
    by_remainder.sort_by_key(|&i| std::cmp::Reverse((t * i128::from(weights[i])).rem_euclid(all)));
    for &i in by_remainder.iter().cycle() {
        if left <= 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
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
    pub issued: Units,
    pub aired_spots: u64,
    pub positioned_spots: u64,
    pub top_or_bottom_three: u64,
    /// The month's remaining spots per time-period class, with the class's estimate.
    pub remaining: Vec<Remaining>,
}

/// The figures of a month, or of the total.
#[derive(Debug, Clone, PartialEq)]
pub struct MonthFigures {
    pub target: Units,
    pub issued: Units,
    pub aired_spots: u64,
    pub positioned_spots: u64,
    pub top_or_bottom_three: u64,
    pub top_or_bottom_three_pct: Option<f64>,
    pub planned: u64,
    pub scenarios: Scenarios,
}

/// Each month's figures, then the total's, for a side whose target is `target`. The total
/// sums the months' facts and is worked out by the same formula against the whole target:
/// its additive figures are the months' sums exactly, and it equals the side's figures of the
/// order list ([`super::side_figures`]).
pub fn month_figures(target: Units, months: &[MonthFacts]) -> (Vec<MonthFigures>, MonthFigures) {
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
    let average = PerSpot::of(total.issued, total.aired_spots);
    let based = total.aired_spots > 0 || any_estimated(&total.remaining);
    let figures = |target: Units, m: &MonthFacts| MonthFigures {
        target,
        issued: m.issued,
        aired_spots: m.aired_spots,
        positioned_spots: m.positioned_spots,
        top_or_bottom_three: m.top_or_bottom_three,
        top_or_bottom_three_pct: top_or_bottom_three_pct(m.positioned_spots, m.top_or_bottom_three),
        planned: m.planned,
        scenarios: scenarios(target, m.issued, &m.remaining, average, based),
    };
    let rows = months.iter().zip(targets).map(|(m, t)| figures(t, m)).collect();
    (rows, figures(target, &total))
}

/// Whether a side's expected (normal) completion is more than 5 % below its target: the goal
/// alert's condition, in integers. No target, no alert.
pub fn below_goal(expected: Units, target: Units) -> bool {
    target > 0 && i128::from(expected) * 100 < i128::from(target) * 95
}

#[cfg(test)]
mod tests;
