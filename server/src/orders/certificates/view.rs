//! The certificate as `broadcastingCertificate` and typeY 1 answer it: added and missing rows,
//! the totals, each month's, and the rows left out until corrected.

use serde::Serialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use super::compare::{CertificateDiff, Review, named};
use super::rows::{CurrentRow, OrderFacts};
use super::CertificateMonth;
use crate::orders::ym;

/// A row left out of the comparison until it is corrected.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateUnassigned {
    /// The row (broadcastingCertificateId / broadcastingId of the corrections).
    pub id: i64,
    /// `YYYY-MM-DD`, the broadcast day.
    pub ymd: String,
    /// `HH:MM:SS` on the broadcast day, 24:00:00 and on past midnight.
    pub add_time: String,
    pub media_file_name: String,
    pub tape_id: i64,
    /// 时段 as written ("" when the file had none).
    pub time_period_name: String,
    pub num: i32,
    pub reason: String,
    /// 1 no period holds it (未匹配到时段), 2 the version is not the order's (版本不在订单中).
    pub kind: u8,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateMonthSummary {
    /// `YYYY-MM`.
    pub point_date_ym: String,
    pub planned: i64,
    pub aired: i64,
    pub added: i64,
    pub missing: i64,
    pub confirmed: bool,
}

/// Spot totals over the months compared, and what awaits.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSummary {
    pub planned: i64,
    pub aired: i64,
    pub added: i64,
    pub missing: i64,
    /// A typeY 1 preview awaits its typeY 2.
    pub pending: bool,
    pub unassigned: Vec<CertificateUnassigned>,
    pub months: Vec<CertificateMonthSummary>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CertificateDifferences {
    pub added: Vec<CertificateDiff>,
    pub missing: Vec<CertificateDiff>,
}

/// broadcastingCertificate's data.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateView {
    pub data_list: CertificateDifferences,
    pub data_value: CertificateSummary,
}

/// The rows left out of the comparison.
pub fn unassigned(rows: &[CurrentRow], facts: &OrderFacts) -> Vec<CertificateUnassigned> {
    rows.iter()
        .filter_map(|r| {
            let why = r.unassigned(facts)?;
            Some(CertificateUnassigned {
                id: r.id,
                ymd: r.ymd.to_string(),
                add_time: r.add_time(),
                media_file_name: facts.tape_name(r.tape_id),
                tape_id: r.tape_id,
                time_period_name: r.time_period.clone().unwrap_or_default(),
                num: r.num,
                reason: why.reason().into(),
                kind: why as u8,
            })
        })
        .collect()
}

/// The view of a review of `months`.
pub fn view(review: &Review, months: &[CertificateMonth], rows: &[CurrentRow], facts: &OrderFacts, pending: bool) -> CertificateView {
    let c = &review.comparison;
    let months: Vec<CertificateMonthSummary> = months
        .iter()
        .map(|m| {
            let totals = c.months.iter().find(|t| t.month == m.month);
            CertificateMonthSummary {
                point_date_ym: ym(m.month),
                planned: totals.map_or(0, |t| t.planned),
                aired: totals.map_or(0, |t| t.aired),
                added: totals.map_or(0, |t| t.added),
                missing: totals.map_or(0, |t| t.missing),
                confirmed: m.confirmed,
            }
        })
        .collect();
    CertificateView {
        data_list: CertificateDifferences { added: named(&c.added, facts), missing: named(&c.missing, facts) },
        data_value: CertificateSummary {
            planned: c.planned,
            aired: c.aired,
            added: months.iter().map(|m| m.added).sum(),
            missing: months.iter().map(|m| m.missing).sum(),
            pending,
            unassigned: unassigned(rows, facts),
            months,
        },
    }
}

/// Whether a preview of the order awaits confirmation.
pub async fn pending(conn: &mut PgConnection, order: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists(select 1 from certificate_previews where order_id = $1)").bind(order).fetch_one(&mut *conn).await
}
