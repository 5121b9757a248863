//! The ratings dataset: minute or second rating series (`channel, audience_group, ts,
//! rating`), imported from csv or Parquet files (in one streaming pass when they are plain and
//! in time order, else by DuckDB), partitioned by month in time order, with a daily rollup
//! written beside every batch for the aggregate queries.

mod curve;
mod import;
mod kept_means;
mod query;
mod reasons;
mod source;
mod stream;
mod windows;

pub use curve::{CurveRequest, Resolution, SpotCurve};
pub(crate) use kept_means::KeptMeans;
pub use query::{ChannelGroupRatings, ChannelRatings, DailyRatings, RatingStats};
pub use windows::{ClassDay, SeriesWindows};

/// The outcome of a ratings import.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RatingsSummary {
    /// Rows written; 0 when the batch was rejected.
    pub rows: u64,
    /// Why the batch was rejected: its first [`MAX_REASONS`] problems in file and line order,
    /// every problem of a line listed. Empty when the batch was written.
    pub rejected: Vec<RatingsProblem>,
    /// Lines with a problem (a file's header counts as its line 1, a file missing a column as
    /// one), listed or not.
    pub bad_lines: u64,
    /// Problems in all, listed or not.
    pub problems: u64,
}

/// One problem of a rejected ratings import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingsProblem {
    /// The source's file name.
    pub file: String,
    /// The line a user finds in an editor (a Parquet file's row number); none for the file as
    /// a whole.
    pub line: Option<u64>,
    /// Why, in Chinese.
    pub reason: String,
}

impl std::fmt::Display for RatingsProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "「{}」第 {line} 行：{}", self.file, self.reason),
            None => write!(f, "「{}」：{}", self.file, self.reason),
        }
    }
}

/// How many reasons a rejected import lists.
pub const MAX_REASONS: usize = 100;

/// The four columns of a rating series, in their Parquet order.
pub(crate) const COLUMNS: [&str; 4] = ["channel", "audience_group", "ts", "rating"];
