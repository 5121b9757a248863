//! What a confirmation verified is fixed: hand-worked changes, then generated months with
//! verified cells whose rows change at random.

use super::super::{Check, PlannedCell, check, plan};
use super::*;

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, d).unwrap()
}

fn cell(id: i64, ymd: NaiveDate, tape: i64, point: i32, verified: bool) -> PlannedCell {
    PlannedCell {
        cell_id: id,
        line_id: id,
        ymd,
        tape_id: tape,
        period_id: 10,
        class_id: None,
        point_type: 'A',
        position: String::new(),
        point,
        free: 0,
        withdrawn: false,
        verified,
    }
}

fn spot(ymd: NaiveDate, tape: i64, num: i32) -> AiredSpot {
    AiredSpot { ymd, tape_id: tape, period_id: 10, class_id: None, num }
}

#[test]
fn dropping_a_row_a_verified_cell_counted_is_a_conflict() {
    // December 3 and 4, one spot each in period 10 of tape 1, both verified by a confirmation
    // of the running month; the re-import lacks the 4th's row.
    let planned = [cell(1, day(3), 1, 1, true), cell(2, day(4), 1, 1, true)];
    let before = [spot(day(3), 1, 1), spot(day(4), 1, 1)];
    let after = [spot(day(3), 1, 1)];
    assert_eq!(verified_conflicts(&planned, &before, &after), vec![(day(4), 1, 10)]);
    // Unrefused, the comparison would count the 4th missing (1) while its cell stays verified
    // and the plan owes nothing: the two disagree.
    let Check { comparison, plan } = check(&planned, &after);
    assert_eq!((comparison.missing_spots, plan.missing_spots()), (1, 0));
    // The same rows again, or the rows as they are: nothing to refuse.
    assert!(verified_conflicts(&planned, &before, &before).is_empty());
}

#[test]
fn moving_a_verified_row_to_another_version_conflicts_at_the_day_it_left() {
    // The 3rd's verified spot of tape 1 swapped to tape 2: tape 1's cell loses its spot (which
    // would count it missing) and tape 2 gains a free one (counting the spot twice).
    let planned = [cell(1, day(3), 1, 1, true)];
    let before = [spot(day(3), 1, 1)];
    let after = [spot(day(3), 2, 1)];
    assert_eq!(verified_conflicts(&planned, &before, &after), vec![(day(3), 1, 10)]);
    let Check { comparison, plan } = check(&planned, &after);
    assert_eq!((comparison.missing_spots, plan.missing_spots(), plan.free_spots()), (1, 0, 1));
}

#[test]
fn adding_to_a_verified_day_conflicts_and_other_days_change_freely() {
    // Verified the 3rd (1 planned, 1 aired); the 5th is not verified yet (1 planned, 0 aired).
    let planned = [cell(1, day(3), 1, 1, true), cell(2, day(5), 1, 1, false)];
    let before = [spot(day(3), 1, 1)];
    // A second spot on the 3rd adds to a verified cell's rows.
    assert_eq!(verified_conflicts(&planned, &before, &[spot(day(3), 1, 2)]), vec![(day(3), 1, 10)]);
    // The 5th's spot arrives, and a spot on the 6th that nothing planned: the 3rd keeps its count.
    let after = [spot(day(3), 1, 1), spot(day(5), 1, 1), spot(day(6), 1, 1)];
    assert!(verified_conflicts(&planned, &before, &after).is_empty());
}

#[test]
fn a_day_whose_spots_covered_another_day_s_verified_cell_is_fixed_too() {
    // The 3rd planned 1 and aired nothing; the 4th aired 1 with nothing planned: the confirmation
    // verified the 3rd with the 4th's spot. Dropping the 4th's row leaves the 3rd short (both
    // keys named); moving the 4th's spot to the 3rd changes both days' rows.
    let planned = [cell(1, day(3), 1, 1, true)];
    let before = [spot(day(4), 1, 1)];
    assert_eq!(fixed_keys(&planned, &before), BTreeSet::from([(day(3), 1, 10), (day(4), 1, 10)]));
    assert_eq!(verified_conflicts(&planned, &before, &[]), vec![(day(3), 1, 10), (day(4), 1, 10)]);
    assert_eq!(verified_conflicts(&planned, &before, &[spot(day(3), 1, 1)]), vec![(day(3), 1, 10), (day(4), 1, 10)]);
}

#[test]
fn a_free_cell_a_confirmation_recorded_fixes_its_day() {
    let mut free = cell(1, day(6), 1, 2, true);
    free.point_type = 'C';
    free.free = 2;
    let before = [spot(day(6), 1, 2)];
    assert_eq!(verified_conflicts(&[free.clone()], &before, &[spot(day(6), 1, 1)]), vec![(day(6), 1, 10)]);
    assert!(verified_conflicts(&[free], &before, &before).is_empty());
}

