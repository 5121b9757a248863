//! Customer data in Parquet: columns named as the import's headers, values as text or native
//! types, read with the workbook's header rules and row checks; hostile files refused.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use adeval_ingest::{CustomerOptions, CustomerRow, FileError, Limits, Rejected, RowErrors, Streaming, stream_customer_data};

fn dir() -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("adeval-ingest-parquet-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the rows of `select` as a Parquet file.
fn parquet(name: &str, select: &str) -> PathBuf {
    let path = dir().join(name);
    let conn = duckdb::Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!("copy ({select}) to '{}' (format parquet, row_group_size 1000)", path.display())).unwrap();
    path
}

fn stream(path: &Path, chunk: usize) -> (Vec<CustomerRow>, u64, Result<u64, Rejected>) {
    let read = AtomicU64::new(0);
    let mut rows = Vec::new();
    let mut take = |chunk: Vec<CustomerRow>| {
        rows.extend(chunk);
        Ok(())
    };
    let streaming = Streaming { chunk_rows: chunk, bytes_read: &read };
    let answer = stream_customer_data(path, &CustomerOptions::default(), &Limits::default(), &streaming, &mut take);
    (rows, read.load(Ordering::Relaxed), answer)
}

const ROWS: &str = "from range(2500) t(i)";

#[test]
fn native_and_text_columns_read_as_the_same_rows_as_csv() {
    let native = parquet(
        "native.parquet",
        &format!(
            "select date '2026-03-01' + (i % 28)::int as 日期, 'CCTV-1' as channel,
                    timestamp '2026-03-01 19:00:00' + to_days((i % 28)::int) + to_seconds(i % 3600 + (case when i % 10 = 9 then 18000 else 0 end)) as 播出时间,
                    15::integer as 时长, '版本' || (i % 3) as 标题, 'x' as 备注, '全国4+' as 受众, (i % 9)::double / 4 as 毛评点 {ROWS}"
        ),
    );
    let text = parquet(
        "text.parquet",
        &format!(
            "select strftime(date '2026-03-01' + (i % 28)::int, '%Y-%m-%d') as 日期, 'CCTV-1' as 频道,
                    strftime(timestamp '2026-03-01 19:00:00' + to_days((i % 28)::int) + to_seconds(i % 3600 + (case when i % 10 = 9 then 18000 else 0 end)), '%Y-%m-%d %H:%M:%S') as 播出时间,
                    '15' as 时长, '版本' || (i % 3) as 标题, '全国4+' as 受众, ((i % 9)::double / 4)::varchar as grp {ROWS}"
        ),
    );
    let csv = dir().join("same.csv");
    let conn = duckdb::Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!("copy (select * from read_parquet('{}')) to '{}' (header)", text.display(), csv.display())).unwrap();

    let (from_native, read, answer) = stream(&native, 1000);
    assert_eq!(answer, Ok(2500));
    assert_eq!(read, std::fs::metadata(&native).unwrap().len());
    let (from_text, _, _) = stream(&text, 700);
    let (from_csv, _, _) = stream(&csv, 100_000);
    let strip = |rows: Vec<CustomerRow>| rows.into_iter().map(|r| CustomerRow { sheet: String::new(), ..r }).collect::<Vec<_>>();
    assert_eq!(from_native.len(), 2500);
    assert_eq!(strip(from_native.clone()), strip(from_text));
    assert_eq!(strip(from_native.clone()), strip(from_csv));
    // Rows are numbered as a csv export of the file: the header is row 1.
    assert_eq!((from_native[0].row, from_native[2499].row), (2, 2501));
    assert_eq!(from_native[0].sheet, "native");
    // Past midnight on the broadcast day: a date-time early on the next day belongs to it.
    let late = &from_native[9];
    assert_eq!((late.date.to_string(), late.air_time.to_string()), ("2026-03-10".into(), "2026-03-11 00:00:09".into()));
}

#[test]
fn bad_values_are_row_errors_with_their_row_numbers() {
    let path = parquet(
        "bad.parquet",
        "select '2026-03-01' as 日期, 'CCTV-1' as 频道, case when i = 5 then '31:00' else '20:00' end as 播出时间,
                case when i = 7 then -1 else 15 end as 时长, '版本' as 标题, '全国4+' as 受众, 1.5 as 毛评点 from range(10) t(i)",
    );
    let (rows, _, answer) = stream(&path, 2);
    let Err(Rejected::Rows(RowErrors { errors, .. })) = answer else { panic!("{answer:?}") };
    assert_eq!(errors.iter().map(|e| (e.row, e.column.as_str())).collect::<Vec<_>>(), [(7, "播出时间"), (9, "时长")]);
    assert_eq!(errors[1].value, "-1");
    assert!(rows.len() <= 4, "{}", rows.len());
}

