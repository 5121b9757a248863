//! The ratings dataset: minute or second rating series (`channel, audience_group, ts,
//! rating`), imported from csv or Parquet files (in one streaming pass when they are plain and
//! in time order, else by DuckDB), partitioned by month in time order, with a daily rollup
//! written beside every batch for the aggregate queries.

mod curve;
mod import;
mod query;
mod reasons;
mod source;
mod stream;
mod windows;

pub use curve::{CurveRequest, Resolution, SpotCurve};
pub use query::{ChannelGroupRatings, ChannelRatings, DailyRatings, RatingStats};
pub use windows::{ClassDay, SeriesWindows};

/// The outcome of a ratings import.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RatingsSummary {
    /// Rows written; 0 when the batch was rejected.
    pub rows: u64,
    /// Why the batch was rejected, one Chinese reason per bad line with its file and line
    /// number, capped at [`MAX_REASONS`] (the last entry then counts the rest). Empty when
    /// the batch was written.
    pub rejected: Vec<String>,
}

/// How many reasons a rejected import lists.
pub const MAX_REASONS: usize = 100;

/// The four columns of a rating series, in their Parquet order.
pub(crate) const COLUMNS: [&str; 4] = ["channel", "audience_group", "ts", "rating"];
