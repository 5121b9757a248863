//! Request signing (DESIGN.md §2): `sign = UPPER(hex(sha256(hex(sha256(canonical)))))` over the
//! payload fields, timestamp, nonce and the shared secret. It guards against replay and
//! tampering; the token alone authenticates.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};

use super::{AppError, Payload, Result};

/// How far a request's timestamp may be from the server's clock.
pub const MAX_SKEW_SECS: i64 = 300;
/// How long a nonce is remembered; longer than twice the skew so no replay slips through.
pub const NONCE_TTL: Duration = Duration::from_secs(600);

pub fn canonical(fields: &str, timestamp: &str, nonce: &str, secret: &str) -> String {
    let sep = if fields.is_empty() { "" } else { "&" };
    format!("{fields}{sep}timestamp={timestamp}&nonce={nonce}&key={secret}")
}

pub fn sign(canonical: &str) -> String {
    let inner = hex::encode(Sha256::digest(canonical.as_bytes()));
    hex::encode_upper(Sha256::digest(inner.as_bytes()))
}

/// Nonces seen within [`NONCE_TTL`]. In-process: one server instance sees every request of a
/// client session; a fleet behind a load balancer would move this to Postgres.
#[derive(Default)]
pub struct NonceCache {
    seen: Mutex<HashMap<String, Instant>>,
}

impl NonceCache {
    /// Records the nonce; false when it was already seen within the TTL.
    pub fn insert(&self, nonce: &str, now: Instant) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= 4096 && seen.len().is_power_of_two() {
            seen.retain(|_, at| now.duration_since(*at) < NONCE_TTL);
        }
        match seen.get(nonce) {
            Some(at) if now.duration_since(*at) < NONCE_TTL => false,
            _ => {
                seen.insert(nonce.to_owned(), now);
                true
            }
        }
    }
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|s| !s.is_empty())
}

/// Checks the `timestamp`, `nonce` and `sign` headers against the payload.
pub fn verify(
    headers: &HeaderMap,
    payload: &Payload,
    secret: &str,
    nonces: &NonceCache,
    now_unix: i64,
) -> Result<()> {
    let (Some(timestamp), Some(nonce), Some(given)) =
        (header(headers, "timestamp"), header(headers, "nonce"), header(headers, "sign"))
    else {
        return Err(AppError::BadSignature("缺少签名"));
    };
    let ts: i64 = timestamp.parse().map_err(|_| AppError::BadSignature("时间戳无效"))?;
    if (now_unix - ts).abs() > MAX_SKEW_SECS {
        return Err(AppError::BadSignature("请求已过期，请检查系统时间"));
    }
    if !(16..=128).contains(&nonce.len()) {
        return Err(AppError::BadSignature("随机串无效"));
    }
    let expected = sign(&canonical(&payload.canonical_fields(), timestamp, nonce, secret));
    if !constant_time_eq(expected.as_bytes(), given.to_ascii_uppercase().as_bytes()) {
        return Err(AppError::BadSignature("签名错误"));
    }
    if !nonces.insert(nonce, Instant::now()) {
        return Err(AppError::BadSignature("重复的请求"));
    }
    Ok(())
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_design_test_vectors() {
        let c = canonical("acc=admin&pwd=123456", "1700000000", "abcdefghijklmnop", "s3cret");
        assert_eq!(c, "acc=admin&pwd=123456&timestamp=1700000000&nonce=abcdefghijklmnop&key=s3cret");
        assert_eq!(sign(&c), "D5B4B4EF7A2929095DC6A953B3DB737789C92BC3AFDE8EBBC94C7E030B97A060");
        let c = canonical("brandName=伊利&ids=3,4&limit=10&page=1", "1700000000", "abcdefghijklmnop", "s3cret");
        assert_eq!(sign(&c), "F3797C053FD37AEA5B21A5848B74FD98FE499482C31E8CF46DC15E0654D5C0E1");
    }

    #[test]
    fn a_nonce_is_accepted_once_within_its_ttl() {
        let cache = NonceCache::default();
        let t0 = Instant::now();
        assert!(cache.insert("n1", t0));
        assert!(!cache.insert("n1", t0 + Duration::from_secs(599)));
        assert!(cache.insert("n1", t0 + NONCE_TTL + Duration::from_secs(1)));
    }
}
