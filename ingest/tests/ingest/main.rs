//! adeval-ingest's integration tests: one binary, a module per area.

mod certificate;
mod checks;
mod customer;
mod differential;
mod hostile;
mod parquet;
mod parquet_bounds;
mod row_errors;
mod sheets;
mod streaming;
mod support;
mod template;
mod xls;
