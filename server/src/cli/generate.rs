//! `adeval demo …`: realistic data of any size for demos and benchmarks, in the formats the
//! importers take (docs/import-formats.md). Customer-data workbooks use the demo master data's channels,
//! audience groups and ad titles, so they import into a demo database as they are.

use std::path::PathBuf;

use anyhow::Context;
use chrono::{Duration, NaiveDate};
use clap::Subcommand;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rust_xlsxwriter::Workbook;

use crate::demo::{BRANDS, CUSTOMER_HEADERS, MEDIA, PRODUCTS};

#[derive(Subcommand)]
pub enum GenerateCommand {
    /// A customer viewing-data workbook (xlsx, written in constant memory).
    CustomerData {
        /// Data rows.
        #[arg(long, default_value_t = 1000)]
        rows: u64,
        /// First broadcast date (YYYY-MM-DD); spots spread over the following `days`.
        #[arg(long, default_value = "2026-03-01")]
        from: NaiveDate,
        #[arg(long, default_value_t = 31)]
        days: u32,
        /// Random seed: the same seed writes the same file.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// Per-minute rating series (channel, audience_group, ts, rating) of any size, as csv or
    /// zstd Parquet by the file's extension — the format `adeval import ratings` takes.
    Ratings {
        #[arg(long, default_value_t = 1_000_000)]
        rows: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `.csv` or `.parquet`.
        #[arg(long)]
        out: PathBuf,
    },
}

const PROGRAMMES: [&str; 8] = ["新闻联播", "焦点访谈", "天气预报", "黄金剧场", "综艺大观", "晚间新闻", "午间新闻", "电视剧场"];

pub fn run(command: GenerateCommand) -> anyhow::Result<()> {
    match command {
        GenerateCommand::CustomerData { rows, from, days, seed, out } => {
            customer_data(rows, from, days.max(1), seed, &out)?;
            println!("wrote {rows} rows to {}", out.display());
            Ok(())
        }
        GenerateCommand::Ratings { rows, seed, out } => {
            adeval_engine::generate::ratings(&out, rows, seed)?;
            println!("wrote {rows} rating rows to {}", out.display());
            Ok(())
        }
    }
}

/// Writes `rows` spots: prime time most of the day's weight, a tenth past midnight (24:xx–25:xx
/// of the broadcast day), positions in breaks of 4–10, GRP in the ranges of national channels
/// on 全国4+: prime time 0.5–2.5 (skewed low), daytime 0.1–0.6, past midnight 0.05–0.3.
pub fn customer_data(rows: u64, from: NaiveDate, days: u32, seed: u64, out: &std::path::Path) -> anyhow::Result<()> {
    customer_data_scaled(rows, from, days, seed, 1.0, out)
}

/// [`customer_data`] with every GRP times `grp_scale`: the same seed gives the same spots, so a
/// media's own measurement of a customer's spots is the customer's file at another scale.
pub fn customer_data_scaled(
    rows: u64,
    from: NaiveDate,
    days: u32,
    seed: u64,
    grp_scale: f64,
    out: &std::path::Path,
) -> anyhow::Result<()> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut book = Workbook::new();
    let sheet = book.add_worksheet_with_constant_memory()?;
    sheet.set_name("客户数据")?;
    for (c, h) in CUSTOMER_HEADERS.iter().enumerate() {
        sheet.write_string(0, c as u16, *h)?;
    }
    let groups: Vec<&str> = BRANDS.iter().flat_map(|(_, g)| g.iter().copied()).collect();
    for i in 0..rows {
        let r = (i + 1) as u32;
        let day = from + Duration::days(rng.random_range(0..days) as i64);
        let product = &PRODUCTS[rng.random_range(0..PRODUCTS.len())];
        let (hour, minute) = match rng.random_range(0..10) {
            0 => (rng.random_range(24..26), rng.random_range(0..60)),
            1..=6 => (rng.random_range(19..23), rng.random_range(0..60)),
            _ => (rng.random_range(6..19), rng.random_range(0..60)),
        };
        let of = rng.random_range(4..=10);
        let at = rng.random_range(1..=of);
        let position = match rng.random_range(0..6) {
            0 => "正一".to_owned(),
            1 => "倒一".to_owned(),
            _ => format!("{at}/{of}"),
        };
        let u = rng.random::<f64>();
        let rating = match hour {
            19..=22 => 0.5 + u.powi(2) * 2.0,
            24.. => 0.05 + u * 0.25,
            _ => 0.1 + u * 0.5,
        };
        let grp: f64 = (rating * grp_scale * 1000.0).round() / 1000.0;
        sheet.write_string(r, 0, day.format("%Y-%m-%d").to_string())?;
        sheet.write_string(r, 1, MEDIA[product.media].0)?;
        sheet.write_string(r, 2, format!("{hour:02}:{minute:02}:{:02}", rng.random_range(0..60)))?;
        sheet.write_number(r, 3, f64::from(product.seconds))?;
        sheet.write_string(r, 4, product.titles[rng.random_range(0..product.titles.len())])?;
        sheet.write_string(r, 5, PROGRAMMES[rng.random_range(0..PROGRAMMES.len())])?;
        sheet.write_string(r, 6, groups[rng.random_range(0..groups.len())])?;
        sheet.write_number(r, 7, grp)?;
        sheet.write_string(r, 8, position)?;
    }
    book.save(out).with_context(|| format!("writing {}", out.display()))?;
    Ok(())
}
