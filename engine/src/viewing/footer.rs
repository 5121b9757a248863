//! What the customer list reads of a lake file's Parquet footer: its row groups and, finer, its
//! spans — the runs of rows the `air_time` column's pages (or, without a page index, its row
//! groups) cover, each with its least and greatest air time and broadcast day. Files are
//! sorted by air time, so a span is a slice of the file's time line; the list counts and skips
//! spans and reads only those its page can fall in. [`selection`] turns stretches of file rows
//! into the row groups and row selection a reader takes (the list's spans and rows, the
//! dashboard's title runs in companion.rs).

use std::fs::File;

use duckdb::arrow::array::AsArray;
use duckdb::arrow::datatypes::Int64Type;
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReaderBuilder, RowSelection, RowSelector};
use parquet::file::metadata::{PageIndexPolicy, ParquetMetaData};
use parquet::file::page_index::column_index::ColumnIndexMetaData;
use parquet::file::statistics::Statistics;

use crate::{Error, Result};

/// A file's Parquet footer, read once, with its row groups and spans.
pub(super) struct Footer {
    pub(super) meta: ArrowReaderMetadata,
    /// Rows of each row group, and the file row each starts at.
    pub(super) groups: Vec<u64>,
    pub(super) starts: Vec<u64>,
    /// In file order, covering every row once.
    pub(super) spans: Vec<Span>,
}

/// Rows `start..start + rows` of a file (all in row group `group`). An unknown air time bound
/// is `i64::MIN` or `i64::MAX` (the span may reach any time); unknown days are `None`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Span {
    pub(super) start: u64,
    pub(super) rows: u64,
    pub(super) group: usize,
    pub(super) min: i64,
    pub(super) max: i64,
    /// The least and greatest broadcast day (`ymd`, days since 1970-01-01).
    pub(super) days: Option<(i64, i64)>,
}

/// One page of a column in a row group: its first row (within the group) and its bounds.
type Page = (u64, Option<i64>, Option<i64>);

impl Footer {
    /// Reads the footer with its page index, if the file has one.
    pub(super) fn read(file: &File, name: &str) -> Result<Footer> {
        // The page index gives spans of a page's rows and lets a read of a few rows skip the
        // pages around them.
        let options = ArrowReaderOptions::new().with_page_index_policy(PageIndexPolicy::Optional);
        let meta = ArrowReaderMetadata::load(file, options)?;
        let parquet = meta.metadata().clone();
        let air = column(&parquet, "air_time", name)?;
        let ymd = column(&parquet, "ymd", name)?;
        let (mut groups, mut starts, mut spans) = (Vec::new(), Vec::new(), Vec::new());
        let mut start = 0;
        for (g, rg) in parquet.row_groups().iter().enumerate() {
            let rows = rg.num_rows() as u64;
            let times = pages(&parquet, g, air);
            let days = pages(&parquet, g, ymd);
            for (i, &(first, min, max)) in times.iter().enumerate() {
                let end = times.get(i + 1).map_or(rows, |p| p.0);
                // The days of every `ymd` page that shares a row with this span.
                let touching = days.iter().enumerate().filter(|&(j, d)| d.0 < end && days.get(j + 1).is_none_or(|n| n.0 > first));
                let bounds = touching.map(|(_, d)| d.1.zip(d.2)).collect::<Option<Vec<_>>>();
                let days = bounds.and_then(|b| Some((b.iter().map(|d| d.0).min()?, b.iter().map(|d| d.1).max()?)));
                spans.push(Span {
                    start: start + first,
                    rows: end - first,
                    group: g,
                    min: min.unwrap_or(i64::MIN),
                    max: max.unwrap_or(i64::MAX),
                    days,
                });
            }
            groups.push(rows);
            starts.push(start);
            start += rows;
        }
        Ok(Footer { meta, groups, starts, spans })
    }
}

/// The row groups holding `ranges` (file rows `(first, rows)`, ascending and disjoint, none
/// empty) and the selection of exactly those rows within them: what a Parquet reader built
/// with both reads. `starts` and `sizes` are each row group's first file row and its rows. A
/// range may run on into the next groups (they are chosen too, so it stays one stretch).
pub(super) fn selection(starts: &[u64], sizes: &[u64], ranges: &[(u64, u64)]) -> (Vec<usize>, RowSelection) {
    let group_of = |row: u64| starts.partition_point(|&s| s <= row) - 1;
    let mut groups: Vec<usize> = ranges.iter().flat_map(|&(first, rows)| group_of(first)..=group_of(first + rows - 1)).collect();
    groups.dedup();
    // The selection counts the rows of the chosen groups only, one after the other.
    let mut before = vec![0u64; starts.len()];
    let mut total = 0;
    for &g in &groups {
        before[g] = total;
        total += sizes[g];
    }
    let (mut selectors, mut read_to) = (Vec::with_capacity(ranges.len() * 2 + 1), 0);
    for &(first, rows) in ranges {
        let g = group_of(first);
        let at = before[g] + first - starts[g];
        if at > read_to {
            selectors.push(RowSelector::skip((at - read_to) as usize));
        }
        selectors.push(RowSelector::select(rows as usize));
        read_to = at + rows;
    }
    if total > read_to {
        selectors.push(RowSelector::skip((total - read_to) as usize));
    }
    (groups, RowSelection::from(selectors))
}

