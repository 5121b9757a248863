//! argon2id password hashes (PHC strings) and generated passwords.

use anyhow::anyhow;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::Rng;

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
}
