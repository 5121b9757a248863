//! The per-line viewing figures of the summary grid: each viewing row of the order (the
//! order's matching rule, [`crate::orders::figures::order_match`], on the side, category and
//! source the dialog chose) is placed on one schedule line, and a line's average is its rows'
//! GRP over their count.
//!
//! A row is placed (docs/decisions.md, "Issue 16: the summary grid (reads)") on the lines of
//! its broadcast day's month whose tape it names (a row titled with the product name names
//! every tape) and whose period holds its air time on the broadcast day: of those periods the
//! narrowest that holds the time with its end excluded, else with it included (the
//! certificate's rule: back-to-back periods give the boundary to the later one); ties go to
//! the lower period id. Within that period the row fills the lines in type order (A, B, C, D),
//! then position, then line id, each up to the spots it plans that month (withdrawn ones
//! excepted), rows in air-time order; rows beyond every line's plan go to the first line.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;

pub use crate::orders::evaluation::spots::ViewingScope;
use crate::state::AppState;

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
    /// Spots planned this month, withdrawn ones excepted.
    pub planned: i64,
}

/// One viewing row as the placement reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The month of its broadcast day, as its first day.
    pub month: NaiveDate,
    /// The tapes its title names; `None` for the product name (any of the order's tapes).
    pub tapes: Option<Arc<[i64]>>,
    /// Seconds of the broadcast day it aired at (past 24:00 after midnight).
    pub secs: i32,
    pub grp: f64,
}

/// GRP and spots of the rows placed on a line.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Placed {
    pub grp: f64,
    pub spots: u64,
}

/// A period's lines of one month, in the order they fill.
struct PeriodLines<'a> {
    period: i64,
    start: i32,
    end: i32,
    lines: Vec<&'a LineSlot>,
}

/// Places `spots` (in air-time order) on `lines` (in type, position and id order within a
/// period): the line id each row went to, summed. Rows no line takes are left out.
pub fn place(lines: &[LineSlot], spots: &[Spot]) -> HashMap<i64, Placed> {
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
    let mut placed: HashMap<i64, Placed> = HashMap::new();
    for spot in spots {
        let Some(periods) = by_month.get(&spot.month) else { continue };
        let names = |l: &LineSlot| spot.tapes.as_ref().is_none_or(|t| t.contains(&l.tape));
        let secs = spot.secs;
        let holds = |p: &&PeriodLines, end_included: bool| {
            p.start <= secs && (secs < p.end || end_included && secs <= p.end) && p.lines.iter().any(|l| names(l))
        };
        let Some(period) = periods.iter().find(|p| holds(p, false)).or_else(|| periods.iter().find(|p| holds(p, true)))
        else {
            continue;
        };
        let mut named = period.lines.iter().filter(|l| names(l));
        let first = named.clone().next().map(|l| l.id);
        let open = named.find(|l| placed.get(&l.id).map_or(0, |p| p.spots as i64) < l.planned).map(|l| l.id);
        if let Some(id) = open.or(first) {
            let p = placed.entry(id).or_default();
            p.grp += spot.grp;
            p.spots += 1;
        }
    }
    placed
}

/// The order's viewing rows of the scope's side, category and source, in air-time order, as
/// the placement reads them ([`crate::orders::evaluation::spots`]).
pub async fn spots(state: &AppState, scope: &ViewingScope<'_>) -> anyhow::Result<Vec<Spot>> {
    let aired = crate::orders::evaluation::spots::spots(state, scope).await?;
    // The tapes each distinct title names: a tape's media file name, tape number or customer
    // title names it; the product's name, when no tape is called so, names every tape.
    let product = scope.product_name.trim();
    let named: Vec<Option<Arc<[i64]>>> = aired
        .titles
        .iter()
        .map(|title| {
            let trimmed = title.trim();
            let tapes: Vec<i64> =
                scope.tapes.iter().filter(|(_, t)| t.iter().any(|n| n.trim() == trimmed)).map(|(id, _)| *id).collect();
            if tapes.is_empty() && trimmed == product { None } else { Some(tapes.into()) }
        })
        .collect();
    Ok(aired
        .spots
        .iter()
        .map(|s| Spot { month: crate::orders::month_of(s.ymd), tapes: named[s.title as usize].clone(), secs: s.secs, grp: s.grp })
        .collect())
}
