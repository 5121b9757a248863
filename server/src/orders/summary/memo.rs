//! The aired spots of an order's viewing match kept by lake manifest version, as the issued
//! totals are ([`crate::orders::issued`]): which rows are an order's depends only on the lake
//! (named by the version) and on the match (media, group, titles, cycle, category, source) and
//! side. So the grid of a busy order — refetched after every cell write, by every clerk who has
//! it open — reads the lake once per import, not once per call. An import or deletion moves the
//! version and drops everything kept; a changed match (a renamed tape, another cycle) misses.
//!
//! Memory is bounded by [`KEPT_SPOTS`] spots (40 bytes each) in all; a match with more is read
//! on every call and not kept.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use adeval_engine::{AiredSpots, OrderMatch, Side};

/// Most spots kept at one version: about 40 MB.
pub const KEPT_SPOTS: usize = 1_000_000;

#[derive(Default)]
pub struct AiredMemo {
    inner: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    version: i64,
    spots: usize,
    by_match: HashMap<(OrderMatch, i16), Arc<AiredSpots>>,
}

impl AiredMemo {
    /// What is kept for `matching` on `side` at `version`; a newer version forgets the older's.
    pub fn kept(&self, version: i64, matching: &OrderMatch, side: Side) -> Option<Arc<AiredSpots>> {
        let mut kept = self.inner.lock().expect("aired memo lock");
        if kept.version < version {
            *kept = Kept { version, ..Kept::default() };
        }
        if kept.version != version {
            return None;
        }
        kept.by_match.get(&(matching.clone(), side as i16)).cloned()
    }

    /// Keeps spots read at `version`, unless the manifest has moved on or the bound is reached.
    pub fn keep(&self, version: i64, matching: OrderMatch, side: Side, aired: Arc<AiredSpots>) {
        let mut kept = self.inner.lock().expect("aired memo lock");
        let key = (matching, side as i16);
        let replaced = kept.by_match.get(&key).map_or(0, |old| old.spots.len());
        if kept.version != version || kept.spots - replaced + aired.spots.len() > KEPT_SPOTS {
            return;
        }
        kept.spots = kept.spots - replaced + aired.spots.len();
        kept.by_match.insert(key, aired);
    }
}

#[cfg(test)]
mod tests {
    use adeval_engine::AiredSpot;

    use super::*;

    fn aired(n: usize) -> Arc<AiredSpots> {
        let spot = AiredSpot { title: 0, ymd: chrono::NaiveDate::default(), secs: 0, grp: 1.0, position: None };
        Arc::new(AiredSpots { titles: vec!["t".into()], spots: vec![spot; n] })
    }

    #[test]
    fn spots_are_kept_per_match_and_side_until_the_version_moves() {
        let memo = AiredMemo::default();
        let a = OrderMatch::new(1, 2, ["甲"]);
        let b = OrderMatch::new(1, 2, ["乙"]);
        assert!(memo.kept(5, &a, Side::Customer).is_none());
        memo.keep(5, a.clone(), Side::Customer, aired(3));
        assert_eq!(memo.kept(5, &a, Side::Customer).map(|s| s.spots.len()), Some(3));
        assert!(memo.kept(5, &a, Side::Media).is_none());
        assert!(memo.kept(5, &b, Side::Customer).is_none());
        // A read of an older version is not kept, and an older version is not answered.
        memo.keep(4, b.clone(), Side::Customer, aired(1));
        assert!(memo.kept(5, &b, Side::Customer).is_none());
        assert!(memo.kept(4, &a, Side::Customer).is_none());
        // A newer version forgets everything.
        assert!(memo.kept(6, &a, Side::Customer).is_none());
        memo.keep(5, a.clone(), Side::Customer, aired(3));
        assert!(memo.kept(6, &a, Side::Customer).is_none());
    }

    #[test]
    fn no_more_than_the_bound_is_kept() {
        let memo = AiredMemo::default();
        let a = OrderMatch::new(1, 2, ["甲"]);
        let b = OrderMatch::new(1, 2, ["乙"]);
        memo.keep(1, a.clone(), Side::Customer, aired(KEPT_SPOTS - 10));
        memo.keep(1, b.clone(), Side::Customer, aired(11));
        assert!(memo.kept(1, &b, Side::Customer).is_none());
        // Replacing an entry counts only the new one.
        memo.keep(1, a.clone(), Side::Customer, aired(KEPT_SPOTS));
        assert_eq!(memo.kept(1, &a, Side::Customer).map(|s| s.spots.len()), Some(KEPT_SPOTS));
    }
}
