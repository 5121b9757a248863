//! Listing, exporting and checking viewing rows of a snapshot.

use chrono::{Days, NaiveDate};
use duckdb::types::Value;
use duckdb::{Connection, params_from_iter};

use super::decode::decode;
use super::group_key::group_key_sql;
use super::{ViewingRow, select_list};
use crate::lake::{PARQUET_SOURCE, load_ids};
use crate::paths::{LakePath, parse_files};
use crate::{Dataset, Error, Lake, Month, Result, Snapshot};

/// Which viewing rows a list or export wants. Empty fields don't filter.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ViewingFilter {
    pub brand_id: Option<i64>,
    /// Rows of any of these audience/city group names (a brand's groups: group names are
    /// shared across brands, so a brand filter goes through them). An empty list matches none.
    pub audience_groups: Option<Vec<String>>,
    pub media_id: Option<i64>,
    pub category: Option<i16>,
    pub source: Option<i16>,
    pub belonging_to: Option<i16>,
    /// Part of the title, case-insensitive.
    pub title: Option<String>,
    /// Broadcast days (`ymd`), both ends inclusive.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// Only these row ids.
    pub ids: Option<Vec<i64>>,
    /// Rows of this audience/city group id.
    pub audience_group_id: Option<i64>,
    /// Also rows stored without a group id (group id 0: a name several brands' groups share)
    /// whose group name has this [`super::group_key::group_key`]; alone, only those rows.
    pub unresolved_group: Option<String>,
    /// Rows whose title is exactly one of these (an order's tape titles and product name). An
    /// empty list matches none.
    pub titles: Option<Vec<String>>,
}

/// What an order's aired spots on one side's viewing data add up to.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct IssuedTotals {
    /// Σ GRP, the exact sum of the rows' GRP kept to 4 decimals ([`crate::grp`]): the double
    /// nearest its units, whatever order the rows were added in; `grp::units` gives the
    /// integer back exactly.
    pub grp: f64,
    pub spots: u64,
    /// Spots whose position in the break is known, and those in positions 1–3 from the start
    /// or the end (`正一`…`正三`, `倒一`…`倒三`, `2/8`, `7/8`).
    pub positioned: u64,
    pub top_or_bottom_three: u64,
}

/// The statement a filter comes down to: the files to read, the FROM and WHERE clauses, and
/// the values bound to their parameters (the file list first).
pub(super) struct Query {
    pub(super) from_where: String,
    pub(super) params: Vec<Value>,
}

impl Lake {
    /// One page (1-based) of the filtered rows, newest air time first, and the total count.
    /// Without a filter, or with a range of days alone, the page and count come from the
    /// files' footers and the page's own rows ([`super::list`]); with any other, from one
    /// DuckDB query over the files it may match.
    pub fn viewing_page(
        &self,
        snapshot: &Snapshot,
        filter: &ViewingFilter,
        page: u64,
        limit: u64,
    ) -> Result<(Vec<ViewingRow>, u64)> {
        // No filter but a range of days: the spans' counts and bounds answer it.
        if *filter == (ViewingFilter { from: filter.from, to: filter.to, ..ViewingFilter::default() }) {
            return self.viewing_page_listed(snapshot, filter.from, filter.to, page, limit);
        }
        let conn = self.conn()?;
        let Some(mut query) = self.viewing_query(&conn, snapshot, filter)? else { return Ok((Vec::new(), 0)) };
        let count = format!("select count(*) from {}", query.from_where);
        let total: i64 = conn.query_row(&count, params_from_iter(&query.params), |r| r.get(0))?;
        let offset = page.saturating_sub(1).saturating_mul(limit);
        let mut rows = Vec::new();
        if limit > 0 && offset < total as u64 {
            let sql = format!(
                "select {} from {} order by air_time desc, id desc limit ? offset ?",
                select_list("v."),
                query.from_where
            );
            query.params.extend([Value::UBigInt(limit), Value::UBigInt(offset)]);
            for_each_chunk(&conn, &sql, &query.params, |chunk| decode(chunk, &mut rows))?;
        }
        Ok((rows, total as u64))
    }

