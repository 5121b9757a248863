//! Tape changes (换版, docs/screens.md "Order dialogs"): from a date on, the order's remaining schedule of
//! one tape airs another of the product's tapes. A change is scheduled for a day after today
//! within the cycle (status 1 待执行), may be moved or removed until it runs, and is executed
//! on its date: the new tape joins the order, the cells of the old tape's lines from that date
//! on move to the matching lines of the new tape (created when missing, points added when the
//! day already has some), and the change becomes 3 已执行, which can't be edited or removed.
//!
//! Execution ([`execute_due`]) is driven by housekeeping (`jobs::housekeeping`) alone: on its
//! timer and at the start of each day. No read executes a change.

use chrono::{Days, NaiveDate};
use sqlx::PgConnection;

use super::{log, order, status};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};

/// A change to schedule: from `execute_at` on, `tape` of `order` airs as `up_tape`.
pub struct NewChange {
    pub order: i64,
    pub tape: i64,
    pub up_tape: i64,
    pub execute_at: NaiveDate,
}

/// Schedules a change, checked against the order's cycle, tapes and product, in the caller's
/// transaction.
pub async fn add(tx: &mut PgConnection, admin: &Admin, change: &NewChange) -> Result<()> {
    let today: NaiveDate = sqlx::query_scalar("select current_date").fetch_one(&mut *tx).await?;
    let NewChange { order, tape, up_tape, execute_at: date } = *change;
    let mut checks = Checks::default();
    let found: Option<(i64, NaiveDate, NaiveDate)> =
        sqlx::query_as("select product_id, cycle_start, cycle_end from orders where id = $1 for update")
            .bind(order)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((product, start, cycle_end)) = found else { return Err(AppError::NotFound("订单不存在".into())) };
    if date <= today {
        checks.add("executeAt", "换版时间 不能小于当前时间");
    } else if date < start {
        checks.add("executeAt", format!("换版时间不能小于{start}"));
    } else if date > cycle_end {
        checks.add("executeAt", format!("换版时间不能大于{cycle_end}"));
    }
    let of_order: bool = sqlx::query_scalar("select exists(select 1 from order_tapes where order_id = $1 and tape_id = $2)")
        .bind(order)
        .bind(tape)
        .fetch_one(&mut *tx)
        .await?;
    if !of_order {
        checks.add("tapeId", "不是该订单的版本");
    }
    check_up_tape(tx, product, tape, up_tape, &mut checks).await?;
    checks.finish()?;
    let id: i64 = sqlx::query_scalar(
        "insert into order_tape_changes (order_id, product_id, tape_id, up_tape_id, execute_at, created_by)
         values ($1, $2, $3, $4, $5, $6) returning id",
    )
    .bind(order)
    .bind(product)
    .bind(tape)
    .bind(up_tape)
    .bind(date)
    .bind(admin.id)
    .fetch_one(&mut *tx)
    .await?;
    status::refresh(tx, Some(order)).await?;
    let text = describe(tx, id).await?;
    log::record(tx, order, admin, format!("添加换版：{text}"), None).await?;
    Ok(())
}

