//! adeval-engine: analytics over the Parquet lake with DuckDB. It knows nothing of HTTP or
//! Postgres: the caller keeps the manifest (which files are live, which rows are deleted) and
//! hands the engine a [`Snapshot`] with every query.

mod analyst;
mod certificates;
mod columns;
mod compact;
mod error;
pub mod generate;
pub mod grp;
mod lake;
mod micros;
pub mod orders;
mod paths;
mod ratings;
mod viewing;
mod write;

pub use analyst::QueryResult;
pub use certificates::CertificateRow;
pub use error::{Error, Result};
pub use lake::{Lake, LakeOptions};
pub use paths::{Dataset, LakeFile, Month, ROLLUP_PREFIX, Snapshot, is_legacy_rollup, viewing_rollup_path};
pub use ratings::{
    ChannelGroupRatings, ChannelRatings, ClassDay, CurveRequest, DailyRatings, MAX_REASONS, RatingStats, RatingsProblem, RatingsSummary,
    Resolution, SeriesWindows, SpotCurve,
};
pub use viewing::{
    AiredSpot, AiredSpots, Bucket, Dashboard, DashboardCell, DashboardQuery, GrpWindows, IssuedTotals, OrderMatch, Series,
    ROLLED_TITLES, Side, Slot, SlotCell, SlotSpot, SpotPosition, TimeType, TitleSeries, ViewingFilter, ViewingRow, buckets, group_key,
    is_month_rollup, is_titles_rollup, titles_rollup_path,
};
