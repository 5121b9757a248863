//! Hand-worked comparisons and plans: every expected number below is counted by hand from the
//! cells and spots written above it.

use super::*;

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
}

fn april(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 4, d).unwrap()
}

/// A planned cell: id, line, day, (tape, period, class), type, point.
fn cell(
    id: i64,
    line: i64,
    ymd: NaiveDate,
    (tape, period, class): (i64, i64, Option<i64>),
    point_type: char,
    point: i32,
) -> PlannedCell {
    PlannedCell {
        cell_id: id,
        line_id: line,
        ymd,
        tape_id: tape,
        period_id: period,
        class_id: class,
        point_type,
        position: String::new(),
        point,
        free: 0,
        withdrawn: false,
        verified: false,
    }
}

fn spot(ymd: NaiveDate, tape: i64, period: i64, class: Option<i64>, num: i32) -> AiredSpot {
    AiredSpot {
        ymd,
        tape_id: tape,
        period_id: period,
        class_id: class,
        num,
    }
}

fn diff(
    month: NaiveDate,
    tape: i64,
    period: Option<i64>,
    class: Option<i64>,
    num: i64,
    kind: u8,
) -> Difference {
    Difference {
        month,
        tape_id: tape,
        period_id: period,
        class_id: class,
        num,
        kind,
    }
}

const CLASS_PRIME: Option<i64> = Some(100);
const CLASS_DAY: Option<i64> = Some(200);

#[test]
fn a_month_with_balanced_and_unbalanced_differences() {
    let mut withdrawn = cell(9, 5, day(2), (2, 10, CLASS_PRIME), 'A', 2);
    withdrawn.withdrawn = true;
    let planned = vec![
        // Tape 1, period 10 (class 100): 3 planned, 1 aired → 2 short.
        cell(1, 1, day(2), (1, 10, CLASS_PRIME), 'A', 2),
        cell(2, 1, day(3), (1, 10, CLASS_PRIME), 'A', 1),
        // Tape 1, period 11 (class 100): 1 planned, 3 aired → 2 over: class 100 balances.
        cell(3, 2, day(2), (1, 11, CLASS_PRIME), 'A', 1),
        // Tape 1, period 12 (no class): 2 planned, none aired → 2 missing, kind 1.
        cell(4, 3, day(4), (1, 12, None), 'A', 2),
        // Tape 2, period 10: 4 planned, 4 aired; the withdrawn cell plans nothing.
        cell(5, 4, day(2), (2, 10, CLASS_PRIME), 'A', 4),
        withdrawn,
        // A cell of no spots plans nothing either.
        cell(6, 4, day(3), (2, 10, CLASS_PRIME), 'A', 0),
    ];
    let aired = vec![
        spot(day(3), 1, 10, CLASS_PRIME, 1),
        spot(day(2), 1, 11, CLASS_PRIME, 2),
        spot(day(5), 1, 11, CLASS_PRIME, 1),
        // Tape 1, period 13 (class 200), nothing planned: 1 added, kind 1 (nothing short in 200).
        spot(day(6), 1, 13, CLASS_DAY, 1),
        spot(day(2), 2, 10, CLASS_PRIME, 3),
        spot(day(9), 2, 10, CLASS_PRIME, 1),
    ];
    let got = compare(&planned, &aired);
    let march = day(1);
    assert_eq!(
        got.added,
        vec![
            diff(march, 1, None, CLASS_PRIME, 2, BALANCED),
            diff(march, 1, Some(13), CLASS_DAY, 1, UNBALANCED)
        ]
    );
    assert_eq!(
        got.missing,
        vec![
            diff(march, 1, None, CLASS_PRIME, 2, BALANCED),
            diff(march, 1, Some(12), None, 2, UNBALANCED)
        ]
    );
    // Planned 3 + 1 + 2 + 4 = 10; aired 1 + 3 + 1 + 4 = 9; added 2 + 1; missing 2 + 2.
    assert_eq!(
        got.months,
        vec![MonthTotals {
            month: march,
            planned: 10,
            aired: 9,
            added: 3,
            missing: 4
        }]
    );
    assert_eq!((got.planned, got.aired), (10, 9));
}

#[test]
fn a_class_that_does_not_balance_keeps_a_row_per_period() {
    let planned = vec![
        cell(1, 1, day(2), (1, 10, CLASS_PRIME), 'A', 3),
        cell(2, 2, day(2), (1, 11, CLASS_PRIME), 'A', 1),
    ];
    // Period 10: 3 planned, 1 aired → 2 short; period 11: 1 planned, 2 aired → 1 over. 2 ≠ 1.
    let aired = vec![
        spot(day(2), 1, 10, CLASS_PRIME, 1),
        spot(day(8), 1, 11, CLASS_PRIME, 2),
    ];
    let got = compare(&planned, &aired);
    let march = day(1);
    assert_eq!(
        got.added,
        vec![diff(march, 1, Some(11), CLASS_PRIME, 1, UNBALANCED)]
    );
    assert_eq!(
        got.missing,
        vec![diff(march, 1, Some(10), CLASS_PRIME, 2, UNBALANCED)]
    );
    assert_eq!(
        got.months,
        vec![MonthTotals {
            month: march,
            planned: 4,
            aired: 3,
            added: 1,
            missing: 2
        }]
    );
}

