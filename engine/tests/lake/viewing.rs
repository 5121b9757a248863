use adeval_engine::{Error, Snapshot, ViewingFilter, ViewingRow};
use chrono::{Duration, NaiveDate};

use crate::helpers::{TestLake, all_rows, at, newest_first, snapshot, viewing_rows};

/// The plain condition a filter should amount to.
type Keep = Box<dyn Fn(&ViewingRow) -> bool>;

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

#[test]
fn written_rows_read_back_identically_newest_first() {
    let lake = TestLake::new();
    // About three months of spots from mid January.
    let rows = viewing_rows(1, 1, 2_500, at(2026, 1, 15, 6, 0));
    let files = lake.write_viewing(1, &rows).unwrap();
    let live = snapshot(&files);

    let months: Vec<String> = files.iter().map(|f| f.month.to_string()).collect();
    assert_eq!(months, ["2026-01", "2026-02", "2026-03", "2026-04"]);
    assert_eq!(files.iter().map(|f| f.rows).sum::<u64>(), 2_500);
    let expected = newest_first(rows);
    assert_eq!(all_rows(&lake, &live, &ViewingFilter::default()), expected);
    let (page, total) = lake.viewing_page(&live, &ViewingFilter::default(), 3, 20).unwrap();
    assert_eq!(total, 2_500);
    assert_eq!(page, expected[40..60]);
    let (past_end, total) = lake.viewing_page(&live, &ViewingFilter::default(), 200, 20).unwrap();
    assert!(past_end.is_empty() && total == 2_500);
}

#[test]
fn filters_select_the_same_rows_as_the_plain_conditions() {
    let lake = TestLake::new();
    let rows = viewing_rows(2, 1, 1_200, at(2026, 2, 1, 6, 0));
    let live = snapshot(&lake.write_viewing(2, &rows).unwrap());
    let cases: Vec<(ViewingFilter, Keep)> = vec![
        (ViewingFilter { brand_id: Some(101), ..Default::default() }, Box::new(|r| r.brand_id == Some(101))),
        (
            ViewingFilter { media_id: Some(2), category: Some(1), ..Default::default() },
            Box::new(|r| r.media_id == 2 && r.category == 1),
        ),
        (
            ViewingFilter { source: Some(3), belonging_to: Some(2), ..Default::default() },
            Box::new(|r| r.source == 3 && r.belonging_to == 2),
        ),
        (
            ViewingFilter { title: Some(" MILK ad ".into()), ..Default::default() },
            Box::new(|r| r.title.to_lowercase().contains("milk ad")),
        ),
        (ViewingFilter { title: Some("金典".into()), ..Default::default() }, Box::new(|r| r.title.contains("金典"))),
        (
            ViewingFilter { from: Some(day(2, 10)), to: Some(day(2, 28)), ..Default::default() },
            Box::new(|r| r.ymd >= day(2, 10) && r.ymd <= day(2, 28)),
        ),
        (
            ViewingFilter { ids: Some(vec![5, 7, 7, 900, 5_000]), brand_id: Some(101), ..Default::default() },
            Box::new(|r| [5, 7, 900].contains(&r.id) && r.brand_id == Some(101)),
        ),
        (ViewingFilter { ids: Some(vec![]), ..Default::default() }, Box::new(|_| false)),
    ];
    for (filter, keep) in cases {
        let expected = newest_first(rows.iter().filter(|r| keep(r)).cloned().collect());
        let (page, total) = lake.viewing_page(&live, &filter, 1, 1_000_000).unwrap();
        assert_eq!(total as usize, expected.len(), "{filter:?}");
        assert_eq!(page, expected, "{filter:?}");
        assert_eq!(all_rows(&lake, &live, &filter), expected, "{filter:?}");
    }
}

#[test]
fn a_day_range_reads_only_the_files_of_the_months_it_overlaps() {
    let lake = TestLake::new();
    let january = lake.write_viewing(3, &viewing_rows(3, 1, 1_000, at(2026, 1, 20, 6, 0))).unwrap();
    // A spot of broadcast day 28 February that aired at 01:30 on 1 March.
    let mut late = viewing_rows(4, 10_000, 1, at(2026, 3, 1, 1, 30));
    late[0].ymd = day(2, 28);
    let march = lake.write_viewing(4, &late).unwrap();
    assert_eq!(january.len(), 2);
    assert_eq!(march[0].path, "viewing/month=2026-03/b4-0.parquet");
    let live = snapshot(&[january.clone(), march].concat());
    // Remove January's file behind the manifest's back: reading it now fails.
    lake.remove(&january[..1]).unwrap();
    assert!(lake.viewing_page(&live, &ViewingFilter::default(), 1, 10).is_err());

    let february = ViewingFilter { from: Some(day(2, 1)), to: Some(day(2, 28)), ..Default::default() };
    let (rows, total) = lake.viewing_page(&live, &february, 1, 1_000).unwrap();

    assert!(total > 1 && rows.iter().all(|r| r.ymd.format("%m").to_string() == "02"));
    assert_eq!(rows[0].id, 10_000, "the late spot of 28 February is found in March's file");
}

