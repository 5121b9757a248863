//! Token sessions: 256-bit random tokens, stored as SHA-256 hashes, with an idle timeout and an
//! absolute lifetime. One live session per account: a new sign-in ends the others, and their
//! holders are told they signed in elsewhere (code 2002).
//!
//! Sessions a request proved valid are remembered for [`CACHE_TTL`] (2 s), so a busy client
//! costs no Postgres round trip per call for its session. Ending a session through this code
//! (sign-out, sign-in elsewhere, disabling, a password change) forgets the account's entries
//! at once in this process and, through the `Session` event every process hears, in the
//! others; a change made behind the server's back (SQL) holds at most 2 s longer. A lookup that
//! overlapped a forget is not cached (the cache's generation moved meanwhile), and writers forget
//! once more after their commit, so a session read just before a revocation committed is not
//! cached past it. The cached account's `rule_id` serves reads only: decisions that write rights
//! read the account fresh (`routes::accounts`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};

use crate::error::{AppError, Result};
use crate::realtime::{self, Event};

pub const IDLE_TIMEOUT_SECS: i64 = 2 * 60 * 60;
pub const ABSOLUTE_LIFETIME_SECS: i64 = 12 * 60 * 60;
/// `last_seen_at` is written at most this often, so reads don't each cost a write.
const TOUCH_EVERY_SECS: i64 = 60;

/// Why a session ended; stored in `admin_sessions.revoked_reason`.
pub mod reason {
    pub const LOGOUT: &str = "logout";
    pub const DISABLED: &str = "disabled";
    pub const REPLACED: &str = "replaced";
    pub const PASSWORD: &str = "password";
}

/// The signed-in account behind a request.
#[derive(Clone, Debug)]
pub struct Admin {
    pub id: i64,
    pub name: String,
    pub rule_id: String,
    pub session_id: i64,
}

fn digest(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The token of a request: `Authorization` (optionally `Bearer …`) or `token`.
pub fn token_from(headers: &HeaderMap) -> Option<&str> {
    ["authorization", "token"].iter().find_map(|name| {
        let v = headers.get(*name)?.to_str().ok()?.trim();
        let v = v.strip_prefix("Bearer ").unwrap_or(v).trim();
        (!v.is_empty()).then_some(v)
    })
}

/// How long a session a request proved valid is taken as valid without asking Postgres.
pub const CACHE_TTL: Duration = Duration::from_secs(2);
/// Entries kept at most; past it the expired ones go, and all of them if none had expired.
const CACHE_MAX: usize = 10_000;

/// Valid sessions by token digest, with when they were checked.
type Entries = HashMap<Vec<u8>, (Admin, Instant)>;
static CACHE: LazyLock<Mutex<Entries>> = LazyLock::new(Default::default);
/// Bumped (under the cache's lock) by every [`forget`]: a lookup that started before a forget
/// may have read what the forget was about, so it is not cached.
static GENERATION: AtomicU64 = AtomicU64::new(0);

fn generation() -> u64 {
    GENERATION.load(Ordering::SeqCst)
}

fn cache() -> std::sync::MutexGuard<'static, Entries> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

fn cached(key: &[u8]) -> Option<Admin> {
    let cache = cache();
    let (admin, at) = cache.get(key)?;
    (at.elapsed() < CACHE_TTL).then(|| admin.clone())
}

/// Caches a session looked up when the cache's generation was `seen`, unless a forget came since.
fn remember(key: Vec<u8>, admin: &Admin, seen: u64) {
    let mut cache = cache();
    if generation() != seen {
        return;
    }
    if cache.len() >= CACHE_MAX {
        cache.retain(|_, (_, at)| at.elapsed() < CACHE_TTL);
        if cache.len() >= CACHE_MAX {
            cache.clear();
        }
    }
    cache.insert(key, (admin.clone(), Instant::now()));
}

/// Forgets the cached sessions of an account (its sessions changed).
pub fn forget(admin_id: i64) {
    let mut cache = cache();
    GENERATION.fetch_add(1, Ordering::SeqCst);
    cache.retain(|_, (admin, _)| admin.id != admin_id);
}

/// As [`authenticate`], answering from the sessions proved valid within [`CACHE_TTL`]; takes a
/// connection only when it has to ask Postgres.
pub async fn authenticate_cached(db: &PgPool, headers: &HeaderMap) -> Result<Admin> {
    let token = token_from(headers).ok_or(AppError::Unauthenticated("请先登录"))?;
    let key = digest(token);
    if let Some(admin) = cached(&key) {
        return Ok(admin);
    }
    let seen = generation();
    let mut conn = db.acquire().await?;
    let admin = authenticate(&mut conn, headers).await?;
    remember(key, &admin, seen);
    Ok(admin)
}

/// Starts a session and ends the account's other live ones. Answers the token.
pub async fn create(conn: &mut PgConnection, admin_id: i64, ip: &str) -> Result<String> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    sqlx::query(
        "update admin_sessions set revoked_at = now(), revoked_reason = $2
         where admin_id = $1 and revoked_at is null",
    )
    .bind(admin_id)
    .bind(reason::REPLACED)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into admin_sessions (admin_id, token_hash, ip, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => $4))",
    )
    .bind(admin_id)
    .bind(digest(&token))
    .bind(ip)
    .bind(ABSOLUTE_LIFETIME_SECS as f64)
    .execute(&mut *conn)
    .await?;
    announce(conn, admin_id).await?;
    Ok(token)
}

#[derive(sqlx::FromRow)]
struct Row {
    session_id: i64,
    admin_id: i64,
    name: String,
    rule_id: String,
    status: i16,
    last_seen_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    revoked_reason: Option<String>,
    now: DateTime<Utc>,
}

