//! The caller's checks: every data row, good or bad, reaches them, and what they find joins the
//! reader's problems in one listing, in sheet-row order and a row's in column order, with true
//! counts of rows and problems however many are kept.

use adeval_ingest::{CustomerOptions, FileError, Limits, MAX_ROW_ERRORS, Rejected, Row, RowError, RowErrors, read_customer_data_checked};

use crate::support::*;

/// Writes `bytes` to a file of its own and reads it with a check that knows one channel,
/// CCTV-1: answers the read and the rows the check saw, as (row, good).
fn read_checked(bytes: &[u8], name: &str) -> (Result<Vec<u32>, Rejected>, Vec<(u32, bool)>) {
    let dir = std::env::temp_dir().join(format!("adeval-checks-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let mut seen = Vec::new();
    let read = read_customer_data_checked(&path, &CustomerOptions::default(), &Limits::default(), |row, problems| {
        let (n, channel, good) = match &row {
            Row::Good(r) => (r.row, Some(r.channel.clone()), true),
            Row::Bad(f) => (f.row, f.channel.clone(), false),
        };
        seen.push((n, good));
        if let Some(channel) = channel.filter(|c| c != "CCTV-1") {
            problems.add("频道", &channel, "未知的频道");
        }
        row.good().map(|r| r.row)
    });
    std::fs::remove_dir_all(&dir).ok();
    (read, seen)
}

#[test]
fn a_row_with_a_bad_cell_is_still_checked_and_every_problem_is_listed_in_row_and_column_order() {
    let mut unknown = good_row("2026-03-01", "20:15");
    unknown[1] = S("未知台");
    let mut both = good_row("2026-02-30", "20:15");
    both[1] = S("未知台");
    let mut grp = good_row("2026-03-01", "20:15");
    grp[8] = S("高");
    let rows = vec![header(), good_row("2026-03-01", "20:15"), unknown, both, grp];

    let (read, seen) = read_checked(&one_sheet(rows), "a.xlsx");

    assert_eq!(seen, [(2, true), (3, true), (4, false), (5, false)]);
    let Err(Rejected::Rows(found)) = read else { panic!("{read:?}") };
    let listed: Vec<(u32, &str, &str)> = found.errors.iter().map(|e| (e.row, e.column.as_str(), e.value.as_str())).collect();
    // Row 4's date (column A) comes before its channel (column B), though the check found the
    // channel after the reader found the date.
    assert_eq!(listed, [(3, "频道", "未知台"), (4, "日期", "2026-02-30"), (4, "频道", "未知台"), (5, "毛评点", "高")]);
    assert_eq!((found.rows, found.problems), (3, 4));
    assert_eq!(Rejected::Rows(found).to_string(), "未导入任何数据：3 行有错误（共 4 处）");
}

#[test]
fn a_check_may_leave_rows_out_without_the_file_counting_as_empty() {
    let rows = vec![header(), good_row("2026-03-01", "20:15")];
    let dir = std::env::temp_dir().join(format!("adeval-checks-none-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.xlsx");
    std::fs::write(&path, one_sheet(rows)).unwrap();

    let read = read_customer_data_checked(&path, &CustomerOptions::default(), &Limits::default(), |_, _| None::<()>);
    assert_eq!(read, Ok(Vec::new()));

    std::fs::write(&path, one_sheet(vec![header(), vec![S("  ")]])).unwrap();
    let read = read_customer_data_checked(&path, &CustomerOptions::default(), &Limits::default(), |_, _| None::<()>);
    assert_eq!(read, Err(Rejected::File(FileError::NoRows)));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_million_problems_keep_the_first_thousand_and_count_every_row_and_problem() {
    let mut errors = RowErrors::default();
    for n in 0..500_000u32 {
        for column in ["频道", "毛评点"] {
            errors.push(RowError { sheet: "s".into(), row: n + 2, column: column.into(), value: String::new(), reason: "错".into() });
        }
    }
    assert_eq!(errors.errors.len(), MAX_ROW_ERRORS);
    assert_eq!((errors.rows, errors.problems, errors.unlisted()), (500_000, 1_000_000, 999_000));
    assert_eq!(errors.errors.last().map(|e| (e.row, e.column.as_str())), Some((501, "毛评点")));
    assert_eq!(errors.count_text(), "500000 行有错误（共 1000000 处）");
}
