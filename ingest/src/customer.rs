//! Customer viewing data (客户数据, docs/import-formats.md): one aired spot per row.

use std::path::Path;
use std::sync::atomic::AtomicU64;

use chrono::{NaiveDate, NaiveDateTime};

use crate::header::{Field, Header, Sample::{Empty, Number, Text}, normalise};
use crate::position::{Position, parse_position};
use crate::reader::{self, Raw};
use crate::table::{Cells, ReadRow, Row, RowProblems, Table, checked, keep};
use crate::values::{self, BAD_POSITION};
use crate::{FileError, Limits, Rejected, RowError, max_chars};

/// One spot of a customer's viewing data.
#[derive(Debug, Clone, PartialEq)]
pub struct CustomerRow {
    pub sheet: String,
    /// The sheet row number as Excel shows it.
    pub row: u32,
    /// The broadcast day (日期).
    pub date: NaiveDate,
    pub channel: String,
    /// The calendar date-time it aired: broadcast-day times past 24:00 are on the next day.
    pub air_time: NaiveDateTime,
    /// Seconds, above zero.
    pub duration: u32,
    pub title: String,
    pub program: Option<String>,
    pub time_period_class: Option<String>,
    /// `None` only when the upload form gives the audience group.
    pub audience_group: Option<String>,
    /// Rating points of the spot: finite, zero or more.
    pub grp: f64,
    pub position: Option<Position>,
}

/// What could be read of a customer row with a bad cell, for the checks a caller makes against
/// its own data (channel and group names, an order's titles and cycle): each value, or `None`
/// where its cell is bad or blank.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomerFields {
    pub sheet: String,
    pub row: u32,
    pub date: Option<NaiveDate>,
    pub channel: Option<String>,
    pub air_time: Option<NaiveDateTime>,
    pub title: Option<String>,
    pub time_period_class: Option<String>,
    pub audience_group: Option<String>,
    /// `Some(None)`: the 位置 cell is blank; `None`: it is bad.
    pub position: Option<Option<Position>>,
}

/// A customer row as read: every value, or what could be read of it.
pub type CustomerRead = Row<CustomerRow, CustomerFields>;

/// What the caller knows beyond the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CustomerOptions {
    /// The upload form (or CLI) names the audience group, so the column may be missing.
    pub audience_group_given: bool,
}

const DATE: usize = 0;
const CHANNEL: usize = 1;
const AIR_TIME: usize = 2;
const DURATION: usize = 3;
const TITLE: usize = 4;
const PROGRAM: usize = 5;
const TIME_PERIOD_CLASS: usize = 6;
pub(crate) const AUDIENCE_GROUP: usize = 7;
const GRP: usize = 8;
pub(crate) const POSITION: usize = 9;

/// The columns, in the order of the constants above; the example is a spot of the demo's
/// master data (docs/import-formats.md).
pub(crate) static FIELDS: [Field; 10] = [
    Field { label: "日期", required: true, aliases: &["日期", "date", "播出日期", "air_date"], example: Text("2026-03-01") },
    Field { label: "频道", required: true, aliases: &["频道", "channel", "频道名称", "channel_name"], example: Text("CCTV-1 综合") },
    Field { label: "播出时间", required: true, aliases: &["播出时间", "air_time", "播出时刻", "播放时间"], example: Text("19:31:05") },
    Field { label: "时长", required: true, aliases: &["时长", "duration", "广告时长"], example: Number(15.0) },
    Field { label: "标题", required: true, aliases: &["标题", "title", "广告标题"], example: Text("纯甄 15秒 A版") },
    Field { label: "节目", required: false, aliases: &["节目", "program", "programme", "节目名称"], example: Text("新闻联播") },
    Field { label: "时段归纳", required: false, aliases: &["时段归纳", "time_period_class"], example: Empty },
    Field {
        label: "受众/城市组",
        required: true,
        aliases: &["受众/城市组", "受众城市组", "受众", "城市组", "audience_group"],
        example: Text("全国4+"),
    },
    Field { label: "毛评点", required: true, aliases: &["毛评点", "grp", "grps", "收视点"], example: Number(1.82) },
    Field { label: "位置", required: false, aliases: &["位置", "position", "广告位置"], example: Text("正一") },
];

/// Reads a customer viewing-data file (xlsx, xls or csv). Nothing is returned unless every row
/// is good: a bad file is one `FileError`, bad rows are all listed (up to `MAX_ROW_ERRORS`).
pub fn read_customer_data(
    path: &Path,
    opts: &CustomerOptions,
    limits: &Limits,
) -> Result<Vec<CustomerRow>, Rejected> {
    read_customer_data_checked(path, opts, limits, keep)
}

/// As [`read_customer_data`], with the caller's check of every data row (good or bad) against
/// its own data: what it finds joins the row's problems, in one listing with the reader's own,
/// and the rows it answers are what the read answers once no row has a problem.
pub fn read_customer_data_checked<U>(
    path: &Path,
    opts: &CustomerOptions,
    limits: &Limits,
    check: impl FnMut(CustomerRead, &mut RowProblems<'_>) -> Option<U>,
) -> Result<Vec<U>, Rejected> {
    reader::guarded(|| {
        let bytes = reader::read_file(path, limits)?;
        table(opts, check).read(&bytes, &reader::file_name(path), limits)
    })
}

/// As `read_customer_data`, for a file held in memory; `file_name` gives its extension.
pub fn read_customer_data_bytes(
    bytes: &[u8],
    file_name: &str,
    opts: &CustomerOptions,
    limits: &Limits,
) -> Result<Vec<CustomerRow>, Rejected> {
    reader::guarded(|| table(opts, keep).read(bytes, file_name, limits))
}

/// How a stored file is streamed: rows handed on `chunk_rows` at a time, and a counter of the
/// bytes read so far for a progress bar.
pub struct Streaming<'a> {
    pub chunk_rows: usize,
    pub bytes_read: &'a AtomicU64,
}

