//! Sessions made behind the server's back.

use super::TestApp;

/// A live session made in SQL, so no `Session` event of its making arrives later and empties
/// the cache by chance.
pub async fn quiet_session(app: &TestApp, admin_id: i64) -> String {
    let mut bytes = [0u8; 32];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    let token = hex::encode(bytes);
    let digest = <sha2::Sha256 as sha2::Digest>::digest(token.as_bytes()).to_vec();
    sqlx::query(
        "insert into admin_sessions (admin_id, token_hash, ip, expires_at)
         values ($1, $2, '127.0.0.1', now() + interval '1 hour')",
    )
    .bind(admin_id)
    .bind(digest)
    .execute(&app.db)
    .await
    .unwrap();
    token
}
