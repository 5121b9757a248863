//! Broadcast certificates (播出证明, docs/import-formats.md): the spots a channel says it aired
//! for an order, one row per air time and version. Names are read as written; the server
//! matches versions to the order's tapes and times to its media's periods.

use std::path::Path;

use chrono::{NaiveDate, NaiveDateTime};

use crate::header::{Field, Header, Sample::{Number, Text}};
use crate::position::parse_position;
use crate::reader::{self, Raw};
use crate::table::{Cells, Row, RowProblems, Table, checked, keep};
use crate::values::{self, BAD_POSITION};
use crate::{Limits, Rejected, RowError, max_chars};

/// One aired line of a certificate.
#[derive(Debug, Clone, PartialEq)]
pub struct CertificateLine {
    pub sheet: String,
    /// The sheet row number as Excel shows it.
    pub row: u32,
    /// The broadcast day (日期).
    pub ymd: NaiveDate,
    /// 播出时间 as seconds into the broadcast day, 0..=107_999 (up to 29:59:59).
    pub secs: u32,
    /// The calendar instant: `ymd` plus `secs`, past 24:00 on the next day.
    pub air_time: NaiveDateTime,
    /// 时段 as written.
    pub time_period: Option<String>,
    /// 版本 as written: a media file name or a tape number.
    pub version: String,
    /// 时长 in seconds, above zero.
    pub duration: Option<u32>,
    /// Normalised position in the break (`正一`, `2/8` …), as the template's.
    pub position: Option<String>,
    /// 次数: spots this line stands for, 1 when blank.
    pub count: u32,
}

/// What could be read of a certificate row with a bad cell, for the checks against the order
/// (its versions, cycle and confirmed months): each value, or `None` where its cell is bad.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CertificateFields {
    pub sheet: String,
    pub row: u32,
    pub ymd: Option<NaiveDate>,
    pub version: Option<String>,
    pub time_period: Option<String>,
}

/// A certificate row as read: every value, or what could be read of it.
pub type CertificateRead = Row<CertificateLine, CertificateFields>;

const DATE: usize = 0;
const AIR_TIME: usize = 1;
const TIME_PERIOD: usize = 2;
const VERSION: usize = 3;
const DURATION: usize = 4;
const POSITION: usize = 5;
const COUNT: usize = 6;

/// The columns, in the order of the constants above; the example is a spot of the demo's
/// master data (docs/import-formats.md).
pub(crate) static FIELDS: [Field; 7] = [
    Field { label: "日期", required: true, aliases: &["日期", "date", "播出日期"], example: Text("2026-03-01") },
    Field { label: "播出时间", required: true, aliases: &["播出时间", "air_time", "时间", "实际播出时间"], example: Text("19:31:05") },
    Field { label: "时段", required: false, aliases: &["时段", "time_period", "时段名称"], example: Text("新闻联播前") },
    Field { label: "版本", required: true, aliases: &["版本", "version", "素材", "媒体文件名", "磁带号"], example: Text("纯甄 15秒 A版") },
    Field { label: "时长", required: false, aliases: &["时长", "duration", "秒数"], example: Number(15.0) },
    Field { label: "位置", required: false, aliases: &["位置", "position"], example: Text("正一") },
    Field { label: "次数", required: false, aliases: &["次数", "count", "频次"], example: Number(1.0) },
];

const BAD_COUNT: &str = "次数须为 1 到 10000 的整数";

/// Most spots one line may stand for, as a template cell may plan.
const MAX_COUNT: f64 = 10_000.0;

/// Reads a broadcast certificate (xlsx, xls or csv). Nothing is returned unless every row is
/// good: a bad file is one `FileError`, bad rows are all listed (up to `MAX_ROW_ERRORS`).
pub fn read_certificate(path: &Path, limits: &Limits) -> Result<Vec<CertificateLine>, Rejected> {
    read_certificate_checked(path, limits, keep)
}

/// As [`read_certificate`], with the caller's check of every data row (good or bad) against
/// the order: what it finds joins the row's problems, in one listing with the reader's own,
/// and the rows it answers are what the read answers once no row has a problem.
pub fn read_certificate_checked<U>(
    path: &Path,
    limits: &Limits,
    check: impl FnMut(CertificateRead, &mut RowProblems<'_>) -> Option<U>,
) -> Result<Vec<U>, Rejected> {
    reader::guarded(|| {
        let bytes = reader::read_file(path, limits)?;
        Table::new(&FIELDS, &[], checked(&FIELDS, read_row, check)).read(&bytes, &reader::file_name(path), limits)
    })
}

/// As [`read_certificate`], for a file held in memory; `file_name` gives its extension.
pub fn read_certificate_bytes(
    bytes: &[u8],
    file_name: &str,
    limits: &Limits,
) -> Result<Vec<CertificateLine>, Rejected> {
    reader::guarded(|| Table::new(&FIELDS, &[], checked(&FIELDS, read_row, keep)).read(bytes, file_name, limits))
}

/// 次数: blank is one spot; otherwise a whole number from 1 to 10,000.
fn count(raw: &Raw) -> Result<u32, &'static str> {
    let n = match raw {
        raw if raw.is_blank() => return Ok(1),
        Raw::Number(n) => *n,
        Raw::Text(s) => s.trim().parse::<f64>().map_err(|_| BAD_COUNT)?,
        Raw::Error(_) => return Err(values::ERROR_VALUE),
        _ => return Err(BAD_COUNT),
    };
    if n.fract() == 0.0 && (1.0..=MAX_COUNT).contains(&n) { Ok(n as u32) } else { Err(BAD_COUNT) }
}

