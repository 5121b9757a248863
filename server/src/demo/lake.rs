//! The demo's lake data, imported as the shell would: a month of viewing rows of both sides for
//! /client/index, the dashboard and 数据分析, and five weeks of per-minute rating series for the
//! demo channels and their brands' audience groups up to today, so the orders' viewing
//! estimates (docs/evaluation.md) and the spots' curves have history on a first start.

use chrono::{Duration, Local};

use crate::imports::customer::{self, ImportOptions, Origin};
use crate::imports::{ImportError, Report};
use crate::state::AppState;

use super::{BRANDS, MEDIA};

struct Quiet;

impl Report for Quiet {
    async fn stage(&self, _: i64, _: &str) {}
}

/// Days of rating history: the 28 days an estimate reads, and a week to move the assessment
/// date back into.
const RATING_DAYS: u64 = 35;

/// Imports generated viewing rows of the last 30 days, both sides: the customer's (客户) and the
/// media's own measurement of the same spots, its GRP a tenth lower, so 数据分析 shows both
/// and the dashboard has a month of data; answers the rows imported.
pub async fn customer_data(state: &AppState) -> anyhow::Result<u64> {
    let mut rows = 0;
    for (belonging_to, grp_scale) in [(1, 1.0), (2, 0.9)] {
        rows += side_data(state, belonging_to, grp_scale).await?;
    }
    Ok(rows)
}

async fn side_data(state: &AppState, belonging_to: i16, grp_scale: f64) -> anyhow::Result<u64> {
    let dir = state.config.data_dir.join("tmp");
    std::fs::create_dir_all(&dir)?;
    let file = dir.join(format!("demo-customer-data-{belonging_to}.xlsx"));
    let first = Local::now().date_naive() - Duration::days(30);
    let path = file.clone();
    tokio::task::spawn_blocking(move || crate::cli::generate::customer_data_scaled(2000, first, 30, 7, grp_scale, &path))
        .await??;
    let opts = ImportOptions { category: 2, source: 3, belonging_to, audience_group: None };
    let done = customer::import_file(state, &file, &opts, &Origin { cli: true, ..Origin::default() }, &Quiet).await;
    let _ = std::fs::remove_file(&file);
    match done {
        Ok(imported) => Ok(imported.rows),
        Err(ImportError::Refused(text)) => anyhow::bail!("demo customer data refused: {text}"),
        Err(ImportError::Internal(e)) => Err(e),
    }
}

/// Imports per-minute ratings of every demo channel and brand audience group for the
/// [`RATING_DAYS`] days before today; answers the rows imported.
pub async fn ratings(state: &AppState) -> anyhow::Result<u64> {
    let dir = state.config.data_dir.join("tmp");
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("demo-ratings.parquet");
    let today = Local::now().date_naive();
    let start = (today - Duration::days(RATING_DAYS as i64)).and_hms_opt(0, 0, 0).expect("midnight exists");
    let path = file.clone();
    tokio::task::spawn_blocking(move || {
        let channels: Vec<&str> = MEDIA.iter().map(|(name, _)| *name).collect();
        let mut groups: Vec<&str> = BRANDS.iter().flat_map(|(_, groups)| groups.iter().copied()).collect();
        groups.sort_unstable();
        groups.dedup();
        let series = adeval_engine::generate::Series { start, channels: &channels, groups: &groups };
        adeval_engine::generate::ratings_of(&path, &series, RATING_DAYS, 11)
    })
    .await??;
    let imported = crate::imports::ratings::import(state, vec![file.clone()], "cli").await;
    let _ = std::fs::remove_file(&file);
    match imported? {
        Ok((_, rows)) => Ok(rows),
        Err(reasons) => anyhow::bail!("demo ratings refused: {}", reasons.join("; ")),
    }
}
