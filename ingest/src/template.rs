//! Order templates (排期表, docs/import-formats.md): the spots planned per day for each version, time
//! period, spot type and position of a month. One sheet per month named `YYYY-MM`, or any
//! sheets with a 月份 column. Names are read as written; the server matches them to the
//! order's tapes and its media's periods.

use std::path::Path;

use chrono::{Datelike, NaiveDate};

use crate::header::{Field, Header, Sample::{Empty, Number, Text}};
use crate::position::parse_position;
use crate::reader::{self, Raw};
use crate::table::{Cells, Row, RowProblems, Table, checked, keep};
use crate::values::{self, BAD_POSITION};
use crate::{Limits, Rejected, RowError, max_chars};

/// One line of a schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateRow {
    pub sheet: String,
    /// The sheet row number as Excel shows it.
    pub row: u32,
    /// The month, as its first day.
    pub month: NaiveDate,
    /// Media file name or tape number (版本).
    pub version: String,
    /// Time-period name (时段).
    pub time_period: String,
    /// A, B, C or D.
    pub point_type: char,
    /// Normalised position requested in the break (`正一`, `2/8` …), if any.
    pub position: Option<String>,
    /// Days of the month with spots planned (blank and 0 left out): (day, spots).
    pub days: Vec<(u32, u32)>,
}

/// What could be read of a schedule row with a bad cell, for the checks against the order (its
/// tapes, periods, cycle and verified months): each value, or `None` where its cell is bad;
/// `days` holds the day cells that are good.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TemplateFields {
    pub sheet: String,
    pub row: u32,
    pub month: Option<NaiveDate>,
    pub version: Option<String>,
    pub time_period: Option<String>,
    pub point_type: Option<char>,
    pub position: Option<Option<String>>,
    pub days: Vec<(u32, u32)>,
}

/// A schedule row as read: every value, or what could be read of it.
pub type TemplateRead = Row<TemplateRow, TemplateFields>;

pub(crate) const MONTH: usize = 0;
const VERSION: usize = 1;
const TIME_PERIOD: usize = 2;
const TYPE: usize = 3;
const POSITION: usize = 4;
/// Day `d` (1-based) is field `FIRST_DAY + d - 1`.
const FIRST_DAY: usize = 5;

/// A day column (`1`, also `01`, `1日`, `1号`) and its example's spots.
macro_rules! day {
    ($d:literal, $padded:literal) => {
        day!($d, $padded, Empty)
    };
    ($d:literal, $padded:literal, $example:expr) => {
        Field {
            label: stringify!($d),
            required: false,
            aliases: &[stringify!($d), $padded, concat!(stringify!($d), "日"), concat!(stringify!($d), "号")],
            example: $example,
        }
    };
}

/// The columns, in the order of the constants above; the example plans two spots on the 1st
/// of a month of the demo's master data (docs/import-formats.md).
pub(crate) static FIELDS: [Field; 36] = [
    Field { label: "月份", required: false, aliases: &["月份", "month", "排期月份"], example: Text("2026-03") },
    Field { label: "版本", required: true, aliases: &["版本", "version", "素材", "媒体文件名", "磁带号"], example: Text("纯甄 15秒 A版") },
    Field { label: "时段", required: true, aliases: &["时段", "time_period", "时段名称"], example: Text("新闻联播前") },
    Field { label: "类型", required: false, aliases: &["类型", "type", "点位类型"], example: Text("A") },
    Field { label: "位置", required: false, aliases: &["位置", "position"], example: Empty },
    day!(1, "01", Number(2.0)), day!(2, "02"), day!(3, "03"), day!(4, "04"), day!(5, "05"), day!(6, "06"),
    day!(7, "07"), day!(8, "08"), day!(9, "09"), day!(10, "10"), day!(11, "11"), day!(12, "12"),
    day!(13, "13"), day!(14, "14"), day!(15, "15"), day!(16, "16"), day!(17, "17"), day!(18, "18"),
    day!(19, "19"), day!(20, "20"), day!(21, "21"), day!(22, "22"), day!(23, "23"), day!(24, "24"),
    day!(25, "25"), day!(26, "26"), day!(27, "27"), day!(28, "28"), day!(29, "29"), day!(30, "30"),
    day!(31, "31"),
];

