//! What orders have aired (docs/evaluation.md): the issued GRP and spots of many
//! orders, both sides, in one pass over the viewing rows, and the rule that says which rows
//! are an order's.
//!
//! A viewing row is an order's when it is of the order's media and default audience group
//! (by id, or, for a row stored without a group id because several brands' groups share its
//! name, by that name: [`group_key`]), carries one of the order's titles (its tapes' media file names, tape numbers and customer
//! titles, and the product name, trimmed), aired on a broadcast day of the cycle and, when the
//! order names them, is of its data category and source. Its data ownership says the side:
//! customer (1) or media (2).

use chrono::NaiveDate;
use duckdb::types::Value;
use duckdb::{Connection, params_from_iter};

use super::group_key::{group_key, group_key_sql};
use super::read::{IssuedTotals, ViewingFilter, date, prune};
use super::rollup::{POSITIONED_SQL, TOP3_SQL};
use crate::lake::PARQUET_SOURCE;
use crate::paths::parse_files;
use crate::{Dataset, Error, Lake, Result, Snapshot};

/// The two sides of an order: whose viewing data a figure is read from (`belonging_to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Customer = 1,
    Media = 2,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Customer, Side::Media];
}

/// Which viewing rows belong to one order (of either side).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct OrderMatch {
    pub media_id: i64,
    pub audience_group_id: i64,
    /// The [`group_key`] of the default group's name: rows stored with group id 0 (a name
    /// several brands' groups share) and this name are the group's too. `None` matches by id
    /// only.
    group_key: Option<String>,
    /// Trimmed, without blanks or repeats, sorted; empty matches no row.
    titles: Vec<String>,
    /// Broadcast days of the cycle, both ends inclusive; `None` doesn't bound.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

impl OrderMatch {
    /// An order of `media_id` evaluated on `audience_group_id` whose spots carry any of
    /// `titles` (an order's tapes' names, numbers and customer titles and its product name,
    /// as they are written: blanks and repeats are dropped here).
    pub fn new<S: AsRef<str>>(media_id: i64, audience_group_id: i64, titles: impl IntoIterator<Item = S>) -> Self {
        let mut titles: Vec<String> =
            titles.into_iter().map(|t| t.as_ref().trim().to_owned()).filter(|t| !t.is_empty()).collect();
        titles.sort();
        titles.dedup();
        OrderMatch { media_id, audience_group_id, titles, ..OrderMatch::default() }
    }

    /// Also rows stored without a group id whose group is named `name` (the default group's
    /// name), compared as the import resolves names ([`group_key`]).
    pub fn group_name(self, name: &str) -> Self {
        OrderMatch { group_key: Some(group_key(name)), ..self }
    }

    /// The [`group_key`] of the default group's name, when set.
    pub fn group_key(&self) -> Option<&str> {
        self.group_key.as_deref()
    }

    /// Only spots of broadcast days `from..=to`.
    pub fn days(self, from: Option<NaiveDate>, to: Option<NaiveDate>) -> Self {
        OrderMatch { from, to, ..self }
    }

    /// Only viewing data of this category and source, when set.
    pub fn data(self, category: Option<i16>, source: Option<i16>) -> Self {
        OrderMatch { category, source, ..self }
    }

    pub fn titles(&self) -> &[String] {
        &self.titles
    }

    /// The same rows of one side as a list filter: the per-order way, kept as the reference
    /// [`Lake::issued_totals`] is checked against.
    pub fn filter(&self, side: Side) -> ViewingFilter {
        ViewingFilter {
            media_id: Some(self.media_id),
            audience_group_id: Some(self.audience_group_id),
            unresolved_group: self.group_key.clone(),
            belonging_to: Some(side as i16),
            category: self.category,
            source: self.source,
            titles: Some(self.titles.clone()),
            from: self.from,
            to: self.to,
            ..ViewingFilter::default()
        }
    }

    /// The titles as the list filter compares them: a title never holds a newline there.
    fn match_titles(&self) -> Vec<String> {
        let mut titles: Vec<String> = self.titles.iter().map(|t| t.replace('\n', " ")).collect();
        titles.sort();
        titles.dedup();
        titles
    }
}

