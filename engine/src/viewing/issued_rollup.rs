//! The issued totals of a few orders (a page of the order list) from the viewing rollups
//! rather than a scan of the rows: the same rule ([`OrderMatch`]) and the same answer as
//! [`Lake::issued_totals`], which stays the way for many orders at once and the reference this
//! one is tested against (tests/issued_rollup.rs).
//!
//! The rollups sum the rows by title, day, media, group, category, source and side, and count
//! spots, GRP units, spots with a known position and spots in positions 1–3 (rollup.rs), so an
//! order's totals are sums of rollup rows of its titles. Files are read as the dashboard reads
//! them (dashboard.rs): a month rollup where one covers only files of the viewing snapshot, a
//! file's twin where it has one, the raw file else, and the deleted rows of rolled-up files
//! subtracted (deleted_share.rs). A month's title companion (summed across category and source)
//! answers the orders that name neither, reading only its titles' rows by the companion's index
//! (companion.rs); orders naming a category or source read the month rollup itself, sorted by
//! title in small row groups, with the titles as a filter its statistics can skip by.

use std::collections::HashSet;

use chrono::NaiveDate;
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::companion::TitleKeys;
use super::coverage::{Coverage, coverage};
use super::dashboard::files_of;
use super::deleted_share::load_deleted;
use super::group_key::group_key_sql;
use super::issued::{MATCH_SQL, OrderMatch, day_bounds, load_orders, read_totals};
use super::read::{IssuedTotals, date, days_after, prune};
use super::rollup::{POSITIONED_SQL, TOP3_SQL};
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::{Dataset, Error, Lake, Result, Snapshot};

/// Most distinct titles a call reads from the rollups; past it the one scan of the rows
/// ([`Lake::issued_totals`]) is cheaper than loading most of every companion (a page of
/// the order list has tens, every order of the list thousands).
pub const ROLLED_TITLES: usize = 1_000;

/// What one part of the statement reads, and which orders its rows count for.
struct Part {
    /// A relation with `title`, `ymd`, `media_id`, `audience_group_id`, `group_key`,
    /// `category`, `source`, `belonging_to`, `n`, `units`, `positioned`, `top3`.
    rows: String,
    params: Vec<Value>,
    /// Extra condition on the order `o`.
    orders: &'static str,
}

impl Lake {
    /// The issued totals of each order, `[customer, media]` in the orders' order: from the
    /// rollups ([`Lake::issued_totals_rolled`]) when the orders have at most
    /// [`ROLLED_TITLES`] titles in all, else from one scan of the rows.
    pub fn issued_totals_of(&self, viewing: &Snapshot, rollup: &Snapshot, orders: &[OrderMatch]) -> Result<Vec<[IssuedTotals; 2]>> {
        let titles: HashSet<&String> = orders.iter().flat_map(|o| o.titles()).collect();
        if titles.len() <= ROLLED_TITLES {
            self.issued_totals_rolled(viewing, rollup, orders)
        } else {
            self.issued_totals(viewing, orders)
        }
    }