/// Moves pending change `id` to `date` and `up_tape`, in the caller's transaction.
pub async fn edit(tx: &mut PgConnection, admin: &Admin, id: i64, up_tape: i64, date: NaiveDate) -> Result<()> {
    let today: NaiveDate = sqlx::query_scalar("select current_date").fetch_one(&mut *tx).await?;
    let mut checks = Checks::default();
    // The order first, then the change: the order every writer of both takes.
    let order: Option<i64> = sqlx::query_scalar("select order_id from order_tape_changes where id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(order) = order else { return Err(AppError::NotFound("换版记录不存在".into())) };
    let (start, cycle_end): (NaiveDate, NaiveDate) =
        sqlx::query_as("select cycle_start, cycle_end from orders where id = $1 for update")
            .bind(order)
            .fetch_one(&mut *tx)
            .await?;
    let found: Option<(i64, i64, i16)> = sqlx::query_as(
        "select product_id, tape_id, status from order_tape_changes where id = $1 and order_id = $2 for update",
    )
    .bind(id)
    .bind(order)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((product, tape, status)) = found else { return Err(AppError::NotFound("换版记录不存在".into())) };
    if status == 3 {
        return Err(AppError::conflict("该换版已执行，不能修改"));
    }
    let min = (today + Days::new(1)).max(start);
    if date < min {
        checks.add("executeAt", format!("换版时间不能小于{min}"));
    } else if date > cycle_end {
        checks.add("executeAt", format!("换版时间不能大于{cycle_end}"));
    }
    check_up_tape(tx, product, tape, up_tape, &mut checks).await?;
    checks.finish()?;
    sqlx::query("update order_tape_changes set execute_at = $2, up_tape_id = $3 where id = $1")
        .bind(id)
        .bind(date)
        .bind(up_tape)
        .execute(&mut *tx)
        .await?;
    status::refresh(tx, Some(order)).await?;
    let text = describe(tx, id).await?;
    log::record(tx, order, admin, format!("修改换版：{text}"), None).await?;
    Ok(())
}

/// Removes pending change `id` of `order`; an executed one stays ('不可删除').
pub async fn remove(tx: &mut PgConnection, admin: &Admin, order: i64, id: i64) -> Result<()> {
    order::lock(tx, order).await?;
    let found: Option<i16> =
        sqlx::query_scalar("select status from order_tape_changes where id = $1 and order_id = $2 for update")
            .bind(id)
            .bind(order)
            .fetch_optional(&mut *tx)
            .await?;
    match found {
        None => return Err(AppError::NotFound("换版记录不存在".into())),
        Some(3) => return Err(AppError::conflict("不可删除")),
        Some(_) => {}
    }
    let content = format!("删除换版：{}", describe(tx, id).await?);
    sqlx::query("delete from order_tape_changes where id = $1").bind(id).execute(&mut *tx).await?;
    status::refresh(tx, Some(order)).await?;
    log::record(tx, order, admin, content, None).await?;
    Ok(())
}

async fn check_up_tape(conn: &mut PgConnection, product: i64, tape: i64, up_tape: i64, checks: &mut Checks) -> Result<()> {
    if up_tape <= 0 {
        return Ok(());
    }
    let of_product: bool = sqlx::query_scalar("select exists(select 1 from product_tapes where id = $1 and product_id = $2)")
        .bind(up_tape)
        .bind(product)
        .fetch_one(&mut *conn)
        .await?;
    if !of_product {
        checks.add("upTapeId", "换版信息不是该订单产品的磁带");
    } else if up_tape == tape {
        checks.add("upTapeId", "换版前后不能是同一版本");
    }
    Ok(())
}

/// `A → B（2026-03-20 起）`.
async fn describe(conn: &mut PgConnection, id: i64) -> sqlx::Result<String> {
    let (from, to, at): (String, String, NaiveDate) = sqlx::query_as(
        "select t.media_file_name, u.media_file_name, c.execute_at from order_tape_changes c
         join product_tapes t on t.id = c.tape_id join product_tapes u on u.id = c.up_tape_id where c.id = $1",
    )
    .bind(id)
    .fetch_one(conn)
    .await?;
    Ok(format!("{from} → {to}（{at} 起）"))
}

/// Executes the pending changes whose date has come, of one order or all. Answers how many.
/// Each runs in a transaction of its own that locks the order, then the change, and reads the
/// change again: a change executed, edited or deleted meanwhile is taken as it now is. A change
/// that fails is logged and the others still run.
pub async fn execute_due(conn: &mut PgConnection, order: Option<i64>) -> sqlx::Result<u64> {
    let due: Vec<(i64, i64)> = sqlx::query_as(
        "select c.id, c.order_id from order_tape_changes c
         where c.status <> 3 and c.execute_at <= current_date and ($1::bigint is null or c.order_id = $1)
         order by c.execute_at, c.id",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    let mut done = 0;
    for (id, order) in due {
        match execute(conn, id, order).await {
            Ok(true) => done += 1,
            Ok(false) => {}
            Err(e) => tracing::error!(error = ?e, change = id, order, "executing a tape change"),
        }
    }
    Ok(done)
}

/// Executes change `id` of `order` if it is still pending and due; answers whether it ran.
///
/// The new tape joins the order; the old tape's cells from the change's date on move to the
/// new tape's matching lines (same month, period, type and position). Cells a certificate has
/// verified stay where they are. When the new line already has a spot that day, plain cells
/// (not withdrawn, no reason, no manual GRP) add their points to it; a cell with such a state
/// stays on the old line rather than lose it. Lines the move leaves empty are removed.
async fn execute(conn: &mut PgConnection, id: i64, order: i64) -> sqlx::Result<bool> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    if !order::locked(&mut tx, order).await? {
        return Ok(false);
    }
    let change: Option<(i64, i64, i64, NaiveDate)> = sqlx::query_as(
        "select product_id, tape_id, up_tape_id, execute_at from order_tape_changes
         where id = $1 and order_id = $2 and status <> 3 and execute_at <= current_date for update",
    )
    .bind(id)
    .bind(order)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((product, tape, up_tape, at)) = change else { return Ok(false) };
    sqlx::query(
        "insert into order_tapes (order_id, product_id, tape_id, position)
         select $1, $2, $3, coalesce(max(position), 0) + 1 from order_tapes where order_id = $1
         on conflict (order_id, tape_id) do nothing",
    )
    .bind(order)
    .bind(product)
    .bind(up_tape)
    .execute(&mut *tx)
    .await?;
    // The new tape's lines matching the old tape's lines that have cells to move.
    sqlx::query(
        "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, position, contract_number)
         select distinct l.order_id, l.media_id, l.month, $3, l.time_period_id, l.point_type, l.position, l.contract_number
         from order_lines l join order_cells c on c.line_id = l.id
         where l.order_id = $1 and l.tape_id = $2 and c.ymd >= $4 and c.is_he <> 2
         on conflict (order_id, month, tape_id, time_period_id, point_type, position) do nothing",
    )
    .bind(order)
    .bind(tape)
    .bind(up_tape)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    // Every sub-statement sees the same snapshot: `merged` adds to the new line's cells,
    // `dropped` removes the cells merged, the outer update moves the cells whose day is free.
    sqlx::query(
        "with pairs as (
             select c.id as cell, c.point, n.id as target, c.ymd,
                    (c.value = '' and c.reason_type = 1 and c.manual_grp is null) as plain,
                    exists (select 1 from order_cells t where t.line_id = n.id and t.ymd = c.ymd) as taken
             from order_lines l
             join order_cells c on c.line_id = l.id
             join order_lines n on n.order_id = l.order_id and n.month = l.month and n.tape_id = $3
                               and n.time_period_id = l.time_period_id and n.point_type = l.point_type
                               and n.position = l.position
             where l.order_id = $1 and l.tape_id = $2 and c.ymd >= $4 and c.is_he <> 2),
         merged as (
             update order_cells t set point = t.point + p.point
             from pairs p
             where p.taken and p.plain and t.line_id = p.target and t.ymd = p.ymd
               and t.value = '' and t.reason_type = 1 and t.manual_grp is null and t.is_he <> 2
             returning p.cell),
         dropped as (delete from order_cells where id in (select cell from merged))
         update order_cells c set line_id = p.target
         from pairs p where c.id = p.cell and not p.taken",
    )
    .bind(order)
    .bind(tape)
    .bind(up_tape)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "delete from order_lines l where l.order_id = $1 and l.tape_id in ($2, $3)
           and not exists (select 1 from order_cells c where c.line_id = l.id)",
    )
    .bind(order)
    .bind(tape)
    .bind(up_tape)
    .execute(&mut *tx)
    .await?;
    sqlx::query("update order_tape_changes set status = 3, executed_at = now() where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    status::refresh(&mut tx, Some(order)).await?;
    let names: (String, String) = sqlx::query_as(
        "select t.media_file_name, u.media_file_name from product_tapes t, product_tapes u where t.id = $1 and u.id = $2",
    )
    .bind(tape)
    .bind(up_tape)
    .fetch_one(&mut *tx)
    .await?;
    let content = format!("执行换版：{} → {}（{at} 起的排期已改为新版本）", names.0, names.1);
    log::write(&mut tx, order, None, "系统", content, None).await?;
    tx.commit().await?;
    Ok(true)
}
