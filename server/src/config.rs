//! Configuration from the environment (DESIGN.md §2 "Operations"). Secrets are kept out of
//! `Debug` so they never reach a log line.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, bail};

/// The signing secret both the server and the web build fall back to when
/// `ADEVAL_SIGN_SECRET` is unset. Fine on a developer's machine, wrong anywhere else.
pub const DEV_SIGN_SECRET: &str = "adeval-dev-sign-secret";

#[derive(Clone)]
pub struct Config {
    pub database_url: String,
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub lake_url: String,
    pub files_url: String,
    pub sign_secret: String,
    pub admin_password: Option<String>,
    pub web_dir: PathBuf,
    /// Time zone in which dates and times are shown and date filters are read.
    pub timezone: String,
    /// Background job workers in this process (`ADEVAL_WORKERS`, default 2; 0 runs none).
    pub workers: usize,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let data_dir = PathBuf::from(var("ADEVAL_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = match var("DATABASE_URL") {
            Some(url) => url,
            None => local_cluster_url(&data_dir)?,
        };
        let addr = var("ADEVAL_ADDR")
            .unwrap_or_else(|| "127.0.0.1:8080".into())
            .parse()
            .context("ADEVAL_ADDR must be host:port")?;
        let lake_url = var("ADEVAL_LAKE_URL").unwrap_or_else(|| dir_url(&data_dir.join("lake")));
        let files_url = var("ADEVAL_FILES_URL").unwrap_or_else(|| dir_url(&data_dir.join("files")));
        let sign_secret = var("ADEVAL_SIGN_SECRET").unwrap_or_else(|| {
            tracing::warn!("ADEVAL_SIGN_SECRET is unset: using the development secret");
            DEV_SIGN_SECRET.into()
        });
        Ok(Self {
            database_url,
            addr,
            data_dir,
            lake_url,
            files_url,
            sign_secret,
            admin_password: var("ADEVAL_ADMIN_PASSWORD"),
            web_dir: PathBuf::from(var("ADEVAL_WEB_DIR").unwrap_or_else(|| "web/dist".into())),
            timezone: var("ADEVAL_TIMEZONE").unwrap_or_else(|| "Asia/Shanghai".into()),
            workers: match var("ADEVAL_WORKERS") {
                Some(n) => n.parse().context("ADEVAL_WORKERS must be a number")?,
                None => 2,
            },
        })
    }
}

/// The project-local cluster started by `scripts/pg.sh` leaves its URL in data/pg/database.url.
fn local_cluster_url(data_dir: &std::path::Path) -> anyhow::Result<String> {
    let path = data_dir.join("pg").join("database.url");
    match std::fs::read_to_string(&path) {
        Ok(url) => Ok(url.trim().to_owned()),
        Err(_) => bail!(
            "DATABASE_URL is unset and there is no local cluster ({} is missing): \
             run `make run`, or `scripts/pg.sh start`",
            path.display()
        ),
    }
}

fn dir_url(path: &std::path::Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    format!("file://{}", abs.display())
}

/// Hides the password of a connection URL.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            let user = userinfo.split(':').next().unwrap_or("");
            format!("{}{}:***{}", &url[..scheme + 3], user, &url[at..])
        }
        _ => url.to_owned(),
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("database_url", &redact_url(&self.database_url))
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("lake_url", &self.lake_url)
            .field("files_url", &self.files_url)
            .field("sign_secret", &"***")
            .field("admin_password", &self.admin_password.as_ref().map(|_| "***"))
            .field("web_dir", &self.web_dir)
            .field("timezone", &self.timezone)
            .field("workers", &self.workers)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_secrets() {
        let config = Config {
            database_url: "postgres://adeval:hunter22@127.0.0.1:5432/adeval".into(),
            addr: "127.0.0.1:8080".parse().unwrap(),
            data_dir: "data".into(),
            lake_url: "file:///x".into(),
            files_url: "file:///y".into(),
            sign_secret: "topsecretsign".into(),
            admin_password: Some("adminpass99".into()),
            web_dir: "web/dist".into(),
            timezone: "Asia/Shanghai".into(),
            workers: 2,
        };
        let shown = format!("{config:?}");
        for secret in ["hunter22", "topsecretsign", "adminpass99"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("postgres://adeval:***@127.0.0.1:5432/adeval"));
    }
}
