//! The viewing dataset: customer viewing rows (docs/import-formats.md), one per aired spot, written per
//! import batch and partitioned by the month of the air time.

mod aired;
mod buckets;
mod companion;
mod coverage;
mod dashboard;
mod dashboard_sql;
mod analysis;
mod decode;
mod deleted_rows;
mod deleted_share;
mod estimate;
mod footer;
mod group_key;
mod issued;
mod issued_rollup;
mod keys;
mod list;
mod list_rows;
mod month_rollup;
mod plan;
mod read;
mod rollup;
mod write;

pub use aired::{AiredSpot, AiredSpots, SpotPosition};
pub use buckets::{Bucket, TimeType, buckets};
pub(crate) use companion::TitleIndexes;
pub use dashboard::{Dashboard, DashboardCell, DashboardQuery, Series, TitleSeries};
pub use analysis::{Slot, SlotCell, SlotSpot};
pub(crate) use deleted_rows::DeletedRows;
pub(crate) use deleted_share::DeletedShare;
pub use estimate::GrpWindows;
pub(crate) use month_rollup::Covers;
pub use month_rollup::{is_month_rollup, is_titles_rollup, titles_rollup_path};
pub use group_key::group_key;
pub use issued::{OrderMatch, Side};
pub use issued_rollup::ROLLED_TITLES;
pub(crate) use list::ListCache;
pub(crate) use read::for_each_chunk;
pub use read::{IssuedTotals, ViewingFilter};

use chrono::{NaiveDate, NaiveDateTime};

/// One customer viewing row as stored in the lake.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewingRow {
    pub id: i64,
    pub batch_id: i64,
    pub media_id: i64,
    pub channel: String,
    pub audience_group_id: i64,
    pub audience_group: String,
    pub brand_id: Option<i64>,
    /// When the spot aired; past midnight for broadcast-day times after 24:00.
    pub air_time: NaiveDateTime,
    /// The broadcast day the spot belongs to.
    pub ymd: NaiveDate,
    pub duration: i32,
    pub title: String,
    pub program: Option<String>,
    pub time_period_class_id: Option<i64>,
    pub time_period_class: Option<String>,
    pub grp: f64,
    pub position: Option<String>,
    pub position_index: Option<i32>,
    pub position_of: Option<i32>,
    pub position_from_end: bool,
    pub category: i16,
    pub source: i16,
    pub belonging_to: i16,
    /// When the row was imported, in UTC (a Parquet timestamp has no zone; readers show it in
    /// theirs).
    pub created_at: NaiveDateTime,
}

/// The Parquet columns, in [`ViewingRow`] order: the staging table, every select list and
/// the decoder follow this one list.
pub(crate) const COLUMNS: [(&str, &str); 23] = [
    ("id", "bigint"),
    ("batch_id", "bigint"),
    ("media_id", "bigint"),
    ("channel", "varchar"),
    ("audience_group_id", "bigint"),
    ("audience_group", "varchar"),
    ("brand_id", "bigint"),
    ("air_time", "timestamp"),
    ("ymd", "date"),
    ("duration", "integer"),
    ("title", "varchar"),
    ("program", "varchar"),
    ("time_period_class_id", "bigint"),
    ("time_period_class", "varchar"),
    ("grp", "double"),
    ("position", "varchar"),
    ("position_index", "integer"),
    ("position_of", "integer"),
    ("position_from_end", "boolean"),
    ("category", "smallint"),
    ("source", "smallint"),
    ("belonging_to", "smallint"),
    ("created_at", "timestamp"),
];

/// `"id", "batch_id", …` — quoted, since `position` is also an SQL keyword.
pub(crate) fn select_list(prefix: &str) -> String {
    COLUMNS.iter().map(|(name, _)| format!("{prefix}\"{name}\"")).collect::<Vec<_>>().join(", ")
}
