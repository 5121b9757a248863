//! The guard every call of the catalogue passes, in this order: read the payload, verify the
//! signature (2003), resolve the token (2001/2002), check the call's menu (4003), spend the
//! nonce, run the handler, and record a successful write in the operation log. All of it runs
//! in one tracing span `call{name=…}`, so any line logged on the way (a 5000 included) names
//! its call.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use crate::config::Cidr;
use crate::error::{AppError, Result};
use crate::http::read_cache::ReadCache;
use crate::http::replay::BadTraffic;
use crate::http::{Payload, sign};
use crate::oplog;
use crate::http::call::{Access, Call};
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

/// The caller's address: the socket's peer, or — when the peer is one of the trusted proxies
/// (`ADEVAL_TRUSTED_PROXIES`) — the right-most address of `X-Forwarded-For` that is not a
/// trusted proxy. Anyone can write the header; only hops we trust can vouch for the one
/// before them. Every address-keyed check (sign-in throttle, signature throttle, logs) uses
/// this one function.
pub fn client_ip(headers: &HeaderMap, extensions: &Extensions, trusted: &[Cidr]) -> String {
    let Some(ConnectInfo(peer)) = extensions.get::<ConnectInfo<SocketAddr>>() else {
        return "unknown".into();
    };
    forwarded_client(peer.ip().to_canonical(), headers, trusted).to_string()
}

