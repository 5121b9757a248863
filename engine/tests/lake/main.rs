//! The engine's one integration test binary: the lake through its public API.

mod certificates;
mod compaction;
mod dashboard;
mod estimates;
mod groups;
mod helpers;
mod issued;
mod issued_rollup;
mod list;
mod ratings;
mod slots;
mod sums;
mod spot_curve;
mod viewing;
