//! The dashboard statement's pieces (dashboard.rs): the titles and groups of the series, and
//! the filters, as bound values and temporary tables.

use duckdb::Connection;
use duckdb::types::Value;

use super::companion::TitleKeys;
use super::dashboard::{DashboardQuery, Series, TitleSeries};
use super::group_key::{group_key, group_key_sql};
use super::read::date;
use crate::Result;

/// The series keys of each wanted title.
pub(super) fn title_keys<'a>(series: &[TitleSeries], wanted: &'a [String]) -> TitleKeys<'a> {
    let mut out: TitleKeys = wanted.iter().map(|t| (t.as_str(), Vec::new())).collect();
    for s in series {
        for title in &s.titles {
            if let Some(of) = out.get_mut(title.as_str())
                && !of.contains(&s.key)
            {
                of.push(s.key);
            }
        }
    }
    out
}

/// The groups of the series that have one as a `values` list `g(k, group_id, group_key)` and its
/// bound values; `None` when no series has one. A few rows: bound in the statement, no
/// temporary table to create and fill on every call.
pub(super) fn key_groups(series: &[TitleSeries]) -> Option<(String, Vec<Value>)> {
    let mut values = Vec::new();
    for s in series {
        if let Some((id, name)) = &s.group {
            values.extend([Value::BigInt(s.key), Value::BigInt(*id), Value::Text(group_key(name))]);
        }
    }
    let rows = values.len() / 3;
    (rows > 0).then(|| (format!("(values {}) g(k, group_id, group_key)", vec!["(?::bigint, ?::bigint, ?::varchar)"; rows].join(", ")), values))
}

/// The titles rows must have: every series title (per product) or the query's list; `Some(None)`
/// for any title, `None` when no row can match.
pub(super) fn wanted_titles(q: &DashboardQuery) -> Option<Option<Vec<String>>> {
    match &q.series {
        Series::Titles(series) => {
            let mut all: Vec<String> = series.iter().flat_map(|s| s.titles.iter().cloned()).collect();
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
pub(super) fn clauses(q: &DashboardQuery, titles: Option<&[String]>, raw: bool) -> (String, Vec<Value>) {
    let mut sql = vec!["v.ymd >= ? and v.ymd <= ? and v.belonging_to = ?".to_owned()];
    let mut values = vec![date(q.from), date(q.to), Value::SmallInt(q.side as i16)];
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

/// The series as rows: `(key, title, its group id and key or nulls)` per product title,
/// `(key, group id, group key)` per group.
pub(super) fn load_series(conn: &Connection, series: &Series) -> Result<()> {
    conn.execute_batch("create or replace temp table dash_series (k bigint, title varchar, group_id bigint, group_key varchar)")?;
    let mut app = conn.appender_to_catalog_and_db("dash_series", "temp", "main")?;
    match series {
        Series::Titles(keys) => {
            for s in keys {
                let mut titles = s.titles.clone();
                titles.sort();
                titles.dedup();
                let (id, key) = match &s.group {
                    Some((id, name)) => (Value::BigInt(*id), Value::Text(group_key(name))),
                    None => (Value::Null, Value::Null),
                };
                for t in titles {
                    app.append_row([Value::BigInt(s.key), Value::Text(t), id.clone(), key.clone()])?;
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
