//! adeval-ingest: readers and validators for imported files (DESIGN.md §3). This first part
//! holds the cell parsers every import format shares: dates and broadcast-day times.

pub mod cell;

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A cell that could not be read; the message is the Chinese reason shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("无法识别的日期：{0}（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）")]
    Date(String),
    #[error("无法识别的时间：{0}（支持 HH:MM[:SS]，最大 29:59:59，或 Excel 时间）")]
    Time(String),
}
