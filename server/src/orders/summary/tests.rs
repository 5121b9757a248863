use chrono::NaiveDate;

use super::viewing::{LineSlot, Placed, Spot, place};

fn month(m: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, 1).unwrap()
}

fn line(id: i64, m: u32, tape: i64, period: i64, (start, end): (i32, i32), planned: i64) -> LineSlot {
    LineSlot { id, month: month(m), tape, period, start, end, planned }
}

fn spot(m: u32, tapes: Option<Vec<i64>>, secs: i32, grp: f64) -> Spot {
    Spot { month: month(m), tapes: tapes.map(Into::into), secs, grp }
}

const H: i32 = 3600;

#[test]
fn rows_fill_the_lines_of_their_period_in_order_then_overflow_to_the_first() {
    // Period 1 (18:00–20:00) has an A line planning 2 and a B line planning 1.
    let lines = [line(10, 3, 1, 1, (18 * H, 20 * H), 2), line(11, 3, 1, 1, (18 * H, 20 * H), 1)];
    let spots: Vec<Spot> = [1.0, 2.0, 3.0, 4.0].iter().map(|g| spot(3, Some(vec![1]), 19 * H, *g)).collect();
    let placed = place(&lines, &spots);
    assert_eq!(placed[&10], Placed { grp: 1.0 + 2.0 + 4.0, spots: 3 });
    assert_eq!(placed[&11], Placed { grp: 3.0, spots: 1 });
}

#[test]
fn a_row_goes_to_the_narrowest_period_of_its_month_and_tape() {
    let lines = [
        line(1, 3, 1, 5, (18 * H, 24 * H), 9),
        line(2, 3, 1, 6, (19 * H, 20 * H), 9),
        line(3, 3, 2, 7, (19 * H, 19 * H + 1800), 9),
        line(4, 4, 1, 6, (19 * H, 20 * H), 9),
    ];
    let placed = place(
        &lines,
        &[
            spot(3, Some(vec![1]), 19 * H + 600, 1.0), // tape 1: period 6 is narrower than 5
            spot(3, Some(vec![1]), 21 * H, 2.0),       // only period 5 holds 21:00
            spot(3, None, 19 * H + 600, 4.0),          // the product name: tape 2's period 7 is narrowest
            spot(4, Some(vec![1]), 19 * H, 8.0),       // April's line
            spot(3, Some(vec![2]), 21 * H, 16.0),      // tape 2 has nothing at 21:00: not placed
            spot(5, Some(vec![1]), 19 * H, 32.0),      // no line in May
        ],
    );
    assert_eq!(placed[&1], Placed { grp: 2.0, spots: 1 });
    assert_eq!(placed[&2], Placed { grp: 1.0, spots: 1 });
    assert_eq!(placed[&3], Placed { grp: 4.0, spots: 1 });
    assert_eq!(placed[&4], Placed { grp: 8.0, spots: 1 });
    assert_eq!(placed.len(), 4);
}

#[test]
fn a_boundary_goes_to_the_period_that_starts_there_and_the_end_still_holds() {
    let lines = [line(1, 3, 1, 1, (18 * H, 19 * H), 9), line(2, 3, 1, 2, (19 * H, 22 * H), 9)];
    let placed = place(&lines, &[spot(3, Some(vec![1]), 19 * H, 1.0), spot(3, Some(vec![1]), 22 * H, 2.0)]);
    assert_eq!(placed[&2], Placed { grp: 3.0, spots: 2 });
    assert!(!placed.contains_key(&1));
}
