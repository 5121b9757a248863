//! What a confirmation verified is fixed (docs/evaluation.md, "Broadcast certificates"): the
//! rows a verified cell (isHe 2) counted may not change while its month is still open, or the
//! comparison would count its spots again (as free spots elsewhere) or not at all (as missing)
//! while the cell stays verified. One rule for every path that changes or reads the rows: a
//! re-import, each correction, the preview and the confirmation.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;

use super::plan::cover;
use super::{AiredSpot, PlannedCell};

/// A day, version and period: the rows a cell counts.
pub type SpotKey = (NaiveDate, i64, i64);

fn spots_per_key(aired: &[AiredSpot]) -> BTreeMap<SpotKey, i64> {
    let mut out = BTreeMap::new();
    for s in aired.iter().filter(|s| s.num > 0) {
        *out.entry((s.ymd, s.tape_id, s.period_id)).or_default() += i64::from(s.num);
    }
    out
}

/// The days, versions and periods whose spots the verified cells count with `aired`: the day of
/// every free type C cell a confirmation recorded, and of every verified cell `aired` covers
/// whole, with the days whose spots cover it. A verified cell `aired` leaves short counts
/// nothing there: rows that cover it again are welcome.
pub fn fixed_keys(planned: &[PlannedCell], aired: &[AiredSpot]) -> BTreeSet<SpotKey> {
    let mut fixed: BTreeSet<SpotKey> = planned
        .iter()
        .filter(|c| c.verified && !c.withdrawn && c.free > 0)
        .map(|c| (c.ymd, c.tape_id, c.period_id))
        .collect();
    for group in cover(planned, aired) {
        let (_, tape, period) = group.key;
        for (cell, covered, days) in &group.cells {
            if cell.verified && *covered == cell.planned() {
                fixed.insert((cell.ymd, tape, period));
                fixed.extend(days.iter().map(|&d| (d, tape, period)));
            }
        }
    }
    fixed
}

/// The days, versions and periods of verified cells that changing the rows from `before` to
/// `after` would contradict, in order: a key [`fixed_keys`] holds with `before` whose spots
/// differ in `after` (a row dropped, added, or moved out or in), and the key of every verified
/// cell `after` leaves short. Empty: the change keeps every verified cell's count. With `before`
/// = `after` it answers whether the rows as they are contradict a verified cell.
pub fn verified_conflicts(planned: &[PlannedCell], before: &[AiredSpot], after: &[AiredSpot]) -> Vec<SpotKey> {
    let (was, now) = (spots_per_key(before), spots_per_key(after));
    let mut out: BTreeSet<SpotKey> =
        fixed_keys(planned, before).into_iter().filter(|k| was.get(k).copied().unwrap_or(0) != now.get(k).copied().unwrap_or(0)).collect();
    for group in cover(planned, after) {
        for (cell, covered, _) in &group.cells {
            if cell.verified && *covered < cell.planned() {
                out.insert((cell.ymd, cell.tape_id, cell.period_id));
            }
        }
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests;
