//! The Python peers (benches/python/peers.py), run in the same bench run on the same files:
//! what an analyst would use instead of adeval. The interpreter is `ADEVAL_BENCH_PYTHON`
//! (scripts/bench.sh points it at its venv); without it the peers are reported as not run.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use serde_json::Value;

use crate::Runs;

/// One peer's outcome: its runs, or why it did not run.
#[derive(Debug, Clone)]
pub struct Peer {
    pub name: String,
    pub runs: Result<Runs, String>,
    pub rows: u64,
    /// What the peer did beyond reading, e.g. whether it wrote Parquet.
    pub note: String,
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("python/peers.py")
}

/// Runs `peers.py <args>` and reads the peers it reports. `Err` with the reason when there is
/// no interpreter or the script fails as a whole.
pub fn run(args: &[&str]) -> Result<Vec<Peer>, String> {
    let Some(python) = std::env::var_os("ADEVAL_BENCH_PYTHON") else {
        return Err("ADEVAL_BENCH_PYTHON is not set (scripts/bench.sh sets up its venv)".into());
    };
    println!("  python peers: {}", args.join(" "));
    let out = Command::new(&python)
        .arg(script())
        .args(args)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("running {}: {e}", PathBuf::from(&python).display()))?;
    if !out.status.success() {
        return Err(format!("peers.py exited with {}", out.status));
    }
    parse(&out.stdout).map_err(|e| format!("{e:#}"))
}

fn parse(stdout: &[u8]) -> anyhow::Result<Vec<Peer>> {
    let text = String::from_utf8_lossy(stdout);
    let last = text.lines().rev().find(|l| l.trim_start().starts_with('{')).context("no JSON line from peers.py")?;
    let doc: Value = serde_json::from_str(last).context("peers.py's JSON")?;
    let Some(peers) = doc["peers"].as_array() else { bail!("no peers in {last}") };
    Ok(peers
        .iter()
        .map(|p| {
            let runs = match (p["runs"].as_array(), p["error"].as_str()) {
                (_, Some(e)) => Err(e.to_owned()),
                (Some(r), None) => Ok(Runs(r.iter().filter_map(Value::as_f64).collect())),
                (None, None) => Err("no runs reported".into()),
            };
            Peer {
                name: p["name"].as_str().unwrap_or("?").to_owned(),
                runs,
                rows: p["rows"].as_u64().unwrap_or(0),
                note: p["note"].as_str().unwrap_or_default().to_owned(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_are_read_from_the_last_json_line() {
        let out = b"noise\n{\"peers\": [{\"name\": \"a\", \"runs\": [1.0, 2.0, 3.0], \"rows\": 5, \"note\": \"n\"}, \
                    {\"name\": \"b\", \"error\": \"no module\"}]}\n";
        let peers = parse(out).unwrap();
        assert_eq!(peers[0].runs.as_ref().unwrap().median(), 2.0);
        assert_eq!((peers[0].rows, peers[0].note.as_str()), (5, "n"));
        assert_eq!(peers[1].runs.as_ref().unwrap_err(), "no module");
    }
}
