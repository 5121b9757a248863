//! Source files of a ratings import: checked before DuckDB opens them, then read into the
//! import database's staging table.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use duckdb::Connection;

use super::COLUMNS;
use crate::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Csv,
    Parquet,
}

/// An import source: where it is and how to show it in messages.
#[derive(Debug, Clone)]
pub(crate) struct Source {
    pub path: PathBuf,
    pub name: String,
    pub format: Format,
}

impl Source {
    /// Checks a path the CLI was given: an existing csv or Parquet file whose path DuckDB
    /// will take literally.
    pub fn check(path: &Path) -> Result<Source> {
        let shown = path.display().to_string();
        let abs = path.canonicalize().map_err(|_| Error::Input(format!("找不到文件：{shown}")))?;
        if !abs.is_file() {
            return Err(Error::Input(format!("不是文件：{shown}")));
        }
        let ext = abs.extension().and_then(|e| e.to_str()).unwrap_or_default().to_ascii_lowercase();
        let format = match ext.as_str() {
            "csv" => Format::Csv,
            "parquet" => Format::Parquet,
            _ => {
                return Err(Error::Input(format!("不支持的文件类型：{shown}（只支持 csv 或 parquet）")));
            }
        };
        // DuckDB's readers would take these as a glob pattern.
        let ok = abs.to_str().is_some_and(|s| !s.contains(['*', '?', '[', ']', '{', '}', '\n', '\0']));
        if !ok {
            return Err(Error::Input(format!("文件路径含有不支持的字符（* ? [ ] {{ }} 或非 UTF-8）：{shown}")));
        }
        let name = abs.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        Ok(Source { path: abs, name, format })
    }

    pub fn path_str(&self) -> &str {
        self.path.to_str().expect("checked to be UTF-8")
    }
}

/// The CSV header's columns in file order, or the reason it is not the expected header.
pub(crate) fn csv_header(source: &Source) -> Result<Result<Vec<&'static str>, String>> {
    let file = std::fs::File::open(&source.path).map_err(Error::io(&source.path))?;
    let mut line = Vec::new();
    BufReader::new(file).take(64 * 1024).read_until(b'\n', &mut line).map_err(Error::io(&source.path))?;
    let text = String::from_utf8_lossy(line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line)).into_owned();
    let found: Vec<String> = text
        .trim_end_matches(['\r', '\n'])
        .split(',')
        .map(|h| h.trim().trim_matches('"').trim().to_lowercase())
        .collect();
    let order: Vec<&'static str> = found.iter().filter_map(|h| COLUMNS.iter().copied().find(|c| c == h)).collect();
    let complete = order.len() == COLUMNS.len() && COLUMNS.iter().all(|c| order.contains(c));
    if complete && found.len() == COLUMNS.len() {
        Ok(Ok(order))
    } else {
        let shown: String = text.trim_end_matches(['\r', '\n']).chars().take(80).collect();
        Ok(Err(format!("表头应为 channel,audience_group,ts,rating（顺序不限），实际为：{shown}")))
    }
}

