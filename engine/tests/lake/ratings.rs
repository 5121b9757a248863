use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use adeval_engine::{Dataset, Error, LakeFile, MAX_REASONS, Month, RatingStats, RatingsSummary, Snapshot};
use chrono::{Duration, NaiveDateTime};

use crate::helpers::{TestLake, at, snapshot};

/// A directory outside every lake for import sources, removed when dropped.
struct Sources(PathBuf);

impl Sources {
    fn new(name: &str) -> Sources {
        let dir = std::env::temp_dir().join(format!("adeval-ratings-src-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        Sources(dir)
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// A Parquet file made by a DuckDB of the test's own from `select`.
    fn parquet(&self, name: &str, select: &str) -> PathBuf {
        let path = self.0.join(name);
        let conn = duckdb::Connection::open_in_memory().unwrap();
        conn.execute_batch(&format!("copy ({select}) to '{}' (format parquet)", path.display())).unwrap();
        path
    }
}

impl Drop for Sources {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

type Sample = (String, String, NaiveDateTime, f64);

/// A minute series per channel and group from 27 February to 2 March.
fn samples() -> Vec<Sample> {
    let mut out = Vec::new();
    for channel in ["CCTV-1", "湖南卫视", "CCTV-5"] {
        for group in ["全国", "上海"] {
            for i in 0..4 * 24 * 60 {
                let rating = ((out.len() * 7_919) % 1_000) as f64 / 100.0;
                out.push((channel.to_owned(), group.to_owned(), at(2026, 2, 27, 0, 0) + Duration::minutes(i), rating));
            }
        }
    }
    out
}

fn by<K: Ord>(samples: &[Sample], key: impl Fn(&Sample) -> K) -> BTreeMap<K, RatingStats> {
    let mut out: BTreeMap<K, RatingStats> = BTreeMap::new();
    for s in samples {
        let e = out.entry(key(s)).or_insert(RatingStats { n: 0, sum: 0.0, avg: 0.0, min: f64::MAX, max: f64::MIN });
        e.n += 1;
        e.sum += s.3;
        e.min = e.min.min(s.3);
        e.max = e.max.max(s.3);
    }
    for e in out.values_mut() {
        e.avg = e.sum / e.n as f64;
    }
    out
}

fn assert_close(found: &RatingStats, expected: &RatingStats) {
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
    assert_eq!((found.n, found.min, found.max), (expected.n, expected.min, expected.max));
    assert!(close(found.sum, expected.sum) && close(found.avg, expected.avg), "{found:?} vs {expected:?}");
}

fn of(files: &[LakeFile], dataset: Dataset) -> Snapshot {
    snapshot(&files.iter().filter(|f| f.dataset == dataset).cloned().collect::<Vec<_>>())
}

#[test]
fn ratings_are_written_per_month_and_the_rollup_equals_a_direct_aggregate() {
    let lake = TestLake::new();
    let sources = Sources::new("good");
    let all = samples();
    // CCTV-5 comes as Parquet, the rest as csv with the columns in another order.
    let (parquet, csv): (Vec<Sample>, Vec<Sample>) = all.iter().cloned().partition(|s| s.0 == "CCTV-5");
    let mut text = String::from("\u{feff}ts,Channel,rating,audience_group\n");
    for (c, g, ts, r) in &csv {
        writeln!(text, "{},{c},{r},{g}", ts.format("%Y-%m-%d %H:%M:%S")).unwrap();
    }
    let csv_file = sources.file("ratings.csv", &text);
    let parquet_file = sources.parquet(
        "cctv5.parquet",
        "select 'CCTV-5' as channel, g as audience_group, timestamp '2026-02-27' + to_minutes(i) as ts, \
         0.0::double as rating from range(5760) t(i), (values ('全国'), ('上海')) v(g)",
    );
    // The Parquet source's ratings are all 0.
    let all: Vec<Sample> = csv.into_iter().chain(parquet.into_iter().map(|(c, g, t, _)| (c, g, t, 0.0))).collect();

    let (files, summary) = lake.import_ratings(42, &[csv_file, parquet_file]).unwrap();

    assert_eq!((summary.rows, summary.rejected.len()), (all.len() as u64, 0));
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "ratings/month=2026-02/b42-0.parquet",
            "ratings_daily/month=2026-02/b42-0.parquet",
            "ratings/month=2026-03/b42-0.parquet",
            "ratings_daily/month=2026-03/b42-0.parquet",
        ]
    );
    let (series, rollup) = (of(&files, Dataset::Ratings), of(&files, Dataset::RatingsDaily));
    assert_eq!(lake.count_rows(&series).unwrap(), all.len() as u64);

    let expected = by(&all, |s| s.0.clone());
    let found = lake.ratings_by_channel(&rollup, None).unwrap();
    assert_eq!(found.iter().map(|c| &c.channel).collect::<Vec<_>>(), expected.keys().collect::<Vec<_>>());
    for c in &found {
        assert_close(&c.stats, &expected[&c.channel]);
    }
    let march: Vec<Sample> = all.iter().filter(|s| s.2 >= at(2026, 3, 1, 0, 0)).cloned().collect();
    let expected = by(&march, |s| (s.0.clone(), s.1.clone()));
    let found = lake.ratings_by_channel_group(&rollup, Some(Month::new(2026, 3).unwrap())).unwrap();
    assert_eq!(found.len(), expected.len());
    for c in &found {
        assert_close(&c.stats, &expected[&(c.channel.clone(), c.audience_group.clone())]);
    }
    let hunan: Vec<Sample> = all.iter().filter(|s| s.0 == "湖南卫视").cloned().collect();
    let expected = by(&hunan, |s| s.2.date());
    let found = lake.ratings_by_day(&rollup, "湖南卫视", None, None).unwrap();
    assert_eq!(found.len(), 4);
    for d in &found {
        assert_close(&d.stats, &expected[&d.day]);
    }
    let shanghai = lake.ratings_by_day(&rollup, "湖南卫视", Some("上海"), Some(Month::new(2026, 2).unwrap())).unwrap();
    assert_eq!(shanghai.iter().map(|d| d.stats.n).collect::<Vec<_>>(), [1_440, 1_440]);

    let (from, to) = (at(2026, 2, 28, 23, 50), at(2026, 3, 1, 0, 10));
    let window: Vec<(NaiveDateTime, f64)> =
        hunan.iter().filter(|s| s.1 == "全国" && s.2 >= from && s.2 < to).map(|s| (s.2, s.3)).collect();
    assert_eq!(window.len(), 20);
    assert_eq!(lake.ratings_series(&series, "湖南卫视", "全国", from, to).unwrap(), window);
}

/// The problems a summary lists, as they are shown.
fn shown(summary: &RatingsSummary) -> Vec<String> {
    summary.rejected.iter().map(ToString::to_string).collect()
}

#[test]
fn a_bad_line_rejects_the_whole_batch_and_names_each_line() {
    let lake = TestLake::new();
    let sources = Sources::new("bad");
    let file = sources.file(
        "bad.csv",
        "channel,audience_group,ts,rating\n\
         CCTV-1,全国,2026-03-01 20:00:00,1.5\n\
         \n\
         CCTV-1,全国,2026-03-01 20:01:00,abc\n\
         ,全国,not a time,1\n\
         CCTV-1,全国,2026-03-01 20:02:00,1,extra\n\
         ,全国,2026-03-01 20:03:00,1\n\
         CCTV-1,全国,2026-03-01 20:04:00,-2\n\
         CCTV-1,全国,2026-03-01 20:05:00,\n\
         CCTV-1,全国,2026-03-01 20:06:00,2\n",
    );

    let (files, summary) = lake.import_ratings(1, &[file]).unwrap();

    assert!(files.is_empty());
    assert_eq!(summary.rows, 0);
    // Every problem of a line is listed: line 5 has no channel and a time that does not read.
    assert_eq!(
        shown(&summary),
        [
            "「bad.csv」第 4 行：rating「abc」不是数字",
            "「bad.csv」第 5 行：channel 为空",
            "「bad.csv」第 5 行：ts「not a time」不是有效时间",
            "「bad.csv」第 6 行：列数过多（应为 4 列）",
            "「bad.csv」第 7 行：channel 为空",
            "「bad.csv」第 8 行：rating 不能为负数",
            "「bad.csv」第 9 行：rating 为空",
        ]
    );
    assert_eq!((summary.bad_lines, summary.problems), (6, 7));
    assert_eq!(parquet_files_under(lake.root()), 0, "nothing is written");
}

#[test]
fn bad_headers_missing_columns_and_bad_parquet_values_are_reported_per_file() {
    let lake = TestLake::new();
    let sources = Sources::new("files");
    let header = sources.file("header.csv", "channel,group,ts,rating\nCCTV-1,全国,2026-03-01 20:00:00,1\n");
    let missing = sources.parquet("missing.parquet", "select 'CCTV-1' as channel, '全国' as audience_group, 1 as ts");
    let values = sources.parquet(
        "values.parquet",
        "select 'CCTV-1' as channel, '全国' as audience_group, \
         (timestamp '2026-03-01' + to_minutes(i))::varchar as ts, \
         case when i = 2 then -1.0 when i = 4 then 'NaN'::double else 1.0 end as rating from range(6) t(i) \
         union all select 'CCTV-1', '全国', 'yesterday', 1.0",
    );

    let (files, summary) = lake.import_ratings(2, &[header, missing, values]).unwrap();

    assert!(files.is_empty());
    assert_eq!(
        shown(&summary),
        [
            "「header.csv」第 1 行：表头应为 channel,audience_group,ts,rating（顺序不限），实际为：channel,group,ts,rating",
            "「missing.parquet」：缺少列：rating",
            "「values.parquet」第 3 行：rating 不能为负数",
            "「values.parquet」第 5 行：rating 不是有限数值",
            "「values.parquet」第 7 行：ts 不是有效时间",
        ]
    );
    assert_eq!((summary.bad_lines, summary.problems), (5, 5));
    assert_eq!(parquet_files_under(lake.root()), 0);
}

#[test]
fn the_reasons_stop_at_the_cap_and_count_the_rest() {
    let lake = TestLake::new();
    let sources = Sources::new("many");
    let mut text = String::from("channel,audience_group,ts,rating\n");
    for i in 0..MAX_REASONS + 50 {
        writeln!(text, "CCTV-1,全国,2026-03-01 20:00:00,{}", -(i as f64) - 1.0).unwrap();
    }
    let file = sources.file("many.csv", &text);

    let (_, summary) = lake.import_ratings(3, &[file]).unwrap();

    assert_eq!(summary.rejected.len(), MAX_REASONS);
    assert_eq!(shown(&summary)[MAX_REASONS - 1], format!("「many.csv」第 {} 行：rating 不能为负数", MAX_REASONS + 1));
    assert_eq!((summary.bad_lines, summary.problems), (MAX_REASONS as u64 + 50, MAX_REASONS as u64 + 50));
}

#[test]
fn lines_past_what_duckdb_keeps_are_still_counted() {
    let lake = TestLake::new();
    let sources = Sources::new("broken");
    // 30,000 lines with a field too many (DuckDB keeps 10,000 of them), one line with two bad
    // values, and good lines between.
    let mut text = String::from("channel,audience_group,ts,rating\n");
    for i in 0..30_000 {
        writeln!(text, "CCTV-1,全国,2026-03-01 20:00:00,{i},多余").unwrap();
        writeln!(text, "CCTV-1,全国,2026-03-01 20:00:00,{i}").unwrap();
    }
    text.push_str(",全国,2026-03-01 20:00:00,-1\n");
    let file = sources.file("broken.csv", &text);

    let (files, summary) = lake.import_ratings(5, &[file]).unwrap();

    assert!(files.is_empty());
    assert_eq!((summary.bad_lines, summary.problems), (30_001, 30_002));
    assert_eq!(summary.rejected.len(), MAX_REASONS);
    assert_eq!(shown(&summary)[0], "「broken.csv」第 2 行：列数过多（应为 4 列）");
    assert_eq!(shown(&summary)[1], "「broken.csv」第 4 行：列数过多（应为 4 列）");
}

#[test]
fn sources_that_are_not_rating_files_are_user_errors() {
    let lake = TestLake::new();
    let sources = Sources::new("user");
    let sheet = sources.file("ratings.xlsx", "PK");
    let empty = sources.file("empty.csv", "channel,audience_group,ts,rating\n");

    for bad in [vec![], vec![sources.0.join("gone.csv")], vec![sheet], vec![sources.0.join("a*.csv")]] {
        let result = lake.import_ratings(4, &bad);
        assert!(matches!(&result, Err(e @ Error::Input(_)) if e.is_user_error()), "{bad:?}: {result:?}");
    }
    let empty = lake.import_ratings(4, &[empty]);
    assert!(matches!(&empty, Err(Error::Input(e)) if e == "文件中没有数据行"), "{empty:?}");
}

#[test]
fn rating_queries_take_only_files_of_their_dataset_and_no_deletions() {
    let lake = TestLake::new();
    let series = Snapshot::new(["ratings/month=2026-03/b1-0.parquet"]);
    let rollup = Snapshot::new(["ratings_daily/month=2026-03/b1-0.parquet"]);

    assert!(matches!(lake.ratings_by_channel(&series, None), Err(Error::Caller(_))));
    assert!(matches!(lake.ratings_by_channel(&rollup.clone().with_deleted([1]), None), Err(Error::Caller(_))));
    assert!(lake.ratings_by_channel(&Snapshot::default(), None).unwrap().is_empty());
    assert!(lake.ratings_by_channel(&rollup, Some(Month::new(2026, 4).unwrap())).unwrap().is_empty());
}

fn parquet_files_under(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .map(|e| e.unwrap().path())
        .map(|p| {
            if p.is_dir() {
                parquet_files_under(&p)
            } else {
                usize::from(p.extension().is_some_and(|e| e == "parquet"))
            }
        })
        .sum()
}

/// Rows out of time order in a lake file, by `key`, in file order.
fn out_of_order(conn: &duckdb::Connection, path: &str, key: &str) -> i64 {
    conn.query_row(
        &format!("select count(*) filter (where prev > k) from (select {key} as k, lag({key}) over () as prev from read_parquet(?))"),
        [path],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn series_files_are_in_time_order_from_parquet_and_csv_alike() {
    let lake = TestLake::new();
    let sources = Sources::new("sorted");
    // Newest first, names padded and in no order; a name is a prefix of another. Then the
    // same rows oldest first, as rating series are usually delivered.
    let select = |dir: &str| {
        format!(
            "select c as channel, g as audience_group, timestamp '2026-03-02' - to_minutes(i) as ts, \
             (i % 7)::double as rating from range(3000) t(i), \
             (values (' 湖南卫视'), ('CCTV-1 '), ('CCTV-10'), ('CCTV-1综合')) c(c), (values ('上海 '), ('全国')) g(g) \
             order by ts {dir}, c, g"
        )
    };
    let conn = duckdb::Connection::open_in_memory().unwrap();
    let mut batch = 0;
    for dir in ["desc", "asc"] {
        let parquet = sources.parquet(&format!("{dir}.parquet"), &select(dir));
        let csv_path = sources.0.join(format!("{dir}.csv"));
        conn.execute_batch(&format!(
            "copy (from read_parquet('{}')) to '{}' (header)",
            parquet.display(),
            csv_path.display()
        ))
        .unwrap();
        for file in [parquet, csv_path] {
            batch += 1;
            let (files, summary) = lake.import_ratings(batch, &[file]).unwrap();

            assert_eq!((summary.rows, summary.rejected.len()), (24_000, 0));
            for f in &files {
                let path = lake.root().join(&f.path).display().to_string();
                let key = match f.dataset {
                    Dataset::Ratings => "ts",
                    _ => "(channel, audience_group, day)",
                };
                assert_eq!(out_of_order(&conn, &path, key), 0, "{} is not sorted by {key}", f.path);
                let (names, types): (String, String) = conn
                    .query_row(
                        "select string_agg(distinct channel, '|' order by channel), \
                         (select string_agg(column_type, ',') from (describe select channel, audience_group from read_parquet(?1))) \
                         from read_parquet(?1)",
                        [&path],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                    .unwrap();
                assert_eq!(names, "CCTV-1|CCTV-10|CCTV-1综合|湖南卫视");
                assert_eq!(types, "VARCHAR,VARCHAR");
            }
            assert_eq!(files.len(), 4, "February and March, series and rollup");
        }
    }
}

#[test]
fn rows_in_time_order_keep_their_order_within_a_minute() {
    let lake = TestLake::new();
    let sources = Sources::new("arrival");
    // Oldest first, and within each minute the series in an order that is not sorted.
    let parquet = sources.parquet(
        "arrival.parquet",
        "select c as channel, '全国' as audience_group, timestamp '2026-03-01' + to_minutes(i) as ts, \
         i::double as rating from range(2000) t(i), (values ('B', 1), ('C', 2), ('A', 3)) c(c, o) order by i, o",
    );
    let (files, _) = lake.import_ratings(1, &[parquet]).unwrap();
    let series = lake.root().join(&files.iter().find(|f| f.dataset == Dataset::Ratings).unwrap().path);
    let conn = duckdb::Connection::open_in_memory().unwrap();
    let first: Vec<String> = conn
        .prepare("select channel from read_parquet(?) limit 6")
        .unwrap()
        .query_map([series.display().to_string()], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(first, ["B", "C", "A", "B", "C", "A"], "arrival order is kept, not re-sorted");
}

#[test]
fn names_are_trimmed_and_merged_and_a_blank_name_is_refused() {
    let lake = TestLake::new();
    let sources = Sources::new("names");
    // The same series written with and without surrounding spaces, from csv and Parquet.
    let csv = sources.file(
        "spaced.csv",
        "channel,audience_group,ts,rating\n\
         \"  CCTV-1 \",全国 ,2026-03-01 20:00:00,1\n\
         CCTV-1,全国,2026-03-01 20:01:00,3\n",
    );
    let parquet = sources.parquet(
        "spaced.parquet",
        "select ' CCTV-1' as channel, '全国  ' as audience_group, timestamp '2026-03-01 20:02:00' as ts, 5.0::double as rating",
    );

    let (files, summary) = lake.import_ratings(3, &[csv, parquet]).unwrap();

    assert_eq!((summary.rows, summary.rejected.len()), (3, 0), "{:?}", summary.rejected);
    let (series, rollup) = (of(&files, Dataset::Ratings), of(&files, Dataset::RatingsDaily));
    let groups = lake.ratings_by_channel_group(&rollup, None).unwrap();
    assert_eq!(groups.len(), 1);
    assert_eq!((groups[0].channel.as_str(), groups[0].audience_group.as_str(), groups[0].stats.n), ("CCTV-1", "全国", 3));
    let points = lake.ratings_series(&series, "CCTV-1", "全国", at(2026, 3, 1, 0, 0), at(2026, 3, 2, 0, 0)).unwrap();
    assert_eq!(points.iter().map(|p| p.1).collect::<Vec<_>>(), [1.0, 3.0, 5.0]);

    // A name of spaces only is empty: its rows are refused like an empty name.
    let blank = sources.file(
        "blank.csv",
        "channel,audience_group,ts,rating\nCCTV-1,全国,2026-03-01 20:00:00,1\n\"   \",全国,2026-03-01 20:01:00,1\nCCTV-1,  ,2026-03-01 20:02:00,1\n",
    );
    let (files, summary) = lake.import_ratings(4, &[blank]).unwrap();
    assert!(files.is_empty());
    assert_eq!(shown(&summary), ["「blank.csv」第 3 行：channel 为空", "「blank.csv」第 4 行：audience_group 为空"]);
}
