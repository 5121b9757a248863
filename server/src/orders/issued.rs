//! Issued totals kept by lake manifest version. An order's issued GRP and spots depend only on
//! the rows of the lake ([`Snapshot`], named by the manifest's version) and on which rows are
//! the order's ([`OrderMatch`]: media, group, titles, cycle, category, source). So totals
//! computed at one version are kept under the order's match: an edit that changes the match
//! misses, an import or deletion changes the version and drops them all.
//!
//! A call computes what is not kept in one scan ([`adeval_engine::Lake::issued_totals`]), and
//! the first call at a new version starts one scan of every order's match in the background,
//! so the pages that follow are answered from memory. Until it ends, calls scan their own.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use adeval_engine::{Dataset, IssuedTotals, OrderMatch, Snapshot};
use anyhow::Context;
use chrono::NaiveDate;

use crate::state::AppState;

/// The newest orders the background scan computes: a bound on its time and on what is kept.
const WARMED: i64 = 20_000;
/// Most totals kept at one version; past it, calls still compute theirs and keep no more.
const KEPT: usize = 100_000;

type Totals = [IssuedTotals; 2];

#[derive(Default)]
pub struct IssuedMemo {
    inner: Mutex<Memo>,
    /// At most one background scan runs, whatever the versions: lake changes in quick
    /// succession (a few deletions) don't pile scans up on the cores; a call after the running
    /// one ends starts the next if the version moved meanwhile.
    warming: AtomicBool,
}

#[derive(Default)]
struct Memo {
    version: i64,
    totals: HashMap<OrderMatch, Totals>,
    /// The version kept totals are complete for, once a background scan of it ended.
    warmed: Option<i64>,
}


impl IssuedMemo {
    /// The totals kept at `version` of each of `orders`; a newer version forgets the older's.
    fn kept(&self, version: i64, orders: &[OrderMatch]) -> Vec<Option<Totals>> {
        let mut memo = self.inner.lock().expect("issued memo lock");
        if memo.version < version {
            *memo = Memo { version, totals: HashMap::new(), warmed: None };
        }
        let at = memo.version == version;
        orders.iter().map(|o| at.then(|| memo.totals.get(o).copied()).flatten()).collect()
    }

    /// Keeps totals computed at `version`, unless the manifest has moved on since.
    fn keep(&self, version: i64, computed: impl IntoIterator<Item = (OrderMatch, Totals)>) {
        let mut memo = self.inner.lock().expect("issued memo lock");
        if memo.version != version {
            return;
        }
        for (order, totals) in computed {
            if memo.totals.len() >= KEPT {
                break;
            }
            memo.totals.insert(order, totals);
        }
    }

    /// True for the one caller that is to start the background scan of `version`: none has
    /// ended for it and none is running.
    fn start_warming(&self, version: i64) -> bool {
        let memo = self.inner.lock().expect("issued memo lock");
        memo.version == version
            && memo.warmed != Some(version)
            && self.warming.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire).is_ok()
    }

    /// The background scan of `version` ended; a failed one is tried again by a later call.
    fn warm_ended(&self, version: i64, ok: bool) {
        let mut memo = self.inner.lock().expect("issued memo lock");
        if ok && memo.version == version {
            memo.warmed = Some(version);
        }
        self.warming.store(false, Ordering::Release);
    }
}

/// The issued totals of each order, `[customer, media]`, in their order: kept ones from
/// memory, the others from one scan of the snapshot the manifest names now.
pub async fn issued(state: &AppState, orders: Vec<OrderMatch>) -> anyhow::Result<Vec<Totals>> {
    let (version, snapshot) = state.snapshots.versioned(&state.db, Dataset::Viewing).await?;
    let mut totals = state.issued.kept(version, &orders);
    let missing: Vec<OrderMatch> =
        orders.into_iter().zip(&totals).filter(|(_, t)| t.is_none()).map(|(o, _)| o).collect();
    if !missing.is_empty() {
        let computed = scan(state, snapshot.clone(), missing.clone()).await?;
        let mut fill = computed.iter().copied();
        for slot in totals.iter_mut().filter(|t| t.is_none()) {
            *slot = fill.next();
        }
        state.issued.keep(version, missing.into_iter().zip(computed));
    }
    if state.issued.start_warming(version) {
        let state = state.clone();
        tokio::spawn(async move {
            let warmed = warm(&state, version, snapshot).await;
            if let Err(e) = &warmed {
                tracing::warn!(error = ?e, version, "computing every order's issued totals");
            }
            state.issued.warm_ended(version, warmed.is_ok());
        });
    }
    Ok(totals.into_iter().map(Option::unwrap_or_default).collect())
}

async fn scan(state: &AppState, snapshot: Arc<Snapshot>, orders: Vec<OrderMatch>) -> anyhow::Result<Vec<Totals>> {
    let lake = state.lake.clone();
    let totals = tokio::task::spawn_blocking(move || lake.issued_totals(&snapshot, &orders)).await?;
    totals.context("the orders' issued totals")
}

/// Computes and keeps the totals of the newest orders at `version`.
async fn warm(state: &AppState, version: i64, snapshot: Arc<Snapshot>) -> anyhow::Result<()> {
    let orders = every_match(state).await?;
    let computed = scan(state, snapshot, orders.clone()).await?;
    state.issued.keep(version, orders.into_iter().zip(computed));
    Ok(())
}

/// Which rows are each of the newest orders', read as the order list reads them and matched by
/// the same rule ([`super::figures::order_match`]).
async fn every_match(state: &AppState) -> sqlx::Result<Vec<OrderMatch>> {
    type Order = (i64, i64, i64, String, String, NaiveDate, NaiveDate, Option<i16>, Option<i16>);
    let orders: Vec<Order> = sqlx::query_as(
        "select o.id, o.media_id, o.default_group_id, g.group_name, p.product_name, o.cycle_start, o.cycle_end,
                o.category, o.source
         from orders o join products p on p.id = o.product_id join audience_groups g on g.id = o.default_group_id
         order by o.id desc limit $1",
    )
    .bind(WARMED)
    .fetch_all(&state.db)
    .await?;
    let ids: Vec<i64> = orders.iter().map(|o| o.0).collect();
    let tapes: Vec<(i64, String, String, String)> = sqlx::query_as(
        "select ot.order_id, t.media_file_name, t.media_tape_number, t.customer_title
         from order_tapes ot join product_tapes t on t.id = ot.tape_id
         where ot.order_id = any($1)",
    )
    .bind(&ids)
    .fetch_all(&state.db)
    .await?;
    let mut titles: HashMap<i64, Vec<String>> = HashMap::new();
    for (order, name, number, title) in tapes {
        titles.entry(order).or_default().extend([name, number, title]);
    }
    Ok(orders
        .into_iter()
        .map(|(id, media, group, group_name, product, from, to, category, source)| {
            let tapes = titles.remove(&id).unwrap_or_default();
            let tapes = tapes.iter().map(String::as_str);
            let group = (group, group_name.as_str());
            super::figures::order_match(media, group, tapes, &product, (Some(from), Some(to)), (category, source))
        })
        .collect())
}