const BAD_MONTH: &str = "无法识别的月份（应为 YYYY-MM）";
const NO_MONTH: &str = "缺少月份：请填写月份列，或把工作表命名为 YYYY-MM";
const BAD_TYPE: &str = "类型只能是 A、B、C 或 D";
const BAD_COUNT: &str = "点位数须为不小于 0 的整数";
const NO_SUCH_DAY: &str = "该月没有这一天";
const NO_SPOTS: &str = "这一行没有任何点位";

/// Most spots one cell may plan.
const MAX_SPOTS: f64 = 10_000.0;

/// Reads an order template (xlsx, xls or csv). Nothing is returned unless every row is good.
pub fn read_order_template(path: &Path, limits: &Limits) -> Result<Vec<TemplateRow>, Rejected> {
    read_order_template_checked(path, limits, keep)
}

/// As [`read_order_template`], with the caller's check of every data row (good or bad) against
/// the order: what it finds joins the row's problems, in one listing with the reader's own,
/// and the rows it answers are what the read answers once no row has a problem.
pub fn read_order_template_checked<U>(
    path: &Path,
    limits: &Limits,
    check: impl FnMut(TemplateRead, &mut RowProblems<'_>) -> Option<U>,
) -> Result<Vec<U>, Rejected> {
    reader::guarded(|| {
        let bytes = reader::read_file(path, limits)?;
        Table::new(&FIELDS, &[], checked(&FIELDS, read_row, check)).read(&bytes, &reader::file_name(path), limits)
    })
}

/// As [`read_order_template`], for a file held in memory; `file_name` gives its extension.
pub fn read_order_template_bytes(bytes: &[u8], file_name: &str, limits: &Limits) -> Result<Vec<TemplateRow>, Rejected> {
    reader::guarded(|| Table::new(&FIELDS, &[], checked(&FIELDS, read_row, keep)).read(bytes, file_name, limits))
}

/// A month written as `2026-03`, `2026/3`, `2026年3月`, a date in it or an Excel date.
fn month(raw: &Raw) -> Result<NaiveDate, &'static str> {
    let first = |d: NaiveDate| d.with_day(1).ok_or(BAD_MONTH);
    match raw {
        Raw::Number(_) | Raw::DateTime(_) => values::date(raw).map_err(|_| BAD_MONTH).and_then(first),
        Raw::Text(s) => month_text(s).ok_or(BAD_MONTH),
        _ => Err(BAD_MONTH),
    }
}

fn month_text(text: &str) -> Option<NaiveDate> {
    let t = text.trim().trim_end_matches('月').replace(['年', '/', '.'], "-");
    let mut parts = t.split('-');
    let (year, month) = (parts.next()?.trim().parse::<i32>().ok()?, parts.next()?.trim().parse::<u32>().ok()?);
    // A whole date names its month.
    if let Some(day) = parts.next() {
        day.trim().parse::<u32>().ok()?;
    }
    (1900..=9999).contains(&year).then(|| NaiveDate::from_ymd_opt(year, month, 1)).flatten()
}

fn spots(raw: &Raw) -> Result<u32, &'static str> {
    let n = match raw {
        Raw::Empty => return Ok(0),
        Raw::Number(n) => *n,
        Raw::Text(s) if s.trim().is_empty() => return Ok(0),
        Raw::Text(s) => s.trim().parse::<f64>().map_err(|_| BAD_COUNT)?,
        _ => return Err(BAD_COUNT),
    };
    if n.fract() == 0.0 && (0.0..=MAX_SPOTS).contains(&n) { Ok(n as u32) } else { Err(BAD_COUNT) }
}

