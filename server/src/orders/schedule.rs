//! The order's schedule (排期): importing an order template (upload tagged orderTemplate with
//! the order id, docs/import-formats.md) into the order's lines and daily cells, and reading
//! those lines back.
//!
//! An import is all or nothing: every line must name one of the order's tapes (media file
//! name or tape number) and a time period of its media, plan spots only on days of the
//! cycle, and appear once. Importing a month again replaces that month's lines, unless a
//! broadcast certificate has already verified spots of it.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use adeval_ingest::{Limits, RowError, TemplateRow, read_order_template};
use chrono::{Datelike, NaiveDate};

use super::{log, status, ym};
use crate::imports::{ImportError, Report, describe};
use crate::state::AppState;

/// What an import wrote.
pub struct Imported {
    pub months: Vec<String>,
    pub lines: usize,
    pub spots: u64,
}

/// Imports the template file at `path` into order `order`'s schedule.
pub async fn import_file<R: Report>(
    state: &AppState,
    order: i64,
    path: &Path,
    admin_id: Option<i64>,
    report: &R,
) -> std::result::Result<Imported, ImportError> {
    let exists: bool = sqlx::query_scalar("select exists(select 1 from orders where id = $1)")
        .bind(order)
        .fetch_one(&state.db)
        .await
        .map_err(anyhow::Error::from)?;
    if !exists {
        return Err(ImportError::Refused("订单不存在".into()));
    }
    report.stage(10, "读取排期表").await;
    let owned = path.to_owned();
    let rows = tokio::task::spawn_blocking(move || read_order_template(&owned, &Limits::default()))
        .await
        .map_err(anyhow::Error::from)??;
    report.stage(50, &format!("核对 {} 行排期", rows.len())).await;
    let mut tx = state.db.begin().await.map_err(anyhow::Error::from)?;
    let found: Option<(i64, NaiveDate, NaiveDate)> =
        sqlx::query_as("select media_id, cycle_start, cycle_end from orders where id = $1 for update")
            .bind(order)
            .fetch_optional(&mut *tx)
            .await
            .map_err(anyhow::Error::from)?;
    let Some((media, start, end)) = found else { return Err(ImportError::Refused("订单不存在".into())) };
    let tapes: Vec<(i64, String, String)> = sqlx::query_as(
        "select t.id, t.media_file_name, t.media_tape_number from order_tapes ot join product_tapes t on t.id = ot.tape_id
         where ot.order_id = $1 order by ot.position",
    )
    .bind(order)
    .fetch_all(&mut *tx)
    .await
    .map_err(anyhow::Error::from)?;
    let periods: Vec<(i64, String)> = sqlx::query_as("select id, time_period_name from time_periods where media_id = $1")
        .bind(media)
        .fetch_all(&mut *tx)
        .await
        .map_err(anyhow::Error::from)?;

    let lines = resolve(&rows, &tapes, &periods, (start, end)).map_err(|errors| ImportError::Refused(describe(&errors, 0)))?;
    let months: BTreeSet<NaiveDate> = lines.iter().map(|l| l.month).collect();
    let months: Vec<NaiveDate> = months.into_iter().collect();
    let verified: Vec<NaiveDate> = sqlx::query_scalar(
        "select distinct l.month from order_lines l join order_cells c on c.line_id = l.id
         where l.order_id = $1 and l.month = any($2) and c.is_he = 2 order by 1",
    )
    .bind(order)
    .bind(&months)
    .fetch_all(&mut *tx)
    .await
    .map_err(anyhow::Error::from)?;
    if !verified.is_empty() {
        let names: Vec<String> = verified.into_iter().map(ym).collect();
        return Err(ImportError::Refused(format!("{} 已有经播出证明核对的点位，不能重新导入该月排期", names.join("、"))));
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

/// The order's schedule: its lines by month, version (file name), period, type and position.
pub async fn lines(conn: &mut sqlx::PgConnection, order: i64) -> sqlx::Result<Vec<ScheduleLine>> {
    type LineRow = (i64, NaiveDate, String, String, i64, String, i64, String, Option<String>);
    let lines: Vec<LineRow> = sqlx::query_as(
        "select l.id, l.month, l.point_type, l.position, t.id, t.media_file_name, p.id, p.time_period_name, c.class_name
         from order_lines l
         join product_tapes t on t.id = l.tape_id
         join time_periods p on p.id = l.time_period_id
         left join time_period_classes c on c.id = p.class_id
         where l.order_id = $1
         order by l.month, t.media_file_name, p.start_secs, p.time_period_name, l.point_type, l.position, l.id",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    let cells: Vec<(i64, i32, i32, i16, i16, i32)> = sqlx::query_as(
        "select c.line_id, extract(day from c.ymd)::int4, c.point, c.is_he, c.reason_disappearance, c.aired
         from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.point > 0 order by c.line_id, c.ymd",
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

/// Matches every row to the order's tapes and periods and checks its days against the cycle;
/// answers every problem, located as the reader locates its own.
fn resolve(
    rows: &[TemplateRow],
    tapes: &[(i64, String, String)],
    periods: &[(i64, String)],
    (start, end): (NaiveDate, NaiveDate),
) -> std::result::Result<Vec<Line>, Vec<RowError>> {
    let mut errors = Vec::new();
    let mut seen: HashMap<(NaiveDate, i64, i64, char, String), u32> = HashMap::new();
    let mut lines = Vec::new();
    for r in rows {
        let mut error = |column: &str, value: String, reason: String| {
            errors.push(RowError { sheet: r.sheet.clone(), row: r.row, column: column.to_owned(), value, reason });
        };
        let version = r.version.trim();
        let by_file: Vec<i64> = tapes.iter().filter(|(_, file, _)| file.trim() == version).map(|t| t.0).collect();
        let tape = match by_file[..] {
            [one] => Some(one),
            [] => tapes.iter().find(|(_, _, number)| number.trim() == version).map(|t| t.0),
            _ => None,
        };
        if by_file.len() > 1 {
            error("版本", r.version.clone(), "该订单有多个磁带用这个媒体文件名，请改填磁带号".into());
        } else if tape.is_none() {
            error("版本", r.version.clone(), "不是该订单的磁带（按媒体文件名或磁带号匹配）".into());
        }
        let period = periods.iter().find(|(_, name)| name.trim() == r.time_period.trim()).map(|p| p.0);
        if period.is_none() {
            error("时段", r.time_period.clone(), "不是该订单媒体的时段".into());
        }
        let mut days = Vec::new();
        for &(day, spots) in &r.days {
            let Some(date) = NaiveDate::from_ymd_opt(r.month.year(), r.month.month(), day) else { continue };
            if date < start || date > end {
                error(&day.to_string(), spots.to_string(), format!("{date} 不在订单周期（{start} ~ {end}）内"));
            } else {
                days.push((date, spots));
            }
        }
        let (Some(tape), Some(period)) = (tape, period) else { continue };
        let position = r.position.clone().unwrap_or_default();
        if let Some(first) = seen.insert((r.month, tape, period, r.point_type, position.clone()), r.row) {
            error("版本", r.version.clone(), format!("与第 {first} 行的月份、版本、时段、类型和位置相同"));
            continue;
        }
        lines.push(Line { month: r.month, tape, period, point_type: r.point_type, position, days });
    }
    if errors.is_empty() { Ok(lines) } else { Err(errors) }
}
