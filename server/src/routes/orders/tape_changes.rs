//! Tape changes (换版, docs/screens.md "Order dialogs", tape-change detail): from a date on, the
//! order's remaining schedule of one tape airs another of the product's tapes. Calls:
//! orderMagneticTapeDetails (the order's changes), orderMagneticTapeDetailsList (the
//! product's tapes to change to), productMagneticTape (the order's tapes),
//! orderMagneticTapeDetailsUp (add without `id`, edit with it) and orderMagneticTapeDetailsDel.
//!
//! What a change is and when it runs is the domain's ([`crate::orders::tape_changes`]); this
//! module reads the calls' arguments and answers.

use axum::Extension;
use axum::extract::State;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::OrderIdArgs;
use crate::auth::session::Admin;
use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::http::args::Id;
use crate::http::{Args, Done, Text};
use crate::orders::tape_changes::{self, NewChange};
use crate::state::AppState;

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TapeChangeRow {
    pub id: i64,
    pub tape_id: i64,
    /// The tape changed from.
    pub magnetic_tape_name: String,
    pub up_tape_id: i64,
    /// The tape changed to.
    pub up_tape_name: String,
    /// `YYYY-MM-DD`.
    pub execute_at: String,
    /// 1 待执行, 3 已执行.
    pub status: i16,
    pub status_name: String,
    /// The earliest and latest day an edit may move the change to.
    pub min_date: String,
    pub max_date: String,
    pub create_time: LocalTime,
}

const SELECT: &str = "
    select c.id, c.tape_id, t.media_file_name as magnetic_tape_name, c.up_tape_id, u.media_file_name as up_tape_name,
           to_char(c.execute_at, 'YYYY-MM-DD') as execute_at, c.status,
           (case c.status when 3 then '已执行' else '待执行' end) as status_name,
           to_char(greatest(current_date + 1, o.cycle_start), 'YYYY-MM-DD') as min_date,
           to_char(o.cycle_end, 'YYYY-MM-DD') as max_date,
           c.created_at::timestamp as create_time
    from order_tape_changes c
    join orders o on o.id = c.order_id
    join product_tapes t on t.id = c.tape_id
    join product_tapes u on u.id = c.up_tape_id";

/// orderMagneticTapeDetails: the order's tape changes, by date, as they stand. A read: a
/// change whose date has come is executed by housekeeping (`jobs::housekeeping`), never here.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<TapeChangeRow>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let rows = sqlx::query_as(&format!("{SELECT} where c.order_id = $1 order by c.execute_at, c.id"))
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProductArgs {
    product_id: Option<Text>,
}

#[derive(Serialize, ToSchema, FromRow)]
pub struct UpTapeOption {
    pub id: i64,
    pub up_tape_name: String,
}

/// orderMagneticTapeDetailsList: the product's tapes a change may go to.
pub async fn options(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<Vec<UpTapeOption>>> {
    let mut checks = Checks::default();
    let product = Id::picked("productId", &args.product_id, "请选择产品名称", &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(
        "select id, media_file_name as up_tape_name from product_tapes where product_id = $1 order by media_file_name, id",
    )
    .bind(product)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderTapeOption {
    pub id: i64,
    pub media_file_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct OrderTapes {
    pub product_magnetic_tape: Vec<OrderTapeOption>,
}

/// productMagneticTape: the order's tapes (the versions a change starts from).
pub async fn order_tapes(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<OrderTapes>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let tapes = sqlx::query_as(
        "select t.id, t.media_file_name from order_tapes ot join product_tapes t on t.id = ot.tape_id
         where ot.order_id = $1 order by ot.position",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Done("获取成功", OrderTapes { product_magnetic_tape: tapes }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TapeChangeArgs {
    /// Edit: the change.
    id: Option<Text>,
    /// Add: the order.
    order_id: Option<Text>,
    /// Add: the order's tape to change from.
    tape_id: Option<Text>,
    /// The product's tape to change to.
    up_tape_id: Option<Text>,
    /// `YYYY-MM-DD` (an edit may send `YYYY-MM-DD 00:00:00`).
    execute_at: Option<Text>,
}

fn day(value: &Option<Text>, checks: &mut Checks) -> Option<NaiveDate> {
    let Some(text) = Text::get(value) else {
        checks.add("executeAt", "请选择换版时间");
        return None;
    };
    let date = text.get(..10).and_then(crate::http::args::ymd);
    if date.is_none() {
        checks.add("executeAt", "换版时间格式应为 YYYY-MM-DD");
    }
    date
}

/// orderMagneticTapeDetailsUp: adds a change (no `id`) or moves a pending one's date or target.
pub async fn up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<TapeChangeArgs>) -> Result<Done<()>> {
    let mut checks = Checks::default();
    let editing = Text::get(&args.id).is_some();
    let up_tape = Id::picked("upTapeId", &args.up_tape_id, "请选择换版信息", &mut checks);
    let execute_at = day(&args.execute_at, &mut checks);
    if editing {
        let id = Id::picked("id", &args.id, "请选择换版记录", &mut checks);
        checks.finish()?;
        let mut tx = state.db.begin().await?;
        tape_changes::edit(&mut tx, &admin, id, up_tape, execute_at.expect("checked")).await?;
        tx.commit().await?;
        return Ok(Done("修改完成", ()));
    }
    let order = Id::picked("orderId", &args.order_id, super::fields::PICK_ORDER, &mut checks);
    let tape = Id::picked("tapeId", &args.tape_id, "请选择订单版本", &mut checks);
    checks.finish()?;
    let change = NewChange { order, tape, up_tape, execute_at: execute_at.expect("checked") };
    let mut tx = state.db.begin().await?;
    tape_changes::add(&mut tx, &admin, &change).await?;
    tx.commit().await?;
    Ok(Done("添加完成", ()))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TapeChangeDelArgs {
    order_id: Option<Text>,
    details_id: Option<Text>,
}

/// orderMagneticTapeDetailsDel: removes a pending change; an executed one stays ('不可删除').
pub async fn delete(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<TapeChangeDelArgs>) -> Result<Done<()>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, super::fields::PICK_ORDER, &mut checks);
    let id = Id::picked("detailsId", &args.details_id, "请选择换版记录", &mut checks);
    checks.finish()?;
    let mut tx = state.db.begin().await?;
    tape_changes::remove(&mut tx, &admin, order, id).await?;
    tx.commit().await?;
    Ok(Done("删除成功", ()))
}