fn forwarded_client(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    // Each hop is read on its own, from the right: a byte a client wrote (anything, not
    // only UTF-8) must not make us drop the hops our proxies appended after it.
    let lines: Vec<&[u8]> = headers.get_all("x-forwarded-for").iter().map(|v| v.as_bytes()).collect();
    let mut client = peer;
    for hop in lines.iter().flat_map(|line| line.split(|b| *b == b',')).rev() {
        // A hop that isn't an address ends the chain: the trusted hop after it is the client
        // as far as we can tell (the address that handed it to our proxy).
        let Some(ip) = parse_hop(hop) else { break };
        client = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    client
}

fn parse_hop(hop: &[u8]) -> Option<IpAddr> {
    let hop = std::str::from_utf8(hop).ok()?.trim();
    hop.parse::<IpAddr>()
        .or_else(|_| hop.parse::<SocketAddr>().map(|s| s.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

/// The caller's address (see [`client_ip`]) for routes outside the catalogue.
pub struct ClientAddr(pub String);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Self(client_ip(&parts.headers, &parts.extensions, &state.config.trusted_proxies)))
    }
}

pub async fn guard(State(guard): State<Guard>, req: Request, next: Next) -> Response {
    let ip = client_ip(req.headers(), req.extensions(), &guard.state.config.trusted_proxies);
    let span = tracing::info_span!("call", name = guard.call.name, %ip);
    async move {
        let bad = guard.state.bad_traffic.clone();
        match run(guard, ip.clone(), req, next).await {
            Ok(response) => response,
            // Only requests that fail the signature are charged, and an address over its
            // allowance hears 4029 as soon as its request is known to fail; a request that
            // verifies is never refused here (a colleague's skewed clock behind the same NAT
            // must not lock the office out).
            Err(e @ AppError::BadSignature(_)) => {
                let now = Instant::now();
                if !bad.allows(&ip, now) {
                    return BadTraffic::refusal().into_response();
                }
                bad.record(&ip, now);
                e.into_response()
            }
            Err(e) => e.into_response(),
        }
    }
    .instrument(span)
    .await
}

async fn run(Guard { state, call }: Guard, ip: String, req: Request, next: Next) -> Result<Response> {
    let (mut parts, body) = req.into_parts();
    let bytes = to_bytes(body, BODY_LIMIT).await.map_err(|_| AppError::TooLarge)?;
    let payload = Payload::parse(&parts, &bytes)?;
    let now = chrono::Utc::now().timestamp();
    let signed = sign::verify(&parts.headers, &payload, &state.config.sign_secret, now)?;

    let admin = match call.access {
        Access::Public => None,
        Access::SignedIn | Access::Menu(_) | Access::Menus(_) => {
            let admin = session::authenticate_cached(&state.db, &parts.headers).await?;
            match call.access {
                Access::Menu(menu) => permission::check_pooled(&state.db, &admin, &[menu]).await?,
                Access::Menus(menus) => permission::check_pooled(&state.db, &admin, menus).await?,
                Access::Public | Access::SignedIn => {}
            }
            Some(admin)
        }
    };
    let public = (call.access == Access::Public).then_some(ip.as_str());
    state.nonces.spend(signed.nonce, signed.timestamp, public)?;

    parts.extensions.insert(ClientIp(ip.clone()));
    parts.extensions.insert(payload.clone());
    if let Some(admin) = &admin {
        parts.extensions.insert(admin.clone());
    }
    // A kept answer of a busy list, else the handler's (kept when its call is one of those).
    let read_key = (parts.method == Method::GET).then(|| ReadCache::key(call.name, || payload.canonical_fields())).flatten();
    if let Some(hit) = read_key.as_deref().and_then(|key| state.read_cache.get(key)) {
        return Ok(hit);
    }
    let generation = state.read_cache.generation();
    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
    let response = match read_key {
        Some(key) => state.read_cache.store(key, generation, response).await,
        None => response,
    };
    // A write that succeeded makes the kept answers stale and goes in the operation log; a
    // two-step call's typeY 1 is its preview, a read, and does neither.
    if call.writes && response.status().is_success() && !payload.is_preview() {
        state.read_cache.invalidate();
        if let Some(admin) = &admin {
            let entry = oplog::Entry::new(call, &ip, &payload);
            if let Err(e) = oplog::record(&state.db, Some(admin), entry).await {
                tracing::error!(error = ?e, call = call.name, "writing the operation log");
            }
        }
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xff(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().unwrap());
        headers
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_counts_only_from_a_trusted_proxy() {
        let trusted = crate::config::parse_proxies("10.0.0.0/8").unwrap();
        let spoofed = xff("1.2.3.4");
        assert_eq!(forwarded_client(ip("203.0.113.7"), &spoofed, &trusted), ip("203.0.113.7"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), &spoofed, &trusted), ip("1.2.3.4"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), &spoofed, &[]), ip("10.0.0.2"));
    }

    #[test]
    fn the_right_most_untrusted_hop_is_the_client() {
        let trusted = crate::config::parse_proxies("10.0.0.0/8").unwrap();
        // The client wrote "6.6.6.6" itself; the proxies appended the rest.
        let chain = xff("6.6.6.6, 198.51.100.4, 10.1.1.1");
        assert_eq!(forwarded_client(ip("10.0.0.2"), &chain, &trusted), ip("198.51.100.4"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), &xff("10.9.9.9, 10.1.1.1"), &trusted), ip("10.9.9.9"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), &xff("garbage, 10.1.1.1"), &trusted), ip("10.1.1.1"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), &xff("[2001:db8::1]:443"), &trusted), ip("2001:db8::1"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), &HeaderMap::new(), &trusted), ip("10.0.0.2"));
    }

    fn xff_bytes(lines: &[&[u8]]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", axum::http::HeaderValue::from_bytes(line).unwrap());
        }
        headers
    }

    #[test]
    fn a_hop_that_is_not_utf8_ends_the_chain_without_losing_the_hops_after_it() {
        let trusted = crate::config::parse_proxies("10.0.0.0/8").unwrap();
        let peer = ip("10.0.0.2");
        assert_eq!(forwarded_client(peer, &xff_bytes(&[b"\xff, 203.0.113.9"]), &trusted), ip("203.0.113.9"));
        // Unparsable behind a trusted hop: that hop received it from the client.
        assert_eq!(forwarded_client(peer, &xff_bytes(&[b"203.0.113.9, \xff, 10.1.1.1"]), &trusted), ip("10.1.1.1"));
        assert_eq!(forwarded_client(peer, &xff_bytes(&[b"\xc3\xa9"]), &trusted), peer);
    }

    #[test]
    fn several_forwarded_for_lines_are_one_chain_in_order() {
        let trusted = crate::config::parse_proxies("10.0.0.0/8").unwrap();
        let peer = ip("10.0.0.2");
        let lines = xff_bytes(&[b"6.6.6.6, 198.51.100.4", b"10.1.1.1"]);
        assert_eq!(forwarded_client(peer, &lines, &trusted), ip("198.51.100.4"));
        let lines = xff_bytes(&[b"198.51.100.4", b"\xfe", b"10.1.1.1"]);
        assert_eq!(forwarded_client(peer, &lines, &trusted), ip("10.1.1.1"));
    }
}
