//! The list's page rows, read whole by their row numbers.

use std::fs::File;

use duckdb::arrow::array::StructArray;
use parquet::arrow::arrow_reader::{ParquetRecordBatchReaderBuilder, RowSelection, RowSelector};

use super::decode::decode;
use super::footer::Footer;
use super::{COLUMNS, ViewingRow};
use crate::Result;

/// Rows `rows` (ascending row numbers) of one file, whole, read from only the row groups
/// that hold them and, within those, the pages that do.
pub(super) fn read_rows(file: File, footer: &Footer, rows: &[u64]) -> Result<Vec<ViewingRow>> {
    let starts = &footer.starts;
    let group_of = |row: u64| starts.partition_point(|&s| s <= row) - 1;
    let mut groups: Vec<usize> = rows.iter().map(|&r| group_of(r)).collect();
    groups.dedup();
    // The selection counts rows of the chosen groups only, one after the other.
    let mut selectors = Vec::new();
    let (mut read_to, mut before) = (0, 0);
    for &g in &groups {
        for &row in rows.iter().filter(|&&r| group_of(r) == g) {
            let at = before + row - starts[g];
            if at > read_to {
                selectors.push(RowSelector::skip((at - read_to) as usize));
            }
            selectors.push(RowSelector::select(1));
            read_to = at + 1;
        }
        before += footer.groups[g];
    }
    if before > read_to {
        selectors.push(RowSelector::skip((before - read_to) as usize));
    }
    let schema = footer.meta.schema().clone();
    let order = COLUMNS.iter().map(|(name, _)| schema.index_of(name)).collect::<Result<Vec<_>, _>>()?;
    let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, footer.meta.clone())
        .with_row_groups(groups)
        .with_row_selection(RowSelection::from(selectors))
        .with_batch_size(rows.len().max(1))
        .build()?;
    let mut out = Vec::with_capacity(rows.len());
    for batch in reader {
        decode(&StructArray::from(batch?.project(&order)?), &mut out)?;
    }
    Ok(out)
}