fn days_in(month: NaiveDate) -> u32 {
    let next = if month.month() == 12 {
        NaiveDate::from_ymd_opt(month.year() + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(month.year(), month.month() + 1, 1)
    };
    next.map_or(31, |n| (n - month).num_days() as u32)
}

fn read_row(header: &Header, at: (&str, u32), cells: &mut [Raw], errors: &mut Vec<RowError>) -> TemplateRead {
    let (sheet, row) = at;
    let mut c = Cells::new(header, at, cells, errors);
    let month = if header.columns[MONTH].is_some() {
        let raw = c.take(MONTH);
        c.check(MONTH, &raw, month(&raw))
    } else {
        // Without a 月份 column the sheet's name is the month; the error sits on 版本.
        let named = month_text(sheet);
        c.check(VERSION, &Raw::Text(sheet.into()), named.ok_or(NO_MONTH))
    };
    let version = c.text(VERSION, true, ("版本", max_chars::TITLE));
    let time_period = c.text(TIME_PERIOD, true, ("时段", max_chars::TIME_PERIOD));
    let raw = c.take(TYPE);
    let point_type = match values::text(raw.clone()) {
        Ok(None) => Some('A'),
        Ok(Some(t)) => match t.to_ascii_uppercase().as_str() {
            "A" | "B" | "C" | "D" => t.to_ascii_uppercase().chars().next(),
            _ => c.check(TYPE, &raw, Err(BAD_TYPE)),
        },
        Err(e) => c.check(TYPE, &raw, Err(e)),
    };
    let raw = c.take(POSITION);
    let position = match &raw {
        raw if raw.is_blank() => Some(None),
        Raw::Text(s) => c.check(POSITION, &raw, parse_position(s).map(|p| Some(p.text)).ok_or(BAD_POSITION)),
        _ => c.check(POSITION, &raw, Err(BAD_POSITION)),
    };
    let mut days = Vec::new();
    let length = month.map_or(31, days_in);
    for day in 1..=31u32 {
        let field = FIRST_DAY + day as usize - 1;
        if header.columns[field].is_none() {
            continue;
        }
        let raw = c.take(field);
        match c.check(field, &raw, spots(&raw)) {
            Some(0) | None => {}
            Some(_) if day > length => {
                c.check::<()>(field, &raw, Err(NO_SUCH_DAY));
            }
            Some(n) => days.push((day, n)),
        }
    }
    if days.is_empty() && !c.failed() {
        c.check::<()>(VERSION, &Raw::Empty, Err(NO_SPOTS));
    }
    let failed = c.failed();
    match (month, version, time_period, point_type, position) {
        (Some(month), Some(Some(version)), Some(Some(time_period)), Some(point_type), Some(position)) if !failed => {
            Row::Good(TemplateRow { sheet: sheet.to_owned(), row, month, version, time_period, point_type, position, days })
        }
        (month, version, time_period, point_type, position) => Row::Bad(TemplateFields {
            sheet: sheet.to_owned(),
            row,
            month,
            version: version.flatten(),
            time_period: time_period.flatten(),
            point_type,
            position,
            days,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_read_in_the_usual_forms() {
        let m = |y, mo| NaiveDate::from_ymd_opt(y, mo, 1);
        assert_eq!(month_text("2026-03"), m(2026, 3));
        assert_eq!(month_text("2026/3"), m(2026, 3));
        assert_eq!(month_text("2026年3月"), m(2026, 3));
        assert_eq!(month_text("2026-03-15"), m(2026, 3));
        assert_eq!(month_text("Sheet1"), None);
        assert_eq!(month_text("2026-13"), None);
        assert_eq!(month(&Raw::DateTime(46082.0)), Ok(NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()));
    }

    #[test]
    fn spot_counts_are_whole_and_not_negative() {
        assert_eq!(spots(&Raw::Empty), Ok(0));
        assert_eq!(spots(&Raw::Number(3.0)), Ok(3));
        assert_eq!(spots(&Raw::Text(" 2 ".into())), Ok(2));
        assert_eq!(spots(&Raw::Number(1.5)), Err(BAD_COUNT));
        assert_eq!(spots(&Raw::Number(-1.0)), Err(BAD_COUNT));
        assert_eq!(spots(&Raw::Text("两".into())), Err(BAD_COUNT));
        assert_eq!(days_in(NaiveDate::from_ymd_opt(2026, 2, 1).unwrap()), 28);
        assert_eq!(days_in(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()), 31);
    }
}
