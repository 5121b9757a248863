//! The Postgres pool, migrations and the first-start super administrator.

use std::time::Duration;

use anyhow::Context;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Executor, PgPool};

use crate::auth::password;
use crate::clock::Zone;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Connects with every session set to the display time zone: SQL reads `timestamptz` as its
/// wall-clock time there (`created_at::timestamp`, see `clock`) and date filters in it.
pub async fn connect(url: &str, zone: Zone) -> anyhow::Result<PgPool> {
    let options: PgConnectOptions = url.parse().context("DATABASE_URL is not a Postgres URL")?;
    // An IANA name (`Zone` checked it): nothing to quote.
    let set_tz = format!("set time zone '{}'", zone.name());
    PgPoolOptions::new()
        .max_connections(16)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(move |conn, _| {
            let set_tz = set_tz.clone();
            Box::pin(async move {
                conn.execute(set_tz.as_str()).await?;
                Ok(())
            })
        })
        .connect_with(options)
        .await
        .with_context(|| format!("cannot connect to {}", crate::config::redact_url(url)))
}

pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    MIGRATOR.run(pool).await.context("running migrations")
}

/// Creates account 1, `admin`, when it does not exist. Answers the generated password when
/// none was given, for the caller to print once.
pub async fn ensure_super_admin(
    pool: &PgPool,
    password: Option<&str>,
) -> anyhow::Result<Option<String>> {
    let exists: bool = sqlx::query_scalar("select exists(select 1 from admins where id = 1)")
        .fetch_one(pool)
        .await?;
    if exists {
        return Ok(None);
    }
    let generated = password.is_none().then(password::generate);
    let plain = password.or(generated.as_deref()).unwrap_or_default();
    let hash = password::hash(plain)?;
    sqlx::query(
        "insert into admins (id, name, account, password_hash, status, rule_id)
         values (1, '超级管理员', 'admin', $1, 1, '*') on conflict do nothing",
    )
    .bind(hash)
    .execute(pool)
    .await?;
    Ok(generated)
}

/// A secret of this deployment, made on first use and shared by every process through Postgres.
pub async fn server_secret(pool: &PgPool, name: &str) -> anyhow::Result<Vec<u8>> {
    let mut fresh = [0u8; 32];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut fresh);
    sqlx::query("insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing")
        .bind(name)
        .bind(&fresh[..])
        .execute(pool)
        .await?;
    Ok(sqlx::query_scalar("select value from server_secrets where name = $1").bind(name).fetch_one(pool).await?)
}
