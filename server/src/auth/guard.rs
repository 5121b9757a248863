//! The guard every call of the catalogue passes, in this order: read the payload, verify the
//! signature (2003), resolve the token (2001/2002), check the call's menu (4003), run the
//! handler, and record a successful write in the operation log.

use std::net::SocketAddr;

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::{AppError, Payload, Result, sign};
use crate::oplog;
use crate::routes::{Access, Call};
use crate::state::AppState;

use super::{permission, session};

/// Payloads larger than this are refused with 4013; uploads go to /storage/upload instead.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

#[derive(Clone)]
pub struct Guard {
    pub state: AppState,
    pub call: &'static Call,
}

/// The caller's address, as the handlers see it.
#[derive(Clone, Debug)]
pub struct ClientIp(pub String);

pub fn client_ip(parts: &Parts) -> String {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

pub async fn guard(State(guard): State<Guard>, req: Request, next: Next) -> Response {
    match run(guard, req, next).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

async fn run(Guard { state, call }: Guard, req: Request, next: Next) -> Result<Response> {
    let (mut parts, body) = req.into_parts();
    let bytes = to_bytes(body, BODY_LIMIT).await.map_err(|_| AppError::TooLarge)?;
    let payload = Payload::parse(&parts, &bytes)?;
    let now = chrono::Utc::now().timestamp();
    sign::verify(&parts.headers, &payload, &state.config.sign_secret, &state.nonces, now)?;

    let admin = match call.access {
        Access::Public => None,
        Access::SignedIn | Access::Menu(_) => {
            let admin = session::authenticate_cached(&state.db, &parts.headers).await?;
            if let Access::Menu(menu) = call.access {
                permission::check_pooled(&state.db, &admin, menu).await?;
            }
            Some(admin)
        }
    };

    let ip = client_ip(&parts);
    parts.extensions.insert(ClientIp(ip.clone()));
    parts.extensions.insert(payload.clone());
    if let Some(admin) = &admin {
        parts.extensions.insert(admin.clone());
    }
    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;

    if call.writes
        && response.status().is_success()
        && let Some(admin) = &admin
    {
        let entry = oplog::Entry::new(call, &ip, &payload);
        if let Err(e) = oplog::record(&state.db, Some(admin), entry).await {
            tracing::error!(error = ?e, call = call.name, "writing the operation log");
        }
    }
    Ok(response)
}
