//! Data analysis (the summary dialog's 数据分析 mode, DESIGN §5.4): viewing rows by air-time
//! slot and time bucket, the earliest spot of each side in every cell and how many there were.
//!
//! One query does it all: the rows are filtered as a list's are ([`ViewingFilter`]: days,
//! titles, group, media, data category and source, deletions), each is given its slot (the
//! minute of its broadcast day, 24:00 and later past midnight) and its bucket (a VALUES list of
//! the buckets' day ranges), the slots with a spot are counted and paged, and a window function
//! ranks each cell's spots by air time so the earliest of each side comes back with the cell's
//! count. Only the page's cells leave DuckDB.
//!
//! The buckets themselves ([`Grouping::buckets`]) are this module's own until the dashboard's
//! bucketing (`viewing/buckets.rs`) lands beside it; both follow the same rules.

use chrono::{Datelike, Days, Months, NaiveDate, NaiveDateTime};
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::read::{ViewingFilter, date};
use crate::write::{Micros, from_micros};
use crate::{Error, Lake, Result, Snapshot};

/// How days are grouped (`timeType`): 1 year, 2 month, 3 day, 4 ISO week, 5 runs of days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    Year,
    Month,
    Day,
    /// ISO weeks, Monday to Sunday.
    Week,
    /// Runs of this many days from the first day of the range.
    Runs(u32),
}

/// One bucket of a range: its label and its first and last day (within the range).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    pub label: String,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Grouping {
    /// Every bucket of the days `from..=to`, in time order, the first and last clipped to the
    /// range: labels `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-Www` (ISO year and week) and
    /// `MM-DD~MM-DD` (a run's first and last day, the last run ending at `to`).
    pub fn buckets(self, from: NaiveDate, to: NaiveDate) -> Vec<Bucket> {
        let mut out = Vec::new();
        let mut start = from;
        while start <= to {
            // The bucket's natural end, before clipping to the range.
            let end = match self {
                Grouping::Year => NaiveDate::from_ymd_opt(start.year(), 12, 31),
                Grouping::Month => start.with_day(1).and_then(|d| d.checked_add_months(Months::new(1))).and_then(|d| d.pred_opt()),
                Grouping::Day => Some(start),
                Grouping::Week => start.checked_add_days(Days::new(6 - u64::from(start.weekday().num_days_from_monday()))),
                Grouping::Runs(n) => start.checked_add_days(Days::new(u64::from(n.max(1)) - 1)),
            };
            let end = end.map_or(to, |e| e.min(to));
            let label = match self {
                Grouping::Year => start.format("%Y").to_string(),
                Grouping::Month => start.format("%Y-%m").to_string(),
                Grouping::Day => start.format("%Y-%m-%d").to_string(),
                Grouping::Week => format!("{}-W{:02}", start.iso_week().year(), start.iso_week().week()),
                Grouping::Runs(_) => format!("{}~{}", start.format("%m-%d"), end.format("%m-%d")),
            };
            out.push(Bucket { label, from: start, to: end });
            let Some(next) = end.succ_opt() else { break };
            start = next;
        }
        out
    }
}

/// A spot as the analysis grid shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotSpot {
    pub id: i64,
    pub title: String,
    /// When it aired (calendar time).
    pub air_time: NaiveDateTime,
    /// Its broadcast day.
    pub ymd: NaiveDate,
    pub duration: i32,
    /// The audience/city group name the row carries.
    pub audience_group: String,
    pub media_id: i64,
    pub grp: f64,
    /// Spots of this side in the slot and bucket, this one included.
    pub count: u64,
}

/// One bucket of a slot: the earliest spot of each side, or `None`. A cell without either is
/// not listed.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotCell {
    /// The bucket's place in the list given.
    pub bucket: usize,
    /// Data ownership 1.
    pub customer: Option<SlotSpot>,
    /// Data ownership 2.
    pub media: Option<SlotSpot>,
}

/// One air-time slot with its cells in bucket order.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// Minutes from the broadcast day's midnight: 1,470 is 24:30.
    pub minute: u32,
    pub cells: Vec<SlotCell>,
}

/// The ranked spots of a page's cells: each cell's earliest spot of a side and their count.
const RANKED: &str = "
    s as (
        select v.*, b.k from v join b on v.ymd >= b.d0 and v.ymd <= b.d1 where v.belonging_to in (1, 2)
    ),
    slots as (select distinct slot from s),
    page as (select slot from slots order by slot limit ? offset ?),
    ranked as (
        select s.*, row_number() over (partition by slot, k, belonging_to order by air_time, id) as rn,
               count(*) over (partition by slot, k, belonging_to) as n
        from s where slot in (select slot from page)
    )
    select t.total, r.slot, r.k, r.belonging_to, r.n, r.id, r.title, r.air_time, r.ymd::timestamp, r.duration,
           r.audience_group, r.media_id, r.grp
    from (select count(*) as total from slots) t left join ranked r on r.rn = 1
    order by r.slot, r.k, r.belonging_to";

