//! The order's schedule (排期): importing an order template (upload tagged orderTemplate with
//! the order id, docs/import-formats.md) into the order's lines and daily cells, and reading
//! those lines back.
//!
//! An import is all or nothing: every line must name one of the order's tapes (media file
//! name or tape number) and a time period of its media, plan spots only on days of the
//! cycle, and appear once. Importing a month again replaces that month's lines, unless a
//! broadcast certificate has already verified spots of it. Every row is checked against the
//! order as it is read, beside the file's own rules, so a refusal lists every problem of every
//! row at once.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use adeval_ingest::{Limits, Row, RowProblems, TemplateFields, TemplateRead, read_order_template_checked};
use chrono::{Datelike, NaiveDate};
use sqlx::PgPool;

use super::{log, status, ym};
use crate::imports::{ImportError, Report};

/// What an import wrote.
pub struct Imported {
    pub months: Vec<String>,
    pub lines: usize,
    pub spots: u64,
}

/// What a schedule's rows are checked against: the order's media and cycle, its tapes (id,
/// media file name, tape number), its media's periods (id, name) and the months a confirmed
/// certificate has verified spots of.
struct OrderFacts {
    media: i64,
    cycle: (NaiveDate, NaiveDate),
    tapes: Vec<(i64, String, String)>,
    periods: Vec<(i64, String)>,
    verified: Vec<NaiveDate>,
}

impl OrderFacts {
    /// None when the order does not exist.
    async fn load(conn: &mut sqlx::PgConnection, order: i64, lock: bool) -> sqlx::Result<Option<OrderFacts>> {
        let sql = if lock {
            "select media_id, cycle_start, cycle_end from orders where id = $1 for update"
        } else {
            "select media_id, cycle_start, cycle_end from orders where id = $1"
        };
        let found: Option<(i64, NaiveDate, NaiveDate)> = sqlx::query_as(sql).bind(order).fetch_optional(&mut *conn).await?;
        let Some((media, start, end)) = found else { return Ok(None) };
        let tapes = sqlx::query_as(
            "select t.id, t.media_file_name, t.media_tape_number from order_tapes ot join product_tapes t on t.id = ot.tape_id
             where ot.order_id = $1 order by ot.position",
        )
        .bind(order)
        .fetch_all(&mut *conn)
        .await?;
        let periods = sqlx::query_as("select id, time_period_name from time_periods where media_id = $1 order by id")
            .bind(media)
            .fetch_all(&mut *conn)
            .await?;
        let verified = sqlx::query_scalar(
            "select distinct l.month from order_lines l join order_cells c on c.line_id = l.id
             where l.order_id = $1 and c.is_he = 2 order by 1",
        )
        .bind(order)
        .fetch_all(&mut *conn)
        .await?;
        Ok(Some(OrderFacts { media, cycle: (start, end), tapes, periods, verified }))
    }
}

