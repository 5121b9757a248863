use adeval_engine::{Dataset, Error, Snapshot, ViewingFilter};

use crate::helpers::{TestLake, all_rows, at, snapshot, viewing_rows};

#[test]
fn compaction_drops_the_deleted_rows_and_keeps_the_rest_identical() {
    let lake = TestLake::new();
    // Two batches overlapping in February.
    let a = lake.write_viewing(1, &viewing_rows(1, 1, 1_500, at(2026, 1, 10, 6, 0))).unwrap();
    let b = lake.write_viewing(2, &viewing_rows(2, 10_000, 1_500, at(2026, 2, 10, 6, 0))).unwrap();
    let old = [a, b].concat();
    let deleted = [1, 2, 700, 1_499, 10_000, 11_499, 99_999];
    let before = snapshot(&old).with_deleted(deleted);
    let expected = all_rows(&lake, &before, &ViewingFilter::default());

    let new = lake.compact(&before, Dataset::Viewing).unwrap();

    let mut old_months: Vec<_> = old.iter().map(|f| f.month).collect();
    old_months.dedup();
    assert_eq!(new.iter().map(|f| f.month).collect::<Vec<_>>(), old_months);
    assert_eq!((new.len(), old.len()), (3, 4), "February's two files became one");
    assert!(new.iter().all(|f| f.path.starts_with(&format!("viewing/month={}/c", f.month))));
    assert_eq!(new.iter().map(|f| f.rows).sum::<u64>(), 3_000 - 6);
    let after = snapshot(&new);
    assert_eq!(all_rows(&lake, &after, &ViewingFilter::default()), expected);
    // The old files stay until the caller has swapped its manifest and removes them.
    assert_eq!(lake.count_rows(&before).unwrap(), 3_000 - 6);
    lake.remove(&old).unwrap();
    assert_eq!(lake.count_rows(&after).unwrap(), 3_000 - 6);
}

#[test]
fn compacting_one_month_touches_only_its_files() {
    let lake = TestLake::new();
    let files = lake.write_viewing(3, &viewing_rows(3, 1, 2_000, at(2026, 5, 20, 6, 0))).unwrap();
    let june: Vec<_> = files.iter().filter(|f| f.month.to_string() == "2026-06").cloned().collect();
    let deleted: Vec<i64> = (1..=2_000).step_by(3).collect();

    let new = lake.compact(&snapshot(&june).with_deleted(deleted.clone()), Dataset::Viewing).unwrap();

    assert_eq!(new.len(), 1);
    assert_eq!(new[0].month, june[0].month);
    let kept = lake.count_rows(&snapshot(&june).with_deleted(deleted)).unwrap();
    assert_eq!(new[0].rows, kept);
    assert!(new[0].min_time >= june[0].min_time && new[0].max_time <= june[0].max_time);
}

#[test]
fn a_month_with_every_row_deleted_compacts_to_no_file() {
    let lake = TestLake::new();
    let files = lake.write_viewing(4, &viewing_rows(4, 1, 10, at(2026, 7, 1, 6, 0))).unwrap();

    let new = lake.compact(&snapshot(&files).with_deleted(1..=10), Dataset::Viewing).unwrap();

    assert!(new.is_empty());
    assert!(lake.compact(&Snapshot::default(), Dataset::Viewing).unwrap().is_empty());
    assert!(matches!(lake.compact(&snapshot(&files), Dataset::Ratings), Err(Error::Caller(_))));
}