impl Lake {
    /// One page (1-based) of the slots of the rows `filter` keeps (both sides, whatever
    /// `belonging_to` says), slots in time order, and how many slots have a spot. `buckets` are
    /// day ranges in time order, not overlapping; `filter` must bound the days.
    pub fn viewing_slots(
        &self,
        snapshot: &Snapshot,
        filter: &ViewingFilter,
        buckets: &[(NaiveDate, NaiveDate)],
        page: u64,
        limit: u64,
    ) -> Result<(Vec<Slot>, u64)> {
        if filter.from.is_none() || filter.to.is_none() {
            return Err(Error::Caller("viewing slots need a day range".into()));
        }
        let filter = ViewingFilter { belonging_to: None, ..filter.clone() };
        let conn = self.conn()?;
        let Some(mut query) = self.viewing_query(&conn, snapshot, &filter)? else { return Ok((Vec::new(), 0)) };
        if buckets.is_empty() {
            return Ok((Vec::new(), 0));
        }
        let values = vec!["(?::integer, ?::date, ?::date)"; buckets.len()].join(", ");
        for (k, (d0, d1)) in buckets.iter().enumerate() {
            query.params.extend([Value::Int(k as i32), date(*d0), date(*d1)]);
        }
        let offset = page.saturating_sub(1).saturating_mul(limit);
        query.params.extend([Value::UBigInt(limit), Value::UBigInt(offset)]);
        // The slot: whole minutes from the broadcast day's midnight to the air time.
        let sql = format!(
            "with v as (
                 select v.id, v.title, v.air_time, v.ymd, v.duration, v.audience_group, v.media_id, v.grp, v.belonging_to,
                        ((epoch_us(v.air_time) - epoch_us(v.ymd::timestamp)) // 60000000)::integer as slot
                 from {}
             ),
             b(k, d0, d1) as (values {values}),
             {RANKED}",
            query.from_where
        );
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(&query.params))?;
        let (mut slots, mut total): (Vec<Slot>, u64) = (Vec::new(), 0);
        while let Some(r) = rows.next()? {
            total = r.get::<_, i64>(0)? as u64;
            let Some(minute) = r.get::<_, Option<i32>>(1)? else { continue };
            let (bucket, side): (i32, i16) = (r.get(2)?, r.get(3)?);
            let spot = SlotSpot {
                count: r.get::<_, i64>(4)? as u64,
                id: r.get(5)?,
                title: r.get(6)?,
                air_time: from_micros(r.get::<_, Micros>(7)?.0),
                ymd: from_micros(r.get::<_, Micros>(8)?.0).date(),
                duration: r.get(9)?,
                audience_group: r.get(10)?,
                media_id: r.get(11)?,
                grp: r.get(12)?,
            };
            if slots.last().is_none_or(|s| s.minute != minute as u32) {
                slots.push(Slot { minute: minute as u32, cells: Vec::new() });
            }
            let cells = &mut slots.last_mut().expect("pushed above").cells;
            if cells.last().is_none_or(|c| c.bucket != bucket as usize) {
                cells.push(SlotCell { bucket: bucket as usize, customer: None, media: None });
            }
            let cell = cells.last_mut().expect("pushed above");
            if side == 1 {
                cell.customer = Some(spot);
            } else {
                cell.media = Some(spot);
            }
        }
        Ok((slots, total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    fn labels(g: Grouping, from: NaiveDate, to: NaiveDate) -> Vec<String> {
        g.buckets(from, to).into_iter().map(|b| b.label).collect()
    }

    #[test]
    fn buckets_cover_the_range_in_order_with_their_labels() {
        assert_eq!(labels(Grouping::Year, day(12, 30), NaiveDate::from_ymd_opt(2027, 1, 2).unwrap()), ["2026", "2027"]);
        assert_eq!(labels(Grouping::Month, day(1, 31), day(3, 1)), ["2026-01", "2026-02", "2026-03"]);
        assert_eq!(labels(Grouping::Day, day(2, 28), day(3, 1)), ["2026-02-28", "2026-03-01"]);
        // 2026-01-01 is a Thursday of ISO week 2026-W01; 2025-12-29 (Monday) starts it.
        assert_eq!(labels(Grouping::Week, day(1, 1), day(1, 12)), ["2026-W01", "2026-W02", "2026-W03"]);
        assert_eq!(
            labels(Grouping::Week, NaiveDate::from_ymd_opt(2020, 12, 31).unwrap(), NaiveDate::from_ymd_opt(2021, 1, 4).unwrap()),
            ["2020-W53", "2021-W01"]
        );
        assert_eq!(labels(Grouping::Runs(3), day(3, 1), day(3, 7)), ["03-01~03-03", "03-04~03-06", "03-07~03-07"]);
        assert_eq!(labels(Grouping::Runs(1), day(3, 1), day(3, 2)), ["03-01~03-01", "03-02~03-02"]);
        assert!(Grouping::Day.buckets(day(3, 2), day(3, 1)).is_empty());
    }

    #[test]
    fn the_first_and_last_buckets_are_clipped_to_the_range() {
        let weeks = Grouping::Week.buckets(day(1, 1), day(1, 12));
        let ranges: Vec<_> = weeks.iter().map(|b| (b.from, b.to)).collect();
        assert_eq!(ranges, [(day(1, 1), day(1, 4)), (day(1, 5), day(1, 11)), (day(1, 12), day(1, 12))]);
        let months = Grouping::Month.buckets(day(1, 31), day(3, 1));
        assert_eq!(months.iter().map(|b| (b.from, b.to)).collect::<Vec<_>>(), [
            (day(1, 31), day(1, 31)),
            (day(2, 1), day(2, 28)),
            (day(3, 1), day(3, 1))
        ]);
    }
}