    /// Hands every filtered row to `f`, in list order, a chunk at a time: DuckDB streams the
    /// result, so memory stays flat however many rows match. Answers how many rows it gave.
    pub fn viewing_for_each<E: From<Error>>(
        &self,
        snapshot: &Snapshot,
        filter: &ViewingFilter,
        mut f: impl FnMut(ViewingRow) -> Result<(), E>,
    ) -> Result<u64, E> {
        let conn = self.conn()?;
        let Some(query) = self.viewing_query(&conn, snapshot, filter)? else { return Ok(0) };
        let sql = format!("select {} from {} order by air_time desc, id desc", select_list("v."), query.from_where);
        let mut n = 0;
        let mut rows = Vec::new();
        let mut failed = None;
        for_each_chunk(&conn, &sql, &query.params, |chunk| {
            decode(chunk, &mut rows)?;
            for row in rows.drain(..) {
                n += 1;
                if let Err(e) = f(row) {
                    failed = Some(e);
                    return Err(Error::Caller("stopped by the row handler".into()));
                }
            }
            Ok(())
        })
        .or_else(|e| failed.take().map_or(Err(E::from(e)), Err))?;
        Ok(n)
    }

    /// The totals of the filtered rows: an order's issued GRP and spots (docs/evaluation.md).
    pub fn viewing_totals(&self, snapshot: &Snapshot, filter: &ViewingFilter) -> Result<IssuedTotals> {
        let conn = self.conn()?;
        let Some(query) = self.viewing_query(&conn, snapshot, filter)? else { return Ok(IssuedTotals::default()) };
        let sql = format!(
            "select coalesce(sum({}), 0)::bigint, count(*), count(v.\"position\"),
                    count(*) filter (where v.position_index <= 3
                                        or (v.position_of is not null and v.position_index > v.position_of - 3))
             from {}",
            crate::grp::units_sql("v.grp"),
            query.from_where
        );
        let totals = conn.query_row(&sql, params_from_iter(&query.params), |r| {
            Ok(IssuedTotals {
                grp: crate::grp::of_units(r.get(0)?),
                spots: r.get::<_, i64>(1)? as u64,
                positioned: r.get::<_, i64>(2)? as u64,
                top_or_bottom_three: r.get::<_, i64>(3)? as u64,
            })
        })?;
        Ok(totals)
    }

    /// Which of `ids` are live rows of the snapshot (for validating a delete), ascending.
    pub fn viewing_ids(&self, snapshot: &Snapshot, ids: &[i64]) -> Result<Vec<i64>> {
        let filter = ViewingFilter { ids: Some(ids.to_vec()), ..ViewingFilter::default() };
        let conn = self.conn()?;
        let Some(query) = self.viewing_query(&conn, snapshot, &filter)? else { return Ok(Vec::new()) };
        let sql = format!("select distinct v.id from {} order by v.id", query.from_where);
        let mut stmt = conn.prepare(&sql)?;
        let found = stmt.query_map(params_from_iter(&query.params), |r| r.get(0))?.collect::<Result<_, _>>()?;
        Ok(found)
    }

    /// Builds the FROM … WHERE of a filtered read, loading deleted and wanted ids into
    /// temporary tables. `None` when no file can hold a matching row.
    pub(super) fn viewing_query(&self, conn: &Connection, snapshot: &Snapshot, filter: &ViewingFilter) -> Result<Option<Query>> {
        let Some((dataset, files)) = parse_files(&snapshot.files)? else { return Ok(None) };
        if dataset != Dataset::Viewing {
            return Err(Error::Caller(format!("a viewing query got {dataset} files")));
        }
        let files = prune(files, filter.from, filter.to);
        if files.is_empty()
            || filter.ids.as_ref().is_some_and(Vec::is_empty)
            || filter.audience_groups.as_ref().is_some_and(Vec::is_empty)
            || filter.titles.as_ref().is_some_and(Vec::is_empty)
        {
            return Ok(None);
        }
        let mut from_where = format!("{PARQUET_SOURCE} v {}", self.bind_deleted(conn, dataset, &snapshot.deleted)?);
        if let Some(ids) = &filter.ids {
            load_ids(conn, "wanted_ids", ids)?;
            from_where.push_str(" semi join temp.wanted_ids w on v.id = w.id");
        }
        let mut params = vec![Value::Text(self.file_list(&files))];
        // The group goes first: with a name, rows without a group id are tested too.
        let unresolved = format!("(v.audience_group_id = 0 and {} = ?)", group_key_sql("v.audience_group"));
        let either = format!("(v.audience_group_id = ? or {unresolved})");
        let mut clauses: Vec<&str> = Vec::new();
        match (filter.audience_group_id, &filter.unresolved_group) {
            (Some(id), Some(key)) => {
                clauses.push(&either);
                params.extend([Value::BigInt(id), Value::Text(key.clone())]);
            }
            (Some(id), None) => {
                clauses.push("v.audience_group_id = ?");
                params.push(Value::BigInt(id));
            }
            (None, Some(key)) => {
                clauses.push(&unresolved);
                params.push(Value::Text(key.clone()));
            }
            (None, None) => {}
        }
        let mut bind = |clause, value| {
            clauses.push(clause);
            params.push(value);
        };
        if let Some(v) = filter.brand_id {
            bind("v.brand_id = ?", Value::BigInt(v));
        }
        if let Some(names) = &filter.audience_groups {
            // One text value split in SQL: names never hold a newline.
            let joined = names.iter().map(|n| n.replace('\n', " ")).collect::<Vec<_>>().join("\n");
            bind("list_contains(string_split(?, chr(10)), v.audience_group)", Value::Text(joined));
        }
        if let Some(v) = filter.media_id {
            bind("v.media_id = ?", Value::BigInt(v));
        }
        if let Some(titles) = &filter.titles {
            let joined = titles.iter().map(|n| n.replace('\n', " ")).collect::<Vec<_>>().join("\n");
            bind("list_contains(string_split(?, chr(10)), v.title)", Value::Text(joined));
        }
        if let Some(v) = filter.category {
            bind("v.category = ?", Value::SmallInt(v));
        }
        if let Some(v) = filter.source {
            bind("v.source = ?", Value::SmallInt(v));
        }
        if let Some(v) = filter.belonging_to {
            bind("v.belonging_to = ?", Value::SmallInt(v));
        }
        if let Some(title) = filter.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            bind("contains(lower(v.title), lower(?))", Value::Text(title.to_owned()));
        }
        // Each day bound also bounds air_time (within a day and a half of its broadcast day,
        // checked at write), which lets Parquet row-group statistics skip whole groups.
        if let Some(from) = filter.from {
            bind("v.ymd >= ?", date(from));
            bind("v.air_time >= ?", date(from));
        }
        if let Some(to) = filter.to {
            bind("v.ymd <= ?", date(to));
            bind("v.air_time < ?", date(days_after(to, 2)));
        }
        if !clauses.is_empty() {
            from_where.push_str(" where ");
            from_where.push_str(&clauses.join(" and "));
        }
        Ok(Some(Query { from_where, params }))
    }
}

