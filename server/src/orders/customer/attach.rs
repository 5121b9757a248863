//! orderCustomerUp (docs/evaluation.md "Customer data per order"): bringing the matching customer data into an order, two steps.
//!
//! typeY 1 reads every matching row ([`super::rows`]), places each on a schedule line by the
//! figures' rule ([`crate::orders::evaluation::placement`]: tape named by the title, month,
//! narrowest period holding the air time, the day's cells then the lines filled in type and
//! position order up to their plan) and stores, as the admin's pending preview of the order, the filters and a
//! fingerprint of every row id with the line it lands on. typeY 2, under the order's row lock,
//! reads and places again and attaches only when the same filters give the same fingerprint:
//! a row imported, deleted or placed elsewhere since (a schedule change) answers 4009 and
//! nothing changes. The preview is dropped by the attach, so concurrent confirmations of one
//! preview queue on the lock and apply once.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use adeval_engine::ViewingRow;
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

use super::rows::{self, Chosen, IndexRow, Scope, Wanted, round2};
use crate::auth::session::Admin;
use crate::error::{AppError, Result};
use crate::orders::cells::lock_order;
use crate::orders::evaluation::ledger::{self, Schedule};
use crate::orders::evaluation::placement::{Spot, place};
use crate::orders::{fingerprint, log};
use crate::reads::Reads;

/// 4009 from typeY 2 when there is no preview, or the rows now matching differ from it.
pub const CHANGED: &str = "数据已变化，请重新预览";

/// How many rows a preview lists.
pub const LISTED: usize = 200;

/// The spots the preview puts on one line on one day.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CellSpots {
    pub line_id: i64,
    /// `YYYY-MM-DD`.
    pub ymd: String,
    pub spots: i64,
    /// Σ GRP of those spots, 3 decimals.
    pub grp: f64,
}

/// typeY 1's answer.
#[derive(Serialize, ToSchema)]
pub struct CustomerPreview {
    /// Rows that would be attached: `placed` + `unplaced`.
    pub count: i64,
    /// Σ maoDianPing of them, 2 decimals.
    pub sum: f64,
    /// Per line and day, in line then day order.
    pub cells: Vec<CellSpots>,
    /// Rows a schedule line takes: Σ `spots` of `cells`.
    pub placed: i64,
    /// Rows no schedule line takes (no line of the tape, month and a period holding the air
    /// time): attached all the same, counted in the month's and the order's figures, on no line.
    pub unplaced: i64,
    /// The first 200 rows, newest air time first.
    pub list: Vec<IndexRow>,
    /// The preview's fingerprint: sent back with typeY 2, it applies exactly this one.
    pub basis: String,
}

/// typeY 2's answer.
#[derive(Serialize, ToSchema)]
pub struct CustomerAttached {
    /// Rows attached: `placed` + `unplaced`.
    pub count: i64,
    /// Σ maoDianPing, 2 decimals.
    pub sum: f64,
    /// Rows on a schedule line.
    pub placed: i64,
    /// Rows on no line.
    pub unplaced: i64,
}

/// The rows and where they land, worked out against the lake and the schedule as they are now.
struct Plan {
    rows: Vec<ViewingRow>,
    lines: Vec<Option<i64>>,
    args: String,
    basis: String,
}

impl Plan {
    /// Rows a line takes and rows none takes: every row is one or the other.
    fn split(&self) -> (i64, i64) {
        let unplaced = self.lines.iter().filter(|l| l.is_none()).count() as i64;
        (self.rows.len() as i64 - unplaced, unplaced)
    }
}

/// Seconds of the broadcast day a row aired at.
fn secs(row: &ViewingRow) -> i32 {
    (row.air_time - row.ymd.and_hms_opt(0, 0, 0).expect("midnight exists")).num_seconds() as i32
}

