//! Where each aired spot of an order sits in its schedule: the line, and with its broadcast
//! day the cell. Every figure that needs a spot's line or cell (a line's average in the grid,
//! a verified cell's manual GRP standing for the spots placed on it, the rows customer data
//! attaches per cell, the drill-down) places spots with [`place`], so they all agree.
//!
//! A spot is placed (docs/evaluation.md, "Where an aired spot sits") on the lines of its
//! broadcast day's month whose tape it names (a spot titled with the product name names every
//! tape) and whose period holds its air time on the broadcast day: of those periods the
//! narrowest that holds the time with its end excluded, else with it included (the
//! certificate's rule: back-to-back periods give the boundary to the later one); ties go to
//! the lower period id. Within that period the spots take, in air-time order and the lines in
//! type order (A, B, C, D), then position, then id:
//! 1. the first line whose cell on the spot's day still has room (its spots, withdrawn cells
//!    excepted, less the spots placed there already);
//! 2. else the first line with room in its month (its month's spots less those placed on it);
//! 3. else the first line.
//!
//! Spots no line takes (no line of the tape and month in a period holding the time) are left
//! unplaced; they still count in the order's figures.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;

/// What a schedule line offers to the placement.
#[derive(Debug, Clone)]
pub struct LineSlot {
    pub id: i64,
    /// The month, as its first day.
    pub month: NaiveDate,
    pub tape: i64,
    pub period: i64,
    /// The period's range, seconds of the broadcast day.
    pub start: i32,
    pub end: i32,
    /// Spots planned per day, withdrawn cells excepted.
    pub days: HashMap<NaiveDate, i64>,
}

impl LineSlot {
    /// Spots planned in the month, withdrawn cells excepted.
    pub fn planned(&self) -> i64 {
        self.days.values().sum()
    }
}

/// One aired spot as the placement reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// Its broadcast day.
    pub ymd: NaiveDate,
    /// The tapes its title names; `None` for the product name (any of the order's tapes).
    pub tapes: Option<Arc<[i64]>>,
    /// Seconds of the broadcast day it aired at (past 24:00 after midnight).
    pub secs: i32,
}

/// A period's lines of one month, in the order they fill.
struct PeriodLines<'a> {
    period: i64,
    start: i32,
    end: i32,
    lines: Vec<&'a LineSlot>,
}

