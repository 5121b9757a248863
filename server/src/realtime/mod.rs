//! The realtime channel (docs/api.md, "Realtime"): one WebSocket per signed-in tab, fed by
//! events that every server process receives through Postgres LISTEN/NOTIFY.
//!
//! Every event is published with `pg_notify` — also the ones for this very process — so two
//! `adeval serve` on one database deliver alike, and an event published inside a transaction
//! goes out only when it commits. One listener task per process turns notifications into a
//! broadcast that the sockets filter by account.

pub mod listener;
pub mod ws;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, watch};

/// The NOTIFY channel of realtime events.
pub const CHANNEL: &str = "adeval_events";
/// NOTIFY payloads are capped at 8000 bytes; texts are cut well below that.
const MAX_TEXT: usize = 1500;

/// A pushed message, as the client receives it: `{event, data, num, status, level, userId}`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LiveMessage {
    /// `timeline` (job progress), `user` (a stored notification), `login` (signed in elsewhere),
    /// `subscribed`, `pong`.
    pub event: String,
    pub data: String,
    /// Progress percent for `timeline`; how much to add to the unread count for `user`.
    pub num: i64,
    /// `timeline`: 0 started, 1 progress, 2 ended.
    pub status: i64,
    /// `success`, `warning` or `error`.
    pub level: String,
    #[serde(rename = "userId")]
    pub user_id: i64,
    #[serde(rename = "jobId", skip_serializing_if = "Option::is_none", default)]
    pub job_id: Option<i64>,
    #[serde(rename = "messageId", skip_serializing_if = "Option::is_none", default)]
    pub message_id: Option<i64>,
    /// `timeline`: the job's kind (its file's tag, e.g. customerData), so a screen can refresh
    /// when an import of its kind ends, whoever started it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub kind: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Success,
    Warning,
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Success => "success",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

impl LiveMessage {
    pub fn new(event: &str, user_id: i64, data: impl Into<String>) -> Self {
        Self {
            event: event.into(),
            data: cut(data.into()),
            num: 0,
            status: 0,
            level: Level::Success.as_str().into(),
            user_id,
            job_id: None,
            message_id: None,
            kind: None,
        }
    }

    /// A job progress entry for the progress timeline.
    pub fn timeline(user_id: i64, job_id: i64, kind: &str, status: i64, level: Level, percent: i64, text: impl Into<String>) -> Self {
        Self {
            status,
            level: level.as_str().into(),
            num: percent,
            job_id: Some(job_id),
            kind: Some(kind.into()),
            ..Self::new("timeline", user_id, text)
        }
    }
}

fn cut(mut text: String) -> String {
    if text.len() > MAX_TEXT {
        let mut end = MAX_TEXT;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push('…');
    }
    text
}

/// What travels over NOTIFY.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// A message for every socket of one account.
    Push { to: i64, message: LiveMessage },
    /// An account's sessions changed (sign-in elsewhere, logout, disabled): its sockets check
    /// whether their session still holds.
    Session {
        #[serde(rename = "adminId")]
        admin_id: i64,
    },
}

/// Publishes an event to every server process on the database. Inside a transaction it is
/// sent at commit, and dropped on rollback.
pub async fn publish<'e>(db: impl sqlx::PgExecutor<'e>, event: &Event) -> sqlx::Result<()> {
    let payload = serde_json::to_string(event).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query("select pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(db).await?;
    Ok(())
}

/// The process-wide fan-out of received events to the sockets.
#[derive(Clone)]
pub struct Hub {
    tx: broadcast::Sender<Arc<Event>>,
    ready: watch::Sender<bool>,
}

impl Default for Hub {
    fn default() -> Self {
        let (tx, _) = broadcast::channel(1024);
        let (ready, _) = watch::channel(false);
        Self { tx, ready }
    }
}

impl Hub {
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Event>> {
        self.tx.subscribe()
    }

    fn deliver(&self, event: Event) {
        // No receiver (no socket open) is fine.
        let _ = self.tx.send(Arc::new(event));
    }

    fn set_ready(&self, ready: bool) {
        self.ready.send_replace(ready);
    }

    /// Waits until the listener is subscribed to the channel (startup, tests).
    pub async fn ready(&self) {
        let mut rx = self.ready.subscribe();
        let _ = rx.wait_for(|r| *r).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_round_trip_through_json() {
        let event = Event::Push { to: 3, message: LiveMessage::timeline(3, 9, "customerData", 1, Level::Warning, 40, "第 2 行有误") };
        let text = serde_json::to_string(&event).unwrap();
        assert!(text.contains("\"kind\":\"push\""), "{text}");
        assert!(text.contains("\"userId\":3"), "{text}");
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
        let session = serde_json::to_string(&Event::Session { admin_id: 4 }).unwrap();
        assert_eq!(session, r#"{"kind":"session","adminId":4}"#);
    }

    #[test]
    fn long_texts_are_cut_on_a_char_boundary() {
        let long = "错".repeat(2000);
        let message = LiveMessage::new("user", 1, long);
        assert!(message.data.len() <= MAX_TEXT + '…'.len_utf8());
        assert!(message.data.ends_with('…'));
    }
}
