//! One LISTEN connection per process: notifications become hub broadcasts. sqlx's listener
//! reconnects by itself; events published while it is away are lost (clients refetch their
//! messages on reconnect, and job results stay in Postgres).

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;

use super::{CHANNEL, Event, Hub};

pub async fn run(db: PgPool, hub: Hub) {
    loop {
        let mut listener = match PgListener::connect_with(&db).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "realtime listener cannot connect; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            tracing::warn!(error = %e, "realtime listener cannot LISTEN; retrying");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        hub.set_ready(true);
        loop {
            match listener.recv().await {
                Ok(note) => match serde_json::from_str::<Event>(note.payload()) {
                    Ok(event) => {
                        if let Event::Session { admin_id } = &event {
                            crate::auth::session::forget(*admin_id);
                        }
                        hub.deliver(event)
                    }
                    Err(e) => tracing::warn!(error = %e, "ignoring a malformed realtime event"),
                },
                Err(e) => {
                    tracing::warn!(error = %e, "realtime listener lost its connection");
                    hub.set_ready(false);
                    break;
                }
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
