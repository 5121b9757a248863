//! The certificates dataset: broadcast certificate rows (播出证明, docs/import-formats.md), one per
//! line of an imported certificate as the server resolved it against its order, written per
//! import batch and partitioned by the month of the broadcast day.

mod read;
mod write;

use chrono::{NaiveDate, NaiveDateTime};

/// One certificate line as stored in the lake.
#[derive(Debug, Clone, PartialEq)]
pub struct CertificateRow {
    pub id: i64,
    pub batch_id: i64,
    pub order_id: i64,
    /// The broadcast day.
    pub ymd: NaiveDate,
    /// The calendar instant: `ymd` plus `secs`, past 24:00 on the next day.
    pub air_time: NaiveDateTime,
    /// Seconds into the broadcast day, 0..=107_999 (up to 29:59:59).
    pub secs: i32,
    /// The version as written (media file name or tape number).
    pub version: String,
    /// The product tape the version resolved to.
    pub tape_id: i64,
    /// The period that holds the spot; `None` when none does (unassigned).
    pub time_period_id: Option<i64>,
    /// The period as written.
    pub time_period: Option<String>,
    pub duration: Option<i32>,
    pub position: Option<String>,
    /// Spots the line stands for.
    pub num: i32,
    /// Where the line was in the imported file.
    pub sheet: String,
    pub row: i32,
}

/// The Parquet columns, in [`CertificateRow`] order: the schema, every select list and the
/// decoder follow this one list.
pub(crate) const COLUMNS: [(&str, &str); 15] = [
    ("id", "bigint"),
    ("batch_id", "bigint"),
    ("order_id", "bigint"),
    ("ymd", "date"),
    ("air_time", "timestamp"),
    ("secs", "integer"),
    ("version", "varchar"),
    ("tape_id", "bigint"),
    ("time_period_id", "bigint"),
    ("time_period", "varchar"),
    ("duration", "integer"),
    ("position", "varchar"),
    ("num", "integer"),
    ("sheet", "varchar"),
    ("row", "integer"),
];

/// `"id", "batch_id", …` — quoted, since `position` and `row` are also SQL keywords.
pub(crate) fn select_list(prefix: &str) -> String {
    COLUMNS.iter().map(|(name, _)| format!("{prefix}\"{name}\"")).collect::<Vec<_>>().join(", ")
}
