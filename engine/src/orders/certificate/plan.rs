//! What confirming a certificate does to the cells, per month, version and period — the unit
//! the comparison counts in, so the spots this leaves free are exactly the comparison's added
//! and the spots the flagged cells miss exactly its missing.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;

use super::{AiredSpot, PlannedCell, month_of};

/// What the certificate does to one planned cell.
#[derive(Debug, Clone, PartialEq)]
pub struct CellCheck {
    pub cell_id: i64,
    /// Spots of the cell the certificate shows aired.
    pub aired: i32,
    /// Every planned spot aired: the cell becomes verified (isHe 2). Otherwise it is flagged
    /// as missing spots (reasonDisappearance '1'): a make-good is owed.
    pub verified: bool,
    /// Planned spots of the cell that did not air (0 when verified).
    pub missing: i32,
}

/// Spots that aired on a day with no plan left in their month to cover: a verified type-C
/// (free) cell on the C line of the month, version and period.
#[derive(Debug, Clone, PartialEq)]
pub struct FreeSpot {
    pub month: NaiveDate,
    pub ymd: NaiveDate,
    pub tape_id: i64,
    pub period_id: i64,
    pub num: i32,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    /// Every planned cell that is neither withdrawn nor verified already, per month, version
    /// and period, then in day and cover order.
    pub cells: Vec<CellCheck>,
    /// Every spot left free, per month, version and period, then by day: the whole of them for
    /// the months compared (a confirmation replaces the free spots it recorded before).
    pub free: Vec<FreeSpot>,
}

impl Plan {
    /// Cells confirming verifies.
    pub fn verified_cells(&self) -> i64 {
        self.cells.iter().filter(|c| c.verified).count() as i64
    }

    /// Cells confirming flags as missing spots.
    pub fn missing_cells(&self) -> i64 {
        self.cells.iter().filter(|c| !c.verified).count() as i64
    }

    /// Spots the flagged cells miss.
    pub fn missing_spots(&self) -> i64 {
        self.cells.iter().map(|c| i64::from(c.missing)).sum()
    }

    /// Spots recorded as free.
    pub fn free_spots(&self) -> i64 {
        self.free.iter().map(|f| i64::from(f.num)).sum()
    }
}

fn type_rank(point_type: char) -> u8 {
    match point_type {
        'A' => 0,
        'B' => 1,
        'C' => 2,
        _ => 3,
    }
}

/// A month, version and period: its planned cells and the spots aired each day.
#[derive(Default)]
struct Group<'a> {
    cells: Vec<&'a PlannedCell>,
    aired: BTreeMap<NaiveDate, i64>,
}

/// How the spots of one month, version and period cover its planned cells.
pub(super) struct Cover<'a> {
    /// (month, version, period).
    pub key: (NaiveDate, i64, i64),
    /// Each planned cell in cover order, the spots covering it and the days they aired on.
    pub cells: Vec<(&'a PlannedCell, i64, BTreeSet<NaiveDate>)>,
    /// The spots of each day left over: aired with no plan.
    pub left: BTreeMap<NaiveDate, i64>,
}

/// Covers the planned cells with the aired spots, per month, version and period (see [`plan`]).
pub(super) fn cover<'a>(planned: &'a [PlannedCell], aired: &[AiredSpot]) -> Vec<Cover<'a>> {
    let mut groups: BTreeMap<(NaiveDate, i64, i64), Group> = BTreeMap::new();
    for cell in planned.iter().filter(|c| c.planned() > 0) {
        groups.entry((month_of(cell.ymd), cell.tape_id, cell.period_id)).or_default().cells.push(cell);
    }
    for spot in aired.iter().filter(|s| s.num > 0) {
        let group = groups.entry((month_of(spot.ymd), spot.tape_id, spot.period_id)).or_default();
        *group.aired.entry(spot.ymd).or_default() += i64::from(spot.num);
    }
    let mut out = Vec::new();
    for (key, group) in groups {
        let Group { mut cells, aired: mut left } = group;
        cells.sort_by(|a, b| {
            (a.ymd, !a.verified, type_rank(a.point_type), &a.position, a.line_id, a.cell_id)
                .cmp(&(b.ymd, !b.verified, type_rank(b.point_type), &b.position, b.line_id, b.cell_id))
        });
        let mut covered = vec![(0i64, BTreeSet::new()); cells.len()];
        // Each day's own spots first.
        for (i, cell) in cells.iter().enumerate() {
            if let Some(day) = left.get_mut(&cell.ymd) {
                let take = (*day).min(cell.planned());
                if take > 0 {
                    covered[i] = (take, BTreeSet::from([cell.ymd]));
                }
                *day -= take;
            }
        }
        // Then what is left of the month, the earliest day's first; verified cells first (a
        // stable sort keeps the day and cover order within each).
        let mut order: Vec<usize> = (0..cells.len()).collect();
        order.sort_by_key(|&i| !cells[i].verified);
        for i in order {
            for (ymd, spots) in left.iter_mut() {
                let take = (*spots).min(cells[i].planned() - covered[i].0);
                if take > 0 {
                    covered[i].0 += take;
                    covered[i].1.insert(*ymd);
                    *spots -= take;
                }
            }
        }
        let cells = cells.into_iter().zip(covered).map(|(cell, (n, days))| (cell, n, days)).collect();
        out.push(Cover { key, cells, left });
    }
    out
}

/// Plans what confirming does, per month, version and period. First each day's spots cover
/// that day's cells in order — verified cells, then type A, B, C, D, then position, then line;
/// then the spots left over on any day of the month cover what is still short on other days
/// (verified cells first, then the earliest day, in the same order), taking the earliest day's
/// spots first. A cell covered entirely is verified; a cell covered partly or not at all is
/// flagged with the spots that did air; the spots still left aired with no plan (a
/// [`FreeSpot`] on their day). A cell verified already keeps its state and accounts for its
/// spots first; withdrawn cells plan nothing and are left alone.
pub fn plan(planned: &[PlannedCell], aired: &[AiredSpot]) -> Plan {
    let mut out = Plan::default();
    for Cover { key: (month, tape, period), cells, left } in cover(planned, aired) {
        for (cell, covered, _) in cells {
            if !cell.verified {
                let missing = cell.planned() - covered;
                out.cells.push(CellCheck {
                    cell_id: cell.cell_id,
                    aired: i32::try_from(covered).unwrap_or(i32::MAX),
                    verified: missing == 0,
                    missing: i32::try_from(missing).unwrap_or(i32::MAX),
                });
            }
        }
        for (ymd, spots) in left.into_iter().filter(|(_, n)| *n > 0) {
            out.free.push(FreeSpot { month, ymd, tape_id: tape, period_id: period, num: i32::try_from(spots).unwrap_or(i32::MAX) });
        }
    }
    out
}