/// Imports the template file at `path` into order `order`'s schedule.
pub async fn import_file<R: Report>(
    db: &PgPool,
    order: i64,
    path: &Path,
    admin_id: Option<i64>,
    report: &R,
) -> std::result::Result<Imported, ImportError> {
    let mut conn = db.acquire().await.map_err(anyhow::Error::from)?;
    let facts = OrderFacts::load(&mut conn, order, false).await.map_err(anyhow::Error::from)?;
    drop(conn);
    let Some(facts) = facts else { return Err(ImportError::Refused("订单不存在".into())) };
    report.stage(10, "读取并核对排期表").await;
    let owned = path.to_owned();
    let read = crate::lake::blocking(move || {
        let mut check = Check { facts: &facts, seen: HashMap::new() };
        let read = read_order_template_checked(&owned, &Limits::default(), |row, problems| check.row(row, problems));
        (read, facts)
    });
    let (read, facts) = read.await?;
    let lines = read?;
    report.stage(50, &format!("已核对 {} 行排期", lines.len())).await;
    let mut tx = db.begin().await.map_err(anyhow::Error::from)?;
    let media = facts.media;
    let months: BTreeSet<NaiveDate> = lines.iter().map(|l| l.month).collect();
    let months: Vec<NaiveDate> = months.into_iter().collect();
    // Under the order's lock: the rows were checked against what the order was when the
    // reading began; a change since to what they name refuses the file, and so does a month of
    // it verified meanwhile.
    let Some(now) = OrderFacts::load(&mut tx, order, true).await.map_err(anyhow::Error::from)? else {
        return Err(ImportError::Refused("订单不存在".into()));
    };
    if (now.media, now.cycle, &now.tapes, &now.periods) != (facts.media, facts.cycle, &facts.tapes, &facts.periods) {
        return Err(ImportError::Refused("订单的版本、时段或周期在导入期间已被修改，请重新导入".into()));
    }
    let verified: Vec<String> = months.iter().filter(|m| now.verified.contains(m)).map(|m| ym(*m)).collect();
    if !verified.is_empty() {
        return Err(ImportError::Refused(format!("{} 已有经播出证明核对的点位，不能重新导入该月排期", verified.join("、"))));
    }
    report.stage(70, "写入排期").await;
    sqlx::query("delete from order_lines where order_id = $1 and month = any($2)")
        .bind(order)
        .bind(&months)
        .execute(&mut *tx)
        .await
        .map_err(anyhow::Error::from)?;
    let mut spots = 0u64;
    for line in &lines {
        let id: i64 = sqlx::query_scalar(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, position)
             values ($1, $2, $3, $4, $5, $6, $7) returning id",
        )
        .bind(order)
        .bind(media)
        .bind(line.month)
        .bind(line.tape)
        .bind(line.period)
        .bind(line.point_type.to_string())
        .bind(&line.position)
        .fetch_one(&mut *tx)
        .await
        .map_err(anyhow::Error::from)?;
        let days: Vec<NaiveDate> = line.days.iter().map(|(d, _)| *d).collect();
        let points: Vec<i32> = line.days.iter().map(|(_, n)| *n as i32).collect();
        spots += line.days.iter().map(|(_, n)| u64::from(*n)).sum::<u64>();
        sqlx::query("insert into order_cells (line_id, ymd, point) select $1, * from unnest($2::date[], $3::int[])")
            .bind(id)
            .bind(&days)
            .bind(&points)
            .execute(&mut *tx)
            .await
            .map_err(anyhow::Error::from)?;
    }
    status::refresh(&mut tx, Some(order)).await.map_err(anyhow::Error::from)?;
    let name = log::admin_name(&mut tx, admin_id).await.map_err(anyhow::Error::from)?;
    let month_names: Vec<String> = months.iter().map(|m| ym(*m)).collect();
    let content = format!("导入排期：{}，共 {} 行、{spots} 个点位", month_names.join("、"), lines.len());
    log::write(&mut tx, order, admin_id, &name, content, None).await.map_err(anyhow::Error::from)?;
    tx.commit().await.map_err(anyhow::Error::from)?;
    Ok(Imported { months: month_names, lines: lines.len(), spots })
}

/// A schedule line as stored, with its days that have spots.
pub struct ScheduleLine {
    pub id: i64,
    pub month: NaiveDate,
    pub point_type: String,
    pub position: String,
    pub tape: i64,
    pub tape_name: String,
    pub period: i64,
    pub period_name: String,
    pub class: Option<String>,
    /// The days that have spots, in day order.
    pub days: Vec<ScheduleDay>,
}

/// A cell of a schedule line.
#[derive(Clone, Copy, Debug)]
pub struct ScheduleDay {
    /// Day of the month.
    pub d: i32,
    pub point: i32,
    /// 2: verified by a confirmed certificate.
    pub is_he: i16,
    /// 1: spots missing from the confirmed certificate (movable).
    pub reason_disappearance: i16,
    /// Spots the confirmed certificate showed aired.
    pub aired: i32,
}

