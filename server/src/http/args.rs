//! Reading call arguments. Every argument arrives as [`Text`]; each kind of value a call reads
//! from it is a type here that parses it once and names the one message for a value it can't
//! read, so the same mistake gets the same words on every screen. Handlers keep only the
//! messages that belong to their field: what to say when a required value is missing, or when
//! a picked record is not chosen.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc};

use super::Text;
use crate::error::Checks;
use crate::orders::cells::MAX_POINTS;

/// A kind of argument value.
pub trait Arg: Sized {
    /// The message for a value that is present but can't be read.
    const BAD: &'static str;

    /// Reads a trimmed, non-blank text.
    fn read(text: &str) -> Option<Self>;

    /// `None` when blank; a value that can't be read is a field error.
    fn optional(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<Self> {
        let read = Self::read(Text::get(value)?);
        if read.is_none() {
            checks.add(field, Self::BAD);
        }
        read
    }

    /// As [`Arg::optional`], and a blank value is a field error with `missing`.
    fn required(field: &str, value: &Option<Text>, missing: &str, checks: &mut Checks) -> Option<Self> {
        if Text::get(value).is_none() {
            checks.add(field, missing);
            return None;
        }
        Self::optional(field, value, checks)
    }
}

/// A trimmed text argument, `None` when blank.
pub fn text(value: &Option<Text>) -> Option<String> {
    Text::get(value).map(str::to_owned)
}

/// A record id: a positive integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Id(pub i64);

impl Arg for Id {
    const BAD: &'static str = "编号格式错误";

    fn read(text: &str) -> Option<Self> {
        text.parse().ok().filter(|id| *id > 0).map(Id)
    }
}

impl Id {
    /// An optional id filter as the number SQL binds.
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i64> {
        Self::optional(field, value, checks).map(|Id(id)| id)
    }

    /// The id of a record the caller must pick. A blank and a bad value are the same mistake
    /// (nothing valid was picked), answered with `message`; 0 stands in until the checks fail.
    pub fn picked(field: &str, value: &Option<Text>, message: &str, checks: &mut Checks) -> i64 {
        match Text::get(value).and_then(Self::read) {
            Some(Id(id)) => id,
            None => {
                checks.add(field, message);
                0
            }
        }
    }
}

/// Comma-joined ids (a JSON array is accepted too), in order of first mention, without
/// repeats, at most [`Ids::MAX`] of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ids(pub Vec<i64>);

impl Arg for Ids {
    const BAD: &'static str = Id::BAD;

    fn read(text: &str) -> Option<Self> {
        Self::parse(text).ok()
    }

    /// As the trait's, but a list over [`Ids::MAX`] gets [`Ids::TOO_MANY`] rather than the
    /// format message: its ids are fine, there are just too many.
    fn optional(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<Self> {
        match Self::parse(Text::get(value)?) {
            Ok(ids) => Some(ids),
            Err(message) => {
                checks.add(field, message);
                None
            }
        }
    }
}

impl Ids {
    /// The most ids one call takes: more than any screen selects, and few enough that a list
    /// built to tie up a worker (or to bind a huge array) is refused before any work.
    pub const MAX: usize = 5_000;
    pub const TOO_MANY: &'static str = "一次最多选择 5000 项";

    /// The ids, or the message for a list that can't be taken. A set of the ids seen keeps
    /// removing repeats linear, and the count is checked as each new id arrives, so an
    /// oversized list is refused without reading the rest of it.
    fn parse(text: &str) -> Result<Self, &'static str> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Id(id) = Id::read(part).ok_or(Self::BAD)?;
            if seen.insert(id) {
                if out.len() == Self::MAX {
                    return Err(Self::TOO_MANY);
                }
                out.push(id);
            }
        }
        Ok(Ids(out))
    }

    /// An optional id-list filter: `None` when blank or when it names no id.
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<Vec<i64>> {
        Self::optional(field, value, checks).map(|Ids(ids)| ids).filter(|ids| !ids.is_empty())
    }

    /// The ids a caller must pick at least one of; blank, empty and bad lists are field errors.
    pub fn picked(field: &str, value: &Option<Text>, missing: &str, checks: &mut Checks) -> Vec<i64> {
        match Self::required(field, value, missing, checks) {
            Some(Ids(ids)) if ids.is_empty() => {
                checks.add(field, missing);
                ids
            }
            other => other.unwrap_or_default().0,
        }
    }
}

/// The one reading of a `YYYY-MM-DD` date every call uses: a four-digit year, two-digit
/// month and day. chrono's `%Y` also takes signed and longer years (`+262142-12-31`,
/// `-0001-01-01`), whose arithmetic overflowed in the dashboard, analysis and curve calls.
pub fn ymd(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) || !digits(5..7) || !digits(8..10) {
        return None;
    }
    let n = |r: std::ops::Range<usize>| text[r].parse::<u32>().ok();
    NaiveDate::from_ymd_opt(n(0..4)? as i32, n(5..7)?, n(8..10)?)
}

