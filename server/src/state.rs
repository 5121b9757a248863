use std::sync::Arc;

use sqlx::PgPool;

use crate::config::Config;
use crate::http::sign::NonceCache;
use crate::realtime::Hub;
use crate::storage::Store;

#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub nonces: Arc<NonceCache>,
    pub lake: Arc<adeval_engine::Lake>,
    /// Uploaded files and exports.
    pub store: Store,
    /// Realtime events received by this process.
    pub hub: Hub,
    /// Key of the upload policies (shared by every process through Postgres).
    pub upload_key: Arc<Vec<u8>>,
}
