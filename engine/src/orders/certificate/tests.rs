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

#[test]
fn a_day_s_spots_cover_its_cells_in_type_then_line_order() {
    let mut done = cell(8, 1, day(7), (1, 10, None), 'A', 1);
    done.verified = true;
    let mut withdrawn = cell(9, 1, day(8), (1, 10, None), 'A', 1);
    withdrawn.withdrawn = true;
    let planned = vec![
        // Day 3: a B cell on line 1 and an A cell on line 2, 2 spots aired: A (2) first.
        cell(1, 1, day(3), (1, 10, None), 'B', 1),
        cell(2, 2, day(3), (1, 10, None), 'A', 2),
        // Day 4: 1 planned, 3 aired → verified and 2 free.
        cell(3, 2, day(4), (1, 10, None), 'A', 1),
        // Day 5: 3 planned, 2 aired → flagged with 2 aired.
        cell(4, 2, day(5), (1, 10, None), 'A', 3),
        // Day 7: verified already, 2 aired: it takes its 1, 1 is free.
        done,
        // Day 8: withdrawn, 1 aired → all free, the cell untouched.
        withdrawn,
        // Tape 2 on day 3 in the same period: nothing aired → flagged with 0.
        cell(5, 3, day(3), (2, 10, None), 'A', 1),
    ];
    let aired = vec![
        spot(day(3), 1, 10, None, 2),
        spot(day(4), 1, 10, None, 1),
        spot(day(4), 1, 10, None, 2),
        spot(day(5), 1, 10, None, 2),
        // Day 6: nothing planned.
        spot(day(6), 1, 10, None, 1),
        spot(day(7), 1, 10, None, 2),
        spot(day(8), 1, 10, None, 1),
    ];
    let got = plan(&planned, &aired);
    let check = |cell_id, aired, verified| CellCheck {
        cell_id,
        aired,
        verified,
    };
    assert_eq!(
        got.cells,
        vec![
            check(2, 2, true),
            check(1, 0, false),
            check(5, 0, false),
            check(3, 1, true),
            check(4, 2, false)
        ]
    );
    let free = |d, num| FreeSpot {
        month: day(1),
        ymd: day(d),
        tape_id: 1,
        period_id: 10,
        num,
    };
    assert_eq!(
        got.free,
        vec![free(4, 2), free(6, 1), free(7, 1), free(8, 1)]
    );
}

#[test]
fn positions_order_cells_of_the_same_type() {
    let mut second = cell(1, 1, day(3), (1, 10, None), 'A', 1);
    second.position = "正二".into();
    let mut first = cell(2, 2, day(3), (1, 10, None), 'A', 1);
    first.position = "正一".into();
    let got = plan(&[second, first], &[spot(day(3), 1, 10, None, 1)]);
    // "正一" sorts before "正二" (一 U+4E00 < 二 U+4E8C).
    assert_eq!(
        got.cells,
        vec![
            CellCheck {
                cell_id: 2,
                aired: 1,
                verified: true
            },
            CellCheck {
                cell_id: 1,
                aired: 0,
                verified: false
            }
        ]
    );
    assert!(got.free.is_empty());
}
