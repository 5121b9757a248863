//! Request signing (docs/api.md, "Signing"): `sign = UPPER(hex(sha256(hex(sha256(canonical)))))` over the
//! payload fields, timestamp, nonce and the shared secret. It guards against replay and
//! tampering; the token alone authenticates.

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};

use super::Payload;
use crate::error::{AppError, Result};

/// How far a request's timestamp may be from the server's clock.
pub const MAX_SKEW_SECS: u64 = 300;

pub fn canonical(fields: &str, timestamp: &str, nonce: &str, secret: &str) -> String {
    let sep = if fields.is_empty() { "" } else { "&" };
    format!("{fields}{sep}timestamp={timestamp}&nonce={nonce}&key={secret}")
}

pub fn sign(canonical: &str) -> String {
    let inner = hex::encode(Sha256::digest(canonical.as_bytes()));
    hex::encode_upper(Sha256::digest(inner.as_bytes()))
}

/// The answer to a request whose timestamp is too far from the server's clock, or signed in a
/// second the nonce memory had to forget.
pub(crate) const STALE: &str = "请求已过期，请检查系统时间";

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|s| !s.is_empty())
}

/// A verified request's nonce and signed timestamp.
#[derive(Debug)]
pub struct Signed<'h> {
    pub nonce: &'h str,
    pub timestamp: i64,
}

/// Checks the `timestamp`, `nonce` and `sign` headers against the payload; answers the nonce,
/// which the guard spends ([`super::replay::NonceCache::spend`]) once the caller is authenticated, so
/// anonymous traffic can't fill the cache.
pub fn verify<'h>(headers: &'h HeaderMap, payload: &Payload, secret: &str, now_unix: i64) -> Result<Signed<'h>> {
    let (Some(timestamp), Some(nonce), Some(given)) =
        (header(headers, "timestamp"), header(headers, "nonce"), header(headers, "sign"))
    else {
        return Err(AppError::BadSignature("缺少签名"));
    };
    let ts: i64 = timestamp.parse().map_err(|_| AppError::BadSignature("时间戳无效"))?;
    if now_unix.abs_diff(ts) > MAX_SKEW_SECS {
        return Err(AppError::BadSignature(STALE));
    }
    if !(16..=128).contains(&nonce.len()) {
        return Err(AppError::BadSignature("随机串无效"));
    }
    let expected = sign(&canonical(&payload.canonical_fields(), timestamp, nonce, secret));
    if !constant_time_eq(expected.as_bytes(), given.to_ascii_uppercase().as_bytes()) {
        return Err(AppError::BadSignature("签名错误"));
    }
    Ok(Signed { nonce, timestamp: ts })
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
    fn absurd_timestamps_are_refused_without_overflow() {
        let payload = Payload::default();
        for ts in [i64::MIN, i64::MAX, i64::MIN + 1, -1] {
            let mut headers = HeaderMap::new();
            headers.insert("timestamp", ts.to_string().parse().unwrap());
            headers.insert("nonce", "abcdefghijklmnop".parse().unwrap());
            headers.insert("sign", "00".parse().unwrap());
            let refused = verify(&headers, &payload, "s3cret", 1_700_000_000).unwrap_err();
            assert!(matches!(refused, AppError::BadSignature(m) if m.contains("过期")), "{ts}");
            // A server clock at either end is no reason to panic either.
            for now in [i64::MAX, i64::MIN] {
                let refused = verify(&headers, &payload, "s3cret", now).unwrap_err();
                assert!(matches!(refused, AppError::BadSignature(_)), "{ts} at {now}");
            }
        }
    }
}