#[test]
fn classes_balance_per_month_and_version_only() {
    // March: period 10 short 1. April: period 11 over 1. Same class, different months: no balance.
    // Tape 2 in March: period 11 over 1 — same class and month as tape 1's shortfall, other version.
    let planned = vec![cell(1, 1, day(2), (1, 10, CLASS_PRIME), 'A', 1)];
    let aired = vec![
        spot(april(2), 1, 11, CLASS_PRIME, 1),
        spot(day(2), 2, 11, CLASS_PRIME, 1),
    ];
    let got = compare(&planned, &aired);
    assert_eq!(
        got.missing,
        vec![diff(day(1), 1, Some(10), CLASS_PRIME, 1, UNBALANCED)]
    );
    assert_eq!(
        got.added,
        vec![
            diff(day(1), 2, Some(11), CLASS_PRIME, 1, UNBALANCED),
            diff(april(1), 1, Some(11), CLASS_PRIME, 1, UNBALANCED)
        ]
    );
    assert_eq!(
        got.months
            .iter()
            .map(|m| (m.month, m.planned, m.aired))
            .collect::<Vec<_>>(),
        vec![(day(1), 1, 1), (april(1), 0, 1)]
    );
}

#[test]
fn nothing_to_compare_answers_nothing() {
    assert_eq!(compare(&[], &[]), Comparison::default());
    assert_eq!(plan(&[], &[]), Plan::default());
}

fn checked(cell_id: i64, aired: i32, verified: bool, missing: i32) -> CellCheck {
    CellCheck {
        cell_id,
        aired,
        verified,
        missing,
    }
}

fn free(d: u32, tape: i64, period: i64, num: i32) -> FreeSpot {
    FreeSpot {
        month: day(1),
        ymd: day(d),
        tape_id: tape,
        period_id: period,
        num,
    }
}

#[test]
fn a_day_s_own_spots_cover_its_cells_in_type_then_line_order() {
    let planned = vec![
        // Day 3: a B cell on line 1 and an A cell on line 2, 2 spots aired: A (2) first.
        cell(1, 1, day(3), (1, 10, None), 'B', 1),
        cell(2, 2, day(3), (1, 10, None), 'A', 2),
        // Day 5: 3 planned, 2 aired → flagged with 2 aired, 1 missing.
        cell(4, 2, day(5), (1, 10, None), 'A', 3),
        // Tape 2 on day 3 in the same period: nothing aired → flagged with 0.
        cell(5, 3, day(3), (2, 10, None), 'A', 1),
    ];
    let aired = vec![spot(day(3), 1, 10, None, 2), spot(day(5), 1, 10, None, 2)];
    let got = plan(&planned, &aired);
    assert_eq!(
        got.cells,
        vec![
            checked(2, 2, true, 0),
            checked(1, 0, false, 1),
            checked(4, 2, false, 1),
            checked(5, 0, false, 1)
        ]
    );
    assert!(got.free.is_empty());
    // Tape 1: planned 6, aired 4; tape 2: planned 1, aired 0 → 3 missing spots, 3 cells.
    let compared = compare(&planned, &aired);
    assert_eq!((compared.missing_spots, got.missing_spots(), got.missing_cells()), (3, 3, 3));
}

#[test]
fn spots_of_other_days_of_the_month_cover_what_a_day_missed_and_only_the_rest_is_free() {
    let mut done = cell(8, 1, day(7), (1, 10, None), 'A', 1);
    done.verified = true;
    let mut withdrawn = cell(9, 1, day(8), (1, 10, None), 'A', 1);
    withdrawn.withdrawn = true;
    let planned = vec![
        // Day 3: B 1 and A 2, 2 aired: A takes them, B is short 1.
        cell(1, 1, day(3), (1, 10, None), 'B', 1),
        cell(2, 2, day(3), (1, 10, None), 'A', 2),
        // Day 4: 1 planned, 3 aired → 2 left over.
        cell(3, 2, day(4), (1, 10, None), 'A', 1),
        // Day 5: 3 planned, 2 aired → short 1.
        cell(4, 2, day(5), (1, 10, None), 'A', 3),
        // Day 7: verified already, 2 aired: it takes its 1, 1 left over.
        done,
        // Day 8: withdrawn, 1 aired → left over, the cell untouched.
        withdrawn,
        // April: 1 planned, nothing aired. March's spots do not cover another month.
        cell(6, 4, april(2), (1, 10, None), 'A', 1),
    ];
    let aired = vec![
        spot(day(3), 1, 10, None, 2),
        spot(day(4), 1, 10, None, 1),
        spot(day(4), 1, 10, None, 2),
        spot(day(5), 1, 10, None, 2),
        // Day 6: nothing planned → left over.
        spot(day(6), 1, 10, None, 1),
        spot(day(7), 1, 10, None, 2),
        spot(day(8), 1, 10, None, 1),
    ];
    // Left over in March: day 4 ×2, day 6, day 7, day 8 (5 spots). Short: day 3's B (1), day
    // 5 (1), both covered by day 4's two. Free: days 6, 7 and 8, one each.
    let got = plan(&planned, &aired);
    assert_eq!(
        got.cells,
        vec![
            checked(2, 2, true, 0),
            checked(1, 1, true, 0),
            checked(3, 1, true, 0),
            checked(4, 3, true, 0),
            checked(6, 0, false, 1)
        ]
    );
    assert_eq!(got.free, vec![free(6, 1, 10, 1), free(7, 1, 10, 1), free(8, 1, 10, 1)]);
    // The comparison says the same: March planned 8 (2 + 1 + 1 + 3 + 1), aired 11 → 3 added;
    // April 1 missing.
    let compared = compare(&planned, &aired);
    assert_eq!((compared.added_spots, compared.missing_spots), (3, 1));
    assert_eq!((got.free_spots(), got.missing_spots(), got.verified_cells(), got.missing_cells()), (3, 1, 4, 1));
}

