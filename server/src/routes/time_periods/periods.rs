//! timePeriodAdd / timePeriodUp / timePeriodDel.

use axum::extract::State;
use serde::Deserialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::error::{AppError, Checks, Result};
use crate::http::args::{DayTime, IdArgs};
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use super::{TimePeriodRow, media_field, select_period};

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TimePeriodArgs {
    /// Required for timePeriodUp.
    id: Option<Text>,
    time_period_name: Option<Text>,
    /// timePeriodUp: the new name when given (else timePeriodName).
    time_period_name_up: Option<Text>,
    media_id: Option<Text>,
    /// Start `HH:mm[:ss]`; past midnight up to 29:59:59.
    pre_broadcast_time_forma: Option<Text>,
    /// End `HH:mm[:ss]`, not before the start.
    pre_broadcast_time_forma_end: Option<Text>,
}

struct PeriodForm {
    name: String,
    media_id: i64,
    start: i32,
    end: i32,
}

pub const PICK_PERIOD: &str = "请选择时段";

async fn validate(conn: &mut PgConnection, args: &TimePeriodArgs) -> Result<PeriodForm> {
    let mut checks = Checks::default();
    let media_id = media_field(conn, &args.media_id, &mut checks).await?;
    let name = Text::get(&args.time_period_name_up).or(Text::get(&args.time_period_name)).unwrap_or("").to_owned();
    if name.is_empty() {
        checks.add("timePeriodName", "请输入时段名称");
    } else if name.chars().count() > 50 {
        checks.add("timePeriodName", "时段名称不能超过50个字符");
    }
    let (start, end) = (&args.pre_broadcast_time_forma, &args.pre_broadcast_time_forma_end);
    let mut range = (0, 0);
    if Text::get(start).is_none() || Text::get(end).is_none() {
        checks.add("preBroadcastTimeForma", "请选择开始时间和结束时间");
    } else {
        let start = DayTime::filter("preBroadcastTimeForma", start, &mut checks);
        let end = DayTime::filter("preBroadcastTimeFormaEnd", end, &mut checks);
        if let (Some(s), Some(e)) = (start, end) {
            if s > e {
                checks.add("preBroadcastTimeFormaEnd", "结束时间不能早于开始时间");
            }
            range = (s, e);
        }
    }
    checks.finish()?;
    Ok(PeriodForm { name, media_id, start: range.0, end: range.1 })
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "time_periods_media_name_key", "timePeriodName", "该媒体下已存在同名时段")
}

pub async fn fetch(conn: &mut PgConnection, id: i64) -> Result<TimePeriodRow> {
    sqlx::query_as(&format!("{} where tp.id = $1", select_period()))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound("时段不存在".into()))
}

pub async fn add(State(state): State<AppState>, Args(args): Args<TimePeriodArgs>) -> Result<Done<TimePeriodRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into time_periods (media_id, time_period_name, start_secs, end_secs)
         values ($1, $2, $3, $4) returning id",
    )
    .bind(form.media_id)
    .bind(&form.name)
    .bind(form.start)
    .bind(form.end)
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

/// `该时段已被 2 个套装使用（春季套装、夏季套装），无法删除`: the suits using a period, when
/// it may not go away or change media.
async fn used_by_suits(conn: &mut PgConnection, id: i64, action: &str) -> Result<Option<AppError>> {
    let names: Vec<String> = sqlx::query_scalar(
        "select s.suit_name || '（' || to_char(s.suit_month, 'YYYY-MM') || '）'
         from suits s where exists (select 1 from suit_time_periods e where e.suit_id = s.id and e.time_period_id = $1)
         order by s.suit_month desc, s.suit_name",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    if names.is_empty() {
        return Ok(None);
    }
    let shown = names.iter().take(5).cloned().collect::<Vec<_>>().join("、");
    let more = if names.len() > 5 { " 等" } else { "" };
    Ok(Some(AppError::conflict(format!("该时段已被 {} 个套装使用（{shown}{more}），{action}", names.len()))))
}

/// `该时段已被 2 个订单使用，无法删除`: the orders whose schedule lines are in the period, and
/// (`corrections`) whose certificate rows were assigned it — a foreign key holds each, so the
/// database would refuse and the user would read 服务器内部错误.
async fn used_by_orders(conn: &mut PgConnection, id: i64, corrections: bool, action: &str) -> Result<Option<AppError>> {
    let orders: i64 = sqlx::query_scalar(
        "select count(distinct order_id) from (
             select order_id from order_lines where time_period_id = $1
             union all select order_id from certificate_corrections where $2 and time_period_id = $1) used",
    )
    .bind(id)
    .bind(corrections)
    .fetch_one(conn)
    .await?;
    Ok((orders > 0).then(|| AppError::conflict(format!("该时段已被 {orders} 个订单使用，{action}"))))
}

pub async fn up(State(state): State<AppState>, Args(args): Args<TimePeriodArgs>) -> Result<Done<TimePeriodRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK_PERIOD)?;
    let mut tx = state.db.begin().await?;
    let current = fetch(&mut tx, id).await?;
    let form = validate(&mut tx, &args).await?;
    if form.media_id != current.media_id {
        if let Some(used) = used_by_suits(&mut tx, id, "不能更换媒体").await? {
            return Err(used);
        }
        // A schedule line is of its order's media and period together; certificate rows
        // placed in the period simply stop being held by it (they are listed to place again).
        if let Some(used) = used_by_orders(&mut tx, id, false, "不能更换媒体").await? {
            return Err(used);
        }
    }
    // A class groups one media's periods: moving to another media leaves the class.
    sqlx::query(
        "update time_periods set media_id = $2, time_period_name = $3, start_secs = $4, end_secs = $5,
                class_id = case when media_id = $2 then class_id end
         where id = $1",
    )
    .bind(id)
    .bind(form.media_id)
    .bind(&form.name)
    .bind(form.start)
    .bind(form.end)
    .execute(&mut *tx)
    .await
    .map_err(|e| match &e {
        // An order scheduled the period after the check above.
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该时段已被订单的排期使用，不能更换媒体"),
        _ => on_duplicate(e),
    })?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

pub async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK_PERIOD)?;
    let mut tx = state.db.begin().await?;
    fetch(&mut tx, id).await?;
    if let Some(used) = used_by_suits(&mut tx, id, "无法删除").await? {
        return Err(used);
    }
    if let Some(used) = used_by_orders(&mut tx, id, true, "无法删除").await? {
        return Err(used);
    }
    sqlx::query("delete from time_periods where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|e| match &e {
            // A suit or an order took the period after the checks above.
            sqlx::Error::Database(db) if db.constraint() == Some("suit_time_periods_period_fk") => {
                AppError::conflict("该时段已被套装使用，无法删除")
            }
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该时段已被订单使用，无法删除"),
            _ => e.into(),
        })?;
    tx.commit().await?;
    Ok(Done("删除成功", ()))
}
