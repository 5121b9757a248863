//! Brands as other forms and pickers look them up.

use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgExecutor};

use crate::error::{Checks, Result};

/// Whether brand `id` exists.
pub async fn exists(db: impl PgExecutor<'_>, id: i64) -> Result<bool> {
    Ok(sqlx::query_scalar("select exists(select 1 from brands where id = $1)").bind(id).fetch_one(db).await?)
}

/// `brandId: 品牌不存在` unless brand `id` exists.
pub async fn check(db: impl PgExecutor<'_>, id: i64, checks: &mut Checks) -> Result<()> {
    if !exists(db, id).await? {
        checks.add("brandId", "品牌不存在");
    }
    Ok(())
}

/// Every brand as a picker offers it, in id order: the row type reads `id` and `brand_name`.
pub async fn options<T>(db: impl PgExecutor<'_>) -> Result<Vec<T>>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    Ok(sqlx::query_as("select id, brand_name from brands order by id").fetch_all(db).await?)
}
