//! Corrections to certificate rows, kept beside the immutable lake rows
//! (`certificate_corrections`): a period assigned to a row no period held
//! (`orderBroadcastLicenseTimeUp`) and a version swapped for one of the order's
//! (`broadcastingMagneticTapeDetailsUp`, every unconfirmed row of a version or one row). A row
//! of a confirmed month is never corrected, nor one a verified cell counted (what a
//! confirmation verified is fixed: `compare::fixed_refusal`, 4009). Each drops a pending preview, which no longer
//! holds, makes the open months due again (rows applied while a month ran are not the rows
//! any more), and is logged.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

use super::compare::fixed_refusal;
use super::rows::{CurrentRow, OrderFacts, batch_rows, current_rows};
use super::{CertificateMonth, MONTH_CONFIRMED, NOT_IMPORTED, current_months, drop_preview, today};
use crate::error::{AppError, Checks, Result};
use crate::orders::month_of;
use crate::auth::session::Admin;
use crate::orders::{log, status};
use crate::reads::Reads;

const NO_ROW: &str = "播证记录不存在";

/// Locks the order and answers its facts and its current months.
async fn lock(tx: &mut PgConnection, order: i64) -> Result<(OrderFacts, Vec<CertificateMonth>)> {
    crate::orders::order::lock(tx, order).await?;
    let facts = OrderFacts::load(tx, order).await?.ok_or_else(crate::orders::order::not_found)?;
    Ok((facts, current_months(tx, order).await?))
}

/// 4009 when the order's current rows `before`, changed into `after`, would alter the rows a
/// verified cell counted.
async fn keep_verified(tx: &mut PgConnection, order: i64, facts: &OrderFacts, before: &[CurrentRow], after: &[CurrentRow]) -> Result<()> {
    let today = today(tx).await?;
    match fixed_refusal(tx, order, facts, (before, after), today).await? {
        Some(refused) => Err(AppError::conflict(refused)),
        None => Ok(()),
    }
}

async fn finish(tx: &mut PgConnection, admin: &Admin, order: i64, content: String) -> Result<()> {
    drop_preview(tx, order).await?;
    sqlx::query("update order_certificate_months set checked_batch_id = null where order_id = $1 and confirmed_at is null")
        .bind(order)
        .execute(&mut *tx)
        .await?;
    log::record(tx, order, admin, content, None).await?;
    status::refresh(tx, Some(order)).await?;
    Ok(())
}

/// orderBroadcastLicenseTimeUp: row `row_id` of a current, unconfirmed month airs in `period`
/// (one of the order's media).
pub async fn assign_period(db: &PgPool, reads: &Reads, admin: &Admin, row_id: i64, period: i64) -> Result<()> {
    // A row id carries its batch (crate::lake::row_id); a batch is one order's.
    let batch = row_id >> 32;
    let order: Option<i64> = sqlx::query_scalar("select order_id from order_certificate_months where batch_id = $1 limit 1")
        .bind(batch)
        .fetch_optional(db)
        .await?;
    let Some(order) = order else { return Err(AppError::NotFound(NO_ROW.into())) };
    let mut tx = db.begin().await?;
    let (facts, months) = lock(&mut tx, order).await?;
    let rows = batch_rows(&reads.lake, &mut tx, batch).await?;
    let row = rows.iter().find(|r| r.id == row_id).ok_or_else(|| AppError::NotFound(NO_ROW.into()))?;
    let month = months
        .iter()
        .find(|m| m.month == month_of(row.ymd) && m.batch_id == batch)
        .ok_or_else(|| AppError::NotFound(NO_ROW.into()))?;
    if month.confirmed {
        return Err(AppError::conflict(MONTH_CONFIRMED));
    }
    let Some(p) = facts.period(period) else { return Err(AppError::field("timePeriodId", "请选择时段")) };
    // The row airs in that period already (by its own 时段 or an earlier correction): nothing
    // changes, so nothing is written — no correction, no log, and the pending preview and the
    // month's check stand (a repeat must not make a checked month due again, status 2).
    let corrected: Option<Option<i64>> = sqlx::query_scalar("select time_period_id from certificate_corrections where row_id = $1")
        .bind(row_id)
        .fetch_optional(&mut *tx)
        .await?;
    if corrected.flatten().or(row.time_period_id) == Some(period) {
        return Ok(());
    }
    let before = current_rows(&reads.lake, &mut tx, order, &months).await?;
    let after: Vec<CurrentRow> = before.iter().map(|r| CurrentRow { period_id: if r.id == row_id { Some(period) } else { r.period_id }, ..r.clone() }).collect();
    keep_verified(&mut tx, order, &facts, &before, &after).await?;
    sqlx::query(
        "insert into certificate_corrections (row_id, order_id, time_period_id, admin_id) values ($1, $2, $3, $4)
         on conflict (row_id) do update set time_period_id = excluded.time_period_id, admin_id = excluded.admin_id, updated_at = now()",
    )
    .bind(row_id)
    .bind(order)
    .bind(period)
    .bind(admin.id)
    .execute(&mut *tx)
    .await?;
    let when = format!("{:02}:{:02}:{:02}", row.secs / 3600, row.secs / 60 % 60, row.secs % 60);
    let content = format!("播证「{}」第 {} 行（{} {} {}）指定时段：{}", row.sheet, row.row, row.ymd, when, row.version, p.name);
    finish(&mut tx, admin, order, content).await?;
    tx.commit().await?;
    Ok(())
}

