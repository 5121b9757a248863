//! Reading an order's current certificate rows: the lake rows of the batches its months point
//! at, each month from its own batch, with the corrections made since applied. Also what the
//! rows are resolved and named against (the product's tapes, the media's periods).
//!
//! The rows are read from the lake on every call, not kept in memory: reading an order's 20,000
//! rows takes about 10 ms of a comparison well under its 100 ms budget (docs/decisions.md
//! "The certificate in the lake and in Postgres").

use std::collections::HashMap;
use std::sync::Arc;

use adeval_engine::Snapshot;
use adeval_engine::{CertificateRow, Lake};
use chrono::{NaiveDate, NaiveDateTime};
use sqlx::PgConnection;

use super::CertificateMonth;
use crate::orders::month_of;

/// Every row of a live certificate batch, read from the lake.
pub async fn batch_rows(lake: &Arc<Lake>, conn: &mut PgConnection, batch: i64) -> anyhow::Result<Vec<CertificateRow>> {
    let files: Vec<String> = sqlx::query_scalar("select path from lake_files where batch_id = $1 and live order by path")
        .bind(batch)
        .fetch_all(&mut *conn)
        .await?;
    let lake = lake.clone();
    let snapshot = Snapshot { files, deleted: Vec::new() };
    Ok(crate::lake::blocking(move || lake.certificate_rows(&snapshot)).await??)
}

/// A tape of the order's product.
#[derive(Clone, Debug)]
pub struct Tape {
    pub id: i64,
    pub file: String,
    pub number: String,
    pub seconds: i32,
    pub in_order: bool,
}

/// A time period of the order's media.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Period {
    pub id: i64,
    pub name: String,
    pub start: i32,
    pub end: i32,
    pub class_id: Option<i64>,
    pub class_name: Option<String>,
}

/// What an order's certificate rows resolve against and are named by.
pub struct OrderFacts {
    pub media: i64,
    pub cycle: (NaiveDate, NaiveDate),
    pub tapes: Vec<Tape>,
    pub periods: Vec<Period>,
}

impl OrderFacts {
    /// None when the order does not exist.
    pub async fn load(conn: &mut PgConnection, order: i64) -> sqlx::Result<Option<OrderFacts>> {
        let found: Option<(i64, i64, NaiveDate, NaiveDate)> =
            sqlx::query_as("select media_id, product_id, cycle_start, cycle_end from orders where id = $1")
                .bind(order)
                .fetch_optional(&mut *conn)
                .await?;
        let Some((media, product, start, end)) = found else { return Ok(None) };
        let tapes: Vec<(i64, String, String, i32, bool)> = sqlx::query_as(
            "select t.id, t.media_file_name, t.media_tape_number, t.seconds,
                    exists(select 1 from order_tapes ot where ot.order_id = $1 and ot.tape_id = t.id)
             from product_tapes t where t.product_id = $2 order by t.id",
        )
        .bind(order)
        .bind(product)
        .fetch_all(&mut *conn)
        .await?;
        let periods: Vec<Period> = sqlx::query_as(
            "select p.id, p.time_period_name as name, p.start_secs as start, p.end_secs as end, p.class_id, c.class_name
             from time_periods p left join time_period_classes c on c.id = p.class_id where p.media_id = $1 order by p.id",
        )
        .bind(media)
        .fetch_all(&mut *conn)
        .await?;
        Ok(Some(OrderFacts {
            media,
            cycle: (start, end),
            tapes: tapes.into_iter().map(|(id, file, number, seconds, in_order)| Tape { id, file, number, seconds, in_order }).collect(),
            periods,
        }))
    }

    pub fn tape(&self, id: i64) -> Option<&Tape> {
        self.tapes.iter().find(|t| t.id == id)
    }

    pub fn period(&self, id: i64) -> Option<&Period> {
        self.periods.iter().find(|p| p.id == id)
    }

    /// The tape's media file name (its id when it is not the product's).
    pub fn tape_name(&self, id: i64) -> String {
        self.tape(id).map_or_else(|| id.to_string(), |t| t.file.clone())
    }
}

