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
pub const MAX_SKEW_SECS: u64 = 300;
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

/// At most this many nonces are remembered: 7/8 of 2^20, what a hash table of 2^20 slots holds
/// (about 17 MB, 16-byte entries), so 180 s of 5,000 signed requests a second. Beyond it, and
/// with no nonce expired, requests are refused (4029) rather than let the memory grow.
pub const NONCE_CAP: usize = (1 << 20) / 8 * 7;
/// A full cache is swept for expired nonces at most this often.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// Nonces seen within [`NONCE_TTL`], kept as 64-bit digests with the second they were seen (a
/// false "replay" needs two of a million nonces to share 64 bits). In-process: one server instance
/// sees every request of a client session; a fleet behind a load balancer would move this to
/// Postgres or pin sessions.
pub struct NonceCache {
    cap: usize,
    inner: Mutex<Nonces>,
}

struct Nonces {
    /// Digest → seconds since `epoch` when seen.
    seen: HashMap<u64, u32>,
    swept: Option<Instant>,
    epoch: Instant,
}

impl Default for NonceCache {
    fn default() -> Self {
        Self::with_cap(NONCE_CAP)
    }
}

/// What [`NonceCache::insert`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Nonce {
    Fresh,
    Replayed,
    /// The cache is full of live nonces.
    Full,
}

impl NonceCache {
    pub fn with_cap(cap: usize) -> Self {
        let nonces = Nonces { seen: HashMap::new(), swept: None, epoch: Instant::now() };
        Self { cap, inner: Mutex::new(nonces) }
    }

    /// Records the nonce unless it was seen within the TTL or there is no room.
    pub fn insert(&self, nonce: &str, now: Instant) -> Nonce {
        let digest = Sha256::digest(nonce.as_bytes());
        let key = u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"));
        let mut nonces = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let second = u32::try_from(now.saturating_duration_since(nonces.epoch).as_secs()).unwrap_or(u32::MAX);
        let live = |at: &u32| u64::from(second.saturating_sub(*at)) < NONCE_TTL.as_secs();
        if nonces.seen.get(&key).is_some_and(live) {
            return Nonce::Replayed;
        }
        // Sweep when full, and now and then once there is something to sweep, so a quiet
        // server gives its memory back; never more than once per SWEEP_EVERY.
        let due = nonces.swept.is_none_or(|at| now.saturating_duration_since(at) >= SWEEP_EVERY);
        let periodic = nonces.seen.len() >= 4096
            && nonces.swept.is_none_or(|at| now.saturating_duration_since(at) >= NONCE_TTL / 10);
        if (nonces.seen.len() >= self.cap && due) || periodic {
            nonces.seen.retain(|_, at| live(at));
            nonces.swept = Some(now);
        }
        if nonces.seen.len() >= self.cap {
            return Nonce::Full;
        }
        nonces.seen.insert(key, second);
        Nonce::Fresh
    }

    /// Spends a verified request's nonce: 2003 for a replay, 4029 when the cache is full.
    pub fn spend(&self, nonce: &str) -> Result<()> {
        match self.insert(nonce, Instant::now()) {
            Nonce::Fresh => Ok(()),
            Nonce::Replayed => Err(AppError::BadSignature("重复的请求")),
            Nonce::Full => Err(AppError::RateLimited(BUSY)),
        }
    }

    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

const BUSY: &str = "请求过于频繁，请稍后再试";

/// Requests failing the signature one address may make in a burst, and how fast the
/// allowance comes back. A browser whose clock is off fails every call, so the burst is
/// generous; a flood from one address is stopped before any work.
pub const BAD_BURST: f64 = 60.0;
pub const BAD_REFILL_PER_SEC: f64 = 1.0;
/// At most this many addresses are tracked; beyond them, new addresses go untracked (the
/// limiter fails open rather than grow).
pub const BAD_ADDRESSES: usize = 10_000;

/// Token buckets per address for requests failing the signature (2003). IPv6 addresses count
/// per /64, what one host usually holds.
#[derive(Default)]
pub struct BadTraffic {
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

fn address_key(ip: &str) -> String {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let net = u128::from(v6) & (u128::MAX << 64);
            format!("{}/64", std::net::Ipv6Addr::from(net))
        }
        _ => ip.to_owned(),
    }
}

fn refilled((tokens, at): (f64, Instant), now: Instant) -> f64 {
    (tokens + now.saturating_duration_since(at).as_secs_f64() * BAD_REFILL_PER_SEC).min(BAD_BURST)
}

impl BadTraffic {
    /// False once the address has spent its allowance: answer 4029 without doing any work.
    pub fn allows(&self, ip: &str, now: Instant) -> bool {
        let buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        buckets.get(&address_key(ip)).is_none_or(|b| refilled(*b, now) >= 1.0)
    }