const SESSION_SQL: &str = "select s.id as session_id, a.id as admin_id, a.name, a.rule_id, a.status,
            s.last_seen_at, s.expires_at, s.revoked_reason, now() as now
     from admin_sessions s join admins a on a.id = s.admin_id";

/// Whether a session row still holds: 2002 when disabled or replaced, 2001 when revoked,
/// expired or idle too long.
async fn judge(conn: &mut PgConnection, row: &Row) -> Result<()> {
    match row.revoked_reason.as_deref() {
        Some(reason::DISABLED) => return Err(AppError::SessionEnded("账号已被禁用，请联系管理员")),
        Some(reason::REPLACED) => return Err(AppError::SessionEnded("账号已在其他地方登录")),
        Some(_) => return Err(AppError::Unauthenticated("登录已失效，请重新登录")),
        None => {}
    }
    if row.status != 1 {
        revoke_all(conn, row.admin_id, reason::DISABLED).await?;
        return Err(AppError::SessionEnded("账号已被禁用，请联系管理员"));
    }
    let idle = (row.now - row.last_seen_at).num_seconds();
    if row.now >= row.expires_at || idle >= IDLE_TIMEOUT_SECS {
        return Err(AppError::Unauthenticated("登录已过期，请重新登录"));
    }
    Ok(())
}

/// Resolves the request's token to its account, or answers 2001/2002.
pub async fn authenticate(conn: &mut PgConnection, headers: &HeaderMap) -> Result<Admin> {
    let token = token_from(headers).ok_or(AppError::Unauthenticated("请先登录"))?;
    let row: Option<Row> = sqlx::query_as(&format!("{SESSION_SQL} where s.token_hash = $1"))
        .bind(digest(token))
        .fetch_optional(&mut *conn)
        .await?;
    let row = row.ok_or(AppError::Unauthenticated("登录已失效，请重新登录"))?;
    judge(conn, &row).await?;
    if (row.now - row.last_seen_at).num_seconds() >= TOUCH_EVERY_SECS {
        sqlx::query("update admin_sessions set last_seen_at = now() where id = $1")
            .bind(row.session_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(Admin { id: row.admin_id, name: row.name, rule_id: row.rule_id, session_id: row.session_id })
}

/// The account of a session that still holds, without counting as activity (an open socket
/// is not a user at work), or 2001/2002.
pub async fn check(conn: &mut PgConnection, session_id: i64) -> Result<Admin> {
    let row: Option<Row> = sqlx::query_as(&format!("{SESSION_SQL} where s.id = $1"))
        .bind(session_id)
        .fetch_optional(&mut *conn)
        .await?;
    let row = row.ok_or(AppError::Unauthenticated("登录已失效，请重新登录"))?;
    judge(conn, &row).await?;
    Ok(Admin { id: row.admin_id, name: row.name, rule_id: row.rule_id, session_id: row.session_id })
}

/// Tells the account's open sockets to re-check their sessions (sent at commit), and every
/// process to forget the account's cached sessions (this one at once, and again when the
/// event arrives after the commit). Call it whenever an account's sessions, status or menus
/// change; inside a transaction, call [`forget`] once more after the commit.
pub async fn announce(conn: &mut PgConnection, admin_id: i64) -> Result<()> {
    forget(admin_id);
    realtime::publish(conn, &Event::Session { admin_id }).await?;
    Ok(())
}

pub async fn revoke(conn: &mut PgConnection, session_id: i64, why: &str) -> Result<()> {
    let admin: Option<i64> = sqlx::query_scalar(
        "update admin_sessions set revoked_at = now(), revoked_reason = $2
         where id = $1 and revoked_at is null returning admin_id",
    )
    .bind(session_id)
    .bind(why)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(admin_id) = admin {
        announce(conn, admin_id).await?;
    }
    Ok(())
}

/// Ends every session of `admin`'s account but the one it is making this call with.
pub async fn revoke_others(conn: &mut PgConnection, admin: &Admin, why: &str) -> Result<()> {
    let ended = sqlx::query(
        "update admin_sessions set revoked_at = now(), revoked_reason = $3
         where admin_id = $1 and id <> $2 and revoked_at is null",
    )
    .bind(admin.id)
    .bind(admin.session_id)
    .bind(why)
    .execute(&mut *conn)
    .await?;
    if ended.rows_affected() > 0 {
        announce(conn, admin.id).await?;
    }
    Ok(())
}

pub async fn revoke_all(conn: &mut PgConnection, admin_id: i64, why: &str) -> Result<()> {
    let ended = sqlx::query(
        "update admin_sessions set revoked_at = now(), revoked_reason = $2
         where admin_id = $1 and revoked_at is null",
    )
    .bind(admin_id)
    .bind(why)
    .execute(&mut *conn)
    .await?;
    if ended.rows_affected() > 0 {
        announce(conn, admin_id).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admin(id: i64) -> Admin {
        Admin { id, name: "x".into(), rule_id: "*".into(), session_id: id }
    }

    #[test]
    fn a_lookup_that_overlapped_a_forget_is_not_cached() {
        let key = digest("overlapped-a-forget");
        let seen = generation();
        // The revocation's forget runs while the lookup is reading the still-valid row.
        forget(-7);
        remember(key.clone(), &admin(-7), seen);
        assert!(cached(&key).is_none());
    }

    #[test]
    fn a_lookup_with_no_forget_meanwhile_is_cached_until_the_next_forget() {
        let key = digest("no-forget-meanwhile");
        // Other tests forget concurrently; retry until one lookup ran undisturbed.
        let cached_once = (0..1000).any(|_| {
            let seen = generation();
            remember(key.clone(), &admin(-8), seen);
            cached(&key).is_some()
        });
        assert!(cached_once);
        forget(-8);
        assert!(cached(&key).is_none());
    }
}