/// The order's schedule: its lines by month, version (file name), period, type and position,
/// each day with its planned spots. The free spots a certificate's confirmation added aired
/// without being planned: they are not in the schedule, nor a line that holds only them.
pub async fn lines(conn: &mut sqlx::PgConnection, order: i64) -> sqlx::Result<Vec<ScheduleLine>> {
    type LineRow = (i64, NaiveDate, String, String, i64, String, i64, String, Option<String>);
    let lines: Vec<LineRow> = sqlx::query_as(
        "select l.id, l.month, l.point_type, l.position, t.id, t.media_file_name, p.id, p.time_period_name, c.class_name
         from order_lines l
         join product_tapes t on t.id = l.tape_id
         join time_periods p on p.id = l.time_period_id
         left join time_period_classes c on c.id = p.class_id
         where l.order_id = $1
           and not (exists (select 1 from order_cells f where f.line_id = l.id and f.free_aired > 0)
                    and not exists (select 1 from order_cells k where k.line_id = l.id and k.point > k.free_aired))
         order by l.month, t.media_file_name, p.start_secs, p.time_period_name, l.point_type, l.position, l.id",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    let cells: Vec<(i64, i32, i32, i16, i16, i32)> = sqlx::query_as(
        "select c.line_id, extract(day from c.ymd)::int4, c.point - c.free_aired, c.is_he, c.reason_disappearance, c.aired
         from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.point > c.free_aired order by c.line_id, c.ymd",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    let mut by_line: HashMap<i64, Vec<ScheduleDay>> = HashMap::new();
    for (line, d, point, is_he, reason_disappearance, aired) in cells {
        by_line.entry(line).or_default().push(ScheduleDay { d, point, is_he, reason_disappearance, aired });
    }
    Ok(lines
        .into_iter()
        .map(|(id, month, point_type, position, tape, tape_name, period, period_name, class)| ScheduleLine {
            id,
            month,
            point_type,
            position,
            tape,
            tape_name,
            period,
            period_name,
            class,
            days: by_line.remove(&id).unwrap_or_default(),
        })
        .collect())
}

/// A template line matched to the order.
struct Line {
    month: NaiveDate,
    tape: i64,
    period: i64,
    point_type: char,
    position: String,
    days: Vec<(NaiveDate, u32)>,
}

/// Checks every row against the order as the reader reads it, adding what does not match to the
/// row's problems, and matches the good rows to the order's tapes and periods.
struct Check<'f> {
    facts: &'f OrderFacts,
    /// (month, tape, period, type, position) → the first row of it.
    seen: HashMap<(NaiveDate, i64, i64, char, String), u32>,
}

impl Check<'_> {
    /// Version, period, the planned days against the cycle, the month against the verified
    /// ones, and the line against the rows before: each as far as the row could be read.
    fn row(&mut self, row: TemplateRead, problems: &mut RowProblems<'_>) -> Option<Line> {
        let (good, r) = match row {
            Row::Good(r) => (true, TemplateFields {
                sheet: r.sheet,
                row: r.row,
                month: Some(r.month),
                version: Some(r.version),
                time_period: Some(r.time_period),
                point_type: Some(r.point_type),
                position: Some(r.position),
                days: r.days,
            }),
            Row::Bad(f) => (false, f),
        };
        let tape = r.version.as_deref().and_then(|v| self.tape(v, problems));
        let period = r.time_period.as_deref().and_then(|name| {
            let found = self.facts.periods.iter().find(|(_, p)| p.trim() == name.trim()).map(|p| p.0);
            if found.is_none() {
                problems.add("时段", name, "不是该订单媒体的时段");
            }
            found
        });
        let (start, end) = self.facts.cycle;
        let mut days = Vec::new();
        if let Some(month) = r.month {
            for &(day, spots) in &r.days {
                let Some(date) = NaiveDate::from_ymd_opt(month.year(), month.month(), day) else { continue };
                if date < start || date > end {
                    problems.add(&day.to_string(), &spots.to_string(), format!("{date} 不在订单周期（{start} ~ {end}）内"));
                } else {
                    days.push((date, spots));
                }
            }
            if self.facts.verified.contains(&month) {
                problems.add("月份", &ym(month), "该月已有经播出证明核对的点位，不能重新导入该月排期");
            }
        }
        let (Some(month), Some(tape), Some(period), Some(point_type), Some(position)) = (r.month, tape, period, r.point_type, r.position) else {
            return None;
        };
        let position = position.unwrap_or_default();
        if let Some(first) = self.seen.insert((month, tape, period, point_type, position.clone()), r.row) {
            let version = r.version.as_deref().unwrap_or_default();
            problems.add("版本", version, format!("与第 {first} 行的月份、版本、时段、类型和位置相同"));
            return None;
        }
        good.then_some(Line { month, tape, period, point_type, position, days })
    }

    /// The order's tape a row's 版本 names: by media file name, else by tape number.
    fn tape(&self, version: &str, problems: &mut RowProblems<'_>) -> Option<i64> {
        let tapes = &self.facts.tapes;
        let v = version.trim();
        let by_file: Vec<i64> = tapes.iter().filter(|(_, file, _)| file.trim() == v).map(|t| t.0).collect();
        match by_file[..] {
            [one] => Some(one),
            [] => {
                let found = tapes.iter().find(|(_, _, number)| number.trim() == v).map(|t| t.0);
                if found.is_none() {
                    problems.add("版本", version, "不是该订单的磁带（按媒体文件名或磁带号匹配）");
                }
                found
            }
            _ => {
                problems.add("版本", version, "该订单有多个磁带用这个媒体文件名，请改填磁带号");
                None
            }
        }
    }
}
