//! The unfiltered customer list (footers, month plan, rows read by number) against the general
//! DuckDB query over the same snapshot: the same rows in the same order on every page.

use adeval_engine::{Dataset, Lake, LakeFile, Snapshot, ViewingFilter, ViewingRow};
use chrono::{Duration, NaiveDateTime};

use crate::helpers::{TestLake, all_rows, at, snapshot, viewing_rows};

/// Every page of `limit` rows, one past the end and the count equal the general query's.
fn pages_match(lake: &Lake, live: &Snapshot, limit: u64) {
    let expected = all_rows(lake, live, &ViewingFilter::default());
    let pages = expected.len() as u64 / limit + 2;
    for page in 1..=pages {
        let (rows, total) = lake.viewing_page(live, &ViewingFilter::default(), page, limit).unwrap();
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
