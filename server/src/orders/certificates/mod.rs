//! Broadcast certificates (播出证明, docs/evaluation.md "Broadcast certificates"):
//! what actually aired, reconciled against the order's schedule and confirmed in two steps.
//!
//! The rows of an imported file are an immutable lake batch ([`import`]); which batch is the
//! order's current certificate is kept per month (`order_certificate_months`), and the rows are
//! read back through [`rows`] with the corrections staff made since (a period assigned, a
//! version swapped: [`corrections`]). [`compare`] sets the current rows against the planned
//! cells (the engine's pure `check`: the comparison and what confirming does, one computation
//! every count comes from) and fingerprints what it compared; [`confirm`] stores that as a
//! preview (typeY 1, a read: nothing a user sees changes) and applies exactly it (typeY 2).
//! Which months await confirmation (are *due*, status 2) is the engine's
//! `certificate_month_due`.
//!
//! No HTTP framework in here: the handlers under `routes/orders/certificates.rs` read the
//! arguments and answer; the upload job calls [`import::import_file`].

pub mod compare;
pub mod confirm;
pub mod corrections;
pub mod import;
pub mod rows;
pub mod view;

use adeval_engine::orders::{CertificateMonthState, certificate_month_due, certificate_month_over};
use chrono::NaiveDate;
use sqlx::PgConnection;

/// 4004 when an order has no current certificate.
pub const NOT_IMPORTED: &str = "该订单尚未导入播出证明";
/// 4009 when every month of the certificate is confirmed already.
pub const CONFIRMED: &str = "播出证明已确认";
/// 4009 when no month is due: the open ones are running and were checked with their rows.
pub const NOTHING_DUE: &str = "暂无待确认的月份：未结束的月份已核对到昨天，月末重新导入后再确认";
/// 4009 when what a preview was computed from changed before it was applied.
pub const CHANGED: &str = "数据已变化，请重新核对";
/// 4009 when a correction touches a confirmed month.
pub const MONTH_CONFIRMED: &str = "该月播出证明已确认，不能修改";
/// 4009 (a correction, typeY 1 or 2; a re-import fails with it) when the rows a verified cell
/// counted would change: what a confirmation verified is fixed, like a confirmed month.
pub const VERIFIED_FIXED: &str = "已核实的点位不能更改";
/// Why a row of a confirmed month refuses a re-import.
pub const REIMPORT_CONFIRMED: &str = "该月播出证明已确认，不能重新导入";

/// A month of an order's current certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateMonth {
    /// The month, as its first day.
    pub month: NaiveDate,
    pub batch_id: i64,
    pub confirmed: bool,
    /// A confirmation applied these rows while the month was running (it stayed open).
    pub checked: bool,
}

impl CertificateMonth {
    /// Whether the month awaits confirmation on `today` in the order's `cycle`.
    pub fn due(&self, today: NaiveDate, (start, end): (NaiveDate, NaiveDate)) -> bool {
        let state = CertificateMonthState { month: self.month, confirmed: self.confirmed, checked: self.checked };
        certificate_month_due(&state, today, start, end)
    }

    /// Whether the month is over for the order on `today` (its last day, or the cycle's, has
    /// passed): confirming it then confirms it for good.
    pub fn over(&self, today: NaiveDate, (_, end): (NaiveDate, NaiveDate)) -> bool {
        certificate_month_over(self.month, today, end)
    }

    /// The month's state in words, as the dialog tags it (`confirmed`, then `due`): 已确认,
    /// 待确认, else 已核对，月末确认 (checked while it runs, or not due yet). The export and the
    /// report say the same of it: they said 待确认 of a running month already checked, which
    /// the dialog, the order's status and typeY 1 all deny.
    pub fn state_label(&self, today: NaiveDate, cycle: (NaiveDate, NaiveDate)) -> &'static str {
        if self.confirmed {
            "已确认"
        } else if self.due(today, cycle) {
            "待确认"
        } else {
            "已核对，月末确认"
        }
    }
}

/// [`CertificateMonth::state_label`] of `month` among the certificate's `months` (待确认 for a
/// month they do not hold, which no comparison row has).
pub fn month_state_label(months: &[CertificateMonth], month: NaiveDate, today: NaiveDate, cycle: (NaiveDate, NaiveDate)) -> &'static str {
    months.iter().find(|m| m.month == month).map_or("待确认", |m| m.state_label(today, cycle))
}

/// The order's current certificate, month by month (empty: none imported).
pub async fn current_months(conn: &mut PgConnection, order: i64) -> sqlx::Result<Vec<CertificateMonth>> {
    let rows: Vec<(NaiveDate, i64, bool, bool)> = sqlx::query_as(
        "select month, batch_id, confirmed_at is not null, coalesce(checked_batch_id = batch_id, false)
         from order_certificate_months where order_id = $1 order by month",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(month, batch_id, confirmed, checked)| CertificateMonth { month, batch_id, confirmed, checked }).collect())
}

/// Today as the database dates things (the server's zone): what is due, and which cells and
/// rows a comparison holds, are decided on one date.
pub async fn today(conn: &mut PgConnection) -> sqlx::Result<NaiveDate> {
    sqlx::query_scalar("select current_date").fetch_one(&mut *conn).await
}

/// Drops the order's pending preview (a correction or re-import changed what it was computed
/// from); answers whether there was one.
pub async fn drop_preview(conn: &mut PgConnection, order: i64) -> sqlx::Result<bool> {
    let dropped = sqlx::query("delete from certificate_previews where order_id = $1").bind(order).execute(&mut *conn).await?;
    Ok(dropped.rows_affected() > 0)
}
