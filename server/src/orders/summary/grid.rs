//! orderSummaryGrpList (docs/evaluation.md "The summary grid"): the order's schedule a month at a time, one entry per
//! month of the cycle, each line with its daily cells (their state and operation records) and
//! its counts: spots planned (`totalTimes`), still to air from the assessment date on
//! (`remainingTimes`), shown aired by the confirmed certificate (`publishedTimes`), and the
//! issued GRP of the aired spots the ledger places on it with their average
//! ([`crate::orders::evaluation::ledger`]). Each month also answers its make-goods
//! ([`super::make_goods`]) and the spots no line takes, so the lines and those add up to the
//! month's issued GRP in orderSummaryList.
//!
//! The estimate columns value the line's spots at its period's class estimate
//! ([`crate::orders::estimates`], docs/evaluation.md "The summary grid"): `estimated…` the remaining spots,
//! `viewEstimated…` the issued GRP with the aired spots that have no viewing row (the
//! certificate's aired count beyond the rows placed on the line) valued at the estimate. A
//! line whose class has no estimate shows 0 in all six.

use std::collections::{BTreeMap, HashMap};

use adeval_engine::grp::{self, Units, of_units};
use adeval_engine::orders::Triple;
use chrono::{Datelike, Months, NaiveDate};
use serde::Serialize;
use sqlx::{FromRow, PgPool};
use utoipa::ToSchema;

use super::make_goods::{self, CellSpots, MakeGood};
use super::stored::{self, CellRow};
use crate::clock::LocalTime;
use crate::orders::estimates::{self, EstimateScope};
use crate::orders::evaluation::ledger::{self, Ledger, Schedule, Tally};
use crate::orders::evaluation::spots::{self, ViewingScope};
use crate::orders::{month_of, ym};
use crate::reads::Reads;

/// Which viewing data the averages read.
#[derive(Debug, Clone, Copy)]
pub struct GridFilter {
    /// 1 customer, 2 media.
    pub belonging_to: i16,
    /// `None`: the order's own (which may be any).
    pub category: Option<i16>,
    pub source: Option<i16>,
}

#[derive(Serialize, ToSchema)]
pub struct GridTape {
    pub id: i64,
    #[serde(rename = "mediaFileName")]
    pub media_file_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct GridPeriod {
    pub id: i64,
    #[serde(rename = "timePeriodName")]
    pub time_period_name: String,
}

/// One record of a cell's operations (撤掉, a changed count, a move …).
#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CellOperation {
    pub admin_name: String,
    pub content: String,
    pub update_time: LocalTime,
}

/// A daily cell (order_summary_grp_ymd).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridCell {
    pub id: i64,
    /// Day of the month.
    pub d: u32,
    /// `YYYY-MM-DD`.
    pub ymd: String,
    /// Spots planned.
    pub point: i32,
    /// `撤掉`: withdrawn; else empty.
    pub value: String,
    /// The line's spot type: A, B, C or D.
    #[serde(rename = "type")]
    pub point_type: String,
    /// 2: verified by a confirmed certificate (grey, locked); else 1.
    pub is_he: i16,
    /// '2': a reason is recorded in reasonValue; else '1'.
    pub reason_type: String,
    pub reason_value: String,
    /// '1': spots missing from the confirmed certificate (movable, a make-good); else '0'.
    pub reason_disappearance: String,
    /// The manual GRP of a verified cell (grpYmdUp); null when none.
    pub mdp: Option<f64>,
    /// Spots the confirmed certificate showed aired (0 until one is confirmed).
    pub aired: i32,
    /// Missing spots moved out of it (orderSummaryGrpYmdYdY): point − aired − moved may still move.
    pub moved: i32,
    /// Spots of it placed as make-goods (type B moves and adds).
    pub make_good: i32,
    /// Newest first.
    #[serde(rename = "order_summary_grp_ymd_operation")]
    pub operations: Vec<CellOperation>,
}

