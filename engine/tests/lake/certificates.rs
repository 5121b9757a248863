//! Certificate rows: written per batch and month of broadcast day, read back in (ymd, secs, id)
//! order exactly as written, and a failed write leaves no file behind.

use adeval_engine::{CertificateRow, Dataset, Error, Snapshot};
use chrono::{Duration, NaiveDate};

use crate::helpers::{TestLake, snapshot};

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A row of batch `batch` on broadcast day `ymd` at `secs`, its optional fields set or left
/// out by the id so every combination occurs.
fn row(batch: i64, id: i64, ymd: NaiveDate, secs: i32) -> CertificateRow {
    CertificateRow {
        id,
        batch_id: batch,
        order_id: 42,
        ymd,
        air_time: ymd.and_hms_opt(0, 0, 0).unwrap() + Duration::seconds(i64::from(secs)),
        secs,
        version: format!("伊利{}", id % 3),
        tape_id: 100 + id % 3,
        time_period_id: (id % 2 == 0).then_some(7),
        time_period: (id % 3 != 0).then(|| "黄金".to_owned()),
        duration: (id % 4 != 1).then_some(15),
        position: (id % 5 == 0).then(|| "正一".to_owned()),
        num: 1 + (id % 4) as i32,
        sheet: "播出证明".into(),
        row: id as i32 + 1,
    }
}

/// `n` rows from `first`, a day apart less some hours, so broadcast days repeat, cross months and
/// some times fall past midnight (up to 29:59:59); written in a shuffled order.
fn rows(batch: i64, first_id: i64, n: i64, first: NaiveDate) -> Vec<CertificateRow> {
    let mut rows: Vec<CertificateRow> = (0..n)
        .map(|i| {
            let ymd = first + Duration::days(i * 2 / 3);
            let secs = ((i * 7_919) % 108_000) as i32;
            row(batch, first_id + i, ymd, secs)
        })
        .collect();
    // A fixed permutation: the writer must sort.
    let len = rows.len();
    for i in 0..len {
        rows.swap(i, (i * 37 + 11) % len);
    }
    rows
}

fn in_order(mut rows: Vec<CertificateRow>) -> Vec<CertificateRow> {
    rows.sort_by_key(|r| (r.ymd, r.secs, r.id));
    rows
}

#[test]
fn written_rows_read_back_identically_in_day_time_and_id_order() {
    let lake = TestLake::new();
    let mut written = rows(5, 5 << 32, 150, day(2025, 11, 20));
    // The last broadcast day of a month, past midnight: its file is the month of the day.
    written.push(row(5, (5 << 32) + 1_000, day(2026, 1, 31), 107_999));
    written.push(row(5, (5 << 32) + 1_001, day(2026, 1, 31), 86_400));
    // Two lines at the same instant: the id orders them.
    written.push(row(5, (5 << 32) + 1_003, day(2026, 1, 31), 86_400));

    let files = lake.write_certificates(5, &written).unwrap();

    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "certificates/month=2025-11/b5-0.parquet",
            "certificates/month=2025-12/b5-0.parquet",
            "certificates/month=2026-01/b5-0.parquet",
            "certificates/month=2026-02/b5-0.parquet",
        ]
    );
    assert!(files.iter().all(|f| f.dataset == Dataset::Certificates && f.bytes > 0));
    assert_eq!(files.iter().map(|f| f.rows).sum::<u64>(), 153);
    let january = &files[2];
    let late = day(2026, 2, 1).and_hms_opt(5, 59, 59).unwrap();
    assert_eq!(january.max_time, late, "the month's range runs to its last day's late spots");
    let expected = in_order(written);
    let got = lake.certificate_rows(&snapshot(&files)).unwrap();
    assert_eq!(got, expected);
    assert!(got.iter().any(|r| r.secs >= 86_400 && r.air_time.date() == r.ymd + Duration::days(1)));
    assert!(got.iter().any(|r| r.time_period_id.is_none() && r.time_period.is_none() && r.duration.is_none()));
    // Reading a few months only answers theirs.
    let one = lake.certificate_rows(&Snapshot::new([files[2].path.clone()])).unwrap();
    assert!(!one.is_empty() && one.iter().all(|r| r.ymd.format("%Y-%m").to_string() == "2026-01"));
    assert_eq!(lake.count_rows(&snapshot(&files)).unwrap(), 153);
}