/// Seconds from the start of the broadcast day `ymd` to `air_time`, which `air_time_on` has
/// already held to that day or the next morning before 06:00.
fn broadcast_secs(ymd: NaiveDate, air_time: NaiveDateTime) -> u32 {
    let midnight = ymd.and_hms_opt(0, 0, 0).expect("midnight exists");
    (air_time - midnight).num_seconds() as u32
}

fn read_row(header: &Header, at: (&str, u32), cells: &mut [Raw], errors: &mut Vec<RowError>) -> CertificateRead {
    let (sheet, row) = at;
    let mut c = Cells::new(header, at, cells, errors);

    let raw = c.take(DATE);
    let ymd = c.check(DATE, &raw, values::date(&raw));
    let raw = c.take(AIR_TIME);
    let air = c.check(AIR_TIME, &raw, values::air_time(&raw));
    let air_time = match (air, ymd) {
        (Some(air), Some(ymd)) => c.check(AIR_TIME, &raw, values::air_time_on(air, ymd)),
        _ => None,
    };
    let time_period = c.text(TIME_PERIOD, false, ("时段", max_chars::TIME_PERIOD));
    let version = c.text(VERSION, true, ("版本", max_chars::TITLE));
    let raw = c.take(DURATION);
    let duration = if raw.is_blank() { Some(None) } else { c.check(DURATION, &raw, values::duration(&raw).map(Some)) };
    let raw = c.take(POSITION);
    let position = match &raw {
        raw if raw.is_blank() => Some(None),
        Raw::Text(s) => c.check(POSITION, &raw, parse_position(s).map(|p| Some(p.text)).ok_or(BAD_POSITION)),
        _ => c.check(POSITION, &raw, Err(BAD_POSITION)),
    };
    let raw = c.take(COUNT);
    let count = c.check(COUNT, &raw, count(&raw));

    let failed = c.failed();
    match (ymd, air_time, time_period, version, duration, position, count) {
        (Some(ymd), Some(air_time), Some(time_period), Some(Some(version)), Some(duration), Some(position), Some(count))
            if !failed =>
        {
            Row::Good(CertificateLine {
                sheet: sheet.to_owned(),
                row,
                ymd,
                secs: broadcast_secs(ymd, air_time),
                air_time,
                time_period,
                version,
                duration,
                position,
                count,
            })
        }
        (ymd, _, time_period, version, ..) => Row::Bad(CertificateFields {
            sheet: sheet.to_owned(),
            row,
            ymd,
            version: version.flatten(),
            time_period: time_period.flatten(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    #[test]
    fn counts_default_to_one_and_stay_within_ten_thousand() {
        assert_eq!(count(&Raw::Empty), Ok(1));
        assert_eq!(count(&Raw::Text("  ".into())), Ok(1));
        assert_eq!(count(&Raw::Number(3.0)), Ok(3));
        assert_eq!(count(&Raw::Text(" 2 ".into())), Ok(2));
        assert_eq!(count(&Raw::Number(10_000.0)), Ok(10_000));
        for bad in [
            Raw::Number(0.0),
            Raw::Number(-1.0),
            Raw::Number(1.5),
            Raw::Number(10_001.0),
            Raw::Number(f64::NAN),
            Raw::Text("两".into()),
            Raw::Text("inf".into()),
            Raw::Bool(true),
            Raw::DateTime(46082.0),
        ] {
            assert_eq!(count(&bad), Err(BAD_COUNT), "{bad:?}");
        }
        assert_eq!(count(&Raw::Error("#N/A".into())), Err(values::ERROR_VALUE));
    }

    #[test]
    fn broadcast_seconds_run_past_midnight_to_the_next_morning() {
        let at = |d: u32, h: u32, m: u32, s: u32| day(3, d).and_hms_opt(h, m, s).unwrap();
        assert_eq!(broadcast_secs(day(3, 1), at(1, 0, 0, 0)), 0);
        assert_eq!(broadcast_secs(day(3, 1), at(1, 20, 15, 0)), 72_900);
        assert_eq!(broadcast_secs(day(3, 1), at(2, 1, 30, 0)), 91_800);
        assert_eq!(broadcast_secs(day(3, 1), at(2, 5, 59, 59)), 107_999);
    }
}
