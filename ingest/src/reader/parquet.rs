//! Parquet: one sheet named after the file, its header the column names (row 1) and each data
//! row the row after (the file's row n is row n + 1, as a csv export of it would number it).
//! Values are text or native types: numbers, dates, timestamps without a zone, times, booleans.
//!
//! DuckDB reads the file, a chunk at a time as a streaming result, on a database of its own
//! that may open this one file and nothing else. It reads what pyarrow, pandas and Spark write
//! (every codec), and a hostile file (a bad footer, sizes it does not have, wrong types)
//! becomes an error: the Parquet crate's metadata decoder reserves memory for whatever list
//! and byte lengths a footer declares before checking them, and an allocation that fails
//! aborts a Rust process, where DuckDB reports it as an error (docs/decisions.md "Streaming customer-data import").

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use duckdb::arrow::array::{Array, AsArray, RecordBatch};
use duckdb::arrow::datatypes::{DataType, Date32Type, Float64Type, Int64Type, Time64MicrosecondType, TimeUnit, TimestampMicrosecondType};
use duckdb::{Config, Connection};

use super::{Assembler, Raw};
use crate::FileError;

/// Days from Excel's epoch (1899-12-30) to 1970-01-01: native dates become Excel serials, the
/// form the value checks read from workbooks.
const UNIX_EPOCH_SERIAL: f64 = 25_569.0;
const MICROS_A_DAY: f64 = 86_400_000_000.0;
/// 1900-03-01, the first day whose serial means the same date in Excel and here.
const FIRST_SURE_SERIAL: f64 = 61.0;
/// The serial after 9999-12-31, Excel's last day.
const MAX_SERIAL: f64 = 2_958_466.0;
/// Days from 0001-01-01 (day 1 of the common era, as chrono counts) to 1970-01-01.
const EPOCH_DAYS_FROM_CE: i32 = 719_163;

/// How a column is selected, by the type DuckDB reads it as.
enum Kind {
    Text,
    Number,
    Date,
    Timestamp,
    Time,
    Bool,
}

fn kind(ty: &str) -> Option<Kind> {
    let ty = ty.to_ascii_uppercase();
    Some(match ty.as_str() {
        "VARCHAR" => Kind::Text,
        _ if ty.starts_with("ENUM") => Kind::Text,
        "TINYINT" | "SMALLINT" | "INTEGER" | "BIGINT" | "HUGEINT" | "UTINYINT" | "USMALLINT" | "UINTEGER" | "UBIGINT"
        | "UHUGEINT" | "FLOAT" | "DOUBLE" => Kind::Number,
        _ if ty.starts_with("DECIMAL") => Kind::Number,
        "DATE" => Kind::Date,
        "TIMESTAMP" | "TIMESTAMP_S" | "TIMESTAMP_MS" | "TIMESTAMP_NS" => Kind::Timestamp,
        "TIME" => Kind::Time,
        "BOOLEAN" => Kind::Bool,
        _ => return None,
    })
}

