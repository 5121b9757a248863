//! The rows behind each figure, as light references into the order's ledger and schedule, with
//! what each adds to the figure: the sum of every row is worked out here, from the same
//! ledger tally and the same per-cell rules the figures use (docs/evaluation.md), and only the
//! rows of the page asked for are then written out ([`super::rows`]).

use std::collections::HashMap;

use adeval_engine::grp::{self, Units};
use adeval_engine::orders::months::month_targets;
use adeval_engine::orders::{FreeCalc, Triple, target_units};
use chrono::NaiveDate;

use super::figure::{Figure, Level};
use super::order::{OrderFacts, withdrawn};
use crate::orders::evaluation::ledger::{Entry, Kind, Tally};
use crate::orders::month_of;
use crate::orders::summary::make_goods::CellSpots;
use crate::orders::summary::stored::{CellRow, LineRow};

/// Which part of the order a figure is of: a month (else the whole order), a schedule line, a
/// time-period class (its lines).
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    pub month: Option<NaiveDate>,
    pub line: Option<i64>,
    pub class: Option<i64>,
}

/// One row behind a figure; `value` is what it adds to the figure, in ten-thousandths of a
/// point for GRP figures and in spots for counts.
#[derive(Clone, Copy)]
pub enum Item<'a> {
    /// An entry of the ledger: an aired spot, a manual GRP, a superseded spot.
    Entry { entry: &'a Entry, value: i64 },
    /// A daily cell; `estimate` is the one its spots are valued at, when the figure values them.
    Cell { cell: &'a CellRow, line: &'a LineRow, estimate: Option<f64>, value: i64 },
    /// The issued GRP of the scope, as one row (the expected completion starts from it).
    Issued(Tally),
    /// A line's aired spots the certificate shows beyond the entries placed on it, at the estimate.
    Unseen { line: &'a LineRow, spots: i64, estimate: f64, value: i64 },
    /// The side's metrics, and its free broadcast.
    Metrics(i64),
    Free(i64),
    /// A month's share of the target: target × the month's planned spots ÷ the cycle's.
    Share { target: Units, planned: u64, all: u64, value: i64 },
    /// The target (or the month's share), taken off: a difference's last row.
    Target(i64),
}

impl Item<'_> {
    pub fn value(&self) -> i64 {
        match *self {
            Item::Entry { value, .. } | Item::Cell { value, .. } | Item::Unseen { value, .. } | Item::Share { value, .. } => value,
            Item::Issued(t) => t.grp,
            Item::Metrics(v) | Item::Free(v) | Item::Target(v) => v,
        }
    }
}

/// The rows of a figure and its value: `None` when the figure is absent (an expected
/// completion with nothing to expect from).
pub struct Items<'a> {
    pub items: Vec<Item<'a>>,
    pub sum: Option<i64>,
}

/// What a figure's rows are worked out from besides the order: the class estimates.
pub struct Inputs<'a> {
    pub facts: &'a OrderFacts,
    pub scope: Scope,
    pub estimates: &'a HashMap<i64, Triple<f64>>,
}

