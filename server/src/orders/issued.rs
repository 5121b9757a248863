//! Issued totals kept by lake manifest version. An order's issued GRP and spots depend only on
//! the rows of the lake ([`Snapshot`], named by the manifest's version) and on which rows are
//! the order's ([`OrderMatch`]: media, group, titles, cycle, category, source). So totals
//! computed at one version are kept under the order's match ([`Kept`]): an edit that changes
//! the match misses, an import or deletion changes the version.
//!
//! Each order's totals are computed once per version, whoever asks: a call claims what no one
//! computes yet and computes it in one engine call ([`adeval_engine::Lake::issued_totals_of`]:
//! a page's few orders from the rollups, many at once in one scan of the rows); the
//! first call at a new version also starts one scan of every other order's match in the
//! background, so the pages that follow are answered from memory. Until a total of the new
//! version is in, the order list takes the previous version's (and says so); other callers
//! wait for that one scan.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use adeval_engine::{Dataset, IssuedTotals, Lake, OrderMatch, Snapshot};
use anyhow::Context;
use chrono::NaiveDate;
use sqlx::PgPool;

use super::kept::{Answer, Kept, Wanted};
use crate::lake::snapshots::Snapshots;

/// The newest orders the background scan computes: a bound on its time and on what is kept.
const WARMED: i64 = 20_000;
/// Most totals kept at one version; past it, calls still compute theirs and keep no more.
const KEPT: usize = 100_000;

type Totals = [IssuedTotals; 2];

pub struct IssuedMemo {
    kept: Arc<Kept<OrderMatch, Totals>>,
    /// The version whose background scan was started last.
    warmed: Mutex<Option<i64>>,
    /// At most one background scan runs, whatever the versions: lake changes in quick
    /// succession (a few deletions) don't pile scans up on the cores; a call after the running
    /// one ends starts the next if the version moved meanwhile.
    warming: AtomicBool,
}

impl Default for IssuedMemo {
    fn default() -> Self {
        IssuedMemo { kept: Arc::new(Kept::new(KEPT)), warmed: Mutex::new(None), warming: AtomicBool::new(false) }
    }
}

impl IssuedMemo {
    /// How many orders' totals were computed so far (each once per version), for the tests
    /// of the single flight.
    pub fn computed(&self) -> u64 {
        self.kept.computed()
    }

    /// True for the one caller that is to start the background scan of `version`: none was
    /// started for it and none is running.
    fn start_warming(&self, version: i64) -> bool {
        let mut warmed = self.warmed.lock().expect("issued warm lock");
        if *warmed == Some(version) || self.warming.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire).is_err() {
            return false;
        }
        *warmed = Some(version);
        true
    }
}

/// The issued totals of each order, `[customer, media]`, in their order, as `wanted` says:
/// kept ones from memory, the others from one scan of the snapshot the manifest names now.
/// `previous` when some are the previous lake version's (their scan is under way).
pub async fn issued(
    db: &PgPool,
    (lake, snapshots): (&Arc<Lake>, &Snapshots),
    memo: &Arc<IssuedMemo>,
    orders: Vec<OrderMatch>,
    wanted: Wanted,
) -> anyhow::Result<Answer<Totals>> {
    let (version, viewing) = snapshots.versioned(db, Dataset::Viewing).await?;
    // The rollups only make the answer faster: a lagging one is passed over, never wrong.
    let snapshot = VersionFiles { viewing, rollup: snapshots.get(db, Dataset::ViewingDaily).await? };
    let compute = |orders: Vec<OrderMatch>| scan(lake.clone(), snapshot.clone(), orders);
    let answer = memo.kept.get(version, &orders, wanted, compute).await?;
    if memo.start_warming(version) {
        let (db, lake, memo) = (db.clone(), lake.clone(), memo.clone());
        tokio::spawn(async move {
            let warmed = warm(&db, lake, &memo, version, snapshot).await;
            if let Err(e) = &warmed {
                tracing::warn!(error = ?e, version, "computing every order's issued totals");
                // A failed warm-up (reading the orders or scanning them) is tried again by a
                // later call.
                *memo.warmed.lock().expect("issued warm lock") = None;
            }
            memo.warming.store(false, Ordering::Release);
        });
    }
    Ok(answer)
}

/// The viewing snapshot a version names, and the rollups of its files.
#[derive(Clone)]
struct VersionFiles {
    viewing: Arc<Snapshot>,
    rollup: Arc<Snapshot>,
}

fn scan(lake: Arc<Lake>, snapshot: VersionFiles, orders: Vec<OrderMatch>) -> impl Future<Output = anyhow::Result<Vec<Totals>>> + Send + 'static {
    async move {
        let (started, n) = (std::time::Instant::now(), orders.len());
        let totals = crate::lake::blocking(move || lake.issued_totals_of(&snapshot.viewing, &snapshot.rollup, &orders)).await?;
        tracing::debug!(orders = n, ms = started.elapsed().as_millis() as u64, "computed issued totals");
        totals.context("the orders' issued totals")
    }
}

/// Computes and keeps the totals of the newest orders at `version` that no call computed,
/// once the calls' own scans ended; ends when they are kept.
async fn warm(db: &PgPool, lake: Arc<Lake>, memo: &IssuedMemo, version: i64, snapshot: VersionFiles) -> anyhow::Result<()> {
    // The pages asked for first are scanned first, on their own.
    memo.kept.settled().await;
    let orders = every_match(db).await?;
    memo.kept.compute_unclaimed(version, orders, |orders| scan(lake, snapshot, orders)).await
}

/// Which rows are each of the newest orders', read as the order list reads them and matched by
/// the same rule ([`super::matching::order_match`]).
async fn every_match(db: &PgPool) -> sqlx::Result<Vec<OrderMatch>> {
    type Order = (i64, i64, i64, String, String, NaiveDate, NaiveDate, Option<i16>, Option<i16>);
    let orders: Vec<Order> = sqlx::query_as(
        "select o.id, o.media_id, o.default_group_id, g.group_name, p.product_name, o.cycle_start, o.cycle_end,
                o.category, o.source
         from orders o join products p on p.id = o.product_id join audience_groups g on g.id = o.default_group_id
         order by o.id desc limit $1",
    )
    .bind(WARMED)
    .fetch_all(db)
    .await?;
    let ids: Vec<i64> = orders.iter().map(|o| o.0).collect();
    let tapes: Vec<(i64, String, String, String)> = sqlx::query_as(
        "select ot.order_id, t.media_file_name, t.media_tape_number, t.customer_title
         from order_tapes ot join product_tapes t on t.id = ot.tape_id
         where ot.order_id = any($1)",
    )
    .bind(&ids)
    .fetch_all(db)
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
            super::matching::order_match(media, group, tapes, &product, (Some(from), Some(to)), (category, source))
        })
        .collect())
}