#[test]
fn header_rules_are_the_workbooks() {
    let missing = parquet("missing.parquet", "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长, '全国' as 受众, 1 as 毛评点");
    assert_eq!(
        stream(&missing, 10).2,
        Err(Rejected::File(FileError::MissingColumns { sheet: "missing".into(), columns: "标题".into() }))
    );
    let twice = parquet("twice.parquet", "select '2026-03-01' as 日期, '2026-03-01' as date, 'CCTV-1' as 频道, '20:00' as 播出时间");
    assert!(matches!(stream(&twice, 10).2, Err(Rejected::File(FileError::DuplicateColumn { .. }))));
    let none = parquet("none.parquet", "select 1 as a, 2 as b");
    assert!(matches!(stream(&none, 10).2, Err(Rejected::File(FileError::NoHeader { .. }))));
}

#[test]
fn hostile_and_unsupported_parquet_is_refused_in_chinese_without_a_panic() {
    let good = parquet("good.parquet", "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长, '版本' as 标题, '全国' as 受众, 1 as 毛评点 from range(100)");
    let bytes = std::fs::read(&good).unwrap();
    let n = bytes.len();
    let footer_len = |len: u32| {
        let mut b = bytes.clone();
        b[n - 8..n - 4].copy_from_slice(&len.to_le_bytes());
        b
    };
    let mut scrambled = bytes.clone();
    for b in &mut scrambled[n / 3..n - 8] {
        *b = b.wrapping_mul(31).wrapping_add(7);
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", bytes[..n / 2].to_vec()),
        ("no magic", bytes[..n - 4].to_vec()),
        ("huge footer", footer_len(u32::MAX)),
        ("footer past the start", footer_len(n as u32)),
        ("scrambled metadata", scrambled),
        ("empty", Vec::new()),
        ("magic only", b"PAR1PAR1".to_vec()),
    ];
    for (what, content) in cases {
        let path = dir().join("hostile.parquet");
        std::fs::write(&path, content).unwrap();
        let answer = stream(&path, 10).2;
        let Err(Rejected::File(e)) = &answer else { panic!("{what}: {answer:?}") };
        assert!(!e.is_internal(), "{what}: {e:?}");
        assert!(matches!(e, FileError::BadParquet { .. }), "{what}: {e:?}");
        assert_eq!(e.to_string(), "Parquet 文件已损坏或无法读取");
    }
    let list = parquet("list.parquet", "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, [15] as 时长, '版本' as 标题, '全国' as 受众, 1 as 毛评点");
    let answer = stream(&list, 10).2;
    assert_eq!(answer, Err(Rejected::File(FileError::ParquetType { column: "时长".into(), ty: "INTEGER[]".into() })));
    assert!(answer.unwrap_err().to_string().contains("列“时长”类型为 INTEGER[]"));
    let zoned = parquet("zoned.parquet", "select '2026-03-01' as 日期, 'CCTV-1' as 频道, timestamptz '2026-03-01 20:00:00+08' as 播出时间, 15 as 时长, '版本' as 标题, '全国' as 受众, 1 as 毛评点");
    assert!(matches!(stream(&zoned, 10).2, Err(Rejected::File(FileError::ParquetType { .. }))));
    // Columns no header names are never read, whatever their type.
    let extra = parquet("extra.parquet", "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长, '版本' as 标题, '全国' as 受众, 1 as 毛评点, [1, 2] as notes");
    assert_eq!(stream(&extra, 10).2, Ok(1));
}

/// The cost of reading Parquet through DuckDB next to csv, the same million rows through the
/// same checks (docs/decisions.md "Streaming customer-data import"). Run by hand:
/// `cargo test --release -p adeval-ingest --test ingest -- --ignored --nocapture measure`.
#[test]
#[ignore]
fn measure_a_million_rows_from_csv_and_parquet() {
    let select = "select date '2026-03-01' + (i % 90)::int as 日期, 'CCTV-1' as 频道,
                          timestamp '2026-03-01 19:00:00' + to_days((i % 90)::int) + to_seconds(i % 7200) as 播出时间,
                          15 as 时长, '版本' || (i % 7) as 标题, '全国4+' as 受众, (i % 9)::double / 4 as 毛评点
                   from range(1000000) t(i)";
    let native = parquet("million.parquet", select);
    let csv = dir().join("million.csv");
    let conn = duckdb::Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!("copy ({select}) to '{}' (header)", csv.display())).unwrap();
    for path in [&csv, &native] {
        let started = std::time::Instant::now();
        let (rows, _, answer) = stream(path, 245_760);
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!((answer, rows.len()), (Ok(1_000_000), 1_000_000));
        eprintln!("{}: {seconds:.2} s, {:.0} rows/s", path.display(), 1e6 / seconds);
    }
}
