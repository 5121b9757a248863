//! Reading the certificate (`broadcastingCertificate`) and the two steps of
//! `orderBroadcastLicenseUp`. Both reads change nothing a user sees: the read compares every
//! month; typeY 1 compares the months that are due and stores what confirming them does, with
//! its basis, for its typeY 2 — no status, cell, log or message. typeY 2, under the order's
//! row lock, applies exactly that plan when the basis still holds, confirms the months that are
//! over, marks the others checked, logs and derives the status. The lock makes concurrent typeY
//! 2 calls queue: the first applies and drops the preview, every later one finds none (or the
//! months confirmed) and answers 4009.

use adeval_engine::orders::certificate::Check;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

use super::compare::{basis, refusal, review};
use super::rows::{OrderFacts, current_rows};
use super::view::{CertificateDifferences, CertificateSummary, CertificateView, view};
use super::{CHANGED, CONFIRMED, CertificateMonth, NOT_IMPORTED, NOTHING_DUE, current_months, today};
use crate::auth::session::Admin;
use crate::error::{AppError, Result};
use crate::orders::ym;
use crate::orders::{log, status};
use crate::reads::Reads;

async fn facts(conn: &mut PgConnection, order: i64) -> Result<OrderFacts> {
    OrderFacts::load(conn, order).await?.ok_or_else(crate::orders::order::not_found)
}

/// broadcastingCertificate: the current certificate against the schedule, every month of it.
pub async fn show(db: &PgPool, reads: &Reads, order: i64) -> Result<CertificateView> {
    let mut conn = db.acquire().await?;
    let facts = facts(&mut conn, order).await?;
    let months = current_months(&mut conn, order).await?;
    if months.is_empty() {
        return Err(AppError::NotFound(NOT_IMPORTED.into()));
    }
    let today = today(&mut conn).await?;
    let rows = current_rows(&reads.lake, &mut conn, order, &months).await?;
    let review = review(&mut conn, order, &facts, &months, &rows, today).await?;
    Ok(view(&review, &months, &rows, &facts, today))
}

/// What confirming changes, each count in its unit; the spot counts are the comparison's
/// (`freeSpots` = its added, `missingSpots` = its missing).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateChanges {
    /// Cells whose every planned spot aired: verified (isHe 2).
    pub verified_cells: i64,
    /// Cells with planned spots that did not air: flagged (reasonDisappearance '1').
    pub missing_cells: i64,
    /// Spots those flagged cells miss (make-goods owed).
    pub missing_spots: i64,
    /// Spots aired beyond the plan: recorded as verified free type C cells.
    pub free_spots: i64,
}

impl CertificateChanges {
    fn of(check: &Check) -> CertificateChanges {
        let plan = &check.plan;
        CertificateChanges {
            verified_cells: plan.verified_cells(),
            missing_cells: plan.missing_cells(),
            missing_spots: plan.missing_spots(),
            free_spots: plan.free_spots(),
        }
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CertificatePreviewSummary {
    #[serde(flatten)]
    pub summary: CertificateSummary,
    pub changes: CertificateChanges,
    /// The fingerprint of what this preview was computed from: sent back with typeY 2, it
    /// confirms exactly this preview and no other.
    pub basis: String,
}

/// typeY 1's answer: the comparison of the due months (spots) and what confirming it does.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificatePreview {
    pub data_list: CertificateDifferences,
    pub data_value: CertificatePreviewSummary,
}

/// typeY 2's answer: what was applied (the preview's `changes`).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateApplied {
    #[serde(flatten)]
    pub changes: CertificateChanges,
    /// The months confirmed, `YYYY-MM`: those over for the order (a month still running has its
    /// days so far verified and stays open).
    pub months: Vec<String>,
}

/// The plan a preview stores, as typeY 2 applies it.
#[derive(Serialize, Deserialize)]
struct Stored {
    months: Vec<NaiveDate>,
    /// (cell id, spots aired, verified).
    cells: Vec<(i64, i32, bool)>,
    /// (month, day, tape, period, spots).
    free: Vec<(NaiveDate, NaiveDate, i64, i64, i32)>,
    /// Spots planned, aired, added, missing.
    spots: [i64; 4],
    changes: CertificateChanges,
    /// The months this confirmation closes for good: those over for the order when the
    /// preview was made (its months' `over`). A preview stored before this was kept has none:
    /// its months over at confirmation are closed.
    #[serde(default)]
    closes: Option<Vec<NaiveDate>>,
}

/// Locks the order and answers its facts, today and its due months (4004 without a
/// certificate, 4009 when every month is confirmed or none is due).
async fn locked(tx: &mut PgConnection, order: i64) -> Result<(OrderFacts, NaiveDate, Vec<CertificateMonth>)> {
    crate::orders::order::lock(tx, order).await?;
    let facts = facts(tx, order).await?;
    let months = current_months(tx, order).await?;
    if months.is_empty() {
        return Err(AppError::NotFound(NOT_IMPORTED.into()));
    }
    if months.iter().all(|m| m.confirmed) {
        return Err(AppError::conflict(CONFIRMED));
    }
    let today = today(tx).await?;
    let due: Vec<_> = months.into_iter().filter(|m| m.due(today, facts.cycle)).collect();
    if due.is_empty() {
        return Err(AppError::conflict(NOTHING_DUE));
    }
    Ok((facts, today, due))
}