fn bad(e: impl std::fmt::Display) -> FileError {
    FileError::BadParquet { detail: e.to_string() }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A database that may read `path` only, with bounded memory and one thread (the rows are
/// typed on the other core).
fn open(path: &str) -> Result<Connection, FileError> {
    let config = Config::default()
        .max_memory("512MB")
        .and_then(|c| c.threads(1))
        .and_then(|c| c.enable_autoload_extension(false))
        .map_err(bad)?;
    let conn = Connection::open_in_memory_with_flags(config).map_err(bad)?;
    let literal = format!("'{}'", path.replace('\'', "''"));
    conn.execute_batch(&format!(
        "set allowed_paths = [{literal}]; set enable_external_access = false; set lock_configuration = true;"
    ))
    .map_err(bad)?;
    Ok(conn)
}

/// Streams the file's `wanted` columns into `rows`; `read` follows the share of rows read, in
/// bytes of the file.
pub(super) fn read(
    path: &Path,
    sheet: &str,
    wanted: &dyn Fn(&str) -> bool,
    rows: &mut Assembler<'_>,
    read: &AtomicU64,
) -> Result<(), FileError> {
    let text = path.to_str().filter(|p| !p.contains(['*', '?', '[', ']', '{', '}', '\n', '\0']));
    let text = text.ok_or_else(|| FileError::Io { detail: format!("unsupported path {}", path.display()) })?;
    let size = std::fs::metadata(path).map_err(|e| FileError::Io { detail: e.to_string() })?.len();
    let conn = open(text)?;
    let total: i64 = conn
        .query_row("select coalesce(sum(num_rows), 0) from parquet_file_metadata(?)", [text], |r| r.get(0))
        .map_err(bad)?;
    let mut columns: Vec<(String, Kind)> = Vec::new();
    let mut describe = conn.prepare("select column_name, column_type from (describe select * from read_parquet(?))").map_err(bad)?;
    let described = describe
        .query_map([text], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .map_err(bad)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(bad)?;
    for (name, ty) in described {
        if wanted(&name) {
            let kind = kind(&ty).ok_or_else(|| FileError::ParquetType { column: name.clone(), ty: ty.clone() })?;
            columns.push((name, kind));
        }
    }
    rows.begin_sheet(sheet)?;
    for (col, (name, _)) in columns.iter().enumerate() {
        rows.cell(1, col as u32, Raw::Text(name.as_str().into()))?;
    }
    if columns.is_empty() {
        return Ok(());
    }
    let max = rows.limits().max_cell_chars;
    // A text over the cell limit never leaves DuckDB: a value stored once in a dictionary page
    // and repeated on every row (34 KB of file, 1.5 MB a value) became 3 GB of Arrow strings a
    // chunk before the assembler could refuse it. `strlen` (bytes, free) bounds the characters
    // from above, so `length` only counts the few texts longer in bytes than the limit.
    let over = |x: &str| format!("(strlen({x}) > {max} and length({x}) > {max})");
    let mut select: Vec<String> = columns
        .iter()
        .map(|(name, kind)| match kind {
            Kind::Text => {
                let x = format!("{}::varchar", quoted(name));
                format!("case when strlen({x}) <= {max} or length({x}) <= {max} then {x} end")
            }
            Kind::Number => format!("{}::double", quoted(name)),
            Kind::Timestamp => format!("{}::timestamp", quoted(name)),
            Kind::Date | Kind::Time | Kind::Bool => quoted(name),
        })
        .collect();
    let texts: Vec<String> = columns
        .iter()
        .filter(|(_, kind)| matches!(kind, Kind::Text))
        .map(|(name, _)| over(&format!("{}::varchar", quoted(name))))
        .collect();
    select.push(if texts.is_empty() { "false".to_owned() } else { format!("coalesce({}, false)", texts.join(" or ")) });
    let sql = format!("select {}, file_row_number from read_parquet(?, file_row_number = true)", select.join(", "));
    let mut stmt = conn.prepare(&sql).map_err(bad)?;
    // The stream is consumed with `step`, which answers errors; iterating it would panic.
    let _ = stmt.stream_arrow([text]).map_err(bad)?;
    let mut done = 0u64;
    while let Some(chunk) = stmt.step().map_err(bad)? {
        rows.check_clock()?;
        let batch = RecordBatch::from(&chunk);
        let numbers = batch.column(columns.len() + 1).as_primitive_opt::<Int64Type>().ok_or_else(|| bad("file_row_number"))?;
        let too_long = batch.column(columns.len()).as_boolean_opt().ok_or_else(|| bad("too_long"))?;
        for i in 0..batch.num_rows() {
            let row = u32::try_from(numbers.value(i) + 2).map_err(|_| FileError::TooLarge)?;
            if too_long.value(i) {
                return Err(FileError::CellTooLong { sheet: rows.sheet_name().to_owned(), row, max });
            }
            for col in 0..columns.len() {
                let value = cell(batch.column(col).as_ref(), i)?;
                rows.cell(row, col as u32, value)?;
            }
        }
        done += batch.num_rows() as u64;
        if total > 0 {
            read.store((size as f64 * done as f64 / total as f64) as u64, Ordering::Relaxed);
        }
    }
    read.store(size, Ordering::Relaxed);
    Ok(())
}

/// One value as a workbook cell would hold it.
fn cell(array: &dyn Array, i: usize) -> Result<Raw, FileError> {
    if array.is_null(i) {
        return Ok(Raw::Empty);
    }
    let unexpected = || bad(format!("unexpected column type {}", array.data_type()));
    Ok(match array.data_type() {
        DataType::Utf8 => Raw::Text(array.as_string::<i32>().value(i).into()),
        DataType::LargeUtf8 => Raw::Text(array.as_string::<i64>().value(i).into()),
        DataType::Utf8View => Raw::Text(array.as_string_view().value(i).into()),
        DataType::Float64 => Raw::Number(array.as_primitive::<Float64Type>().value(i)),
        DataType::Boolean => Raw::Bool(array.as_boolean().value(i)),
        DataType::Date32 => {
            let days = array.as_primitive::<Date32Type>().value(i);
            let serial = f64::from(days) + UNIX_EPOCH_SERIAL;
            // A date Excel has no serial for stays text, so a refusal shows it as written
            // rather than as a serial such as -693593; so do the first two months of 1900,
            // whose serials Excel's phantom 1900-02-29 makes ambiguous (serial 1 reads as a
            // time of day).
            if (FIRST_SURE_SERIAL..MAX_SERIAL).contains(&serial) {
                Raw::DateTime(serial)
            } else {
                let day = chrono::NaiveDate::from_num_days_from_ce_opt(days.saturating_add(EPOCH_DAYS_FROM_CE));
                Raw::Text(day.map(|d| d.to_string()).unwrap_or_else(|| days.to_string()).into())
            }
        }
        DataType::Time64(TimeUnit::Microsecond) => {
            Raw::DateTime(array.as_primitive::<Time64MicrosecondType>().value(i) as f64 / MICROS_A_DAY)
        }
        DataType::Timestamp(TimeUnit::Microsecond, None) => {
            let micros = array.as_primitive::<TimestampMicrosecondType>().value(i);
            let serial = micros as f64 / MICROS_A_DAY + UNIX_EPOCH_SERIAL;
            // Serials this small are read as times of day: a date-time before 1900 stays text,
            // which the checks refuse as a date-time should be; so does one past 9999, shown
            // as written.
            if !(1.25..MAX_SERIAL).contains(&serial) {
                let at = chrono::DateTime::from_timestamp_micros(micros).map(|t| t.naive_utc().to_string());
                Raw::Text(at.unwrap_or_default().into())
            } else {
                Raw::DateTime(serial)
            }
        }
        _ => return Err(unexpected()),
    })
}
