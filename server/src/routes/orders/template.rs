//! The order's schedule (排期) as the order-template dialog shows it (orderTemplateList) and
//! as a template file that imports back (orderTemplateExport). Importing a template is the
//! domain's ([`crate::orders::schedule`]), run as a job of the upload.

use std::collections::BTreeMap;

use axum::extract::State;
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::OrderIdArgs;
use crate::error::Result;
use crate::http::{Args, Done};
use crate::orders::{schedule, ym};
use crate::state::AppState;

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

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateDay {
    pub d: i32,
    pub point: i32,
    /// 2: verified by a confirmed certificate (grey, locked); else 1.
    pub is_he: i16,
    /// '1': spots missing from the confirmed certificate (movable); else '0'.
    pub reason_disappearance: String,
    /// Spots the confirmed certificate showed aired.
    pub aired: i32,
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

/// orderTemplateList: the order's schedule, a month at a time, lines by version and period.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<TemplateMonth>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let mut months: BTreeMap<NaiveDate, Vec<TemplateLine>> = BTreeMap::new();
    for line in schedule::lines(&mut conn, id).await? {
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
            order_template_ymd: line
                .days
                .into_iter()
                .map(|c| TemplateDay {
                    d: c.d,
                    point: c.point,
                    is_he: c.is_he,
                    reason_disappearance: c.reason_disappearance.to_string(),
                    aired: c.aired,
                })
                .collect(),
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
    for line in schedule::lines(&mut conn, id).await? {
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
        for c in &line.days {
            days[(c.d - 1) as usize] = Cell::from(c.point);
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
    let exported = crate::export::save(&state.db, &state.store, &state.config, crate::export::Maker::new(&admin, &super::TEMPLATE_EXPORT), &name, &TEMPLATE_HEADERS, rows).await.map_err(crate::error::AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
