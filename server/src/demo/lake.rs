//! The demo's lake data, imported as the shell would: the viewing rows of both sides of every
//! spot the demo aired (see [`super::plan`]) for /client/index, the dashboard and 数据分析, and
//! the rating series of the demo channels and their products' audience groups, per minute from
//! the first aired day to today's midnight and per second around every ad break, so the
//! orders' viewing estimates (docs/evaluation.md) have five weeks of history and every spot's
//! curve is per second.
//!
//! Both come from one rating model ([`adeval_engine::generate::demo_ratings`]): a spot's GRP on
//! the customer's side is the mean of the series over the spot's own seconds (kept to 4
//! decimals), the same figure its curve shows as 点位平均收视率; the media's own measurement of
//! the same spot (data ownership 2) reads it a few per cent apart, as a second meter does.

use std::path::Path;
use std::sync::Arc;

use adeval_engine::generate::{Break, DemoModel, DemoSeries, SpotSeconds};
use adeval_engine::grp::kept;
use adeval_engine::Lake;
use chrono::NaiveTime;
use rust_xlsxwriter::Workbook;
use sqlx::PgPool;

use super::plan::{Airing, Plan, product_groups};
use super::{MEDIA, PRODUCTS};
use crate::config::Config;
use crate::imports::customer::{self, ImportOptions, Origin};
use crate::imports::{ImportError, Report};

struct Quiet;

impl Report for Quiet {
    async fn stage(&self, _: i64, _: &str) {}
}

/// The seed of the demo's rating series.
const SEED: u64 = 11;

/// The rating model over the plan's series, from the first day of data to today's midnight.
pub(super) fn model<T>(plan: &Plan, with: impl FnOnce(&DemoModel<'_>) -> adeval_engine::Result<T>) -> anyhow::Result<T> {
    let channels = Plan::series();
    let breaks: Vec<Break> = plan.breaks.iter().map(|b| Break { channel: b.media, start: b.start, end: b.end }).collect();
    let midnight = |d: chrono::NaiveDate| d.and_time(NaiveTime::MIN);
    let per_second = Plan::per_second();
    let (from, to) = (midnight(plan.first_day), midnight(plan.today));
    let spec = DemoSeries { channels: &channels, per_second: &per_second, from, to, breaks: &breaks, seed: SEED };
    Ok(with(&DemoModel::new(&spec)?)?)
}

/// The spot `a` on one of its product's audience groups.
pub(super) fn seconds_of<'a>(a: &Airing, group: &'a str) -> SpotSeconds<'a> {
    SpotSeconds { channel: PRODUCTS[a.product].media, group, start: a.start(), seconds: a.seconds() as u32 }
}

/// Imports the viewing rows of both sides of every spot the demo aired before today (one row a
/// spot and audience group of its product): the customer's (客户) and the media's (媒体);
/// answers the rows imported.
pub async fn customer_data(db: &PgPool, lake: &Arc<Lake>, config: &Config) -> anyhow::Result<u64> {
    let plan = Plan::new(super::today(db).await?);
    let rows = crate::lake::blocking(move || -> anyhow::Result<Vec<Row>> {
        let mut keys = Vec::new();
        for a in &plan.aired {
            keys.extend(product_groups(&PRODUCTS[a.product]).into_iter().map(|g| (a, g)));
        }
        let spots: Vec<SpotSeconds<'_>> = keys.iter().map(|(a, g)| seconds_of(a, g)).collect();
        let means = model(&plan, |m| m.spot_means(&spots))?;
        let rows = keys.iter().zip(means).map(|((a, g), mean)| Row::of(a, g, mean.unwrap_or_default())).collect();
        Ok(rows)
    })
    .await??;
    let mut imported = 0;
    for belonging_to in [1, 2] {
        imported += side_data(db, lake, config, belonging_to, &rows).await?;
    }
    Ok(imported)
}

/// One spot on one audience group, as a viewing row writes it.
struct Row {
    day: String,
    channel: &'static str,
    time: String,
    seconds: i32,
    title: &'static str,
    programme: &'static str,
    group: &'static str,
    /// The customer's GRP and the media's.
    grp: [f64; 2],
    position: String,
}

