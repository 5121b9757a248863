//! The streaming path against the general path on the same sources: the same files, rows and
//! rollups, or a decline that leaves nothing behind.

use std::path::{Path, PathBuf};

use duckdb::Connection;

use super::import;
use crate::ratings::source::{Format, Source, csv_header};
use crate::{Lake, LakeFile, LakeOptions};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("adeval-stream-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sources(paths: &[PathBuf]) -> (Vec<Source>, Vec<Option<Vec<&'static str>>>) {
    let sources: Vec<Source> = paths.iter().map(|p| Source::check(p).unwrap()).collect();
    let orders = sources.iter().map(|s| (s.format == Format::Csv).then(|| csv_header(s).unwrap().unwrap())).collect();
    (sources, orders)
}

/// Every file under `dir`, relative, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

fn list(lake: &Lake, files: &[LakeFile], dataset: &str) -> String {
    let paths: Vec<String> = files
        .iter()
        .filter(|f| f.path.starts_with(&format!("{dataset}/")))
        .map(|f| format!("'{}'", lake.root().join(&f.path).display()))
        .collect();
    format!("read_parquet([{}])", paths.join(", "))
}

#[test]
fn the_streaming_path_writes_what_the_general_path_writes() {
    let dir = temp_dir("same");
    // Over a row group of rows in the generator's order, then a csv across a month's end in
    // every plain form: quotes, CRLF, another column order, fractions of a second.
    let parquet = dir.join("a.parquet");
    crate::generate::ratings(&parquet, 130_000, 3).unwrap();
    let csv = dir.join("b.csv");
    std::fs::write(
        &csv,
        "ts,rating,audience_group,channel\r\n\
         2026-01-31 23:59:00,0.5,全国4+,CCTV-1 综合\r\n\
         2026-01-31 23:59:30.25,1.25,\"全国4+\",\"CCTV-1 综合\"\r\n\
         2026-02-01 00:00:00,0,\"a \"\"quoted\"\" group\",\"CCTV-2, 财经\"\r\n\
         2026-02-01T00:01:00,3.0001,全国4+,新频道\r\n",
    )
    .unwrap();
    let (sources, orders) = sources(&[parquet, csv]);

    let streamed_lake = Lake::open(&dir.join("streamed"), LakeOptions::default()).unwrap();
    let Some((streamed, rows)) = import(&streamed_lake, 7, &sources, &orders).unwrap() else {
        panic!("plain sources in time order take the streaming path");
    };
    let general_lake = Lake::open(&dir.join("general"), LakeOptions::default()).unwrap();
    let (general, summary) = general_lake.import_general(7, &sources).unwrap();
    assert_eq!((rows, summary.rows), (130_004, 130_004));
    assert!(summary.rejected.is_empty());

    let shape = |files: &[LakeFile]| {
        let mut v: Vec<_> = files.iter().map(|f| (f.path.clone(), f.rows, f.min_time, f.max_time)).collect();
        v.sort();
        v
    };
    assert_eq!(shape(&streamed), shape(&general));
    assert_eq!(streamed.iter().filter(|f| f.path.starts_with("ratings/")).count(), 2, "January and February");

    let conn = Connection::open_in_memory().unwrap();
    for (dataset, columns) in [
        ("ratings", "channel, audience_group, ts, rating"),
        ("ratings_daily", "channel, audience_group, day, n, round(sum, 6), min, max"),
    ] {
        let (a, b) = (list(&streamed_lake, &streamed, dataset), list(&general_lake, &general, dataset));
        let differ: i64 = conn
            .query_row(
                &format!(
                    "select count(*) from ((select {columns} from {a} except all select {columns} from {b}) \
                     union all (select {columns} from {b} except all select {columns} from {a}))"
                ),
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(differ, 0, "{dataset} differs");
    }
    // Series rows keep their arrival order; rollups are sorted by series and day.
    let a = list(&streamed_lake, &streamed, "ratings");
    let in_order: bool = conn
        .query_row(
            &format!("select bool_and(ts >= prev) from (select ts, lag(ts, 1, ts) over () as prev from {a})"),
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(in_order);
    let mut keys = Vec::new();
    for file in streamed.iter().filter(|f| f.path.starts_with("ratings_daily/")) {
        let path = streamed_lake.root().join(&file.path);
        let sql =
            format!("select channel || '/' || audience_group || '/' || day from read_parquet('{}')", path.display());
        let mut stmt = conn.prepare(&sql).unwrap();
        let names: Vec<String> = stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap();
        assert!(names.is_sorted(), "{} is not sorted by series and day", file.path);
        keys.extend(names);
    }
    assert!(keys.iter().any(|k| k == "CCTV-2, 财经/a \"quoted\" group/2026-02-01"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn what_the_streaming_path_does_not_take_it_declines_leaving_nothing() {
    let dir = temp_dir("decline");
    let header = "channel,audience_group,ts,rating\n";
    let line = |minute: u32| format!("c,g,2026-03-01 {:02}:{:02}:00,1\n", minute / 60 % 24, minute % 60);
    let mut late = String::from(header);
    for minute in 100..3_100 {
        late.push_str(&line(minute));
    }
    late.push_str(&line(0));
    let cases: Vec<(&str, String)> = vec![
        ("late.csv", late),
        ("trim.csv", format!("{header}c ,g,2026-03-01 00:00:00,1\n")),
        ("negative.csv", format!("{header}c,g,2026-03-01 00:00:00,-1\n")),
        ("date-only.csv", format!("{header}c,g,2026-03-01,1\n")),
        ("blank-line.csv", format!("{header}c,g,2026-03-01 00:00:00,1\n\nc,g,2026-03-01 00:01:00,1\n")),
    ];
    let conn = Connection::open_in_memory().unwrap();
    let float = dir.join("float.parquet");
    conn.execute_batch(&format!(
        "copy (select 'c' as channel, 'g' as audience_group, timestamp '2026-03-01' as ts, 1.5::float as rating) \
         to '{}' (format parquet)",
        float.display()
    ))
    .unwrap();
    let null = dir.join("null.parquet");
    conn.execute_batch(&format!(
        "copy (select 'c' as channel, null::varchar as audience_group, timestamp '2026-03-01' as ts, 1.5 as rating) \
         to '{}' (format parquet)",
        null.display()
    ))
    .unwrap();
    let mut paths = vec![float, null];
    for (name, text) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    let root = dir.join("lake");
    let lake = Lake::open(&root, LakeOptions::default()).unwrap();
    for path in paths {
        let (sources, orders) = sources(std::slice::from_ref(&path));
        assert!(import(&lake, 1, &sources, &orders).unwrap().is_none(), "{} was streamed", path.display());
        let left: Vec<String> = files_under(&root).into_iter().filter(|f| f.contains("parquet")).collect();
        assert!(left.is_empty(), "{} left {left:?}", path.display());
    }
    std::fs::remove_dir_all(dir).ok();
}
