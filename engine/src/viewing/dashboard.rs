//! The dashboard's figures (docs/dashboard.md): spots and Σ GRP (in integer units, exact:
//! [`crate::grp`]) per series and time bucket, of one side, in one DuckDB statement over the
//! viewing rollup; the buckets end at the last one with data ([`Dashboard`]).
//!
//! A viewing file is read through its month's month rollup when one covers it and only files
//! of the viewing snapshot (month_rollup.rs), else through its rollup twin
//! ([`Dataset::ViewingDaily`], same month, named after it) when the rollup snapshot lists it, else raw
//! (a lake from before rollups, until they are built; a snapshot pair read across a commit).
//! Rollups hold deleted rows: when the viewing snapshot has deletions, the deleted rows of the
//! rolled-up files, summed once per deletion set and kept in memory (deleted_share.rs), are
//! subtracted. Rollups of files the viewing snapshot doesn't list are not read, so the answer
//! is always that of the viewing snapshot.
//!
//! A query on products, days, media, side and groups alone reads the month rollups' title
//! companions by title (companion.rs): their rows of the wanted titles and the deleted rows'
//! sums are loaded by series key into one temporary table, so the statement only filters,
//! buckets and sums.
//! Other parts (twins, raw files, month rollups for group or class queries) are summed, then
//! joined to the series. Buckets are worked out in SQL ([`bucket_sql`]), not joined.

use std::collections::HashSet;

use chrono::NaiveDate;
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::buckets::{Bucket, TimeType, bucket_sql, buckets};
use super::coverage::{Coverage, coverage};
use super::dashboard_sql::{clauses, key_groups, load_series, title_keys, wanted_titles};
use super::deleted_share::load_deleted;
use super::group_key::group_key_sql;
use super::issued::Side;
use super::month_rollup::{is_month_rollup, is_titles_rollup, titles_path};
use super::read::prune;
use crate::grp::{Units, units_sql};
use crate::lake::PARQUET_SOURCE;
use crate::paths::{LakePath, parse_files};
use crate::{Dataset, Error, Lake, Month, Result, Snapshot};

/// What a series is made of.
#[derive(Debug, Clone, PartialEq)]
pub enum Series {
    /// One series per key (a product): a row is the key's when its title is one of the key's
    /// titles (trimmed, as rows' titles are stored) and, when the key has a group, it is of
    /// that group (matched as [`Series::Groups`]). A row may be several keys'.
    Titles(Vec<TitleSeries>),
    /// One series per audience group `(id, name)`: a row is the group's when its group id is
    /// the id, or when it is 0 and the row's group name has the name's [`group_key`].
    Groups(Vec<(i64, String)>),
}

/// One series of titles: a product's, counted in its own audience group when `group` is set
/// (a product's default group when none is chosen: docs/dashboard.md).
#[derive(Debug, Clone, PartialEq)]
pub struct TitleSeries {
    pub key: i64,
    pub titles: Vec<String>,
    /// `(id, name)`: only rows of this group count for the series.
    pub group: Option<(i64, String)>,
}

/// The rows to count and how to cut them. `None` filters don't filter; an empty list matches
/// no row.
#[derive(Debug, Clone, PartialEq)]
pub struct DashboardQuery {
    /// Broadcast days, both ends inclusive.
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub time: TimeType,
    pub series: Series,
    /// Whose measurement is counted (data ownership): the customer's and the media's measure
    /// the same spots, so they are never added up.
    pub side: Side,
    /// Only rows whose title is one of these.
    pub titles: Option<Vec<String>>,
    pub media_id: Option<i64>,
    /// Only rows of any of these audience groups `(id, name)`, matched as [`Series::Groups`].
    pub groups: Option<Vec<(i64, String)>>,
    pub categories: Option<Vec<i16>>,
    pub sources: Option<Vec<i16>>,
    pub classes: Option<Vec<i64>>,
}

/// Spots and Σ GRP (in units: exact) of one series in one bucket (an index into
/// [`Dashboard::buckets`]). Buckets and series without rows have no cell.
#[derive(Debug, Clone, PartialEq)]
pub struct DashboardCell {
    pub key: i64,
    pub bucket: usize,
    pub spots: i64,
    pub units: Units,
}

/// The buckets of the range up to the last one with a spot in any series (docs/dashboard.md "Buckets (`timeType`)": those
/// after the last day with data are absent, not 0; none when no row matches), and their cells.
/// Earlier buckets without a spot stay: within the data they are a measured nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct Dashboard {
    pub buckets: Vec<Bucket>,
    pub cells: Vec<DashboardCell>,
}

impl Dashboard {
    /// `buckets` cut after the last bucket where a cell has a spot (a cell may sum to none: a
    /// rollup's rows less their deleted rows), and the cells within them.
    fn ending_at_data(mut buckets: Vec<Bucket>, mut cells: Vec<DashboardCell>) -> Dashboard {
        let end = cells.iter().filter(|c| c.spots != 0).map(|c| c.bucket + 1).max().unwrap_or(0);
        buckets.truncate(end);
        cells.retain(|c| c.bucket < end);
        Dashboard { buckets, cells }
    }
}

