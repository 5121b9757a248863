//! The dashboard's time buckets (docs/dashboard.md): a day range cut into years, months,
//! days, ISO weeks or runs of N days, every bucket of the range in time order, empty ones too.
//! The rule lives here: [`buckets`] cuts the range, [`bucket_sql`] says the same in SQL for a
//! statement to sum by (a test holds the two to each other, day by day).

use chrono::{Datelike, Days, NaiveDate};
use duckdb::types::Value;

use super::read::date;
use crate::{Error, Result};

/// How days are grouped (`timeType` 1–5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeType {
    /// `YYYY`.
    Year,
    /// `YYYY-MM`.
    Month,
    /// `YYYY-MM-DD`.
    Day,
    /// ISO weeks, Monday first: `YYYY-Www` with the ISO year.
    Week,
    /// Runs of this many days (1…366) from the range's first day: `MM-DD~MM-DD`, or
    /// `YYYY-MM-DD~YYYY-MM-DD` when the range spans more than one calendar year (without the
    /// year two runs a year apart would read alike, and the analysis keys its cells by label).
    Days(u32),
}

/// One bucket: its label and the days of the range it holds, both ends inclusive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    pub label: String,
    pub first: NaiveDate,
    pub last: NaiveDate,
}

/// The longest range the dashboard buckets: ten years and a bit (3,660 days).
pub const MAX_DAYS: i64 = 3_660;

/// Every bucket of `from..=to`, in time order. The first and last buckets are clipped to the
/// range (a week that starts before `from` holds only its days from `from`; the last run of
/// N days ends at `to`).
pub fn buckets(from: NaiveDate, to: NaiveDate, time: TimeType) -> Result<Vec<Bucket>> {
    if to < from || (to - from).num_days() > MAX_DAYS {
        return Err(Error::Caller(format!("a bucket range from {from} to {to}")));
    }
    if let TimeType::Days(n) = time
        && !(1..=366).contains(&n)
    {
        return Err(Error::Caller(format!("runs of {n} days")));
    }
    let mut out = Vec::new();
    let mut first = from;
    let years = from.year() != to.year();
    loop {
        // Past the last date chrono holds a bucket ends where it can: the range stops there.
        let end = bucket_end(first, from, time).unwrap_or(NaiveDate::MAX).min(to);
        out.push(Bucket { label: label(first, end, time, years), first, last: end });
        match end.succ_opt() {
            Some(next) if end < to => first = next,
            _ => return Ok(out),
        }
    }
}

/// The SQL of the index into [`buckets`]`(from, …, time)` of the bucket holding the day in
/// `column` (a day of the range), with its values: calendar boundaries crossed since an anchor
/// day (`date_diff` counts those), divided by the bucket's length — the first day for years,
/// months, days and runs of N days, the Monday of its week for weeks.
pub(crate) fn bucket_sql(column: &str, from: NaiveDate, time: TimeType) -> (String, [Value; 2]) {
    let (part, anchor, length) = match time {
        TimeType::Year => ("year", from, 1),
        TimeType::Month => ("month", from, 1),
        TimeType::Day => ("day", from, 1),
        TimeType::Week => ("day", from - Days::new(u64::from(from.weekday().num_days_from_monday())), 7),
        TimeType::Days(n) => ("day", from, i64::from(n)),
    };
    (format!("(date_diff('{part}', ?, {column}) // ?)::integer"), [date(anchor), Value::BigInt(length)])
}

/// The last day of the (unclipped) bucket that holds `day`; `None` past the last date chrono
/// holds (a year of six digits got there, and panicked).
fn bucket_end(day: NaiveDate, from: NaiveDate, time: TimeType) -> Option<NaiveDate> {
    match time {
        TimeType::Year => NaiveDate::from_ymd_opt(day.year(), 12, 31),
        TimeType::Month => {
            let next = if day.month() == 12 {
                NaiveDate::from_ymd_opt(day.year().checked_add(1)?, 1, 1)
            } else {
                NaiveDate::from_ymd_opt(day.year(), day.month() + 1, 1)
            };
            next?.pred_opt()
        }
        TimeType::Day => Some(day),
        TimeType::Week => day.checked_add_days(Days::new(6 - u64::from(day.weekday().num_days_from_monday()))),
        TimeType::Days(n) => {
            let run = (day - from).num_days() as u64 / u64::from(n);
            from.checked_add_days(Days::new((run + 1) * u64::from(n) - 1))
        }
    }
}

