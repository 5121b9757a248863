//! Import templates (docs/import-formats.md, "Templates and header help"): each format's headers
//! and example row come from its reader's field tables ([`adeval_ingest::layout`]); the names
//! and dates of the example are this installation's, so a template imports as it is downloaded:
//! an order's imports take the order's first tape, a period of its media (the schedule's first
//! line's, else the earliest), a day of its cycle, its media and group; customer data takes the
//! newest tape's title, channel and product's group, and yesterday.

use adeval_ingest::layout::{ExampleCell, Format, Template};
use chrono::NaiveDate;
use sqlx::PgConnection;

/// The format files of an upload tag are imported in; `None` for the tags that are no import
/// (the evaluation exports' own).
pub fn format_of(tag: &str) -> Option<Format> {
    match tag {
        "customerData" => Some(Format::CustomerData),
        "alreadyUpsideDownThree" => Some(Format::Positions),
        "orderTemplate" => Some(Format::Schedule),
        "broadcastingCertificate" => Some(Format::Certificate),
        _ => None,
    }
}

fn text(s: impl Into<String>) -> ExampleCell {
    ExampleCell::Text(s.into())
}

fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A broadcast-day time: `25:10:00` past midnight.
fn clock(secs: i32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// An air time inside a period: five minutes in, or its middle when it is shorter.
fn inside(start: i32, end: i32) -> i32 {
    start + 300.min((end - start) / 2)
}

/// The newest tape, its channel and its product's group, and its channel's earliest period.
#[derive(sqlx::FromRow)]
struct NewestTape {
    customer_title: String,
    media_name: String,
    group_name: String,
    seconds: i32,
    start_secs: Option<i32>,
    end_secs: Option<i32>,
}

/// The customer-data template, its example a spot of the newest tape on its channel for its
/// product's group, aired yesterday in the channel's earliest period.
pub async fn customer_data(conn: &mut PgConnection) -> sqlx::Result<Template> {
    let mut t = Format::CustomerData.template();
    let yesterday: NaiveDate = sqlx::query_scalar("select current_date - 1").fetch_one(&mut *conn).await?;
    t.set("日期", text(ymd(yesterday)));
    let tape: Option<NewestTape> = sqlx::query_as(
        "select t.customer_title, m.media_name, g.group_name, t.seconds, p.start_secs, p.end_secs
         from product_tapes t join media m on m.id = t.media_id join products pr on pr.id = t.product_id
         join audience_groups g on g.id = pr.default_audience_group_id
         left join lateral (select start_secs, end_secs from time_periods where media_id = m.id
                            order by start_secs, time_period_name limit 1) p on true
         order by t.id desc limit 1",
    )
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(tape) = tape {
        t.set("频道", text(tape.media_name));
        t.set("标题", text(tape.customer_title));
        t.set("受众/城市组", text(tape.group_name));
        t.set("时长", ExampleCell::Number(f64::from(tape.seconds)));
        if let (Some(start), Some(end)) = (tape.start_secs, tape.end_secs) {
            t.set("播出时间", text(clock(inside(start, end))));
        }
    }
    Ok(t)
}

/// What an order's example row is made of.
struct OrderFacts {
    media: String,
    group: String,
    seconds: i32,
    /// The first tape's media file name, or its number when another of the order's tapes
    /// shares the name (a shared name is refused as a version).
    version: Option<String>,
    period: Option<(String, i32, i32)>,
    /// Today, kept inside the cycle: the schedule's day.
    planned: NaiveDate,
    /// Yesterday, kept inside the cycle: the aired day of a certificate or a 正负三 file.
    aired: NaiveDate,
}

async fn order_facts(conn: &mut PgConnection, order: i64) -> sqlx::Result<OrderFacts> {
    let (media, group, seconds, media_id, planned, aired): (String, String, i32, i64, NaiveDate, NaiveDate) = sqlx::query_as(
        "select m.media_name, g.group_name, o.seconds, o.media_id,
                least(greatest(current_date, o.cycle_start), o.cycle_end),
                least(greatest(current_date - 1, o.cycle_start), o.cycle_end)
         from orders o join media m on m.id = o.media_id join audience_groups g on g.id = o.default_group_id
         where o.id = $1",
    )
    .bind(order)
    .fetch_one(&mut *conn)
    .await?;
    let tapes = crate::orders::summary::stored::tapes(&mut *conn, order).await?;
    // A file name two of the order's tapes share names neither: the tape number does.
    let version = tapes.first().map(|(_, [name, number, _])| {
        let shared = tapes.iter().filter(|(_, [other, ..])| other.trim() == name.trim()).count() > 1;
        if shared { number.clone() } else { name.clone() }
    });
    let period: Option<(String, i32, i32)> = sqlx::query_as(
        "select p.time_period_name, p.start_secs, p.end_secs from time_periods p
         left join order_lines l on l.time_period_id = p.id and l.order_id = $2
         where p.media_id = $1
         order by l.id is null, l.id, p.start_secs, p.time_period_name limit 1",
    )
    .bind(media_id)
    .bind(order)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(OrderFacts { media, group, seconds, version, period, planned, aired })
}

/// The template of an order's import (schedule, certificate or 正负三), its example the order's.
pub async fn for_order(conn: &mut PgConnection, format: Format, order: i64) -> sqlx::Result<Template> {
    let f = order_facts(conn, order).await?;
    let mut t = format.template();
    if let Some(version) = &f.version {
        t.set(if format == Format::Positions { "标题" } else { "版本" }, text(version.clone()));
    }
    let air_time = f.period.as_ref().map(|(_, start, end)| clock(inside(*start, *end)));
    match format {
        Format::Schedule => {
            t.set("月份", text(f.planned.format("%Y-%m").to_string()));
            if let Some((name, _, _)) = &f.period {
                t.set("时段", text(name.clone()));
            }
            t.set("1", ExampleCell::Empty);
            t.set(&f.planned.format("%-d").to_string(), ExampleCell::Number(2.0));
        }
        Format::Certificate => {
            t.set("日期", text(ymd(f.aired)));
            if let Some((name, _, _)) = &f.period {
                t.set("时段", text(name.clone()));
            }
            if let Some(at) = air_time {
                t.set("播出时间", text(at));
            }
            t.set("时长", ExampleCell::Number(f64::from(f.seconds)));
        }
        Format::Positions | Format::CustomerData => {
            t.set("日期", text(ymd(f.aired)));
            t.set("频道", text(f.media));
            t.set("受众/城市组", text(f.group));
            if let Some(at) = air_time {
                t.set("播出时间", text(at));
            }
            t.set("时长", ExampleCell::Number(f64::from(f.seconds)));
        }
    }
    Ok(t)
}

/// The template's file name (without the extension).
pub fn file_name(format: Format, order: Option<i64>) -> String {
    let what = match format {
        Format::CustomerData => "客户数据",
        Format::Positions => "正负三",
        Format::Schedule => "排期",
        Format::Certificate => "播出证明",
    };
    match order {
        Some(id) => format!("订单{id}{what}导入模板"),
        None => format!("{what}导入模板"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn air_times_fall_inside_their_period_and_read_past_midnight() {
        // 19:00–19:30: five minutes in; 25:00–25:04: the middle, 25:02.
        assert_eq!(clock(inside(68_400, 70_200)), "19:05:00");
        assert_eq!(clock(inside(90_000, 90_240)), "25:02:00");
    }

    #[test]
    fn only_imports_have_a_format() {
        assert_eq!(format_of("customerData"), Some(Format::CustomerData));
        assert_eq!(format_of("evaluation"), None);
    }
}