/// 4009 when the rows as they are leave a verified cell short (rows dropped before verified
/// cells were fixed): confirming would count its spots again or owe a make-good for a cell that
/// stays verified. Every change of the rows is refused the same way (`compare::refusal`).
fn refuse_contradiction(review: &super::compare::Review, facts: &OrderFacts) -> Result<()> {
    match refusal(&review.planned, &review.aired, &review.aired, facts) {
        Some(refused) => Err(AppError::conflict(refused)),
        None => Ok(()),
    }
}

/// typeY 1: compares the due months and stores what confirming them does with its basis, for
/// typeY 2 only; answers it. A read for everyone else: no status, cell, log or message changes.
pub async fn preview(db: &PgPool, reads: &Reads, admin: &Admin, order: i64) -> Result<CertificatePreview> {
    let mut tx = db.begin().await?;
    let (facts, today, months) = locked(&mut tx, order).await?;
    let rows = current_rows(&reads.lake, &mut tx, order, &months).await?;
    let review = review(&mut tx, order, &facts, &months, &rows, today).await?;
    refuse_contradiction(&review, &facts)?;
    let changes = CertificateChanges::of(&review.check);
    let fingerprint = basis(&months, &review.planned, &rows, &facts);
    let (plan, c) = (&review.check.plan, &review.check.comparison);
    let stored = Stored {
        months: months.iter().map(|m| m.month).collect(),
        cells: plan.cells.iter().map(|c| (c.cell_id, c.aired, c.verified)).collect(),
        free: plan.free.iter().map(|f| (f.month, f.ymd, f.tape_id, f.period_id, f.num)).collect(),
        spots: [c.planned, c.aired, c.added_spots, c.missing_spots],
        changes: changes.clone(),
        closes: Some(months.iter().filter(|m| m.over(today, facts.cycle)).map(|m| m.month).collect()),
    };
    sqlx::query(
        "insert into certificate_previews (order_id, basis, preview, created_by) values ($1, $2, $3, $4)
         on conflict (order_id) do update set basis = excluded.basis, preview = excluded.preview,
             created_by = excluded.created_by, created_at = now()",
    )
    .bind(order)
    .bind(&fingerprint)
    .bind(serde_json::to_value(&stored).map_err(anyhow::Error::from)?)
    .bind(admin.id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let CertificateView { data_list, data_value } = view(&review, &months, &rows, &facts, today);
    Ok(CertificatePreview { data_list, data_value: CertificatePreviewSummary { summary: data_value, changes, basis: fingerprint } })
}

/// typeY 2: applies the stored preview, when what it was computed from is unchanged (and, when
/// the caller names the preview it saw by its `seen` basis, when that is the one stored).
pub async fn apply(db: &PgPool, reads: &Reads, admin: &Admin, order: i64, seen: Option<&str>) -> Result<CertificateApplied> {
    let mut tx = db.begin().await?;
    let (facts, today, months) = locked(&mut tx, order).await?;
    let stored: Option<(String, serde_json::Value)> =
        sqlx::query_as("select basis, preview from certificate_previews where order_id = $1").bind(order).fetch_optional(&mut *tx).await?;
    let Some((stored_basis, stored)) = stored else { return Err(AppError::conflict(CHANGED)) };
    if seen.is_some_and(|seen| seen != stored_basis) {
        return Err(AppError::conflict(CHANGED));
    }
    let rows = current_rows(&reads.lake, &mut tx, order, &months).await?;
    let review = review(&mut tx, order, &facts, &months, &rows, today).await?;
    if basis(&months, &review.planned, &rows, &facts) != stored_basis {
        return Err(AppError::conflict(CHANGED));
    }
    refuse_contradiction(&review, &facts)?;
    let left = rows.iter().filter(|r| r.unassigned(&facts).is_some()).count();
    if left > 0 {
        return Err(AppError::field("typeY", format!("还有 {left} 行播证未指定时段或订单版本，请先处理")));
    }
    let stored: Stored = serde_json::from_value(stored).map_err(anyhow::Error::from)?;
    write_plan(&mut tx, order, facts.media, &stored).await?;
    // Every month applied is checked with its rows; only the months the preview said it closes
    // (over for the order: its last day, or the cycle's, had passed) are confirmed: the days of
    // a month still running verified so far stay verified, and its certificate can be imported
    // again, whole, once the month ends.
    let closes = match &stored.closes {
        Some(closes) => closes.clone(),
        None => months.iter().filter(|m| m.over(today, facts.cycle)).map(|m| m.month).collect(),
    };
    let confirmed: Vec<NaiveDate> = sqlx::query_as(
        "update order_certificate_months m set checked_batch_id = m.batch_id,
                confirmed_at = case when m.month = any($3) then now() end,
                confirmed_by = case when m.month = any($3) then $4 end
         where m.order_id = $1 and m.month = any($2)
         returning m.month, m.confirmed_at is not null",
    )
    .bind(order)
    .bind(&stored.months)
    .bind(&closes)
    .bind(admin.id)
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .filter_map(|(month, confirmed): (NaiveDate, bool)| confirmed.then_some(month))
    .collect();
    super::drop_preview(&mut tx, order).await?;
    log::record(&mut tx, order, admin, log_text(&stored, &confirmed), None).await?;
    status::refresh(&mut tx, Some(order)).await?;
    tx.commit().await?;
    let mut confirmed = confirmed;
    confirmed.sort();
    Ok(CertificateApplied { changes: stored.changes, months: confirmed.iter().map(|m| ym(*m)).collect() })
}

/// The order log's line for a confirmation: the comparison's spots, then what it did to the
/// cells, each count with its unit.
fn log_text(stored: &Stored, confirmed: &[NaiveDate]) -> String {
    let mut confirmed = confirmed.to_vec();
    confirmed.sort();
    let names: Vec<String> = confirmed.iter().map(|m| ym(*m)).collect();
    let open: Vec<String> = stored.months.iter().filter(|m| !confirmed.contains(m)).map(|m| ym(*m)).collect();
    let [planned, aired, added, missing] = stored.spots;
    let c = &stored.changes;
    let mut text = format!(
        "确认播出证明：{}，计划 {planned} 个点位、播出 {aired} 个点位，新增 {added} 个点位、缺失 {missing} 个点位；\
         核实 {} 个点位格，标记缺失 {} 个点位格（缺 {} 个点位），新增 {} 个点位记为 C 类赠播",
        if names.is_empty() { "无已结束月份".to_owned() } else { names.join("、") },
        c.verified_cells,
        c.missing_cells,
        c.missing_spots,
        c.free_spots
    );
    if !open.is_empty() {
        text.push_str(&format!("；{} 尚未结束，已核对到昨天，月末重新导入后再确认", open.join("、")));
    }
    text
}

/// Writes a plan to the cells: covered cells verified, short ones flagged, and the months'
/// free spots stated anew — those a confirmation recorded before are taken out (a cell that held
/// only them goes), then each day's go in as verified type C spots (the month's C line of that
/// version and period, made when missing), counted in `free_aired`.
async fn write_plan(tx: &mut PgConnection, order: i64, media: i64, plan: &Stored) -> sqlx::Result<()> {
    let ids: Vec<i64> = plan.cells.iter().map(|c| c.0).collect();
    let aired: Vec<i32> = plan.cells.iter().map(|c| c.1).collect();
    let verified: Vec<bool> = plan.cells.iter().map(|c| c.2).collect();
    sqlx::query(
        "update order_cells c set aired = u.aired,
                is_he = case when u.verified then 2 else c.is_he end,
                reason_disappearance = case when u.verified then 0 else 1 end
         from unnest($1::bigint[], $2::int[], $3::bool[]) as u(id, aired, verified) where c.id = u.id",
    )
    .bind(&ids)
    .bind(&aired)
    .bind(&verified)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "delete from order_cells c using order_lines l
         where l.id = c.line_id and l.order_id = $1 and l.month = any($2) and c.free_aired > 0 and c.free_aired >= c.point",
    )
    .bind(order)
    .bind(&plan.months)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "update order_cells c set point = c.point - c.free_aired, aired = greatest(c.aired - c.free_aired, 0), free_aired = 0
         from order_lines l where l.id = c.line_id and l.order_id = $1 and l.month = any($2) and c.free_aired > 0",
    )
    .bind(order)
    .bind(&plan.months)
    .execute(&mut *tx)
    .await?;
    for &(month, ymd, tape, period, num) in &plan.free {
        sqlx::query(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, position)
             values ($1, $2, $3, $4, $5, 'C', '') on conflict on constraint order_lines_key do nothing",
        )
        .bind(order)
        .bind(media)
        .bind(month)
        .bind(tape)
        .bind(period)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "insert into order_cells (line_id, ymd, point, aired, free_aired, is_he)
             select id, $6, $7, $7, $7, 2 from order_lines
             where order_id = $1 and month = $2 and tape_id = $3 and time_period_id = $4 and point_type = 'C' and position = $5
             on conflict on constraint order_cells_key do update
             set point = order_cells.point + excluded.point, aired = order_cells.aired + excluded.aired,
                 free_aired = order_cells.free_aired + excluded.free_aired, is_he = 2",
        )
        .bind(order)
        .bind(month)
        .bind(tape)
        .bind(period)
        .bind("")
        .bind(ymd)
        .bind(num)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
