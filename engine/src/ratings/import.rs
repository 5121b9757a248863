//! Importing rating series. A batch of well-formed sources in time order takes the streaming
//! path ([`super::stream`]): one parallel read that writes as it goes. Any other batch, and
//! every batch with a bad line, takes the general path here: every source is read by DuckDB
//! on a database of its own that may read exactly those files, checked line by line, and only
//! a batch without a single bad line is written to the lake.
//!
//! Speed of the general path: csv sources are read once into a staging table; a batch of Parquet files is read in
//! place (each month's write reads the files again, skipping other months' row groups by their
//! ts statistics), so it never spills a staged copy. One aggregate pass makes the daily rollup
//! and with it counts the rows, finds the months, counts rows failing a value check and finds
//! each block's time range. Month files are sorted by time; a batch that arrives in time order
//! block by block (the usual delivery, and what pruning by row-group statistics needs) keeps
//! its order and skips the sort.

use std::collections::BTreeSet;
use std::path::PathBuf;

use duckdb::types::Value;
use duckdb::{Connection, ToSql};

use super::reasons::{CsvRejects, count_records, csv_rejects, record_lines, row_reasons};
use super::source::{
    CSV_CHECKS, CSV_TYPED, Format, ParquetColumns, ROW_CHECKS, STAGED_FAILS, STAGED_PROBLEMS, Source, any_check_fails,
    csv_header, read_csv, read_parquet_cast, read_parquet_typed,
};
use super::{MAX_REASONS, RatingsProblem, RatingsSummary};
use crate::lake::{open_database, spill_dir};
use crate::write::batch_stem;
use crate::micros::{Micros, from_micros, micros, timestamp};
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
    /// in time order under `ratings/`, and its daily rollup
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
        let csv_orders = sources
            .iter()
            .map(|s| Ok(if s.format == Format::Csv { csv_header(s)?.ok() } else { None }))
            .collect::<Result<Vec<_>>>()?;
        if let Some((files, rows)) = super::stream::import(self, batch_id, &sources, &csv_orders)? {
            if rows > 0 {
                return Ok((files, RatingsSummary { rows, ..RatingsSummary::default() }));
            }
            // Without rows the general path says so.
            self.remove(&files)?;
        }
        self.import_general(batch_id, &sources)
    }

    /// The general path: DuckDB reads and checks the sources, and the rows are written in a
    /// second pass, sorted when they did not arrive in time order.
    pub(super) fn import_general(&self, batch_id: i64, sources: &[Source]) -> Result<(Vec<LakeFile>, RatingsSummary)> {
        let db = ImportDb::open(self, sources)?;
        let conn = db.conn();
        let (problems, counts, staged) = stage_and_check(conn, sources)?;
        if counts.problems > 0 {
            let summary = RatingsSummary {
                rows: 0,
                rejected: listed(sources, problems),
                bad_lines: counts.lines,
                problems: counts.problems,
            };
            return Ok((Vec::new(), summary));
        }
        let Some((first, last)) = staged.months else {
            return Err(Error::Input("文件中没有数据行".into()));
        };
        let files = self.write_ratings(conn, batch_id, (first, last), &staged)?;
        Ok((files, RatingsSummary { rows: staged.rows, ..RatingsSummary::default() }))
    }

    /// Writes the rows per month from `first` to `last`: the series in time order (as they
    /// came when they came in order, else sorted), and its daily rollup from the rollup
    /// staging made. A month without rows gets no file.
    fn write_ratings(
        &self,
        conn: &Connection,
        batch_id: i64,
        (first, last): (Month, Month),
        staged: &Staged,
    ) -> Result<Vec<LakeFile>> {
        let order = if staged.in_time_order { "" } else { " order by ts" };
        let series = format!(
            "select channel, audience_group, ts, rating from {} where ts >= ? and ts < ?{order}",
            staged.relation
        );
        // Sources may overlap in series and days: their partial rollups merge here.
        let daily = "select channel, audience_group, day, sum(n)::bigint as n, sum(sum) as sum, min(min) as min, \
                     max(max) as max from rollup where day >= ? and day < ? group by all \
                     order by channel, audience_group, day";
        let stem = batch_stem(batch_id);
        self.all_or_nothing(|files| {
            let mut month = first;
            while month <= last {
                let (start, end) = month.time_range();
                let (start, end): (Value, Value) = (timestamp(micros(start)), timestamp(micros(end)));
                let mut params: Vec<&dyn ToSql> = staged.params.iter().map(|p| p as &dyn ToSql).collect();
                params.extend([&start as &dyn ToSql, &end]);
                files.extend(self.copy_to_file(conn, (Dataset::Ratings, month, &stem), &series, &params, "ts")?);
                let params: [&dyn ToSql; 2] = [&start, &end];
                files.extend(self.copy_to_file(conn, (Dataset::RatingsDaily, month, &stem), daily, &params, "day")?);
                month = month.next();
            }
            Ok(())
        })
    }
}

