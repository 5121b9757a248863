use std::sync::Arc;

use sqlx::PgPool;

use crate::config::Config;
use crate::http::read_cache::ReadCache;
use crate::http::replay::{BadTraffic, NonceCache};
use crate::reads::Reads;
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
    pub read_cache: Arc<ReadCache>,
    /// The lake and what is kept of its reads, handed to the domain as they are.
    pub reads: Reads,
    /// Uploaded files and exports.
    pub store: Store,
    /// Realtime events received by this process.
    pub hub: Hub,
    /// Key of the upload policies (shared by every process through Postgres).
    pub upload_key: Arc<Vec<u8>>,
}

impl AppState {
    /// What the job workers and housekeeping run with, handed over at start.
    pub fn services(&self) -> crate::jobs::Services {
        crate::jobs::Services {
            db: self.db.clone(),
            reads: self.reads.clone(),
            store: self.store.clone(),
            config: self.config.clone(),
        }
    }
}
