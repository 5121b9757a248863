use super::*;
use crate::orders::Estimate;

fn u(x: f64) -> Units {
    grp::units(x)
}

fn class(normal: f64, low: f64, high: f64) -> Option<Estimate> {
    Some(Triple { normal, low, high })
}

fn all(x: Option<f64>) -> Triple<Option<f64>> {
    Triple { normal: x, low: x, high: x }
}

#[test]
fn the_target_splits_by_planned_spots_else_by_days_in_whole_units_that_add_up() {
    // (target, planned, days, shares) worked by hand. 165.825 over 5 and 3 planned spots:
    // 103.640625 and 62.184375, floors 103.6406 and 62.1843 leave one unit, which goes to the
    // larger remainder (.75 of a unit against .25): 62.1844. 100 over thirds: 33.3333 each,
    // the unit left to the first (ties go to the earlier month).
    let table: [(f64, &[u64], &[u64], &[f64]); 7] = [
        (110.0, &[30, 20], &[31, 30], &[66.0, 44.0]),
        (100.0, &[1, 0, 3], &[31, 30, 31], &[25.0, 0.0, 75.0]),
        (100.0, &[0, 0], &[20, 30], &[40.0, 60.0]),
        (100.0, &[0], &[0], &[0.0]),
        (0.0, &[5, 5], &[31, 30], &[0.0, 0.0]),
        (165.825, &[5, 3], &[31, 30], &[103.6406, 62.1844]),
        (100.0, &[1, 1, 1], &[31, 30, 31], &[33.3334, 33.3333, 33.3333]),
    ];
    for (target, planned, days, shares) in table {
        let got = month_targets(u(target), planned, days);
        assert_eq!(got, shares.iter().map(|s| u(*s)).collect::<Vec<_>>(), "{target} {planned:?} {days:?}");
        assert_eq!(got.iter().sum::<Units>(), if planned.iter().chain(days).any(|&w| w > 0) { u(target) } else { 0 });
    }
}

/// Target 110 over March (30 planned) and April (20 planned): shares 66 and 44. Issued 50 over
/// 20 spots in March and 10 over 10 in April: 60 over 30, 2.0 a spot order-wide.
/// Remaining: March 5 spots of A (2.5 / 2.0 / 3.0); April 15 of A, 10 of B (1.0 / 0.5 / 1.5)
/// and 3 of a class without an estimate.
fn two_months() -> Vec<MonthFacts> {
    vec![
        MonthFacts {
            planned: 30,
            days: 31,
            issued: u(50.0),
            aired_spots: 20,
            positioned_spots: 8,
            top_or_bottom_three: 6,
            remaining: vec![Remaining { spots: 5, estimate: class(2.5, 2.0, 3.0) }],
        },
        MonthFacts {
            planned: 20,
            days: 30,
            issued: u(10.0),
            aired_spots: 10,
            positioned_spots: 12,
            top_or_bottom_three: 2,
            remaining: vec![
                Remaining { spots: 15, estimate: class(2.5, 2.0, 3.0) },
                Remaining { spots: 10, estimate: class(1.0, 0.5, 1.5) },
                Remaining { spots: 3, estimate: None },
            ],
        },
    ]
}

#[test]
fn each_month_is_measured_against_its_share_with_the_order_wide_spot_average() {
    let (months, _) = month_figures(u(110.0), &two_months());
    let (march, april) = (&months[0], &months[1]);

    // March: expected 50 + 5 × 2.5 = 62.5, 50 + 10 = 60, 50 + 15 = 65 against 66.
    assert_eq!(march.target, u(66.0));
    assert_eq!(march.scenarios.expected, Some(Triple { normal: u(62.5), low: u(60.0), high: u(65.0) }));
    assert_eq!(march.scenarios.difference, Some(Triple { normal: u(-3.5), low: u(-6.0), high: u(-1.0) }));
    // Overplay −3.5 ÷ 66 = −5.3030 %, −6 ÷ 66 = −9.0909 %, −1 ÷ 66 = −1.5151 %.
    assert_eq!(march.scenarios.overplay_pct, Triple { normal: Some(-5.3), low: Some(-9.09), high: Some(-1.52) });
    // Theatres at 2.0 a spot (the order's, not March's 2.5): −1.75 → −1, −3, −0.5 → 0.
    assert_eq!(march.scenarios.theatres, Triple { normal: Some(-1), low: Some(-3), high: Some(0) });
    // 正负三: 6 of 8 known positions.
    assert_eq!(march.top_or_bottom_three_pct, Some(75.0));
    assert_eq!((march.scenarios.remaining_spots, march.scenarios.unestimated_spots), (5, 0));

    // April: 10 + 37.5 + 10 = 57.5, 10 + 30 + 5 = 45, 10 + 45 + 15 = 70 against 44.
    assert_eq!(april.target, u(44.0));
    assert_eq!(april.scenarios.expected, Some(Triple { normal: u(57.5), low: u(45.0), high: u(70.0) }));
    assert_eq!(april.scenarios.difference, Some(Triple { normal: u(13.5), low: u(1.0), high: u(26.0) }));
    // 13.5 ÷ 2 = 6.75 → 6, 1 ÷ 2 → 0, 26 ÷ 2 = 13.
    assert_eq!(april.scenarios.theatres, Triple { normal: Some(6), low: Some(0), high: Some(13) });
    // 2 of 12: 16.666… → 16.67.
    assert_eq!(april.top_or_bottom_three_pct, Some(16.67));
    assert_eq!((april.scenarios.remaining_spots, april.scenarios.unestimated_spots), (28, 3));
}

