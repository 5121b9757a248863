use clap::{Parser, Subcommand};

use adeval_server::cli::generate::GenerateCommand;
use adeval_server::cli::import::ImportCommand;
use adeval_server::cli::query::QueryArgs;
use adeval_server::cli::user::UserCommand;
use adeval_server::cli::ServeArgs;
use adeval_server::config::Config;

/// adeval: the back office of a TV-advertising business.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve the API and the web app.
    Serve(ServeArgs),
    /// Apply database migrations and create the super administrator if missing.
    Migrate,
    /// Print the OpenAPI document of every call (the web client's types are generated from it).
    Openapi,
    /// Manage accounts from the shell.
    #[command(subcommand)]
    User(UserCommand),
    /// Import files into the lake from the shell.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Read-only SQL over the lake (views viewing, ratings, ratings_daily).
    Query(QueryArgs),
    /// Rewrite the customer-data lake files that hold deleted rows.
    Compact,
    /// Write realistic data files of any size, for demos and benchmarks.
    #[command(subcommand)]
    Demo(GenerateCommand),
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into()),
        )
        .init();
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => adeval_server::cli::serve(Config::from_env()?, args).await,
        Command::Migrate => {
            adeval_server::build_state(Config::from_env()?).await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Openapi => {
            println!("{}", adeval_server::routes::openapi::document().to_pretty_json()?);
            Ok(())
        }
        Command::User(cmd) => adeval_server::cli::user::run(Config::from_env()?, cmd).await,
        Command::Import(cmd) => adeval_server::cli::import::run(Config::from_env()?, cmd).await,
        Command::Demo(cmd) => adeval_server::cli::generate::run(cmd),
        Command::Query(args) => adeval_server::cli::query::run(Config::from_env()?, args).await,
        Command::Compact => {
            let state = adeval_server::build_state(Config::from_env()?).await?;
            let n = adeval_server::lake::compact(&state.db, &state.reads.lake, adeval_engine::Dataset::Viewing).await?;
            println!("rewrote {n} files; the server's housekeeping removes the old ones 15 minutes on");
            Ok(())
        }
    }
}
