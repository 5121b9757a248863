//! The list's page by merging its files' sort keys: each lake file is sorted by air time then
//! id, so the newest-first list of a few files is their merge from the end, and a page at any
//! depth needs only the files' `air_time` and `id` columns (and `ymd` for a day range), never
//! a sort.

use std::collections::BinaryHeap;
use std::fs::File;

use duckdb::arrow::array::{Array, AsArray, PrimitiveArray};
use duckdb::arrow::datatypes::{ArrowPrimitiveType, Date32Type, Int64Type, TimestampMicrosecondType};
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use super::footer::{Footer, column, selection};
use crate::{Error, Result};

/// One file's keys, ascending: (air time µs, id, row number in the file).
pub(super) type Keys = Vec<(i64, i64, u64)>;

/// What a scan keeps of a file's rows: not these (row, id) pairs, by row (the deleted ones),
/// and only rows of these broadcast days (days since 1970-01-01, both ends inclusive).
pub(super) struct Keep<'a> {
    pub(super) gone: &'a [(u64, i64)],
    pub(super) days: Option<(i64, i64)>,
}

/// Hands `f` each kept row of the spans `spans` (indexes into the footer's, ascending) of a
/// file, in file order: (the span's place in `spans`, air time, id, row number). Reads only
/// the row groups and pages of those spans. Fails if the file is not in list order.
pub(super) fn scan(
    file: File,
    footer: &Footer,
    spans: &[usize],
    keep: &Keep,
    name: &str,
    mut f: impl FnMut(usize, i64, i64, u64),
) -> Result<()> {
    if spans.is_empty() {
        return Ok(());
    }
    let parquet = footer.meta.metadata();
    let mut leaves = vec![column(parquet, "air_time", name)?, column(parquet, "id", name)?];
    if keep.days.is_some() {
        leaves.push(column(parquet, "ymd", name)?);
    }
    let ranges: Vec<(u64, u64)> = spans.iter().map(|&s| (footer.spans[s].start, footer.spans[s].rows)).collect();
    let (groups, selection) = selection(&footer.starts, &footer.groups, &ranges);
    let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, footer.meta.clone())
        .with_projection(ProjectionMask::leaves(parquet.file_metadata().schema_descr(), leaves))
        .with_row_groups(groups)
        .with_row_selection(selection)
        .with_batch_size(65_536)
        .build()?;
    let (mut k, mut row, mut left) = (0, footer.spans[spans[0]].start, footer.spans[spans[0]].rows);
    let (mut gone, mut previous) = (keep.gone.iter().peekable(), (i64::MIN, i64::MIN));
    for batch in reader {
        let batch = batch?;
        let times = typed::<TimestampMicrosecondType>(batch.column_by_name("air_time"), "air_time")?;
        let ids = typed::<Int64Type>(batch.column_by_name("id"), "id")?;
        let days = match keep.days {
            Some(_) => Some(typed::<Date32Type>(batch.column_by_name("ymd"), "ymd")?),
            None => None,
        };
        for i in 0..batch.num_rows() {
            while left == 0 {
                k += 1;
                let span = spans.get(k).map(|&s| footer.spans[s]);
                let span = span.ok_or_else(|| Error::Caller(format!("{name}: more rows than its spans")))?;
                (row, left) = (span.start, span.rows);
            }
            let key = (times.value(i), ids.value(i));
            if key <= previous {
                return Err(Error::Caller(format!("{name} is not sorted by air time and id")));
            }
            previous = key;
            while gone.next_if(|d| d.0 < row).is_some() {}
            let deleted = gone.peek().is_some_and(|d| d.0 == row);
            let in_days = match (days, keep.days) {
                (Some(d), Some((lo, hi))) => (lo..=hi).contains(&i64::from(d.value(i))),
                _ => true,
            };
            if !deleted && in_days {
                f(k, key.0, key.1, row);
            }
            row += 1;
            left -= 1;
        }
    }
    Ok(())
}

