//! The ledger of an order's issued GRP on one side: every aired spot the figures count, each
//! placed on its line and cell ([`super::placement`]), and each verified cell's manual GRP
//! (grpYmdUp) standing for the spots placed on it. Every figure of issued GRP, aired spots and
//! 正负三 — the order list, orderSummaryList's months and total, the grid's lines, the
//! exports, the drill-down — is a tally of this one ledger (docs/evaluation.md, "Issued GRP").
//!
//! A verified cell with a manual GRP counts that GRP and its aired spots (the certificate's
//! count) in place of the spots placed on it, on either side: those spots are kept in the
//! ledger as superseded, so their positions still count for 正负三 (where a spot aired in its
//! break does not change with who measured its rating) but their GRP and count do not.

use std::collections::HashMap;
use std::sync::Arc;

use adeval_engine::grp::{self, Units};
use adeval_engine::{AiredSpots, SpotPosition};
use chrono::NaiveDate;
use sqlx::{PgConnection, PgPool};

use super::placement::{LineSlot, Spot, place};
use super::spots::ViewingScope;
use crate::orders::summary::stored::{self, CellRow, LineRow};
use crate::orders::summary::WITHDRAWN;
use crate::reads::Reads;

/// What an entry of the ledger is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An aired spot: a viewing row (or an attached copy of one).
    Spot,
    /// A verified cell's manual GRP, for the cell's aired spots.
    Manual,
    /// An aired spot placed on a cell with a manual GRP: its position counts, not its GRP.
    Superseded,
}

/// One entry of the ledger.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub kind: Kind,
    /// The broadcast day.
    pub ymd: NaiveDate,
    /// Seconds of the broadcast day it aired at; `None` for a manual GRP.
    pub secs: Option<i32>,
    /// Index into [`Ledger::titles`]; `None` for a manual GRP.
    pub title: Option<u32>,
    pub grp: Units,
    /// Spots it counts for: 1 for a spot, the cell's aired spots for a manual GRP.
    pub spots: u64,
    pub position: Option<SpotPosition>,
    pub line: Option<i64>,
    pub cell: Option<i64>,
}

/// Issued GRP, aired spots and positions of some entries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub grp: Units,
    pub spots: u64,
    /// Spots with a known position, and those in positions 1–3 from either end.
    pub positioned: u64,
    pub top_or_bottom_three: u64,
}

