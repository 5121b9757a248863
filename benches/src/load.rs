//! The load generator of api_load: many keep-alive connections, each a closed loop (its next
//! request sent when the answer is in), every call signed with a fresh nonce and timestamp as
//! the web client signs (docs/api.md, "Signing"); every request recorded with its start, so a
//! run counts the stretch it wants (after a warm-up, during an import, after it).

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::Request;
use hyper_util::rt::TokioIo;

use adeval_server::http::sign;

/// The signing secret the bench's server is started with.
pub const SECRET: &str = "bench-sign-secret-not-for-production";
/// No run sends more than this many requests, whatever the rate.
const MAX_REQUESTS_PER_RUN: u64 = 5_000_000;

/// A call under load: its report names and the signed request it sends.
pub struct Target {
    pub name: &'static str,
    pub what: &'static str,
    /// Path and query; empty call name for an unsigned path.
    pub call: &'static str,
    pub fields: &'static [(&'static str, &'static str)],
}

/// Nonces unique in this process: a random prefix and a counter.
struct Nonces {
    prefix: String,
    next: AtomicU64,
}

impl Nonces {
    fn next(&self) -> String {
        format!("{}{:016x}", self.prefix, self.next.fetch_add(1, Ordering::Relaxed))
    }
}

fn signed_get(target: &Target, token: &str, nonces: &Nonces) -> Request<Empty<Bytes>> {
    if target.call.is_empty() {
        return Request::get("/healthz").header("host", "127.0.0.1").body(Empty::new()).unwrap();
    }
    let fields: String = target.fields.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
    let timestamp = chrono::Utc::now().timestamp().to_string();
    let nonce = nonces.next();
    let signature = sign::sign(&sign::canonical(&fields, &timestamp, &nonce, SECRET));
    Request::get(format!("/background/v1/{}?{fields}", target.call))
        .header("host", "127.0.0.1")
        .header("timestamp", timestamp)
        .header("nonce", nonce)
        .header("sign", signature)
        .header("authorization", token)
        .body(Empty::new())
        .unwrap()
}

/// One request: when it began, how long it took, whether it answered `"code":200`.
struct Sample {
    began: Instant,
    took_us: u32,
    ok: bool,
}

/// Every request of a run, and the first failure seen (a connection's or an answer's).
#[derive(Default)]
pub struct Samples {
    all: Vec<Sample>,
    broken_connections: u64,
    first_error: Option<String>,
}

/// `connections` closed loops until `window` (awaited while they run) says which stretch
/// counts, and that stretch has passed; every request is recorded with its start.
pub async fn run_samples<W>(port: u16, target: &'static Target, token: Arc<String>, connections: u64, window: W) -> anyhow::Result<(Samples, (Instant, Instant))>
where
    W: Future<Output = anyhow::Result<(Instant, Instant)>>,
{
    let nonces = Arc::new(Nonces { prefix: adeval_server::storage::random_name(8), next: AtomicU64::new(0) });
    let sent = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let start = Instant::now() + Duration::from_millis(200);
    let mut tasks = Vec::new();
    for _ in 0..connections {
        let (token, nonces, sent, stop) = (token.clone(), nonces.clone(), sent.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let mut samples = Vec::new();
            let mut first_error = None;
            let stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
            stream.set_nodelay(true)?;
            let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
            tokio::spawn(conn);
            tokio::time::sleep_until(start.into()).await;
            while !stop.load(Ordering::Relaxed) && sent.fetch_add(1, Ordering::Relaxed) < MAX_REQUESTS_PER_RUN {
                let began = Instant::now();
                let outcome = async {
                    sender.ready().await?;
                    let answer = sender.send_request(signed_get(target, &token, &nonces)).await?;
                    let status = answer.status().as_u16();
                    let body = answer.into_body().collect().await?.to_bytes();
                    anyhow::Ok((status, body))
                }
                .await;
                let took_us = began.elapsed().as_micros().min(u32::MAX as u128) as u32;
                let ok = match &outcome {
                    Ok((200, body)) => target.call.is_empty() || body.windows(11).any(|w| w == b"\"code\":200,"),
                    _ => false,
                };
                if !ok && first_error.is_none() {
                    first_error = Some(match &outcome {
                        Ok((status, body)) => format!("{status}: {}", String::from_utf8_lossy(&body[..body.len().min(200)])),
                        Err(e) => e.to_string(),
                    });
                }
                samples.push(Sample { began, took_us, ok });
                if outcome.is_err() {
                    break;
                }
            }
            anyhow::Ok((samples, first_error))
        }));
    }
    let window = window.await;
    if let Ok((_, until)) = &window {
        tokio::time::sleep_until((*until).into()).await;
    }
    stop.store(true, Ordering::Relaxed);
    let mut samples = Samples::default();
    for task in tasks {
        match task.await? {
            Ok((mine, first_error)) => {
                samples.all.extend(mine);
                samples.first_error = samples.first_error.or(first_error);
            }
            Err(e) => {
                samples.broken_connections += 1;
                samples.first_error = samples.first_error.or(Some(format!("connection: {e}")));
            }
        }
    }
    Ok((samples, window?))
}

impl Samples {
    /// The requests begun within `from..until`.
    pub fn within(&self, (from, until): (Instant, Instant)) -> Run {
        let counted: Vec<&Sample> = self.all.iter().filter(|s| s.began >= from && s.began < until).collect();
        let mut latencies: Vec<u32> = counted.iter().filter(|s| s.ok).map(|s| s.took_us).collect();
        latencies.sort_unstable();
        let at = |q: f64| latencies.get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1))).copied().unwrap_or(0);
        Run {
            rps: latencies.len() as f64 / (until - from).as_secs_f64(),
            p50_ms: at(0.50) as f64 / 1000.0,
            p99_ms: at(0.99) as f64 / 1000.0,
            ok: latencies.len() as u64,
            errors: counted.iter().filter(|s| !s.ok).count() as u64 + self.broken_connections,
            first_error: self.first_error.clone(),
        }
    }
}

/// One run: `connections` closed loops for `warmup` (not counted) then `measure`.
pub async fn run(port: u16, target: &'static Target, token: Arc<String>, connections: u64, warmup: Duration, measure: Duration) -> anyhow::Result<Run> {
    let from = Instant::now() + Duration::from_millis(200) + warmup;
    let (samples, window) = run_samples(port, target, token, connections, async move { Ok((from, from + measure)) }).await?;
    Ok(samples.within(window))
}

/// A run's figures over the stretch it counted.
pub struct Run {
    pub rps: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub ok: u64,
    pub errors: u64,
    pub first_error: Option<String>,
}

impl std::fmt::Display for Run {
    /// A run's line on the console: rate, latencies, answers and the first error if any.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:>8.0} req/s  p50 {:>7.2} ms  p99 {:>7.2} ms  ok {}  errors {}", self.rps, self.p50_ms, self.p99_ms, self.ok, self.errors)?;
        match &self.first_error {
            Some(e) => write!(f, " (first: {e})"),
            None => Ok(()),
        }
    }
}
