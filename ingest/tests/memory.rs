//! What the readers allocate for hostile files, measured by a counting allocator.
//!
//! A binary of its own: the allocator counts every thread of the process, so the cases run
//! one at a time (a lock) and nothing else runs beside them. Each case builds its file, reads
//! it through the customer import (and the plain sheet reader) and checks the peak of live
//! heap bytes during the read against 8× the file's inflated size (the sum of an archive's
//! parts; an .xls is read as it is). Past `CEILING` an allocation fails, which aborts the
//! binary: a regression fails the test instead of taking the machine down.

#[path = "ingest/support/mod.rs"]
#[allow(dead_code)]
mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Cursor;
use std::sync::{Mutex, MutexGuard};
use std::sync::atomic::{AtomicUsize, Ordering};

use adeval_ingest::reader::read_sheets_bytes;
use adeval_ingest::{CustomerOptions, FileError, Limits, Rejected, read_customer_data_bytes};

use support::xls::{Damage, compound, label, label_sst, sst, workbook_stream};
use support::{MAIN, RELS, package, rel};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
const CEILING: usize = 1 << 30;

impl Counting {
    fn grow(size: usize) -> bool {
        let now = CURRENT.fetch_add(size, Ordering::Relaxed) + size;
        if now > CEILING {
            CURRENT.fetch_sub(size, Ordering::Relaxed);
            return false;
        }
        PEAK.fetch_max(now, Ordering::Relaxed);
        true
    }
}