/// A `YYYY-MM-DD` date, `sep` and a time in one of `formats`.
pub fn ymd_hms(text: &str, sep: char, formats: &[&str]) -> Option<NaiveDateTime> {
    let date = ymd(text.get(..10)?)?;
    let rest = text.get(10..)?.strip_prefix(sep)?;
    formats.iter().find_map(|f| chrono::NaiveTime::parse_from_str(rest, f).ok()).map(|t| date.and_time(t))
}

/// A `YYYY-MM-DD` date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub NaiveDate);

impl Arg for Day {
    const BAD: &'static str = crate::clock::BAD_DAY;

    fn read(text: &str) -> Option<Self> {
        ymd(text).map(Day)
    }
}

impl Day {
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<NaiveDate> {
        Self::optional(field, value, checks).map(|Day(d)| d)
    }
}

/// A `YYYY-MM` month as its first day; a whole date is read as its month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month(pub NaiveDate);

impl Arg for Month {
    const BAD: &'static str = "月份格式应为 YYYY-MM";

    fn read(text: &str) -> Option<Self> {
        let first = if text.len() == 7 { ymd(&format!("{text}-01")) } else { ymd(text).and_then(|d| d.with_day(1)) };
        first.map(Month)
    }
}

impl Month {
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<NaiveDate> {
        Self::optional(field, value, checks).map(|Month(m)| m)
    }
}

/// One end of an update/create time range as the list screens send it: `YYYY-MM-DD` (in the
/// session's time zone; a whole day), `YYYY-MM-DD HH:mm[:ss]` (to the second) or a unix
/// timestamp in seconds or milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instant {
    at: NaiveDateTime,
    whole_day: bool,
    utc: bool,
}

impl Arg for Instant {
    const BAD: &'static str = "时间格式应为 YYYY-MM-DD、YYYY-MM-DD HH:mm:ss 或时间戳";

    fn read(text: &str) -> Option<Self> {
        if let Some(date) = ymd(text) {
            return Some(Instant { at: date.and_time(Default::default()), whole_day: true, utc: false });
        }
        let at = ymd_hms(text, ' ', &["%H:%M:%S", "%H:%M"]).or_else(|| ymd_hms(text, 'T', &["%H:%M:%S"]));
        if let Some(at) = at {
            return Some(Instant { at, whole_day: false, utc: false });
        }
        let n = text.parse::<i64>().ok()?;
        let secs = if n.abs() >= 100_000_000_000 { n.div_euclid(1000) } else { n };
        DateTime::from_timestamp(secs, 0).map(|t| Instant { at: t.naive_utc(), whole_day: false, utc: true })
    }
}

impl Instant {
    /// A range's two ends as `timestamptz` texts: the start inclusive, the end exclusive (the
    /// day after a date, the second after a time), so both ends read as inclusive.
    pub fn range(
        (from_field, from): (&str, &Option<Text>),
        (to_field, to): (&str, &Option<Text>),
        checks: &mut Checks,
    ) -> (Option<String>, Option<String>) {
        let from = Self::optional(from_field, from, checks).map(|i| i.render(i.at));
        let to = Self::optional(to_field, to, checks).and_then(|i| {
            let step = if i.whole_day { Duration::days(1) } else { Duration::seconds(1) };
            i.at.checked_add_signed(step).map(|end| i.render(end))
        });
        (from, to)
    }

    fn render(&self, at: NaiveDateTime) -> String {
        let text = at.format("%Y-%m-%d %H:%M:%S");
        if self.utc { format!("{text}+00") } else { text.to_string() }
    }
}

/// A time bound the product and tape screens send: unix seconds, or milliseconds when it has
/// 13 or more digits (what a JavaScript `Date` gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamp(pub DateTime<Utc>);

impl Arg for Timestamp {
    const BAD: &'static str = "时间必须是时间戳";

    fn read(text: &str) -> Option<Self> {
        let n = text.parse::<i64>().ok()?;
        let secs = if text.trim_start_matches('-').len() >= 13 { n.div_euclid(1000) } else { n };
        DateTime::from_timestamp(secs, 0).map(Timestamp)
    }
}

impl Timestamp {
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<DateTime<Utc>> {
        Self::optional(field, value, checks).map(|Timestamp(t)| t)
    }
}

/// A broadcast-day time `HH:mm[:ss]` (hours up to 29, past midnight) as seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayTime(pub i32);

impl Arg for DayTime {
    const BAD: &'static str = "时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）";

    fn read(text: &str) -> Option<Self> {
        // Only the clock form: a bare number would be read as an Excel day fraction.
        let secs = adeval_ingest::cell::parse_time(text).ok().filter(|_| text.contains(':'))?;
        Some(DayTime(secs as i32))
    }
}

