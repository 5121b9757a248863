//! orderSummaryGrpYmdAdd (spec orders §5 "Add time-slot"): adds spots on one of the order's
//! versions, in one of its media's periods, of one type, on one day of the cycle — on the
//! month's line of that version, period and type with no position (made when missing), to the
//! day's cell (made when missing). A verified or withdrawn cell there is left alone (4009):
//! the spots would be locked or withdrawn the moment they were added.

use chrono::NaiveDate;
use sqlx::PgConnection;

use super::{LOCKED, SHORT, WITHDRAWN, cell_name, lock_order, record};
use crate::auth::session::Admin;
use crate::http::{AppError, Checks, Result};
use crate::orders::{log, status};

/// The spots to add.
pub struct NewSpots {
    pub order: i64,
    pub point_type: String,
    pub period: i64,
    pub tape: i64,
    pub ymd: NaiveDate,
    pub num: i32,
}

/// Adds the spots; answers the cell's id.
pub async fn add(tx: &mut PgConnection, admin: &Admin, spots: &NewSpots) -> Result<i64> {
    let facts = lock_order(tx, spots.order).await?;
    let mut checks = Checks::default();
    let tape_ok: bool = sqlx::query_scalar("select exists(select 1 from order_tapes where order_id = $1 and tape_id = $2)")
        .bind(spots.order)
        .bind(spots.tape)
        .fetch_one(&mut *tx)
        .await?;
    if !tape_ok {
        checks.add("productDefaultId", "请选择版本");
    }
    let period_ok: bool = sqlx::query_scalar("select exists(select 1 from time_periods where id = $1 and media_id = $2)")
        .bind(spots.period)
        .bind(facts.media)
        .fetch_one(&mut *tx)
        .await?;
    if !period_ok {
        checks.add("timePeriodId", "请选择时段");
    }
    if spots.ymd < facts.cycle.0 || spots.ymd > facts.cycle.1 {
        checks.add("ymd", "日期须在订单周期内");
    }
    checks.finish()?;
    let month = crate::orders::month_of(spots.ymd);
    let line: i64 = sqlx::query_scalar(
        "with made as (
             insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, position)
             values ($1, $2, $3, $4, $5, $6, '') on conflict on constraint order_lines_key do nothing returning id)
         select id from made
         union all
         select id from order_lines where order_id = $1 and month = $3 and tape_id = $4 and time_period_id = $5
                                      and point_type = $6 and position = ''",
    )
    .bind(spots.order)
    .bind(facts.media)
    .bind(month)
    .bind(spots.tape)
    .bind(spots.period)
    .bind(&spots.point_type)
    .fetch_one(&mut *tx)
    .await?;
    let existing: Option<(i64, i32, i16, String, i16)> = sqlx::query_as(
        "select id, point, is_he, value, reason_disappearance from order_cells where line_id = $1 and ymd = $2 for update",
    )
    .bind(line)
    .bind(spots.ymd)
    .fetch_optional(&mut *tx)
    .await?;
    // Spots added as type B are make-goods (an imported B spot is contracted, not one).
    let make_good = if spots.point_type == "B" { spots.num } else { 0 };
    let (id, content) = match existing {
        Some((_, _, 2, _, _)) => return Err(AppError::conflict(LOCKED)),
        Some((_, _, _, _, 1)) => return Err(AppError::conflict(SHORT)),
        Some((_, _, _, value, _)) if value == WITHDRAWN => return Err(AppError::conflict("该日点位已撤掉，请先修改该点位")),
        Some((id, point, _, _, _)) => {
            if point + spots.num > super::MAX_POINTS {
                return Err(AppError::field("num", format!("一个点位格最多 {} 个点位", super::MAX_POINTS)));
            }
            sqlx::query("update order_cells set point = point + $2, make_good = make_good + $3 where id = $1")
                .bind(id)
                .bind(spots.num)
                .bind(make_good)
                .execute(&mut *tx)
                .await?;
            (id, format!("添加时段：点位 {point} → {}", point + spots.num))
        }
        None => {
            let id: i64 = sqlx::query_scalar("insert into order_cells (line_id, ymd, point, make_good) values ($1, $2, $3, $4) returning id")
                .bind(line)
                .bind(spots.ymd)
                .bind(spots.num)
                .bind(make_good)
                .fetch_one(&mut *tx)
                .await?;
            (id, format!("添加时段：新建点位 {} 个", spots.num))
        }
    };
    record(tx, id, admin, &content).await?;
    let name = cell_name(tx, line, spots.ymd).await?;
    log::record(tx, spots.order, admin, format!("添加时段：{name}：{} 个点位", spots.num), None).await?;
    status::refresh(tx, Some(spots.order)).await?;
    Ok(id)
}