/// The line each row (in air-time order) sits on, by the figures' placement
/// ([`crate::orders::evaluation::placement`]).
fn place_rows(scope: &Scope, schedule: &Schedule, rows: &[ViewingRow]) -> Vec<Option<i64>> {
    // The tapes a title names: a tape's name, number or customer title; the product's name,
    // when no tape is called so, names every tape (`None`).
    let product = scope.product_name.trim();
    let mut named: HashMap<&str, Option<Arc<[i64]>>> = HashMap::new();
    let spots: Vec<Spot> = rows
        .iter()
        .map(|row| {
            let title = row.title.trim();
            let tapes = named
                .entry(title)
                .or_insert_with(|| {
                    let ids: Vec<i64> =
                        scope.tapes.iter().filter(|(_, t)| t.iter().any(|n| n.trim() == title)).map(|(id, _)| *id).collect();
                    if ids.is_empty() && title == product { None } else { Some(ids.into()) }
                })
                .clone();
            Spot { ymd: row.ymd, tapes, secs: secs(row) }
        })
        .collect();
    place(&schedule.lines, &spots)
}

/// Reads and places the rows `chosen` gives, and fingerprints them.
async fn plan(reads: &Reads, conn: &mut PgConnection, order: i64, scope: &Scope, chosen: &Chosen) -> Result<Plan> {
    let schedule = ledger::schedule_in(conn, order).await?;
    let rows = rows::all(&reads.lake, conn, scope.filter(chosen)).await?;
    let placed = place_rows(scope, &schedule, &rows);
    let args = serde_json::to_string(chosen).map_err(anyhow::Error::from)?;
    // Row ids never come back once deleted and a row never changes, so the ids say which rows
    // these are; with the line each lands on, a schedule change shows too.
    let ids: Vec<(i64, Option<i64>)> = rows.iter().map(|r| r.id).zip(placed.iter().copied()).collect();
    // What the order has attached now: another admin's confirmation in between replaces it, and
    // this preview was shown against the old one.
    let current: Option<String> =
        sqlx::query_scalar("select created_at::text from order_customer_attachments where order_id = $1")
            .bind(order)
            .fetch_optional(&mut *conn)
            .await?;
    let basis = fingerprint(&(&args, &ids, &current));
    Ok(Plan { rows, lines: placed, args, basis })
}

/// The order's scope and the checked filters, or 4004 / 4000.
async fn chosen(conn: &mut PgConnection, order: i64, wanted: &Wanted) -> Result<(Scope, Chosen)> {
    let scope = rows::scope(conn, order).await?.ok_or_else(|| AppError::NotFound("订单不存在".into()))?;
    let chosen = scope.choose(wanted)?;
    Ok((scope, chosen))
}

/// typeY 1: works out what attaching would do and stores it as this admin's pending preview.
pub async fn preview(db: &PgPool, reads: &Reads, admin: &Admin, order: i64, wanted: &Wanted) -> Result<CustomerPreview> {
    let mut conn = db.acquire().await?;
    let (scope, chosen) = chosen(&mut conn, order, wanted).await?;
    let plan = plan(reads, &mut conn, order, &scope, &chosen).await?;
    let mut cells: BTreeMap<(i64, NaiveDate), (i64, f64)> = BTreeMap::new();
    for (row, line) in plan.rows.iter().zip(&plan.lines) {
        if let Some(line) = line {
            let cell = cells.entry((*line, row.ymd)).or_default();
            cell.0 += 1;
            cell.1 += row.grp;
        }
    }
    let (placed, unplaced) = plan.split();
    let preview = CustomerPreview {
        count: plan.rows.len() as i64,
        sum: round2(plan.rows.iter().map(|r| r.grp).sum()),
        cells: cells
            .into_iter()
            .map(|((line_id, ymd), (spots, grp))| CellSpots {
                line_id,
                ymd: ymd.to_string(),
                spots,
                grp: adeval_engine::orders::round3(grp),
            })
            .collect(),
        placed,
        unplaced,
        list: plan.rows.iter().rev().take(LISTED).map(IndexRow::from).collect(),
        basis: plan.basis.clone(),
    };
    let shown = serde_json::json!({ "count": preview.count, "sum": preview.sum, "placed": placed, "unplaced": unplaced });
    sqlx::query(
        "insert into order_customer_previews (order_id, admin_id, args, basis, preview) values ($1, $2, $3, $4, $5)
         on conflict (order_id, admin_id) do update
         set args = excluded.args, basis = excluded.basis, preview = excluded.preview, created_at = now()",
    )
    .bind(order)
    .bind(admin.id)
    .bind(&plan.args)
    .bind(&plan.basis)
    .bind(shown)
    .execute(&mut *conn)
    .await?;
    Ok(preview)
}