impl DayTime {
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i32> {
        Self::optional(field, value, checks).map(|DayTime(s)| s)
    }
}

/// A spot length filter in seconds (0 included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seconds(pub i32);

impl Arg for Seconds {
    const BAD: &'static str = "秒数必须是非负整数";

    fn read(text: &str) -> Option<Self> {
        text.parse().ok().filter(|n| *n >= 0).map(Seconds)
    }
}

impl Seconds {
    pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i32> {
        Self::optional(field, value, checks).map(|Seconds(s)| s)
    }
}

/// A spot type of a schedule line or cell (docs/screens.md "Constants"): A base, B supplementary (make-good),
/// C free, D other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointType(pub &'static str);

impl Arg for PointType {
    const BAD: &'static str = "点位类型只能是 A、B、C 或 D";

    fn read(text: &str) -> Option<Self> {
        ["A", "B", "C", "D"].into_iter().find(|t| t.eq_ignore_ascii_case(text)).map(PointType)
    }
}

/// Spots of one cell: an integer up to the domain's [`MAX_POINTS`], as an import may plan a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPoints(pub i32);

impl Arg for CellPoints {
    const BAD: &'static str = "一个点位格最多 10000 个点位";

    fn read(text: &str) -> Option<Self> {
        text.parse().ok().filter(|n| (0..=MAX_POINTS).contains(n)).map(CellPoints)
    }
}

impl CellPoints {
    /// A count of at least `min`: blank, not a whole number or below `min` is the field's own
    /// `message` (the spec's); above [`MAX_POINTS`], [`CellPoints::BAD`].
    pub fn counted(field: &str, value: &Option<Text>, min: i32, message: &str, checks: &mut Checks) -> Option<i32> {
        match Text::get(value).map(str::parse::<i64>) {
            Some(Ok(n)) if n > i64::from(MAX_POINTS) => {
                checks.add(field, Self::BAD);
                None
            }
            Some(Ok(n)) if n >= i64::from(min) => Some(n as i32),
            _ => {
                checks.add(field, message);
                None
            }
        }
    }
}

/// Small codes of the spec's enumerations, each with its range and its message.
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident: $range:expr, $bad:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub i16);

        impl Arg for $name {
            const BAD: &'static str = $bad;

            fn read(text: &str) -> Option<Self> {
                text.parse().ok().filter(|n| ($range).contains(n)).map($name)
            }
        }

        impl $name {
            pub fn filter(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<i16> {
                Self::optional(field, value, checks).map(|$name(n)| n)
            }
        }
    )*};
}

codes! {
    /// The data category of orders and customer data.
    Category: 1..=4, "数据类别无效";
    /// The data source of orders and customer data.
    Source: 1..=3, "数据来源无效";
    /// Who customer data belongs to.
    Belonging: 1..=2, "数据归属无效";
    /// An order's status.
    OrderStatus: 1..=7, "订单状态无效";
    /// The step of a two-step update: 1 preview, 2 apply the preview.
    TwoStep: 1..=2, "typeY 只能是 1 或 2";
    /// An order's make-good policy: 1 无, 2 错一补一, 3 漏一补二.
    MakeGoodPolicy: 1..=3, "请选择补播政策";
    /// How a certificate version is swapped: 1 every row of it, 2 one row.
    SwapKind: 1..=2, "请选择替换方式";
}

pub const MAX_LIMIT: i64 = 1000;

/// Page arguments: `page` 1-based, `limit` up to [`MAX_LIMIT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub limit: i64,
}

impl Paging {
    pub fn parse(page: &Option<Text>, limit: &Option<Text>, default_limit: i64, checks: &mut Checks) -> Self {
        let page = match Text::get(page).map(str::parse::<i64>) {
            None => 1,
            Some(Ok(p)) if p >= 1 => p,
            Some(_) => {
                checks.add("page", "页码必须是正整数");
                1
            }
        };
        let limit = match Text::get(limit).map(str::parse::<i64>) {
            None => default_limit,
            Some(Ok(l)) if (1..=MAX_LIMIT).contains(&l) => l,
            Some(_) => {
                checks.add("limit", format!("每页条数必须在 1 到 {MAX_LIMIT} 之间"));
                default_limit
            }
        };
        Self { page, limit }
    }

    pub fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.limit)
    }

    /// `(limit, offset)`.
    pub fn bounds(&self) -> (i64, i64) {
        (self.limit, self.offset())
    }
}

/// The arguments of calls that take one record's id.
#[derive(Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct IdArgs {
    pub id: Option<Text>,
}

impl IdArgs {
    /// The id, or a 4000 with `message` on the `id` field.
    pub fn required(&self, message: &str) -> crate::error::Result<i64> {
        let mut checks = Checks::default();
        let id = Id::picked("id", &self.id, message, &mut checks);
        checks.finish().map(|()| id)
    }
}

#[cfg(test)]
mod tests;
