//! Drill-down (docs/evaluation.md "Drill-down", the call `figureRows` and its
//! export): the rows behind every figure the summary screen, the order list's blocks and the
//! grid's line columns show, and their sum, which is the figure.
//!
//! The rows are read from what the figure is computed from — the order's ledger
//! ([`crate::orders::evaluation::ledger`]) for issued GRP, aired spots and 正负三, the cells as
//! the grid and the month figures count them, the class estimates the figures value remaining
//! spots at, the days an estimate's default comes from ([`crate::orders::estimates`]) — and the
//! sum is the same tally or the same per-cell count over every row, not the page. Nothing here
//! writes: a drill-down is a read (no goal alert is checked, no status derived).

mod estimate;
pub mod figure;
mod items;
mod order;
pub mod rows;

use std::collections::HashMap;

use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

pub use figure::{Figure, Unit};
pub use items::Scope;
pub use order::SideData;
pub use rows::{Amount, CertificateLine, FigureRow};

use self::items::{Inputs, Items, items};
use self::order::OrderFacts;
use self::rows::{Writer, shown};
use crate::error::{AppError, Result};
use crate::orders::estimates::{self, EstimateScope};
use crate::orders::ym;
use crate::reads::Reads;

/// What is drilled into.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    pub order: i64,
    pub figure: Figure,
    pub side: SideData,
    pub scope: Scope,
}

/// figureRows's answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FigureRows {
    /// The rows of the page asked for.
    pub data: Vec<FigureRow>,
    /// How many rows there are in all.
    pub total: i64,
    /// Σ `value` of every row, not only this page's: the figure as the screens show it (GRP exact to 4 decimals). For an estimate, the statistic of the days (mean, 20th or 80th percentile: the class's default). Null when the figure is absent (nothing to expect from, no estimate).
    pub sum: Option<Amount>,
    /// What `sum` and `value` count.
    pub unit: Unit,
    /// What the rows are worked out from, when a sentence helps (an estimate's basis, an edit that replaces it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The rows of the figure, the page `(page, limit)` of them or all; `None` when the order does
/// not exist. A month outside the cycle, a line or a class not the order's are field errors.
pub async fn figure_rows(db: &PgPool, reads: &Reads, req: &Request, page: Option<(u64, u64)>) -> Result<Option<FigureRows>> {
    let Some(facts) = OrderFacts::load(db, reads, req.order, req.side).await.map_err(AppError::Internal)? else { return Ok(None) };
    check_scope(db, &facts, req).await?;
    let unit = req.figure.unit();
    if let Figure::Estimate(level) = req.figure {
        let class = req.scope.class.unwrap_or_default();
        let scope = EstimateScope { belonging_to: facts.data.belonging_to, category: facts.data.category, source: facts.data.source };
        let found = estimates::days_of_class(db, reads, req.order, &scope, class).await.map_err(AppError::Internal)?;
        let Some(found) = found else { return Ok(None) };
        let (rows, sum, note) = estimate::rows(&found, level);
        let total = rows.len() as i64;
        let data = match page {
            Some((p, limit)) => rows.into_iter().skip(skipped(p, limit)).take(limit as usize).collect(),
            None => rows,
        };
        return Ok(Some(FigureRows { data, total, sum, unit, note: Some(note) }));
    }
    let estimates = if needs_estimates(req.figure) { facts.estimates(db, reads).await.map_err(AppError::Internal)? } else { HashMap::new() };
    let input = Inputs { facts: &facts, scope: req.scope, estimates: &estimates };
    let Items { items, sum } = items(req.figure, &input);
    let total = items.len() as i64;
    let chosen = match page {
        Some((p, limit)) => items.iter().skip(skipped(p, limit)).take(limit as usize).collect::<Vec<_>>(),
        None => items.iter().collect(),
    };
    let writer = Writer::new(&facts, unit, req.scope.month);
    let mut data: Vec<FigureRow> = chosen.into_iter().map(|i| writer.row(i)).collect();
    if with_certificate(req.figure) {
        attach_certificates(db, reads, &facts, &mut data).await.map_err(AppError::Internal)?;
    }
    Ok(Some(FigureRows { data, total, sum: sum.map(|s| shown(unit, s)), unit, note: None }))
}