/// typeY 2: attaches this admin's stored preview when the same filters still give the same
/// rows on the same lines (and it is the one the caller saw, when it names it by `seen`).
pub async fn apply(db: &PgPool, reads: &Reads, admin: &Admin, order: i64, wanted: &Wanted, seen: Option<&str>) -> Result<CustomerAttached> {
    let mut tx = db.begin().await?;
    // Everything the attach depends on is read under the lock: the order's titles and cycle
    // too, so an edit of the order between the steps is seen.
    lock_order(&mut tx, order).await?;
    let (scope, chosen) = chosen(&mut tx, order, wanted).await?;
    let stored: Option<(String, String)> =
        sqlx::query_as("select args, basis from order_customer_previews where order_id = $1 and admin_id = $2")
            .bind(order)
            .bind(admin.id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((args, basis)) = stored else { return Err(AppError::conflict(CHANGED)) };
    let plan = plan(reads, &mut tx, order, &scope, &chosen).await?;
    if plan.args != args || plan.basis != basis || seen.is_some_and(|seen| seen != basis) {
        return Err(AppError::conflict(CHANGED));
    }
    let count = plan.rows.len() as i64;
    let sum = round2(plan.rows.iter().map(|r| r.grp).sum());
    let (placed, unplaced) = plan.split();
    sqlx::query("delete from order_customer_rows where order_id = $1").bind(order).execute(&mut *tx).await?;
    for (rows, lines) in plan.rows.chunks(5_000).zip(plan.lines.chunks(5_000)) {
        insert_rows(&mut tx, order, rows, lines).await?;
    }
    sqlx::query(
        "insert into order_customer_attachments (order_id, category, source, from_ymd, to_ymd, spots, grp, admin_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (order_id) do update
         set category = excluded.category, source = excluded.source, from_ymd = excluded.from_ymd, to_ymd = excluded.to_ymd,
             spots = excluded.spots, grp = excluded.grp, admin_id = excluded.admin_id, created_at = now()",
    )
    .bind(order)
    .bind(chosen.category)
    .bind(chosen.source)
    .bind(chosen.from)
    .bind(chosen.to)
    .bind(count as i32)
    .bind(plan.rows.iter().map(|r| r.grp).sum::<f64>())
    .bind(admin.id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from order_customer_previews where order_id = $1 and admin_id = $2")
        .bind(order)
        .bind(admin.id)
        .execute(&mut *tx)
        .await?;
    let text = format!(
        "导入客户数据：{} ~ {}，共 {count} 条，毛评点合计 {sum:.2}：{placed} 条对应排期，{unplaced} 条没有对应的排期",
        chosen.from, chosen.to
    );
    log::record(&mut tx, order, admin, text, None).await?;
    tx.commit().await?;
    Ok(CustomerAttached { count, sum, placed, unplaced })
}

/// One statement per chunk: every column as an array, unnested.
async fn insert_rows(tx: &mut PgConnection, order: i64, rows: &[ViewingRow], lines: &[Option<i64>]) -> sqlx::Result<()> {
    let col = |f: fn(&ViewingRow) -> i64| rows.iter().map(f).collect::<Vec<_>>();
    sqlx::query(
        "insert into order_customer_rows (order_id, row_id, ymd, secs, title, grp, position, position_index, position_of,
                                          position_from_end, line_id, category, source)
         select $1, * from unnest($2::int8[], $3::date[], $4::int4[], $5::text[], $6::float8[], $7::text[], $8::int4[],
                                  $9::int4[], $10::bool[], $11::int8[], $12::int2[], $13::int2[])",
    )
    .bind(order)
    .bind(col(|r| r.id))
    .bind(rows.iter().map(|r| r.ymd).collect::<Vec<_>>())
    .bind(rows.iter().map(secs).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.title.clone()).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.grp).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.position.clone()).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.position_index).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.position_of).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.position_from_end).collect::<Vec<_>>())
    .bind(lines)
    .bind(rows.iter().map(|r| r.category).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.source).collect::<Vec<_>>())
    .execute(&mut *tx)
    .await?;
    Ok(())
}
