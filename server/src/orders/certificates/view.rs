//! The certificate as `broadcastingCertificate` and typeY 1 answer it: added and missing rows,
//! the spot totals, each month's with whether it is confirmed or awaits confirmation, and the
//! rows left out until corrected.

use chrono::NaiveDate;
use serde::Serialize;
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

/// One month of the certificate: its spots, and where it stands.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateMonthSummary {
    /// `YYYY-MM`.
    pub point_date_ym: String,
    /// Spots planned (days before today; withdrawn cells and free spots a confirmation
    /// recorded excepted).
    pub planned: i64,
    /// Spots aired (rows with an order version and a period).
    pub aired: i64,
    /// Spots aired beyond the plan (Σ over its versions and periods).
    pub added: i64,
    /// Spots planned that did not air (Σ over its versions and periods).
    pub missing: i64,
    /// Confirmed: read-only for good.
    pub confirmed: bool,
    /// Awaits confirmation (the order shows 公司播出证明): not confirmed, days of it have
    /// passed, and its rows were not applied yet or the month is over.
    pub due: bool,
    /// Over for the order (its last day, or the cycle's, has passed): confirming a due month
    /// that is over confirms it for good (read-only, locked); a due month not over is verified
    /// up to yesterday and stays open.
    pub over: bool,
}

/// Spot totals over the months compared, and whether any awaits confirmation.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSummary {
    /// Spots planned.
    pub planned: i64,
    /// Spots aired.
    pub aired: i64,
    /// Spots aired beyond the plan: Σ `num` of `dataList.added`; confirming records them as
    /// free type C spots.
    pub added: i64,
    /// Spots planned that did not air: Σ `num` of `dataList.missing`.
    pub missing: i64,
    /// Some month is due: 确认更新 (typeY 1, then 2) has something to confirm.
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

/// The view of a review of `months` on `today`.
pub fn view(review: &Review, months: &[CertificateMonth], rows: &[CurrentRow], facts: &OrderFacts, today: NaiveDate) -> CertificateView {
    let c = &review.check.comparison;
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
                due: m.due(today, facts.cycle),
                over: m.over(today, facts.cycle),
            }
        })
        .collect();
    let pending = months.iter().any(|m| m.due);
    CertificateView {
        data_list: CertificateDifferences { added: named(&c.added, facts), missing: named(&c.missing, facts) },
        data_value: CertificateSummary {
            planned: c.planned,
            aired: c.aired,
            added: c.added_spots,
            missing: c.missing_spots,
            pending,
            unassigned: unassigned(rows, facts),
            months,
        },
    }
}