    /// Counts one failed request against the address.
    pub fn record(&self, ip: &str, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let key = address_key(ip);
        if !buckets.contains_key(&key) && buckets.len() >= BAD_ADDRESSES {
            // Full buckets say nothing a missing one doesn't.
            buckets.retain(|_, b| refilled(*b, now) < BAD_BURST);
            if buckets.len() >= BAD_ADDRESSES {
                return;
            }
        }
        let tokens = buckets.get(&key).map_or(BAD_BURST, |b| refilled(*b, now));
        buckets.insert(key, ((tokens - 1.0).max(0.0), now));
    }

    /// The answer to an address over its allowance.
    pub fn refusal() -> AppError {
        AppError::RateLimited(BUSY)
    }
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|s| !s.is_empty())
}

/// Checks the `timestamp`, `nonce` and `sign` headers against the payload; answers the nonce,
/// which the guard spends ([`NonceCache::spend`]) once the caller is authenticated, so
/// anonymous traffic can't fill the cache.
pub fn verify<'h>(headers: &'h HeaderMap, payload: &Payload, secret: &str, now_unix: i64) -> Result<&'h str> {
    let (Some(timestamp), Some(nonce), Some(given)) =
        (header(headers, "timestamp"), header(headers, "nonce"), header(headers, "sign"))
    else {
        return Err(AppError::BadSignature("缺少签名"));
    };
    let ts: i64 = timestamp.parse().map_err(|_| AppError::BadSignature("时间戳无效"))?;
    if now_unix.abs_diff(ts) > MAX_SKEW_SECS {
        return Err(AppError::BadSignature("请求已过期，请检查系统时间"));
    }
    if !(16..=128).contains(&nonce.len()) {
        return Err(AppError::BadSignature("随机串无效"));
    }
    let expected = sign(&canonical(&payload.canonical_fields(), timestamp, nonce, secret));
    if !constant_time_eq(expected.as_bytes(), given.to_ascii_uppercase().as_bytes()) {
        return Err(AppError::BadSignature("签名错误"));
    }
    Ok(nonce)
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
        assert_eq!(cache.insert("n1", t0), Nonce::Fresh);
        assert_eq!(cache.insert("n1", t0 + Duration::from_secs(599)), Nonce::Replayed);
        assert_eq!(cache.insert("n1", t0 + NONCE_TTL + Duration::from_secs(1)), Nonce::Fresh);
    }

    #[test]
    fn a_full_nonce_cache_refuses_until_its_nonces_expire() {
        let cache = NonceCache::with_cap(3);
        let t0 = Instant::now();
        for n in ["a", "b", "c"] {
            assert_eq!(cache.insert(n, t0), Nonce::Fresh);
        }
        assert_eq!(cache.insert("d", t0 + Duration::from_secs(5)), Nonce::Full);
        assert_eq!(cache.len(), 3);
        // A replay is still told apart from a full cache.
        assert_eq!(cache.insert("a", t0 + Duration::from_secs(5)), Nonce::Replayed);
        // Once they expire, the sweep makes room.
        assert_eq!(cache.insert("d", t0 + NONCE_TTL + Duration::from_secs(1)), Nonce::Fresh);
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn the_nonce_cache_at_its_cap_stays_within_20_mb() {
        let cache = NonceCache::default();
        let t0 = Instant::now();
        for i in 0..NONCE_CAP {
            assert_eq!(cache.insert(&format!("nonce-{i:016}"), t0), Nonce::Fresh);
        }
        assert_eq!(cache.insert("one-more-nonce-xx", t0), Nonce::Full);
        let nonces = cache.inner.lock().unwrap();
        let bytes = nonces.seen.capacity() * (std::mem::size_of::<(u64, u32)>() + 1);
        assert!(bytes < 20 << 20, "{bytes} bytes");
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

    #[test]
    fn an_address_failing_signatures_is_stopped_after_its_burst_and_recovers() {
        let bad = BadTraffic::default();
        let t0 = Instant::now();
        for _ in 0..BAD_BURST as usize {
            assert!(bad.allows("203.0.113.9", t0));
            bad.record("203.0.113.9", t0);
        }
        assert!(!bad.allows("203.0.113.9", t0));
        assert!(bad.allows("203.0.113.10", t0), "another address is not affected");
        assert!(bad.allows("203.0.113.9", t0 + Duration::from_secs(2)), "the allowance comes back");
        // One IPv6 host is one /64.
        for _ in 0..BAD_BURST as usize {
            bad.record("2001:db8:1:2::5", t0);
        }
        assert!(!bad.allows("2001:db8:1:2::99", t0));
        assert!(bad.allows("2001:db8:1:3::5", t0));
    }

    #[test]
    fn the_bad_traffic_map_stays_bounded() {
        let bad = BadTraffic::default();
        let t0 = Instant::now();
        for i in 0..BAD_ADDRESSES + 500 {
            bad.record(&format!("10.{}.{}.{}", i >> 16 & 255, i >> 8 & 255, i & 255), t0);
        }
        assert_eq!(bad.buckets.lock().unwrap().len(), BAD_ADDRESSES);
    }
}