#[test]
fn deleted_rows_are_left_out_of_every_read() {
    let lake = TestLake::new();
    let rows = viewing_rows(5, 1, 400, at(2026, 4, 1, 6, 0));
    let files = lake.write_viewing(5, &rows).unwrap();
    let deleted = [3, 10, 11, 399, 123_456];
    let live = snapshot(&files).with_deleted(deleted);

    let expected = newest_first(rows.into_iter().filter(|r| !deleted.contains(&r.id)).collect());
    let (page, total) = lake.viewing_page(&live, &ViewingFilter::default(), 1, 1_000).unwrap();
    assert_eq!((page.len(), total), (396, 396));
    assert_eq!(page, expected);
    assert_eq!(all_rows(&lake, &live, &ViewingFilter::default()), expected);
    assert_eq!(lake.count_rows(&live).unwrap(), 396);
    let ids = ViewingFilter { ids: Some(vec![3, 4]), ..Default::default() };
    assert_eq!(lake.viewing_page(&live, &ids, 1, 10).unwrap().1, 1);
}

#[test]
fn viewing_ids_answers_which_of_the_ids_are_live() {
    let lake = TestLake::new();
    let files = lake.write_viewing(6, &viewing_rows(6, 100, 50, at(2026, 3, 1, 6, 0))).unwrap();
    let live = snapshot(&files).with_deleted([101]);

    assert_eq!(lake.viewing_ids(&live, &[149, 100, 101, 150, 100, -1]).unwrap(), [100, 149]);
    assert!(lake.viewing_ids(&live, &[]).unwrap().is_empty());
    assert!(lake.viewing_ids(&Snapshot::default(), &[100]).unwrap().is_empty());
}

#[test]
fn an_export_stops_at_the_first_failing_row_and_returns_its_error() {
    #[derive(Debug)]
    enum ExportError {
        Full,
        Engine,
    }
    impl From<Error> for ExportError {
        fn from(_: Error) -> Self {
            ExportError::Engine
        }
    }
    let lake = TestLake::new();
    let live = snapshot(&lake.write_viewing(7, &viewing_rows(7, 1, 5_000, at(2026, 3, 1, 6, 0))).unwrap());
    let mut seen = 0;

    let result = lake.viewing_for_each(&live, &ViewingFilter::default(), |_| {
        seen += 1;
        if seen == 3_000 { Err(ExportError::Full) } else { Ok(()) }
    });

    assert!(matches!(result, Err(ExportError::Full)));
    assert_eq!(seen, 3_000);
    let all = lake.viewing_for_each(&live, &ViewingFilter::default(), |_| Ok::<_, ExportError>(()));
    assert_eq!(all.unwrap(), 5_000);
}

#[test]
fn snapshot_paths_outside_the_lake_are_refused() {
    let lake = TestLake::new();
    let outside = std::env::temp_dir().join(format!("adeval-outside-{}.parquet", std::process::id()));
    std::fs::write(&outside, b"PAR1").unwrap();
    for path in [
        outside.display().to_string(),
        format!("../{}", outside.file_name().unwrap().to_str().unwrap()),
        "viewing/month=2026-03/../../../etc/passwd.parquet".into(),
        "viewing/month=2026-03/*.parquet".into(),
    ] {
        let result = lake.viewing_page(&Snapshot::new([path.clone()]), &ViewingFilter::default(), 1, 10);
        assert!(matches!(result, Err(Error::Caller(_))), "{path}: {result:?}");
    }
    std::fs::remove_file(outside).ok();
}

#[test]
fn rows_must_air_within_a_day_and_a_half_of_their_broadcast_day() {
    let lake = TestLake::new();
    let mut rows = viewing_rows(8, 1, 2, at(2026, 3, 1, 6, 0));
    rows[1].ymd = rows[1].air_time.date() + Duration::days(1);

    assert!(matches!(lake.write_viewing(8, &rows), Err(Error::Caller(_))));
    assert!(matches!(lake.write_viewing(9, &rows[..1]), Err(Error::Caller(_))), "batch id must match");
}

#[test]
fn totals_of_an_order_match_sums_over_the_same_rows() {
    let lake = TestLake::new();
    let mut rows = viewing_rows(5, 1, 1_500, at(2026, 2, 1, 6, 0));
    // One spot deleted must not count.
    let live = {
        let files = lake.write_viewing(5, &rows).unwrap();
        Snapshot { deleted: vec![rows[4].id], ..snapshot(&files) }
    };
    rows.remove(4);
    let filter = ViewingFilter {
        media_id: Some(2),
        audience_group_id: Some(10),
        belonging_to: Some(1),
        titles: Some(vec!["Milk Ad 15s".into(), "伊利 金典".into()]),
        from: Some(day(2, 5)),
        to: Some(day(3, 20)),
        ..Default::default()
    };
    let keep: Vec<&ViewingRow> = rows
        .iter()
        .filter(|r| r.media_id == 2 && r.audience_group_id == 10 && r.belonging_to == 1)
        .filter(|r| ["Milk Ad 15s", "伊利 金典"].contains(&r.title.as_str()))
        .filter(|r| r.ymd >= day(2, 5) && r.ymd <= day(3, 20))
        .collect();
    assert!(keep.len() > 20, "the case selects rows");
    let top = |r: &&&ViewingRow| {
        r.position_index.is_some_and(|i| i <= 3 || r.position_of.is_some_and(|of| i > of - 3))
    };
    let totals = lake.viewing_totals(&live, &filter).unwrap();
    assert!((totals.grp - keep.iter().map(|r| r.grp).sum::<f64>()).abs() < 1e-9);
    assert_eq!(totals.spots, keep.len() as u64);
    assert_eq!(totals.positioned, keep.iter().filter(|r| r.position.is_some()).count() as u64);
    assert_eq!(totals.top_or_bottom_three, keep.iter().filter(top).count() as u64);
    let none = ViewingFilter { titles: Some(vec![]), ..filter };
    assert_eq!(lake.viewing_totals(&live, &none).unwrap(), Default::default());
}