#[test]
fn free_spots_a_confirmation_recorded_are_added_not_planned_and_are_stated_again_whole() {
    // A C cell a confirmation made on day 4 (2 free spots), verified; a planned A cell on day 2.
    let mut made = cell(7, 9, day(4), (1, 10, None), 'C', 2);
    (made.free, made.verified) = (2, true);
    let planned = vec![cell(1, 1, day(2), (1, 10, None), 'A', 1), made];
    // The certificate again: day 2 ×1, day 4 ×2.
    let aired = vec![spot(day(2), 1, 10, None, 1), spot(day(4), 1, 10, None, 2)];
    let compared = compare(&planned, &aired);
    assert_eq!((compared.planned, compared.aired, compared.added_spots), (1, 3, 2));
    assert_eq!(
        compared.periods,
        vec![PeriodTally {
            month: day(1),
            tape_id: 1,
            period_id: 10,
            class_id: None,
            planned: 1,
            aired: 3
        }]
    );
    let got = plan(&planned, &aired);
    assert_eq!(got.cells, vec![checked(1, 1, true, 0)]);
    assert_eq!(got.free, vec![free(4, 1, 10, 2)]);
}

/// A seeded generator of months of cells and spots (no verified cells): whatever they are, the
/// plan's free spots are the comparison's added and the flagged cells' missing spots its
/// missing, per month and overall.
#[test]
fn the_plan_always_agrees_with_the_comparison() {
    let mut seed: u64 = 0x2026_0301;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    for round in 0..300 {
        let mut planned = Vec::new();
        let mut aired = Vec::new();
        for id in 0..next(12) as i64 {
            let ymd = if next(4) == 0 { april(1 + next(28) as u32) } else { day(1 + next(28) as u32) };
            let (tape, period) = (1 + next(2) as i64, 10 + next(3) as i64);
            let class = (period != 12).then_some(100);
            let mut c = cell(id, next(3) as i64, ymd, (tape, period, class), ['A', 'B', 'C', 'D'][next(4) as usize], next(4) as i32);
            c.withdrawn = next(8) == 0;
            planned.push(c);
        }
        for _ in 0..next(12) {
            let ymd = if next(4) == 0 { april(1 + next(28) as u32) } else { day(1 + next(28) as u32) };
            let period = 10 + next(3) as i64;
            aired.push(spot(ymd, 1 + next(2) as i64, period, (period != 12).then_some(100), next(4) as i32));
        }
        let Check { comparison, plan } = check(&planned, &aired);
        assert_eq!(plan.free_spots(), comparison.added_spots, "round {round}: {planned:?} {aired:?}");
        assert_eq!(plan.missing_spots(), comparison.missing_spots, "round {round}: {planned:?} {aired:?}");
        let periods: i64 = comparison.periods.iter().map(|p| p.added()).sum();
        assert_eq!(periods, comparison.added_spots);
        let rows: i64 = comparison.added.iter().map(|d| d.num).sum();
        assert_eq!(rows, comparison.added_spots);
        assert_eq!(comparison.planned - comparison.aired, comparison.missing_spots - comparison.added_spots);
    }
}

#[test]
fn positions_order_cells_of_the_same_type() {
    let mut second = cell(1, 1, day(3), (1, 10, None), 'A', 1);
    second.position = "正二".into();
    let mut first = cell(2, 2, day(3), (1, 10, None), 'A', 1);
    first.position = "正一".into();
    let got = plan(&[second, first], &[spot(day(3), 1, 10, None, 1)]);
    // "正一" sorts before "正二" (一 U+4E00 < 二 U+4E8C).
    assert_eq!(got.cells, vec![checked(2, 1, true, 0), checked(1, 0, false, 1)]);
    assert!(got.free.is_empty());
}
