//! Which viewing rows are an order's customer data, and orderCustomerIndex over them.
//!
//! The rows are the figures' matching rule ([`crate::orders::matching::order_match`]) on the
//! customer side (data ownership 1): the order's media and default audience group, a title
//! naming one of its tapes or its product, the category and source asked for (else the
//! order's own), and broadcast days within the range asked for, which must lie in the cycle.
//! The lake reads them through the engine with every value bound: a page and the sum are two
//! queries there, never the whole set in Rust.

use std::sync::Arc;

use adeval_engine::{Dataset, Lake, Side, ViewingFilter, ViewingRow};
use anyhow::Context;
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::reads::Reads;

/// What the order contributes to the match.
#[derive(Debug, Clone)]
pub struct Scope {
    pub media_id: i64,
    pub group_id: i64,
    /// The default group's name, which rows stored without a group id match by.
    pub group_name: String,
    pub media_name: String,
    pub product_name: String,
    pub cycle: (NaiveDate, NaiveDate),
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// Each tape's id and the titles that name it: media file name, tape number, customer title.
    pub tapes: Vec<(i64, [String; 3])>,
}

#[derive(sqlx::FromRow)]
struct Head {
    media_id: i64,
    group_id: i64,
    group_name: String,
    media_name: String,
    product_name: String,
    cycle_start: NaiveDate,
    cycle_end: NaiveDate,
    category: Option<i16>,
    source: Option<i16>,
}

/// The order's scope; `None` when there is no such order.
pub async fn scope(conn: &mut PgConnection, order: i64) -> sqlx::Result<Option<Scope>> {
    let head: Option<Head> = sqlx::query_as(
        "select o.media_id, o.default_group_id as group_id, g.group_name, m.media_name, p.product_name,
                o.cycle_start, o.cycle_end, o.category, o.source
         from orders o join products p on p.id = o.product_id join media m on m.id = o.media_id
              join audience_groups g on g.id = o.default_group_id
         where o.id = $1",
    )
    .bind(order)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(h) = head else { return Ok(None) };
    let tapes: Vec<(i64, String, String, String)> = sqlx::query_as(
        "select t.id, t.media_file_name, t.media_tape_number, t.customer_title
         from order_tapes ot join product_tapes t on t.id = ot.tape_id where ot.order_id = $1 order by ot.position",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(Scope {
        media_id: h.media_id,
        group_id: h.group_id,
        group_name: h.group_name,
        media_name: h.media_name,
        product_name: h.product_name,
        cycle: (h.cycle_start, h.cycle_end),
        category: h.category,
        source: h.source,
        tapes: tapes.into_iter().map(|(id, a, b, c)| (id, [a, b, c])).collect(),
    }))
}

/// What a caller asks for: category and source (`None`: the order's own), and a day range
/// (`None`: the cycle's end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wanted {
    pub category: Option<i16>,
    pub source: Option<i16>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

/// A [`Wanted`] checked against the order: the days lie in the cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Chosen {
    pub category: Option<i16>,
    pub source: Option<i16>,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Scope {
    /// Every title that names the order: its tapes' and its product's.
    pub fn titles(&self) -> impl Iterator<Item = &str> {
        self.tapes.iter().flat_map(|(_, t)| t.iter().map(String::as_str)).chain([self.product_name.as_str()])
    }

    /// Checks the days against the cycle (4000 on `addTime` / `endTime`, every mistake together).
    pub fn choose(&self, wanted: &Wanted) -> Result<Chosen> {
        let (start, end) = self.cycle;
        let mut checks = Checks::default();
        let from = wanted.from.unwrap_or(start);
        let to = wanted.to.unwrap_or(end);
        if !(start..=end).contains(&from) {
            checks.add("addTime", format!("开始日期须在订单周期（{start} ~ {end}）内"));
        }
        if !(start..=end).contains(&to) {
            checks.add("endTime", format!("结束日期须在订单周期（{start} ~ {end}）内"));
        } else if to < from {
            checks.add("endTime", "结束日期不能早于开始日期");
        }
        checks.finish()?;
        Ok(Chosen { category: wanted.category.or(self.category), source: wanted.source.or(self.source), from, to })
    }

    /// The engine's filter for the chosen rows.
    pub fn filter(&self, chosen: &Chosen) -> ViewingFilter {
        let titles = self.tapes.iter().flat_map(|(_, t)| t.iter().map(String::as_str));
        crate::orders::matching::order_match(
            self.media_id,
            (self.group_id, &self.group_name),
            titles,
            &self.product_name,
            (Some(chosen.from), Some(chosen.to)),
            (chosen.category, chosen.source),
        )
        .filter(Side::Customer)
    }
}

