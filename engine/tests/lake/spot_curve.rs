//! A spot's rating curve (`Lake::spot_curve`) against samples worked by hand.

use adeval_engine::{CurveRequest, Dataset, LakeFile, Resolution, Snapshot, SpotCurve};
use chrono::{Duration, NaiveDateTime};

use crate::helpers::{TestLake, at, snapshot};

/// `channel,audience_group,ts,rating` lines: CCTV-1 全国 per second from 2026-03-31 23:58:00
/// to 04-01 00:02:00 (rating = seconds since 23:58:00 ÷ 10), the same seconds for 上海 at
/// 100, and 湖南卫视 全国 per minute 19:50–20:10 on 31 March (rating = minutes since 19:50).
fn csv() -> String {
    let mut csv = String::from("channel,audience_group,ts,rating\n");
    let first = at(2026, 3, 31, 23, 58);
    for i in 0..=240 {
        let ts = (first + Duration::seconds(i)).format("%Y-%m-%d %H:%M:%S");
        csv.push_str(&format!("CCTV-1,全国,{ts},{}\n", i as f64 / 10.0));
        csv.push_str(&format!("CCTV-1,上海,{ts},100\n"));
    }
    for m in 0..=20 {
        let ts = (at(2026, 3, 31, 19, 50) + Duration::minutes(m)).format("%Y-%m-%d %H:%M:%S");
        csv.push_str(&format!("湖南卫视,全国,{ts},{m}\n"));
    }
    csv
}

fn imported(lake: &TestLake) -> Snapshot {
    // Beside the lake, outside its root: an import reads its sources from anywhere.
    let name = lake.root().file_name().unwrap().to_string_lossy().into_owned();
    let dir = std::env::temp_dir().join(format!("{name}-src"));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("curve.csv");
    std::fs::write(&source, csv()).unwrap();
    let (files, summary) = lake.import_ratings(1, &[source]).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(summary.rows, 241 * 2 + 21, "{:?}", summary.rejected);
    let series: Vec<LakeFile> = files.into_iter().filter(|f| f.dataset == Dataset::Ratings).collect();
    assert_eq!(series.len(), 2, "March and April");
    snapshot(&series)
}

fn request<'a>(channel: &'a str, group: &'a str, start: NaiveDateTime, (duration, before, after): (u32, u32, u32)) -> CurveRequest<'a> {
    CurveRequest { channel, audience_group: group, start, duration, before, after }
}

fn secs(h: u32, m: u32, s: u32) -> NaiveDateTime {
    at(2026, 3, 31, h, m) + Duration::seconds(s.into())
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 1e-9)
}

#[test]
fn a_per_second_curve_holds_the_window_and_the_mean_of_the_spots_own_seconds() {
    let lake = TestLake::new();
    let ratings = imported(&lake);

    // 23:59:00 + 15 s, 5 s each side: the seconds 23:58:55 … 23:59:19, ratings 5.5 … 7.9;
    // the spot's own seconds are 60 … 74 after 23:58:00, mean 6.7.
    let curve = lake.spot_curve(&ratings, &request("CCTV-1", "全国", secs(23, 59, 0), (15, 5, 5))).unwrap();

    assert_eq!(curve.resolution, Resolution::Second);
    assert_eq!(curve.points.len(), 25);
    assert_eq!(curve.points[0], (secs(23, 58, 55), 5.5));
    assert_eq!(curve.points[24], (secs(23, 59, 19), 7.9));
    assert!(close(curve.spot_mean, 6.7), "{:?}", curve.spot_mean);
}

#[test]
fn a_curve_across_midnight_reads_both_months() {
    let lake = TestLake::new();
    let ratings = imported(&lake);

    // 23:59:58 + 4 s: 118 … 121 after 23:58:00, mean 11.95; the window 23:59:57 … 00:00:02.
    let curve = lake.spot_curve(&ratings, &request("CCTV-1", "全国", secs(23, 59, 58), (4, 1, 1))).unwrap();

    let times: Vec<NaiveDateTime> = curve.points.iter().map(|p| p.0).collect();
    assert_eq!(times.first(), Some(&secs(23, 59, 57)));
    assert_eq!(times.last(), Some(&(at(2026, 4, 1, 0, 0) + Duration::seconds(2))));
    assert_eq!(times.len(), 6);
    assert!(close(curve.spot_mean, 11.95), "{:?}", curve.spot_mean);
}

#[test]
fn a_per_minute_curve_counts_every_minute_that_overlaps() {
    let lake = TestLake::new();
    let ratings = imported(&lake);

    // 20:00:30 + 45 s overlaps the minutes 20:00 and 20:01 (10 and 11); a minute each side
    // reaches 19:59 and 20:02.
    let curve = lake.spot_curve(&ratings, &request("湖南卫视", "全国", secs(20, 0, 30), (45, 60, 60))).unwrap();

    assert_eq!(curve.resolution, Resolution::Minute);
    let expected: Vec<(NaiveDateTime, f64)> = (9..=12).map(|m| (secs(19, 50, 0) + Duration::minutes(m), m as f64)).collect();
    assert_eq!(curve.points, expected);
    assert!(close(curve.spot_mean, 10.5), "{:?}", curve.spot_mean);

    // With nothing around the spot, the minute holding its start still counts.
    let curve = lake.spot_curve(&ratings, &request("湖南卫视", "全国", secs(20, 0, 30), (10, 0, 0))).unwrap();
    assert_eq!((curve.points, curve.spot_mean), (vec![(secs(20, 0, 0), 10.0)], Some(10.0)));
}

#[test]
fn no_samples_answer_an_empty_curve_without_a_mean() {
    let lake = TestLake::new();
    let ratings = imported(&lake);
    let empty = SpotCurve { points: Vec::new(), spot_mean: None, resolution: Resolution::Minute };

    // Another series, another day, a month without files, and no files at all.
    for (channel, group, start) in [
        ("CCTV-5", "全国", secs(23, 59, 0)),
        ("湖南卫视", "上海", secs(20, 0, 0)),
        ("CCTV-1", "全国", at(2026, 3, 30, 23, 59)),
        ("CCTV-1", "全国", at(2026, 6, 1, 20, 0)),
    ] {
        assert_eq!(lake.spot_curve(&ratings, &request(channel, group, start, (15, 300, 300))).unwrap(), empty);
    }
    let none = Snapshot::default();
    assert_eq!(lake.spot_curve(&none, &request("CCTV-1", "全国", secs(23, 59, 0), (15, 300, 300))).unwrap(), empty);
}

#[test]
fn a_stretch_past_the_last_date_is_an_empty_curve() {
    let lake = TestLake::new();
    let ratings = imported(&lake);
    let last = NaiveDateTime::MAX - Duration::seconds(10);
    let first = NaiveDateTime::MIN + Duration::seconds(10);
    for start in [last, first] {
        let curve = lake.spot_curve(&ratings, &request("CCTV-1", "全国", start, (15, 7200, 7200))).unwrap();
        assert!(curve.points.is_empty() && curve.spot_mean.is_none(), "{start}");
    }
}
