//! 评估报告 (orderSummaryGrpReportIndexExport): the report of an order's evaluation, gathered
//! here and written by [`super::report_sheets`]: both sides' figures per month (customer and
//! media, each on the category and source chosen), the estimates per time-period class with
//! their basis (for the side chosen), the certificate reconciliation per month, version and
//! period, the make-goods per month, and the adjustment proposals.

use chrono::NaiveDate;
use sqlx::PgPool;

use super::{Heading, ReportFilter};
use crate::clock::LocalTime;
use crate::orders::certificates::compare::review;
use crate::orders::certificates::rows::{OrderFacts, current_rows};
use crate::orders::certificates;
use crate::orders::estimates::{self, ClassEstimate, EstimateScope};
use crate::orders::evaluation::{self, SummaryFilter, SummaryRow};
use crate::orders::summary::make_goods::MakeGood;
use crate::orders::summary::{self, GridFilter};
use crate::reads::Reads;

/// A row of the certificate reconciliation: one month, version and period (spots).
pub struct Reconciled {
    /// `YYYY-MM`.
    pub month: String,
    /// The month's state as the certificate dialog words it (已确认 / 待确认 / 已核对，月末确认).
    pub state: &'static str,
    pub version: String,
    pub period: String,
    pub class: String,
    pub planned: i64,
    pub aired: i64,
}

impl Reconciled {
    pub fn added(&self) -> i64 {
        (self.aired - self.planned).max(0)
    }

    pub fn missing(&self) -> i64 {
        (self.planned - self.aired).max(0)
    }
}

/// An adjustment proposal.
pub struct Proposal {
    pub created: LocalTime,
    pub adjust_date: NaiveDate,
    pub text: String,
    /// 1 pending, 2 adjusted.
    pub status: i16,
    pub admin_name: String,
}

/// Everything the report shows, gathered.
pub struct Report {
    pub heading: Heading,
    /// The customer side's figures, then the media side's (month rows, then the total).
    pub sides: [(i16, Vec<SummaryRow>); 2],
    pub estimates: Vec<ClassEstimate>,
    pub reconciled: Vec<Reconciled>,
    /// Per month of the cycle: `YYYY-MM` and its make-goods.
    pub make_goods: Vec<(String, MakeGood)>,
    pub proposals: Vec<Proposal>,
}

/// The report of order `order`; `None` when there is no such order.
pub async fn gather(db: &PgPool, reads: &Reads, order: i64, filter: ReportFilter) -> anyhow::Result<Option<Report>> {
    let Some(heading) = Heading::load(db, order, &filter).await? else { return Ok(None) };
    let side = |belonging_to| SummaryFilter { belonging_to, category: filter.category, source: filter.source };
    let (customer, media) = (side(1), side(2));
    let scope = EstimateScope { belonging_to: filter.belonging_to, category: filter.category, source: filter.source };
    let grid_filter = GridFilter { belonging_to: filter.belonging_to, category: filter.category, source: filter.source };
    let (customer, media, estimates, grid, reconciled, proposals) = tokio::try_join!(
        evaluation::summary_list(db, reads, order, &customer),
        evaluation::summary_list(db, reads, order, &media),
        estimates::of_order(db, reads, order, &scope),
        summary::grid(db, reads, order, grid_filter),
        reconcile(db, reads, order),
        proposals(db, order),
    )?;
    let (Some(customer), Some(media), Some(estimates), Some(grid)) = (customer, media, estimates, grid) else { return Ok(None) };
    Ok(Some(Report {
        heading,
        sides: [(1, customer), (2, media)],
        estimates,
        reconciled,
        make_goods: grid.into_iter().map(|m| (m.point_date_ym, m.make_good)).collect(),
        proposals,
    }))
}

/// The current certificate against the schedule, the comparison the certificate dialog and its
/// export show (spots planned before today; free spots a confirmation recorded are added, not
/// planned); empty without a certificate.
async fn reconcile(db: &PgPool, reads: &Reads, order: i64) -> anyhow::Result<Vec<Reconciled>> {
    let mut conn = db.acquire().await?;
    let Some(facts) = OrderFacts::load(&mut conn, order).await? else { return Ok(Vec::new()) };
    let months = certificates::current_months(&mut conn, order).await?;
    if months.is_empty() {
        return Ok(Vec::new());
    }
    let today = certificates::today(&mut conn).await?;
    let rows = current_rows(&reads.lake, &mut conn, order, &months).await?;
    let review = review(&mut conn, order, &facts, &months, &rows, today).await?;
    let state = |month: NaiveDate| certificates::month_state_label(&months, month, today, facts.cycle);
    Ok(review
        .check
        .comparison
        .periods
        .iter()
        .map(|t| {
            let p = facts.period(t.period_id);
            Reconciled {
                month: crate::orders::ym(t.month),
                state: state(t.month),
                version: facts.tape_name(t.tape_id),
                period: p.map(|p| p.name.clone()).unwrap_or_default(),
                class: p.and_then(|p| p.class_name.clone()).unwrap_or_default(),
                planned: t.planned,
                aired: t.aired,
            }
        })
        .collect())
}

/// The order's proposals, oldest first (a report reads in time order).
async fn proposals(db: &PgPool, order: i64) -> anyhow::Result<Vec<Proposal>> {
    let rows: Vec<(LocalTime, NaiveDate, String, i16, String)> = sqlx::query_as(
        "select p.created_at::timestamp, p.adjust_date, p.proposal_text, p.status, coalesce(a.name, '')
         from order_proposals p left join admins a on a.id = p.created_by
         where p.order_id = $1 order by p.created_at, p.id",
    )
    .bind(order)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(created, adjust_date, text, status, admin_name)| Proposal { created, adjust_date, text, status, admin_name })
        .collect())
}
