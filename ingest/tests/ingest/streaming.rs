//! Customer data streamed from disk (`stream_customer_data`): csv and Parquet handed on a chunk
//! at a time, with the same rows, row numbers and refusals as a file read whole.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use adeval_ingest::{
    CustomerOptions, CustomerRow, FileError, Limits, Rejected, RowErrors, Streaming, read_customer_data_bytes,
    stream_customer_data,
};

const HEADER: &str = "日期,频道,播出时间,时长,标题,受众/城市组,毛评点\n";

fn dir() -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("adeval-ingest-stream-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Streams `path` `chunk` rows at a time: every chunk handed on, the bytes read, and the answer.
fn stream(path: &Path, chunk: usize, limits: &Limits) -> (Vec<Vec<CustomerRow>>, u64, Result<u64, Rejected>) {
    let read = AtomicU64::new(0);
    let mut chunks = Vec::new();
    let mut take = |rows: Vec<CustomerRow>| {
        chunks.push(rows);
        Ok(())
    };
    let streaming = Streaming { chunk_rows: chunk, bytes_read: &read };
    let answer = stream_customer_data(path, &CustomerOptions::default(), limits, &streaming, &mut take);
    (chunks, read.load(Ordering::Relaxed), answer)
}

fn write(name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn row(i: usize) -> String {
    format!("2026-03-{:02},CCTV-1,{:02}:{:02}:00,15,版本{},全国4+,{}.5\n", i % 28 + 1, 19 + i % 8, i % 60, i % 3, i % 9)
}

#[test]
fn a_streamed_csv_hands_on_the_rows_a_file_read_whole_gives_in_chunks_in_file_order() {
    // BOM, CRLF, a blank line, a quoted title with a newline: rows as Excel numbers them (a
    // quoted newline stays inside its row).
    let mut text = String::from("\u{feff}客户数据（测试）\r\n\r\n");
    text.push_str(&HEADER.replace('\n', "\r\n"));
    for i in 0..10 {
        text.push_str(&row(i).replace('\n', "\r\n"));
    }
    text.push_str("2026-03-02,CCTV-1,20:00,15,\"两行\n标题\",全国4+,1\r\n");
    text.push_str(&row(11));
    let path = write("客户.csv", text.as_bytes());

    let (chunks, read, answer) = stream(&path, 4, &Limits::default());

    let whole = read_customer_data_bytes(text.as_bytes(), "客户.csv", &CustomerOptions::default(), &Limits::default()).unwrap();
    assert_eq!(answer, Ok(12));
    assert_eq!(chunks.iter().map(Vec::len).collect::<Vec<_>>(), [4, 4, 4]);
    assert_eq!(chunks.concat(), whole);
    assert_eq!(whole[10].title, "两行\n标题");
    assert_eq!(whole.iter().map(|r| r.row).collect::<Vec<_>>(), [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    assert_eq!(whole[0].sheet, "客户");
    assert_eq!(read, text.len() as u64);
}

#[test]
fn gbk_and_tab_separated_files_stream_across_the_sample_and_buffer_boundaries() {
    // Over 1 MiB of GBK, tab-separated: the encoding is decided on the first MiB, records
    // straddle every read buffer, and the last row still has its number.
    let mut text = HEADER.replace(',', "\t");
    let n = 20_000;
    for i in 0..n {
        text.push_str(&row(i).replace(',', "\t").replace("版本", "中文版本标题很长很长很长"));
    }
    let (bytes, _, bad) = encoding_rs::GBK.encode(&text);
    assert!(!bad && bytes.len() > 1 << 20 && std::str::from_utf8(&bytes).is_err());
    let path = write("gbk.csv", &bytes);

    let whole = read_customer_data_bytes(&bytes, "gbk.csv", &CustomerOptions::default(), &Limits::default());
    assert_eq!(whole.as_ref().map(Vec::len), Ok(n));
    let (chunks, read, answer) = stream(&path, 7_000, &Limits::default());

    assert_eq!(answer, Ok(n as u64));
    assert_eq!(read, bytes.len() as u64);
    let rows = chunks.concat();
    assert_eq!(rows.len(), n);
    assert_eq!(rows[n - 1].row, n as u32 + 1);
    assert_eq!(rows[n - 1].title, format!("中文版本标题很长很长很长{}", (n - 1) % 3));
    assert_eq!(rows[0].channel, "CCTV-1");
}

#[test]
fn bad_rows_of_a_streamed_csv_are_all_listed_with_their_rows_and_stop_the_chunks() {
    let mut text = String::from(HEADER);
    for i in 0..10 {
        text.push_str(&row(i));
    }
    // Row 12 holds a quoted newline, which stays inside it: the bad row after it is row 13.
    text.push_str("2026-03-02,CCTV-1,20:00,15,\"两\n行\",全国4+,1\n");
    text.push_str("2026-03-02,CCTV-1,31:00,15,版本,全国4+,1\n");
    for i in 0..10 {
        text.push_str(&row(i));
    }
    text.push_str("2026-13-02,CCTV-1,20:00,15,版本,全国4+,1\n");
    let path = write("bad.csv", text.as_bytes());

    let (chunks, _, answer) = stream(&path, 3, &Limits::default());

    let Err(Rejected::Rows(RowErrors { errors, problems, .. })) = answer else { panic!("{answer:?}") };
    assert_eq!(problems, 2);
    assert_eq!(errors.iter().map(|e| (e.row, e.column.as_str())).collect::<Vec<_>>(), [(13, "播出时间"), (24, "日期")]);
    // Chunks handed on before the first bad row are the caller's to drop; none come after.
    assert_eq!(chunks.iter().map(Vec::len).sum::<usize>(), 9);
}

#[test]
fn streamed_files_are_not_held_to_the_row_cap_but_workbooks_keep_excels_per_sheet_limit() {
    let mut text = String::from(HEADER);
    for i in 0..10 {
        text.push_str(&row(i));
    }
    let path = write("rows.csv", text.as_bytes());
    let limits = Limits { max_rows: 5, max_text_bytes: 10, max_inflated_bytes: 10, ..Limits::default() };
    assert_eq!(stream(&path, 100, &limits).2, Ok(10));

    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, line) in text.lines().enumerate() {
        for (c, cell) in line.split(',').enumerate() {
            sheet.write_string(r as u32, c as u16, cell).unwrap();
        }
    }
    let path = write("rows.xlsx", &book.save_to_buffer().unwrap());
    assert_eq!(stream(&path, 4, &Limits::default()).2, Ok(10));
    let limits = Limits { max_sheet_rows: 5, ..Limits::default() };
    assert_eq!(stream(&path, 4, &limits).2, Err(Rejected::File(FileError::TooManyRows(5))));
    assert_eq!(Limits::default().max_sheet_rows, 1_048_576);
}

#[test]
fn a_failing_taker_stops_the_reading_with_its_error() {
    let mut text = String::from(HEADER);
    for i in 0..50 {
        text.push_str(&row(i));
    }
    let path = write("stop.csv", text.as_bytes());
    let read = AtomicU64::new(0);
    let mut calls = 0;
    let mut take = |_: Vec<CustomerRow>| {
        calls += 1;
        Err(FileError::Internal { detail: "disk full".into() })
    };
    let streaming = Streaming { chunk_rows: 10, bytes_read: &read };
    let answer = stream_customer_data(&path, &CustomerOptions::default(), &Limits::default(), &streaming, &mut take);
    assert_eq!(answer, Err(Rejected::File(FileError::Internal { detail: "disk full".into() })));
    assert_eq!(calls, 1);
}

