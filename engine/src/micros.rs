//! Times as the lake holds them: TIMESTAMP columns of microseconds since the epoch, with no
//! zone (air times are the broadcaster's wall-clock times). Readers and writers both convert
//! through here.

use chrono::NaiveDateTime;

/// A TIMESTAMP read as microseconds since the epoch.
pub(crate) struct Micros(pub i64);

impl duckdb::types::FromSql for Micros {
    fn column_result(value: duckdb::types::ValueRef<'_>) -> duckdb::types::FromSqlResult<Self> {
        match value {
            duckdb::types::ValueRef::Timestamp(unit, t) => Ok(Micros(unit.to_micros(t))),
            _ => Err(duckdb::types::FromSqlError::InvalidType),
        }
    }
}

/// A TIMESTAMP value of microseconds since the epoch, for binding or appending.
pub(crate) fn timestamp(micros: i64) -> duckdb::types::Value {
    duckdb::types::Value::Timestamp(duckdb::types::TimeUnit::Microsecond, micros)
}

/// `t` as microseconds since the epoch, as TIMESTAMP columns hold it.
pub(crate) fn micros(t: NaiveDateTime) -> i64 {
    t.and_utc().timestamp_micros()
}

/// Microseconds since the epoch as a date-time; every TIMESTAMP the engine writes fits.
pub(crate) fn from_micros(m: i64) -> NaiveDateTime {
    chrono::DateTime::from_timestamp_micros(m).expect("DuckDB timestamps fit chrono").naive_utc()
}
