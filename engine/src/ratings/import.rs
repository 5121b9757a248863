//! Importing rating series: every source is read by DuckDB on a database of its own that may
//! read exactly those files, checked line by line, and only a batch without a single bad line
//! is written to the lake.

use std::collections::BTreeSet;
use std::path::PathBuf;

use duckdb::types::Value;
use duckdb::{Connection, ToSql};

use super::reasons::{csv_rejects, record_lines, row_reasons};
use super::source::{
    Format, ROW_CHECKS, Source, any_check_fails, csv_header, parquet_missing, read_csv, read_parquet_cast,
};
use super::{MAX_REASONS, RatingsSummary};
use crate::lake::{open_database, spill_dir};
use crate::write::{Micros, from_micros, micros, timestamp};
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

/// A bad line (or a bad file, without a line) of source `src`.
struct Problem {
    src: usize,
    line: Option<u64>,
    reason: String,
}

impl Lake {
    /// Imports rating series from csv files (header `channel,audience_group,ts,rating`, any
    /// order) or Parquet files with those columns, as batch `batch_id`: one file per month
    /// sorted by channel, audience group and time under `ratings/`, and its daily rollup
    /// under `ratings_daily/`. Any bad line rejects the whole batch: nothing is written and
    /// the summary lists the reasons. Sources may be anywhere; only the import's own DuckDB
    /// database can read them, never the lake's query connections.
    pub fn import_ratings(&self, batch_id: i64, sources: &[PathBuf]) -> Result<(Vec<LakeFile>, RatingsSummary)> {
        if sources.is_empty() {
            return Err(Error::Input("没有要导入的文件".into()));
        }
        if sources.len() > 1_000 {
            return Err(Error::Input("一次最多导入 1000 个文件".into()));
        }
        let sources = sources.iter().map(|p| Source::check(p)).collect::<Result<Vec<_>>>()?;
        let db = ImportDb::open(self, &sources)?;
        let conn = db.conn();
        conn.execute_batch(
            "create table stage (src integer, channel varchar, audience_group varchar, ts timestamp, rating double)",
        )?;

        let (problems, total) = stage_and_check(conn, &sources)?;
        if total.count > 0 {
            return Ok((Vec::new(), RatingsSummary { rows: 0, rejected: listed(&sources, problems, total) }));
        }
        let rows: i64 = conn.query_row("select count(*) from stage", [], |r| r.get(0))?;
        if rows == 0 {
            return Ok((Vec::new(), RatingsSummary { rows: 0, rejected: vec!["没有数据行".into()] }));
        }
        let files = self.write_ratings(conn, batch_id)?;
        Ok((files, RatingsSummary { rows: rows as u64, rejected: Vec::new() }))
    }

    /// Writes the staged rows per month: the series and its daily rollup.
    fn write_ratings(&self, conn: &Connection, batch_id: i64) -> Result<Vec<LakeFile>> {
        let mut stmt = conn.prepare("select distinct date_trunc('month', ts) from stage order by 1")?;
        let months: Vec<Month> = stmt
            .query_map([], |r| r.get::<_, Micros>(0))?
            .map(|m| m.map(|m| Month::of(from_micros(m.0).date())))
            .collect::<Result<_, _>>()?;
        let series = "select channel, audience_group, ts, rating from stage where ts >= ? and ts < ? \
                      order by channel, audience_group, ts";
        let daily = "select channel, audience_group, ts::date as day, count(*)::bigint as n, sum(rating) as sum, \
                     min(rating) as min, max(rating) as max from stage where ts >= ? and ts < ? \
                     group by channel, audience_group, day order by channel, audience_group, day";
        let stem = format!("b{batch_id}-0");
        self.all_or_nothing(|files| {
            for month in months {
                let (start, end) = month.time_range();
                let (start, end): (Value, Value) = (timestamp(micros(start)), timestamp(micros(end)));
                let params: [&dyn ToSql; 2] = [&start, &end];
                files.extend(self.copy_to_file(conn, (Dataset::Ratings, month, &stem), series, &params, "ts")?);
                files.extend(self.copy_to_file(conn, (Dataset::RatingsDaily, month, &stem), daily, &params, "day")?);
            }
            Ok(())
        })
    }
}

/// How many problems an import found; a lower bound when DuckDB stopped recording rejects.
#[derive(Default)]
struct Total {
    count: u64,
    at_least: bool,
}

