//! orderSummaryGrpYmdAdd (docs/screens.md "Summary dialog" "Add time-slot"): adds spots on one of the order's
//! versions, in one of its media's periods, of one type, on one day of the cycle — on the
//! month's line of that version, period and type with no position (made when missing), to the
//! day's cell (made when missing). A verified or withdrawn cell there is left alone (4009):
//! the spots would be locked or withdrawn the moment they were added. A month whose certificate
//! is confirmed takes no spots (4000, [`CLOSED_MONTH`]): no certificate would compare them.

use chrono::NaiveDate;
use sqlx::PgConnection;

use super::{CLOSED_MONTH, LOCKED, Line, SHORT, WITHDRAWN, cell_name, line_of_type, lock_order, place_spots, record};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
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
    // What only the order's data can tell, in one round trip: the tape is the order's, the period
    // its media's, the day's month not confirmed.
    let (tape_ok, period_ok, closed): (bool, bool, bool) = sqlx::query_as(
        "select exists(select 1 from order_tapes where order_id = $1 and tape_id = $2),
                exists(select 1 from time_periods where id = $3 and media_id = $4),
                exists(select 1 from order_certificate_months where order_id = $1 and month = $5 and confirmed_at is not null)",
    )
    .bind(spots.order)
    .bind(spots.tape)
    .bind(spots.period)
    .bind(facts.media)
    .bind(crate::orders::month_of(spots.ymd))
    .fetch_one(&mut *tx)
    .await?;
    if !tape_ok {
        checks.add("productDefaultId", "请选择版本");
    }
    if !period_ok {
        checks.add("timePeriodId", "请选择时段");
    }
    if spots.ymd < facts.cycle.0 || spots.ymd > facts.cycle.1 {
        checks.add("ymd", "日期须在订单周期内");
    } else if closed {
        checks.add("ymd", CLOSED_MONTH);
    }
    checks.finish()?;
    // The day's line of the version, period and type, at no position: made when missing.
    let like = Line {
        id: 0,
        month: crate::orders::month_of(spots.ymd),
        tape_id: spots.tape,
        time_period_id: spots.period,
        point_type: spots.point_type.clone(),
        position: String::new(),
        contract_number: String::new(),
    };
    let line = line_of_type(tx, spots.order, facts.media, &like, &spots.point_type).await?.id;
    let existing: Option<(i64, i32, i16, String, i16)> = sqlx::query_as(
        "select id, point, is_he, value, reason_disappearance from order_cells where line_id = $1 and ymd = $2 for update",
    )
    .bind(line)
    .bind(spots.ymd)
    .fetch_optional(&mut *tx)
    .await?;
    let content = match existing {
        Some((_, _, 2, _, _)) => return Err(AppError::conflict(LOCKED)),
        Some((_, _, _, _, 1)) => return Err(AppError::conflict(SHORT)),
        Some((_, _, _, value, _)) if value == WITHDRAWN => return Err(AppError::conflict("该日点位已撤掉，请先修改该点位")),
        Some((_, point, _, _, _)) if point + spots.num > super::MAX_POINTS => {
            return Err(AppError::field("num", format!("一个点位格最多 {} 个点位", super::MAX_POINTS)));
        }
        Some((_, point, _, _, _)) => format!("添加时段：点位 {point} → {}", point + spots.num),
        None => format!("添加时段：新建点位 {} 个", spots.num),
    };
    let id = place_spots(tx, line, spots.ymd, existing.map(|c| c.0), &spots.point_type, spots.num).await?;
    record(tx, id, admin, &content).await?;
    let name = cell_name(tx, line, spots.ymd).await?;
    log::record(tx, spots.order, admin, format!("添加时段：{name}：{} 个点位", spots.num), None).await?;
    status::refresh(tx, Some(spots.order)).await?;
    Ok(id)
}
