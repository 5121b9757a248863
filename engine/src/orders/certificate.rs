//! A broadcast certificate against the schedule (docs/evaluation.md, "Broadcast certificates").
//!
//! [`compare`] answers, per month, version and time period, what aired beyond the plan (added)
//! and what the plan holds that did not air (missing). [`plan`] answers what confirming does to
//! the cells: the spots of a month, version and period cover that month's planned cells (each
//! day's own spots first), a cell covered entirely is verified, one not covered is flagged (a
//! make-good is owed), and the spots left over aired with no plan (free). Both work on the same
//! month, version and period, so every count of a check agrees: the spots left free are the
//! comparison's added, the spots the flagged cells miss its missing ([`check`]). The server
//! gathers the cells from Postgres and the aired spots from the certificate's lake rows, with
//! corrections applied.

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
    /// Spots of the cell, those a confirmation recorded as free included.
    pub point: i32,
    /// Spots a confirmation recorded in this (type C) cell as aired with no plan: they stay
    /// added, never planned.
    pub free: i32,
    /// Withdrawn (`撤掉`): nothing is planned.
    pub withdrawn: bool,
    /// Verified already by a certificate (isHe 2).
    pub verified: bool,
}

impl PlannedCell {
    /// Spots planned: none when withdrawn, else the cell's spots but the free ones.
    pub fn planned(&self) -> i64 {
        if self.withdrawn {
            0
        } else {
            i64::from(self.point.max(0)) - i64::from(self.free.clamp(0, self.point.max(0)))
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

/// Planned and aired spots of one month, version and period: the unit every count of a
/// comparison is summed from (the export's 汇总 lists them).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PeriodTally {
    pub month: NaiveDate,
    pub tape_id: i64,
    pub period_id: i64,
    pub class_id: Option<i64>,
    pub planned: i64,
    pub aired: i64,
}

impl PeriodTally {
    /// Spots aired beyond the plan.
    pub fn added(&self) -> i64 {
        (self.aired - self.planned).max(0)
    }

    /// Spots planned that did not air.
    pub fn missing(&self) -> i64 {
        (self.planned - self.aired).max(0)
    }
}

/// Spot counts throughout.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Comparison {
    pub added: Vec<Difference>,
    pub missing: Vec<Difference>,
    /// In month order.
    pub months: Vec<MonthTotals>,
    /// In month, version and period order.
    pub periods: Vec<PeriodTally>,
    pub planned: i64,
    pub aired: i64,
    /// Σ added of the periods (and of the `added` rows).
    pub added_spots: i64,
    /// Σ missing of the periods (and of the `missing` rows).
    pub missing_spots: i64,
}

pub(crate) fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).expect("every month has a first day")
}

/// Compares the plan with what aired, per month, version and period. Withdrawn cells and
/// cells of no spots plan nothing. Within one month, version and time-period class, when the
/// excess of some periods and the shortfall of others are equal, the spots aired in another
/// period of the class: the class gets one added and one missing row of kind [`BALANCED`].
/// Every other difference is a row of its period, kind [`UNBALANCED`].
pub fn compare(planned: &[PlannedCell], aired: &[AiredSpot]) -> Comparison {
    let tallies = tallies(planned, aired);

    // Which (month, version, class) groups balance.
    let mut classes: BTreeMap<(NaiveDate, i64, i64), (i64, i64)> = BTreeMap::new();
    for (&(month, tape, _), tally) in &tallies {
        if let Some(class) = tally.class_id {
            let sums = classes.entry((month, tape, class)).or_default();
            sums.0 += tally.added();
            sums.1 += tally.missing();
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
        if tally.added() > 0 {
            out.added.push(row(tally.added()));
            totals.added += tally.added();
        }
        if tally.missing() > 0 {
            out.missing.push(row(tally.missing()));
            totals.missing += tally.missing();
        }
    }
    out.planned = months.values().map(|m| m.planned).sum();
    out.aired = months.values().map(|m| m.aired).sum();
    out.added_spots = months.values().map(|m| m.added).sum();
    out.missing_spots = months.values().map(|m| m.missing).sum();
    out.months = months.into_values().collect();
    out.periods = tallies.into_values().collect();
    out
}

/// Planned and aired spots per month, version and period. Withdrawn cells and cells of no
/// spots plan nothing.
fn tallies(planned: &[PlannedCell], aired: &[AiredSpot]) -> BTreeMap<(NaiveDate, i64, i64), PeriodTally> {
    fn entry(
        tallies: &mut BTreeMap<(NaiveDate, i64, i64), PeriodTally>,
        (ymd, tape_id, period_id, class_id): (NaiveDate, i64, i64, Option<i64>),
    ) -> &mut PeriodTally {
        let month = month_of(ymd);
        let tally = tallies.entry((month, tape_id, period_id)).or_insert_with(|| PeriodTally {
            month,
            tape_id,
            period_id,
            ..PeriodTally::default()
        });
        tally.class_id = tally.class_id.or(class_id);
        tally
    }
    let mut tallies = BTreeMap::new();
    for cell in planned.iter().filter(|c| c.planned() > 0) {
        entry(&mut tallies, (cell.ymd, cell.tape_id, cell.period_id, cell.class_id)).planned += cell.planned();
    }
    for spot in aired.iter().filter(|s| s.num > 0) {
        entry(&mut tallies, (spot.ymd, spot.tape_id, spot.period_id, spot.class_id)).aired += i64::from(spot.num);
    }
    tallies
}

/// A comparison and what confirming it does, computed together from the same cells and
/// spots: every count a user sees about one comparison comes from here.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Check {
    pub comparison: Comparison,
    pub plan: Plan,
}

/// Compares and plans at once.
pub fn check(planned: &[PlannedCell], aired: &[AiredSpot]) -> Check {
    Check { comparison: compare(planned, aired), plan: plan(planned, aired) }
}

mod fixed;
mod plan;

pub use fixed::{SpotKey, fixed_keys, verified_conflicts};
pub use plan::{CellCheck, FreeSpot, Plan, plan};

#[cfg(test)]
mod tests;