#[derive(Serialize, ToSchema)]
pub struct ClassName {
    #[serde(rename = "timePeriodClassName")]
    pub time_period_class_name: String,
}

/// A matching row as orderCustomerIndex and the preview list it.
#[derive(Serialize, ToSchema)]
pub struct IndexRow {
    pub id: i64,
    pub title: String,
    /// The broadcast day, `YYYY-MM-DD`.
    pub ymd: String,
    /// The surrounding programme.
    #[serde(rename = "circumferenceName")]
    pub circumference_name: String,
    /// Air time as the broadcaster wrote it (calendar time: past-midnight spots fall on the
    /// next day).
    #[serde(rename = "addTime")]
    pub add_time: LocalTime,
    /// The spot's GRP (3 decimals).
    #[serde(rename = "maoDianPing")]
    pub mao_dian_ping: f64,
    /// Null when the row has no class.
    pub time_period_class: Option<ClassName>,
}

impl From<&ViewingRow> for IndexRow {
    fn from(r: &ViewingRow) -> Self {
        IndexRow {
            id: r.id,
            title: r.title.clone(),
            ymd: r.ymd.to_string(),
            circumference_name: r.program.clone().unwrap_or_default(),
            add_time: LocalTime::wall(r.air_time),
            mao_dian_ping: adeval_engine::orders::round3(r.grp),
            time_period_class: r.time_period_class.clone().map(|n| ClassName { time_period_class_name: n }),
        }
    }
}

/// orderCustomerIndex's answer: a page, the count and the GRP sum of every matching row.
#[derive(Serialize, ToSchema)]
pub struct IndexPage {
    pub data: Vec<IndexRow>,
    pub total: i64,
    /// Σ maoDianPing of all matching rows (not only this page), 2 decimals.
    pub sum: f64,
}

/// GRP sums are answered to 2 decimals.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0 + 0.0
}

/// One page (1-based, newest air time first) of the order's matching rows, with their count
/// and sum; `None` when there is no such order.
pub async fn index(db: &PgPool, reads: &Reads, order: i64, wanted: &Wanted, (page, limit): (u64, u64)) -> Result<Option<IndexPage>> {
    let Some(scope) = scope(&mut *db.acquire().await?, order).await? else { return Ok(None) };
    let filter = scope.filter(&scope.choose(wanted)?);
    let snapshot = reads.snapshots.get(db, Dataset::Viewing).await?;
    let lake = reads.lake.clone();
    let (rows, totals) = crate::lake::blocking(move || {
        let (rows, _) = lake.viewing_page(&snapshot, &filter, page, limit)?;
        let totals = lake.viewing_totals(&snapshot, &filter)?;
        Ok::<_, adeval_engine::Error>((rows, totals))
    })
    .await?
    .context("the order's customer rows")?;
    Ok(Some(IndexPage { data: rows.iter().map(IndexRow::from).collect(), total: totals.spots as i64, sum: round2(totals.grp) }))
}

/// Every matching row, in air-time order (then id): what a preview places and an attach copies.
/// The lake's manifest is read on `conn`: an attach holds the order's lock on it.
pub async fn all(lake: &Arc<Lake>, conn: &mut PgConnection, filter: ViewingFilter) -> anyhow::Result<Vec<ViewingRow>> {
    let snapshot = crate::lake::snapshot_on(conn, Dataset::Viewing).await?;
    let lake = lake.clone();
    let mut rows = crate::lake::blocking(move || {
        let mut rows = Vec::new();
        lake.viewing_for_each(&snapshot, &filter, |row| {
            rows.push(row);
            Ok::<_, adeval_engine::Error>(())
        })?;
        Ok::<_, adeval_engine::Error>(rows)
    })
    .await?
    .context("the order's customer rows")?;
    // The engine lists newest first.
    rows.reverse();
    Ok(rows)
}
