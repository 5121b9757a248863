//! Demo master data for a newcomer's first `make run` (issue 4 fills it in).

use sqlx::PgPool;

/// Loads the demo set when the database holds no master data; answers whether it did.
pub async fn load_if_empty(_db: &PgPool) -> anyhow::Result<bool> {
    Ok(false)
}
