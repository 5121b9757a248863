//! Parquet values at and past the import's bounds: a text
//! repeated from a dictionary page, dates outside the import's range, durations past the
//! lake's column. Each is refused in Chinese, the value shown as written, in bounded memory.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use adeval_ingest::{CustomerOptions, FileError, Limits, Rejected, RowErrors, Streaming, stream_customer_data};

fn parquet(name: &str, select: &str) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("adeval-ingest-bounds-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let conn = duckdb::Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!("copy ({select}) to '{}' (format parquet)", path.display())).unwrap();
    path
}

fn import(path: &PathBuf) -> Result<u64, Rejected> {
    let read = AtomicU64::new(0);
    let streaming = Streaming { chunk_rows: 10_000, bytes_read: &read };
    stream_customer_data(path, &CustomerOptions::default(), &Limits::default(), &streaming, &mut |_| Ok(()))
}

/// The process's peak resident memory in KiB since `reset_peak`.
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn reset_peak() {
    // Writing 5 to clear_refs resets VmHWM to the current resident size (Linux ≥ 4.0).
    std::fs::write("/proc/self/clear_refs", "5").unwrap();
}

#[test]
fn a_text_repeated_from_the_dictionary_is_refused_inside_duckdb() {
    // 200,000 characters (600 KB) stored once, shown on 8,192 rows: 4.9 GB of text. Handed
    // out a chunk at a time it was 1.2 GB of Arrow strings a chunk before the length check.
    let path = parquet(
        "bomb.parquet",
        "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长,
                (select repeat('安', 200000)) as 标题, '全国' as 受众, 1 as 毛评点 from range(8192)",
    );
    assert!(std::fs::metadata(&path).unwrap().len() < 2 << 20, "the file is small: the text is in its dictionary");
    reset_peak();
    let before = peak_kib();
    let answer = import(&path);
    let grown = peak_kib().saturating_sub(before);
    assert_eq!(answer, Err(Rejected::File(FileError::CellTooLong { sheet: "bomb".into(), row: 2, max: 32 * 1024 })));
    assert_eq!(
        answer.unwrap_err().to_string(),
        "工作表“bomb”第 2 行有单元格内容过长（上限 32768 个字符）"
    );
    assert!(grown < 400 * 1024, "the refusal grew the process by {grown} KiB");
    // Long in bytes but within the limit in characters is still a cell (the check counts
    // characters, as the assembler does): 30,000 characters of 3 bytes each.
    let within = parquet(
        "within.parquet",
        "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长,
                repeat('安', 30000) as 标题, '全国' as 受众, 1 as 毛评点 from range(3)",
    );
    let Err(Rejected::Rows(RowErrors { errors, .. })) = import(&within) else { panic!() };
    assert_eq!((errors[0].row, errors[0].column.as_str()), (2, "标题"));
    assert!(errors[0].reason.contains("过长"), "{}", errors[0].reason);
}

fn row_errors(select: &str) -> Vec<(u32, String, String, String)> {
    let path = parquet("values.parquet", select);
    match import(&path) {
        Err(Rejected::Rows(RowErrors { errors, .. })) => errors.into_iter().map(|e| (e.row, e.column, e.value, e.reason)).collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn dates_outside_the_range_are_row_errors_showing_the_date() {
    let errors = row_errors(
        "select * from (values
            (date '0001-01-01', '20:00'), (date '1899-12-31', '20:00'), (date '2100-01-01', '20:00'),
            (date '2099-12-31', '29:59:59'), (date '1900-01-01', '00:00'), (date '9999-12-31', '29:59:59')
         ) t(日期, 播出时间), (select 'CCTV-1' as 频道, 15 as 时长, '版本' as 标题, '全国' as 受众, 1 as 毛评点)",
    );
    let range = "日期须在 1900-01-01 到 2099-12-31 之间".to_owned();
    let at = |row: u32, value: &str| (row, "日期".to_owned(), value.to_owned(), range.clone());
    assert_eq!(errors, [at(2, "0001-01-01"), at(3, "1899-12-31"), at(4, "2100-01-01"), at(7, "9999-12-31")]);
}

#[test]
fn durations_past_the_lake_column_are_row_errors() {
    let errors = row_errors(
        "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, d as 时长, '版本' as 标题, '全国' as 受众, 1 as 毛评点
         from (values (2147483647::bigint), (2147483648::bigint), (4294967311::bigint)) t(d)",
    );
    let reason = "时长须为大于 0 的整数秒".to_owned();
    assert_eq!(
        errors,
        [(3, "时长".into(), "2147483648".into(), reason.clone()), (4, "时长".into(), "4294967311".into(), reason)]
    );
}

#[test]
fn a_nul_in_a_text_is_a_row_error_and_minus_zero_grp_is_zero() {
    let dir = parquet("dir.parquet", "select 1 as a").parent().unwrap().to_owned();
    let csv = dir.join("nul.csv");
    std::fs::write(
        &csv,
        "日期,频道,播出时间,时长,标题,受众,毛评点\n2026-03-01,CCTV-1,20:00,15,版本,全国,-0\n2026-03-01,CCTV-1,20:00,15,版\0本,全国,1\n",
    )
    .unwrap();
    let pq = parquet(
        "nul.parquet",
        "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长, t as 标题, '全国' as 受众, -0.0::double as 毛评点
         from (values ('版本'), ('版' || chr(0) || '本')) v(t)",
    );
    for path in [csv, pq] {
        let Err(Rejected::Rows(RowErrors { errors, .. })) = import(&path) else { panic!("{path:?}") };
        let got: Vec<_> = errors.iter().map(|e| (e.row, e.column.as_str(), e.value.as_str(), e.reason.as_str())).collect();
        assert_eq!(got, [(3, "标题", "版\\0本", "标题含有不可见的空字符")], "{path:?}");
    }
    let read = AtomicU64::new(0);
    let streaming = Streaming { chunk_rows: 10, bytes_read: &read };
    let good = parquet("zero.parquet", "select '2026-03-01' as 日期, 'CCTV-1' as 频道, '20:00' as 播出时间, 15 as 时长, '版本' as 标题, '全国' as 受众, -0.0::double as 毛评点");
    let mut grps = Vec::new();
    stream_customer_data(&good, &CustomerOptions::default(), &Limits::default(), &streaming, &mut |rows| {
        grps.extend(rows.iter().map(|r| r.grp));
        Ok(())
    })
    .unwrap();
    assert!(grps.len() == 1 && grps[0] == 0.0 && grps[0].is_sign_positive(), "{grps:?}");
}