/// Reads the customer viewing-data file at `path` as [`read_customer_data`] does, with the same
/// header rules and row checks, but hands the good rows on in file order, `chunk_rows` at a
/// time, to `take` instead of keeping them: csv and Parquet (`.parquet`) are streamed from
/// disk under [`Limits::streamed`], so a file of any size is read in bounded memory; xlsx and
/// xls are read whole under `limits`. Once a row fails no more rows are handed on; the whole
/// file is still read so that every bad row is listed, and the file is refused. Answers the
/// rows handed on. `take` may stop the reading by failing.
pub fn stream_customer_data(
    path: &Path,
    opts: &CustomerOptions,
    limits: &Limits,
    streaming: &Streaming<'_>,
    take: &mut dyn FnMut(Vec<CustomerRow>) -> Result<(), FileError>,
) -> Result<u64, Rejected> {
    stream_customer_data_checked(path, opts, limits, streaming, keep, take)
}

/// As [`stream_customer_data`], with the caller's check of every data row as
/// [`read_customer_data_checked`] makes it: `take` gets what the check answers.
pub fn stream_customer_data_checked<U>(
    path: &Path,
    opts: &CustomerOptions,
    limits: &Limits,
    streaming: &Streaming<'_>,
    check: impl FnMut(CustomerRead, &mut RowProblems<'_>) -> Option<U>,
    take: &mut dyn FnMut(Vec<U>) -> Result<(), FileError>,
) -> Result<u64, Rejected> {
    reader::guarded(|| {
        let wanted = |name: &str| {
            let key = normalise(name);
            FIELDS.iter().any(|f| f.matches(&key))
        };
        table(opts, check).stream(path, limits, (streaming.bytes_read, &wanted), streaming.chunk_rows, take)
    })
}

fn table<U>(
    opts: &CustomerOptions,
    check: impl FnMut(CustomerRead, &mut RowProblems<'_>) -> Option<U>,
) -> Table<'static, U, impl ReadRow<U>> {
    let optional: &'static [usize] = if opts.audience_group_given { &[AUDIENCE_GROUP] } else { &[] };
    let audience_required = !optional.contains(&AUDIENCE_GROUP);
    let read = move |header: &Header, at: (&str, u32), cells: &mut [Raw], errors: &mut Vec<RowError>| {
        read_row(header, at, audience_required, cells, errors)
    };
    Table::new(&FIELDS, optional, checked(&FIELDS, read, check))
}

fn read_row(
    header: &Header,
    (sheet, row): (&str, u32),
    audience_required: bool,
    cells: &mut [Raw],
    errors: &mut Vec<RowError>,
) -> CustomerRead {
    let mut c = Cells::new(header, (sheet, row), cells, errors);

    let raw = c.take(DATE);
    let date = c.check(DATE, &raw, values::date(&raw));
    let raw = c.take(AIR_TIME);
    let air = c.check(AIR_TIME, &raw, values::air_time(&raw));
    let air_time = match (air, date) {
        (Some(air), Some(date)) => c.check(AIR_TIME, &raw, values::air_time_on(air, date)),
        _ => None,
    };
    let channel = c.text(CHANNEL, true, ("频道", max_chars::CHANNEL));
    let raw = c.take(DURATION);
    let duration = c.check(DURATION, &raw, values::duration(&raw));
    let title = c.text(TITLE, true, ("标题", max_chars::TITLE));
    let program = c.text(PROGRAM, false, ("节目", max_chars::PROGRAMME));
    let time_period_class =
        c.text(TIME_PERIOD_CLASS, false, ("时段归纳", max_chars::TIME_PERIOD));
    let audience_group =
        c.text(AUDIENCE_GROUP, audience_required, ("受众/城市组", max_chars::AUDIENCE_GROUP));
    let raw = c.take(GRP);
    let grp = c.check(GRP, &raw, values::grp(&raw));
    let raw = c.take(POSITION);
    let position = match &raw {
        raw if raw.is_blank() => Some(None),
        Raw::Text(s) => c.check(POSITION, &raw, parse_position(s).map(Some).ok_or(BAD_POSITION)),
        _ => c.check(POSITION, &raw, Err(BAD_POSITION)),
    };

    let failed = c.failed();
    match (date, air_time, duration, grp, channel, title, program, time_period_class, audience_group, position) {
        (
            Some(date),
            Some(air_time),
            Some(duration),
            Some(grp),
            Some(Some(channel)),
            Some(Some(title)),
            Some(program),
            Some(time_period_class),
            Some(audience_group),
            Some(position),
        ) if !failed => Row::Good(CustomerRow {
            sheet: sheet.to_owned(),
            row,
            date,
            channel,
            air_time,
            duration,
            title,
            program,
            time_period_class,
            audience_group,
            grp,
            position,
        }),
        (date, air_time, _, _, channel, title, _, time_period_class, audience_group, position) => Row::Bad(CustomerFields {
            sheet: sheet.to_owned(),
            row,
            date,
            channel: channel.flatten(),
            air_time,
            title: title.flatten(),
            time_period_class: time_period_class.flatten(),
            audience_group: audience_group.flatten(),
            position,
        }),
    }
}
