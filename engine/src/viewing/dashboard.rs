//! The dashboard's figures (docs/dashboard.md): spots and Σ GRP per series and time bucket, in
//! one DuckDB statement over the viewing rollup.
//!
//! A viewing file is read through its month's month rollup when one covers it and only files
//! of the viewing snapshot (month_rollup.rs), else through its rollup twin
//! ([`Dataset::ViewingDaily`], same month and name) when the rollup snapshot lists it, else raw
//! (a lake from before rollups, until they are built; a snapshot pair read across a commit).
//! Rollups hold deleted rows: when the viewing snapshot has deletions, the deleted rows of the
//! rolled-up files, summed once per deletion set and kept in memory (deleted_share.rs), are
//! subtracted. Rollups of files the viewing snapshot doesn't list are not read, so the answer
//! is always that of the viewing snapshot.

use std::collections::HashSet;

use chrono::NaiveDate;
use duckdb::types::Value;
use duckdb::{Connection, params_from_iter};

use super::buckets::{Bucket, TimeType, buckets};
use super::deleted_share::load_deleted;
use super::issued::{group_key, group_key_sql};
use super::month_rollup::{is_month_rollup, is_titles_rollup, title_id, titles_path};
use super::read::{date, prune};
use crate::lake::PARQUET_SOURCE;
use crate::paths::{LakePath, parse_files};
use crate::{Dataset, Error, Lake, Month, Result, Snapshot};

/// What a series is made of.
#[derive(Debug, Clone, PartialEq)]
pub enum Series {
    /// One series per key (a product): a row is the key's when its title is one of the key's
    /// titles (trimmed, as rows' titles are stored). A row may be several keys'.
    Titles(Vec<(i64, Vec<String>)>),
    /// One series per audience group `(id, name)`: a row is the group's when its group id is
    /// the id, or when it is 0 and the row's group name has the name's [`group_key`].
    Groups(Vec<(i64, String)>),
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
    /// Only rows whose title is one of these.
    pub titles: Option<Vec<String>>,
    pub media_id: Option<i64>,
    /// Only rows of any of these audience groups `(id, name)`, matched as [`Series::Groups`].
    pub groups: Option<Vec<(i64, String)>>,
    pub categories: Option<Vec<i16>>,
    pub sources: Option<Vec<i16>>,
    pub classes: Option<Vec<i64>>,
}

/// Spots and Σ GRP of one series in one bucket (an index into [`Dashboard::buckets`]).
/// Buckets and series without rows have no cell.
#[derive(Debug, Clone, PartialEq)]
pub struct DashboardCell {
    pub key: i64,
    pub bucket: usize,
    pub spots: i64,
    pub grp: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Dashboard {
    pub buckets: Vec<Bucket>,
    pub cells: Vec<DashboardCell>,
}

/// One union part of the statement: what it reads (files, or the deleted rows' table when
/// `None`), what a row counts for, how deletions apply.
struct Part<'a> {
    files: Option<Vec<LakePath>>,
    /// `n` and `grp` of a row.
    counts: &'a str,
    join: &'a str,
    raw: bool,
    /// Title companions: no group columns, a title id to prune by.
    titles: bool,
}

