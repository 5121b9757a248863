//! The customer list without filters or with a day range alone (footers, spans, rows read by
//! number) against the general DuckDB query over the same snapshot: the same rows in the same
//! order on every page.

use std::collections::HashMap;

use adeval_engine::{Dataset, Lake, LakeFile, Snapshot, ViewingFilter, ViewingRow};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions};
use parquet::file::metadata::PageIndexPolicy;

use crate::helpers::{TestLake, all_rows, at, snapshot, viewing_rows};

/// Every page of `limit` rows, one past the end and the count equal the general query's.
fn pages_match(lake: &Lake, live: &Snapshot, limit: u64) {
    filtered_pages_match(lake, live, &ViewingFilter::default(), limit);
}

fn filtered_pages_match(lake: &Lake, live: &Snapshot, filter: &ViewingFilter, limit: u64) {
    let expected = all_rows(lake, live, filter);
    let pages = expected.len() as u64 / limit + 2;
    for page in 1..=pages {
        let (rows, total) = lake.viewing_page(live, filter, page, limit).unwrap();
        assert_eq!(total, expected.len() as u64, "page {page} of {limit}");
        let from = ((page - 1) * limit).min(total) as usize;
        let to = (page * limit).min(total) as usize;
        assert!(rows == expected[from..to], "page {page} of {limit} differs");
    }
}

fn files_of(lake: &Lake, batch: i64, rows: &[ViewingRow]) -> Vec<LakeFile> {
    lake.write_viewing(batch, rows).unwrap()
}

#[test]
fn every_page_equals_the_general_querys_across_batches_months_and_deletions() {
    let lake = TestLake::new();
    // Three batches interleaving over January to April, a fourth airing at the very times of
    // the first's opening rows (ties broken by id), deletions in every batch and one unknown.
    let mut files = files_of(&lake, 1, &viewing_rows(1, 1, 3_000, at(2026, 1, 10, 6, 0)));
    files.extend(files_of(&lake, 2, &viewing_rows(2, 10_001, 2_500, at(2026, 1, 20, 7, 13))));
    files.extend(files_of(&lake, 3, &viewing_rows(3, 20_001, 1_000, at(2026, 3, 1, 6, 0))));
    let deleted = vec![1, 2, 500, 2_999, 3_000, 10_001, 12_345, 20_500, 21_000, 99_999];
    let live = Snapshot { deleted: deleted.clone(), ..snapshot(&files) };
    assert!(live.files.len() > 8, "several batches a month");
    pages_match(&lake, &live, 37);
    pages_match(&lake, &live, 1_000);

    // A new batch under the same deletions, then more deletions: the kept counts follow.
    files.extend(files_of(&lake, 4, &viewing_rows(4, 30_001, 500, at(2026, 1, 10, 6, 0))));
    let grown = Snapshot { deleted: deleted.clone(), ..snapshot(&files) };
    pages_match(&lake, &grown, 100);
    let more = Snapshot { deleted: [deleted, vec![30_001, 30_499, 4, 5]].concat(), ..snapshot(&files) };
    pages_match(&lake, &more, 100);
    assert_eq!(lake.viewing_page(&more, &ViewingFilter::default(), 1, 10).unwrap().1, 7_000 - 13);

    // Compacted files (written by DuckDB, one a month) read the same.
    let compacted = lake.compact(&more, Dataset::Viewing).unwrap();
    pages_match(&lake, &snapshot(&compacted), 250);
    assert!(lake.viewing_page(&Snapshot::default(), &ViewingFilter::default(), 1, 10).unwrap() == (vec![], 0));
}

/// `n` rows a second apart from `start`, each its own broadcast day's.
fn dense(batch: i64, first_id: i64, n: i64, start: NaiveDateTime) -> Vec<ViewingRow> {
    let mut rows = viewing_rows(batch, first_id, n, start);
    for (i, row) in rows.iter_mut().enumerate() {
        row.air_time = start + Duration::seconds(i as i64 * 3 + batch);
        row.ymd = row.air_time.date();
    }
    rows
}