impl<'a> Inputs<'a> {
    fn lines(&self) -> HashMap<i64, &'a LineRow> {
        self.facts.lines.iter().map(|l| (l.id, l)).collect()
    }

    /// Whether the ledger entry is of the scope: its broadcast day's month, its line, its line's class.
    fn holds_entry(&self, e: &Entry, lines: &HashMap<i64, &LineRow>) -> bool {
        let s = self.scope;
        let line = e.line.and_then(|id| lines.get(&id));
        s.month.is_none_or(|m| month_of(e.ymd) == m)
            && s.line.is_none_or(|l| e.line == Some(l))
            && s.class.is_none_or(|c| line.is_some_and(|l| l.class_id == Some(c)))
    }

    /// Whether the line is of the scope: its month, itself, its period's class.
    fn holds_line(&self, l: &LineRow) -> bool {
        let s = self.scope;
        s.month.is_none_or(|m| l.month == m) && s.line.is_none_or(|id| l.id == id) && s.class.is_none_or(|c| l.class_id == Some(c))
    }

    fn estimate(&self, line: &LineRow) -> Option<Triple<f64>> {
        line.class_id.and_then(|c| self.estimates.get(&c)).copied()
    }

    /// The scope's cells with their lines, by day then the grid's line order.
    fn cells(&self) -> Vec<(&'a CellRow, &'a LineRow)> {
        let lines = self.lines();
        let rank: HashMap<i64, usize> = self.facts.lines.iter().enumerate().map(|(i, l)| (l.id, i)).collect();
        let mut out: Vec<(&CellRow, &LineRow)> = self
            .facts
            .cells
            .iter()
            .filter_map(|c| Some((c, *lines.get(&c.line_id)?)))
            .filter(|(_, l)| self.holds_line(l))
            .collect();
        out.sort_by_key(|(c, l)| (c.ymd, rank[&l.id]));
        out
    }

    /// A cell still to air: from the assessment date on (today until one is set).
    fn remains(&self, c: &CellRow) -> bool {
        c.ymd >= self.facts.head.assessed_from
    }

    /// The scope's ledger entries and their tally.
    fn entries(&self) -> (Vec<&'a Entry>, Tally) {
        let lines = self.lines();
        let keep = |e: &Entry| self.holds_entry(e, &lines);
        let entries = self.facts.ledger.entries.iter().filter(|e| keep(e)).collect();
        (entries, self.facts.ledger.tally(keep))
    }

    /// Whether the side has anything to expect from, order-wide (as the figures decide): an
    /// aired spot, or a remaining spot whose class has an estimate.
    fn based(&self) -> bool {
        let lines = self.lines();
        self.facts.ledger.tally(|_| true).spots > 0
            || self.facts.cells.iter().any(|c| {
                c.planned() > 0
                    && self.remains(c)
                    && lines.get(&c.line_id).is_some_and(|l| self.estimate(l).is_some())
            })
    }

    /// The side's target, in units.
    fn target(&self) -> (Units, Units) {
        let t = self.facts.terms;
        let calc = FreeCalc::from_code(i64::from(t.free_calc)).unwrap_or(FreeCalc::None);
        target_units(calc, t.metrics, t.free_value)
    }

    /// The month's share of the target (the whole target without a month): the split of
    /// orderSummaryList.
    fn target_of_scope(&self) -> Item<'a> {
        let (_, target) = self.target();
        let Some(month) = self.scope.month else {
            return Item::Share { target, planned: 0, all: 0, value: target };
        };
        let lines = self.lines();
        let months = self.facts.months();
        let planned: Vec<u64> = months
            .iter()
            .map(|(m, _)| {
                let of_month = self.facts.cells.iter().filter(|c| !withdrawn(c) && lines.get(&c.line_id).is_some_and(|l| l.month == *m));
                of_month.map(|c| c.planned() as u64).sum()
            })
            .collect();
        let days: Vec<u64> = months.iter().map(|(_, d)| *d).collect();
        let shares = month_targets(target, &planned, &days);
        let at = months.iter().position(|(m, _)| *m == month);
        let value = at.map_or(0, |i| shares[i]);
        Item::Share { target, planned: at.map_or(0, |i| planned[i]), all: planned.iter().sum(), value }
    }

    /// The remaining cells of the scope at their estimate (`level`), withdrawn ones left out.
    fn remaining_valued(&self, level: Level) -> Vec<Item<'a>> {
        self.cells()
            .into_iter()
            .filter(|(c, _)| self.remains(c) && c.planned() > 0)
            .map(|(cell, line)| {
                let estimate = self.estimate(line).map(|e| level.pick(&e));
                let value = estimate.map_or(0, |e| i64::from(cell.planned()) * grp::units(e));
                Item::Cell { cell, line, estimate, value }
            })
            .collect()
    }
}

