//! What every bench binary shares: sizes and folders from the environment, a plain timing
//! harness (N runs, median), the customer-data pipeline as the server runs it, and the
//! Markdown section each bench appends to the results file.
//!
//! The binaries print as they go and, when `ADEVAL_BENCH_REPORT` names a file, append their
//! section of benches/RESULTS.md to it (scripts/bench.sh puts the sections together).

pub mod channel;
pub mod customer;
pub mod load;
pub mod orders;
pub mod peers;
pub mod ratings;
pub mod serve;
pub mod viewing;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

/// A whole-number setting from the environment, with `_` allowed as a digit separator.
pub fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v.trim().replace('_', "").parse().unwrap_or_else(|_| {
            eprintln!("{name}={v} is not a whole number; using {default}");
            default
        }),
        _ => default,
    }
}

/// Where generated inputs and scratch lakes live: `ADEVAL_BENCH_DATA`, else
/// `~/.cache/adeval/bench-data` (never the repository).
pub fn data_dir() -> anyhow::Result<PathBuf> {
    let dir = match std::env::var_os("ADEVAL_BENCH_DATA") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME").context("HOME is not set")?).join(".cache/adeval/bench-data"),
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(dir)
}

/// A folder made empty for one bench's scratch output.
pub fn fresh_dir(name: &str) -> anyhow::Result<PathBuf> {
    let dir = data_dir()?.join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("clearing {}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(dir)
}

/// Seconds of each run of one measured thing.
#[derive(Debug, Clone, Default)]
pub struct Runs(pub Vec<f64>);

impl Runs {
    pub fn median(&self) -> f64 {
        median(&self.0)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `min–max` of the runs, for the table.
    pub fn spread(&self) -> String {
        let min = self.0.iter().copied().fold(f64::INFINITY, f64::min);
        let max = self.0.iter().copied().fold(0.0, f64::max);
        format!("{}–{}", secs(min), secs(max))
    }
}

/// The median; the mean of the middle two for an even count.
pub fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 1 { v[mid] } else { (v[mid - 1] + v[mid]) / 2.0 }
}

/// Runs `setup` then times `run` (setup is not timed) `n` times, printing each run.
pub fn measure<S>(
    label: &str,
    n: usize,
    mut setup: impl FnMut(usize) -> anyhow::Result<S>,
    mut run: impl FnMut(S) -> anyhow::Result<()>,
) -> anyhow::Result<Runs> {
    let mut runs = Vec::with_capacity(n);
    for i in 0..n {
        let state = setup(i)?;
        let start = Instant::now();
        run(state)?;
        let t = start.elapsed().as_secs_f64();
        println!("  {label} run {}/{n}: {}", i + 1, secs(t));
        runs.push(t);
    }
    let runs = Runs(runs);
    println!("  {label}: median {} of {n}", secs(runs.median()));
    Ok(runs)
}

/// Seconds shown with a sensible unit.
pub fn secs(t: f64) -> String {
    if t < 1.0 { format!("{:.1} ms", t * 1000.0) } else { format!("{t:.2} s") }
}

/// A rate with thousands separators: 1234567.8 → "1,234,568".
pub fn thousands(x: f64) -> String {
    let n = x.round() as i64;
    let digits = n.abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// A goal's verdict for the table.
pub fn verdict(met: bool) -> &'static str {
    if met { "**met**" } else { "**not met**" }
}

/// Appends a bench's section to `ADEVAL_BENCH_REPORT`, when set; prints it either way.
pub fn report(markdown: &str) -> anyhow::Result<()> {
    println!("\n{markdown}");
    if let Some(path) = std::env::var_os("ADEVAL_BENCH_REPORT") {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .with_context(|| format!("opening {}", PathBuf::from(&path).display()))?;
        writeln!(file, "{markdown}")?;
    }
    Ok(())
}

/// Free bytes on the file system holding `path` (statvfs through `df`, to stay libc-free).
pub fn free_bytes(path: &std::path::Path) -> anyhow::Result<u64> {
    let out = std::process::Command::new("df").arg("-Pk").arg(path).output().context("running df")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let kib: u64 = text
        .lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|v| v.parse().ok())
        .with_context(|| format!("reading df's answer: {text}"))?;
    Ok(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn rates_get_thousands_separators() {
        assert_eq!(thousands(1_234_567.8), "1,234,568");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(1000.0), "1,000");
    }
}