#[test]
fn a_verified_cell_left_short_may_be_covered_again() {
    // Rows dropped before this rule (the 4th's): putting them back is no conflict, and the rows
    // as they are name the cell.
    let planned = [cell(1, day(4), 1, 1, true)];
    assert_eq!(verified_conflicts(&planned, &[], &[]), vec![(day(4), 1, 10)]);
    assert!(verified_conflicts(&planned, &[], &[spot(day(4), 1, 1)]).is_empty());
}

/// A seeded generator of a month confirmed up to a day (cells verified by the plan of the rows
/// then, free spots recorded as verified C cells), whose rows then change at random (a row
/// dropped, added, or moved to another version, period or day). Whenever the change keeps
/// every verified cell's count, the comparison counts each verified cell's spots once and as
/// verified: no verified cell short, the plan's missing spots the comparison's missing and its
/// free spots the comparison's added. And the generator does reach changes that, unrefused,
/// would make them disagree.
#[test]
fn a_change_that_keeps_every_verified_count_keeps_the_counts_agreeing() {
    let mut seed: u64 = 0x2026_1204;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let (mut kept, mut refused, mut would_disagree) = (0, 0, 0);
    for round in 0..600 {
        let mut planned = Vec::new();
        for id in 0..1 + next(10) as i64 {
            let mut c = cell(id, day(1 + next(10) as u32), 1 + next(2) as i64, next(3) as i32, false);
            c.period_id = 10 + next(2) as i64;
            c.point_type = ['A', 'B', 'C'][next(3) as usize];
            c.withdrawn = next(10) == 0;
            planned.push(c);
        }
        let mut before = Vec::new();
        for _ in 0..next(10) {
            let mut s = spot(day(1 + next(10) as u32), 1 + next(2) as i64, 1 + next(2) as i32);
            s.period_id = 10 + next(2) as i64;
            before.push(s);
        }
        // A confirmation up to `cutoff`: what the plan verified then, and the free spots then.
        let cutoff = day(1 + next(10) as u32);
        let confirmed = plan(&planned, &before);
        for c in &mut planned {
            c.verified = c.ymd <= cutoff && confirmed.cells.iter().any(|k| k.cell_id == c.cell_id && k.verified);
        }
        for (n, f) in confirmed.free.iter().filter(|f| f.ymd <= cutoff).enumerate() {
            let mut c = cell(100 + n as i64, f.ymd, f.tape_id, f.num, true);
            (c.period_id, c.point_type, c.free) = (f.period_id, 'C', f.num);
            planned.push(c);
        }
        assert!(verified_conflicts(&planned, &before, &before).is_empty(), "round {round}: {planned:?} {before:?}");

        let mut after = before.clone();
        for _ in 0..1 + next(2) {
            match next(4) {
                0 if !after.is_empty() => {
                    after.remove(next(after.len() as u64) as usize);
                }
                1 => {
                    let mut s = spot(day(1 + next(10) as u32), 1 + next(2) as i64, 1);
                    s.period_id = 10 + next(2) as i64;
                    after.push(s);
                }
                2 if !after.is_empty() => {
                    let i = next(after.len() as u64) as usize;
                    after[i].tape_id = 3 - after[i].tape_id;
                }
                3 if !after.is_empty() => {
                    let i = next(after.len() as u64) as usize;
                    after[i].ymd = day(1 + next(10) as u32);
                }
                _ => {}
            }
        }
        let Check { comparison, plan } = check(&planned, &after);
        let agree = plan.missing_spots() == comparison.missing_spots && plan.free_spots() == comparison.added_spots;
        if verified_conflicts(&planned, &before, &after).is_empty() {
            kept += 1;
            assert!(agree, "round {round}: {planned:?} {before:?} → {after:?}");
            let short: Vec<_> = cover(&planned, &after)
                .into_iter()
                .flat_map(|g| g.cells)
                .filter(|(c, covered, _)| c.verified && *covered != c.planned())
                .map(|(c, ..)| c.cell_id)
                .collect();
            assert!(short.is_empty(), "round {round}: verified cells {short:?} short");
        } else {
            refused += 1;
            would_disagree += usize::from(!agree);
        }
    }
    // The generator is not vacuous: both kinds of change, and contradictions it refused.
    assert!(kept > 100 && refused > 100 && would_disagree > 20, "kept {kept}, refused {refused}, would disagree {would_disagree}");
}
