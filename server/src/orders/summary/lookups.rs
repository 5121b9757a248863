//! The summary dialog's lookups (docs/evaluation.md "The summary dialog (汇总)"): the suits' remaining counts
//! (orderSummarySuitList), the cycle and assessment date (orderTime), and the suits holding a
//! period (orderTimePeriodSuitList), and what one suit entry has left (orderNum). The period
//! pickers (timePeriod, timePeriodList) answer the time-period rows of the master data and live
//! with the routes.
//!
//! A suit is sold for its month, so only suits of the cycle's months count ([`SUIT_IN_CYCLE`]);
//! a count never goes below 0: spots scheduled beyond an entry's count are its `overrun` (超排).

use chrono::{Months, NaiveDate};
use serde::Serialize;
use sqlx::{FromRow, PgConnection};
use utoipa::ToSchema;

use crate::error::{AppError, Result};
use crate::orders::{month_of, ym};

/// A suit is sold for its month: the order's suits count only in the months of its cycle. The
/// condition on `s` (suits) and `o` (orders) that says so.
pub const SUIT_IN_CYCLE: &str = "s.suit_month >= date_trunc('month', o.cycle_start)::date and s.suit_month <= o.cycle_end";

/// One entry of one of the order's suits and how many of its spots are still to schedule.
#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SuitRemaining {
    pub suit_id: i64,
    /// The entry's number within its suit.
    pub suit_x_id: i32,
    pub suit_name: String,
    /// `YYYY-MM`: the month the suit is sold for, a month of the order's cycle.
    pub suit_time: String,
    /// The entry's periods, comma-joined, in broadcast order.
    pub time_period_name: String,
    /// The entry's spot count.
    pub number_of_times: i32,
    /// Spots scheduled (withdrawn ones excepted) in the entry's periods in the suit's month.
    pub scheduled: i64,
    /// Spots of the entry still to schedule: numberOfTimes − scheduled, never below 0.
    pub num: i64,
    /// Spots scheduled beyond the entry's count (超排): scheduled − numberOfTimes, never below 0.
    pub overrun: i64,
}

/// orderSummarySuitList: every entry of the order's suits sold for a month of its cycle, by
/// month, suit and entry.
pub async fn suit_remaining(conn: &mut PgConnection, order: i64) -> sqlx::Result<Vec<SuitRemaining>> {
    sqlx::query_as(&format!(
        "with entries as (
             select s.id as suit_id, s.suit_name, s.suit_month, st.entry_no, max(st.number_of_times) as n,
                    array_agg(st.time_period_id) as periods,
                    string_agg(p.time_period_name, ',' order by p.start_secs, p.time_period_name, p.id) as names
             from order_suits os
             join orders o on o.id = os.order_id
             join suits s on s.id = os.suit_id
             join suit_time_periods st on st.suit_id = s.id
             join time_periods p on p.id = st.time_period_id
             where os.order_id = $1 and {SUIT_IN_CYCLE}
             group by s.id, s.suit_name, s.suit_month, st.entry_no
         ),
         counted as (
             select e.*, coalesce((select sum(c.point - c.free_aired) from order_lines l join order_cells c on c.line_id = l.id
                                   where l.order_id = $1 and l.month = e.suit_month and l.time_period_id = any(e.periods)
                                     and btrim(c.value) <> '撤掉'), 0)::int8 as scheduled
             from entries e
         )
         select suit_id, entry_no as suit_x_id, suit_name, to_char(suit_month, 'YYYY-MM') as suit_time,
                names as time_period_name, n as number_of_times, scheduled,
                greatest(n - scheduled, 0) as num, greatest(scheduled - n, 0) as overrun
         from counted
         order by suit_month, suit_name, suit_id, entry_no"
    ))
    .bind(order)
    .fetch_all(conn)
    .await
}

/// The order's cycle, its months and the day remaining spots are counted from.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTime {
    /// `YYYY-MM-DD`, the cycle's first day.
    pub cycle_time_add: String,
    /// `YYYY-MM-DD`, the cycle's last day.
    pub cycle_time_end: String,
    /// `YYYY-MM`, every month the cycle reaches.
    pub months: Vec<String>,
    /// `YYYY-MM-DD`: the assessment date set by grpTimeUp; null until one is set.
    pub estimate_time: Option<String>,
    /// `YYYY-MM-DD`: the day remaining spots count from: estimateTime, else today.
    pub assessment_date: String,
    /// `YYYY-MM-DD`: the server's day. Spots can be moved to a day from it on.
    pub today: String,
    /// `YYYY-MM`: the months whose certificate is confirmed (no spot is placed there any more).
    pub confirmed_months: Vec<String>,
}

