//! `adeval user …`: create an account or reset a password from the shell.

use anyhow::{Context, bail};
use clap::Subcommand;

use crate::auth::{password, session};
use crate::config::Config;
use crate::auth::account::valid_account;

#[derive(Subcommand)]
pub enum UserCommand {
    /// Create an account. Without --password a password is generated and printed.
    Create {
        #[arg(long)]
        account: String,
        #[arg(long)]
        name: String,
        /// `*` for every menu, or comma-joined menu ids.
        #[arg(long, default_value = "*")]
        rules: String,
        #[arg(long, env = "ADEVAL_USER_PASSWORD", hide_env_values = true)]
        password: Option<String>,
    },
    /// Set a new password and end the account's sessions.
    ResetPassword {
        #[arg(long)]
        account: String,
        #[arg(long, env = "ADEVAL_USER_PASSWORD", hide_env_values = true)]
        password: Option<String>,
    },
}

fn choose_password(given: Option<String>) -> anyhow::Result<(String, bool)> {
    match given {
        Some(p) if p.chars().count() < 6 => bail!("the password must have at least 6 characters"),
        Some(p) => Ok((p, false)),
        None => Ok((password::generate(), true)),
    }
}

pub async fn run(config: Config, command: UserCommand) -> anyhow::Result<()> {
    let state = crate::build_state(config).await?;
    let db = &state.db;
    match command {
        UserCommand::Create { account, name, rules, password: given } => {
            if !valid_account(&account) {
                bail!("accounts are 1 to 50 letters, digits or _ . @ -");
            }
            let rules = rules.trim();
            if rules != "*" {
                let ids = crate::auth::permission::parse_ids(rules);
                let known: i64 = sqlx::query_scalar("select count(*) from auth_rules where id = any($1)")
                    .bind(&ids)
                    .fetch_one(db)
                    .await?;
                if ids.is_empty() || known != ids.len() as i64 || ids.len() != rules.split(',').count() {
                    bail!("--rules must be * or comma-joined existing menu ids (e.g. 112,145)");
                }
            }
            let (plain, generated) = choose_password(given)?;
            let id: i64 = sqlx::query_scalar(
                "insert into admins (name, account, password_hash, status, rule_id)
                 values ($1, $2, $3, 1, $4) returning id",
            )
            .bind(&name)
            .bind(&account)
            .bind(password::hash(&plain)?)
            .bind(rules)
            .fetch_one(db)
            .await
            .with_context(|| format!("creating account {account} (does it exist already?)"))?;
            println!("created account {account} (id {id})");
            if generated {
                println!("password: {plain}");
            }
        }
        UserCommand::ResetPassword { account, password: given } => {
            let (plain, generated) = choose_password(given)?;
            let mut tx = db.begin().await?;
            let id: Option<i64> = sqlx::query_scalar(
                "update admins set password_hash = $2 where account = $1 returning id",
            )
            .bind(&account)
            .bind(password::hash(&plain)?)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(id) = id else { bail!("no account {account}") };
            session::revoke_all(&mut tx, id, session::reason::PASSWORD).await?;
            tx.commit().await?;
            println!("password of {account} reset; its sessions ended");
            if generated {
                println!("password: {plain}");
            }
        }
    }
    Ok(())
}
