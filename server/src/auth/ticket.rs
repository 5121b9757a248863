//! Tickets: what a URL carries instead of the session token. A browser can't set headers on a
//! download link or a WebSocket, and a token in a URL ends up in history and proxy logs; a
//! ticket is good for [`TICKET_SECS`] and one use, bound to the session that asked for it
//! (ending the session voids it), and stored as a SHA-256 hash in Postgres so that any server
//! process can redeem it exactly once (`delete … returning`).

use axum::http::HeaderMap;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;

use crate::error::{AppError, Result};

use super::session::{self, Admin};

/// How long a ticket is good for: long enough to open a socket or start a download.
pub const TICKET_SECS: i64 = 60;

const REFUSED: &str = "登录已失效，请重新登录";

fn digest(ticket: &str) -> Vec<u8> {
    Sha256::digest(ticket.as_bytes()).to_vec()
}

/// A fresh ticket for the session; expired tickets of every session are swept on the way.
pub async fn issue(conn: &mut PgConnection, session_id: i64) -> Result<String> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let ticket = hex::encode(bytes);
    sqlx::query("delete from auth_tickets where expires_at < now()").execute(&mut *conn).await?;
    sqlx::query(
        "insert into auth_tickets (ticket_hash, session_id, expires_at)
         values ($1, $2, now() + make_interval(secs => $3))",
    )
    .bind(digest(&ticket))
    .bind(session_id)
    .bind(TICKET_SECS as f64)
    .execute(&mut *conn)
    .await?;
    Ok(ticket)
}

/// Spends a ticket: its account when the ticket is live and its session still holds, else
/// 2001 (2002 when the session was replaced or the account disabled). A second use finds
/// nothing.
pub async fn redeem(conn: &mut PgConnection, ticket: &str) -> Result<Admin> {
    let spent: Option<(i64, bool)> =
        sqlx::query_as("delete from auth_tickets where ticket_hash = $1 returning session_id, expires_at > now()")
            .bind(digest(ticket))
            .fetch_optional(&mut *conn)
            .await?;
    let Some((session_id, true)) = spent else {
        return Err(AppError::Unauthenticated(REFUSED));
    };
    session::check(conn, session_id).await
}

/// The caller of a download or a socket: a ticket in the `token` query parameter, else the
/// session token in the headers. A session token in the query is not a ticket and is refused.
pub async fn authenticate(conn: &mut PgConnection, query_token: Option<&str>, headers: &HeaderMap) -> Result<Admin> {
    match query_token.map(str::trim).filter(|t| !t.is_empty()) {
        Some(ticket) => redeem(conn, ticket).await,
        None => session::authenticate(conn, headers).await,
    }
}
