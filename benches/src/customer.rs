//! Customer viewing data the way `adeval import customer-data` handles it, minus Postgres:
//! read and check the workbook (adeval-ingest), resolve each row against master data into a
//! [`ViewingRow`], write the batch to the lake (adeval-engine).

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use adeval_engine::{Lake, LakeFile, ViewingRow};
use adeval_ingest::{CustomerOptions, CustomerRow, Limits, read_customer_data};
use anyhow::{Context, bail};
use chrono::{NaiveDateTime, Timelike};

/// The master data a server would load before resolving rows (one query per table there):
/// media and audience groups by normalised name, and a broadcast day of time periods per
/// media, each in a class, so the time-period class is derived from the air time as it is
/// for files without a 时段归纳 column.
pub struct MasterData {
    media: HashMap<String, (i64, String)>,
    groups: HashMap<String, (i64, String)>,
    periods: HashMap<i64, Vec<(i32, i32, i64)>>,
    class_names: HashMap<i64, String>,
}

/// Broadcast-day periods (start, end seconds, prime or not), as the demo data defines them.
const PERIODS: [(i32, i32, bool); 6] = [
    (6 * 3600, 12 * 3600 - 1, false),
    (12 * 3600, 14 * 3600 - 1, false),
    (14 * 3600, 19 * 3600 - 1, false),
    (19 * 3600, 21 * 3600 - 1, true),
    (21 * 3600, 23 * 3600 - 1, true),
    (23 * 3600, 30 * 3600 - 1, false),
];

fn key(text: &str) -> String {
    text.split_whitespace().collect::<String>().to_lowercase()
}

impl MasterData {
    /// Master data holding every channel and audience group the rows name, with ids in order
    /// of first appearance: what a demo database holds for the generated workbooks.
    pub fn covering(rows: &[CustomerRow]) -> MasterData {
        let mut md =
            MasterData { media: HashMap::new(), groups: HashMap::new(), periods: HashMap::new(), class_names: HashMap::new() };
        for row in rows {
            let next = md.media.len() as i64 + 1;
            md.media.entry(key(&row.channel)).or_insert_with(|| (next, row.channel.clone()));
            if let Some(g) = &row.audience_group {
                let next = md.groups.len() as i64 + 1;
                md.groups.entry(key(g)).or_insert_with(|| (next, g.clone()));
            }
        }
        for &(media_id, _) in md.media.values() {
            let (prime, other) = (media_id * 10, media_id * 10 + 1);
            md.class_names.insert(prime, "黄金时段".into());
            md.class_names.insert(other, "非黄金时段".into());
            let periods = PERIODS.iter().map(|&(s, e, p)| (s, e, if p { prime } else { other })).collect();
            md.periods.insert(media_id, periods);
        }
        md
    }

    /// One row as the lake stores it: the server's resolution (media and group by name, the
    /// class of the narrowest period holding the broadcast-day time, the position's parts).
    pub fn resolve(&self, row: CustomerRow, id: i64, batch_id: i64, created_at: NaiveDateTime) -> anyhow::Result<ViewingRow> {
        let Some((media_id, channel)) = self.media.get(&key(&row.channel)).cloned() else {
            bail!("unknown channel {}", row.channel)
        };
        let group = row.audience_group.as_deref().unwrap_or_default();
        let Some((group_id, group_name)) = self.groups.get(&key(group)).cloned() else {
            bail!("unknown audience group {group}")
        };
        let day_start = row.date.and_hms_opt(0, 0, 0).unwrap_or_default();
        let secs = (row.air_time - day_start).num_seconds();
        let secs =
            if (0..108_000).contains(&secs) { secs as i32 } else { row.air_time.time().num_seconds_from_midnight() as i32 };
        let class = self
            .periods
            .get(&media_id)
            .and_then(|ps| ps.iter().filter(|(s, e, _)| *s <= secs && secs <= *e).min_by_key(|(s, e, _)| e - s))
            .map(|&(_, _, c)| (c, self.class_names[&c].clone()));
        let (position, position_index, position_of, position_from_end) = match &row.position {
            Some(p) => (Some(p.text.clone()), p.index.map(|i| i as i32), p.of.map(|i| i as i32), p.from_end),
            None => (None, None, None, false),
        };
        Ok(ViewingRow {
            id,
            batch_id,
            media_id,
            channel,
            audience_group_id: group_id,
            audience_group: group_name,
            brand_id: None,
            air_time: row.air_time,
            ymd: row.date,
            duration: row.duration as i32,
            title: row.title,
            program: row.program,
            time_period_class_id: class.as_ref().map(|c| c.0),
            time_period_class: class.map(|c| c.1),
            grp: row.grp,
            position,
            position_index,
            position_of,
            position_from_end,
            category: 2,
            source: 3,
            belonging_to: 1,
            created_at,
        })
    }
}

/// Reads a customer-data file, refusing it (as an error) when any row is bad.
pub fn read(path: &Path) -> anyhow::Result<Vec<CustomerRow>> {
    read_customer_data(path, &CustomerOptions::default(), &Limits::default())
        .map_err(|e| anyhow::anyhow!("{path:?} was refused: {e:?}"))
}

/// Seconds spent in each stage of one import.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stages {
    /// adeval-ingest: open, guard, stream and type every cell, check every row.
    pub read: f64,
    /// Master-data lookups into lake rows.
    pub resolve: f64,
    /// adeval-engine: stage through DuckDB's appender, sort, write zstd Parquet per month.
    pub write: f64,
}

/// The whole import of one file as one batch: read and check, resolve, write the month files.
/// Answers the rows, the files written and where the time went.
pub fn import(
    lake: &Lake,
    path: &Path,
    batch_id: i64,
    master: &MasterData,
) -> anyhow::Result<(usize, Vec<LakeFile>, Stages)> {
    let start = Instant::now();
    let rows = read(path)?;
    let read_done = start.elapsed().as_secs_f64();
    let created_at = chrono::Local::now().naive_local();
    let viewing = rows
        .into_iter()
        .enumerate()
        .map(|(n, row)| master.resolve(row, (batch_id << 32) | n as i64, batch_id, created_at))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let resolve_done = start.elapsed().as_secs_f64();
    let files = lake.write_viewing(batch_id, &viewing).context("writing the batch")?;
    let stages = Stages {
        read: read_done,
        resolve: resolve_done - read_done,
        write: start.elapsed().as_secs_f64() - resolve_done,
    };
    Ok((viewing.len(), files, stages))
}

/// The export's columns, as the customer-data export writes them.
/// Creates (once) the generated customer workbook of `rows` rows in the bench data directory,
/// as `adeval demo customer-data` writes it; answers its path.
pub fn workbook(rows: u64) -> anyhow::Result<std::path::PathBuf> {
    let workbook = crate::data_dir()?.join(format!("customer-data-{rows}.xlsx"));
    if !workbook.exists() {
        let tmp = workbook.with_extension("xlsx.tmp");
        let from = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).expect("a date");
        adeval_server::cli::generate::customer_data(rows, from, 31, 1, &tmp)?;
        std::fs::rename(&tmp, &workbook).context("publishing the workbook")?;
    }
    Ok(workbook)
}
