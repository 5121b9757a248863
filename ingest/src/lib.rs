//! adeval-ingest: readers and validators for imported files (docs/import-formats.md).
//!
//! - `cell`: dates and broadcast-day times as every format writes them.
//! - `reader`: xlsx, xls and csv files into sheets of raw cells, guarded against hostile files
//!   by `Limits`; csv and Parquet also streamed from disk.
//! - `header`: finding a sheet's header row among title rows.
//! - `layout`: each format's columns as people read them (the import dialogs' header help) and
//!   its template, both from the readers' own field tables.
//! - `read_customer_data`: customer viewing data, typed and validated row by row;
//!   `stream_customer_data` hands the rows on a chunk at a time.
//! - `read_order_template` and `read_certificate`: an order's schedule and its broadcast
//!   certificate, with names as written for the server to match.
//! - The `…_checked` readers take the caller's check of every data row, good or bad
//!   (`Row`): what it finds against the caller's data joins the row's problems, so a refusal
//!   lists every problem of the file at once, in sheet-row order, with true counts
//!   (`RowErrors`).

pub mod cell;
mod certificate;
mod customer;
mod error;
pub mod header;
pub mod layout;
mod limits;
mod position;
mod table;
mod template;
pub mod reader;
mod values;

pub use certificate::{CertificateFields, CertificateLine, CertificateRead, read_certificate, read_certificate_bytes, read_certificate_checked};
pub use customer::{
    CustomerFields, CustomerOptions, CustomerRead, CustomerRow, Streaming, read_customer_data, read_customer_data_bytes,
    read_customer_data_checked, stream_customer_data, stream_customer_data_checked,
};
pub use error::{FileError, MAX_ROW_ERRORS, Rejected, RowError, RowErrors};
pub use limits::{EXCEL_MAX_ROWS, Limits, MAX_SHEET_NAME_CHARS, max_chars};
pub use position::{Position, parse_position};
pub use reader::{Raw, Sheet, SheetRow, Text};
pub use table::{Row, RowProblems, keep};
pub use template::{TemplateFields, TemplateRead, TemplateRow, read_order_template, read_order_template_bytes, read_order_template_checked};

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A cell that could not be read; the message is the Chinese reason shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("无法识别的日期：{0}（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）")]
    Date(String),
    #[error("无法识别的时间：{0}（支持 HH:MM[:SS]，最大 29:59:59，或 Excel 时间）")]
    Time(String),
}
