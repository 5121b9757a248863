//! What a drill-down reads of an order: its head, the side's contract, its schedule (lines and
//! cells, in one snapshot), the ledger of its aired spots on the side's data and the class
//! estimates — read through the very functions the figures read them with
//! ([`crate::orders::evaluation::ledger`], [`crate::orders::estimates`]), so a drill-down's
//! rows are what the figure counted. Nothing here writes.

use std::collections::HashMap;

use adeval_engine::orders::Triple;
use chrono::NaiveDate;
use sqlx::PgPool;

use crate::orders::estimates::{self, EstimateScope};
use crate::orders::evaluation::ledger::{self, Ledger, Schedule};
use crate::orders::evaluation::spots::ViewingScope;
use crate::orders::summary::stored::{self, CellRow, LineRow, OrderRow};
use crate::reads::Reads;

/// Whose figures a drill-down is of: the side (1 customer, 2 media) and the data category and
/// source (`None`: the order's own, which may be any).
#[derive(Debug, Clone, Copy)]
pub struct SideData {
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// One side's contract: free broadcast calculation, its value, metrics.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Terms {
    pub free_calc: i16,
    pub free_value: f64,
    pub metrics: f64,
}

/// The order as the drill-down reads it.
pub struct OrderFacts {
    pub id: i64,
    pub head: OrderRow,
    pub terms: Terms,
    /// The data read: the side, and the category and source chosen, else the order's own.
    pub data: SideData,
    /// In the grid's order: month, version, period, type, position.
    pub lines: Vec<LineRow>,
    /// By line, then day.
    pub cells: Vec<CellRow>,
    pub ledger: Ledger,
}

impl OrderFacts {
    /// The order's head, contract, schedule and ledger; `None` when there is no such order.
    pub async fn load(db: &PgPool, reads: &Reads, order: i64, side: SideData) -> anyhow::Result<Option<OrderFacts>> {
        let db = db;
        let (head, terms, tapes) = tokio::try_join!(stored::order(db, order), terms(db, order, side.belonging_to), stored::tapes(db, order))?;
        let (Some(head), Some(terms)) = (head, terms) else { return Ok(None) };
        let data = SideData { belonging_to: side.belonging_to, category: side.category.or(head.category), source: side.source.or(head.source) };
        let scope = ViewingScope::of_order(order, &head, &tapes, data.belonging_to, data.category, data.source);
        // The lines and cells in one snapshot, as the grid reads them, beside the lake's spots.
        let schedule = async {
            let mut tx = db.begin().await?;
            sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
            let lines = stored::lines(&mut *tx, order).await?;
            let cells = stored::cells(&mut *tx, order).await?;
            tx.commit().await?;
            Ok::<_, anyhow::Error>((lines, cells))
        };
        let ((lines, cells), aired) = tokio::try_join!(schedule, crate::orders::evaluation::spots::spots(db, reads, &scope))?;
        let named = ledger::named_tapes(&aired, &tapes, &head.product_name);
        let ledger = ledger::ledger(&aired, &named, &Schedule::of(&lines, &cells));
        Ok(Some(OrderFacts { id: order, head, terms, data, lines, cells, ledger }))
    }

    /// The estimate each class of the order's media values a spot at (the edit, else the
    /// default), for the side and data read: what the figures value remaining spots at.
    pub async fn estimates(&self, db: &PgPool, reads: &Reads) -> anyhow::Result<HashMap<i64, Triple<f64>>> {
        let scope = EstimateScope { belonging_to: self.data.belonging_to, category: self.data.category, source: self.data.source };
        let classes = estimates::of_order(db, reads, self.id, &scope).await?.unwrap_or_default();
        Ok(classes.into_iter().filter_map(|c| Some((c.class_id, c.estimate?))).collect())
    }

    /// The lines by id.
    pub fn line_map(&self) -> HashMap<i64, &LineRow> {
        self.lines.iter().map(|l| (l.id, l)).collect()
    }

    /// The first day of each month of the cycle, with the cycle's days in it.
    pub fn months(&self) -> Vec<(NaiveDate, u64)> {
        let (start, end) = (self.head.cycle_start, self.head.cycle_end);
        let mut out = Vec::new();
        let mut month = crate::orders::month_of(start);
        while month <= end {
            let next = month + chrono::Months::new(1);
            let last = next.pred_opt().expect("a day before the next month");
            out.push((month, ((last.min(end) - month.max(start)).num_days() + 1) as u64));
            month = next;
        }
        out
    }
}

/// Whether a cell is withdrawn (撤掉): its spots are not planned any more.
pub fn withdrawn(cell: &CellRow) -> bool {
    cell.withdrawn()
}

async fn terms(db: &sqlx::PgPool, order: i64, belonging_to: i16) -> sqlx::Result<Option<Terms>> {
    let sql = if belonging_to == 2 {
        "select media_free_calc as free_calc, media_free_value::float8 as free_value, media_metrics::float8 as metrics from orders where id = $1"
    } else {
        "select customer_free_calc as free_calc, customer_free_value::float8 as free_value, customer_metrics::float8 as metrics from orders where id = $1"
    };
    sqlx::query_as(sql).bind(order).fetch_optional(db).await
}
