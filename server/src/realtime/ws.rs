//! `GET /background/v1/ws?token=<ticket>`: the socket of one signed-in tab.
//!
//! Refused (HTTP 401, envelope 2001/2002) without a live ticket (auth/ticket.rs; the session
//! token itself only in a header). The socket lives as long as
//! its session: when the account signs in elsewhere, logs out or is disabled it is told (event
//! `login` when signed in elsewhere) and closed with code 4001; the session is also re-checked
//! every 30 s, without prolonging it. Client messages are capped in size and rate.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::auth::guard::ClientAddr;
use crate::auth::session::{self, Admin};
use crate::auth::ticket;
use crate::error::AppError;
use crate::state::AppState;

use super::{Event, LiveMessage};

/// Close code for "your session is over": the client must not reconnect.
pub const CLOSE_SESSION_ENDED: u16 = 4001;
/// Close code for a client breaking the size or rate limits.
pub const CLOSE_POLICY: u16 = 1008;
pub const MAX_MESSAGE_BYTES: usize = 4 * 1024;
/// At most this many client messages per window.
const RATE_LIMIT: u32 = 20;
const RATE_WINDOW: Duration = Duration::from_secs(10);
const RECHECK_EVERY: Duration = Duration::from_secs(30);

#[derive(Deserialize)]
pub struct WsQuery {
    token: Option<String>,
}

pub async fn upgrade(
    State(state): State<AppState>,
    Query(query): Query<WsQuery>,
    ClientAddr(ip): ClientAddr,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let admin = match state.db.acquire().await {
        Ok(mut conn) => ticket::authenticate(&mut conn, query.token.as_deref(), &headers).await,
        Err(e) => Err(e.into()),
    };
    if let Err(e) = &admin {
        tracing::info!(%ip, code = e.code(), "realtime socket refused");
    }
    match admin {
        Ok(admin) => ws
            .max_message_size(MAX_MESSAGE_BYTES)
            .max_frame_size(MAX_MESSAGE_BYTES)
            .on_upgrade(move |socket| serve(socket, state, admin)),
        Err(e) => e.into_response(),
    }
}

#[derive(Deserialize)]
struct ClientMessage {
    #[serde(rename = "msgType")]
    msg_type: String,
    #[serde(rename = "clientId", default)]
    client_id: Option<String>,
}

enum Ended {
    /// The session is over; `Some` tells the client why before closing.
    Session(Option<&'static str>),
    Policy(&'static str),
    Gone,
}

async fn serve(socket: WebSocket, state: AppState, admin: Admin) {
    let (mut sink, mut stream) = socket.split();
    let mut events = state.hub.subscribe();
    let mut recheck = tokio::time::interval(RECHECK_EVERY);
    recheck.tick().await;
    let mut window = (Instant::now(), 0u32);
    let send = |m: &LiveMessage| Message::Text(Utf8Bytes::from(serde_json::to_string(m).unwrap_or_default()));

    let ended = loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if window.0.elapsed() > RATE_WINDOW {
                        window = (Instant::now(), 0);
                    }
                    window.1 += 1;
                    if window.1 > RATE_LIMIT {
                        break Ended::Policy("消息过于频繁");
                    }
                    let Ok(msg) = serde_json::from_str::<ClientMessage>(&text) else { continue };
                    let reply = match msg.msg_type.as_str() {
                        "subscribe" => {
                            let client: String = msg.client_id.unwrap_or_default().chars().take(64).collect();
                            tracing::debug!(admin = admin.id, client, "realtime subscribe");
                            LiveMessage::new("subscribed", admin.id, client)
                        }
                        "ping" => LiveMessage::new("pong", admin.id, ""),
                        _ => continue,
                    };
                    if sink.send(send(&reply)).await.is_err() {
                        break Ended::Gone;
                    }
                }
                Some(Ok(Message::Binary(_))) => break Ended::Policy("不支持二进制消息"),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | None => break Ended::Gone,
                // Oversized frames and protocol errors end up here.
                Some(Err(_)) => break Ended::Policy("消息过大或格式错误"),
            },
            event = events.recv() => match event {
                Ok(event) => match &*event {
                    Event::Push { to, message } if *to == admin.id && sink.send(send(message)).await.is_err() => {
                        break Ended::Gone;
                    }
                    Event::Session { admin_id } if *admin_id == admin.id => {
                        if let Some(why) = session_over(&state, &admin).await {
                            break Ended::Session(why);
                        }
                    }
                    _ => {}
                },
                Err(RecvError::Lagged(n)) => tracing::warn!(admin = admin.id, n, "realtime socket lagged"),
                Err(RecvError::Closed) => break Ended::Gone,
            },
            _ = recheck.tick() => {
                if let Some(why) = session_over(&state, &admin).await {
                    break Ended::Session(why);
                }
            }
        }
    };

    let close = |code: u16, reason: &str| Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from(reason) }));
    match ended {
        Ended::Session(notice) => {
            if let Some(text) = notice {
                let _ = sink.send(send(&LiveMessage::new("login", admin.id, text))).await;
            }
            let _ = sink.send(close(CLOSE_SESSION_ENDED, "session ended")).await;
        }
        Ended::Policy(why) => {
            tracing::info!(admin = admin.id, why, "closing a realtime socket");
            let _ = sink.send(close(CLOSE_POLICY, "policy violation")).await;
        }
        Ended::Gone => {}
    }
}

/// `None` while the session holds; otherwise whether to tell the client it signed in elsewhere.
async fn session_over(state: &AppState, admin: &Admin) -> Option<Option<&'static str>> {
    let mut conn = state.db.acquire().await.ok()?;
    match session::check(&mut conn, admin.session_id).await {
        Ok(_) => None,
        Err(AppError::SessionEnded(message)) => Some(Some(message)),
        Err(AppError::Unauthenticated(_)) => Some(None),
        // A database hiccup is not a reason to drop the client.
        Err(_) => None,
    }
}
