//! A broadcast certificate against the schedule (docs/evaluation.md, "Broadcast certificates").
//!
//! [`compare`] answers, per month, version and time period, what aired beyond the plan (added)
//! and what the plan holds that did not air (missing). [`plan`] answers, day by day, which
//! planned cells the certificate verifies, which of them miss spots (a make-good is owed), and
//! which aired spots had no plan at all (free spots). The server gathers the cells from
//! Postgres and the aired spots from the certificate's lake rows, with corrections applied.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, NaiveDate};

/// A difference whose shortfall and excess do not balance within a time-period class.
pub const UNBALANCED: u8 = 1;
/// A class's shortfall and excess balance: spots aired in another period of the same class.
pub const BALANCED: u8 = 2;

/// One daily cell of the schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedCell {
    pub cell_id: i64,
    pub line_id: i64,
    pub ymd: NaiveDate,
    pub tape_id: i64,
    pub period_id: i64,
    pub class_id: Option<i64>,
    /// The line's spot type, A, B, C or D.
    pub point_type: char,
    pub position: String,
    /// Spots planned.
    pub point: i32,
    /// Withdrawn (`撤掉`): nothing is planned.
    pub withdrawn: bool,
    /// Verified already by a certificate (isHe 2).
    pub verified: bool,
}

impl PlannedCell {
    fn planned(&self) -> i64 {
        if self.withdrawn {
            0
        } else {
            i64::from(self.point.max(0))
        }
    }
}

/// Spots of one version that aired on a day in a time period (certificate rows, corrected).
#[derive(Debug, Clone, PartialEq)]
pub struct AiredSpot {
    pub ymd: NaiveDate,
    pub tape_id: i64,
    pub period_id: i64,
    pub class_id: Option<i64>,
    pub num: i32,
}

/// Spots aired beyond the plan (added) or planned and not aired (missing), for one month and
/// version, in one time period (kind 1) or, when they balance, in one class (kind 2).
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// The month, as its first day.
    pub month: NaiveDate,
    pub tape_id: i64,
    /// The period; `None` on a class row.
    pub period_id: Option<i64>,
    pub class_id: Option<i64>,
    pub num: i64,
    /// [`UNBALANCED`] or [`BALANCED`].
    pub kind: u8,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct MonthTotals {
    pub month: NaiveDate,
    pub planned: i64,
    pub aired: i64,
    pub added: i64,
    pub missing: i64,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Comparison {
    pub added: Vec<Difference>,
    pub missing: Vec<Difference>,
    /// In month order.
    pub months: Vec<MonthTotals>,
    pub planned: i64,
    pub aired: i64,
}

/// Planned and aired spots of one month, version and period.
#[derive(Default)]
struct Tally {
    planned: i64,
    aired: i64,
    class_id: Option<i64>,
}

impl Tally {
    fn excess(&self) -> i64 {
        (self.aired - self.planned).max(0)
    }

    fn shortfall(&self) -> i64 {
        (self.planned - self.aired).max(0)
    }
}

fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).expect("every month has a first day")
}

