use std::sync::Arc;

use sqlx::PgPool;

use crate::config::Config;
use crate::http::read_cache::ReadCache;
use crate::http::replay::{BadTraffic, NonceCache};
use crate::realtime::Hub;
use crate::storage::Store;

#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub nonces: Arc<NonceCache>,
    /// Per-address allowance of requests failing the signature.
    pub bad_traffic: Arc<BadTraffic>,
    /// Answers of the busiest master-data lists, kept until the next write (at most 1 s).
    pub reads: Arc<ReadCache>,
    pub lake: Arc<adeval_engine::Lake>,
    /// The lake's snapshots, kept until the manifest changes.
    pub snapshots: Arc<crate::lake::snapshots::Snapshots>,
    /// Orders' issued totals, kept until the manifest changes.
    pub issued: Arc<crate::orders::issued::IssuedMemo>,
    /// Default viewing estimates, kept until the manifest changes.
    pub estimates: Arc<crate::orders::estimates::EstimateMemo>,
    /// orderList's pages, kept while the lake, the list's tables and the day are unchanged.
    pub pages: Arc<crate::orders::pages::ListPages>,
    /// Orders' aired spots as the summary grid places them, kept until the manifest changes.
    pub aired: Arc<crate::orders::summary::memo::AiredMemo>,
    /// Orders' recorded 正负三 positions, kept until an upload replaces them.
    pub positions: Arc<crate::orders::customer::memo::PositionsMemo>,
    /// Uploaded files and exports.
    pub store: Store,
    /// Realtime events received by this process.
    pub hub: Hub,
    /// Key of the upload policies (shared by every process through Postgres).
    pub upload_key: Arc<Vec<u8>>,
}
