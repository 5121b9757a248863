//! Viewing estimates per order and time-period class (docs/evaluation.md
//! "Viewing estimates"): the expected GRP of one spot of each class of the order's media,
//! normal / low / high. A class's default comes from the rating series of the order's media
//! and audience group over the 28 days before the assessment date, else from the viewing
//! rows' GRP ([`defaults`]); an edit ([`edits`]) replaces it until it is reset.
//!
//! [`of_order`] answers one order's classes with their basis (orderViewingList);
//! [`for_orders`] answers what figures use for a page of orders at once; [`days_of_class`]
//! the days one class's default is computed from (the drill-down).

pub mod defaults;
pub mod edits;
mod orders;

use std::collections::HashMap;

use adeval_engine::orders::Triple;
use sqlx::PgPool;

use crate::orders::kept::Wanted;
use crate::reads::Reads;

pub use defaults::{Basis, BasisSource, ClassDays, ClassDefaults, DefaultKey, EstimateMemo, class_days, compute_keys};

/// Which viewing rows the fallback reads: the side (1 customer, 2 media), and the data
/// category and source (`None`: the order's own, which may be any).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EstimateScope {
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// A time period of a class, as the estimate lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodRef {
    pub id: i64,
    pub name: String,
    pub start_secs: i32,
    pub end_secs: i32,
}

/// One class of the order's media and its estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassEstimate {
    pub class_id: i64,
    pub class_name: String,
    pub periods: Vec<PeriodRef>,
    /// What figures use: the edit, else the default.
    pub estimate: Option<Triple<f64>>,
    /// What a reset gives.
    pub default: Option<Triple<f64>>,
    pub basis: Basis,
    pub edited: bool,
}

/// Every class of the order's media, in name order; `None` when the order does not exist.
pub async fn of_order(
    db: &PgPool, reads: &Reads,
    order: i64,
    scope: &EstimateScope,
) -> anyhow::Result<Option<Vec<ClassEstimate>>> {
    let mut found = orders::load(db, &[order], |_| *scope).await?;
    let Some(o) = found.pop() else { return Ok(None) };
    let computed = defaults::compute(db, (&reads.lake, &reads.snapshots), &reads.estimates, std::slice::from_ref(&o.key), Wanted::Current).await?;
    let defaults = &computed.values[0];
    let classes = o
        .classes
        .into_iter()
        .map(|c| {
            let (default, basis) = defaults.get(&c.id).cloned().unwrap_or_else(|| (None, o.key.basis_none()));
            let edit = o.edits.get(&c.id).copied();
            ClassEstimate {
                class_id: c.id,
                class_name: c.name,
                periods: c.periods,
                estimate: edit.or(default),
                default,
                basis,
                edited: edit.is_some(),
            }
        })
        .collect();
    Ok(Some(classes))
}

/// Per order id: class id → estimate (edits applied; classes without one are left out), for
/// many orders at once, once per scope (`scopes`: a side each, in their order). Orders sharing
/// media, group, windows, range and scope share one computation; every scope's keys are
/// computed together (one lake read for both sides), and computations are kept by lake version
/// ([`EstimateMemo`]), taken as `wanted` says; `previous` when some defaults are the previous
/// lake version's.
pub async fn for_orders<const N: usize>(
    db: &PgPool,
    reads: &Reads,
    orders: &[i64],
    scopes: [impl Fn(i64) -> EstimateScope; N],
    wanted: Wanted,
) -> anyhow::Result<Answer<ByOrder, N>> {
    let mut found = Vec::with_capacity(N);
    for scope_of in &scopes {
        found.push(orders::load(db, orders, scope_of).await?);
    }
    let keys: Vec<defaults::DefaultKey> = found.iter().flatten().map(|o| o.key.clone()).collect();
    let computed = defaults::compute(db, (&reads.lake, &reads.snapshots), &reads.estimates, &keys, wanted).await?;
    let mut computed_values = computed.values.into_iter();
    let mut values: [ByOrder; N] = std::array::from_fn(|_| HashMap::new());
    for (side, found) in found.into_iter().enumerate() {
        for (o, defaults) in found.into_iter().zip(computed_values.by_ref()) {
            let mut by_class: HashMap<i64, Triple<f64>> =
                defaults.iter().filter_map(|(class, (e, _))| e.map(|e| (*class, e))).collect();
            // An edit of a class the media no longer has stays stored but counts for nothing.
            for class in &o.classes {
                if let Some(edit) = o.edits.get(&class.id) {
                    by_class.insert(class.id, *edit);
                }
            }
            values[side].insert(o.id, by_class);
        }
    }
    Ok(Answer { values, previous: computed.previous })
}

/// Order id → class id → estimate.
pub type ByOrder = HashMap<i64, HashMap<i64, Triple<f64>>>;

/// What [`for_orders`] answers: a value per scope, and whether some part is the previous lake
/// version's.
pub struct Answer<V, const N: usize> {
    pub values: [V; N],
    pub previous: bool,
}

/// A class of the order's media with the days its default is computed from.
#[derive(Debug, Clone, PartialEq)]
pub struct DefaultDays {
    pub class_name: String,
    /// The stored edit, which figures use in place of the default.
    pub edit: Option<Triple<f64>>,
    pub days: ClassDays,
}

/// The days the default of `class` is computed from, as [`of_order`] computes it (not kept:
/// a drill-down is one look); `None` when the order does not exist or `class` is not a class
/// of its media.
pub async fn days_of_class(db: &PgPool, reads: &Reads, order: i64, scope: &EstimateScope, class: i64) -> anyhow::Result<Option<DefaultDays>> {
    use adeval_engine::Dataset;
    use anyhow::Context;

    let mut found = orders::load(db, &[order], |_| *scope).await?;
    let Some(o) = found.pop() else { return Ok(None) };
    let Some(c) = o.classes.iter().find(|c| c.id == class) else { return Ok(None) };
    let ratings = reads.snapshots.get(db, Dataset::Ratings).await?;
    let viewing = reads.snapshots.get(db, Dataset::Viewing).await?;
    let (lake, key) = (reads.lake.clone(), o.key.clone());
    let mut days = crate::lake::blocking(move || class_days(&lake, &ratings, &viewing, std::slice::from_ref(&key)))
        .await?
        .context("the days of a class's default estimate")?;
    let days = days.pop().and_then(|mut d| d.remove(&class)).unwrap_or_else(|| ClassDays { basis: o.key.basis_none(), days: Vec::new() });
    Ok(Some(DefaultDays { class_name: c.name.clone(), edit: o.edits.get(&class).copied(), days }))
}