impl Lake {
    /// The query's cells, from the rollup of the viewing snapshot's files (`rollup`: the
    /// live [`Dataset::ViewingDaily`] files) with its deleted rows subtracted.
    pub fn dashboard(&self, viewing: &Snapshot, rollup: &Snapshot, q: &DashboardQuery) -> Result<Dashboard> {
        let buckets = buckets(q.from, q.to, q.time)?;
        let empty = Dashboard { buckets: buckets.clone(), cells: Vec::new() };
        let Some(files) = files_of(viewing, Dataset::Viewing)? else { return Ok(empty) };
        let rolled: HashSet<String> = files_of(rollup, Dataset::ViewingDaily)?.unwrap_or_default().into_iter().map(|p| p.rel).collect();
        if !rollup.deleted.is_empty() {
            return Err(Error::Caller("viewing rollups have no row ids".into()));
        }
        let Some(titles) = wanted_titles(q) else { return Ok(empty) };
        if titles.as_ref().is_some_and(Vec::is_empty) || q.groups.as_ref().is_some_and(Vec::is_empty) {
            return Ok(empty);
        }
        let files = prune(files, Some(q.from), Some(q.to));
        let (months, merged) = self.month_rollups(&files, &rolled)?;
        // A query on titles, days and media alone reads the month rollups' title companions.
        let title_level = matches!(q.series, Series::Titles(_))
            && q.groups.is_none()
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
        let (mut uncovered, mut covered) = (Vec::new(), Vec::new());
        for file in files {
            let twin = file.twin(Dataset::ViewingDaily);
            if merged.contains(&file.rel) {
                covered.push(file);
            } else if rolled.contains(&twin.rel) {
                twins.push(twin);
                covered.push(file);
            } else {
                uncovered.push(file);
            }
        }
        // Only files that may hold a deleted row are read for it: a batch's own files hold
        // only ids of that batch (`batch << 32 | n`); compacted files may hold any.
        let deleted_batches: HashSet<i64> = viewing.deleted.iter().map(|id| id >> 32).collect();
        covered.retain(|f| {
            !viewing.deleted.is_empty()
                && batch_of(f.stem()).is_none_or(|batch| deleted_batches.contains(&batch))
        });
        let conn = self.conn()?;
        // The deleted rows of rolled-up files, summed once per deletion set (deleted_share.rs).
        let deleted = if covered.is_empty() {
            Vec::new()
        } else {
            self.deleted_share(&conn, &viewing.deleted, &covered, (q.from, q.to), titles.as_deref())?
        };
        let anti = if uncovered.is_empty() { "" } else { self.bind_deleted(&conn, Dataset::Viewing, &viewing.deleted)? };
        let mut parts = vec![
            Part { files: Some(companions), counts: "v.n, v.grp", join: "", raw: false, titles: true },
            Part { files: Some(twins), counts: "v.n, v.grp", join: "", raw: false, titles: false },
            Part { files: Some(uncovered), counts: "1::bigint, v.grp", join: anti, raw: true, titles: false },
        ];
        if !deleted.is_empty() {
            load_deleted(&conn, &deleted)?;
            parts.push(Part { files: None, counts: "v.n, v.grp", join: "", raw: false, titles: false });
        }
        let by_group = matches!(q.series, Series::Groups(_));
        let gkey = if by_group { format!("case when v.audience_group_id = 0 then {} end", group_key_sql("v.audience_group")) } else { "null::varchar".into() };
        let mut selects = Vec::new();
        let mut params = Vec::new();
        for part in parts.iter().filter(|p| p.files.as_ref().is_none_or(|f| !f.is_empty())) {
            // A companion's rows are pruned by title id and matched by the series join on the
            // title itself, which holds exactly the wanted titles unless the query narrows them
            // further: only then is the list checked twice (it costs ~2 ms a call).
            let title_list = if part.titles && q.titles.is_none() { None } else { titles.as_deref() };
            let (mut clauses, mut values) = clauses(q, title_list, part.raw);
            let source = if part.files.is_some() { PARQUET_SOURCE } else { "temp.dash_deleted" };
            let group: String = if part.titles {
                // Title-level queries only (no group series): the ids prune row groups, the
                // titles decide.
                let mut ids: Vec<i64> = titles.iter().flatten().map(|t| title_id(t)).collect();
                ids.sort_unstable();
                ids.dedup();
                clauses.push_str(&format!(" and v.tid in ({})", marks(ids.len())));
                values.extend(ids.into_iter().map(Value::BigInt));
                "null::bigint, null::varchar".into()
            } else if !by_group {
                // Only a group series joins on the group: the others sum across groups.
                "null::bigint, null::varchar".into()
            } else {
                format!("v.audience_group_id, {gkey}")
            };
            selects.push(format!(
                "select v.ymd, v.title, {group} as gkey, {} from {source} v {} where {clauses}",
                part.counts, part.join
            ));
            if let Some(files) = &part.files {
                params.push(Value::Text(self.file_list(files)));
            }
            params.extend(values);
        }
        if selects.is_empty() {
            return Ok(empty);
        }
        load_days(&conn, &buckets)?;
        load_series(&conn, &q.series)?;
        let on = if by_group { "(s.group_id = r.audience_group_id or s.group_key = r.gkey)" } else { "s.title = r.title" };
        let sql = format!(
            "with u (ymd, title, audience_group_id, gkey, n, grp) as ({}),
             r as (select ymd, title, audience_group_id, gkey, sum(n) as n, sum(grp) as grp from u group by all)
             select s.k, d.bucket, sum(r.n)::bigint, sum(r.grp)::double
             from r join temp.dash_days d on d.ymd = r.ymd join temp.dash_series s on {on}
             group by s.k, d.bucket order by s.k, d.bucket",
            selects.join(" union all ")
        );
        let mut stmt = conn.prepare(&sql)?;
        let cells = stmt
            .query_map(params_from_iter(&params), |r| {
                Ok(DashboardCell { key: r.get(0)?, bucket: r.get::<_, i32>(1)? as usize, spots: r.get(2)?, grp: r.get(3)? })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Dashboard { buckets, cells })
    }
}

impl Lake {
    /// The month rollups ([`super::month_rollup`], not their title companions) usable for
    /// `files` (one a month at most, each covering only files listed), and the viewing files
    /// they cover.
    fn month_rollups(&self, files: &[LakePath], rolled: &HashSet<String>) -> Result<(Vec<LakePath>, HashSet<String>)> {
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
fn files_of(snapshot: &Snapshot, dataset: Dataset) -> Result<Option<Vec<LakePath>>> {
    match parse_files(&snapshot.files)? {
        Some((found, files)) if found == dataset => Ok(Some(files)),
        Some((found, _)) => Err(Error::Caller(format!("a dashboard got {found} files for {dataset}"))),
        None => Ok(None),
    }
}

/// The batch of a batch file's name (`b<batch>-0`); `None` for compacted files.
fn batch_of(stem: &str) -> Option<i64> {
    stem.strip_prefix('b')?.strip_suffix("-0")?.parse().ok()
}

/// The titles rows must have: every series title (per product) or the query's list; `Some(None)`
/// for any title, `None` when no row can match.
fn wanted_titles(q: &DashboardQuery) -> Option<Option<Vec<String>>> {
    match &q.series {
        Series::Titles(keys) => {
            let mut all: Vec<String> = keys.iter().flat_map(|(_, t)| t.iter().cloned()).collect();
            all.sort();
            all.dedup();
            if let Some(only) = &q.titles {
                all.retain(|t| only.contains(t));
            }
            (!all.is_empty()).then_some(Some(all))
        }
        Series::Groups(groups) if groups.is_empty() => None,
        Series::Groups(_) => Some(q.titles.clone()),
    }
}

/// `?, ?, …` for `n` values.
fn marks(n: usize) -> String {
    vec!["?"; n].join(", ")
}

/// The WHERE of one part and its values. Every filter is a plain comparison or IN list on a
/// column, so DuckDB pushes it into the Parquet scan: row-group statistics and the title's
/// Bloom filters skip what can't match. Raw files are also bounded by air time (a broadcast
/// day's spots air within a day and a half of it), which they are sorted by.
fn clauses(q: &DashboardQuery, titles: Option<&[String]>, raw: bool) -> (String, Vec<Value>) {
    let mut sql = vec!["v.ymd >= ? and v.ymd <= ?".to_owned()];
    let mut values = vec![date(q.from), date(q.to)];
    if raw {
        sql.push("v.air_time >= ? and v.air_time < ?".into());
        values.extend([date(q.from), date(super::read::days_after(q.to, 2))]);
    }
    if let Some(titles) = titles {
        sql.push(format!("v.title in ({})", marks(titles.len())));
        values.extend(titles.iter().map(|t| Value::Text(t.clone())));
    }
    if let Some(media) = q.media_id {
        sql.push("v.media_id = ?".into());
        values.push(Value::BigInt(media));
    }
    let mut groups = |list: &[(i64, String)]| {
        sql.push(format!(
            "(v.audience_group_id in ({}) or (v.audience_group_id = 0 and {} in ({})))",
            marks(list.len()),
            group_key_sql("v.audience_group"),
            marks(list.len())
        ));
        values.extend(list.iter().map(|(id, _)| Value::BigInt(*id)));
        values.extend(list.iter().map(|(_, name)| Value::Text(group_key(name))));
    };
    if let Some(list) = &q.groups {
        groups(list);
    }
    if let Series::Groups(list) = &q.series {
        groups(list);
    }
    let mut list = |column: &str, items: Vec<Value>| {
        sql.push(format!("v.{column} in ({})", marks(items.len())));
        values.extend(items);
    };
    if let Some(c) = &q.categories {
        list("category", c.iter().map(|v| Value::SmallInt(*v)).collect());
    }
    if let Some(s) = &q.sources {
        list("source", s.iter().map(|v| Value::SmallInt(*v)).collect());
    }
    if let Some(c) = &q.classes {
        list("time_period_class_id", c.iter().map(|v| Value::BigInt(*v)).collect());
    }
    (sql.join(" and "), values)
}

/// Every day of the buckets with its bucket's index: the statement joins rows to it, so the
/// bucket rule is [`buckets`]' alone.
fn load_days(conn: &Connection, buckets: &[Bucket]) -> Result<()> {
    conn.execute_batch("create or replace temp table dash_days (ymd date, bucket integer)")?;
    let mut app = conn.appender_to_catalog_and_db("dash_days", "temp", "main")?;
    for (i, b) in buckets.iter().enumerate() {
        for day in b.first.iter_days().take_while(|d| *d <= b.last) {
            app.append_row([date(day), Value::Int(i as i32)])?;
        }
    }
    app.flush()?;
    Ok(())
}

/// The series as rows: `(key, title)` per product title, `(key, group id, group key)` per group.
fn load_series(conn: &Connection, series: &Series) -> Result<()> {
    conn.execute_batch("create or replace temp table dash_series (k bigint, title varchar, group_id bigint, group_key varchar)")?;
    let mut app = conn.appender_to_catalog_and_db("dash_series", "temp", "main")?;
    match series {
        Series::Titles(keys) => {
            for (k, titles) in keys {
                let mut titles = titles.clone();
                titles.sort();
                titles.dedup();
                for t in titles {
                    app.append_row([Value::BigInt(*k), Value::Text(t), Value::Null, Value::Null])?;
                }
            }
        }
        Series::Groups(groups) => {
            for (id, name) in groups {
                app.append_row([Value::BigInt(*id), Value::Null, Value::BigInt(*id), Value::Text(group_key(name))])?;
            }
        }
    }
    app.flush()?;
    Ok(())
}
