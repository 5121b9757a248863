//! argon2id password hashes (PHC strings) and generated passwords.
//!
//! Servers hash through [`hash_async`] and [`verify_async`]: on the blocking threads, at most
//! one hash per core at a time. Each argon2 hash takes ~19 MiB and ~25 ms of a core; run
//! unbounded, a rush of sign-ins takes every blocking thread and memory in proportion, and
//! makes every one of them slow instead of most of them quick.

use std::sync::{Arc, LazyLock};

use anyhow::anyhow;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::Rng;
use tokio::sync::Semaphore;

/// One permit per core; waiters are served in arrival order.
static HASHING: LazyLock<Arc<Semaphore>> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    Arc::new(Semaphore::new(cores))
});

/// Runs `work` on a blocking thread once a hashing permit is free. The permit goes with the
/// work, so a caller that gives up (a client gone) does not free it before the hash ends.
async fn bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    let permit = HASHING.clone().acquire_owned().await?;
    let out = tokio::task::spawn_blocking(move || {
        let out = work();
        drop(permit);
        out
    })
    .await?;
    Ok(out)
}

/// [`hash`] off the async workers, bounded to one hash per core.
pub async fn hash_async(plain: String) -> anyhow::Result<String> {
    bounded(move || hash(&plain)).await?
}

/// [`verify`] off the async workers, bounded to one hash per core. Without a stored hash (an
/// unknown account) it spends the time of one verification and answers false.
pub async fn verify_async(plain: String, stored: Option<String>) -> anyhow::Result<bool> {
    bounded(move || match stored {
        Some(stored) => verify(&plain, &stored),
        None => {
            verify_dummy(&plain);
            false
        }
    })
    .await
}

pub fn hash(plain: &str) -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    rand::rng().fill(&mut bytes);
    let salt = SaltString::encode_b64(&bytes).map_err(|e| anyhow!("salt: {e}"))?;
    Argon2::default()
        .hash_password(plain.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow!("hashing password: {e}"))
}

pub fn verify(plain: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| Argon2::default().verify_password(plain.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Spends the time of one verification, so an unknown account answers as slowly as a
/// wrong password.
pub fn verify_dummy(plain: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let stored = DUMMY.get_or_init(|| hash("not-a-real-password").unwrap_or_default());
    let _ = verify(plain, stored);
}

/// A readable random password: 16 characters without look-alikes.
pub fn generate() -> String {
    const CHARS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..16).map(|_| CHARS[rng.random_range(0..CHARS.len())] as char).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = super::hash("secret-1").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("secret-1", &h));
        assert!(!super::verify("secret-2", &h));
        assert!(!super::verify("secret-1", "garbage"));
    }

    #[tokio::test]
    async fn hashing_off_the_workers_agrees_with_hashing_in_place() {
        let h = super::hash_async("secret-1".into()).await.unwrap();
        assert!(super::verify_async("secret-1".into(), Some(h.clone())).await.unwrap());
        assert!(!super::verify_async("secret-2".into(), Some(h)).await.unwrap());
        assert!(!super::verify_async("secret-1".into(), None).await.unwrap());
    }
}
