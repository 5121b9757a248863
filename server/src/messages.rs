//! User notifications: stored for the navbar bell (messageIndel) and pushed live as `user`
//! events that add `num` to the unread count. The push carries a level: the web app keeps an
//! `error` notification until it is closed and lets the others leave by themselves.

use sqlx::{PgConnection, PgPool};

use crate::realtime::{self, Event, Level, LiveMessage};

/// Stores a message for an account and pushes it, at `level`, to the account's open tabs.
pub async fn notify(db: &PgPool, admin_id: i64, content: &str, level: Level) -> anyhow::Result<i64> {
    let mut tx = db.begin().await?;
    let id = notify_in(&mut tx, admin_id, content, level).await?;
    tx.commit().await?;
    Ok(id)
}

/// As [`notify`], inside the caller's transaction: stored and pushed when it commits.
pub async fn notify_in(tx: &mut PgConnection, admin_id: i64, content: &str, level: Level) -> anyhow::Result<i64> {
    let id: i64 = sqlx::query_scalar("insert into messages (admin_id, content) values ($1, $2) returning id")
        .bind(admin_id)
        .bind(content)
        .fetch_one(&mut *tx)
        .await?;
    let mut message = LiveMessage::new("user", admin_id, content);
    message.num = 1;
    message.status = 1;
    message.level = level.as_str().into();
    message.message_id = Some(id);
    realtime::publish(&mut *tx, &Event::Push { to: admin_id, message }).await?;
    Ok(id)
}