/// One union part of the statement: what it reads, what a row counts for, how deletions
/// apply.
struct Part<'a> {
    source: Source,
    /// `n` and `units` of a row.
    counts: &'a str,
    join: &'a str,
    raw: bool,
}

/// What a part reads.
enum Source {
    Files(Vec<LakePath>),
    /// A temporary table the call loaded (the deleted rows' sums).
    Table(&'static str),
}

impl Lake {
    /// The query's buckets up to the last with data and their cells, from the rollup of the
    /// viewing snapshot's files (`rollup`: the live [`Dataset::ViewingDaily`] files) with its
    /// deleted rows subtracted.
    pub fn dashboard(&self, viewing: &Snapshot, rollup: &Snapshot, q: &DashboardQuery) -> Result<Dashboard> {
        let buckets = buckets(q.from, q.to, q.time)?;
        let cells = self.dashboard_cells(viewing, rollup, q)?;
        Ok(Dashboard::ending_at_data(buckets, cells))
    }

    /// The query's cells over every bucket of its range.
    fn dashboard_cells(&self, viewing: &Snapshot, rollup: &Snapshot, q: &DashboardQuery) -> Result<Vec<DashboardCell>> {
        let Some(files) = files_of(viewing, Dataset::Viewing)? else { return Ok(Vec::new()) };
        let rolled: HashSet<String> = files_of(rollup, Dataset::ViewingDaily)?.unwrap_or_default().into_iter().map(|p| p.rel).collect();
        if !rollup.deleted.is_empty() {
            return Err(Error::Caller("viewing rollups have no row ids".into()));
        }
        let Some(titles) = wanted_titles(q) else { return Ok(Vec::new()) };
        if titles.as_ref().is_some_and(Vec::is_empty) || q.groups.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let files = prune(files, Some(q.from), Some(q.to));
        let (months, merged) = self.month_rollups(&files, &rolled)?;
        // A query on titles, days, media, side and groups alone reads the month rollups' title
        // companions.
        let title_level = matches!(q.series, Series::Titles(_))
            && titles.is_some()
            && q.categories.is_none()
            && q.sources.is_none()
            && q.classes.is_none();
        let (mut twins, mut companions) = (Vec::new(), Vec::new());
        for month in months {
            match titles_path(&month)? {
                companion if title_level && rolled.contains(&companion.rel) => companions.push(companion),
                _ => twins.push(month),
            }
        }
        let Coverage { twins: file_twins, deleted_in: covered, uncovered } = coverage(files, &merged, &rolled, &viewing.deleted);
        twins.extend(file_twins);
        let conn = self.conn()?;
        // The deleted rows of rolled-up files, summed once per deletion set (deleted_share.rs).
        let deleted = if covered.is_empty() {
            Vec::new()
        } else {
            self.deleted_share(&conn, &viewing.deleted, &covered, (q.from, q.to), titles.as_deref())?
        };
        let (bucket, bucket_values) = bucket_sql("ymd", q.from, q.time);
        let mut params: Vec<Value> = bucket_values.into();
        let mut sums = Vec::new();
        // A title-level query sums the companions' rows of its titles, loaded by series key
        // with the deleted rows' sums (companion.rs): what the other parts need a join for.
        let by_key = match (&q.series, &titles) {
            (Series::Titles(keys), Some(wanted)) if title_level => Some(title_keys(keys, wanted)),
            _ => None,
        };
        if let Some(keys) = &by_key
            && self.load_companion_titles(&conn, &companions, keys, &deleted)? > 0
        {
            let (clauses, values) = clauses(q, None, false);
            // A series with a group of its own counts only that group's rows.
            let own = match &q.series {
                Series::Titles(series) => key_groups(series),
                Series::Groups(_) => None,
            };
            let own = match own {
                Some((groups, group_values)) => {
                    params.extend(group_values);
                    format!(
                        "left join {groups} on g.k = v.k
                         where {clauses} and (g.k is null or v.audience_group_id = g.group_id
                                              or (v.audience_group_id = 0 and {} = g.group_key))",
                        group_key_sql("v.audience_group")
                    )
                }
                None => format!("where {clauses}"),
            };
            sums.push(format!("select v.k, v.ymd, v.n, v.units from temp.dash_titles v {own}"));
            params.extend(values);
        }
        let anti = if uncovered.is_empty() { "" } else { self.bind_deleted(&conn, Dataset::Viewing, &viewing.deleted)? };
        let raw_counts = format!("1::bigint, {}", units_sql("v.grp"));
        let mut parts = vec![
            Part { source: Source::Files(twins), counts: "v.n, v.units", join: "", raw: false },
            Part { source: Source::Files(uncovered), counts: &raw_counts, join: anti, raw: true },
        ];
        if by_key.is_none() && !deleted.is_empty() {
            load_deleted(&conn, &deleted)?;
            parts.push(Part { source: Source::Table("temp.dash_deleted"), counts: "v.n, v.units", join: "", raw: false });
        }
        let by_group = matches!(q.series, Series::Groups(_));
        // Rows are summed by group only when a series is cut by group.
        let grouped = match &q.series {
            Series::Groups(_) => true,
            Series::Titles(series) => series.iter().any(|s| s.group.is_some()),
        };
        let gkey = if grouped { format!("case when v.audience_group_id = 0 then {} end", group_key_sql("v.audience_group")) } else { "null::varchar".into() };
        let mut selects = Vec::new();
        let mut values = Vec::new();
        for part in parts.iter().filter(|p| !matches!(&p.source, Source::Files(f) if f.is_empty())) {
            let (clauses, part_values) = clauses(q, titles.as_deref(), part.raw);
            let source = match &part.source {
                Source::Files(_) => PARQUET_SOURCE,
                Source::Table(table) => table,
            };
            // Only series cut by group join on the group: the others sum across groups.
            let group = if grouped { format!("v.audience_group_id, {gkey}") } else { "null::bigint, null::varchar".into() };
            selects.push(format!(
                "select v.ymd, v.title, {group} as gkey, {} from {source} v {} where {clauses}",
                part.counts, part.join
            ));
            if let Source::Files(files) = &part.source {
                values.push(Value::Text(self.file_list(files)));
            }
            values.extend(part_values);
        }
        if !selects.is_empty() {
            // The parts' rows summed before the series join: far fewer rows to join.
            load_series(&conn, &q.series)?;
            let on = if by_group {
                "(s.group_id = r.audience_group_id or s.group_key = r.gkey)"
            } else {
                "s.title = r.title and (s.group_id is null or s.group_id = r.audience_group_id or s.group_key = r.gkey)"
            };
            sums.push(format!(
                "select s.k, r.ymd, r.n, r.units
                 from (select ymd, title, audience_group_id, gkey, sum(n) as n, sum(units) as units
                       from ({}) u (ymd, title, audience_group_id, gkey, n, units) group by all) r
                 join temp.dash_series s on {on}",
                selects.join(" union all ")
            ));
            params.extend(values);
        }
        if sums.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "select k, {bucket} as bucket, sum(n)::bigint, sum(units)::bigint from ({}) group by all",
            sums.join(" union all ")
        );
        let mut stmt = conn.prepare(&sql)?;
        let mut cells = stmt
            .query_map(params_from_iter(&params), |r| {
                Ok(DashboardCell { key: r.get(0)?, bucket: r.get::<_, i32>(1)? as usize, spots: r.get(2)?, units: r.get(3)? })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        cells.sort_unstable_by_key(|c| (c.key, c.bucket));
        Ok(cells)
    }
}

impl Lake {
    /// The month rollups ([`super::month_rollup`], not their title companions) usable for
    /// `files` (one a month at most, each covering only files listed), and the viewing files
    /// they cover.
    pub(super) fn month_rollups(&self, files: &[LakePath], rolled: &HashSet<String>) -> Result<(Vec<LakePath>, HashSet<String>)> {
        let listed: HashSet<&str> = files.iter().map(|f| f.rel.as_str()).collect();
        let months: HashSet<Month> = files.iter().map(|f| f.month).collect();
        let mut chosen: Vec<(LakePath, std::sync::Arc<Vec<String>>)> = Vec::new();
        for path in rolled.iter().filter(|p| is_month_rollup(p) && !is_titles_rollup(p)) {
            let path = LakePath::parse(path)?;
            if !months.contains(&path.month) {
                continue;
            }
            let covers = self.month_rollup_covers(&path.rel)?;
            if covers.is_empty() || !covers.iter().all(|c| listed.contains(c.as_str())) {
                continue;
            }
            // Two usable ones of a month (a moment between commits) would count rows twice:
            // the one covering more is kept.
            match chosen.iter_mut().find(|(p, _)| p.month == path.month) {
                Some(old) if old.1.len() < covers.len() => *old = (path, covers),
                Some(_) => {}
                None => chosen.push((path, covers)),
            }
        }
        let covered = chosen.iter().flat_map(|(_, c)| c.iter().cloned()).collect();
        Ok((chosen.into_iter().map(|(p, _)| p).collect(), covered))
    }
}

/// The snapshot's files, checked to be of `dataset`.
pub(super) fn files_of(snapshot: &Snapshot, dataset: Dataset) -> Result<Option<Vec<LakePath>>> {
    match parse_files(&snapshot.files)? {
        Some((found, files)) if found == dataset => Ok(Some(files)),
        Some((found, _)) => Err(Error::Caller(format!("a dashboard got {found} files for {dataset}"))),
        None => Ok(None),
    }
}
