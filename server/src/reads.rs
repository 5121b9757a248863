//! What the domain reads beside Postgres: the lake, its snapshots kept by manifest version, and
//! the orders' figures kept by that version (issued totals, default estimates, aired spots, the
//! list's pages) or
//! until an upload replaces them (正负三 positions). One value per process, built at start and
//! cloned into whatever reads (every field is shared), so a total computed for one request is
//! kept for the next whoever asks.
//!
//! The memos stay beside the orders code that fills them; the functions that fill one take the
//! pieces they use (the lake, the snapshots, that memo), and everything above them takes
//! `&Reads`, so this file imports the memo types and nothing that imports it back.

use std::sync::Arc;

use adeval_engine::Lake;

use crate::lake::snapshots::Snapshots;
use crate::orders::customer::memo::PositionsMemo;
use crate::orders::estimates::defaults::EstimateMemo;
use crate::orders::issued::IssuedMemo;
use crate::orders::pages::ListPages;
use crate::orders::summary::memo::AiredMemo;

#[derive(Clone)]
pub struct Reads {
    pub lake: Arc<Lake>,
    /// The lake's snapshots, kept until the manifest changes.
    pub snapshots: Arc<Snapshots>,
    /// Orders' issued totals, kept until the manifest changes.
    pub issued: Arc<IssuedMemo>,
    /// Default viewing estimates, kept until the manifest changes.
    pub estimates: Arc<EstimateMemo>,
    /// orderList's pages, kept while the lake, the list's tables and the day are unchanged.
    pub pages: Arc<ListPages>,
    /// Orders' aired spots as the summary grid places them, kept until the manifest changes.
    pub aired: Arc<AiredMemo>,
    /// Orders' recorded 正负三 positions, kept until an upload replaces them.
    pub positions: Arc<PositionsMemo>,
}

impl Reads {
    /// The reads of an opened lake, nothing kept yet.
    pub fn new(lake: Lake) -> Self {
        Reads {
            lake: Arc::new(lake),
            snapshots: Default::default(),
            issued: Default::default(),
            estimates: Default::default(),
            pages: Default::default(),
            aired: Default::default(),
            positions: Default::default(),
        }
    }
    /// How many computations of the order figures' lake parts ended so far: a list page
    /// answered with previous figures is stale once it moves.
    pub fn figures_epoch(&self) -> u64 {
        self.issued.computed() + self.estimates.computed()
    }
}