/// The rows of `figure` (any but an estimate's days, [`super::estimate`]) and its value.
pub fn items<'a>(figure: Figure, input: &Inputs<'a>) -> Items<'a> {
    let summed = |items: Vec<Item<'a>>| {
        let sum = items.iter().map(Item::value).sum();
        Items { items, sum: Some(sum) }
    };
    let counted = |value: fn(&Entry) -> i64, sum: fn(Tally) -> i64| {
        let (entries, tally) = input.entries();
        let items = entries.into_iter().map(|entry| Item::Entry { entry, value: value(entry) }).collect();
        Items { items, sum: Some(sum(tally)) }
    };
    let cells = |value: &dyn Fn(&CellRow, &LineRow) -> Option<i64>| {
        let items = input.cells().into_iter().filter_map(|(cell, line)| Some(Item::Cell { cell, line, estimate: None, value: value(cell, line)? })).collect();
        summed(items)
    };
    // A cell with nothing planned but a confirmation's free spots is not listed; a withdrawn
    // one is, at 0.
    let planned = |c: &CellRow| (c.planned() != 0 || withdrawn(c)).then(|| i64::from(c.planned()));
    match figure {
        Figure::IssuedGrp => counted(|e| if e.kind == Kind::Superseded { 0 } else { e.grp }, |t| t.grp),
        Figure::AiredSpots => counted(|e| if e.kind == Kind::Superseded { 0 } else { e.spots as i64 }, |t| t.spots as i64),
        Figure::UpsideDownThree => {
            let (entries, tally) = input.entries();
            let items = entries
                .into_iter()
                .filter_map(|entry| Some(Item::Entry { entry, value: i64::from(entry.position?.top_or_bottom_three()) }))
                .collect();
            Items { items, sum: Some(tally.top_or_bottom_three as i64) }
        }
        Figure::Planned => cells(&|c, _| planned(c)),
        Figure::Remaining => cells(&|c, _| if input.remains(c) { planned(c) } else { None }),
        Figure::Unestimated => {
            cells(&|c, l| (input.remains(c) && c.planned() > 0 && input.estimate(l).is_none()).then_some(i64::from(c.planned())))
        }
        Figure::Published => cells(&|c, _| (c.aired != 0 || checked(c)).then_some(i64::from(c.aired))),
        Figure::Missing => cells(&|c, l| {
            let missing = cell_spots(c, l).missing();
            (missing > 0).then_some(missing)
        }),
        Figure::RemainingGrp(level) => summed(input.remaining_valued(level)),
        Figure::Expected(level) => {
            let mut items = vec![Item::Issued(input.entries().1)];
            items.extend(input.remaining_valued(level));
            let sum = input.based().then(|| items.iter().map(Item::value).sum());
            Items { items, sum }
        }
        Figure::Difference(level) => {
            let mut items = vec![Item::Issued(input.entries().1)];
            items.extend(input.remaining_valued(level));
            items.push(Item::Target(-input.target_of_scope().value()));
            let sum = input.based().then(|| items.iter().map(Item::value).sum());
            Items { items, sum }
        }
        Figure::Target => match input.scope.month {
            Some(_) => summed(vec![input.target_of_scope()]),
            None => {
                let (free, target) = input.target();
                summed(vec![Item::Metrics(target - free), Item::Free(free)])
            }
        },
        Figure::ViewEstimated(level) => summed(view_estimated(input, level)),
        Figure::Estimate(_) => Items { items: Vec::new(), sum: None },
    }
}

/// The grid's 已播预估 of the scope's lines: each line's entries and its aired spots without a
/// placed entry (the certificate's count beyond them, not below 0) at the class's estimate; a
/// line whose class has no estimate counts 0 throughout, as the grid shows it.
fn view_estimated<'a>(input: &Inputs<'a>, level: Level) -> Vec<Item<'a>> {
    let mut out = Vec::new();
    for line in input.facts.lines.iter().filter(|l| input.holds_line(l)) {
        let estimate = input.estimate(line).map(|e| level.pick(&e));
        let on_line = |e: &Entry| e.line == Some(line.id);
        let seen = input.facts.ledger.tally(on_line);
        for entry in input.facts.ledger.entries.iter().filter(|e| on_line(e)) {
            let counted = if entry.kind == Kind::Superseded { 0 } else { entry.grp };
            out.push(Item::Entry { entry, value: if estimate.is_some() { counted } else { 0 } });
        }
        let published: i64 = input.facts.cells.iter().filter(|c| c.line_id == line.id).map(|c| i64::from(c.aired)).sum();
        let unseen = (published - seen.spots as i64).max(0);
        if let (Some(e), true) = (estimate, unseen > 0) {
            out.push(Item::Unseen { line, spots: unseen, estimate: e, value: unseen * grp::units(e) });
        }
    }
    out
}

/// Checked by a confirmed certificate: verified, or flagged short.
pub fn checked(c: &CellRow) -> bool {
    c.is_he == 2 || c.reason_disappearance == 1
}

/// The cell as the make-goods count it (its missing spots).
fn cell_spots(c: &CellRow, l: &LineRow) -> CellSpots {
    CellSpots { point: c.point, aired: c.aired, checked: checked(c), withdrawn: withdrawn(c), type_b: l.point_type == "B", make_good: c.make_good }
}
