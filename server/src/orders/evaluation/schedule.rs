//! What the evaluation figures read of orders' schedules: per order, month and time-period
//! class, the spots planned (withdrawn ones and the free spots a certificate's confirmation
//! added excepted: those aired, they were never planned) and those of them still to air (dated
//! on or after the assessment date, today until one is set). The class is the line's period's
//! (`time_periods.class_id`); a period without a class gives `None`, whose spots no estimate
//! covers.

use std::collections::HashMap;

use adeval_engine::orders::{Remaining, Triple};
use chrono::NaiveDate;
use sqlx::PgExecutor;

/// One order's spots of one month and class.
#[derive(Debug, Clone, Copy, PartialEq, sqlx::FromRow)]
pub struct ClassSpots {
    pub order_id: i64,
    pub month: NaiveDate,
    pub class_id: Option<i64>,
    pub planned: i64,
    pub remaining: i64,
}

/// The planned and remaining spots of `orders` per month and class.
pub async fn class_spots(db: impl PgExecutor<'_>, orders: &[i64]) -> sqlx::Result<Vec<ClassSpots>> {
    sqlx::query_as(
        "select l.order_id, l.month, p.class_id, coalesce(sum(c.point - c.free_aired), 0)::int8 as planned,
                coalesce(sum(c.point - c.free_aired) filter (where c.ymd >= coalesce(o.estimate_date, current_date)), 0)::int8 as remaining
         from order_lines l
         join orders o on o.id = l.order_id
         join order_cells c on c.line_id = l.id
         join time_periods p on p.id = l.time_period_id
         where l.order_id = any($1) and c.value <> '撤掉'
         group by l.order_id, l.month, p.class_id",
    )
    .bind(orders)
    .fetch_all(db)
    .await
}

/// The remaining spots of `spots` per class, each with its class's estimate (`None` for a
/// class without one, or spots of a period without a class), in class order.
pub fn remaining<'a>(
    spots: impl IntoIterator<Item = &'a ClassSpots>,
    estimates: Option<&HashMap<i64, Triple<f64>>>,
) -> Vec<Remaining> {
    let mut by_class: Vec<(Option<i64>, u64)> = Vec::new();
    for s in spots {
        if s.remaining <= 0 {
            continue;
        }
        match by_class.iter_mut().find(|(c, _)| *c == s.class_id) {
            Some((_, n)) => *n += s.remaining as u64,
            None => by_class.push((s.class_id, s.remaining as u64)),
        }
    }
    by_class.sort_by_key(|(c, _)| *c);
    by_class
        .into_iter()
        .map(|(class, spots)| Remaining { spots, estimate: class.and_then(|c| estimates.and_then(|e| e.get(&c)).copied()) })
        .collect()
}