/// Compares the plan with what aired, per month, version and period. Withdrawn cells and
/// cells of no spots plan nothing. Within one month, version and time-period class, when the
/// excess of some periods and the shortfall of others are equal, the spots aired in another
/// period of the class: the class gets one added and one missing row of kind [`BALANCED`].
/// Every other difference is a row of its period, kind [`UNBALANCED`].
pub fn compare(planned: &[PlannedCell], aired: &[AiredSpot]) -> Comparison {
    let mut tallies: BTreeMap<(NaiveDate, i64, i64), Tally> = BTreeMap::new();
    for cell in planned.iter().filter(|c| c.planned() > 0) {
        let tally = tallies
            .entry((month_of(cell.ymd), cell.tape_id, cell.period_id))
            .or_default();
        tally.planned += cell.planned();
        tally.class_id = tally.class_id.or(cell.class_id);
    }
    for spot in aired.iter().filter(|s| s.num > 0) {
        let tally = tallies
            .entry((month_of(spot.ymd), spot.tape_id, spot.period_id))
            .or_default();
        tally.aired += i64::from(spot.num);
        tally.class_id = tally.class_id.or(spot.class_id);
    }

    // Which (month, version, class) groups balance.
    let mut classes: BTreeMap<(NaiveDate, i64, i64), (i64, i64)> = BTreeMap::new();
    for (&(month, tape, _), tally) in &tallies {
        if let Some(class) = tally.class_id {
            let sums = classes.entry((month, tape, class)).or_default();
            sums.0 += tally.excess();
            sums.1 += tally.shortfall();
        }
    }
    let balanced = |month, tape, class: Option<i64>| {
        class
            .and_then(|c| classes.get(&(month, tape, c)))
            .is_some_and(|&(excess, shortfall)| excess > 0 && excess == shortfall)
    };

    let mut out = Comparison::default();
    let mut months: BTreeMap<NaiveDate, MonthTotals> = BTreeMap::new();
    let mut class_rows_done: BTreeSet<(NaiveDate, i64, i64)> = BTreeSet::new();
    for (&(month, tape, period), tally) in &tallies {
        let totals = months.entry(month).or_insert_with(|| MonthTotals {
            month,
            ..MonthTotals::default()
        });
        totals.planned += tally.planned;
        totals.aired += tally.aired;
        if balanced(month, tape, tally.class_id) {
            let class = tally.class_id.expect("a balanced group has a class");
            if !class_rows_done.insert((month, tape, class)) {
                continue;
            }
            let (excess, shortfall) = classes[&(month, tape, class)];
            let row = |num| Difference {
                month,
                tape_id: tape,
                period_id: None,
                class_id: Some(class),
                num,
                kind: BALANCED,
            };
            out.added.push(row(excess));
            out.missing.push(row(shortfall));
            totals.added += excess;
            totals.missing += shortfall;
            continue;
        }
        let row = |num| Difference {
            month,
            tape_id: tape,
            period_id: Some(period),
            class_id: tally.class_id,
            num,
            kind: UNBALANCED,
        };
        if tally.excess() > 0 {
            out.added.push(row(tally.excess()));
            totals.added += tally.excess();
        }
        if tally.shortfall() > 0 {
            out.missing.push(row(tally.shortfall()));
            totals.missing += tally.shortfall();
        }
    }
    out.planned = months.values().map(|m| m.planned).sum();
    out.aired = months.values().map(|m| m.aired).sum();
    out.months = months.into_values().collect();
    out
}

/// What the certificate does to one planned cell.
#[derive(Debug, Clone, PartialEq)]
pub struct CellCheck {
    pub cell_id: i64,
    /// Spots of the cell the certificate shows aired.
    pub aired: i32,
    /// Every planned spot aired: the cell becomes verified (isHe 2). Otherwise it is flagged
    /// as missing spots (reasonDisappearance '1'): a make-good is owed.
    pub verified: bool,
}

/// Spots that aired on a day with no plan left to cover them: a verified type-C (free) cell
/// on the C line of the month, version and period.
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
    /// Every planned cell that is neither withdrawn nor verified already, in day, version,
    /// period and cover order.
    pub cells: Vec<CellCheck>,
    pub free: Vec<FreeSpot>,
}

fn type_rank(point_type: char) -> u8 {
    match point_type {
        'A' => 0,
        'B' => 1,
        'C' => 2,
        _ => 3,
    }
}

/// Plans, per day, version and period, what confirming the certificate does: the spots that
/// aired cover that day's planned cells in order — type A, B, C, D, then position, then line —
/// a cell covered entirely is verified, a cell covered partly or not at all is flagged with
/// the spots that did air, and what is left over aired with no plan (a [`FreeSpot`]). A cell
/// verified already keeps its state and accounts for its spots first; withdrawn cells plan
/// nothing and are left alone.
pub fn plan(planned: &[PlannedCell], aired: &[AiredSpot]) -> Plan {
    let mut days: BTreeMap<(NaiveDate, i64, i64), (Vec<&PlannedCell>, i64)> = BTreeMap::new();
    for cell in planned.iter().filter(|c| c.planned() > 0) {
        days.entry((cell.ymd, cell.tape_id, cell.period_id))
            .or_default()
            .0
            .push(cell);
    }
    for spot in aired.iter().filter(|s| s.num > 0) {
        days.entry((spot.ymd, spot.tape_id, spot.period_id))
            .or_default()
            .1 += i64::from(spot.num);
    }
    let mut out = Plan::default();
    for ((ymd, tape, period), (mut cells, mut left)) in days {
        cells.sort_by(|a, b| {
            (
                !a.verified,
                type_rank(a.point_type),
                &a.position,
                a.line_id,
                a.cell_id,
            )
                .cmp(&(
                    !b.verified,
                    type_rank(b.point_type),
                    &b.position,
                    b.line_id,
                    b.cell_id,
                ))
        });
        for cell in cells {
            let covered = left.min(cell.planned());
            left -= covered;
            if !cell.verified {
                out.cells.push(CellCheck {
                    cell_id: cell.cell_id,
                    aired: covered as i32,
                    verified: covered == cell.planned(),
                });
            }
        }
        if left > 0 {
            out.free.push(FreeSpot {
                month: month_of(ymd),
                ymd,
                tape_id: tape,
                period_id: period,
                num: i32::try_from(left).unwrap_or(i32::MAX),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests;