#[test]
fn the_total_is_the_whole_order_and_the_months_add_up_to_it() {
    let (months, total) = month_figures(u(110.0), &two_months());

    // The order of example 3 (docs/evaluation.md): 120 / 105 / 135 against 110.
    assert_eq!((total.target, total.issued, total.aired_spots, total.planned), (u(110.0), u(60.0), 30, 50));
    assert_eq!(total.scenarios.expected, Some(Triple { normal: u(120.0), low: u(105.0), high: u(135.0) }));
    assert_eq!(total.scenarios.difference, Some(Triple { normal: u(10.0), low: u(-5.0), high: u(25.0) }));
    assert_eq!(total.scenarios.theatres, Triple { normal: Some(5), low: Some(-2), high: Some(12) });
    assert_eq!(total.top_or_bottom_three_pct, Some(40.0));
    assert_eq!((total.scenarios.remaining_spots, total.scenarios.unestimated_spots), (33, 3));
    let summed: Units = months.iter().map(|m| m.scenarios.difference.unwrap().normal).sum();
    assert_eq!(summed, total.scenarios.difference.unwrap().normal);
}

#[test]
fn uneven_shares_still_add_up_exactly() {
    // Target 100 over three months planning 1 spot each (33.3334, 33.3333, 33.3333); issued
    // 0.0001, 0.0002, 0.0004: every additive figure of the months sums to the total's.
    let month = |issued: f64| MonthFacts { planned: 1, days: 30, issued: u(issued), aired_spots: 1, ..MonthFacts::default() };
    let (months, total) = month_figures(u(100.0), &[month(0.0001), month(0.0002), month(0.0004)]);
    let sum = |f: &dyn Fn(&MonthFigures) -> Units| months.iter().map(f).sum::<Units>();
    assert_eq!(sum(&|m| m.target), total.target);
    assert_eq!(sum(&|m| m.issued), total.issued);
    assert_eq!(sum(&|m| m.scenarios.expected.unwrap().normal), total.scenarios.expected.unwrap().normal);
    assert_eq!(sum(&|m| m.scenarios.difference.unwrap().high), total.scenarios.difference.unwrap().high);
    assert_eq!(total.scenarios.difference.unwrap().normal, u(-99.9993));
}

#[test]
fn months_without_spots_or_target_have_no_ratio() {
    let empty = MonthFacts { days: 30, ..MonthFacts::default() };
    let (months, total) = month_figures(0, &[empty]);
    let s = &months[0].scenarios;
    assert_eq!(s.overplay_pct, all(None));
    assert_eq!(s.theatres, Triple { normal: None, low: None, high: None });
    assert_eq!(months[0].top_or_bottom_three_pct, None);
    // Nothing aired, nothing estimated: nothing expected, in every month and the total.
    assert_eq!((s.expected, total.scenarios.expected), (None, None));
}

#[test]
fn a_month_without_data_still_counts_against_its_share_once_the_order_has_a_basis() {
    // March aired 5 GRP over 2 spots; April planned 3 spots with no estimate. The order has a
    // basis (aired spots), so April expects 0 against its share 30 (target 50 split 2 : 3).
    let march = MonthFacts { planned: 2, days: 31, issued: u(5.0), aired_spots: 2, ..MonthFacts::default() };
    let april = MonthFacts { planned: 3, days: 30, remaining: vec![Remaining { spots: 3, estimate: None }], ..MonthFacts::default() };
    let (months, total) = month_figures(u(50.0), &[march, april]);
    assert_eq!(months[1].target, u(30.0));
    assert_eq!(months[1].scenarios.difference.map(|d| d.normal), Some(u(-30.0)));
    assert_eq!(months[1].scenarios.overplay_pct, all(Some(-100.0)));
    assert_eq!(total.scenarios.difference.map(|d| d.normal), Some(u(-45.0)));
}

#[test]
fn the_goal_alert_fires_only_more_than_five_percent_below_a_target() {
    let table = [(94.9999, 100.0, true), (95.0, 100.0, false), (120.0, 100.0, false), (0.0, 0.0, false), (-1.0, 0.0, false)];
    for (expected, target, below) in table {
        assert_eq!(below_goal(u(expected), u(target)), below, "{expected} of {target}");
    }
}

#[test]
fn percentages_round_halves_away_from_zero_in_integers() {
    // 1 ÷ 8 = 12.5 %, 1 ÷ 6 = 16.666… → 16.67, −1 ÷ 6 → −16.67, 1 ÷ 800 = 0.125 → 0.13.
    assert_eq!(percent(1, 8), Some(12.5));
    assert_eq!(percent(1, 6), Some(16.67));
    assert_eq!(percent(-1, 6), Some(-16.67));
    assert_eq!(percent(1, 800), Some(0.13));
    assert_eq!(percent(-1, 800), Some(-0.13));
    assert_eq!(percent(1, 0), None);
}

#[test]
fn a_position_counts_in_the_top_or_bottom_three_from_either_end() {
    use crate::SpotPosition;
    let at = |index, of| SpotPosition { index, of, from_end: false };
    // 正一, 正三, 2/8, 6/8 and 8/8 count; 正四, 4/8, 5/8 and 中 (no index) don't.
    let table = [
        (at(Some(1), None), true),
        (at(Some(3), None), true),
        (at(Some(4), None), false),
        (at(Some(2), Some(8)), true),
        (at(Some(4), Some(8)), false),
        (at(Some(5), Some(8)), false),
        (at(Some(6), Some(8)), true),
        (at(Some(8), Some(8)), true),
        (at(None, None), false),
        (SpotPosition { index: Some(2), of: None, from_end: true }, true),
    ];
    for (position, counts) in table {
        assert_eq!(position.top_or_bottom_three(), counts, "{position:?}");
    }
}
