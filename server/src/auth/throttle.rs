//! Sign-in throttling: 10 failed sign-ins for one account or from one address within
//! 15 minutes lock further attempts for 15 minutes after the tenth.
//! A success clears an account's count but not an address's, so nobody can reset the
//! address limit by signing in to an account of their own between guesses.

use sqlx::PgConnection;

use crate::error::{AppError, Result};

pub const MAX_FAILURES: i64 = 10;
pub const WINDOW_SECS: i64 = 15 * 60;

const LOCKED: &str = "登录失败次数过多，请15分钟后再试";

/// Answers 4029 while the account or the address is locked.
pub async fn check(conn: &mut PgConnection, account: &str, ip: &str) -> Result<()> {
    let locked: bool = sqlx::query_scalar(
        "with by_account as (
             select created_at from login_attempts
             where account = $1 and not succeeded
               and created_at > coalesce((select max(created_at) from login_attempts
                                          where account = $1 and succeeded), '-infinity')
             order by created_at desc limit $3
         ), by_ip as (
             select created_at from login_attempts
             where ip = $2 and not succeeded
             order by created_at desc limit $3
         )
         select exists(
             select 1 from (select count(*) as n, max(created_at) as newest, min(created_at) as oldest
                            from by_account
                            union all
                            select count(*), max(created_at), min(created_at) from by_ip) w
             where w.n >= $3
               and w.newest - w.oldest <= make_interval(secs => $4)
               and now() < w.newest + make_interval(secs => $4))",
    )
    .bind(account)
    .bind(ip)
    .bind(MAX_FAILURES)
    .bind(WINDOW_SECS as f64)
    .fetch_one(conn)
    .await?;
    if locked { Err(AppError::RateLimited(LOCKED)) } else { Ok(()) }
}

pub async fn record(conn: &mut PgConnection, account: &str, ip: &str, succeeded: bool) -> Result<()> {
    sqlx::query("insert into login_attempts (account, ip, succeeded) values ($1, $2, $3)")
        .bind(account)
        .bind(ip)
        .bind(succeeded)
        .execute(conn)
        .await?;
    Ok(())
}
