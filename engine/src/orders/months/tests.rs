use super::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn class(normal: f64, low: f64, high: f64) -> Option<Triple<f64>> {
    Some(Triple { normal, low, high })
}

#[test]
fn the_target_splits_by_planned_spots_else_by_days() {
    // (target, planned, days, shares) worked by hand.
    let table: [(f64, &[u64], &[u64], &[f64]); 5] = [
        (110.0, &[30, 20], &[31, 30], &[66.0, 44.0]),
        (100.0, &[1, 0, 3], &[31, 30, 31], &[25.0, 0.0, 75.0]),
        (100.0, &[0, 0], &[20, 30], &[40.0, 60.0]),
        (100.0, &[0], &[0], &[0.0]),
        (0.0, &[5, 5], &[31, 30], &[0.0, 0.0]),
    ];
    for (target, planned, days, shares) in table {
        let got = month_targets(target, planned, days);
        assert_eq!(got.len(), shares.len());
        assert!(got.iter().zip(shares).all(|(g, w)| close(*g, *w)), "{target} {planned:?} {days:?}: {got:?}");
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
            issued: 50.0,
            aired_spots: 20,
            positioned_spots: 8,
            top_or_bottom_three: 6,
            remaining: vec![Remaining { spots: 5, estimate: class(2.5, 2.0, 3.0) }],
        },
        MonthFacts {
            planned: 20,
            days: 30,
            issued: 10.0,
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
    let (months, _) = month_figures(110.0, &two_months());
    let (march, april) = (&months[0], &months[1]);

    // March: expected 50 + 5 × 2.5 = 62.5, 50 + 10 = 60, 50 + 15 = 65 against 66.
    assert!(close(march.target, 66.0));
    assert_eq!(march.scenarios.expected, Triple { normal: 62.5, low: 60.0, high: 65.0 });
    let d = march.scenarios.difference;
    assert!(close(d.normal, -3.5) && close(d.low, -6.0) && close(d.high, -1.0), "{d:?}");
    // Overplay −3.5 ÷ 66 = −5.3030 %, −6 ÷ 66 = −9.0909 %, −1 ÷ 66 = −1.5151 %.
    let p = march.scenarios.overplay_pct.map(|p| p.unwrap());
    assert!(close(p.normal, -350.0 / 66.0) && close(p.low, -600.0 / 66.0) && close(p.high, -100.0 / 66.0));
    // Theatres at 2.0 a spot (the order's, not March's 2.5): −1.75 → −1, −3, −0.5 → 0.
    assert_eq!(march.scenarios.theatres, Triple { normal: Some(-1), low: Some(-3), high: Some(0) });
    // 正负三: 6 of 8 known positions.
    assert_eq!(march.top_or_bottom_three_pct, Some(75.0));
    assert_eq!((march.scenarios.remaining_spots, march.scenarios.unestimated_spots), (5, 0));

    // April: 10 + 37.5 + 10 = 57.5, 10 + 30 + 5 = 45, 10 + 45 + 15 = 70 against 44.
    assert!(close(april.target, 44.0));
    assert_eq!(april.scenarios.expected, Triple { normal: 57.5, low: 45.0, high: 70.0 });
    let d = april.scenarios.difference;
    assert!(close(d.normal, 13.5) && close(d.low, 1.0) && close(d.high, 26.0), "{d:?}");
    // 13.5 ÷ 2 = 6.75 → 6, 1 ÷ 2 → 0, 26 ÷ 2 = 13.
    assert_eq!(april.scenarios.theatres, Triple { normal: Some(6), low: Some(0), high: Some(13) });
    assert!(close(april.top_or_bottom_three_pct.unwrap(), 100.0 / 6.0));
    assert_eq!((april.scenarios.remaining_spots, april.scenarios.unestimated_spots), (28, 3));
}

#[test]
fn the_total_is_the_whole_order_and_the_months_add_up_to_it() {
    let (months, total) = month_figures(110.0, &two_months());

    // The order of example 3 (docs/evaluation.md): 120 / 105 / 135 against 110.
    assert_eq!((total.target, total.issued, total.aired_spots, total.planned), (110.0, 60.0, 30, 50));
    assert_eq!(total.scenarios.expected, Triple { normal: 120.0, low: 105.0, high: 135.0 });
    assert_eq!(total.scenarios.difference, Triple { normal: 10.0, low: -5.0, high: 25.0 });
    assert_eq!(total.scenarios.theatres, Triple { normal: Some(5), low: Some(-2), high: Some(12) });
    assert_eq!(total.top_or_bottom_three_pct, Some(40.0));
    assert_eq!((total.scenarios.remaining_spots, total.scenarios.unestimated_spots), (33, 3));
    let summed: f64 = months.iter().map(|m| m.scenarios.difference.normal).sum();
    assert!(close(summed, total.scenarios.difference.normal));
}

#[test]
fn months_without_spots_or_target_have_no_ratio() {
    let empty = MonthFacts { days: 30, ..MonthFacts::default() };
    let (months, total) = month_figures(0.0, &[empty]);
    let s = &months[0].scenarios;
    assert_eq!(s.overplay_pct, Triple { normal: None, low: None, high: None });
    assert_eq!(s.theatres, Triple { normal: None, low: None, high: None });
    assert_eq!(months[0].top_or_bottom_three_pct, None);
    assert_eq!(total.scenarios.expected, Triple::default());
}

#[test]
fn the_goal_alert_fires_only_more_than_five_percent_below_a_target() {
    let table = [(94.9, 100.0, true), (95.0, 100.0, false), (120.0, 100.0, false), (0.0, 0.0, false), (-1.0, 0.0, false)];
    for (expected, target, below) in table {
        assert_eq!(below_goal(expected, target), below, "{expected} of {target}");
    }
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
