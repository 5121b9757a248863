//! The order figures of docs/evaluation.md as pure functions: free broadcast, target, expected
//! completion (normal, low, high), difference, overplay, theatres and 正负三 share, for one side
//! (customer or media) of an order, and the order's status. The server gathers the inputs
//! from Postgres and the lake; nothing here reads anything. [`order_status`] derives the
//! order status, and [`certificate_month_due`] which certificate months await confirmation.
//!
//! [`months`] splits a side's figures by month (orderSummaryList). [`certificate`] compares a broadcast certificate with the schedule and plans what
//! confirming it does to the daily cells.

pub mod certificate;
pub mod months;
mod estimate;
mod status;

pub use estimate::{ClassWindow, class_windows, estimate_stats};
pub use status::{CertificateMonthState, StatusFacts, certificate_month_due, certificate_month_over, order_status, status_label};

use crate::grp::{self, Units};

/// How a side's free broadcast is computed (freeBroadcastCalculation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreeCalc {
    /// 1: no free broadcast.
    None,
    /// 2: a percentage of the contracted metrics.
    Percentage,
    /// 3: a fixed amount of GRP.
    Normal,
}

impl FreeCalc {
    /// The calculation of the contract's code 1, 2 or 3.
    pub fn from_code(code: i64) -> Option<FreeCalc> {
        match code {
            1 => Some(FreeCalc::None),
            2 => Some(FreeCalc::Percentage),
            3 => Some(FreeCalc::Normal),
            _ => None,
        }
    }

    pub fn code(self) -> i16 {
        match self {
            FreeCalc::None => 1,
            FreeCalc::Percentage => 2,
            FreeCalc::Normal => 3,
        }
    }
}

/// The free broadcast of a side: 0, `metrics × value / 100`, or `value`.
pub fn free_broadcast(calc: FreeCalc, metrics: f64, value: f64) -> f64 {
    match calc {
        FreeCalc::None => 0.0,
        FreeCalc::Percentage => metrics * value / 100.0,
        FreeCalc::Normal => value,
    }
}

/// A side's free broadcast and target in units: the free broadcast kept to 4 decimals, the
/// target exactly metrics + free broadcast.
pub fn target_units(calc: FreeCalc, metrics: f64, value: f64) -> (Units, Units) {
    let free = grp::units(free_broadcast(calc, metrics, value));
    (free, grp::units(metrics) + free)
}

/// Rounds to 3 decimals, halves away from zero: how metrics and estimates are kept and shown.
pub fn round3(x: f64) -> f64 {
    // + 0.0 turns a −0 (a tiny negative rounded away) into 0: JSON would show "-0.0", red.
    (x * 1_000.0).round() / 1_000.0 + 0.0
}

/// A side's default metrics: the sum of the chosen suits' metrics of that side, to 3 decimals.
pub fn sum_suit_metrics(values: &[f64]) -> f64 {
    round3(values.iter().sum())
}

/// One figure in its three scenarios.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Triple<T> {
    pub normal: T,
    pub low: T,
    pub high: T,
}

impl<T: Copy> Triple<T> {
    pub fn map<U>(self, f: impl Fn(T) -> U) -> Triple<U> {
        Triple { normal: f(self.normal), low: f(self.low), high: f(self.high) }
    }
}

/// The expected GRP per spot of a time-period class (3 decimals).
pub type Estimate = Triple<f64>;

/// The spots of one time-period class still to air, with the class's estimate (`None` while
/// the class has none: they add nothing, and the figures say how many spots that is).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Remaining {
    pub spots: u64,
    pub estimate: Option<Estimate>,
}

/// What one side of an order is measured against.
#[derive(Debug, Clone, PartialEq)]
pub struct SideInput {
    pub calc: FreeCalc,
    /// The free-broadcast value: a percentage or GRP, by `calc`.
    pub value: f64,
    /// The contracted GRP (metrics).
    pub metrics: f64,
    /// Σ GRP of the order's aired spots on this side's viewing data, exact.
    pub issued: Units,
    /// How many aired spots `issued` sums.
    pub aired_spots: u64,
    /// Aired spots whose position in the break is known, and those of them in positions 1–3
    /// from the start or the end.
    pub positioned_spots: u64,
    pub top_or_bottom_three: u64,
    pub remaining: Vec<Remaining>,
}