impl Tally {
    /// Counts `e`: its GRP and spots unless superseded, its position if known.
    pub fn add(&mut self, e: &Entry) {
        if e.kind != Kind::Superseded {
            self.grp += e.grp;
            self.spots += e.spots;
        }
        if let Some(p) = e.position {
            self.positioned += 1;
            self.top_or_bottom_three += u64::from(p.top_or_bottom_three());
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ledger {
    pub titles: Vec<String>,
    /// In broadcast day then air-time order, a day's manual GRPs first.
    pub entries: Vec<Entry>,
}

impl Ledger {
    /// The tally of the entries `keep` keeps.
    pub fn tally(&self, keep: impl Fn(&Entry) -> bool) -> Tally {
        let mut t = Tally::default();
        for e in self.entries.iter().filter(|e| keep(e)) {
            t.add(e);
        }
        t
    }
}

/// A verified cell's manual GRP.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ManualCell {
    pub id: i64,
    pub line: i64,
    pub ymd: NaiveDate,
    pub grp: Units,
    pub spots: u64,
}

/// The order's schedule as the ledger reads it: its lines in placement order (type,
/// position, id) with their days, every cell by line and day, and the manual GRPs.
#[derive(Debug, Clone, Default)]
pub struct Schedule {
    pub lines: Vec<LineSlot>,
    pub cells: HashMap<(i64, NaiveDate), i64>,
    pub manual: Vec<ManualCell>,
}

impl Schedule {
    /// The schedule of `lines` (with their type and position) and `cells` as stored.
    pub fn of(lines: &[LineRow], cells: &[CellRow]) -> Schedule {
        let mut ordered: Vec<&LineRow> = lines.iter().collect();
        ordered.sort_by(|a, b| (&a.point_type, &a.position, a.id).cmp(&(&b.point_type, &b.position, b.id)));
        let mut slots: Vec<LineSlot> = ordered
            .iter()
            .map(|l| LineSlot {
                id: l.id,
                month: l.month,
                tape: l.tape_id,
                period: l.time_period_id,
                start: l.start_secs,
                end: l.end_secs,
                days: HashMap::new(),
            })
            .collect();
        let at: HashMap<i64, usize> = slots.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
        let mut schedule = Schedule::default();
        for c in cells {
            schedule.cells.insert((c.line_id, c.ymd), c.id);
            if let Some(&i) = at.get(&c.line_id)
                && c.value.trim() != WITHDRAWN
            {
                *slots[i].days.entry(c.ymd).or_default() += i64::from(c.point);
            }
            if let (2, Some(mdp)) = (c.is_he, c.manual_grp) {
                let spots = c.aired.max(0) as u64;
                schedule.manual.push(ManualCell { id: c.id, line: c.line_id, ymd: c.ymd, grp: grp::units(mdp), spots });
            }
        }
        schedule.lines = slots;
        schedule
    }
}

/// The order's schedule, its lines and cells read in one snapshot.
pub async fn schedule(db: &PgPool, order: i64) -> sqlx::Result<Schedule> {
    let mut tx = db.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
    let schedule = schedule_in(&mut tx, order).await?;
    tx.commit().await?;
    Ok(schedule)
}

/// The order's schedule as `conn` sees it (a transaction's snapshot, under a lock).
pub async fn schedule_in(conn: &mut PgConnection, order: i64) -> sqlx::Result<Schedule> {
    let lines = stored::lines(&mut *conn, order).await?;
    let cells = stored::cells(&mut *conn, order).await?;
    Ok(Schedule::of(&lines, &cells))
}

/// What a tally of the whole order or its months needs of the schedule: nothing unless a
/// verified cell has a manual GRP (only then does it matter which cell a spot sits on), else
/// the schedule. Spares a busy order's every read the placement of all its spots.
pub async fn schedule_for_tally(db: &PgPool, order: i64) -> sqlx::Result<Schedule> {
    if with_manual_grp(db, &[order]).await?.is_empty() { Ok(Schedule::default()) } else { schedule(db, order).await }
}

/// Which of `orders` have a verified cell with a manual GRP.
pub async fn with_manual_grp(db: &PgPool, orders: &[i64]) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select distinct l.order_id from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = any($1) and c.is_he = 2 and c.manual_grp is not null",
    )
    .bind(orders)
    .fetch_all(db)
    .await
}

/// The tapes each title of `aired` names: a tape's media file name, tape number or customer
/// title names it; the product's name, when no tape is called so, names every tape (`None`).
pub fn named_tapes(aired: &AiredSpots, tapes: &[(i64, [String; 3])], product: &str) -> Vec<Option<Arc<[i64]>>> {
    let product = product.trim();
    aired
        .titles
        .iter()
        .map(|title| {
            let trimmed = title.trim();
            let ids: Vec<i64> = tapes.iter().filter(|(_, t)| t.iter().any(|n| n.trim() == trimmed)).map(|(id, _)| *id).collect();
            if ids.is_empty() && trimmed == product { None } else { Some(ids.into()) }
        })
        .collect()
}

/// The ledger of the order's spots on the scope's side, category and source on `schedule`.
pub async fn of_order(db: &PgPool, reads: &Reads, scope: &ViewingScope<'_>, schedule: &Schedule) -> anyhow::Result<Ledger> {
    let aired = super::spots::spots(db, reads, scope).await?;
    let named = named_tapes(&aired, scope.tapes, scope.product_name);
    Ok(ledger(&aired, &named, schedule))
}

/// The ledger of `aired` (the order's spots on one side, in air-time order) on `schedule`.
pub fn ledger(aired: &AiredSpots, named: &[Option<Arc<[i64]>>], schedule: &Schedule) -> Ledger {
    let spots: Vec<Spot> =
        aired.spots.iter().map(|s| Spot { ymd: s.ymd, tapes: named[s.title as usize].clone(), secs: s.secs }).collect();
    let lines = place(&schedule.lines, &spots);
    let manual: HashMap<i64, &ManualCell> = schedule.manual.iter().map(|m| (m.id, m)).collect();
    let mut entries: Vec<Entry> = schedule
        .manual
        .iter()
        .map(|m| Entry {
            kind: Kind::Manual,
            ymd: m.ymd,
            secs: None,
            title: None,
            grp: m.grp,
            spots: m.spots,
            position: None,
            line: Some(m.line),
            cell: Some(m.id),
        })
        .collect();
    for (s, line) in aired.spots.iter().zip(lines) {
        let cell = line.and_then(|l| schedule.cells.get(&(l, s.ymd)).copied());
        let superseded = cell.is_some_and(|c| manual.contains_key(&c));
        entries.push(Entry {
            kind: if superseded { Kind::Superseded } else { Kind::Spot },
            ymd: s.ymd,
            secs: Some(s.secs),
            title: Some(s.title),
            grp: grp::units(s.grp),
            spots: 1,
            position: s.position,
            line,
            cell,
        });
    }
    entries.sort_by_key(|e| (e.ymd, e.secs.unwrap_or(i32::MIN)));
    Ledger { titles: aired.titles.clone(), entries }
}

