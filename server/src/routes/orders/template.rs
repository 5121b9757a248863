//! The order's schedule (排期): importing an order template (upload tagged orderTemplate with
//! the order id, docs/import-formats.md) as a job, and orderTemplateList for the order-template dialog.
//!
//! An import is all or nothing: every line must name one of the order's tapes (media file
//! name or tape number) and a time period of its media, plan spots only on days of the
//! cycle, and appear once. Importing a month again replaces that month's lines, unless a
//! broadcast certificate has already verified spots of it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use adeval_ingest::{Limits, Rejected, RowError, TemplateRow, read_order_template};
use axum::extract::State;
use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::OrderIdArgs;
use super::{log, status};
use crate::http::{Args, Done, Result};
use crate::lake::customer::{ImportError, Report, describe};
use crate::state::AppState;

/// What an import wrote.
pub struct Imported {
    pub months: Vec<String>,
    pub lines: usize,
    pub spots: u64,
}

fn ym(d: NaiveDate) -> String {
    d.format("%Y-%m").to_string()
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
        .map_err(anyhow::Error::from)?
        .map_err(|rejected| match rejected {
            Rejected::File(e) => ImportError::Refused(e.to_string()),
            Rejected::Rows { errors, omitted } => ImportError::Refused(describe(&errors, omitted)),
        })?;
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
    let name: Option<String> = sqlx::query_scalar("select name from admins where id = $1")
        .bind(admin_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(anyhow::Error::from)?;
    let month_names: Vec<String> = months.iter().map(|m| ym(*m)).collect();
    let content = format!("导入排期：{}，共 {} 行、{spots} 个点位", month_names.join("、"), lines.len());
    let name = name.unwrap_or_else(|| "系统".into());
    log::write(&mut tx, order, admin_id, &name, content, None).await.map_err(anyhow::Error::from)?;
    tx.commit().await.map_err(anyhow::Error::from)?;
    Ok(Imported { months: month_names, lines: lines.len(), spots })
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

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TemplateTape {
    pub id: i64,
    pub media_file_name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateClass {
    pub time_period_class_name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplatePeriod {
    pub id: i64,
    pub time_period_name: String,
    #[serde(rename = "TimePeriodClass")]
    pub time_period_class: TemplateClass,
}

#[derive(Serialize, ToSchema, FromRow)]
pub struct TemplateDay {
    pub d: i32,
    pub point: i32,
}

/// One schedule line of a month.
#[derive(Serialize, ToSchema)]
pub struct TemplateLine {
    pub id: i64,
    #[serde(rename = "type")]
    pub point_type: String,
    pub position: String,
    pub product_magnetic_tape: TemplateTape,
    pub time_period: TemplatePeriod,
    /// The days with spots planned.
    pub order_template_ymd: Vec<TemplateDay>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateMonth {
    /// `YYYY-MM`.
    pub point_date_ym: String,
    /// Days in the month, for the grid's columns.
    pub days: u32,
    pub data: Vec<TemplateLine>,
}

/// A schedule line as stored, with its days that have spots.
struct StoredLine {
    id: i64,
    month: NaiveDate,
    point_type: String,
    position: String,
    tape: i64,
    tape_name: String,
    period: i64,
    period_name: String,
    class: Option<String>,
    days: Vec<TemplateDay>,
}

/// The order's schedule: its lines by month, version, period, type and position.
async fn stored_lines(conn: &mut sqlx::PgConnection, order: i64) -> Result<Vec<StoredLine>> {
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
    let cells: Vec<(i64, i32, i32)> = sqlx::query_as(
        "select c.line_id, extract(day from c.ymd)::int4, c.point from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.point > 0 order by c.line_id, c.ymd",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    let mut by_line: HashMap<i64, Vec<TemplateDay>> = HashMap::new();
    for (line, d, point) in cells {
        by_line.entry(line).or_default().push(TemplateDay { d, point });
    }
    Ok(lines
        .into_iter()
        .map(|(id, month, point_type, position, tape, tape_name, period, period_name, class)| StoredLine {
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

/// orderTemplateList: the order's schedule, a month at a time, lines by version and period.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<TemplateMonth>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let mut months: BTreeMap<NaiveDate, Vec<TemplateLine>> = BTreeMap::new();
    for line in stored_lines(&mut conn, id).await? {
        months.entry(line.month).or_default().push(TemplateLine {
            id: line.id,
            point_type: line.point_type,
            position: line.position,
            product_magnetic_tape: TemplateTape { id: line.tape, media_file_name: line.tape_name },
            time_period: TemplatePeriod {
                id: line.period,
                time_period_name: line.period_name,
                time_period_class: TemplateClass { time_period_class_name: line.class.unwrap_or_default() },
            },
            order_template_ymd: line.days,
        });
    }
    let data = months
        .into_iter()
        .map(|(month, data)| TemplateMonth { point_date_ym: ym(month), days: days_in_month(month), data })
        .collect();
    Ok(Done("获取成功", data))
}

/// Days in the month that starts on `month`.
fn days_in_month(month: NaiveDate) -> u32 {
    month.checked_add_months(chrono::Months::new(1)).map_or(31, |next| (next - month).num_days() as u32)
}

/// The columns of a template file, as the reader takes them: one sheet with a 月份 column.
const TEMPLATE_HEADERS: [&str; 36] = [
    "月份", "版本", "时段", "类型", "位置", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14",
    "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31",
];

/// orderTemplateExport: the order's schedule as a template file that imports back as it is;
/// without a schedule, a starter: a line per month of the cycle and tape, on the media's
/// first period, days left to fill (lines left without spots must be deleted before import).
pub async fn export(
    State(state): State<AppState>,
    axum::Extension(admin): axum::Extension<crate::auth::session::Admin>,
    Args(args): Args<OrderIdArgs>,
) -> Result<Done<crate::export::Exported>> {
    use crate::export::Cell;
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    // A file name two of the order's tapes share would not import back: their number does.
    let numbers: Vec<(i64, String, String)> = sqlx::query_as(
        "select t.id, t.media_file_name, t.media_tape_number from order_tapes ot join product_tapes t on t.id = ot.tape_id
         where ot.order_id = $1",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let version = |tape: i64, name: String| -> String {
        let shared = numbers.iter().filter(|(_, file, _)| file.trim() == name.trim()).count() > 1;
        match numbers.iter().find(|(t, _, _)| *t == tape) {
            Some((_, _, number)) if shared => number.clone(),
            _ => name,
        }
    };
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    for line in stored_lines(&mut conn, id).await? {
        if line.days.is_empty() {
            continue;
        }
        let mut row = vec![
            Cell::from(ym(line.month)),
            Cell::from(version(line.tape, line.tape_name)),
            Cell::from(line.period_name),
            Cell::from(line.point_type),
            Cell::from(line.position),
        ];
        let mut days: Vec<Cell> = (0..31).map(|_| Cell::Empty).collect();
        for day in &line.days {
            days[(day.d - 1) as usize] = Cell::from(day.point);
        }
        row.extend(days);
        rows.push(row);
    }
    if rows.is_empty() {
        let starter: Vec<(String, String, Option<String>)> = sqlx::query_as(
            "select to_char(m, 'YYYY-MM'), t.media_file_name,
                    (select p.time_period_name from time_periods p where p.media_id = o.media_id
                     order by p.start_secs, p.time_period_name limit 1)
             from orders o
             cross join generate_series(date_trunc('month', o.cycle_start), o.cycle_end, interval '1 month') m
             join order_tapes ot on ot.order_id = o.id join product_tapes t on t.id = ot.tape_id
             where o.id = $1 order by m, ot.position",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        for (month, tape, period) in starter {
            let mut row = vec![Cell::from(month), Cell::from(tape), Cell::from(period.unwrap_or_default()), Cell::from("A"), Cell::Empty];
            row.extend((0..31).map(|_| Cell::Empty));
            rows.push(row);
        }
    }
    drop(conn);
    let name = format!("订单{id}排期");
    let exported = crate::export::save(&state, crate::export::Maker::new(&admin, &super::TEMPLATE_EXPORT), &name, &TEMPLATE_HEADERS, rows).await.map_err(crate::http::AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