impl Row {
    fn of(a: &Airing, group: &'static str, mean: f64) -> Row {
        let p = &PRODUCTS[a.product];
        // The media's meter: within 3 % either way, the same for the same spot and group.
        let key = format!("{} {} {group}", a.day, a.secs);
        let fnv = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let share = 0.97 + 0.06 * (fnv % 1001) as f64 / 1000.0;
        Row {
            day: a.day.format("%Y-%m-%d").to_string(),
            channel: MEDIA[p.media].0,
            time: a.time_text(),
            seconds: p.seconds,
            title: p.titles[a.tape],
            programme: programme(p.media, a.secs),
            group,
            grp: [kept(mean), kept(mean * share)],
            position: a.position_text(),
        }
    }
}

/// The programme around a spot of `media` at broadcast-day `secs`.
fn programme(media: usize, secs: i32) -> &'static str {
    let evening = secs < super::secs("19:30");
    let prime = secs < super::secs("22:00");
    match media {
        0 if evening => "新闻联播",
        0 if prime => "黄金档电视剧",
        1 if evening => "湖南新闻联播",
        1 if prime => "金鹰独播剧场",
        3 if evening => "东方新闻",
        3 if prime => "东方剧场",
        _ if secs >= super::secs("24:00") => "午夜剧场",
        _ => "晚间综艺",
    }
}

async fn side_data(db: &PgPool, lake: &Arc<Lake>, config: &Config, belonging_to: i16, rows: &[Row]) -> anyhow::Result<u64> {
    let dir = config.data_dir.join("tmp");
    std::fs::create_dir_all(&dir)?;
    let file = dir.join(format!("demo-customer-data-{belonging_to}.xlsx"));
    write_rows(&file, rows, usize::from(belonging_to == 2))?;
    let opts = ImportOptions { category: 2, source: 3, belonging_to, audience_group: None };
    let done = customer::import_file(db, lake, &file, &opts, &Origin { cli: true, ..Origin::default() }, &Quiet).await;
    let _ = std::fs::remove_file(&file);
    match done {
        Ok(imported) => Ok(imported.rows),
        Err(ImportError::Refused(text)) => anyhow::bail!("demo customer data refused: {text}"),
        Err(ImportError::Internal(e)) => Err(e),
    }
}

/// A customer-data workbook of `rows`, GRP of side `side` (0 customer, 1 media).
fn write_rows(path: &Path, rows: &[Row], side: usize) -> anyhow::Result<()> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("客户数据")?;
    for (c, h) in super::CUSTOMER_HEADERS.iter().enumerate() {
        sheet.write_string(0, c as u16, *h)?;
    }
    for (r, row) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, &row.day)?;
        sheet.write_string(r, 1, row.channel)?;
        sheet.write_string(r, 2, &row.time)?;
        sheet.write_number(r, 3, f64::from(row.seconds))?;
        sheet.write_string(r, 4, row.title)?;
        sheet.write_string(r, 5, row.programme)?;
        sheet.write_string(r, 6, row.group)?;
        sheet.write_number(r, 7, row.grp[side])?;
        sheet.write_string(r, 8, &row.position)?;
    }
    book.save(path)?;
    Ok(())
}

/// Imports the demo's rating series (see the module's comment); answers the rows imported.
pub async fn ratings(db: &PgPool, lake: &Arc<Lake>, config: &Config) -> anyhow::Result<u64> {
    let dir = config.data_dir.join("tmp");
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("demo-ratings.parquet");
    let plan = Plan::new(super::today(db).await?);
    let path = file.clone();
    crate::lake::blocking(move || model(&plan, |m| m.write(&path))).await??;
    let imported = crate::imports::ratings::import(db, lake, vec![file.clone()], "cli").await;
    let _ = std::fs::remove_file(&file);
    match imported? {
        Ok((_, rows)) => Ok(rows),
        Err(reasons) => anyhow::bail!("demo ratings refused: {}", reasons.join("; ")),
    }
}
