//! The demo model: its stretches, and its spot means against its own series file.

use super::*;

fn at(d: u32, h: u32, m: u32, s: u32) -> NaiveDateTime {
    chrono::NaiveDate::from_ymd_opt(2026, 11, d).and_then(|d| d.and_hms_opt(h, m, s)).unwrap()
}

#[test]
fn stretches_cover_five_minutes_round_each_break_in_whole_minutes_and_merge() {
    let breaks = [
        Break { channel: 0, start: at(2, 20, 15, 30), end: at(2, 20, 17, 0) },
        Break { channel: 0, start: at(2, 20, 24, 10), end: at(2, 20, 25, 0) },
        Break { channel: 1, start: at(2, 20, 15, 30), end: at(2, 20, 16, 0) },
    ];
    assert_eq!(
        stretches(&breaks),
        [
            // 20:10:30 → 20:10, 20:22:00 → 20:22; then 20:19:10 → 20:19 (overlaps), 20:30.
            Stretch {
                channel: 0,
                start: at(2, 20, 10, 0),
                end: at(2, 20, 30, 0),
                breaks: vec![(at(2, 20, 15, 30), at(2, 20, 17, 0)), (at(2, 20, 24, 10), at(2, 20, 25, 0))]
            },
            Stretch { channel: 1, start: at(2, 20, 10, 0), end: at(2, 20, 21, 0), breaks: vec![(at(2, 20, 15, 30), at(2, 20, 16, 0))] },
        ]
    );
}

#[test]
fn the_series_hold_minutes_seconds_round_the_break_and_each_spots_mean_is_of_its_samples() {
    let dir = std::env::temp_dir().join(format!("adeval-demo-model-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let channels = [("湖南卫视", vec!["全国4+", "一线城市"])];
    let breaks = [Break { channel: 0, start: at(2, 20, 15, 30), end: at(2, 20, 17, 0) }];
    let spec = DemoSeries {
        channels: &channels,
        per_second: &[(0, "全国4+")],
        from: at(2, 0, 0, 0),
        to: at(3, 0, 0, 0),
        breaks: &breaks,
        seed: 11,
    };
    let model = DemoModel::new(&spec).unwrap();
    let (a, b) = (dir.join("a.parquet"), dir.join("b.parquet"));
    // 一线城市 every minute; 全国4+ every minute but 20:10 … 20:21, every second there.
    assert_eq!(model.write(&a).unwrap(), 1440 + (1440 - 12) + 12 * 60);
    DemoModel::new(&spec).unwrap().write(&b).unwrap();

    let conn = Connection::open_in_memory().unwrap();
    let file = |p: &Path| sql_literal(p.to_str().unwrap());
    let count = |sql: String| conn.query_row(&sql, [], |r| r.get::<_, i64>(0)).unwrap();
    let (a_, b_) = (file(&a), file(&b));
    // The same spec, the same series; in time order, as an import streams it.
    assert_eq!(count(format!("select count(*) from (select * from read_parquet({a_}) except all select * from read_parquet({b_}))")), 0);
    let unordered = format!("select count(*) from (select ts < lag(ts) over () as back from read_parquet({a_})) where back");
    assert_eq!(count(unordered), 0);
    // To 3 decimals; prime time on 全国4+ between 0.5 and 3, the small hours under 0.3.
    let stray = format!(
        "select count(*) from read_parquet({a_}) where rating <> round(rating, 3)
           or (audience_group = '全国4+' and hour(ts) between 20 and 21 and rating not between 0.5 and 3)
           or (hour(ts) between 2 and 4 and rating >= 0.3)"
    );
    assert_eq!(count(stray), 0);

    // A spot in the break, per second: the mean of its 15 seconds in the file. One on the
    // per-minute group: the mean of the minutes 20:16 and 20:17 it overlaps.
    let spots = [
        SpotSeconds { channel: 0, group: "全国4+", start: at(2, 20, 16, 0), seconds: 15 },
        SpotSeconds { channel: 0, group: "一线城市", start: at(2, 20, 16, 50), seconds: 15 },
        SpotSeconds { channel: 0, group: "北京", start: at(2, 20, 16, 0), seconds: 15 },
    ];
    let means = model.spot_means(&spots).unwrap();
    let mean = |group: &str, from: &str, to: &str| {
        conn.query_row(
            &format!(
                "select avg(rating) from read_parquet({a_}) where audience_group = '{group}'
                   and ts between timestamp '2026-11-02 {from}' and timestamp '2026-11-02 {to}'"
            ),
            [],
            |r| r.get::<_, f64>(0),
        )
        .unwrap()
    };
    let (seconds, minutes) = (mean("全国4+", "20:16:00", "20:16:14"), mean("一线城市", "20:16:00", "20:17:00"));
    assert!((means[0].unwrap() - seconds).abs() < 1e-12, "{means:?} vs {seconds}");
    assert!((means[1].unwrap() - minutes).abs() < 1e-12, "{means:?} vs {minutes}");
    assert_eq!(means[2], None, "a group the channel has no series of");
    std::fs::remove_dir_all(dir).ok();
}
