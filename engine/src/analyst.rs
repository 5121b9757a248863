//! Read-only SQL for analysts (`adeval query`): one SELECT over views named after the
//! datasets (`viewing`, `ratings`, `ratings_daily`), each over its live files without its
//! deleted rows. The statement runs on a sandboxed connection (the lake root only), and only a
//! single SELECT passes: DuckDB's own parser decides, through `json_serialize_sql`, which
//! serialises SELECT statements only. `viewing.created_at`, kept in UTC, is shown in the zone the
//! caller names (the server's `ADEVAL_TIMEZONE`), as every time the server shows.

use duckdb::Connection;
use duckdb::types::{TimeUnit, Value};

use crate::lake::{load_ids, sql_literal};
use crate::paths::{Dataset, parse_files};
use crate::{Error, Lake, Result, Snapshot};

/// Columns and rows of an analyst query, rendered as text.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryResult {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// True when more rows existed than the limit allowed.
    pub truncated: bool,
}

impl Lake {
    /// Runs one SELECT over the datasets' views, instants shown in `zone` (an IANA name); at
    /// most `limit` rows are kept.
    pub fn analyst_query(&self, views: &[(Dataset, &Snapshot)], zone: &str, sql: &str, limit: usize) -> Result<QueryResult> {
        let conn = self.conn()?;
        ensure_select(&conn, sql)?;
        let created = self.create_views(&conn, views, zone)?;
        let result = run(&conn, sql, limit);
        drop_views(&conn, &created);
        result
    }

    /// Runs one SELECT over the datasets' views and writes the result as zstd Parquet to
    /// `name` under the lake's scratch directory; answers the file's path (the caller moves it).
    pub fn analyst_query_to_parquet(&self, views: &[(Dataset, &Snapshot)], zone: &str, sql: &str, name: &str) -> Result<std::path::PathBuf> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(Error::Caller(format!("bad output name {name:?}")));
        }
        let conn = self.conn()?;
        ensure_select(&conn, sql)?;
        let dir = self.root().join(".tmp").join("query");
        std::fs::create_dir_all(&dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
        let out = dir.join(format!("{name}.parquet"));
        let target = out.to_str().ok_or_else(|| Error::Caller("output path is not UTF-8".into()))?;
        let created = self.create_views(&conn, views, zone)?;
        let result = conn
            .execute_batch(&format!("copy ({}) to {} (format parquet, compression zstd)", trim(sql), sql_literal(target)))
            .map_err(Error::from);
        drop_views(&conn, &created);
        result.map(|()| out)
    }

    fn create_views(&self, conn: &Connection, views: &[(Dataset, &Snapshot)], zone: &str) -> Result<Vec<&'static str>> {
        let mut created = Vec::new();
        for (dataset, snapshot) in views {
            let name = dataset.as_str();
            let files = match parse_files(&snapshot.files)? {
                Some((found, files)) if found == *dataset => files,
                Some((found, _)) => return Err(Error::Caller(format!("view {name} got {found} files"))),
                None => Vec::new(),
            };
            let body = if files.is_empty() {
                // No data yet: an empty view with the dataset's columns would need its schema;
                // an empty relation named alike is clearer than a missing table.
                "select null::integer as no_data limit 0".to_owned()
            } else {
                // Views take no parameters, so the paths (validated lake paths) are literals.
                let list = files.iter().map(|f| sql_literal(&self.abs(f).display().to_string())).collect::<Vec<_>>().join(", ");
                // An import's time is kept in UTC: shown as the zone's wall clock (DuckDB's ICU).
                let local = match dataset {
                    Dataset::Viewing => format!(
                        " replace (timezone({}, timezone('UTC', created_at)) as created_at)",
                        sql_literal(zone)
                    ),
                    _ => String::new(),
                };
                let mut body = format!("select *{local} from read_parquet([{list}], hive_partitioning = false)");
                if !snapshot.deleted.is_empty() && dataset.has_row_ids() {
                    let table: &'static str = "deleted_ids";
                    load_ids(conn, table, &snapshot.deleted)?;
                    body.push_str(" where id not in (select id from temp.deleted_ids)");
                }
                body
            };
            conn.execute_batch(&format!("create or replace temp view {name} as {body}"))?;
            created.push(name);
        }
        Ok(created)
    }
}

fn drop_views(conn: &Connection, names: &[&str]) {
    for name in names {
        let _ = conn.execute_batch(&format!("drop view if exists temp.{name}"));
    }
}

fn trim(sql: &str) -> &str {
    sql.trim().trim_end_matches(';').trim()
}