/// A schedule line of a month (order_summary_grp) with its figures.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridRow {
    pub id: i64,
    pub contract_number: String,
    /// A base, B supplementary (补), C free, D other.
    #[serde(rename = "type")]
    pub point_type: String,
    pub position: String,
    /// The tape's length, seconds.
    pub length: i32,
    #[serde(rename = "product_magnetic_tape")]
    pub tape: GridTape,
    #[serde(rename = "time_period")]
    pub period: GridPeriod,
    pub time_period_id: i64,
    /// `YYYY-MM`.
    pub point_date_ym: String,
    /// Every stored day of the line, in date order.
    #[serde(rename = "order_summary_grp_ymd")]
    pub cells: Vec<GridCell>,
    /// Spots planned on or after the assessment date (today until one is set), withdrawn ones excepted.
    pub remaining_times: i64,
    /// Spots the confirmed certificate showed aired.
    pub published_times: i64,
    /// The line's issued GRP this month, GRP (4 decimals, exact): the aired spots of the chosen ownership, category and source placed on it, a verified cell's manual GRP in place of its spots.
    pub issued_grp: f64,
    /// The spots issuedGrp counts.
    pub issued_spots: u64,
    /// issuedGrp ÷ issuedSpots (4 decimals; 0 without a spot).
    pub average_viewership_this_month: f64,
    /// The line's issued GRP this month plus its certificate's aired spots beyond issuedSpots × the class's normal estimate.
    pub view_estimated: f64,
    /// As viewEstimated, low estimate.
    pub view_estimated_low: f64,
    /// As viewEstimated, high estimate.
    pub view_estimated_high: f64,
    /// Remaining spots × the class's normal estimate (0 without an estimate).
    pub estimated: f64,
    /// Remaining spots × the class's low estimate.
    pub estimated_low: f64,
    /// Remaining spots × the class's high estimate.
    pub estimated_high: f64,
    /// Spots planned, withdrawn ones excepted.
    pub total_times: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridMonth {
    /// `YYYY-MM`.
    pub point_date_ym: String,
    /// The month's lines; empty when it has none.
    pub data: Vec<GridRow>,
    /// Spots owed for the month's missing ones under the order's make-good policy, placed as
    /// make-goods in the month, and outstanding so far.
    pub make_good: MakeGood,
    /// The month's aired spots no line takes (no line of their tape in a period holding their
    /// air time): counted in orderSummaryList's month, shown on no line.
    pub unplaced_spots: u64,
    /// Their GRP (4 decimals): the lines' issuedGrp and this add up to the month's IssuedGrp.
    pub unplaced_grp: f64,
}