#[cfg(test)]
mod tests {
    use adeval_engine::AiredSpot;

    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
    }

    fn line(id: i64, days: &[(u32, i64)]) -> LineSlot {
        let days = days.iter().map(|&(d, n)| (day(d), n)).collect();
        LineSlot { id, month: day(1), tape: 1, period: 1, start: 18 * 3600, end: 20 * 3600, days }
    }

    fn aired(spots: &[(u32, f64, Option<i32>)]) -> AiredSpots {
        let spots = spots
            .iter()
            .enumerate()
            .map(|(i, &(d, grp, index))| AiredSpot {
                title: 0,
                ymd: day(d),
                secs: 19 * 3600 + i as i32,
                grp,
                position: index.map(|i| SpotPosition { index: Some(i), of: Some(8), from_end: false }),
            })
            .collect();
        AiredSpots { titles: vec!["版本A".into()], spots }
    }

    #[test]
    fn a_manual_grp_stands_for_the_spots_of_its_cell_and_their_positions_still_count() {
        // Line 10 plans 2 spots on the 2nd (cell 100, verified, manual GRP 3.25 for its 2
        // aired spots) and 1 on the 3rd (cell 101). Spots: 1.1 and 1.2 on the 2nd (positions
        // 1/8 and 5/8), 0.7 on the 3rd (2/8), 0.4 on the 9th (no cell: line 10, no cell).
        // Issued: 3.25 + 0.7 + 0.4 = 4.35 over 2 + 1 + 1 = 4 spots; positions: all four
        // (1/8, 5/8, 2/8 known; 1/8 and 2/8 in the top three) → 3 known, 2 top three.
        let schedule = Schedule {
            lines: vec![line(10, &[(2, 2), (3, 1)])],
            cells: [((10, day(2)), 100), ((10, day(3)), 101)].into_iter().collect(),
            manual: vec![ManualCell { id: 100, line: 10, ymd: day(2), grp: grp::units(3.25), spots: 2 }],
        };
        let aired = aired(&[(2, 1.1, Some(1)), (2, 1.2, Some(5)), (3, 0.7, Some(2)), (9, 0.4, None)]);
        let named = vec![Some(Arc::from(vec![1_i64]))];
        let ledger = ledger(&aired, &named, &schedule);
        let all = ledger.tally(|_| true);
        assert_eq!(all, Tally { grp: grp::units(4.35), spots: 4, positioned: 3, top_or_bottom_three: 2 });
        let kinds: Vec<Kind> = ledger.entries.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [Kind::Manual, Kind::Superseded, Kind::Superseded, Kind::Spot, Kind::Spot]);
        assert_eq!(ledger.entries[4].cell, None);
        assert_eq!(ledger.entries[4].line, Some(10));
        // The cell's own tally is its manual GRP.
        let cell = ledger.tally(|e| e.cell == Some(100));
        assert_eq!((cell.grp, cell.spots), (grp::units(3.25), 2));
    }

    #[test]
    fn without_a_manual_grp_the_ledger_is_the_spots() {
        let schedule = Schedule { lines: vec![line(10, &[(2, 1)])], ..Schedule::default() };
        let aired = aired(&[(2, 0.1, None), (2, 0.2, None), (2, 0.3, None)]);
        let ledger = ledger(&aired, &[Some(Arc::from(vec![1_i64]))], &schedule);
        // 0.1 + 0.2 + 0.3 exactly 0.6 (a float sum says 0.6000000000000001).
        assert_eq!(ledger.tally(|_| true), Tally { grp: 6_000, spots: 3, positioned: 0, top_or_bottom_three: 0 });
    }
}
