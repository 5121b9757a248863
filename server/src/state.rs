use std::sync::Arc;

use sqlx::PgPool;

use crate::config::Config;
use crate::http::sign::NonceCache;

#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub nonces: Arc<NonceCache>,
    pub lake: Arc<adeval_engine::Lake>,
}