/// Keeps the files whose month can hold rows of broadcast days `from..=to`. A broadcast day's
/// spots air on that day or, past midnight, the next: the last day reaches one month further
/// when it ends a month.
pub(crate) fn prune(files: Vec<LakePath>, from: Option<NaiveDate>, to: Option<NaiveDate>) -> Vec<LakePath> {
    let first = from.map(Month::of);
    let last = to.map(|d| Month::of(d.succ_opt().unwrap_or(d)));
    files.into_iter().filter(|f| first.is_none_or(|m| f.month >= m) && last.is_none_or(|m| f.month <= m)).collect()
}

/// `n` days after `d`, or chrono's last date past it: a bound, never an overflow.
pub(crate) fn days_after(d: NaiveDate, n: u64) -> NaiveDate {
    d.checked_add_days(Days::new(n)).unwrap_or(NaiveDate::MAX)
}

pub(crate) fn date(d: NaiveDate) -> Value {
    Value::Date32((d - NaiveDate::default()).num_days() as i32)
}

/// Runs `sql` streaming and hands each result chunk to `f`.
pub(crate) fn for_each_chunk(
    conn: &Connection,
    sql: &str,
    params: &[Value],
    mut f: impl FnMut(&duckdb::arrow::array::StructArray) -> Result<()>,
) -> Result<()> {
    let mut stmt = conn.prepare(sql)?;
    // The iterator stream_arrow answers panics on a failed fetch; step() reports it instead.
    let _ = stmt.stream_arrow(params_from_iter(params))?;
    while let Some(chunk) = stmt.step()? {
        f(&chunk)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pruning_keeps_the_months_a_day_range_can_reach() {
        let files: Vec<LakePath> = ["2026-01", "2026-02", "2026-03", "2026-04"]
            .iter()
            .map(|m| LakePath::parse(&format!("viewing/month={m}/b1-0.parquet")).unwrap())
            .collect();
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d);
        let months =
            |from, to| -> Vec<String> { prune(files.clone(), from, to).iter().map(|f| f.month.to_string()).collect() };
        assert_eq!(months(day(2, 10), day(2, 20)), ["2026-02"]);
        // The last day of a month may air its late spots in the next month's file.
        assert_eq!(months(day(2, 1), day(2, 28)), ["2026-02", "2026-03"]);
        assert_eq!(months(day(3, 5), None), ["2026-03", "2026-04"]);
        assert_eq!(months(None, day(1, 31)), ["2026-01", "2026-02"]);
        assert_eq!(months(None, None).len(), 4);
        assert!(months(day(5, 1), None).is_empty());
    }
}
