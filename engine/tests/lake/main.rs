//! The engine's one integration test binary: the lake through its public API.

mod certificates;
mod compaction;
mod estimates;
mod groups;
mod helpers;
mod issued;
mod list;
mod ratings;
mod viewing;