/// A Parquet source's columns that [`COLUMNS`] names, with their types as DuckDB reads them
/// (`VARCHAR`, `TIMESTAMP` …).
#[derive(Debug, Clone, Default)]
pub(crate) struct ParquetColumns(Vec<(&'static str, String)>);

impl ParquetColumns {
    /// The columns of [`COLUMNS`] the source has, and their types.
    pub fn of(conn: &Connection, source: &Source) -> Result<ParquetColumns> {
        let mut stmt =
            conn.prepare("select lower(column_name), upper(column_type) from (describe select * from read_parquet(?))")?;
        let found: Vec<(String, String)> =
            stmt.query_map([source.path_str()], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
        Ok(ParquetColumns(
            COLUMNS.iter().filter_map(|c| found.iter().find(|(n, _)| n == c).map(|(_, t)| (*c, t.clone()))).collect(),
        ))
    }

    /// The columns of [`COLUMNS`] the source lacks.
    pub fn missing(&self) -> Vec<&'static str> {
        COLUMNS.iter().copied().filter(|c| !self.0.iter().any(|(n, _)| n == c)).collect()
    }

    /// Each column as its type: as stored when it is already of that type, so a filter on it
    /// reaches the Parquet reader and row-group statistics skip what it excludes; else cast
    /// (NULL when it can't be).
    fn select_list(&self) -> String {
        let columns: Vec<String> = COLUMNS
            .iter()
            .map(|c| {
                let want = column_type(c);
                match self.0.iter().find(|(n, _)| n == c) {
                    Some((_, have)) if have == want => (*c).to_owned(),
                    _ => format!("try_cast({c} as {want}) as {c}"),
                }
            })
            .collect();
        columns.join(", ")
    }
}

/// `read_csv` of the bound path with the header's column order, every field as text (an empty
/// one as `''`), and lines that do not split into the four fields (a column too many or too
/// few, an unbalanced quote, bad encoding, an overlong line) stored in the temporary table
/// `rejects_<tag>` (with their line numbers, at most [`REJECTS_KEPT`]) instead of failing the
/// read. The values are typed by [`CSV_TYPED`], so that every bad value of a line is a problem
/// of its own, not one that hides the others. Column names come from [`COLUMNS`] only.
pub(crate) fn read_csv(order: &[&'static str], tag: &str) -> String {
    let columns: Vec<String> = order.iter().map(|c| format!("'{c}': 'VARCHAR'")).collect();
    let required: Vec<String> = order.iter().map(|c| format!("'{c}'")).collect();
    format!(
        "read_csv(?, header = true, auto_detect = false, delim = ',', quote = '\"', escape = '\"', \
         columns = {{{}}}, force_not_null = [{}], store_rejects = true, rejects_limit = {REJECTS_KEPT}, \
         rejects_table = 'rejects_{tag}', rejects_scan = 'scans_{tag}')",
        columns.join(", "),
        required.join(", ")
    )
}

/// The columns of a csv read ([`read_csv`]) typed as staged: names trimmed, a time or rating
/// that does not read as NULL (which [`STAGED_FAILS`] refuses). The casts take the spaces
/// around a value themselves (a `trim` first doubles the time the staging takes).
pub(crate) const CSV_TYPED: &str =
    "trim(channel) as channel, trim(audience_group) as audience_group, try_cast(ts as TIMESTAMP) as ts, \
     try_cast(rating as DOUBLE) as rating";

/// The checks of a csv line's text ([`read_csv`]), each with its reason; `{ts}` and
/// `{rating}` in a reason stand for the value as written. A line fails at most one check per
/// column.
pub(crate) const CSV_CHECKS: [(&str, &str); 8] = [
    ("trim(channel) = ''", "channel 为空"),
    ("trim(audience_group) = ''", "audience_group 为空"),
    ("trim(ts) = ''", "ts 为空"),
    ("trim(ts) <> '' and try_cast(ts as TIMESTAMP) is null", "ts「{ts}」不是有效时间"),
    ("trim(rating) = ''", "rating 为空"),
    ("trim(rating) <> '' and try_cast(rating as DOUBLE) is null", "rating「{rating}」不是数字"),
    ("not isfinite(try_cast(rating as DOUBLE))", "rating 不是有限数值"),
    ("isfinite(try_cast(rating as DOUBLE)) and try_cast(rating as DOUBLE) < 0", "rating 不能为负数"),
];

/// `read_parquet` of the bound path, each column typed ([`ParquetColumns::select_list`]),
/// with 1-based row numbers as `record`.
pub(crate) fn read_parquet_cast(columns: &ParquetColumns) -> String {
    format!(
        "select {}, file_row_number + 1 as record from read_parquet(?, file_row_number = true)",
        columns.select_list()
    )
}

/// `read_parquet` of the bound path, each column typed, for staging: as
/// [`read_parquet_cast`] without the row numbers, which only locating bad rows needs.
pub(crate) fn read_parquet_typed(columns: &ParquetColumns) -> String {
    format!("select {} from read_parquet(?)", columns.select_list())
}

/// How many rejected records of one file DuckDB keeps: enough to list and count the bad
/// lines of any file a user will fix by hand, bounded for a file that is wrong throughout.
pub(crate) const REJECTS_KEPT: u64 = 10_000;

fn column_type(column: &str) -> &'static str {
    match column {
        "ts" => "TIMESTAMP",
        "rating" => "DOUBLE",
        _ => "VARCHAR",
    }
}

/// The checks a Parquet row must pass, each with its reason, over the typed columns
/// ([`read_parquet_cast`]). A row fails at most one check per column.
pub(crate) const ROW_CHECKS: [(&str, &str); 6] = [
    ("channel is null or trim(channel) = ''", "channel 为空"),
    ("audience_group is null or trim(audience_group) = ''", "audience_group 为空"),
    ("ts is null", "ts 不是有效时间"),
    ("rating is null", "rating 不是数字"),
    ("not isfinite(rating)", "rating 不是有限数值"),
    ("isfinite(rating) and rating < 0", "rating 不能为负数"),
];

/// [`ROW_CHECKS`] in one condition over the staged rows, whose names are trimmed already and
/// may be of an enum type: true for a row that fails any check.
pub(crate) const STAGED_FAILS: &str = "channel is null or channel::varchar = '' \
     or audience_group is null or audience_group::varchar = '' or ts is null or rating is null \
     or not (rating >= 0 and isfinite(rating))";

/// How many checks a staged row fails: one per column at most, as the checks of its source
/// ([`CSV_CHECKS`], [`ROW_CHECKS`]) list them.
pub(crate) const STAGED_PROBLEMS: &str = "(channel is null or channel::varchar = '')::int \
     + (audience_group is null or audience_group::varchar = '')::int + (ts is null)::int \
     + coalesce(not (rating >= 0 and isfinite(rating)), true)::int";

/// True for a row failing any of `checks`.
pub(crate) fn any_check_fails(checks: &[(&str, &str)]) -> String {
    checks.iter().map(|(cond, _)| format!("coalesce({cond}, false)")).collect::<Vec<_>>().join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_already_of_their_type_are_read_as_stored_so_filters_reach_the_reader() {
        let native = ParquetColumns(vec![
            ("channel", "VARCHAR".into()),
            ("audience_group", "VARCHAR".into()),
            ("ts", "TIMESTAMP".into()),
            ("rating", "DOUBLE".into()),
        ]);
        assert_eq!(native.select_list(), "channel, audience_group, ts, rating");
        assert!(native.missing().is_empty());

        let other = ParquetColumns(vec![
            ("channel", "VARCHAR".into()),
            ("ts", "TIMESTAMP WITH TIME ZONE".into()),
            ("rating", "FLOAT".into()),
        ]);
        assert_eq!(
            other.select_list(),
            "channel, try_cast(audience_group as VARCHAR) as audience_group, try_cast(ts as TIMESTAMP) as ts, \
             try_cast(rating as DOUBLE) as rating"
        );
        assert_eq!(other.missing(), ["audience_group"]);
    }
}
