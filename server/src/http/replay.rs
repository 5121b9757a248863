//! Replay protection and the per-address throttles beside it: the nonces seen within
//! [`NONCE_TTL`] (bounded, see [`NonceCache`]) and the allowance of requests failing the
//! signature ([`BadTraffic`]). Signing itself is [`super::sign`].

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use super::sign::STALE;
use crate::error::{AppError, Result};

/// How long a nonce is remembered; longer than twice the skew so no replay slips through.
pub const NONCE_TTL: Duration = Duration::from_secs(600);

/// At most this many nonces are remembered: 7/8 of 2^20, what a hash table of 2^20 slots holds
/// (about 17 MB, 16-byte entries), so 180 s of 5,000 signed requests a second. Beyond it the
/// oldest signed seconds are forgotten (see [`NonceCache`]) rather than let the memory grow.
pub const NONCE_CAP: usize = (1 << 20) / 8 * 7;
/// A full cache is swept for expired nonces at most this often.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// Nonces seen within [`NONCE_TTL`], kept as 64-bit digests with the second they were seen and
/// their signed timestamp (a false "replay" needs two of a million nonces to share 64 bits).
///
/// Full of live nonces, the cache forgets the oldest signed seconds (at least 1/64 of its
/// entries at once, so a flood can't make every request scan the table) and from then on
/// refuses, as stale, any request signed in a forgotten second: a replay carries its original
/// timestamp (changing it breaks the signature), so no forgotten nonce can come back. Honest
/// clients sign with the current second, which is forgotten last. A forgotten second is
/// remembered for [`NONCE_TTL`], longer than a timestamp is accepted.
///
/// Calls open to anyone ([`super::call::Access::Public`]) may also spend only so many nonces
/// per address ([`PUBLIC_BURST`]), so one address can't push honest clients' seconds out.
///
/// In-process: one server instance sees every request of a client session; a fleet behind a
/// load balancer would move this to Postgres or pin sessions.
pub struct NonceCache {
    cap: usize,
    inner: Mutex<Nonces>,
    public: Buckets,
}

struct Nonces {
    /// Digest → (seconds since `epoch` when seen, signed timestamp).
    seen: HashMap<u64, (u32, u32)>,
    /// How many entries of `seen` each signed timestamp has: finds the oldest without a scan.
    per_second: BTreeMap<u32, u32>,
    /// Signed timestamps whose nonces were forgotten → seconds since `epoch` when.
    forgotten: BTreeMap<u32, u32>,
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
    /// Signed in a second whose nonces were forgotten to make room.
    Stale,
}

/// Nonces one address may spend on public calls in a burst, and how fast the allowance comes
/// back: a sign-in rush of a whole office behind one NAT fits; filling the cache from one
/// address would take NONCE_CAP seconds.
pub const PUBLIC_BURST: f64 = 600.0;
pub const PUBLIC_REFILL_PER_SEC: f64 = 1.0;

impl NonceCache {
    pub fn with_cap(cap: usize) -> Self {
        let nonces = Nonces {
            seen: HashMap::new(),
            per_second: BTreeMap::new(),
            forgotten: BTreeMap::new(),
            swept: None,
            epoch: Instant::now(),
        };
        Self { cap: cap.max(1), inner: Mutex::new(nonces), public: Buckets::new(PUBLIC_BURST, PUBLIC_REFILL_PER_SEC) }
    }

    /// Records the nonce, signed at unix second `timestamp`, unless it was seen within the TTL
    /// or its second was forgotten.
    pub fn insert(&self, nonce: &str, timestamp: i64, now: Instant) -> Nonce {
        let digest = Sha256::digest(nonce.as_bytes());
        let key = u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"));
        // Verified timestamps are within minutes of the clock: u32 holds them until 2106.
        let ts = u32::try_from(timestamp.max(0)).unwrap_or(u32::MAX);
        let mut guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let nonces = &mut *guard;
        let second = u32::try_from(now.saturating_duration_since(nonces.epoch).as_secs()).unwrap_or(u32::MAX);
        let live = |at: u32| u64::from(second.saturating_sub(at)) < NONCE_TTL.as_secs();
        if nonces.seen.get(&key).is_some_and(|(at, _)| live(*at)) {
            return Nonce::Replayed;
        }
        if nonces.forgotten.get(&ts).is_some_and(|at| live(*at)) {
            return Nonce::Stale;
        }
        // Sweep when full, and now and then once there is something to sweep, so a quiet
        // server gives its memory back; never more than once per SWEEP_EVERY.
        let due = nonces.swept.is_none_or(|at| now.saturating_duration_since(at) >= SWEEP_EVERY);
        let periodic = nonces.seen.len() >= 4096
            && nonces.swept.is_none_or(|at| now.saturating_duration_since(at) >= NONCE_TTL / 10);
        if (nonces.seen.len() >= self.cap && due) || periodic {
            let per_second = &mut nonces.per_second;
            nonces.seen.retain(|_, (at, ts)| {
                let keep = live(*at);
                if !keep {
                    uncount(per_second, *ts);
                }
                keep
            });
            nonces.forgotten.retain(|_, at| live(*at));
            nonces.swept = Some(now);
        }
        if nonces.seen.len() >= self.cap {
            nonces.forget_oldest(self.cap.div_ceil(64), second);
            if nonces.forgotten.contains_key(&ts) {
                return Nonce::Stale;
            }
        }
        if let Some((_, old)) = nonces.seen.insert(key, (second, ts)) {
            // An expired entry of the same digest, not swept yet.
            uncount(&mut nonces.per_second, old);
        }
        *nonces.per_second.entry(ts).or_default() += 1;
        Nonce::Fresh
    }