/// The line each of `spots` (in air-time order) sits on, in their order; `None` for a spot no
/// line takes. `lines` come in type, position and id order.
pub fn place(lines: &[LineSlot], spots: &[Spot]) -> Vec<Option<i64>> {
    // Each month's periods, narrowest first (ties: the lower id), each with its lines.
    let mut by_month: HashMap<NaiveDate, Vec<PeriodLines>> = HashMap::new();
    for line in lines {
        let periods = by_month.entry(line.month).or_default();
        match periods.iter_mut().find(|p| p.period == line.period) {
            Some(p) => p.lines.push(line),
            None => periods.push(PeriodLines { period: line.period, start: line.start, end: line.end, lines: vec![line] }),
        }
    }
    for periods in by_month.values_mut() {
        periods.sort_by_key(|p| (p.end - p.start, p.period));
    }
    let planned: HashMap<i64, i64> = lines.iter().map(|l| (l.id, l.planned())).collect();
    let mut on_line: HashMap<i64, i64> = HashMap::new();
    let mut on_cell: HashMap<(i64, NaiveDate), i64> = HashMap::new();
    spots
        .iter()
        .map(|spot| {
            let periods = by_month.get(&crate::orders::month_of(spot.ymd))?;
            let names = |l: &LineSlot| spot.tapes.as_ref().is_none_or(|t| t.contains(&l.tape));
            let secs = spot.secs;
            let holds = |p: &&PeriodLines, end_included: bool| {
                p.start <= secs && (secs < p.end || end_included && secs <= p.end) && p.lines.iter().any(|l| names(l))
            };
            let period = periods.iter().find(|p| holds(p, false)).or_else(|| periods.iter().find(|p| holds(p, true)))?;
            let named: Vec<&LineSlot> = period.lines.iter().copied().filter(|l| names(l)).collect();
            let day_room = |l: &&&LineSlot| l.days.get(&spot.ymd).copied().unwrap_or(0) > on_cell.get(&(l.id, spot.ymd)).copied().unwrap_or(0);
            let month_room = |l: &&&LineSlot| planned[&l.id] > on_line.get(&l.id).copied().unwrap_or(0);
            let line = named.iter().find(day_room).or_else(|| named.iter().find(month_room)).or(named.first())?.id;
            *on_line.entry(line).or_default() += 1;
            *on_cell.entry((line, spot.ymd)).or_default() += 1;
            Some(line)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i32 = 3600;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    /// A line of month `m` planning `days` as (day of the month, spots).
    fn line(id: i64, m: u32, tape: i64, period: i64, (start, end): (i32, i32), days: &[(u32, i64)]) -> LineSlot {
        let days = days.iter().map(|&(d, n)| (day(m, d), n)).collect();
        LineSlot { id, month: day(m, 1), tape, period, start, end, days }
    }

    fn spot(ymd: NaiveDate, tapes: Option<Vec<i64>>, secs: i32) -> Spot {
        Spot { ymd, tapes: tapes.map(Into::into), secs }
    }

    #[test]
    fn spots_fill_their_days_cells_then_the_month_then_overflow_to_the_first_line() {
        // Period 1 (18:00–20:00): an A line planning 1 on the 2nd and 1 on the 3rd, a B line
        // planning 1 on the 2nd. Three spots on the 2nd, one on the 4th: the 2nd's go to A's
        // cell, B's cell, then (no day room left) to A, which still has month room (2 planned,
        // 1 placed); the 4th's: no cell that day, no month room left anywhere, the first line.
        let lines = [line(10, 3, 1, 1, (18 * H, 20 * H), &[(2, 1), (3, 1)]), line(11, 3, 1, 1, (18 * H, 20 * H), &[(2, 1)])];
        let at = |d| spot(day(3, d), Some(vec![1]), 19 * H);
        assert_eq!(place(&lines, &[at(2), at(2), at(2), at(4)]), [Some(10), Some(11), Some(10), Some(10)]);
        // A spot on the 3rd takes A's cell there even after B filled: the day decides first.
        assert_eq!(place(&lines, &[at(2), at(2), at(3)]), [Some(10), Some(11), Some(10)]);
        // A line planning the 5th only, another the 4th only: each day's spot finds its cell,
        // whatever the lines' order.
        let lines = [line(20, 3, 1, 1, (18 * H, 20 * H), &[(5, 1)]), line(21, 3, 1, 1, (18 * H, 20 * H), &[(4, 1)])];
        assert_eq!(place(&lines, &[at(4), at(5)]), [Some(21), Some(20)]);
    }

    #[test]
    fn a_spot_goes_to_the_narrowest_period_of_its_month_and_tape() {
        let lines = [
            line(1, 3, 1, 5, (18 * H, 24 * H), &[(1, 9)]),
            line(2, 3, 1, 6, (19 * H, 20 * H), &[(1, 9)]),
            line(3, 3, 2, 7, (19 * H, 19 * H + 1800), &[(1, 9)]),
            line(4, 4, 1, 6, (19 * H, 20 * H), &[(1, 9)]),
        ];
        let placed = place(
            &lines,
            &[
                spot(day(3, 1), Some(vec![1]), 19 * H + 600), // tape 1: period 6 is narrower than 5
                spot(day(3, 1), Some(vec![1]), 21 * H),       // only period 5 holds 21:00
                spot(day(3, 1), None, 19 * H + 600),          // the product name: tape 2's period 7 is narrowest
                spot(day(4, 9), Some(vec![1]), 19 * H),       // April's line
                spot(day(3, 1), Some(vec![2]), 21 * H),       // tape 2 has nothing at 21:00: not placed
                spot(day(5, 1), Some(vec![1]), 19 * H),       // no line in May
            ],
        );
        assert_eq!(placed, [Some(2), Some(1), Some(3), Some(4), None, None]);
    }

    #[test]
    fn a_boundary_goes_to_the_period_that_starts_there_and_the_end_still_holds() {
        let lines = [line(1, 3, 1, 1, (18 * H, 19 * H), &[(1, 9)]), line(2, 3, 1, 2, (19 * H, 22 * H), &[(1, 9)])];
        let placed = place(&lines, &[spot(day(3, 1), Some(vec![1]), 19 * H), spot(day(3, 1), Some(vec![1]), 22 * H)]);
        assert_eq!(placed, [Some(2), Some(2)]);
    }
}