/// Why a current row stays out of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unassigned {
    /// 1: no period holds it.
    NoPeriod = 1,
    /// 2: its version is a product tape that is not the order's.
    NotOrderTape = 2,
}

impl Unassigned {
    pub fn reason(self) -> &'static str {
        match self {
            Unassigned::NoPeriod => "未匹配到时段",
            Unassigned::NotOrderTape => "版本不在订单中",
        }
    }
}

/// A current certificate row, as corrected.
#[derive(Clone, Debug)]
pub struct CurrentRow {
    pub id: i64,
    pub month: NaiveDate,
    pub confirmed: bool,
    pub ymd: NaiveDate,
    pub secs: i32,
    pub air_time: NaiveDateTime,
    pub version: String,
    /// The effective tape and period: the correction's, else the lake row's.
    pub tape_id: i64,
    pub period_id: Option<i64>,
    pub time_period: Option<String>,
    pub duration: Option<i32>,
    pub position: Option<String>,
    pub num: i32,
}

impl CurrentRow {
    /// A row of a batch not yet live, as it will read once it is: no correction names it yet.
    pub fn fresh(r: &CertificateRow) -> CurrentRow {
        CurrentRow {
            id: r.id,
            month: month_of(r.ymd),
            confirmed: false,
            ymd: r.ymd,
            secs: r.secs,
            air_time: r.air_time,
            version: r.version.clone(),
            tape_id: r.tape_id,
            period_id: r.time_period_id,
            time_period: r.time_period.clone(),
            duration: r.duration,
            position: r.position.clone(),
            num: r.num,
        }
    }

    /// Why the row stays out of the comparison, if it does. A period deleted (or moved to
    /// another media) since the row was placed in it holds the row no longer.
    pub fn unassigned(&self, facts: &OrderFacts) -> Option<Unassigned> {
        if !facts.tape(self.tape_id).is_some_and(|t| t.in_order) {
            Some(Unassigned::NotOrderTape)
        } else if self.period_id.is_none_or(|p| facts.period(p).is_none()) {
            Some(Unassigned::NoPeriod)
        } else {
            None
        }
    }

    /// `HH:MM:SS` on the broadcast day (past midnight reads 24:00:00 and on).
    pub fn add_time(&self) -> String {
        let s = self.secs;
        format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

/// The rows of `months` (the order's current certificate or part of it), in (day, time, id)
/// order, with the order's corrections applied.
pub async fn current_rows(
    lake: &Arc<Lake>,
    conn: &mut PgConnection,
    order: i64,
    months: &[CertificateMonth],
) -> anyhow::Result<Vec<CurrentRow>> {
    let corrections: Vec<(i64, Option<i64>, Option<i64>)> =
        sqlx::query_as("select row_id, time_period_id, tape_id from certificate_corrections where order_id = $1")
            .bind(order)
            .fetch_all(&mut *conn)
            .await?;
    let corrections: HashMap<i64, (Option<i64>, Option<i64>)> = corrections.into_iter().map(|(id, p, t)| (id, (p, t))).collect();
    let mut out = Vec::new();
    let mut batches: Vec<i64> = months.iter().map(|m| m.batch_id).collect();
    batches.sort_unstable();
    batches.dedup();
    for batch in batches {
        let rows = batch_rows(lake, conn, batch).await?;
        for r in rows {
            let month = month_of(r.ymd);
            let Some(m) = months.iter().find(|m| m.month == month && m.batch_id == batch) else { continue };
            let (period, tape) = corrections.get(&r.id).copied().unwrap_or((None, None));
            out.push(CurrentRow {
                id: r.id,
                month,
                confirmed: m.confirmed,
                ymd: r.ymd,
                secs: r.secs,
                air_time: r.air_time,
                version: r.version,
                tape_id: tape.unwrap_or(r.tape_id),
                period_id: period.or(r.time_period_id),
                time_period: r.time_period,
                duration: r.duration,
                position: r.position,
                num: r.num,
            });
        }
    }
    out.sort_by_key(|r| (r.ymd, r.secs, r.id));
    Ok(out)
}