/// The grid of order `order`; `None` when there is no such order.
pub async fn grid(db: &PgPool, reads: &Reads, order: i64, filter: GridFilter) -> anyhow::Result<Option<Vec<GridMonth>>> {
    let db = db;
    let Some(o) = stored::order(db, order).await? else { return Ok(None) };
    let titled = stored::tapes(db, order).await?;
    let scope = ViewingScope::of_order(order, &o, &titled, filter.belonging_to, filter.category, filter.source);
    // The schedule's three reads in one snapshot (a cell moving to another line between two
    // reads would otherwise show twice or not at all), beside the lake's.
    let viewing = async {
        if o.scheduled { Ok(Some(spots::spots(db, reads, &scope).await?)) } else { Ok::<_, anyhow::Error>(None) }
    };
    let schedule = async {
        let mut tx = db.begin().await?;
        sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
        let lines = stored::lines(&mut *tx, order).await?;
        let cells = stored::cells(&mut *tx, order).await?;
        let operations = stored::operations(&mut *tx, order).await?;
        tx.commit().await?;
        Ok::<_, anyhow::Error>((lines, cells, operations))
    };
    let estimate_scope = EstimateScope { belonging_to: filter.belonging_to, category: scope.category, source: scope.source };
    let estimates = async { estimates::of_order(db, reads, order, &estimate_scope).await };
    let ((lines, cells, operations), aired, classes) = tokio::try_join!(schedule, viewing, estimates)?;
    let estimates: HashMap<i64, Triple<f64>> =
        classes.unwrap_or_default().into_iter().filter_map(|c| Some((c.class_id, c.estimate?))).collect();
    let ledger = match aired {
        Some(aired) => {
            let named = ledger::named_tapes(&aired, &titled, &o.product_name);
            ledger::ledger(&aired, &named, &Schedule::of(&lines, &cells))
        }
        None => Ledger::default(),
    };
    let mut issued: HashMap<i64, Tally> = HashMap::new();
    let mut unplaced: HashMap<NaiveDate, Tally> = HashMap::new();
    for e in &ledger.entries {
        match e.line {
            Some(line) => issued.entry(line).or_default().add(e),
            None => unplaced.entry(month_of(e.ymd)).or_default().add(e),
        }
    }

    let mut records: HashMap<i64, Vec<CellOperation>> = HashMap::new();
    for (cell, admin_name, content, update_time) in operations {
        records.entry(cell).or_default().push(CellOperation { admin_name, content, update_time });
    }
    let mut by_line: HashMap<i64, Vec<CellRow>> = HashMap::new();
    for cell in cells {
        by_line.entry(cell.line_id).or_default().push(cell);
    }
    // Per line: planned, remaining (from the assessment date on), aired. A confirmation's free
    // spots aired without being planned.
    let counts: HashMap<i64, [i64; 3]> = by_line
        .iter()
        .map(|(line, cells)| {
            let mut n = [0; 3];
            for c in cells {
                let planned = i64::from(c.planned());
                n[0] += planned;
                n[1] += if c.ymd >= o.assessed_from { planned } else { 0 };
                n[2] += i64::from(c.aired);
            }
            (*line, n)
        })
        .collect();
    let counts = |line: i64| counts.get(&line).copied().unwrap_or_default();

    let mut months: BTreeMap<NaiveDate, Vec<GridRow>> = BTreeMap::new();
    let mut month = month_of(o.cycle_start);
    while month <= o.cycle_end {
        months.insert(month, Vec::new());
        month = month + Months::new(1);
    }
    // Per month: spots missing from checked cells, spots placed as make-goods.
    let mut spots_of: BTreeMap<NaiveDate, (i64, i64)> = months.keys().map(|m| (*m, (0, 0))).collect();
    for l in lines {
        let [total, remaining, published] = counts(l.id);
        let seen = issued.get(&l.id).copied().unwrap_or_default();
        // A line whose class has no estimate shows 0 in every estimate column, as before estimates.
        let estimate = l.class_id.and_then(|c| estimates.get(&c)).copied().map(|e| e.map(grp::units));
        let unseen = (published - seen.spots as i64).max(0);
        let valued = |f: &dyn Fn(Units) -> Units| estimate.map_or(Triple::default(), |e| e.map(|x| of_units(f(x))));
        let viewed = valued(&|e| seen.grp + unseen * e);
        let ahead = valued(&|e| remaining * e);
        let cells = by_line.remove(&l.id).unwrap_or_default();
        let month_spots = spots_of.entry(l.month).or_default();
        for c in &cells {
            let spots = CellSpots {
                point: c.point,
                aired: c.aired,
                checked: c.is_he == 2 || c.reason_disappearance == 1,
                withdrawn: c.value.trim() == super::WITHDRAWN,
                type_b: l.point_type == "B",
                make_good: c.make_good,
            };
            month_spots.0 += spots.missing();
            month_spots.1 += spots.placed();
        }
        let cells = cells
            .into_iter()
            .map(|c| GridCell {
                id: c.id,
                d: c.ymd.day(),
                ymd: c.ymd.to_string(),
                point: c.point,
                value: c.value,
                point_type: l.point_type.clone(),
                is_he: c.is_he,
                reason_type: c.reason_type.to_string(),
                reason_value: c.reason_value,
                reason_disappearance: c.reason_disappearance.to_string(),
                mdp: c.manual_grp,
                aired: c.aired,
                moved: c.moved,
                make_good: c.make_good,
                operations: records.remove(&c.id).unwrap_or_default(),
            })
            .collect();
        months.entry(l.month).or_default().push(GridRow {
            id: l.id,
            contract_number: l.contract_number,
            point_type: l.point_type,
            position: l.position,
            length: l.seconds,
            tape: GridTape { id: l.tape_id, media_file_name: l.media_file_name },
            period: GridPeriod { id: l.time_period_id, time_period_name: l.time_period_name },
            time_period_id: l.time_period_id,
            point_date_ym: ym(l.month),
            cells,
            remaining_times: remaining,
            published_times: published,
            issued_grp: of_units(seen.grp),
            issued_spots: seen.spots,
            average_viewership_this_month: average(seen),
            view_estimated: viewed.normal,
            view_estimated_low: viewed.low,
            view_estimated_high: viewed.high,
            estimated: ahead.normal,
            estimated_low: ahead.low,
            estimated_high: ahead.high,
            total_times: total,
        });
    }
    let spots: Vec<(i64, i64)> = months.keys().map(|m| spots_of.get(m).copied().unwrap_or_default()).collect();
    let owed = make_goods::per_month(&spots, o.make_good_policy);
    Ok(Some(
        months
            .into_iter()
            .zip(owed)
            .map(|((m, data), make_good)| {
                let left = unplaced.get(&m).copied().unwrap_or_default();
                GridMonth { point_date_ym: ym(m), data, make_good, unplaced_spots: left.spots, unplaced_grp: of_units(left.grp) }
            })
            .collect(),
    ))
}

/// A line's issued GRP per counted spot, in units rounded half away from zero (a ratio has no
/// exact decimal); 0 without a spot.
fn average(t: Tally) -> f64 {
    if t.spots == 0 {
        return 0.0;
    }
    let n = i128::from(t.grp) * 2 + i128::from(t.spots);
    of_units((n / (2 * i128::from(t.spots))) as Units)
}
