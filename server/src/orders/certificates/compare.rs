//! The comparison of a certificate with the schedule: the planned cells and the aired spots of
//! some months, handed to the engine's pure `check` (the comparison and what confirming does,
//! computed together), and named for the answer. Every count a user sees about a comparison —
//! the dialog's tiles, typeY 1's preview, typeY 2's answer and log, the export's 汇总, the
//! report's 播出证明 sheet — is read from one [`Review`]. [`basis`] fingerprints everything it
//! was computed from, so typeY 2 can tell whether a preview still holds.

use adeval_engine::orders::certificate::{self, AiredSpot, Check, Difference, PlannedCell, SpotKey};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use utoipa::ToSchema;

use super::rows::{CurrentRow, OrderFacts};
use super::{CertificateMonth, VERIFIED_FIXED};
use crate::orders::ym;

/// A row of `added` or `missing`: one version, month and period (type 1), or one version,
/// month and time-period class whose shortfall and excess balance (type 2).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateDiff {
    pub media_file_name: String,
    pub tape_id: i64,
    /// `YYYY-MM`.
    pub point_date_ym: String,
    /// Type 1: the period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_period_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_period_id: Option<i64>,
    /// Type 2: the class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_period_class_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_period_class_id: Option<i64>,
    /// Spots.
    pub num: i64,
    /// 1 unbalanced (warning), 2 balanced within the class (success).
    #[serde(rename = "type")]
    pub kind: u8,
}

/// The cells of `months` dated before `today`: every cell of the order's lines there, withdrawn
/// and empty ones included (the engine leaves them out of the plan), with the spots a
/// confirmation recorded in it as free. Spots of today and later cannot be missing from a
/// certificate yet.
pub async fn planned_cells(conn: &mut PgConnection, order: i64, months: &[NaiveDate], today: NaiveDate) -> sqlx::Result<Vec<PlannedCell>> {
    type CellRow = (i64, i64, NaiveDate, i64, i64, Option<i64>, String, String, i32, i32, bool, bool);
    let rows: Vec<CellRow> = sqlx::query_as(
        "select c.id, l.id, c.ymd, l.tape_id, l.time_period_id, p.class_id, l.point_type, l.position, c.point, c.free_aired,
                btrim(c.value) = '撤掉', c.is_he = 2
         from order_cells c join order_lines l on l.id = c.line_id join time_periods p on p.id = l.time_period_id
         where l.order_id = $1 and l.month = any($2) and c.ymd < $3 order by c.id",
    )
    .bind(order)
    .bind(months)
    .bind(today)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(cell_id, line_id, ymd, tape_id, period_id, class_id, point_type, position, point, free, withdrawn, verified)| PlannedCell {
            cell_id,
            line_id,
            ymd,
            tape_id,
            period_id,
            class_id,
            point_type: point_type.chars().next().unwrap_or('A'),
            position,
            point,
            free,
            withdrawn,
            verified,
        })
        .collect())
}

/// The aired spots of the rows that are assigned (an order version and a period), dated before
/// `today` like the cells they are compared with. A row the cycle no longer holds (the order's
/// cycle was shortened after the import) is left out: no cell can be planned or made on its day.
pub fn aired_spots(rows: &[CurrentRow], facts: &OrderFacts, today: NaiveDate) -> Vec<AiredSpot> {
    let (start, end) = facts.cycle;
    rows.iter()
        .filter(|r| r.unassigned(facts).is_none() && start <= r.ymd && r.ymd <= end && r.ymd < today)
        .filter_map(|r| {
            let period = facts.period(r.period_id?)?;
            Some(AiredSpot { ymd: r.ymd, tape_id: r.tape_id, period_id: period.id, class_id: period.class_id, num: r.num })
        })
        .collect()
}

/// Names the engine's differences for the answer.
pub fn named(diffs: &[Difference], facts: &OrderFacts) -> Vec<CertificateDiff> {
    diffs
        .iter()
        .map(|d| {
            let period = d.period_id.and_then(|id| facts.period(id));
            let class_name = d
                .class_id
                .and_then(|id| facts.periods.iter().find(|p| p.class_id == Some(id)).and_then(|p| p.class_name.clone()));
            CertificateDiff {
                media_file_name: facts.tape_name(d.tape_id),
                tape_id: d.tape_id,
                point_date_ym: ym(d.month),
                time_period_name: period.map(|p| p.name.clone()),
                time_period_id: d.period_id,
                time_period_class_name: if d.period_id.is_none() { class_name } else { None },
                time_period_class_id: if d.period_id.is_none() { d.class_id } else { None },
                num: d.num,
                kind: d.kind,
            }
        })
        .collect()
}