/// The rows before page `p` of `limit`: a page far past the end (any `p` a client sends) skips
/// everything rather than overflowing.
fn skipped(p: u64, limit: u64) -> usize {
    usize::try_from(p.saturating_sub(1).saturating_mul(limit)).unwrap_or(usize::MAX)
}

fn needs_estimates(figure: Figure) -> bool {
    matches!(
        figure,
        Figure::Unestimated | Figure::Expected(_) | Figure::RemainingGrp(_) | Figure::ViewEstimated(_) | Figure::Difference(_)
    )
}

/// The figures whose rows are cells the certificate speaks of.
fn with_certificate(figure: Figure) -> bool {
    matches!(figure, Figure::Planned | Figure::Remaining | Figure::Unestimated | Figure::Published | Figure::Missing)
}

/// The month must be one of the cycle's, the line one of the order's, the class one of its
/// media's; a figure that no line or class splits refuses them.
async fn check_scope(db: &PgPool, facts: &OrderFacts, req: &Request) -> Result<()> {
    let s = req.scope;
    if let Some(month) = s.month
        && !facts.months().iter().any(|(m, _)| *m == month)
    {
        return Err(AppError::field("month", format!("{} 不在订单周期内", ym(month))));
    }
    if let Some(line) = s.line {
        if !req.figure.by_line() {
            return Err(AppError::field("lineId", "该指标不按排期行拆分"));
        }
        if !facts.lines.iter().any(|l| l.id == line) {
            return Err(AppError::field("lineId", "排期行不属于该订单"));
        }
    }
    match s.class {
        Some(_) if !req.figure.by_line() => Err(AppError::field("timePeriodClassId", "该指标不按时段归纳拆分")),
        Some(class) => {
            let known: bool = sqlx::query_scalar("select exists(select 1 from time_period_classes where id = $1 and media_id = $2)")
                .bind(class)
                .bind(facts.head.media_id)
                .fetch_one(db)
                .await?;
            if known { Ok(()) } else { Err(AppError::field("timePeriodClassId", "时段归纳不属于该订单的媒体")) }
        }
        None if matches!(req.figure, Figure::Estimate(_)) => Err(AppError::field("timePeriodClassId", "请选择时段归纳")),
        None => Ok(()),
    }
}

/// Gives each cell row the rows of the order's current certificate on its day, version and
/// period (the rows that confirmed it, or the ones it lacked).
async fn attach_certificates(db: &PgPool, reads: &Reads, facts: &OrderFacts, rows: &mut [FigureRow]) -> anyhow::Result<()> {
    use crate::orders::certificates::{current_months, rows::current_rows};
    if rows.is_empty() {
        return Ok(());
    }
    let mut conn = db.acquire().await?;
    let months = current_months(&mut conn, facts.id).await?;
    let wanted: Vec<_> = months.into_iter().filter(|m| rows.iter().any(|r| r.ymd.as_deref().is_some_and(|d| d.starts_with(&ym(m.month))))).collect();
    let current = if wanted.is_empty() { Vec::new() } else { current_rows(&reads.lake, &mut conn, facts.id, &wanted).await? };
    let lines = facts.line_map();
    let mut by_cell: HashMap<(String, i64, i64), Vec<CertificateLine>> = HashMap::new();
    for r in current {
        let Some(period) = r.period_id else { continue };
        let line = CertificateLine { add_time: r.add_time(), version: r.version.clone(), num: r.num };
        by_cell.entry((r.ymd.to_string(), r.tape_id, period)).or_default().push(line);
    }
    for row in rows.iter_mut() {
        let (Some(ymd), Some(line)) = (&row.ymd, row.line_id.and_then(|id| lines.get(&id))) else { continue };
        let found = by_cell.get(&(ymd.clone(), line.tape_id, line.time_period_id)).cloned().unwrap_or_default();
        row.certificate = Some(found);
    }
    Ok(())
}