/// The leaf column named `name`.
pub(super) fn column(parquet: &ParquetMetaData, name: &str, file: &str) -> Result<usize> {
    let columns = parquet.file_metadata().schema_descr();
    let found = columns.columns().iter().position(|c| c.name() == name);
    found.ok_or_else(|| Error::Caller(format!("{file} has no {name}")))
}

/// The pages of integer column `c` in row group `g`, from the page index; without one, the
/// whole group as one page with the group's statistics.
fn pages(parquet: &ParquetMetaData, g: usize, c: usize) -> Vec<Page> {
    let index = parquet.column_index().and_then(|i| i.get(g)?.get(c));
    let offsets = parquet.offset_index().and_then(|o| o.get(g)?.get(c));
    if let (Some(index), Some(offsets)) = (index, offsets) {
        let locations = offsets.page_locations();
        let bounds: Option<Vec<(Option<i64>, Option<i64>)>> = match index {
            ColumnIndexMetaData::INT64(ix) => {
                Some((0..locations.len()).map(|p| (ix.min_value(p).copied(), ix.max_value(p).copied())).collect())
            }
            ColumnIndexMetaData::INT32(ix) => Some(
                (0..locations.len())
                    .map(|p| (ix.min_value(p).map(|&v| i64::from(v)), ix.max_value(p).map(|&v| i64::from(v))))
                    .collect(),
            ),
            _ => None,
        };
        if let Some(bounds) = bounds.filter(|b| !b.is_empty()) {
            return locations.iter().zip(bounds).map(|(l, (min, max))| (l.first_row_index as u64, min, max)).collect();
        }
    }
    let (min, max) = match parquet.row_group(g).column(c).statistics() {
        Some(Statistics::Int64(s)) => (s.min_opt().copied(), s.max_opt().copied()),
        Some(Statistics::Int32(s)) => (s.min_opt().map(|&v| i64::from(v)), s.max_opt().map(|&v| i64::from(v))),
        _ => (None, None),
    };
    vec![(0, min, max)]
}

/// The rows of the file whose id is one of `ids` (sorted): (row number, id), by row. Only row
/// groups whose id statistics can hold one of them are read, and of those the `id` column.
pub(super) fn locate(file: File, footer: &Footer, ids: &[i64], name: &str) -> Result<Vec<(u64, i64)>> {
    let parquet = footer.meta.metadata();
    let id = column(parquet, "id", name)?;
    let wanted: Vec<usize> = (0..footer.groups.len())
        .filter(|&g| {
            let Some(Statistics::Int64(s)) = parquet.row_group(g).column(id).statistics() else { return true };
            let (lo, hi) = (s.min_opt().copied().unwrap_or(i64::MIN), s.max_opt().copied().unwrap_or(i64::MAX));
            let from = ids.partition_point(|&i| i < lo);
            ids.get(from).is_some_and(|&i| i <= hi)
        })
        .collect();
    let mut found = Vec::new();
    if ids.is_empty() || wanted.is_empty() {
        return Ok(found);
    }
    let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, footer.meta.clone())
        .with_projection(ProjectionMask::leaves(parquet.file_metadata().schema_descr(), [id]))
        .with_row_groups(wanted.clone())
        .with_batch_size(65_536)
        .build()?;
    let mut groups = wanted.into_iter();
    let (mut row, mut left) = (0, 0);
    for batch in reader {
        let batch = batch?;
        let values = batch.column(0).as_primitive_opt::<Int64Type>();
        let values = values.ok_or_else(|| Error::Decode { column: "id", found: batch.column(0).data_type().to_string() })?;
        for &v in values.values() {
            while left == 0 {
                let g = groups.next().ok_or_else(|| Error::Caller(format!("{name}: more ids than rows")))?;
                (row, left) = (footer.starts[g], footer.groups[g]);
            }
            if ids.binary_search(&v).is_ok() {
                found.push((row, v));
            }
            row += 1;
            left -= 1;
        }
    }
    Ok(found)
}