/// orderTime; `None` when there is no such order.
pub async fn order_time(conn: &mut PgConnection, order: i64) -> sqlx::Result<Option<OrderTime>> {
    type Found = (NaiveDate, NaiveDate, Option<NaiveDate>, NaiveDate, NaiveDate, Vec<String>);
    let found: Option<Found> = sqlx::query_as(
        "select cycle_start, cycle_end, estimate_date, coalesce(estimate_date, current_date), current_date,
                array(select to_char(m.month, 'YYYY-MM') from order_certificate_months m
                      where m.order_id = o.id and m.confirmed_at is not null order by m.month)
         from orders o where id = $1",
    )
    .bind(order)
    .fetch_optional(conn)
    .await?;
    Ok(found.map(|(start, end, set, from, today, confirmed_months)| {
        let mut months = Vec::new();
        let mut month = month_of(start);
        while month <= end {
            months.push(ym(month));
            month = month + Months::new(1);
        }
        OrderTime {
            cycle_time_add: start.to_string(),
            cycle_time_end: end.to_string(),
            months,
            estimate_time: set.map(|d| d.to_string()),
            assessment_date: from.to_string(),
            today: today.to_string(),
            confirmed_months,
        }
    }))
}

/// One entry of one of the order's suits that holds a period.
#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PeriodSuit {
    /// The suit.
    pub id: i64,
    pub suit_name: String,
    /// The entry's number within its suit.
    pub suit_x_id: i32,
    /// `YYYY-MM`.
    pub suit_time: String,
    /// The entry's spot count.
    pub number_of_times: i32,
    pub media_metrics: f64,
    pub customer_metrics: f64,
}

/// orderTimePeriodSuitList: the entries holding `period` of the order's suits sold for a month
/// of its cycle.
pub async fn period_suits(conn: &mut PgConnection, order: i64, period: i64) -> sqlx::Result<Vec<PeriodSuit>> {
    sqlx::query_as(&format!(
        "select s.id, s.suit_name, st.entry_no as suit_x_id, to_char(s.suit_month, 'YYYY-MM') as suit_time,
                st.number_of_times, round(s.media_metrics, 3)::float8 as media_metrics,
                round(s.customer_metrics, 3)::float8 as customer_metrics
         from order_suits os
         join orders o on o.id = os.order_id
         join suits s on s.id = os.suit_id
         join suit_time_periods st on st.suit_id = s.id
         where os.order_id = $1 and st.time_period_id = $2 and {SUIT_IN_CYCLE}
         order by s.suit_month, s.suit_name, s.id, st.entry_no"
    ))
    .bind(order)
    .bind(period)
    .fetch_all(conn)
    .await
}

/// orderNum's answer.
#[derive(Serialize, ToSchema)]
pub struct EntryLeft {
    /// Spots of the entry still to schedule, never below 0.
    pub num: i64,
    /// Spots scheduled beyond the entry's count (超排), never below 0.
    pub overrun: i64,
}

/// orderNum: entry `entry` of the order's suit `suit` (sold for a month of the order's cycle;
/// the entry must hold `period`), less the spots scheduled in its periods in the suit's month on
/// lines of `types` (empty: every type), withdrawn ones excepted; never below 0, the excess
/// answered as `overrun`. A `ymd` outside the suit's month leaves nothing.
pub async fn entry_left(
    conn: &mut PgConnection,
    order: i64,
    (suit, entry, period): (i64, i32, i64),
    types: &[&str],
    ymd: Option<NaiveDate>,
) -> Result<EntryLeft> {
    let found: Option<(NaiveDate, Option<i32>, Option<Vec<i64>>)> = sqlx::query_as(&format!(
        "select s.suit_month, max(st.number_of_times), array_agg(st.time_period_id) filter (where st.time_period_id is not null)
         from order_suits os join orders o on o.id = os.order_id join suits s on s.id = os.suit_id
              left join suit_time_periods st on st.suit_id = s.id and st.entry_no = $3
         where os.order_id = $1 and os.suit_id = $2 and {SUIT_IN_CYCLE} group by s.suit_month"
    ))
    .bind(order)
    .bind(suit)
    .bind(entry)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((month, count, periods)) = found else { return Err(AppError::field("suitId", "请选择套装列表")) };
    let (Some(count), Some(periods)) = (count, periods) else { return Err(AppError::field("suitXId", "请选择套装列表")) };
    if !periods.contains(&period) {
        return Err(AppError::field("timePeriodId", "该套装不包含该时段"));
    }
    if ymd.is_some_and(|d| month_of(d) != month) {
        return Ok(EntryLeft { num: 0, overrun: 0 });
    }
    let types: Vec<String> = types.iter().map(|t| (*t).to_owned()).collect();
    let scheduled: i64 = sqlx::query_scalar(
        "select coalesce(sum(c.point - c.free_aired), 0)::int8 from order_lines l join order_cells c on c.line_id = l.id
         where l.order_id = $1 and l.month = $2 and l.time_period_id = any($3)
           and (cardinality($4::text[]) = 0 or l.point_type = any($4)) and btrim(c.value) <> '撤掉'",
    )
    .bind(order)
    .bind(month)
    .bind(&periods)
    .bind(&types)
    .fetch_one(&mut *conn)
    .await?;
    let count = i64::from(count);
    Ok(EntryLeft { num: (count - scheduled).max(0), overrun: (scheduled - count).max(0) })
}