    /// [`Lake::issued_totals`] from the rollups of the viewing snapshot's files (`rollup`: the
    /// live [`Dataset::ViewingDaily`] files), with the deleted rows subtracted.
    pub fn issued_totals_rolled(&self, viewing: &Snapshot, rollup: &Snapshot, orders: &[OrderMatch]) -> Result<Vec<[IssuedTotals; 2]>> {
        let mut totals = vec![[IssuedTotals::default(); 2]; orders.len()];
        let Some(files) = files_of(viewing, Dataset::Viewing)? else { return Ok(totals) };
        let rolled: HashSet<String> = files_of(rollup, Dataset::ViewingDaily)?.unwrap_or_default().into_iter().map(|p| p.rel).collect();
        if !rollup.deleted.is_empty() {
            return Err(Error::Caller("viewing rollups have no row ids".into()));
        }
        let wanted: Vec<&OrderMatch> = orders.iter().filter(|o| !o.titles().is_empty()).collect();
        let (from, to) = day_bounds(&wanted);
        let files = prune(files, from, to);
        if wanted.is_empty() || files.is_empty() {
            return Ok(totals);
        }
        let conn = self.conn()?;
        let titles = load_orders(&conn, orders)?;
        let (months, merged) = self.month_rollups(&files, &rolled)?;
        // Month rollups with a companion answer only orders naming a category or source; the
        // companion answers the others.
        let (mut companions, mut with_companion, mut rollups) = (Vec::new(), Vec::new(), Vec::new());
        for month in months {
            let companion = super::month_rollup::titles_path(&month)?;
            if rolled.contains(&companion.rel) {
                companions.push(companion);
                with_companion.push(month);
            } else {
                rollups.push(month);
            }
        }
        let Coverage { twins, deleted_in: covered, uncovered } = coverage(files, &merged, &rolled, &viewing.deleted);
        rollups.extend(twins);
        let days = (from.unwrap_or(NaiveDate::MIN), to.unwrap_or(NaiveDate::MAX));
        let deleted = if covered.is_empty() { Vec::new() } else { self.deleted_share(&conn, &viewing.deleted, &covered, days, Some(&titles))? };

        let (in_titles, title_values) = title_filter(&titles);
        let mut parts = Vec::new();
        let keys: TitleKeys = titles.iter().enumerate().map(|(k, t)| (t.as_str(), vec![k as i64])).collect();
        if !companions.is_empty() && self.load_companion_titles(&conn, &companions, &keys, &[])? > 0 {
            parts.push(Part {
                rows: format!(
                    "select o.title, v.ymd, v.media_id, v.audience_group_id, {gkey} as group_key, null::smallint as category,
                            null::smallint as source, v.belonging_to, v.n, v.units, v.positioned, v.top3
                     from temp.dash_titles v join (select distinct title_k, title from temp.order_match) o on o.title_k = v.k",
                    gkey = unresolved("v")
                ),
                params: Vec::new(),
                orders: "o.category is null and o.source is null",
            });
        }
        let rollup_rows = |files: &[LakePath]| {
            let mut params = vec![Value::Text(self.file_list(files))];
            params.extend(title_values.iter().cloned());
            let rows = format!(
                "select v.title, v.ymd, v.media_id, v.audience_group_id, {gkey} as group_key, v.category, v.source,
                        v.belonging_to, v.n, v.units, v.positioned, v.top3
                 from {PARQUET_SOURCE} v where {in_titles} and v.belonging_to in (1, 2)",
                gkey = unresolved("v")
            );
            Part { rows, params, orders: "true" }
        };
        if !with_companion.is_empty() && orders.iter().any(|o| o.category.is_some() || o.source.is_some()) {
            let mut part = rollup_rows(&with_companion);
            part.orders = "(o.category is not null or o.source is not null)";
            parts.push(part);
        }
        if !rollups.is_empty() {
            parts.push(rollup_rows(&rollups));
        }
        if !deleted.is_empty() {
            load_deleted(&conn, &deleted)?;
            parts.push(Part {
                rows: format!(
                    "select v.title, v.ymd, v.media_id, v.audience_group_id, {gkey} as group_key, v.category, v.source,
                            v.belonging_to, v.n, v.units, v.positioned, v.top3
                     from temp.dash_deleted v",
                    gkey = unresolved("v")
                ),
                params: Vec::new(),
                orders: "true",
            });
        }
        if !uncovered.is_empty() {
            let skip = self.bind_deleted(&conn, Dataset::Viewing, &viewing.deleted)?;
            let mut params = vec![Value::Text(self.file_list(&uncovered))];
            params.extend(title_values.iter().cloned());
            // Bounds every order shares let Parquet statistics skip row groups (air time stays
            // within a day and a half of its day).
            let mut clauses = vec![in_titles.clone(), "v.belonging_to in (1, 2)".to_owned()];
            if let Some(from) = from {
                clauses.push("v.ymd >= ? and v.air_time >= ?".into());
                params.extend([date(from), date(from)]);
            }
            if let Some(to) = to {
                clauses.push("v.ymd <= ? and v.air_time < ?".into());
                params.extend([date(to), date(days_after(to, 2))]);
            }
            parts.push(Part {
                rows: format!(
                    "select v.title, v.ymd, v.media_id, v.audience_group_id, {gkey} as group_key, v.category, v.source,
                            v.belonging_to, 1::bigint as n, {units}::bigint as units, ({POSITIONED_SQL})::bigint as positioned,
                            ({TOP3_SQL})::bigint as top3
                     from {PARQUET_SOURCE} v {skip} where {}",
                    clauses.join(" and "),
                    gkey = unresolved("v"),
                    units = crate::grp::units_sql("v.grp"),
                ),
                params,
                orders: "true",
            });
        }
        if parts.is_empty() {
            return Ok(totals);
        }
        let mut params = Vec::new();
        let selects: Vec<String> = parts
            .into_iter()
            .map(|part| {
                params.extend(part.params);
                format!(
                    "select o.k, v.belonging_to, v.units, v.n, v.positioned, v.top3
                     from ({}) v join temp.order_match o on v.title = o.title and {MATCH_SQL} and {}",
                    part.rows, part.orders
                )
            })
            .collect();
        let sql = format!(
            "select k, belonging_to, sum(units)::bigint, sum(n)::bigint, sum(positioned)::bigint, sum(top3)::bigint
             from ({}) group by all",
            selects.join(" union all ")
        );
        let mut stmt = conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(&params))?;
        read_totals(&mut rows, &mut totals)?;
        Ok(totals)
    }
}

/// The group key of a row of `v` stored without a group id ([`group_key_sql`]), else null.
fn unresolved(v: &str) -> String {
    format!("case when {v}.audience_group_id = 0 then {} end", group_key_sql(&format!("{v}.audience_group")))
}

/// `v.title in (?, …)` over `titles`, and its values: a filter Parquet statistics can skip
/// row groups by, unlike a join.
fn title_filter(titles: &[String]) -> (String, Vec<Value>) {
    let marks = vec!["?"; titles.len()].join(", ");
    (format!("v.title in ({marks})"), titles.iter().cloned().map(Value::Text).collect())
}