/// Refuses anything but exactly one SELECT statement (Chinese message for the analyst).
fn ensure_select(conn: &Connection, sql: &str) -> Result<()> {
    let refuse = || Error::Input("只允许一条 SELECT 查询语句".into());
    let sql = trim(sql);
    if sql.is_empty() {
        return Err(refuse());
    }
    let json: String = conn.query_row("select json_serialize_sql(?::varchar)::varchar", [sql], |r| r.get(0))?;
    let parsed: serde_json::Value = serde_json::from_str(&json).map_err(|_| refuse())?;
    let single = parsed["statements"].as_array().is_some_and(|s| s.len() == 1);
    if parsed["error"].as_bool() != Some(false) || !single {
        let why = parsed["error_message"].as_str().unwrap_or_default();
        return Err(if why.is_empty() || why.contains("Only SELECT") { refuse() } else { Error::Input(format!("SQL 无法解析：{why}")) });
    }
    Ok(())
}

fn run(conn: &Connection, sql: &str, limit: usize) -> Result<QueryResult> {
    let mut stmt = conn.prepare(trim(sql))?;
    let mut rows = stmt.query([])?;
    let columns: Vec<String> = rows.as_ref().map(|s| s.column_names()).unwrap_or_default();
    let mut out = Vec::new();
    let mut truncated = false;
    while let Some(row) = rows.next()? {
        if out.len() == limit {
            truncated = true;
            break;
        }
        let mut cells = Vec::with_capacity(columns.len());
        for i in 0..columns.len() {
            cells.push(render(&row.get::<_, Value>(i)?));
        }
        out.push(cells);
    }
    Ok(QueryResult { columns, rows: out, truncated })
}

fn render(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Boolean(b) => b.to_string(),
        Value::TinyInt(n) => n.to_string(),
        Value::SmallInt(n) => n.to_string(),
        Value::Int(n) => n.to_string(),
        Value::BigInt(n) => n.to_string(),
        Value::HugeInt(n) => n.to_string(),
        Value::UTinyInt(n) => n.to_string(),
        Value::USmallInt(n) => n.to_string(),
        Value::UInt(n) => n.to_string(),
        Value::UBigInt(n) => n.to_string(),
        Value::Float(n) => n.to_string(),
        Value::Double(n) => n.to_string(),
        Value::Decimal(d) => d.to_string(),
        Value::Text(s) => s.clone(),
        // Any stored value renders: a day before 1970 once added a negative count as u64 and
        // panicked. What chrono cannot hold shows as DuckDB's raw number.
        Value::Date32(days) => chrono::NaiveDate::default()
            .checked_add_signed(chrono::TimeDelta::days((*days).into()))
            .map_or_else(|| days.to_string(), |d| d.to_string()),
        Value::Timestamp(unit, n) => {
            let micros = match unit {
                TimeUnit::Second => n.checked_mul(1_000_000),
                TimeUnit::Millisecond => n.checked_mul(1000),
                TimeUnit::Microsecond => Some(*n),
                TimeUnit::Nanosecond => Some(n / 1000),
            };
            micros
                .and_then(chrono::DateTime::from_timestamp_micros)
                .map_or_else(|| n.to_string(), |t| t.naive_utc().to_string())
        }
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_day_and_time_renders() {
        assert_eq!(render(&Value::Date32(-719_162)), "0001-01-01");
        assert_eq!(render(&Value::Date32(-1)), "1969-12-31");
        assert_eq!(render(&Value::Date32(i32::MIN)), i32::MIN.to_string());
        assert_eq!(render(&Value::Timestamp(TimeUnit::Second, -62_135_596_800)), "0001-01-01 00:00:00");
        assert_eq!(render(&Value::Timestamp(TimeUnit::Second, i64::MAX)), i64::MAX.to_string());
    }

    #[test]
    fn only_one_select_passes() {
        let root = std::env::temp_dir().join(format!("adeval-analyst-{}", std::process::id()));
        let lake = Lake::open(&root, crate::LakeOptions::default()).unwrap();
        let empty = Snapshot::default();
        let ok = lake.analyst_query(&[(Dataset::Ratings, &empty)], "UTC", "select 1 + 1 as two", 10).unwrap();
        assert_eq!((ok.columns.clone(), ok.rows.clone()), (vec!["two".to_owned()], vec![vec!["2".to_owned()]]));
        for bad in ["create table t (i int)", "copy (select 1) to '/tmp/x.csv'", "select 1; select 2", "delete from ratings", ""] {
            let err = lake.analyst_query(&[(Dataset::Ratings, &empty)], "UTC", bad, 10).unwrap_err();
            assert!(err.is_user_error(), "{bad}: {err:?}");
        }
        // A SELECT can't reach files outside the lake either.
        assert!(lake.analyst_query(&[], "UTC", "select * from read_csv('/etc/passwd')", 10).is_err());
        let many = lake.analyst_query(&[], "UTC", "select * from range(10)", 3).unwrap();
        assert!(many.truncated && many.rows.len() == 3);
        std::fs::remove_dir_all(root).ok();
    }
}