#[test]
fn pages_deep_in_files_of_several_row_groups_equal_the_general_querys() {
    let lake = TestLake::new();
    // Two batches of 130,000 rows each over February and early March: two row groups a file.
    let mut files = files_of(&lake, 1, &dense(1, 1, 130_000, at(2026, 2, 20, 6, 0)));
    files.extend(files_of(&lake, 2, &dense(2, 200_001, 130_000, at(2026, 2, 20, 6, 0))));
    let deleted: Vec<i64> = (0..400).map(|k| 1 + k * 317).chain((0..100).map(|k| 200_001 + k * 1_201)).collect();
    let live = Snapshot { deleted, ..snapshot(&files) };
    let expected = all_rows(&lake, &live, &ViewingFilter::default());
    let total = expected.len() as u64;
    assert_eq!(total, 260_000 - 500);
    let limit = 100;
    let last = total.div_ceil(limit);
    for page in [1, 2, 1_000, 1_300, 1_301, 2_000, last - 1, last] {
        let (rows, n) = lake.viewing_page(&live, &ViewingFilter::default(), page, limit).unwrap();
        let from = ((page - 1) * limit) as usize;
        let to = (page * limit).min(total) as usize;
        assert_eq!(n, total);
        assert!(rows == expected[from..to], "page {page}");
    }
}

fn days(from: Option<(u32, u32)>, to: Option<(u32, u32)>) -> ViewingFilter {
    let day = |(m, d): (u32, u32)| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
    ViewingFilter { from: from.map(day), to: to.map(day), ..ViewingFilter::default() }
}

#[test]
fn day_ranges_list_as_the_general_query_does() {
    let lake = TestLake::new();
    // As above: interleaving batches, ties on air time, spots past midnight that belong to
    // the day before (so a month's rows reach into the next month's files).
    let mut files = files_of(&lake, 1, &viewing_rows(1, 1, 3_000, at(2026, 1, 10, 6, 0)));
    files.extend(files_of(&lake, 2, &viewing_rows(2, 10_001, 2_500, at(2026, 1, 20, 7, 13))));
    files.extend(files_of(&lake, 3, &viewing_rows(3, 20_001, 1_000, at(2026, 3, 1, 6, 0))));
    files.extend(files_of(&lake, 4, &viewing_rows(4, 30_001, 500, at(2026, 1, 10, 6, 0))));
    let deleted = vec![1, 2, 500, 2_999, 3_000, 10_001, 12_345, 20_500, 21_000, 30_002, 99_999];
    let live = Snapshot { deleted: deleted.clone(), ..snapshot(&files) };
    let ranges = [
        days(Some((3, 1)), Some((3, 31))),
        days(Some((2, 28)), Some((3, 2))),
        days(Some((1, 20)), Some((1, 20))),
        days(Some((3, 15)), None),
        days(None, Some((1, 31))),
        days(Some((3, 2)), Some((3, 1))),
        days(Some((8, 1)), None),
    ];
    for filter in &ranges {
        filtered_pages_match(&lake, &live, filter, 37);
        filtered_pages_match(&lake, &live, filter, 1_000);
    }
    // More deletions, then fewer, then the compacted files: the counts follow.
    let more = Snapshot { deleted: [deleted.clone(), vec![20_001, 20_002, 29_000]].concat(), ..snapshot(&files) };
    filtered_pages_match(&lake, &more, &ranges[0], 100);
    let fewer = Snapshot { deleted: deleted[2..].to_vec(), ..snapshot(&files) };
    filtered_pages_match(&lake, &fewer, &ranges[0], 100);
    pages_match(&lake, &fewer, 100);
    let compacted = lake.compact(&more, Dataset::Viewing).unwrap();
    for filter in &ranges[..3] {
        filtered_pages_match(&lake, &snapshot(&compacted), filter, 250);
    }
}