    /// Spends a verified request's nonce: 2003 for a replay or a forgotten second. `public`
    /// names the caller's address when the call is open to anyone: 4029 once it has spent
    /// its allowance.
    pub fn spend(&self, nonce: &str, timestamp: i64, public: Option<&str>) -> Result<()> {
        let now = Instant::now();
        if let Some(ip) = public {
            if !self.public.allows(ip, now) {
                return Err(AppError::RateLimited(BUSY));
            }
            self.public.record(ip, now);
        }
        match self.insert(nonce, timestamp, now) {
            Nonce::Fresh => Ok(()),
            Nonce::Replayed => Err(AppError::BadSignature("重复的请求")),
            Nonce::Stale => Err(AppError::BadSignature(STALE)),
        }
    }

    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Nonces {
    /// Forgets the nonces of the oldest signed seconds, at least `at_least` of them.
    fn forget_oldest(&mut self, at_least: usize, second: u32) {
        let mut freed = 0usize;
        let mut last = None;
        for (&ts, &count) in &self.per_second {
            freed += count as usize;
            last = Some(ts);
            if freed >= at_least {
                break;
            }
        }
        let Some(last) = last else { return };
        while let Some(entry) = self.per_second.first_entry()
            && *entry.key() <= last
        {
            self.forgotten.insert(entry.remove_entry().0, second);
        }
        self.seen.retain(|_, (_, ts)| *ts > last);
    }
}

fn uncount(per_second: &mut BTreeMap<u32, u32>, ts: u32) {
    if let Some(count) = per_second.get_mut(&ts) {
        *count -= 1;
        if *count == 0 {
            per_second.remove(&ts);
        }
    }
}

const BUSY: &str = "请求过于频繁，请稍后再试";

/// Requests failing the signature one address may make in a burst, and how fast the
/// allowance comes back. A browser whose clock is off fails every call, so the burst is
/// generous; a flood from one address is stopped before any further work.
pub const BAD_BURST: f64 = 60.0;
pub const BAD_REFILL_PER_SEC: f64 = 1.0;
/// At most this many addresses are tracked; beyond them, new addresses go untracked (the
/// limiter fails open rather than grow).
pub const BAD_ADDRESSES: usize = 10_000;

/// Token buckets per address. IPv6 addresses count per /64, what one host usually holds.
struct Buckets {
    burst: f64,
    per_sec: f64,
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

impl Buckets {
    fn new(burst: f64, per_sec: f64) -> Self {
        Self { burst, per_sec, buckets: Mutex::default() }
    }

    fn refilled(&self, (tokens, at): (f64, Instant), now: Instant) -> f64 {
        (tokens + now.saturating_duration_since(at).as_secs_f64() * self.per_sec).min(self.burst)
    }

    fn allows(&self, ip: &str, now: Instant) -> bool {
        let buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        buckets.get(&address_key(ip)).is_none_or(|b| self.refilled(*b, now) >= 1.0)
    }

    fn record(&self, ip: &str, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let key = address_key(ip);
        if !buckets.contains_key(&key) && buckets.len() >= BAD_ADDRESSES {
            // Full buckets say nothing a missing one doesn't.
            buckets.retain(|_, b| self.refilled(*b, now) < self.burst);
            if buckets.len() >= BAD_ADDRESSES {
                return;
            }
        }
        let tokens = buckets.get(&key).map_or(self.burst, |b| self.refilled(*b, now));
        buckets.insert(key, ((tokens - 1.0).max(0.0), now));
    }
}

/// Per-address allowance of requests failing the signature (2003); requests that verify are
/// never charged or refused by it.
pub struct BadTraffic(Buckets);

impl Default for BadTraffic {
    fn default() -> Self {
        Self(Buckets::new(BAD_BURST, BAD_REFILL_PER_SEC))
    }
}

impl BadTraffic {
    /// False once the address has spent its allowance: answer 4029 without doing any more work.
    pub fn allows(&self, ip: &str, now: Instant) -> bool {
        self.0.allows(ip, now)
    }