/// Reads every source into `stage`, collecting what is wrong: files that can't be read as
/// ratings, lines DuckDB rejects, rows failing a value check. Answers the problems found
/// (at most [`MAX_REASONS`] located per kind) and how many there are in all.
fn stage_and_check(conn: &Connection, sources: &[Source]) -> Result<(Vec<Problem>, Total)> {
    let mut problems = Vec::new();
    let mut total = Total::default();
    let mut csv_orders = vec![None; sources.len()];
    let mut rejected_lines: Vec<BTreeSet<u64>> = vec![BTreeSet::new(); sources.len()];
    for (i, source) in sources.iter().enumerate() {
        let mut problem = |line, reason| problems.push(Problem { src: i, line, reason });
        let read = match source.format {
            Format::Csv => match csv_header(source)? {
                Err(reason) => {
                    problem(Some(1), reason);
                    total.count += 1;
                    continue;
                }
                Ok(order) => {
                    let read = read_csv(&order, &i.to_string());
                    csv_orders[i] = Some(order);
                    read
                }
            },
            Format::Parquet => {
                let missing = parquet_missing(conn, source)?;
                if !missing.is_empty() {
                    problem(None, format!("缺少列：{}", missing.join(", ")));
                    total.count += 1;
                    continue;
                }
                format!("({})", read_parquet_cast())
            }
        };
        let insert =
            format!("insert into stage select {i}, trim(channel), trim(audience_group), ts, rating from {read}");
        conn.execute(&insert, [source.path_str()])?;
        if source.format == Format::Csv {
            let (rejects, capped) = csv_rejects(conn, &i.to_string())?;
            for (line, reason) in rejects {
                rejected_lines[i].insert(line);
                problem(Some(line), reason);
                total.count += 1;
            }
            total.at_least |= capped;
        }
    }

    // Value checks run over the staged rows; locating the lines of failing rows reads their
    // source again, which only happens when there is something to report.
    let mut stmt = conn
        .prepare(&format!("select src, count(*) from stage where {} group by src order by src", any_check_fails()))?;
    let failing: Vec<(usize, i64)> =
        stmt.query_map([], |r| Ok((r.get::<_, i32>(0)? as usize, r.get(1)?)))?.collect::<Result<_, _>>()?;
    for (i, n) in failing {
        total.count += n as u64;
        let source = &sources[i];
        let checks: Vec<String> = ROW_CHECKS.iter().map(|(c, _)| format!("coalesce({c}, false)")).collect();
        let (record, from) = match &csv_orders[i] {
            Some(order) => ("ordinality", format!("{} with ordinality", read_csv(order, &format!("again_{i}")))),
            None => ("record", format!("({})", read_parquet_cast())),
        };
        let sql = format!(
            "select {record}, {} from {from} where {} order by {record} limit {MAX_REASONS}",
            checks.join(", "),
            any_check_fails()
        );
        let mut stmt = conn.prepare(&sql)?;
        let found: Vec<(u64, Vec<bool>)> = stmt
            .query_map([source.path_str()], |r| {
                let flags = (1..=ROW_CHECKS.len()).map(|c| r.get::<_, bool>(c)).collect::<Result<_, _>>()?;
                Ok((r.get::<_, i64>(0)? as u64, flags))
            })?
            .collect::<Result<_, _>>()?;
        let lines = match source.format {
            Format::Csv => {
                let ordinals: Vec<u64> = found.iter().map(|(o, _)| *o).collect();
                record_lines(&source.path, &rejected_lines[i], &ordinals)?
            }
            // Parquet has no lines: the row number (1-based) stands in.
            Format::Parquet => found.iter().map(|(n, _)| *n).collect(),
        };
        for (line, (_, flags)) in lines.into_iter().zip(&found) {
            problems.push(Problem { src: i, line: Some(line), reason: row_reasons(flags) });
        }
    }
    Ok((problems, total))
}

/// The reasons to show: in file and line order, capped, with a count of the rest.
fn listed(sources: &[Source], mut problems: Vec<Problem>, total: Total) -> Vec<String> {
    problems.sort_by_key(|p| (p.src, p.line));
    let mut out: Vec<String> = problems
        .iter()
        .take(MAX_REASONS)
        .map(|p| match p.line {
            Some(line) => format!("{} 第 {line} 行：{}", sources[p.src].name, p.reason),
            None => format!("{}：{}", sources[p.src].name, p.reason),
        })
        .collect();
    let rest = total.count.saturating_sub(out.len() as u64);
    if total.at_least {
        out.push(format!("……另有至少 {rest} 处错误未列出"));
    } else if rest > 0 {
        out.push(format!("……另有 {rest} 处错误未列出"));
    }
    out
}

/// The import's own database: it may read exactly the sources and write under the lake
/// root, and spills to a directory of its own, removed afterwards.
struct ImportDb {
    conn: Option<Connection>,
    spill: PathBuf,
}

impl ImportDb {
    fn open(lake: &Lake, sources: &[Source]) -> Result<ImportDb> {
        let spill = spill_dir(lake.root());
        std::fs::create_dir_all(&spill).map_err(Error::io(&spill))?;
        let paths: Vec<PathBuf> = sources.iter().map(|s| s.path.clone()).collect();
        match open_database(lake.root(), &spill, lake.options(), &paths) {
            Ok(conn) => Ok(ImportDb { conn: Some(conn), spill }),
            Err(e) => {
                std::fs::remove_dir_all(&spill).ok();
                Err(e)
            }
        }
    }

    fn conn(&self) -> &Connection {
        self.conn.as_ref().expect("open until dropped")
    }
}

impl Drop for ImportDb {
    fn drop(&mut self) {
        drop(self.conn.take());
        std::fs::remove_dir_all(&self.spill).ok();
    }
}
