//! The `adeval` subcommands.

pub mod generate;
pub mod import;
pub mod query;
pub mod user;

use std::net::SocketAddr;

use anyhow::Context;

use crate::config::Config;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// A developer's machine: accept the development signing secret (`make run` and
    /// `make test` pass it). `ADEVAL_DEV` takes 1/0 as well as true/false, as the refusal
    /// message tells users to set it.
    #[arg(long, env = "ADEVAL_DEV", value_parser = clap::builder::BoolishValueParser::new(), default_value_t = false, num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub dev: bool,
}

pub async fn serve(config: Config, args: ServeArgs) -> anyhow::Result<()> {
    config.refuse_dev_secret(args.dev)?;
    tracing::info!(?config, "starting");
    let addr = config.addr;
    let state = crate::build_state(config).await?;
    if std::env::var("ADEVAL_DEMO").as_deref() != Ok("0") && crate::demo::load_if_empty(&state.db).await? {
        println!("Loaded demo master data (set ADEVAL_DEMO=0 to skip on an empty database)");
        match crate::demo::lake::customer_data(&state.db, &state.reads.lake, &state.config).await {
            Ok(rows) => println!("Imported {rows} rows of demo customer data"),
            Err(e) => tracing::warn!(error = ?e, "importing demo customer data"),
        }
        match crate::demo::lake::ratings(&state.db, &state.reads.lake, &state.config).await {
            Ok(rows) => println!("Imported {rows} rows of demo rating series"),
            Err(e) => tracing::warn!(error = ?e, "importing demo rating series"),
        }
        match crate::demo::orders::load(&state.db, &state.reads, &state.config).await {
            Ok(n) => println!("Added {n} demo orders with their schedules and broadcast certificates"),
            Err(e) => tracing::warn!(error = ?e, "adding the demo orders"),
        }
    }
    // The start's lake work (rollups, warming) goes on beside serving.
    drop(crate::start_background(&state).await);
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::ServeArgs;

    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    #[test]
    fn dev_is_a_flag_and_the_environment_takes_one_or_true() {
        assert!(Serve::try_parse_from(["serve", "--dev"]).unwrap().args.dev);
        assert!(!Serve::try_parse_from(["serve"]).unwrap().args.dev);
        // The value parser the environment goes through (clap reads ADEVAL_DEV with it).
        for (value, dev) in [("1", true), ("true", true), ("yes", true), ("0", false), ("false", false)] {
            assert_eq!(Serve::try_parse_from(["serve", &format!("--dev={value}")]).unwrap().args.dev, dev, "{value}");
        }
    }
}