/// A column of the expected type.
fn typed<'a, T: ArrowPrimitiveType>(
    column: Option<&'a std::sync::Arc<dyn Array>>,
    name: &'static str,
) -> Result<&'a PrimitiveArray<T>> {
    let column = column.ok_or_else(|| Error::Caller(format!("a scan lost its {name} column")))?;
    column.as_primitive_opt::<T>().ok_or_else(|| Error::Decode { column: name, found: column.data_type().to_string() })
}

/// Drops from `runs` (each ascending) the keys among the `skip` newest that air later than
/// the rest, by count alone: the least air time `v` with at most `skip` keys later than it is
/// found by bisection over the runs, and every key later than `v` goes. Answers how many of
/// `skip` are left, fewer than the keys airing at `v`, so the merge steps through ties only.
pub(super) fn drop_newest(runs: &mut [Keys], skip: u64) -> u64 {
    let later = |runs: &[Keys], v: i64| runs.iter().map(|r| (r.len() - r.partition_point(|k| k.0 <= v)) as u64).sum::<u64>();
    let (Some(first), Some(last)) =
        (runs.iter().filter_map(|r| r.first()).map(|k| k.0).min(), runs.iter().filter_map(|r| r.last()).map(|k| k.0).max())
    else {
        return skip;
    };
    let (mut lo, mut hi) = (first.saturating_sub(1), last);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if later(runs, mid) <= skip {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let dropped = later(runs, lo);
    for run in runs.iter_mut() {
        run.truncate(run.partition_point(|k| k.0 <= lo));
    }
    skip - dropped
}

/// The page of `limit` rows after `offset` of the merge of `runs` (each ascending), newest
/// first: (run, row number, id) in list order.
pub(super) fn merge_page(runs: &[Keys], offset: u64, limit: u64) -> Vec<(usize, u64, i64)> {
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
    fn the_merge_pages_newest_first_ties_by_id() {
        let a: Keys = vec![(10, 1, 0), (20, 2, 1), (30, 5, 2)];
        let b: Keys = vec![(20, 3, 7), (30, 4, 8), (40, 6, 9)];
        let runs = [a, b];
        let ids = |page: Vec<(usize, u64, i64)>| page.into_iter().map(|(_, _, id)| id).collect::<Vec<_>>();
        assert_eq!(ids(merge_page(&runs, 0, 10)), [6, 5, 4, 3, 2, 1]);
        assert_eq!(merge_page(&runs, 1, 2), [(0, 2, 5), (1, 8, 4)]);
        assert_eq!(ids(merge_page(&runs, 4, 3)), [2, 1]);
        assert!(merge_page(&runs, 6, 3).is_empty());
    }

    #[test]
    fn the_newest_keys_are_dropped_by_count_down_to_ties() {
        let page = |mut runs: [Keys; 2], offset: u64, limit: u64| {
            let skip = drop_newest(&mut runs, offset);
            merge_page(&runs, skip, limit).into_iter().map(|(_, _, id)| id).collect::<Vec<_>>()
        };
        let a: Keys = vec![(10, 1, 0), (20, 2, 1), (30, 5, 2), (30, 7, 3)];
        let b: Keys = vec![(20, 3, 7), (30, 4, 8), (40, 6, 9)];
        for offset in 0..=7 {
            let all = merge_page(&[a.clone(), b.clone()], 0, 10);
            let expected: Vec<i64> = all.iter().skip(offset as usize).take(2).map(|k| k.2).collect();
            assert_eq!(page([a.clone(), b.clone()], offset, 2), expected, "from {offset}");
        }
        // Past the 40 and into the three keys at 30: only 40 is dropped, the ties are stepped.
        let mut runs = [a, b];
        assert_eq!(drop_newest(&mut runs, 2), 1);
        assert_eq!((runs[0].len(), runs[1].len()), (4, 2));
        assert_eq!(drop_newest(&mut [Keys::new()], 5), 5);
    }
}