    /// Counts one failed request against the address.
    pub fn record(&self, ip: &str, now: Instant) {
        self.0.record(ip, now)
    }

    /// The answer to an address over its allowance.
    pub fn refusal() -> AppError {
        AppError::RateLimited(BUSY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_700_000_000;
    #[test]
    fn a_nonce_is_accepted_once_within_its_ttl() {
        let cache = NonceCache::default();
        let t0 = Instant::now();
        assert_eq!(cache.insert("n1", T, t0), Nonce::Fresh);
        assert_eq!(cache.insert("n1", T, t0 + Duration::from_secs(599)), Nonce::Replayed);
        assert_eq!(cache.insert("n1", T, t0 + NONCE_TTL + Duration::from_secs(1)), Nonce::Fresh);
    }

    #[test]
    fn a_full_nonce_cache_forgets_its_oldest_second_and_refuses_that_second_from_then_on() {
        let cache = NonceCache::with_cap(4);
        let t0 = Instant::now();
        for (n, ts) in [("a", T), ("b", T), ("c", T + 1), ("d", T + 2)] {
            assert_eq!(cache.insert(n, ts, t0), Nonce::Fresh);
        }
        // Full of live nonces: a new one gets in; the oldest second (T) makes room.
        assert_eq!(cache.insert("e", T + 3, t0 + Duration::from_secs(5)), Nonce::Fresh);
        assert_eq!(cache.len(), 3);
        // A replay of a forgotten nonce is refused as stale, and so is anything else signed in
        // that second; the seconds still held tell replays apart as before.
        assert_eq!(cache.insert("a", T, t0 + Duration::from_secs(5)), Nonce::Stale);
        assert_eq!(cache.insert("z", T, t0 + Duration::from_secs(5)), Nonce::Stale);
        assert_eq!(cache.insert("c", T + 1, t0 + Duration::from_secs(5)), Nonce::Replayed);
        // The forgotten second is remembered as long as a nonce would be.
        assert_eq!(cache.insert("a", T, t0 + NONCE_TTL + Duration::from_secs(6)), Nonce::Fresh);
    }

    #[test]
    fn future_timestamps_filling_the_cache_do_not_lock_out_the_current_second() {
        let cache = NonceCache::with_cap(64);
        let t0 = Instant::now();
        for i in 0..64 {
            assert_eq!(cache.insert(&format!("flood-{i}"), T + 300, t0), Nonce::Fresh);
        }
        for i in 0..10 {
            assert_eq!(cache.insert(&format!("honest-{i}"), T, t0), Nonce::Fresh, "{i}");
        }
        assert_eq!(cache.insert("flood-0", T + 300, t0), Nonce::Stale);
    }

    #[test]
    fn the_nonce_cache_at_its_cap_stays_within_20_mb() {
        let cache = NonceCache::default();
        let t0 = Instant::now();
        for i in 0..NONCE_CAP {
            let ts = T + (i * 600 / NONCE_CAP) as i64;
            assert_eq!(cache.insert(&format!("nonce-{i:016}"), ts, t0), Nonce::Fresh);
        }
        assert_eq!(cache.insert("one-more-nonce-xx", T + 600, t0), Nonce::Fresh);
        let nonces = cache.inner.lock().unwrap();
        assert!(nonces.seen.len() <= NONCE_CAP - NONCE_CAP / 64 + 1, "{} entries", nonces.seen.len());
        let bytes = nonces.seen.capacity() * (std::mem::size_of::<(u64, (u32, u32))>() + 1);
        assert!(bytes < 20 << 20, "{bytes} bytes");
    }

    #[test]
    fn an_address_may_spend_only_so_many_nonces_on_public_calls() {
        let cache = NonceCache::default();
        let now = chrono::Utc::now().timestamp();
        for i in 0..PUBLIC_BURST as usize {
            cache.spend(&format!("public-nonce-{i:08}"), now, Some("203.0.113.9")).unwrap();
        }
        let refused = cache.spend("one-more-public-nonce", now, Some("203.0.113.9")).unwrap_err();
        assert!(matches!(refused, AppError::RateLimited(_)));
        cache.spend("another-address-nonce", now, Some("203.0.113.10")).unwrap();
        cache.spend("a-signed-in-call-nonce", now, None).unwrap();
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
        assert_eq!(bad.0.buckets.lock().unwrap().len(), BAD_ADDRESSES);
    }
}
