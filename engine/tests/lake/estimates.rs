//! Class day means over a real lake: ratings written by an import and viewing rows written
//! as batches, read back per class and broadcast day against values worked by hand.

use adeval_engine::{ClassDay, Dataset, GrpWindows, LakeFile, SeriesWindows, ViewingFilter};
use chrono::NaiveDate;

use crate::helpers::{TestLake, at, snapshot, viewing_rows};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

fn of(files: &[LakeFile], dataset: Dataset) -> adeval_engine::Snapshot {
    snapshot(&files.iter().filter(|f| f.dataset == dataset).cloned().collect::<Vec<_>>())
}

/// Imports the csv text `csv` (with its header) as ratings batch `batch`; answers its files,
/// after checking that `rows` rows were written.
fn import_csv(lake: &TestLake, batch: i64, csv: &str, rows: u64) -> Vec<LakeFile> {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("adeval-estimates-src-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("ratings.csv");
    std::fs::write(&source, csv).unwrap();
    let imported = lake.import_ratings(batch, std::slice::from_ref(&source));
    std::fs::remove_dir_all(&dir).ok();
    let (files, summary) = imported.unwrap();
    assert_eq!(summary.rows, rows, "{:?}", summary.rejected);
    files
}

/// Class 1: 20:00–21:00 and 20:30–21:30 (overlapping) and the one second 22:00:00; class 2:
/// 25:00–26:00, past midnight; class 3: 10:00–11:00, where no sample falls.
const WINDOWS: [(i64, i32, i32); 5] =
    [(1, 72_000, 75_600), (1, 73_800, 77_400), (1, 79_200, 79_200), (2, 90_000, 93_600), (3, 36_000, 39_600)];

#[test]
fn class_day_means_over_a_written_series() {
    let lake = TestLake::new();
    // (time, rating) of CCTV-1 全国; the same times carry 500 on the other series.
    let samples = [
        ("2026-02-28 20:00:00", 99.0), // before the range
        ("2026-03-01 01:10:00", 99.0), // broadcast day 28 February's 25:10
        ("2026-03-01 20:00:00", 1.0),
        ("2026-03-01 21:15:00", 2.0),   // in both of class 1's first windows: counted once
        ("2026-03-01 21:30:00", 100.0), // the window's end is excluded
        ("2026-03-01 22:00:00", 6.0),   // the one-second period
        ("2026-03-01 22:01:00", 100.0),
        ("2026-03-02 01:30:00", 5.0),  // broadcast day 1 March's 25:30: class 2
        ("2026-03-02 02:00:00", 50.0), // 26:00, excluded
        ("2026-03-03 20:30:00", 4.0),
        ("2026-03-04 01:00:00", 7.0), // broadcast day 3 March's 25:00
        ("2026-03-04 20:00:00", 9.0), // the range's end is excluded
    ];
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    for (ts, rating) in samples {
        csv.push_str(&format!("CCTV-1,全国,{ts},{rating}\nCCTV-1,上海,{ts},500\nCCTV-5,全国,{ts},500\n"));
    }
    let files = import_csv(&lake, 1, &csv, 36);
    let ratings = of(&files, Dataset::Ratings);

    // Many series at once, read first (the lake keeps what it reads, so the single requests
    // below find these kept): each answers as it is answered alone, worked by hand below.
    let request = |channel, audience_group, windows, from, to_excl| SeriesWindows {
        channel,
        audience_group,
        windows,
        from,
        to_excl,
    };
    let one_class = [(7, 72_000, 73_000)];
    let many = lake
        .class_day_means_many(
            &ratings,
            &[
                request("CCTV-1", "全国", &WINDOWS, day(3, 1), day(3, 4)),
                request("CCTV-9", "全国", &WINDOWS, day(3, 1), day(3, 4)),
                request("CCTV-1", "上海", &one_class, day(3, 1), day(3, 2)),
                request("CCTV-5", "全国", &WINDOWS, day(3, 3), day(3, 5)),
                request("CCTV-1", "全国", &[], day(3, 1), day(3, 4)),
            ],
        )
        .unwrap();

    let means = lake.class_day_means(&ratings, "CCTV-1", "全国", &WINDOWS, day(3, 1), day(3, 4)).unwrap();
    // Class 1 on 1 March: (1 + 2 + 6) / 3; 2 March has no sample and is left out.
    let expected: Vec<ClassDay> =
        vec![(1, day(3, 1), 3.0, 3), (1, day(3, 3), 4.0, 1), (2, day(3, 1), 5.0, 1), (2, day(3, 3), 7.0, 1)];
    assert_eq!(means, expected);

    // Another series, another range, and no series at all. The series ends at 4 March 20:00,
    // before class 1's last window of that day (22:00): 4 March is not delivered whole for
    // class 1 and does not count, though its 20:00 sample lies in the first window. 3 March's
    // class 2 (to 26:00) counts: the 4 March 20:00 sample shows the series went past it.
    let other = lake.class_day_means(&ratings, "CCTV-5", "全国", &WINDOWS, day(3, 3), day(3, 5)).unwrap();
    assert_eq!(other, vec![(1, day(3, 3), 500.0, 1), (2, day(3, 3), 500.0, 1)]);
    assert!(lake.class_day_means(&ratings, "CCTV-9", "全国", &WINDOWS, day(3, 1), day(3, 4)).unwrap().is_empty());
    assert!(lake.class_day_means(&ratings, "CCTV-1", "全国", &[], day(3, 1), day(3, 4)).unwrap().is_empty());
    // Only 28 February's files-worth: its 20:00 sample and 1 March's 01:10, which is its 25:10.
    let feb = lake.class_day_means(&ratings, "CCTV-1", "全国", &WINDOWS, day(2, 28), day(3, 1)).unwrap();
    assert_eq!(feb, vec![(1, day(2, 28), 99.0, 1), (2, day(2, 28), 99.0, 1)]);

    assert_eq!(many, vec![expected, Vec::new(), vec![(7, day(3, 1), 500.0, 1)], other, Vec::new()]);
}

#[test]
fn a_class_mean_weighs_each_sample_by_the_time_it_stands_for() {
    // 19:00–19:59 per minute at 1.0, but the minute 19:30 delivered per second at 2.0 (a break
    // measured finely). Over the class's hour 19:00–20:00: 59 minutes at 1.0 and 60 seconds at
    // 2.0, (59 × 60 × 1 + 60 × 2) ÷ 3600 = 1.016666…; the plain mean of the 119 samples would
    // be (59 + 120) ÷ 119 = 1.504.
    let lake = TestLake::new();
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    for m in 0..60 {
        if m == 30 {
            for s in 0..60 {
                csv.push_str(&format!("CCTV-1,全国,2026-03-01 19:30:{s:02},2.0\n"));
            }
        } else {
            csv.push_str(&format!("CCTV-1,全国,2026-03-01 19:{m:02}:00,1.0\n"));
        }
    }
    let files = import_csv(&lake, 1, &csv, 119);
    let ratings = of(&files, Dataset::Ratings);
    let means = lake.class_day_means(&ratings, "CCTV-1", "全国", &[(1, 68_400, 72_000)], day(3, 1), day(3, 2)).unwrap();
    assert_eq!(means.len(), 1, "{means:?}");
    let (class, d, mean, samples) = means[0];
    assert_eq!((class, d, samples), (1, day(3, 1), 119));
    assert!((mean - 61.0 / 60.0).abs() < 1e-12, "{mean}");
}

#[test]
fn class_day_grp_over_written_viewing_rows() {
    let lake = TestLake::new();
    // Six spots of media 1, group 10, customer side, placed by hand on the generated rows.
    let spots = [
        (day(3, 1), at(2026, 3, 1, 20, 10), 0.5),
        (day(3, 1), at(2026, 3, 1, 21, 20), 1.5), // in both overlapping windows
        (day(3, 1), at(2026, 3, 2, 1, 15), 2.0),  // 25:15 of 1 March
        (day(3, 2), at(2026, 3, 2, 9, 0), 8.0),   // in no window
        (day(3, 3), at(2026, 3, 3, 20, 45), 3.0),
        (day(3, 4), at(2026, 3, 4, 20, 45), 9.0), // past the range
    ];
    let mut rows = viewing_rows(1, 1, spots.len() as i64 + 1, at(2026, 3, 1, 6, 0));
    for (row, (ymd, air_time, grp)) in rows.iter_mut().zip(spots) {
        (row.ymd, row.air_time, row.grp) = (ymd, air_time, grp);
        (row.media_id, row.audience_group_id, row.belonging_to) = (1, 10, 1);
    }
    // The last row: same time as the first spot, other side.
    let last = rows.last_mut().unwrap();
    (last.ymd, last.air_time, last.grp, last.media_id, last.audience_group_id, last.belonging_to) =
        (day(3, 1), at(2026, 3, 1, 20, 10), 40.0, 1, 10, 2);
    let files = lake.write_viewing(1, &rows).unwrap();
    let viewing = of(&files, Dataset::Viewing);
    let filter = ViewingFilter {
        media_id: Some(1),
        audience_group_id: Some(10),
        belonging_to: Some(1),
        ..ViewingFilter::default()
    };
    let grp = lake.class_day_grp(&viewing, &filter, &WINDOWS, day(3, 1), day(3, 4)).unwrap();
    let expected: Vec<ClassDay> = vec![(1, day(3, 1), 1.0, 2), (1, day(3, 3), 3.0, 1), (2, day(3, 1), 2.0, 1)];
    assert_eq!(grp, expected);
    let media = ViewingFilter { belonging_to: Some(2), ..filter.clone() };
    let grp = lake.class_day_grp(&viewing, &media, &WINDOWS, day(3, 1), day(3, 4)).unwrap();
    assert_eq!(grp, vec![(1, day(3, 1), 40.0, 1)]);

    // Many orders' fallbacks at once answer each as it is answered alone.
    let request = |belonging_to, category, from, to_excl| GrpWindows {
        media_id: 1,
        audience_group_id: 10,
        group_key: None,
        belonging_to,
        category,
        source: None,
        windows: &WINDOWS,
        from,
        to_excl,
    };
    let category = rows[0].category;
    let many = lake
        .class_day_grp_many(
            &viewing,
            &[
                request(1, None, day(3, 1), day(3, 4)),
                request(2, None, day(3, 1), day(3, 4)),
                request(1, None, day(3, 3), day(3, 5)),
                request(1, Some(category), day(3, 1), day(3, 2)),
                request(1, Some(9), day(3, 1), day(3, 4)),
            ],
        )
        .unwrap();
    let alone = |filter: &ViewingFilter, from, to| lake.class_day_grp(&viewing, filter, &WINDOWS, from, to).unwrap();
    let first = ViewingFilter { category: Some(category), ..filter.clone() };
    assert_eq!(
        many,
        vec![
            expected,
            vec![(1, day(3, 1), 40.0, 1)],
            alone(&filter, day(3, 3), day(3, 5)),
            alone(&first, day(3, 1), day(3, 2)),
            Vec::new()
        ]
    );
    assert_eq!(many[2], vec![(1, day(3, 3), 3.0, 1), (1, day(3, 4), 9.0, 1)]);
}

#[test]
fn class_day_grp_many_subtracts_deleted_rows_as_the_filtered_read_skips_them() {
    let lake = TestLake::new();
    // Batch 1's rows (ids 1 << 32 | n, as imports number them) over three days of March, and a
    // second batch; every media, both sides, groups 10 and 11.
    let a = viewing_rows(1, 1 << 32, 300, at(2026, 3, 1, 6, 0));
    let b = viewing_rows(2, 2 << 32, 200, at(2026, 3, 2, 6, 30));
    let files = [lake.write_viewing(1, &a).unwrap(), lake.write_viewing(2, &b).unwrap()].concat();
    // Every seventh row of batch 1 and every fifth of batch 2 deleted, and an id no file has.
    let deleted: Vec<i64> = a.iter().step_by(7).map(|r| r.id).chain(b.iter().step_by(5).map(|r| r.id)).chain([9 << 32]).collect();
    let viewing = of(&files, Dataset::Viewing).with_deleted(deleted);
    let (from, to_excl) = (day(3, 1), day(3, 12));
    let request = |media_id, audience_group_id, belonging_to| GrpWindows {
        media_id,
        audience_group_id,
        group_key: None,
        belonging_to,
        category: None,
        source: None,
        windows: &WINDOWS,
        from,
        to_excl,
    };
    let requests: Vec<GrpWindows> = [(1, 10, 1), (2, 11, 2), (3, 10, 1), (1, 11, 2), (2, 10, 1)].map(|(m, g, s)| request(m, g, s)).to_vec();
    let many = lake.class_day_grp_many(&viewing, &requests).unwrap();
    for (r, got) in requests.iter().zip(&many) {
        let filter = ViewingFilter {
            media_id: Some(r.media_id),
            audience_group_id: Some(r.audience_group_id),
            belonging_to: Some(r.belonging_to),
            ..ViewingFilter::default()
        };
        // The single request's read skips the deleted rows by their ids.
        let want = lake.class_day_grp(&viewing, &filter, &WINDOWS, from, to_excl).unwrap();
        assert_eq!(got.len(), want.len(), "{filter:?}");
        for (g, w) in got.iter().zip(&want) {
            assert_eq!((g.0, g.1, g.3), (w.0, w.1, w.3), "{filter:?}");
            assert!((g.2 - w.2).abs() < 1e-12, "{filter:?}: {g:?} vs {w:?}");
        }
    }
    assert!(many.iter().filter(|m| !m.is_empty()).count() >= 3, "{many:?}");
    // Without the deletions some day counts more spots.
    let all = lake.class_day_grp_many(&of(&files, Dataset::Viewing), &requests).unwrap();
    let spots = |m: &[Vec<ClassDay>]| m.iter().flatten().map(|d| d.3).sum::<u64>();
    assert!(spots(&all) > spots(&many), "{} vs {}", spots(&all), spots(&many));
}

#[test]
fn class_day_means_are_kept_per_set_of_rating_files() {
    let lake = TestLake::new();
    let import = |batch: i64, samples: &[(&str, f64)]| {
        let csv: String = samples.iter().map(|(ts, rating)| format!("CCTV-1,全国,{ts},{rating}\n")).collect();
        import_csv(&lake, batch, &format!("channel,audience_group,ts,rating\n{csv}"), samples.len() as u64)
    };
    // Class 1 is 20:00–21:00; 21:30 shows the series delivered past it.
    let first = import(1, &[("2026-03-01 20:00:00", 1.0), ("2026-03-01 20:30:00", 3.0), ("2026-03-01 21:30:00", 1.0)]);
    let class = [(1, 72_000, 75_600)];
    let request = [SeriesWindows { channel: "CCTV-1", audience_group: "全国", windows: &class, from: day(3, 1), to_excl: day(3, 2) }];
    let before = of(&first, Dataset::Ratings);
    let kept = lake.class_day_means_many(&before, &request).unwrap();
    assert_eq!(kept, vec![vec![(1, day(3, 1), 2.0, 2)]]);
    assert_eq!(lake.class_day_means_many(&before, &request).unwrap(), kept);
    // A second batch adds 20:45 at 8.0 in a file of its own: (1 + 3 + 8) / 3, each a minute.
    let second = import(2, &[("2026-03-01 20:45:00", 8.0)]);
    let after = of(&[first.clone(), second].concat(), Dataset::Ratings);
    assert_eq!(lake.class_day_means_many(&after, &request).unwrap(), vec![vec![(1, day(3, 1), 4.0, 3)]]);
    // A reader of the earlier set (an older snapshot) gets that set's means, not the kept ones.
    assert_eq!(lake.class_day_means_many(&before, &request).unwrap(), kept);
    // Kept, not read again: with the first batch's file gone the same request still answers,
    // and one that differs only in its first day has to read it.
    for file in &first {
        std::fs::remove_file(lake.root().join(&file.path)).unwrap();
    }
    assert_eq!(lake.class_day_means_many(&before, &request).unwrap(), kept);
    let earlier = [SeriesWindows { from: day(2, 28), ..request[0].clone() }];
    assert!(lake.class_day_means_many(&before, &earlier).is_err());
}

#[test]
fn a_series_means_do_not_depend_on_the_requests_read_beside_it() {
    // Class 1 is 20:00–21:00. 1 March has samples in the window but none after it before a
    // gap of days: the day is not known to be delivered whole. 5 March is, by its 21:30.
    let lake = TestLake::new();
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    for (ts, rating) in [("2026-03-01 20:00:00", 1.0), ("2026-03-01 20:30:00", 3.0), ("2026-03-05 20:00:00", 5.0), ("2026-03-05 21:30:00", 1.0)] {
        csv.push_str(&format!("CCTV-1,全国,{ts},{rating}\n"));
    }
    let files = import_csv(&lake, 1, &csv, 4);
    let ratings = of(&files, Dataset::Ratings);
    let class = [(1, 72_000, 75_600)];
    let request = |from, to_excl| SeriesWindows { channel: "CCTV-1", audience_group: "全国", windows: &class, from, to_excl };
    // Read together, the later request's range reaches the 5 March samples; the first request
    // still looks only a day beyond its own range, as it does alone.
    let both = lake.class_day_means_many(&ratings, &[request(day(3, 1), day(3, 2)), request(day(3, 5), day(3, 6))]).unwrap();
    assert_eq!(both, vec![Vec::new(), vec![(1, day(3, 5), 5.0, 1)]]);
}
