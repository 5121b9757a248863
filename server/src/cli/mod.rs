//! The `adeval` subcommands.

pub mod generate;
pub mod import;
pub mod user;

use std::net::SocketAddr;

use anyhow::Context;

use crate::config::Config;

pub async fn serve(config: Config) -> anyhow::Result<()> {
    tracing::info!(?config, "starting");
    let addr = config.addr;
    let state = crate::build_state(config).await?;
    if std::env::var("ADEVAL_DEMO").as_deref() != Ok("0") && crate::demo::load_if_empty(&state.db).await? {
        println!("Loaded demo master data (set ADEVAL_DEMO=0 to skip on an empty database)");
    }
    crate::start_background(&state).await;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    println!("adeval is serving on http://{addr}");
    let app = crate::app(state).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown()).await?;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! { () = ctrl_c => {}, () = term => {} }
    tracing::info!("shutting down");
}
