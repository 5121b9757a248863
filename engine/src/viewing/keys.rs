//! The list's page by merging its files' sort keys: each lake file is sorted by air time then
//! id, so the newest-first list of a few files is their merge from the end, and a page at any
//! depth needs only the files' `air_time` and `id` columns, never a sort.

use std::collections::BinaryHeap;
use std::fs::File;

use duckdb::arrow::array::AsArray;
use duckdb::arrow::datatypes::{Int64Type, TimestampMicrosecondType};
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ParquetRecordBatchReaderBuilder};

use super::list::Group;
use crate::{Error, Result};

/// One file's keys, ascending: (air time µs, id, row number in the file).
pub(super) type Keys = Vec<(i64, i64, u64)>;

/// The keys of the file's row groups (`groups`, from its footer) that reach `since` (all
/// without it): its rows from the first such group to the end. Fails if the file is not in
/// list order.
pub(super) fn read_keys(
    file: File,
    meta: &ArrowReaderMetadata,
    groups: &[Group],
    since: Option<i64>,
    name: &str,
) -> Result<Keys> {
    let parquet = meta.metadata();
    let schema = parquet.file_metadata().schema_descr();
    let column = |n: &str| {
        schema.columns().iter().position(|c| c.name() == n).ok_or_else(|| Error::Caller(format!("{name} has no {n}")))
    };
    let (air, id) = (column("air_time")?, column("id")?);
    // The file is sorted, so once a group reaches `since` every later one does too.
    let first =
        since.map_or(0, |t| groups.iter().position(|g| g.max.is_none_or(|max| max >= t)).unwrap_or(groups.len()));
    let mut row: u64 = groups[..first].iter().map(|g| g.rows).sum();
    let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, meta.clone())
        .with_projection(ProjectionMask::roots(schema, [air, id]))
        .with_row_groups((first..groups.len()).collect())
        .with_batch_size(65_536)
        .build()?;
    // The projection keeps the file's column order.
    let (air_at, id_at) = if air < id { (0, 1) } else { (1, 0) };
    let mut keys = Keys::new();
    for batch in reader {
        let batch = batch?;
        let times = batch.column(air_at).as_primitive_opt::<TimestampMicrosecondType>();
        let ids = batch.column(id_at).as_primitive_opt::<Int64Type>();
        let (Some(times), Some(ids)) = (times, ids) else {
            return Err(Error::Decode { column: "air_time", found: batch.column(air_at).data_type().to_string() });
        };
        for (t, i) in times.values().iter().zip(ids.values()) {
            keys.push((*t, *i, row));
            row += 1;
        }
    }
    if keys.windows(2).any(|w| (w[0].0, w[0].1) >= (w[1].0, w[1].1)) {
        return Err(Error::Caller(format!("{name} is not sorted by air time and id")));
    }
    Ok(keys)
}

/// The page of `limit` live rows after `offset` of the merge of `runs` (each ascending),
/// newest first, leaving out `deleted` (sorted): (run, row number, id) in list order.
pub(super) fn merge_page(runs: &[Keys], deleted: &[i64], offset: u64, limit: u64) -> Vec<(usize, u64, i64)> {
    // A max-heap of each run's next key from its end.
    let mut heap: BinaryHeap<(i64, i64, usize)> = BinaryHeap::new();
    let mut next: Vec<usize> = runs.iter().map(Vec::len).collect();
    for (r, keys) in runs.iter().enumerate() {
        if let Some(&(t, id, _)) = keys.last() {
            heap.push((t, id, r));
        }
    }
    let (mut skipped, mut page) = (0, Vec::new());
    while let Some((_, id, r)) = heap.pop() {
        next[r] -= 1;
        let row = runs[r][next[r]].2;
        if let Some(&(t, id, _)) = next[r].checked_sub(1).map(|i| &runs[r][i]) {
            heap.push((t, id, r));
        }
        if deleted.binary_search(&id).is_ok() {
            continue;
        }
        if skipped < offset {
            skipped += 1;
            continue;
        }
        page.push((r, row, id));
        if page.len() as u64 == limit {
            break;
        }
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merge_pages_newest_first_without_deleted_rows_ties_by_id() {
        let a: Keys = vec![(10, 1, 0), (20, 2, 1), (30, 5, 2)];
        let b: Keys = vec![(20, 3, 7), (30, 4, 8), (40, 6, 9)];
        let runs = [a, b];
        let none = [];
        let ids = |page: Vec<(usize, u64, i64)>| page.into_iter().map(|(_, _, id)| id).collect::<Vec<_>>();
        assert_eq!(ids(merge_page(&runs, &none, 0, 10)), [6, 5, 4, 3, 2, 1]);
        assert_eq!(merge_page(&runs, &none, 1, 2), [(0, 2, 5), (1, 8, 4)]);
        let deleted = [3, 5];
        assert_eq!(ids(merge_page(&runs, &deleted, 1, 3)), [4, 2, 1]);
        assert!(merge_page(&runs, &deleted, 4, 3).is_empty());
    }
}
