//! The account rules shared by sign-in, the account screen and `adeval user`: what an account
//! name may be, and who may manage which account.

use sqlx::{PgConnection, PgPool};

use super::{Admin, password, permission, session};
use crate::error::{AppError, Result};

/// Accounts are 1 to 50 letters, digits and `_ . @ -`.
pub fn valid_account(account: &str) -> bool {
    (1..=50).contains(&account.chars().count())
        && account.chars().all(|c| c.is_ascii_alphanumeric() || "_.@-".contains(c))
}

/// 4003 unless the caller's menus cover `rule_id` (an account's current menus, or the menus
/// given to it): an account manages only accounts with no more rights than its own, so an
/// admin-list clerk can neither take over a `*` account nor hand out menus it lacks. The
/// caller's menus are read from the database, never from its cached session: an account
/// demoted a moment ago must not use the rights it just lost (inside [`lock_accounts`]'s
/// transaction this reads the locked row).
pub async fn may_manage(conn: &mut PgConnection, caller: &Admin, rule_id: &str) -> Result<()> {
    let own: Option<String> =
        sqlx::query_scalar("select rule_id from admins where id = $1").bind(caller.id).fetch_optional(&mut *conn).await?;
    let Some(own) = own else { return Err(AppError::Forbidden) };
    if permission::covers(conn, &own, rule_id).await? { Ok(()) } else { Err(AppError::Forbidden) }
}

/// An account's menus and status.
#[derive(sqlx::FromRow)]
pub struct Rights {
    pub rule_id: String,
    pub status: i16,
}

/// Locks the caller's row and the target's (in id order, so two admins editing each other wait
/// rather than deadlock) until the transaction ends, and answers the target's current rights;
/// 4004 when it is gone. The caller's rights can't change before the commit either.
pub async fn lock_accounts(tx: &mut PgConnection, caller: &Admin, id: i64) -> Result<Rights> {
    let rows: Vec<(i64, String, i16)> =
        sqlx::query_as("select id, rule_id, status from admins where id = any($1) order by id for update")
            .bind([caller.id, id])
            .fetch_all(tx)
            .await?;
    rows.into_iter()
        .find(|(row, _, _)| *row == id)
        .map(|(_, rule_id, status)| Rights { rule_id, status })
        .ok_or_else(|| AppError::NotFound("账号不存在".into()))
}

/// An account's own password change, checked against the stored hash and its new hash made
/// before the transaction that applies it: no connection is held while hashing waits for a
/// permit.
pub struct PasswordChange {
    stored: String,
    hashed: String,
}

impl PasswordChange {
    /// `oldPassword: 原密码错误` unless `old` is the account's password.
    pub async fn prepare(db: &PgPool, admin_id: i64, old: String, new: String) -> Result<Self> {
        let stored: String =
            sqlx::query_scalar("select password_hash from admins where id = $1").bind(admin_id).fetch_one(db).await?;
        if !password::verify_async(old, Some(stored.clone())).await? {
            return Err(AppError::field("oldPassword", "原密码错误"));
        }
        Ok(Self { stored, hashed: password::hash_async(new).await? })
    }

    /// Writes the new hash unless the stored one changed since it was verified (原密码错误);
    /// the account's other sessions end, in every process's cache too, and the one making the
    /// change goes on.
    pub async fn apply(self, tx: &mut PgConnection, admin: &Admin) -> Result<()> {
        let changed = sqlx::query("update admins set password_hash = $2 where id = $1 and password_hash = $3")
            .bind(admin.id)
            .bind(self.hashed)
            .bind(self.stored)
            .execute(&mut *tx)
            .await?;
        if changed.rows_affected() == 0 {
            return Err(AppError::field("oldPassword", "原密码错误"));
        }
        session::revoke_others(tx, admin, session::reason::PASSWORD).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_are_short_and_plain() {
        assert!(valid_account("admin") && valid_account("a.b_c@d-e"));
        assert!(!valid_account("") && !valid_account("管理员") && !valid_account("a b"));
        assert!(valid_account(&"a".repeat(50)) && !valid_account(&"a".repeat(51)));
    }
}