// SAFETY: every call is passed on to `System` unchanged; only the counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !Self::grow(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: as the caller promised for `layout`.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() && !Self::grow(new_size - layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: as the caller promised for `ptr`, `layout` and `new_size`.
        let out = unsafe { System.realloc(ptr, layout, new_size) };
        if out.is_null() {
            if new_size > layout.size() {
                CURRENT.fetch_sub(new_size - layout.size(), Ordering::Relaxed);
            }
        } else if new_size < layout.size() {
            CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        out
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Held for a whole test, building its file included: nothing else may allocate meanwhile.
fn alone() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` and returns what it returned and the peak of heap bytes it added.
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

/// The bytes a file inflates to: the sum of an archive's parts, else the file itself.
fn inflated(bytes: &[u8]) -> usize {
    match zip::ZipArchive::new(Cursor::new(bytes)) {
        Ok(mut zip) => (0..zip.len()).map(|i| zip.by_index_raw(i).unwrap().size() as usize).sum(),
        Err(_) => bytes.len(),
    }
}

/// Reads `bytes` as customer data and as plain sheets, asserting each stays within 8× the
/// inflated size; returns the customer import's outcome.
fn read_within_bound(bytes: &[u8], name: &str) -> Result<usize, Rejected> {
    read_within(bytes, name, 8 * inflated(bytes))
}

/// As `read_within_bound`, with the bound given.
fn read_within(bytes: &[u8], name: &str, bound: usize) -> Result<usize, Rejected> {
    let limits = Limits::default();
    let opts = CustomerOptions::default();
    let (customer, peak) =
        measure(|| read_customer_data_bytes(bytes, name, &opts, &limits).map(|rows| rows.len()));
    eprintln!("{name}: {} bytes inflated, customer import peak {peak} bytes", inflated(bytes));
    assert!(peak <= bound, "{name}: customer import peaked at {peak} bytes, bound {bound}");
    let (sheets, peak) = measure(|| read_sheets_bytes(bytes, name, &limits).map(|s| s.len()));
    eprintln!("{name}: sheet reader peak {peak} bytes");
    assert!(peak <= bound, "{name}: sheet reader peaked at {peak} bytes, bound {bound}");
    drop(sheets);
    customer
}

/// The issue's workbook: one 32,000-character shared string, 16,000 rows whose text cells all
/// show it, and `entries` `<sheet>` entries naming the one worksheet part.
fn shared_string_bomb(entries: usize) -> Vec<u8> {
    let long = "x".repeat(32_000);
    let shared = format!(
        r#"<sst xmlns="{MAIN}" count="1" uniqueCount="1"><si><t>{long}</t></si></sst>"#
    );
    let mut sheet = format!(r#"<worksheet xmlns="{MAIN}"><sheetData><row r="1">"#);
    for (c, h) in ["日期", "频道", "播出时间", "时长", "标题", "受众", "毛评点"].iter().enumerate() {
        let col = (b'A' + c as u8) as char;
        sheet.push_str(&format!(r#"<c r="{col}1" t="inlineStr"><is><t>{h}</t></is></c>"#));
    }
    sheet.push_str("</row>");
    for r in 2..=16_001 {
        sheet.push_str(&format!(
            r#"<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>2026-03-01</t></is></c><c r="B{r}" t="s"><v>0</v></c><c r="C{r}" t="inlineStr"><is><t>20:15</t></is></c><c r="D{r}"><v>15</v></c><c r="E{r}" t="s"><v>0</v></c><c r="F{r}" t="s"><v>0</v></c><c r="G{r}"><v>1</v></c></row>"#
        ));
    }
    sheet.push_str("</sheetData></worksheet>");
    let sheets: String = (0..entries)
        .map(|i| format!(r#"<sheet name="S{i}" sheetId="{}" r:id="rId1"/>"#, i + 1))
        .collect();
    let workbook =
        format!(r#"<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets>{sheets}</sheets></workbook>"#);
    let rels = [rel("rId1", "worksheet", "worksheets/sheet1.xml"), rel("rId2", "sharedStrings", "sharedStrings.xml")]
        .concat();
    package(&workbook, &rels, &[("xl/sharedStrings.xml", shared), ("xl/worksheets/sheet1.xml", sheet)])
}

fn file_error(outcome: Result<usize, Rejected>) -> FileError {
    match outcome {
        Err(Rejected::File(e)) => e,
        other => panic!("expected the file to be refused, got {other:?}"),
    }
}

#[test]
fn a_shared_string_shown_by_every_cell_is_not_copied_per_cell() {
    let _alone = alone();
    let bytes = shared_string_bomb(1);
    assert!(bytes.len() < 512 << 10, "{} bytes", bytes.len());
    // Shared, the string costs nothing per cell; handed out 48,000 times it is 1.5 GB of
    // text, past the text budget.
    let e = file_error(read_within_bound(&bytes, "bomb.xlsx"));
    assert_eq!(e.to_string(), "单元格文字总量超过上限 256 MB，已拒绝");
}

#[test]
fn one_worksheet_part_named_by_four_sheets_is_refused() {
    let _alone = alone();
    let e = file_error(read_within_bound(&shared_string_bomb(4), "four.xlsx"));
    assert_eq!(e.to_string(), "工作表“S1”与“S0”指向同一份工作表数据，文件已拒绝");
}

#[test]
fn one_worksheet_part_named_by_two_hundred_sheets_is_refused() {
    let _alone = alone();
    let e = file_error(read_within_bound(&shared_string_bomb(200), "many.xlsx"));
    assert!(e.to_string().contains("指向同一份工作表数据"), "{e:?}");
}

#[test]
fn a_sheet_name_longer_than_excel_allows_is_refused() {
    let _alone = alone();
    let name = "长".repeat(10_000);
    let workbook = format!(
        r#"<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets><sheet name="{name}" sheetId="1" r:id="rId1"/></sheets></workbook>"#
    );
    let sheet = format!(r#"<worksheet xmlns="{MAIN}">{}</worksheet>"#, support::inline_rows(&[support::HEADER, support::ROW]));
    let bytes = package(&workbook, &rel("rId1", "worksheet", "worksheets/sheet1.xml"), &[("xl/worksheets/sheet1.xml", sheet)]);
    let e = file_error(read_within_bound(&bytes, "name.xlsx"));
    assert_eq!(e.to_string(), "工作表名称过长（最多 31 个字符），文件已拒绝");
}

/// An .xls whose cells show one 8,000-character shared string `cells` times.
fn xls_shared_string_bomb(cells: u16, index: u32) -> Vec<u8> {
    let long = "x".repeat(8_000);
    let mut records = label(0, 0, "标题");
    for r in 1..=cells {
        records.extend(label_sst(r, 0, index));
    }
    compound(&workbook_stream("S", &sst(&[&long]), &records), Damage::None)
}

#[test]
fn an_xls_shared_string_shown_by_every_cell_is_bounded_before_calamine_reads_it() {
    let _alone = alone();
    let bytes = xls_shared_string_bomb(20_000, 0);
    let e = file_error(read_within_bound(&bytes, "bomb.xls"));
    assert_eq!(e, FileError::TooLarge);
}

#[test]
fn an_xls_shared_string_reference_past_the_table_is_refused() {
    let _alone = alone();
    let bytes = xls_shared_string_bomb(10, 7);
    let e = file_error(read_within_bound(&bytes, "past.xls"));
    assert!(matches!(e, FileError::Corrupt { .. }), "{e:?}");
}

#[test]
fn an_xls_sheet_name_longer_than_excel_allows_is_refused() {
    let _alone = alone();
    let stream = workbook_stream(&"长".repeat(100), &[], &label(0, 0, "标题"));
    let e = file_error(read_within_bound(&compound(&stream, Damage::None), "name.xls"));
    assert_eq!(e.to_string(), "工作表名称过长（最多 31 个字符），文件已拒绝");
}

#[test]
fn a_real_workbook_imports_within_the_bound_too() {
    let _alone = alone();
    let mut rows = vec![support::header()];
    rows.extend((0..20_000).map(|_| support::good_row("2026-03-01", "20:15")));
    let bytes = support::one_sheet(rows);
    assert_eq!(read_within_bound(&bytes, "good.xlsx").unwrap(), 20_000);
}

#[test]
fn a_small_xls_whose_two_cells_span_a_large_grid_is_bounded_by_its_size() {
    let _alone = alone();
    // Two cells, 2 million grid cells apart: calamine would grid them (64 MB) and clone the
    // grid to read it, for a file of a few KB.
    let mut records = label(0, 0, "标题");
    records.extend(label(7_812, 255, "远"));
    let bytes = compound(&workbook_stream("S", &[], &records), Damage::None);
    let e = file_error(read_within_bound(&bytes, "grid.xls"));
    assert_eq!(e, FileError::TooLarge);
}