impl Lake {
    /// The issued totals of every order, `[customer, media]` in the orders' order, from one
    /// scan of the snapshot: the orders and their titles go into a temporary table that the
    /// viewing rows are joined to, grouped by order and side. Deleted ids are loaded once.
    pub fn issued_totals(&self, snapshot: &Snapshot, orders: &[OrderMatch]) -> Result<Vec<[IssuedTotals; 2]>> {
        let mut totals = vec![[IssuedTotals::default(); 2]; orders.len()];
        let Some((dataset, files)) = parse_files(&snapshot.files)? else {
            return Ok(totals);
        };
        if dataset != Dataset::Viewing {
            return Err(Error::Caller(format!("issued totals got {dataset} files")));
        }
        let wanted: Vec<&OrderMatch> = orders.iter().filter(|o| !o.titles.is_empty()).collect();
        // The scan reads the months any cycle reaches; an unbounded cycle reads them all.
        let (from, to) = day_bounds(&wanted);
        let files = prune(files, from, to);
        if wanted.is_empty() || files.is_empty() {
            return Ok(totals);
        }
        let conn = self.conn()?;
        load_orders(&conn, orders)?;
        let skip = self.bind_deleted(&conn, dataset, &snapshot.deleted)?;
        let mut params = vec![Value::Text(self.file_list(&files))];
        // Bounds every order shares let Parquet statistics skip row groups, as a single
        // order's day range does (air time stays within a day and a half of its day).
        let mut clauses = vec!["v.belonging_to in (1, 2)".to_owned()];
        if let Some(from) = from {
            clauses.push("v.ymd >= ? and v.air_time >= ?".into());
            params.extend([date(from), date(from)]);
        }
        if let Some(to) = to {
            clauses.push("v.ymd <= ? and v.air_time < ?".into());
            params.extend([date(to), date(super::read::days_after(to, 2))]);
        }
        // The position flags are worked out in the scan's own projection, below the joins:
        // with them in the aggregate's filters, DuckDB 1.5 failed to bind `position_of` on
        // some lakes ("INTERNAL Error: Failed to bind column reference").
        let sql = format!(
            "with v as (
                 select v.media_id, v.audience_group_id, v.title, v.ymd, v.category, v.source, v.belonging_to,
                        case when v.audience_group_id = 0 then {unresolved} end as group_key, v.grp, {POSITIONED_SQL} as positioned,
                        {TOP3_SQL} as top3
                 from {PARQUET_SOURCE} v {skip}
                 where {}
             )
             select o.k, v.belonging_to, coalesce(sum({units}), 0)::bigint, count(*),
                    count(*) filter (where v.positioned), count(*) filter (where v.top3)
             from v
             join temp.order_match o on v.title = o.title and {MATCH_SQL}
             group by o.k, v.belonging_to",
            clauses.join(" and "),
            unresolved = group_key_sql("v.audience_group"),
            units = crate::grp::units_sql("v.grp"),
        );
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(&params))?;
        read_totals(&mut rows, &mut totals)?;
        Ok(totals)
    }

    /// The same totals, two scans an order ([`Lake::viewing_totals`] of each side's filter):
    /// the way figures were computed before [`Lake::issued_totals`], kept as its reference.
    pub fn issued_totals_per_order(
        &self,
        snapshot: &Snapshot,
        orders: &[OrderMatch],
    ) -> Result<Vec<[IssuedTotals; 2]>> {
        orders
            .iter()
            .map(|o| {
                Ok([
                    self.viewing_totals(snapshot, &o.filter(Side::Customer))?,
                    self.viewing_totals(snapshot, &o.filter(Side::Media))?,
                ])
            })
            .collect()
    }
}

/// One row per order and title, `k` the order's place in the call, `title_k` the title's place
/// among the call's titles (answered: sorted, distinct): a viewing row joins at most one row of
/// an order, since an order's titles are distinct.
pub(super) fn load_orders(conn: &Connection, orders: &[OrderMatch]) -> Result<Vec<String>> {
    conn.execute_batch(
        "create or replace temp table order_match (k integer, media_id bigint, group_id bigint, group_key varchar,
                                                     title varchar, title_k bigint, day_from date, day_to date,
                                                     category smallint, source smallint)",
    )?;
    let mut titles: Vec<String> = orders.iter().flat_map(OrderMatch::match_titles).collect();
    titles.sort_unstable();
    titles.dedup();
    let mut app = conn.appender_to_catalog_and_db("order_match", "temp", "main")?;
    let opt = |v: Option<Value>| v.unwrap_or(Value::Null);
    for (k, order) in orders.iter().enumerate() {
        for title in order.match_titles() {
            let title_k = titles.binary_search(&title).expect("every order's title is listed") as i64;
            app.append_row([
                Value::Int(k as i32),
                Value::BigInt(order.media_id),
                Value::BigInt(order.audience_group_id),
                opt(order.group_key.clone().map(Value::Text)),
                Value::Text(title),
                Value::BigInt(title_k),
                opt(order.from.map(date)),
                opt(order.to.map(date)),
                opt(order.category.map(Value::SmallInt)),
                opt(order.source.map(Value::SmallInt)),
            ])?;
        }
    }
    app.flush()?;
    Ok(titles)
}

/// The condition that a row `v` (with `ymd`, `media_id`, `audience_group_id`, `group_key`,
/// `category`, `source`) of one of the order's titles is the order's `o`
/// (`temp.order_match`): the scan's join and the rollups' say the same.
pub(super) const MATCH_SQL: &str = "v.media_id = o.media_id
    and (v.audience_group_id = o.group_id or (v.audience_group_id = 0 and v.group_key = o.group_key))
    and (o.day_from is null or v.ymd >= o.day_from) and (o.day_to is null or v.ymd <= o.day_to)
    and (o.category is null or v.category = o.category) and (o.source is null or v.source = o.source)";

/// The bounds of the broadcast days any of `orders` reaches; `None` when one is unbounded.
pub(super) fn day_bounds(orders: &[&OrderMatch]) -> (Option<NaiveDate>, Option<NaiveDate>) {
    let bound = |pick: fn(&OrderMatch) -> Option<NaiveDate>, widest: fn(NaiveDate, NaiveDate) -> NaiveDate| {
        orders.iter().map(|o| pick(o)).reduce(|a, b| a.zip(b).map(|(a, b)| widest(a, b)))?
    };
    (bound(|o| o.from, NaiveDate::min), bound(|o| o.to, NaiveDate::max))
}

/// Reads `(k, side, units, spots, positioned, top3)` rows into the orders' totals.
pub(super) fn read_totals(rows: &mut duckdb::Rows<'_>, totals: &mut [[IssuedTotals; 2]]) -> Result<()> {
    while let Some(r) = rows.next()? {
        let (k, side): (i32, i16) = (r.get(0)?, r.get(1)?);
        totals[k as usize][usize::from(side == Side::Media as i16)] = IssuedTotals {
            grp: crate::grp::of_units(r.get::<_, Option<i64>>(2)?.unwrap_or(0)),
            spots: r.get::<_, Option<i64>>(3)?.unwrap_or(0) as u64,
            positioned: r.get::<_, Option<i64>>(4)?.unwrap_or(0) as u64,
            top_or_bottom_three: r.get::<_, Option<i64>>(5)?.unwrap_or(0) as u64,
        };
    }
    Ok(())
}
