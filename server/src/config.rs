//! Configuration from the environment (README.md, "Configuration"). Secrets are kept out of
//! `Debug` so they never reach a log line.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{Context, bail};

use crate::clock::Zone;

/// The signing secret both the server and the web build fall back to when
/// `ADEVAL_SIGN_SECRET` is unset. Fine on a developer's machine, wrong anywhere else:
/// `adeval serve` refuses it unless told it runs for development (`--dev`, `ADEVAL_DEV=1`).
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
    /// Time zone in which dates and times are shown and date filters are read
    /// (`ADEVAL_TIMEZONE`, an IANA name; default Asia/Shanghai).
    pub timezone: Zone,
    /// Background job workers in this process (`ADEVAL_WORKERS`, default 2; 0 runs none).
    pub workers: usize,
    /// Proxies whose `X-Forwarded-For` names the client (`ADEVAL_TRUSTED_PROXIES`, addresses
    /// or networks, comma-separated; default none: the socket's address is the client's).
    pub trusted_proxies: Vec<Cidr>,
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
            timezone: match var("ADEVAL_TIMEZONE") {
                Some(name) => name.parse().map_err(anyhow::Error::msg).context("ADEVAL_TIMEZONE")?,
                None => Zone::default(),
            },
            workers: match var("ADEVAL_WORKERS") {
                Some(n) => n.parse().context("ADEVAL_WORKERS must be a number")?,
                None => 2,
            },
            trusted_proxies: match var("ADEVAL_TRUSTED_PROXIES") {
                Some(list) => parse_proxies(&list).context("ADEVAL_TRUSTED_PROXIES")?,
                None => Vec::new(),
            },
        })
    }

    /// `adeval serve` with the development signing secret is a server anyone can sign requests
    /// for with a secret published in this repository: refused unless `dev` says this is a
    /// developer's machine.
    pub fn refuse_dev_secret(&self, dev: bool) -> anyhow::Result<()> {
        if self.sign_secret == DEV_SIGN_SECRET && !dev {
            bail!(
                "ADEVAL_SIGN_SECRET is unset or the development secret: set a secret of your own \
                 (and build the web app with the same one), or pass --dev (ADEVAL_DEV=1) on a \
                 developer's machine"
            );
        }
        Ok(())
    }
}

/// An address or a network in CIDR form (`10.0.0.0/8`, `fd00::/8`, `192.168.1.7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    net: IpAddr,
    prefix: u8,
}

impl FromStr for Cidr {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> anyhow::Result<Self> {
        let text = text.trim();
        let (addr, prefix) = text.split_once('/').map_or((text, None), |(a, p)| (a, Some(p)));
        let net: IpAddr = addr.parse().with_context(|| format!("`{text}` is not an address"))?;
        let net = net.to_canonical();
        let max = if net.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).with_context(|| format!("`{text}`: bad prefix"))?,
            None => max,
        };
        Ok(Self { net, prefix })
    }
}

impl Cidr {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.net, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// `10.0.0.1, 172.16.0.0/12` → the networks; blanks between commas are skipped.
pub fn parse_proxies(list: &str) -> anyhow::Result<Vec<Cidr>> {
    list.split(',').filter(|s| !s.trim().is_empty()).map(str::parse).collect()
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
            .field("trusted_proxies", &self.trusted_proxies)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(sign_secret: &str) -> Config {
        Config {
            database_url: "postgres://adeval:hunter22@127.0.0.1:5432/adeval".into(),
            addr: "127.0.0.1:8080".parse().unwrap(),
            data_dir: "data".into(),
            lake_url: "file:///x".into(),
            files_url: "file:///y".into(),
            sign_secret: sign_secret.into(),
            admin_password: Some("adminpass99".into()),
            web_dir: "web/dist".into(),
            timezone: Zone::default(),
            workers: 2,
            trusted_proxies: Vec::new(),
        }
    }

    #[test]
    fn serving_with_the_development_secret_needs_the_dev_flag() {
        let dev = config(DEV_SIGN_SECRET);
        let refused = dev.refuse_dev_secret(false).unwrap_err().to_string();
        assert!(refused.contains("--dev"), "{refused}");
        dev.refuse_dev_secret(true).unwrap();
        config("a-secret-of-our-own").refuse_dev_secret(false).unwrap();
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let list = parse_proxies(" 10.0.0.0/8, 192.168.1.7 ,, fd00::/8").unwrap();
        assert_eq!(list.len(), 3);
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(list[0].contains(ip("10.200.3.4")));
        assert!(!list[0].contains(ip("11.0.0.1")));
        assert!(list[1].contains(ip("192.168.1.7")));
        assert!(!list[1].contains(ip("192.168.1.8")));
        assert!(list[1].contains(ip("::ffff:192.168.1.7")), "IPv4-mapped IPv6 is the same address");
        assert!(list[2].contains(ip("fd12::1")));
        assert!(!list[2].contains(ip("10.0.0.1")));
        assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains(ip("8.8.8.8")));
        for bad in ["10.0.0.0/33", "proxy.local", "10.0.0.1/x"] {
            assert!(parse_proxies(bad).is_err(), "{bad}");
        }
    }

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
            timezone: Zone::default(),
            workers: 2,
            trusted_proxies: Vec::new(),
        };
        let shown = format!("{config:?}");
        for secret in ["hunter22", "topsecretsign", "adminpass99"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("postgres://adeval:***@127.0.0.1:5432/adeval"));
    }
}
