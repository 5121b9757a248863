//! The 正负三 positions of orders kept in memory: every figure of an order reads them (the
//! list, the summary dialog, the reports), an upload may hold tens of thousands, and they
//! change only when an upload replaces them. Each order's are kept under a stamp — the newest
//! row id of its positions (an upload's rows get new ids) — and read again when it moves.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use adeval_engine::SpotPosition;
use chrono::NaiveDate;
use sqlx::PgPool;

/// Orders kept at once; past it the memo starts over (a bound on memory, not an LRU: every
/// entry is one order's and reading one again is one indexed query).
const KEPT: usize = 256;

/// An order's recorded positions: per (category, source), per (broadcast day, seconds of the
/// day), the titles recorded there and their positions.
#[derive(Debug, Default)]
pub struct Positions {
    by_data: BTreeMap<(i16, i16), AtTimes>,
}

/// Per (broadcast day, seconds of the day), the titles recorded there with their positions.
type AtTimes = HashMap<(NaiveDate, i32), Vec<(String, SpotPosition)>>;

impl Positions {
    pub fn is_empty(&self) -> bool {
        self.by_data.is_empty()
    }

    /// The position recorded for the spot of `ymd`, `secs` and `title` (trimmed) under a
    /// category and source `wanted` accepts; the latest category/source in key order wins
    /// when several name it.
    pub fn find(&self, wanted: impl Fn(i16, i16) -> bool, ymd: NaiveDate, secs: i32, title: &str) -> Option<SpotPosition> {
        let mut found = None;
        for (&(category, source), spots) in &self.by_data {
            if !wanted(category, source) {
                continue;
            }
            let mut at = spots.get(&(ymd, secs)).into_iter().flatten();
            if let Some((_, p)) = at.rfind(|(t, _)| t == title) {
                found = Some(*p);
            }
        }
        found
    }
}

#[derive(Default)]
pub struct PositionsMemo {
    inner: Mutex<HashMap<i64, (i64, Arc<Positions>)>>,
}

impl PositionsMemo {
    /// The order's positions: kept ones while its stamp is unchanged, else read again.
    pub async fn of(&self, db: &PgPool, order: i64) -> sqlx::Result<Arc<Positions>> {
        let stamp: Option<i64> = sqlx::query_scalar("select max(id) from order_positions where order_id = $1")
            .bind(order)
            .fetch_one(db)
            .await?;
        let Some(stamp) = stamp else {
            self.inner.lock().expect("positions memo lock").remove(&order);
            return Ok(Arc::default());
        };
        if let Some((kept, positions)) = self.inner.lock().expect("positions memo lock").get(&order)
            && *kept == stamp
        {
            return Ok(positions.clone());
        }
        // Read after the stamp: an upload in between leaves newer rows under an older stamp,
        // which the next call sees moved and reads again.
        let mut positions = Positions::default();
        for p in super::recorded_positions(db, order).await? {
            let at = positions.by_data.entry((p.category, p.source)).or_default().entry((p.ymd, p.secs)).or_default();
            at.push((p.title.trim().to_owned(), p.spot_position()));
        }
        let positions = Arc::new(positions);
        let mut inner = self.inner.lock().expect("positions memo lock");
        if inner.len() >= KEPT {
            inner.clear();
        }
        inner.insert(order, (stamp, positions.clone()));
        Ok(positions)
    }
}
