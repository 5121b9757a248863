//! Answers of the busiest master-data lists, kept briefly so a Monday-morning rush of staff
//! opening the same list costs one query, not one per request.
//!
//! Only calls named in [`CACHED`] are kept: reads (GET) whose answer depends on nothing but
//! their arguments and tables that only calls of the catalogue write, never on the caller
//! (rights are checked before the cache is asked) or the clock. An answer is served while
//! (a) no write call has succeeded in this process since it was made — every successful
//! write bumps the generation — and (b) it is younger than [`TTL`], which bounds how long a
//! write made by another server process can go unseen. The key is the call and its canonical
//! fields (the signed ones, without timestamp and nonce), so two filters never share an answer.
//! Memory is bounded by [`MAX_ENTRIES`] answers of at most [`MAX_ANSWER_BYTES`] each.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes, HttpBody, to_bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

/// The calls whose answers are kept.
pub const CACHED: &[&str] = &["productIndex"];
/// How long an answer is served at most: another process's write shows within this.
pub const TTL: Duration = Duration::from_secs(1);
const MAX_ENTRIES: usize = 512;
const MAX_ANSWER_BYTES: usize = 256 * 1024;

struct Entry {
    body: Bytes,
    content_type: Option<HeaderValue>,
    generation: u64,
    made: Instant,
}

#[derive(Default)]
pub struct ReadCache {
    generation: AtomicU64,
    entries: Mutex<HashMap<String, Entry>>,
}

impl ReadCache {
    /// The key of a request's answer, when its call is one whose answers are kept.
    pub fn key(call: &str, fields: impl FnOnce() -> String) -> Option<String> {
        CACHED.contains(&call).then(|| format!("{call}?{}", fields()))
    }

    /// Where writes stand now; an answer computed from here on is stored under it.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// A write call succeeded: every answer kept so far may be stale.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// The kept answer for `key`, while it is current.
    pub fn get(&self, key: &str) -> Option<Response> {
        let generation = self.generation();
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let entry = entries.get(key)?;
        (entry.generation == generation && entry.made.elapsed() < TTL).then(|| {
            let mut response = (StatusCode::OK, entry.body.clone()).into_response();
            if let Some(content_type) = &entry.content_type {
                response.headers_mut().insert(header::CONTENT_TYPE, content_type.clone());
            }
            response
        })
    }

    /// Keeps a successful answer made at `generation` (read before the call ran, so a write
    /// that landed meanwhile leaves it stale), and answers it on.
    pub async fn store(&self, key: String, generation: u64, response: Response) -> Response {
        if response.status() != StatusCode::OK {
            return response;
        }
        // Answers are whole JSON documents of a known size; anything else passes untouched.
        let size = response.body().size_hint().exact();
        if size.is_none_or(|n| n > MAX_ANSWER_BYTES as u64) {
            return response;
        }
        let (parts, body) = response.into_parts();
        let body = match to_bytes(body, MAX_ANSWER_BYTES).await {
            Ok(body) => body,
            Err(e) => {
                tracing::error!(error = %e, "reading an answer to keep");
                return AppError::Internal(anyhow::anyhow!("reading an answer to keep")).into_response();
            }
        };
        {
            let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
            if entries.len() >= MAX_ENTRIES {
                let current = self.generation();
                entries.retain(|_, e| e.generation == current && e.made.elapsed() < TTL);
                if entries.len() >= MAX_ENTRIES {
                    entries.clear();
                }
            }
            let content_type = parts.headers.get(header::CONTENT_TYPE).cloned();
            entries.insert(key, Entry { body: body.clone(), content_type, generation, made: Instant::now() });
        }
        Response::from_parts(parts, Body::from(body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &'static str) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], text).into_response()
    }

    async fn text(response: Response) -> String {
        String::from_utf8(to_bytes(response.into_body(), 1 << 20).await.unwrap().to_vec()).unwrap()
    }

    #[tokio::test]
    async fn an_answer_is_served_until_a_write_or_its_ttl() {
        let cache = ReadCache::default();
        let key = ReadCache::key("productIndex", || "limit=10&page=1".into()).unwrap();
        let g = cache.generation();
        assert_eq!(text(cache.store(key.clone(), g, answer("one")).await).await, "one");
        let hit = cache.get(&key).expect("kept");
        assert_eq!(hit.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(text(hit).await, "one");
        assert!(cache.get("productIndex?limit=10&page=2").is_none(), "another filter is another answer");
        cache.invalidate();
        assert!(cache.get(&key).is_none(), "a write makes it stale");
    }

    #[tokio::test]
    async fn an_answer_made_while_a_write_landed_is_not_served() {
        let cache = ReadCache::default();
        let key = ReadCache::key("productIndex", String::new).unwrap();
        let before = cache.generation();
        cache.invalidate();
        cache.store(key.clone(), before, answer("old")).await;
        assert!(cache.get(&key).is_none());
    }

    #[tokio::test]
    async fn only_listed_calls_and_plain_answers_are_kept() {
        assert!(ReadCache::key("orderList", String::new).is_none());
        let cache = ReadCache::default();
        let key = ReadCache::key("productIndex", String::new).unwrap();
        let refused = (StatusCode::FORBIDDEN, "no").into_response();
        cache.store(key.clone(), cache.generation(), refused).await;
        assert!(cache.get(&key).is_none());
    }

    #[tokio::test]
    async fn an_answer_older_than_the_ttl_is_not_served() {
        let cache = ReadCache::default();
        let key = ReadCache::key("productIndex", String::new).unwrap();
        cache.store(key.clone(), cache.generation(), answer("x")).await;
        cache.entries.lock().unwrap().get_mut(&key).unwrap().made -= TTL;
        assert!(cache.get(&key).is_none());
    }
}
