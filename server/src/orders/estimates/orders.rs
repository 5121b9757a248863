//! What estimates read of orders from Postgres: each order's media and audience group (by id
//! and by the name rating series use), the range before its assessment date, the classes of
//! its media with their periods, and its edits. Three queries, whatever the number of orders.

use std::collections::HashMap;

use adeval_engine::orders::Triple;
use chrono::{Days, NaiveDate};
use sqlx::PgPool;

use super::defaults::DefaultKey;
use super::{EstimateScope, PeriodRef};

/// How many days before the assessment date a default looks at.
pub const HISTORY_DAYS: u64 = 28;

#[derive(Clone)]
pub struct Class {
    pub id: i64,
    pub name: String,
    pub periods: Vec<PeriodRef>,
}

pub struct OrderEstimates {
    pub id: i64,
    pub key: DefaultKey,
    /// The classes of the order's media, in name order.
    pub classes: Vec<Class>,
    /// Stored edits by class.
    pub edits: HashMap<i64, Triple<f64>>,
}

type OrderRow = (i64, i64, String, i64, String, NaiveDate, Option<i16>, Option<i16>);
type PeriodRow = (i64, i64, String, Option<i64>, Option<String>, Option<i32>, Option<i32>);

/// The orders of `ids` that exist, in the order of `ids`.
pub async fn load(
    db: &PgPool,
    ids: &[i64],
    scope_of: impl Fn(i64) -> EstimateScope,
) -> sqlx::Result<Vec<OrderEstimates>> {
    let rows: Vec<OrderRow> = sqlx::query_as(
        "select o.id, o.media_id, btrim(m.media_name), o.default_group_id, btrim(g.group_name),
                coalesce(o.estimate_date, current_date), o.category, o.source
         from orders o join media m on m.id = o.media_id join audience_groups g on g.id = o.default_group_id
         where o.id = any($1)",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;
    let media: Vec<i64> = rows.iter().map(|r| r.1).collect();
    let periods: Vec<PeriodRow> = sqlx::query_as(
        "select c.media_id, c.id, c.class_name, p.id, p.time_period_name, p.start_secs, p.end_secs
         from time_period_classes c left join time_periods p on p.class_id = c.id
         where c.media_id = any($1)
         order by c.media_id, c.class_name, c.id, p.start_secs, p.end_secs, p.id",
    )
    .bind(&media)
    .fetch_all(db)
    .await?;
    let mut classes: HashMap<i64, Vec<Class>> = HashMap::new();
    for (media, class, name, period, period_name, start, end) in periods {
        let list = classes.entry(media).or_default();
        if list.last().is_none_or(|c| c.id != class) {
            list.push(Class { id: class, name, periods: Vec::new() });
        }
        if let (Some(id), Some(name), Some(start_secs), Some(end_secs)) = (period, period_name, start, end) {
            list.last_mut().expect("pushed").periods.push(PeriodRef { id, name, start_secs, end_secs });
        }
    }
    let edits: Vec<(i64, i64, f64, f64, f64)> = sqlx::query_as(
        "select order_id, class_id, normal::float8, low::float8, high::float8 from order_estimates where order_id = any($1)",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;
    let mut edited: HashMap<i64, HashMap<i64, Triple<f64>>> = HashMap::new();
    for (order, class, normal, low, high) in edits {
        edited.entry(order).or_default().insert(class, Triple { normal, low, high });
    }
    let mut by_id: HashMap<i64, OrderRow> = rows.into_iter().map(|r| (r.0, r)).collect();
    Ok(ids
        .iter()
        .filter_map(|id| by_id.remove(id))
        .map(|(id, media_id, channel, group_id, group, assessed, category, source)| {
            let scope = scope_of(id);
            let classes = classes.get(&media_id).cloned().unwrap_or_default();
            let key = DefaultKey {
                media_id,
                channel,
                group_id,
                group,
                windows: windows(&classes),
                from: assessed - Days::new(HISTORY_DAYS),
                to_excl: assessed,
                belonging_to: scope.belonging_to,
                category: scope.category.or(category),
                source: scope.source.or(source),
            };
            OrderEstimates { id, key, classes, edits: edited.remove(&id).unwrap_or_default() }
        })
        .collect())
}

/// Every class's period windows, `(class, start, end)`, in a stable order: part of the key.
fn windows(classes: &[Class]) -> Vec<(i64, i32, i32)> {
    let mut out: Vec<(i64, i32, i32)> =
        classes.iter().flat_map(|c| c.periods.iter().map(|p| (c.id, p.start_secs, p.end_secs))).collect();
    out.sort_unstable();
    out
}