/// A bucket's label; `years`: the range spans more than one calendar year.
fn label(first: NaiveDate, last: NaiveDate, time: TimeType, years: bool) -> String {
    match time {
        TimeType::Year => first.format("%Y").to_string(),
        TimeType::Month => first.format("%Y-%m").to_string(),
        TimeType::Day => first.format("%Y-%m-%d").to_string(),
        TimeType::Week => {
            let week = first.iso_week();
            format!("{:04}-W{:02}", week.year(), week.week())
        }
        TimeType::Days(_) if years => format!("{}~{}", first.format("%Y-%m-%d"), last.format("%Y-%m-%d")),
        TimeType::Days(_) => format!("{}~{}", first.format("%m-%d"), last.format("%m-%d")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn labels(from: NaiveDate, to: NaiveDate, time: TimeType) -> Vec<String> {
        buckets(from, to, time).unwrap().into_iter().map(|b| b.label).collect()
    }

    #[test]
    fn buckets_at_the_last_date_chrono_holds_do_not_overflow() {
        for time in [TimeType::Year, TimeType::Month, TimeType::Day, TimeType::Week, TimeType::Days(7)] {
            let last = buckets(NaiveDate::MAX, NaiveDate::MAX, time).unwrap();
            assert_eq!(last.iter().map(|b| (b.first, b.last)).collect::<Vec<_>>(), [(NaiveDate::MAX, NaiveDate::MAX)]);
        }
        assert_eq!(labels(day(9999, 12, 31), day(9999, 12, 31), TimeType::Week), ["9999-W52"]);
    }

    #[test]
    fn iso_weeks_across_a_year_boundary_take_the_iso_year() {
        // 2026-12-28 is a Monday; 2027-01-03 a Sunday: one ISO week, 2026-W53. 2027-01-04
        // starts 2027-W01. 2025-12-29 (Monday) to 2026-01-04 is 2026-W01.
        let weeks = buckets(day(2026, 12, 24), day(2027, 1, 5), TimeType::Week).unwrap();
        let got: Vec<_> = weeks.iter().map(|b| (b.label.as_str(), b.first, b.last)).collect();
        assert_eq!(
            got,
            [
                ("2026-W52", day(2026, 12, 24), day(2026, 12, 27)),
                ("2026-W53", day(2026, 12, 28), day(2027, 1, 3)),
                ("2027-W01", day(2027, 1, 4), day(2027, 1, 5)),
            ]
        );
        assert_eq!(labels(day(2025, 12, 31), day(2026, 1, 1), TimeType::Week), ["2026-W01"]);
    }

    #[test]
    fn runs_of_n_days_start_at_the_first_day_and_the_last_is_clipped() {
        let runs = buckets(day(2026, 3, 30), day(2026, 4, 6), TimeType::Days(3)).unwrap();
        let got: Vec<_> = runs.iter().map(|b| (b.label.as_str(), b.first, b.last)).collect();
        assert_eq!(
            got,
            [
                ("03-30~04-01", day(2026, 3, 30), day(2026, 4, 1)),
                ("04-02~04-04", day(2026, 4, 2), day(2026, 4, 4)),
                ("04-05~04-06", day(2026, 4, 5), day(2026, 4, 6)),
            ]
        );
        // A one-day run still reads as a range.
        assert_eq!(labels(day(2026, 3, 1), day(2026, 3, 2), TimeType::Days(1)), ["03-01~03-01", "03-02~03-02"]);
        assert_eq!(labels(day(2026, 3, 1), day(2026, 3, 1), TimeType::Days(366)), ["03-01~03-01"]);
    }

    #[test]
    fn runs_over_more_than_one_calendar_year_carry_the_year() {
        // 2025-11-27 + 365 days is 2026-11-27: two runs of 365 days a year apart, which
        // without the year both read 11-27~11-26.
        assert_eq!(
            labels(day(2025, 11, 27), day(2027, 11, 26), TimeType::Days(365)),
            ["2025-11-27~2026-11-26", "2026-11-27~2027-11-26"]
        );
        // A run of 366 days from 2025-01-01 ends on 2026-01-01: not a one-day run.
        assert_eq!(labels(day(2025, 1, 1), day(2026, 1, 1), TimeType::Days(366)), ["2025-01-01~2026-01-01"]);
        // A range within one calendar year keeps the short form.
        assert_eq!(labels(day(2026, 12, 30), day(2026, 12, 31), TimeType::Days(7)), ["12-30~12-31"]);
    }

    #[test]
    fn years_months_and_days_cover_the_range_clipped_and_in_order() {
        assert_eq!(labels(day(2025, 11, 15), day(2027, 2, 1), TimeType::Year), ["2025", "2026", "2027"]);
        let months = buckets(day(2026, 1, 31), day(2026, 3, 1), TimeType::Month).unwrap();
        let got: Vec<_> = months.iter().map(|b| (b.label.as_str(), b.first, b.last)).collect();
        assert_eq!(
            got,
            [
                ("2026-01", day(2026, 1, 31), day(2026, 1, 31)),
                ("2026-02", day(2026, 2, 1), day(2026, 2, 28)),
                ("2026-03", day(2026, 3, 1), day(2026, 3, 1)),
            ]
        );
        assert_eq!(labels(day(2026, 2, 27), day(2026, 3, 1), TimeType::Day), ["2026-02-27", "2026-02-28", "2026-03-01"]);
    }

    #[test]
    fn the_bucket_sql_puts_every_day_where_buckets_does() {
        let conn = duckdb::Connection::open_in_memory().unwrap();
        let starts = [day(2025, 12, 29), day(2026, 1, 1), day(2026, 2, 28), day(2024, 2, 29), day(2026, 12, 27), day(2027, 1, 4)];
        let times = [TimeType::Year, TimeType::Month, TimeType::Day, TimeType::Week, TimeType::Days(1), TimeType::Days(3), TimeType::Days(7), TimeType::Days(366)];
        for from in starts {
            for time in times {
                let to = from + Days::new(800);
                let (sql, values) = bucket_sql("d", from, time);
                let mut stmt = conn.prepare(&format!("select d, {sql} from (select ?::date + range::integer as d from range(801))")).unwrap();
                let got: Vec<(i32, i32)> = stmt
                    .query_map(duckdb::params![values[0].clone(), values[1].clone(), date(from)], |r| {
                        Ok((r.get::<_, Value>(0).map(|v| match v { Value::Date32(d) => d, _ => i32::MIN })?, r.get(1)?))
                    })
                    .unwrap()
                    .map(Result::unwrap)
                    .collect();
                let want: Vec<(i32, i32)> = buckets(from, to, time)
                    .unwrap()
                    .iter()
                    .enumerate()
                    .flat_map(|(i, b)| b.first.iter_days().take_while(|d| *d <= b.last).map(move |d| (epoch_days(d), i as i32)).collect::<Vec<_>>())
                    .collect();
                assert_eq!(got, want, "{from} {time:?}");
            }
        }
    }

    fn epoch_days(d: NaiveDate) -> i32 {
        (d - NaiveDate::default()).num_days() as i32
    }

    #[test]
    fn backwards_ranges_long_ranges_and_bad_run_lengths_are_refused() {
        assert!(buckets(day(2026, 3, 2), day(2026, 3, 1), TimeType::Day).is_err());
        assert!(buckets(day(2016, 1, 1), day(2026, 1, 1), TimeType::Day).is_ok());
        assert!(buckets(day(2016, 1, 1), day(2026, 12, 1), TimeType::Year).is_err());
        assert!(buckets(day(2026, 3, 1), day(2026, 3, 9), TimeType::Days(0)).is_err());
        assert!(buckets(day(2026, 3, 1), day(2026, 3, 9), TimeType::Days(367)).is_err());
    }
}
