//! Data analysis (the summary dialog's 数据分析 mode, docs/api.md "Data analysis and the spot curve"): viewing rows by air-time
//! slot and time bucket, the earliest spot of each side in every cell and how many there were.
//!
//! One query does it all: the rows are filtered as a list's are ([`ViewingFilter`]: days,
//! titles, group, media, data category and source, deletions), each is given its slot (the
//! minute of its broadcast day, 24:00 and later past midnight) and its bucket (a VALUES list of
//! the buckets' day ranges), the slots with a spot are counted and paged, and a window function
//! ranks each cell's spots by air time so the earliest of each side comes back with the cell's
//! count. Only the page's cells leave DuckDB.
//!
//! The buckets are the dashboard's ([`super::buckets`]), passed in as day ranges.
//!
//! The mode opens on the latest week with a spot when the order's cycle has none: the latest
//! broadcast day of the rows a filter keeps is [`Lake::viewing_last_day`].

use chrono::{NaiveDate, NaiveDateTime};
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::read::{ViewingFilter, date};
use crate::paths::parse_files;
use crate::micros::{Micros, from_micros};
use crate::{Error, Lake, Month, Result, Snapshot};

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
        // DuckDB takes a BIGINT limit and offset: a page far past the end (page 2^62 of 100)
        // is an offset no slot reaches, not a conversion error.
        let bigint = |n: u64| Value::BigInt(i64::try_from(n).unwrap_or(i64::MAX));
        let offset = page.saturating_sub(1).saturating_mul(limit);
        query.params.extend([bigint(limit), bigint(offset)]);
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
                // As the lake keeps it (rows written before it rounded have more decimals).
                grp: crate::grp::kept(r.get(12)?),
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

impl Lake {
    /// The latest broadcast day of a row `filter` keeps (both sides, whatever `belonging_to`
    /// says), or `None` when it keeps none. The files are read a month at a time from the
    /// newest, up to the first month with such a row: a month's files hold the spots that aired
    /// in it, whose broadcast days are the month's days or the last day of the month before, so
    /// a later month's rows are never of an earlier day than an earlier month's.
    pub fn viewing_last_day(&self, snapshot: &Snapshot, filter: &ViewingFilter) -> Result<Option<NaiveDate>> {
        let Some((_, files)) = parse_files(&snapshot.files)? else { return Ok(None) };
        let filter = ViewingFilter { belonging_to: None, ..filter.clone() };
        let mut months: Vec<Month> = files.iter().map(|f| f.month).collect();
        months.sort_unstable_by(|a, b| b.cmp(a));
        months.dedup();
        let conn = self.conn()?;
        for month in months {
            let of_month = files.iter().filter(|f| f.month == month).map(|f| f.rel.clone());
            let part = Snapshot::new(of_month).with_deleted(snapshot.deleted.iter().copied());
            let Some(query) = self.viewing_query(&conn, &part, &filter)? else { continue };
            let sql = format!("select max(v.ymd)::timestamp from {}", query.from_where);
            let last: Option<Micros> = conn.query_row(&sql, params_from_iter(&query.params), |r| r.get(0))?;
            if let Some(day) = last {
                return Ok(Some(from_micros(day.0).date()));
            }
        }
        Ok(None)
    }
}
