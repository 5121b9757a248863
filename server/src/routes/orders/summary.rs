//! The summary dialog's reads (汇总, docs/evaluation.md "The summary dialog (汇总)", docs/screens.md "Summary dialog"): the month grid
//! (orderSummaryGrpList) and the lookups its dialogs pick from (orderSummarySuitList,
//! orderTime, timePeriod, orderTimePeriodSuitList, timePeriodList). What they answer is the
//! domain's ([`crate::orders::summary`]); this module reads the arguments and answers. Reads
//! never write.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::fields::{OrderIdArgs, PICK_ORDER, SideArgs, SideChoice};
use crate::error::{AppError, Checks, Result};
use crate::http::args::{Arg, Id};
use crate::http::{Args, Done, Text};
use crate::orders::summary::lookups::{self, OrderTime, PeriodSuit, SuitRemaining};
use crate::orders::summary::{self, GridFilter, GridMonth};
use crate::routes::time_periods::{TimePeriodRow, select_period};
use crate::state::AppState;

/// orderSummaryGrpList: the order's grid, one entry per month of the cycle.
pub async fn grid(State(state): State<AppState>, Args(args): Args<SideArgs>) -> Result<Done<Vec<GridMonth>>> {
    // The side, category and source are what the averages read.
    let SideChoice { order, belonging_to, category, source } = args.checked()?;
    let filter = GridFilter { belonging_to, category, source };
    let months = summary::grid(&state.db, &state.reads, order, filter).await.map_err(AppError::Internal)?;
    let months = months.ok_or_else(crate::orders::order::not_found)?;
    Ok(Done("获取成功", months))
}

/// orderSummarySuitList: what each entry of the order's suits has left to schedule.
pub async fn suit_list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<SuitRemaining>>> {
    let (mut conn, order) = super::rows::existing(&state, &args).await?;
    Ok(Done("获取成功", lookups::suit_remaining(&mut conn, order).await?))
}

/// orderTime: the cycle, its months and the assessment date.
pub async fn order_time(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<OrderTime>> {
    let order = args.required()?;
    let mut conn = state.db.acquire().await?;
    let time = lookups::order_time(&mut conn, order).await?;
    Ok(Done("获取成功", time.ok_or_else(crate::orders::order::not_found)?))
}

/// timePeriod: the periods of the order's media, in broadcast order.
pub async fn periods(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<TimePeriodRow>>> {
    let (mut conn, order) = super::rows::existing(&state, &args).await?;
    let sql = format!(
        "{} where tp.media_id = (select media_id from orders where id = $1) order by tp.start_secs, tp.end_secs, tp.id",
        select_period()
    );
    let rows = sqlx::query_as(&sql).bind(order).fetch_all(&mut *conn).await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PeriodSuitArgs {
    order_id: Option<Text>,
    time_period_id: Option<Text>,
}

/// orderTimePeriodSuitList: the entries of the order's suits that hold the period.
pub async fn period_suits(State(state): State<AppState>, Args(args): Args<PeriodSuitArgs>) -> Result<Done<Vec<PeriodSuit>>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let period = Id::picked("timePeriodId", &args.time_period_id, "请选择订单时段", &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    crate::orders::order::require(&mut conn, order).await?;
    Ok(Done("获取成功", lookups::period_suits(&mut conn, order, period).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PeriodListArgs {
    media_id: Option<Text>,
    /// Only this class's periods; empty: every period of the media.
    time_period_class_id: Option<Text>,
}

/// timePeriodList: a media's periods, of one class when asked, in broadcast order.
pub async fn period_list(State(state): State<AppState>, Args(args): Args<PeriodListArgs>) -> Result<Done<Vec<TimePeriodRow>>> {
    let mut checks = Checks::default();
    let media = Id::picked("mediaId", &args.media_id, "请选择媒体名称", &mut checks);
    let class = Id::optional("timePeriodClassId", &args.time_period_class_id, &mut checks).map(|Id(c)| c);
    checks.finish()?;
    let sql = format!(
        "{} where tp.media_id = $1 and ($2::bigint is null or tp.class_id = $2) order by tp.start_secs, tp.end_secs, tp.id",
        select_period()
    );
    let rows = sqlx::query_as(&sql).bind(media).bind(class).fetch_all(&state.db).await?;
    Ok(Done("获取成功", rows))
}