/// What a comparison was computed from, and its result: the comparison (spots) and what
/// confirming it does (cells, and the spots left free).
pub struct Review {
    pub planned: Vec<PlannedCell>,
    pub aired: Vec<AiredSpot>,
    pub check: Check,
}

/// Compares the rows of `months` with their planned cells, both up to the day before `today`.
pub async fn review(
    conn: &mut PgConnection,
    order: i64,
    facts: &OrderFacts,
    months: &[CertificateMonth],
    rows: &[CurrentRow],
    today: NaiveDate,
) -> sqlx::Result<Review> {
    let days: Vec<NaiveDate> = months.iter().map(|m| m.month).collect();
    let planned = planned_cells(conn, order, &days, today).await?;
    let aired = aired_spots(rows, facts, today);
    let check = certificate::check(&planned, &aired);
    Ok(Review { planned, aired, check })
}

/// The fingerprint of a comparison's inputs: the months and their batches, every planned cell
/// as stored (its free spots included), and every row as corrected (with whether its version is the order's and its
/// period's class). Any change to the schedule, the certificate or a correction changes it.
pub fn basis(months: &[CertificateMonth], planned: &[PlannedCell], rows: &[CurrentRow], facts: &OrderFacts) -> String {
    let mut h = Sha256::new();
    for m in months {
        h.update(format!("m{}:{}:{};", m.month, m.batch_id, m.confirmed));
    }
    for c in planned {
        h.update(format!(
            "c{}:{}:{}:{}:{}:{:?}:{}:{}:{}:{}:{}:{};",
            c.cell_id, c.line_id, c.ymd, c.tape_id, c.period_id, c.class_id, c.point_type, c.position, c.point, c.free, c.withdrawn, c.verified
        ));
    }
    for r in rows {
        let class = r.period_id.and_then(|p| facts.period(p)).and_then(|p| p.class_id);
        h.update(format!("r{}:{}:{:?}:{:?}:{}:{:?};", r.id, r.tape_id, r.period_id, class, r.num, r.unassigned(facts).map(|u| u as u8)));
    }
    hex::encode(h.finalize())
}

/// Verified cells named in a refusal; more are counted.
const NAMED: usize = 5;

/// What a confirmation verified is fixed: the refusal (`已核实的点位不能更改：…`, naming the
/// cells) when changing the aired spots from `before` to `after` would alter the rows a verified
/// cell counted, or `after` leaves a verified cell short (the engine's `verified_conflicts`).
/// Every path that changes or applies the rows asks this: a re-import, each correction (with
/// the rows as they would be), typeY 1 and typeY 2 (with the rows as they are).
pub fn refusal(planned: &[PlannedCell], before: &[AiredSpot], after: &[AiredSpot], facts: &OrderFacts) -> Option<String> {
    let conflicts: Vec<SpotKey> = certificate::verified_conflicts(planned, before, after);
    if conflicts.is_empty() {
        return None;
    }
    let mut names: Vec<String> = conflicts
        .iter()
        .take(NAMED)
        .map(|&(ymd, tape, period)| {
            let period = facts.period(period).map_or_else(|| period.to_string(), |p| p.name.clone());
            format!("{ymd} {period} {}", facts.tape_name(tape))
        })
        .collect();
    if conflicts.len() > NAMED {
        names.push(format!("等 {} 处", conflicts.len()));
    }
    Some(format!("{VERIFIED_FIXED}：{}", names.join("、")))
}

/// [`refusal`] of changing the order's current rows `before` into `after`, with the cells of
/// every month either holds (up to the day before `today`, as compared).
pub async fn fixed_refusal(
    conn: &mut PgConnection,
    order: i64,
    facts: &OrderFacts,
    (before, after): (&[CurrentRow], &[CurrentRow]),
    today: NaiveDate,
) -> sqlx::Result<Option<String>> {
    let mut months: Vec<NaiveDate> = before.iter().chain(after).map(|r| r.month).collect();
    months.sort_unstable();
    months.dedup();
    let planned = planned_cells(conn, order, &months, today).await?;
    Ok(refusal(&planned, &aired_spots(before, facts, today), &aired_spots(after, facts, today), facts))
}