/// A version swap: the certificate's `tape` becomes the order's `up_tape`, on every
/// unconfirmed row of it (`one` None) or on row `one` alone.
pub struct Swap {
    pub order: i64,
    pub tape: i64,
    pub up_tape: i64,
    pub one: Option<i64>,
}

/// broadcastingMagneticTapeDetailsUp; answers how many rows changed.
pub async fn swap(db: &PgPool, reads: &Reads, admin: &Admin, s: &Swap) -> Result<u64> {
    let mut tx = db.begin().await?;
    let (facts, months) = lock(&mut tx, s.order).await?;
    if months.is_empty() {
        return Err(AppError::NotFound(NOT_IMPORTED.into()));
    }
    let rows = current_rows(&reads.lake, &mut tx, s.order, &months).await?;
    let mut checks = Checks::default();
    if !facts.tape(s.up_tape).is_some_and(|t| t.in_order) {
        checks.add("upTapeId", "选择订单版本");
    }
    if !rows.iter().any(|r| r.tape_id == s.tape) {
        checks.add("tapeId", "选择播证版本");
    }
    checks.finish()?;
    let targets: Vec<&CurrentRow> = match s.one {
        Some(id) => {
            let row = rows.iter().find(|r| r.id == id && r.tape_id == s.tape).ok_or_else(|| AppError::field("broadcastingId", "请选择播证记录"))?;
            if row.confirmed {
                return Err(AppError::conflict(MONTH_CONFIRMED));
            }
            vec![row]
        }
        None => rows.iter().filter(|r| r.tape_id == s.tape && !r.confirmed).collect(),
    };
    // Every row of the version lies in confirmed months: nothing may change.
    if targets.is_empty() {
        return Err(AppError::conflict(MONTH_CONFIRMED));
    }
    if s.tape == s.up_tape {
        return Err(AppError::field("upTapeId", "替换后的订单版本须与播证版本不同"));
    }
    let ids: Vec<i64> = targets.iter().map(|r| r.id).collect();
    let after: Vec<CurrentRow> = rows.iter().map(|r| CurrentRow { tape_id: if ids.contains(&r.id) { s.up_tape } else { r.tape_id }, ..r.clone() }).collect();
    keep_verified(&mut tx, s.order, &facts, &rows, &after).await?;
    sqlx::query(
        "insert into certificate_corrections (row_id, order_id, tape_id, admin_id) select unnest($1::bigint[]), $2, $3, $4
         on conflict (row_id) do update set tape_id = excluded.tape_id, admin_id = excluded.admin_id, updated_at = now()",
    )
    .bind(&ids)
    .bind(s.order)
    .bind(s.up_tape)
    .bind(admin.id)
    .execute(&mut *tx)
    .await?;
    let how = if s.one.is_some() { "单条替换" } else { "批量替换" };
    let content = format!("播证版本{how}：{} → {}，{} 行", facts.tape_name(s.tape), facts.tape_name(s.up_tape), ids.len());
    finish(&mut tx, admin, s.order, content).await?;
    tx.commit().await?;
    Ok(ids.len() as u64)
}

/// A version of the current certificate (after swaps), with its rows and spots.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateVersion {
    pub tape_id: i64,
    pub media_file_name: String,
    pub media_tape_number: String,
    /// One of the order's versions.
    pub in_order: bool,
    pub rows: i64,
    pub spots: i64,
}

/// orderBroadcastingMagneticTapeDetailsList: the current certificate's versions (none before
/// an import).
pub async fn versions(db: &PgPool, reads: &Reads, order: i64) -> Result<Vec<CertificateVersion>> {
    let mut conn = db.acquire().await?;
    let facts = OrderFacts::load(&mut conn, order).await?.ok_or_else(|| AppError::NotFound("订单不存在".into()))?;
    let months = current_months(&mut conn, order).await?;
    let rows = current_rows(&reads.lake, &mut conn, order, &months).await?;
    let mut counts: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for r in &rows {
        let c = counts.entry(r.tape_id).or_default();
        c.0 += 1;
        c.1 += i64::from(r.num);
    }
    let mut out: Vec<CertificateVersion> = counts
        .into_iter()
        .map(|(tape_id, (rows, spots))| {
            let tape = facts.tape(tape_id);
            CertificateVersion {
                tape_id,
                media_file_name: facts.tape_name(tape_id),
                media_tape_number: tape.map(|t| t.number.clone()).unwrap_or_default(),
                in_order: tape.is_some_and(|t| t.in_order),
                rows,
                spots,
            }
        })
        .collect();
    out.sort_by(|a, b| (!a.in_order, &a.media_file_name, a.tape_id).cmp(&(!b.in_order, &b.media_file_name, b.tape_id)));
    Ok(out)
}