/// The ids at the first and last row of each page of each file's `air_time` column (or of each
/// row group, for a file without a page index).
fn span_edges(lake: &Lake, live: &Snapshot) -> Vec<i64> {
    let conn = duckdb::Connection::open_in_memory().unwrap();
    let mut edges = Vec::new();
    for rel in &live.files {
        let path = lake.root().join(rel);
        let file = std::fs::File::open(&path).unwrap();
        let options = ArrowReaderOptions::new().with_page_index_policy(PageIndexPolicy::Optional);
        let meta = ArrowReaderMetadata::load(&file, options).unwrap();
        let parquet = meta.metadata();
        let air = parquet.file_metadata().schema_descr().columns().iter().position(|c| c.name() == "air_time").unwrap();
        let mut starts = Vec::new();
        let mut start = 0;
        for (g, rg) in parquet.row_groups().iter().enumerate() {
            match parquet.offset_index() {
                Some(index) => starts.extend(index[g][air].page_locations().iter().map(|p| start + p.first_row_index)),
                None => starts.push(start),
            }
            start += rg.num_rows();
        }
        let sql = "select id from read_parquet(?, file_row_number = true) order by file_row_number";
        let ids: Vec<i64> = conn.prepare(sql).unwrap().query_map([path.display().to_string()], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        for &s in &starts {
            edges.push(ids[s as usize]);
            if s > 0 {
                edges.push(ids[s as usize - 1]);
            }
        }
        edges.push(ids[ids.len() - 1]);
    }
    edges
}

/// The pages of 1, 2 and 100 rows around each span edge equal the general query's rows.
fn edges_match(lake: &Lake, live: &Snapshot, filter: &ViewingFilter) {
    let expected = all_rows(lake, live, filter);
    let total = expected.len() as u64;
    let place: HashMap<i64, u64> = expected.iter().enumerate().map(|(i, r)| (r.id, i as u64)).collect();
    let edges: Vec<u64> = span_edges(lake, live).iter().filter_map(|id| place.get(id).copied()).collect();
    assert!(edges.len() >= 4, "spans to test");
    for at in edges {
        for (limit, offset) in [(1, at.saturating_sub(1)), (1, at), (1, at + 1), (2, at - at % 2), (100, at - at % 100)] {
            let page = offset / limit + 1;
            let (rows, n) = lake.viewing_page(live, filter, page, limit).unwrap();
            assert_eq!(n, total);
            let to = (offset + limit).min(total);
            let want = if offset < total { &expected[offset as usize..to as usize] } else { &[][..] };
            assert!(rows == want, "{limit} rows from {offset} differ");
        }
    }
}

#[test]
fn pages_at_span_edges_equal_the_general_querys_with_deleted_rows_in_skipped_spans() {
    let lake = TestLake::new();
    // Two batches of 130,000 rows over the same late February and early March times: two
    // row groups a file, several pages (spans) a group, each overlapping the other file's.
    let mut files = files_of(&lake, 1, &dense(1, 1, 130_000, at(2026, 2, 20, 6, 0)));
    files.extend(files_of(&lake, 2, &dense(2, 200_001, 130_000, at(2026, 2, 20, 6, 0))));
    // Deletions spread over every span, and a whole span's worth of consecutive rows.
    let mut deleted: Vec<i64> = (0..400).map(|k| 1 + k * 317).chain((0..100).map(|k| 200_001 + k * 1_201)).collect();
    deleted.extend(40_001..70_001);
    let live = Snapshot { deleted, ..snapshot(&files) };
    edges_match(&lake, &live, &ViewingFilter::default());
    edges_match(&lake, &live, &days(Some((2, 21)), Some((2, 23))));
    // One more deletion: only it is looked up, the rest kept.
    let more = Snapshot { deleted: [live.deleted.clone(), vec![129_000, 200_002]].concat(), ..live.clone() };
    edges_match(&lake, &more, &ViewingFilter::default());
    let compacted = lake.compact(&more, Dataset::Viewing).unwrap();
    edges_match(&lake, &snapshot(&compacted), &ViewingFilter::default());
}
