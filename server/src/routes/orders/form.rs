//! orderAdd / orderUp / orderDel / orderInfo (docs/screens.md "Order dialog", dialog behaviour, 
//! validation; docs/api.md, "Payloads the spec leaves open").
//!
//! The server re-checks everything the dialog checks: each field here as it is read
//! ([`super::fields`]), the fields together and against the database in the domain
//! ([`crate::orders::form`]), which also writes the order, its status and its log.

use axum::Extension;
use axum::extract::State;

use super::fields::{OrderArgs, OrderIdArgs, editable, keeping_current, locked, locked_sent};
use super::figures;
use super::rows::{OrderRow, fetch};
use crate::auth::session::Admin;
use crate::error::{Checks, Result};
use crate::http::{Args, Done};
use crate::orders::form::{self, Form};
use crate::state::AppState;

/// orderAdd: creates the order with its tapes and suits, logs it and derives its status.
pub async fn add(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<OrderArgs>) -> Result<Done<OrderRow>> {
    let mut checks = Checks::default();
    let locked = locked(&args, &mut checks);
    let fields = editable(&args, &mut checks);
    let mut tx = state.db.begin().await?;
    let id = form::add(&mut tx, &admin, Form { locked, fields, checks }).await?;
    let mut row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    figures::fill(&state, std::slice::from_mut(&mut row)).await?;
    Ok(Done("添加成功", row))
}

/// orderUp: changes the editable fields; the locked ones must stay as they are.
pub async fn up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<OrderArgs>) -> Result<Done<OrderRow>> {
    let row = update(&state, &admin, &args, "修改订单").await?;
    Ok(Done("修改成功", row))
}

/// Applies an edit (orderUp, or a restore from the history), logged as `label` with what
/// changed. The fields it leaves out are read as the order has them, under the order's lock.
pub(super) async fn update(state: &AppState, admin: &Admin, args: &OrderArgs, label: &str) -> Result<OrderRow> {
    let id = OrderIdArgs { order_id: args.order_id.clone() }.required()?;
    let mut tx = state.db.begin().await?;
    form::edit(&mut tx, admin, id, label, |now| {
        let mut checks = Checks::default();
        let fields = editable(&keeping_current(args, now), &mut checks);
        Form { locked: locked_sent(args), fields, checks }
    })
    .await?;
    let mut row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    crate::orders::evaluation::alerts::after_write(&state.db, &state.reads, &[id]).await;
    figures::fill(state, std::slice::from_mut(&mut row)).await?;
    Ok(row)
}

/// orderDel: the order goes with its schedule, tape changes, proposals and log.
pub async fn delete(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<()>> {
    let id = args.required()?;
    let mut conn = state.db.acquire().await?;
    form::delete(&mut conn, id).await?;
    Ok(Done("删除成功", ()))
}

/// orderInfo: the order as the edit dialog fills it, with its figures.
pub async fn info(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<OrderRow>> {
    let id = args.required()?;
    let mut conn = state.db.acquire().await?;
    let mut row = fetch(&mut conn, id).await?;
    drop(conn);
    figures::fill(&state, std::slice::from_mut(&mut row)).await?;
    Ok(Done("获取成功", row))
}