/// The figures of one side; GRP in exact units.
#[derive(Debug, Clone, PartialEq)]
pub struct SideFigures {
    pub metrics: f64,
    pub free: Units,
    pub target: Units,
    pub issued: Units,
    /// issued + Σ remaining × estimate; `None` when nothing aired and no remaining spot has
    /// an estimate: there is nothing to expect from (docs/evaluation.md).
    pub expected: Option<Triple<Units>>,
    /// expected − target; `None` with expected.
    pub difference: Option<Triple<Units>>,
    /// difference ÷ target × 100 to 2 decimals; `None` without a target or an expectation.
    pub overplay_pct: Triple<Option<f64>>,
    /// difference ÷ average issued GRP per spot, truncated: spots that could be withdrawn
    /// (positive) or must be added (negative). `None` before a spot with GRP has aired.
    pub theatres: Triple<Option<i64>>,
    /// Aired spots in positions 1–3 or last 1–3 ÷ aired spots with a known position × 100;
    /// `None` without a known position.
    pub top_or_bottom_three_pct: Option<f64>,
    /// Remaining spots whose class has no estimate yet, counted as 0 GRP.
    pub unestimated_spots: u64,
}

/// The figures of one side of an order (docs/evaluation.md, "One side's figures"): the total
/// row of [`months::month_figures`] for the whole order in one month.
pub fn side_figures(input: &SideInput) -> SideFigures {
    let (free, target) = target_units(input.calc, input.metrics, input.value);
    let average = months::PerSpot::of(input.issued, input.aired_spots);
    let based = input.aired_spots > 0 || months::any_estimated(&input.remaining);
    let s = months::scenarios(target, input.issued, &input.remaining, average, based);
    let top_or_bottom_three_pct = months::top_or_bottom_three_pct(input.positioned_spots, input.top_or_bottom_three);
    SideFigures {
        metrics: input.metrics,
        free,
        target,
        issued: input.issued,
        expected: s.expected,
        difference: s.difference,
        overplay_pct: s.overplay_pct,
        theatres: s.theatres,
        top_or_bottom_three_pct,
        unestimated_spots: s.unestimated_spots,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_to_three_decimals_never_answers_negative_zero() {
        assert_eq!((round3(1.2345), round3(-1.2345), round3(0.0004)), (1.235, -1.235, 0.0));
        // A difference of −0.0001 shows as 0, not as a red "-0.0".
        assert!(round3(-0.0001).is_sign_positive() && round3(-0.0).is_sign_positive());
    }

    fn side(calc: FreeCalc, value: f64, metrics: f64) -> SideInput {
        SideInput {
            calc,
            value,
            metrics,
            issued: 0,
            aired_spots: 0,
            positioned_spots: 0,
            top_or_bottom_three: 0,
            remaining: Vec::new(),
        }
    }

    /// `x` points in units.
    fn u(x: f64) -> Units {
        grp::units(x)
    }

    fn estimate(normal: f64, low: f64, high: f64) -> Option<Estimate> {
        Some(Triple { normal, low, high })
    }

    #[test]
    fn free_broadcast_for_each_calculation() {
        // (calculation, metrics, value, free, target) worked by hand; 150.753 × 7.5 % =
        // 11.306475, kept to 4 decimals: 11.3065, target 162.0595.
        let table = [
            (FreeCalc::None, 100.0, 10.0, 0.0, 100.0),
            (FreeCalc::Percentage, 100.0, 10.0, 10.0, 110.0),
            (FreeCalc::Percentage, 250.5, 8.0, 20.04, 270.54),
            (FreeCalc::Percentage, 150.753, 7.5, 11.3065, 162.0595),
            (FreeCalc::Normal, 100.0, 7.5, 7.5, 107.5),
            (FreeCalc::Normal, 0.0, 0.0, 0.0, 0.0),
        ];
        for (calc, metrics, value, free, target) in table {
            let f = side_figures(&side(calc, value, metrics));
            assert_eq!((f.free, f.target), (u(free), u(target)), "{calc:?} {metrics} {value}: {f:?}");
        }
        assert_eq!([1, 2, 3].map(|c| FreeCalc::from_code(c).unwrap().code()), [1, 2, 3]);
        assert_eq!(FreeCalc::from_code(4), None);
    }

    #[test]
    fn expected_difference_overplay_and_theatres_worked_by_hand() {
        // Target 100 + 10 % = 110. Issued 60 GRP over 30 spots (2.0 a spot). Remaining: 20
        // spots of a class expected at 2.5 / 2.0 / 3.0 and 10 at 1.0 / 0.5 / 1.5.
        // Expected: 60 + 50 + 10 = 120, 60 + 40 + 5 = 105, 60 + 60 + 15 = 135.
        // Difference 10 / −5 / 25; overplay 9.0909 → 9.09 %, −4.5454 → −4.55 %, 22.7272 →
        // 22.73 %; theatres 10 ÷ 2 = 5, −5 ÷ 2 = −2.5 → −2, 25 ÷ 2 = 12.5 → 12.
        let input = SideInput {
            issued: u(60.0),
            aired_spots: 30,
            positioned_spots: 20,
            top_or_bottom_three: 8,
            remaining: vec![
                Remaining { spots: 20, estimate: estimate(2.5, 2.0, 3.0) },
                Remaining { spots: 10, estimate: estimate(1.0, 0.5, 1.5) },
            ],
            ..side(FreeCalc::Percentage, 10.0, 100.0)
        };
        let f = side_figures(&input);
        assert_eq!((f.target, f.issued), (u(110.0), u(60.0)));
        assert_eq!(f.expected, Some(Triple { normal: u(120.0), low: u(105.0), high: u(135.0) }));
        assert_eq!(f.difference, Some(Triple { normal: u(10.0), low: u(-5.0), high: u(25.0) }));
        assert_eq!(f.overplay_pct, Triple { normal: Some(9.09), low: Some(-4.55), high: Some(22.73) });
        assert_eq!(f.theatres, Triple { normal: Some(5), low: Some(-2), high: Some(12) });
        assert_eq!(f.top_or_bottom_three_pct, Some(40.0));
        assert_eq!(f.unestimated_spots, 0);
    }

    #[test]
    fn remaining_spots_without_an_estimate_add_nothing_and_are_counted() {
        let input = SideInput {
            issued: u(12.0),
            aired_spots: 4,
            remaining: vec![
                Remaining { spots: 12, estimate: None },
                Remaining { spots: 2, estimate: estimate(1.5, 1.0, 2.0) },
            ],
            ..side(FreeCalc::Normal, 5.0, 20.0)
        };
        let f = side_figures(&input);
        // Target 25; expected 12 + 3 / 12 + 2 / 12 + 4; per spot 3.0.
        assert_eq!(f.expected, Some(Triple { normal: u(15.0), low: u(14.0), high: u(16.0) }));
        assert_eq!(f.difference, Some(Triple { normal: u(-10.0), low: u(-11.0), high: u(-9.0) }));
        assert_eq!(f.theatres, Triple { normal: Some(-3), low: Some(-3), high: Some(-3) });
        assert_eq!(f.unestimated_spots, 12);
    }

    #[test]
    fn figures_without_a_basis_are_absent_not_zero() {
        let none = Triple { normal: None, low: None, high: None };
        let f = side_figures(&side(FreeCalc::None, 0.0, 0.0));
        assert_eq!(f.overplay_pct, none);
        assert_eq!(f.theatres, Triple { normal: None, low: None, high: None });
        assert_eq!(f.top_or_bottom_three_pct, None);
        // Nothing aired and every remaining spot unestimated: nothing to expect, so no
        // expectation, difference or overplay (not −100 %).
        let f = side_figures(&SideInput { remaining: vec![Remaining { spots: 9, estimate: None }], ..side(FreeCalc::None, 0.0, 10.0) });
        assert_eq!((f.expected, f.difference, f.overplay_pct, f.unestimated_spots), (None, None, none, 9));
        // Spots aired but no GRP yet: an expectation (0, short by the target), no per-spot
        // average to divide by.
        let f = side_figures(&SideInput { aired_spots: 3, ..side(FreeCalc::None, 0.0, 10.0) });
        assert_eq!(f.theatres.normal, None);
        assert_eq!(f.difference.map(|d| d.normal), Some(u(-10.0)));
        assert_eq!(f.overplay_pct.normal, Some(-100.0));
        // Nothing aired yet, but estimated spots ahead: a forecast.
        let ahead = vec![Remaining { spots: 4, estimate: estimate(2.0, 1.0, 3.0) }];
        let f = side_figures(&SideInput { remaining: ahead, ..side(FreeCalc::None, 0.0, 10.0) });
        assert_eq!(f.expected, Some(Triple { normal: u(8.0), low: u(4.0), high: u(12.0) }));
        assert_eq!(f.overplay_pct, Triple { normal: Some(-20.0), low: Some(-60.0), high: Some(20.0) });
    }

    #[test]
    fn suit_metrics_sum_to_three_decimals() {
        assert_eq!(sum_suit_metrics(&[12.3456, 0.1, 7.0004]), 19.446);
        assert_eq!(sum_suit_metrics(&[0.0005, 0.0005]), 0.001);
        assert_eq!(sum_suit_metrics(&[1.0004]), 1.0);
        assert_eq!(sum_suit_metrics(&[]), 0.0);
    }
}