/// What staging found: the rows, the months from the first to the last row's (`None` without
/// rows), whether the rows came in time order block by block, and where the rows are: the
/// relation `(src, channel, audience_group, ts, rating, block)` with its parameters, bound
/// first.
struct Staged {
    rows: u64,
    months: Option<(Month, Month)>,
    in_time_order: bool,
    relation: String,
    params: Vec<Value>,
}

/// Rows per block of the time-order check: DuckDB's vector size. Rows count as in time order
/// when no block of them reaches back before the end of the one before; disorder inside a
/// block stays far below a row group (122,880 rows), the unit min/max pruning skips.
const BLOCK_ROWS: u64 = 2_048;

/// How many lines have a problem, and how many problems there are, listed or not.
#[derive(Default)]
struct Counts {
    lines: u64,
    problems: u64,
}

/// Stages the sources (csv) or names them in place (Parquet only) and checks every row,
/// collecting what is wrong: files that can't be read as ratings, lines that don't split into
/// their fields, values failing a check (each failing check of a line a problem of its own).
/// Answers the problems found (at most [`MAX_REASONS`] lines located per source and kind),
/// how many lines and problems there are in all, and where the rows are.
fn stage_and_check(conn: &Connection, sources: &[Source]) -> Result<(Vec<Problem>, Counts, Staged)> {
    let mut problems = Vec::new();
    let mut counts = Counts::default();
    let mut csv_orders = vec![None; sources.len()];
    let mut parquet_columns = vec![ParquetColumns::default(); sources.len()];
    let mut rejected_lines: Vec<BTreeSet<u64>> = vec![BTreeSet::new(); sources.len()];
    // Sources whose rejected lines DuckDB stopped keeping: counted again from the file below.
    let mut capped = Vec::new();
    let mut reads = Vec::with_capacity(sources.len());
    for (i, source) in sources.iter().enumerate() {
        let mut problem = |line, reason| {
            problems.push(Problem { src: i, line, reason });
            counts.lines += 1;
            counts.problems += 1;
        };
        let read = match source.format {
            Format::Csv => match csv_header(source)? {
                Err(reason) => {
                    problem(Some(1), reason);
                    None
                }
                Ok(order) => {
                    let read = read_csv(&order, &i.to_string());
                    csv_orders[i] = Some(order);
                    Some(read)
                }
            },
            Format::Parquet => {
                parquet_columns[i] = ParquetColumns::of(conn, source)?;
                let missing = parquet_columns[i].missing();
                if missing.is_empty() {
                    Some(format!("({})", read_parquet_typed(&parquet_columns[i])))
                } else {
                    problem(None, format!("缺少列：{}", missing.join(", ")));
                    None
                }
            }
        };
        reads.push(read);
    }
    // Parquet files need no staging: each month's write reads them again, and row-group
    // statistics on ts let it skip the other months' rows. Anything else is staged once.
    let all_parquet = counts.problems == 0 && sources.iter().all(|s| s.format == Format::Parquet);
    let (relation, params) = if all_parquet {
        let reads: Vec<String> = (0..sources.len())
            .map(|i| {
                format!(
                    "select {i} as src, trim(channel) as channel, trim(audience_group) as audience_group, ts, rating, \
                     (record - 1) // {BLOCK_ROWS} as block from ({})",
                    read_parquet_cast(&parquet_columns[i])
                )
            })
            .collect();
        let paths = sources.iter().map(|s| Value::Text(s.path_str().to_owned())).collect();
        (format!("({})", reads.join(" union all ")), paths)
    } else {
        conn.execute_batch(
            "create table stage (src integer, channel varchar, audience_group varchar, ts timestamp, rating double)",
        )?;
        for (i, (source, read)) in sources.iter().zip(&reads).enumerate() {
            let Some(read) = read else { continue };
            let insert = match source.format {
                Format::Csv => format!("insert into stage select {i}, {CSV_TYPED} from {read}"),
                Format::Parquet => {
                    format!("insert into stage select {i}, trim(channel), trim(audience_group), ts, rating from {read}")
                }
            };
            conn.execute(&insert, [source.path_str()])?;
            if source.format == Format::Csv {
                let CsvRejects { first, lines, stopped } = csv_rejects(conn, &i.to_string())?;
                counts.lines += lines.len() as u64;
                counts.problems += lines.len() as u64;
                problems.extend(first.into_iter().map(|(line, reason)| Problem { src: i, line: Some(line), reason }));
                if stopped {
                    capped.push((i, lines.len() as u64));
                }
                rejected_lines[i] = lines;
            }
        }
        // The table keeps the sources' order: rowid counts rows as they were inserted.
        (format!("(select *, rowid // {BLOCK_ROWS} as block from stage)"), Vec::new())
    };

    // One pass over the rows makes the daily rollup per source, which also counts the rows,
    // finds their months and counts the rows failing a value check and their problems, and
    // the time range of every block of rows as they arrived.
    conn.execute(
        &format!(
            "create table agg as select src, channel, audience_group, day, block, grouping(block) as by_series, \
             count(*)::bigint as n, sum(rating) as sum, min(rating) as min, max(rating) as max, \
             count(*) filter (where {STAGED_FAILS})::bigint as bad, sum({STAGED_PROBLEMS})::bigint as problems, \
             min(ts) as first_ts, max(ts) as last_ts \
             from (select *, ts::date as day from {relation}) \
             group by grouping sets ((src, channel, audience_group, day), (src, block))"
        ),
        duckdb::params_from_iter(&params),
    )?;
    conn.execute_batch(
        "create table rollup as select src, channel, audience_group, day, n, sum, min, max, bad, problems from agg \
         where by_series = 1",
    )?;
    let in_time_order = {
        let mut stmt = conn.prepare("select first_ts, last_ts from agg where by_series = 0 order by src, block")?;
        let blocks: Vec<(Option<Micros>, Option<Micros>)> =
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
        let ranges: Vec<(i64, i64)> = blocks.into_iter().filter_map(|(a, b)| Some((a?.0, b?.0))).collect();
        // A single block is sorted anyway: that costs nothing.
        ranges.len() > 1 && ranges.windows(2).all(|w| w[0].1 <= w[1].0)
    };
    let mut stmt = conn.prepare(
        "select src, sum(bad)::bigint, sum(problems)::bigint, sum(n)::bigint, min(day)::timestamp, \
         max(day)::timestamp from rollup group by src order by src",
    )?;
    // (source, rows failing a check, their problems, rows, first day, last day)
    type PerSource = (usize, i64, i64, i64, Option<Micros>, Option<Micros>);
    let per_source: Vec<PerSource> = stmt
        .query_map([], |r| {
            Ok((r.get::<_, i32>(0)? as usize, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })?
        .collect::<Result<_, _>>()?;
    let rows = per_source.iter().map(|s| s.3 as u64).sum();
    let first = per_source.iter().filter_map(|s| s.4.as_ref().map(|m| m.0)).min();
    let last = per_source.iter().filter_map(|s| s.5.as_ref().map(|m| m.0)).max();
    let months = first.zip(last).map(|(a, b)| (Month::of(from_micros(a).date()), Month::of(from_micros(b).date())));

    // Lines DuckDB rejected but no longer kept: every record of the file it did not read.
    for (i, kept) in capped {
        let read = per_source.iter().find(|s| s.0 == i).map_or(0, |s| s.3 as u64);
        let unkept = count_records(&sources[i].path)?.saturating_sub(read + kept);
        counts.lines += unkept;
        counts.problems += unkept;
    }

    // Locating the lines of failing rows reads their source again, which only happens when
    // there is something to report.
    for &(i, bad, bad_problems, ..) in per_source.iter().filter(|s| s.1 > 0) {
        counts.lines += bad as u64;
        counts.problems += bad_problems as u64;
        problems.extend(locate(conn, &sources[i], i, (&csv_orders[i], &parquet_columns[i]), &rejected_lines[i])?);
    }
    Ok((problems, counts, Staged { rows, months, in_time_order, relation, params }))
}

/// The problems of the first [`MAX_REASONS`] rows of source `i` failing a value check, each
/// failing check one, located by line (csv) or row number (Parquet).
fn locate(
    conn: &Connection,
    source: &Source,
    i: usize,
    (csv_order, parquet_columns): (&Option<Vec<&'static str>>, &ParquetColumns),
    rejected: &BTreeSet<u64>,
) -> Result<Vec<Problem>> {
    let (checks, record, from, values): (&[(&str, &str)], _, _, _) = match csv_order {
        Some(order) => {
            let from = format!("{} with ordinality", read_csv(order, &format!("again_{i}")));
            (&CSV_CHECKS, "ordinality", from, "ts, rating")
        }
        None => (&ROW_CHECKS, "record", format!("({})", read_parquet_cast(parquet_columns)), "'', ''"),
    };
    let flags: Vec<String> = checks.iter().map(|(c, _)| format!("coalesce({c}, false)")).collect();
    let sql = format!(
        "select {record}, {values}, {} from {from} where {} order by {record} limit {MAX_REASONS}",
        flags.join(", "),
        any_check_fails(checks)
    );
    let mut stmt = conn.prepare(&sql)?;
    type Found = (u64, (String, String), Vec<bool>);
    let found: Vec<Found> = stmt
        .query_map([source.path_str()], |r| {
            let flags = (3..3 + checks.len()).map(|c| r.get::<_, bool>(c)).collect::<Result<_, _>>()?;
            Ok((r.get::<_, i64>(0)? as u64, (r.get(1)?, r.get(2)?), flags))
        })?
        .collect::<Result<_, _>>()?;
    let lines = match source.format {
        Format::Csv => {
            let ordinals: Vec<u64> = found.iter().map(|(o, ..)| *o).collect();
            record_lines(&source.path, rejected, &ordinals)?
        }
        // Parquet has no lines: the row number (1-based) stands in.
        Format::Parquet => found.iter().map(|(n, ..)| *n).collect(),
    };
    let mut problems = Vec::new();
    for (line, (_, (ts, rating), flags)) in lines.into_iter().zip(&found) {
        for reason in row_reasons(checks, flags, (ts, rating)) {
            problems.push(Problem { src: i, line: Some(line), reason });
        }
    }
    Ok(problems)
}

/// The problems to show: the first [`MAX_REASONS`] in file and line order, those of one line
/// in the order they were found.
fn listed(sources: &[Source], mut problems: Vec<Problem>) -> Vec<RatingsProblem> {
    problems.sort_by_key(|p| (p.src, p.line));
    problems
        .into_iter()
        .take(MAX_REASONS)
        .map(|p| RatingsProblem { file: sources[p.src].name.clone(), line: p.line, reason: p.reason })
        .collect()
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
