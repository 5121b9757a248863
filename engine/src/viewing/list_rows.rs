//! The list's page rows, read whole by their row numbers.

use std::fs::File;

use duckdb::arrow::array::StructArray;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use super::decode::decode;
use super::footer::{Footer, selection};
use super::{COLUMNS, ViewingRow};
use crate::Result;

/// Rows `rows` (ascending row numbers) of one file, whole, read from only the row groups
/// that hold them and, within those, the pages that do.
pub(super) fn read_rows(file: File, footer: &Footer, rows: &[u64]) -> Result<Vec<ViewingRow>> {
    let ranges: Vec<(u64, u64)> = rows.iter().map(|&row| (row, 1)).collect();
    let (groups, selection) = selection(&footer.starts, &footer.groups, &ranges);
    let schema = footer.meta.schema().clone();
    let order = COLUMNS.iter().map(|(name, _)| schema.index_of(name)).collect::<Result<Vec<_>, _>>()?;
    let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, footer.meta.clone())
        .with_row_groups(groups)
        .with_row_selection(selection)
        .with_batch_size(rows.len().max(1))
        .build()?;
    let mut out = Vec::with_capacity(rows.len());
    for batch in reader {
        decode(&StructArray::from(batch?.project(&order)?), &mut out)?;
    }
    Ok(out)
}