#[test]
fn deleted_rows_are_left_out_and_compaction_keeps_the_rest() {
    let lake = TestLake::new();
    let a = lake.write_certificates(1, &rows(1, 1, 120, day(2026, 3, 1))).unwrap();
    let b = lake.write_certificates(2, &rows(2, 1_000, 60, day(2026, 3, 20))).unwrap();
    let old = [a, b].concat();
    let deleted = [1, 2, 1_000, 1_059, 99_999];
    let before = snapshot(&old).with_deleted(deleted);
    let kept: Vec<CertificateRow> =
        in_order([rows(1, 1, 120, day(2026, 3, 1)), rows(2, 1_000, 60, day(2026, 3, 20))].concat())
            .into_iter()
            .filter(|r| !deleted.contains(&r.id))
            .collect();

    assert_eq!(lake.certificate_rows(&before).unwrap(), kept);

    let new = lake.compact(&before, Dataset::Certificates).unwrap();
    assert!(new.iter().all(|f| f.path.starts_with(&format!("certificates/month={}/c", f.month))));
    assert_eq!(new.iter().map(|f| f.rows).sum::<u64>(), 176);
    assert_eq!(lake.certificate_rows(&snapshot(&new)).unwrap(), kept);
}

#[test]
fn a_failed_write_leaves_no_file() {
    let lake = TestLake::new();
    let dir = lake.root().join("certificates");
    // A row of another batch, and a row whose air time is not its day plus its seconds.
    let mut other = rows(3, 1, 10, day(2026, 4, 1));
    other[4].batch_id = 4;
    assert!(matches!(lake.write_certificates(3, &other), Err(Error::Caller(_))));
    let mut skewed = rows(3, 1, 10, day(2026, 4, 1));
    skewed[7].air_time += Duration::hours(1);
    assert!(matches!(lake.write_certificates(3, &skewed), Err(Error::Caller(_))));
    let mut late = rows(3, 1, 10, day(2026, 4, 1));
    late[0].secs = 108_000;
    late[0].air_time = late[0].ymd.and_hms_opt(0, 0, 0).unwrap() + Duration::seconds(108_000);
    assert!(matches!(lake.write_certificates(3, &late), Err(Error::Caller(_))));
    assert!(!dir.exists(), "nothing was written");

    // April is already there, so the write fails on it after March was published: March goes.
    let april = lake.write_certificates(3, &[row(3, 1, day(2026, 4, 2), 3_600)]).unwrap();
    let both = vec![row(3, 2, day(2026, 3, 30), 3_600), row(3, 3, day(2026, 4, 1), 3_600)];
    assert!(lake.write_certificates(3, &both).is_err());
    let march = dir.join("month=2026-03");
    let left: Vec<String> = std::fs::read_dir(&march)
        .map(|d| d.map(|e| e.unwrap().file_name().into_string().unwrap()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(lake.certificate_rows(&snapshot(&april)).unwrap(), [row(3, 1, day(2026, 4, 2), 3_600)]);

    // Nothing to write writes nothing; a dead batch's files go with it.
    assert!(lake.write_certificates(9, &[]).unwrap().is_empty());
    assert_eq!(lake.remove_batch(3).unwrap(), 1);
    assert!(!lake.root().join(&april[0].path).exists());
}

#[test]
fn only_certificate_files_are_read_as_certificates() {
    let lake = TestLake::new();
    assert!(lake.certificate_rows(&Snapshot::default()).unwrap().is_empty());
    let viewing = Snapshot::new(["viewing/month=2026-03/b1-0.parquet"]);
    assert!(matches!(lake.certificate_rows(&viewing), Err(Error::Caller(_))));
    let outside = Snapshot::new(["certificates/month=2026-03/../../b1-0.parquet"]);
    assert!(matches!(lake.certificate_rows(&outside), Err(Error::Caller(_))));
}
