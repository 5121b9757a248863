//! Viewing rows for the orders of a bench database, written to its lake as the import writes
//! them (`Lake::write_viewing` and its rollup, one batch per million rows, committed to the
//! manifest), with some of them deleted. Quick: no workbook, the rows are made in memory from a hash.

use std::path::Path;

use adeval_engine::{Lake, LakeOptions, ViewingRow};
use adeval_server::lake::month_rollups::{merge_months, viewing_months};
use adeval_server::lake::{BatchInfo, begin_batch, commit_batch, row_id};
use anyhow::Context;
use chrono::{Days, NaiveDate, NaiveTime, TimeDelta};

const BATCH_ROWS: u64 = 1_000_000;

/// What a row may be made of: an order's media, group, cycle and titles.
struct OrderKind {
    media: i64,
    group: i64,
    start: NaiveDate,
    days: u64,
    titles: Vec<String>,
}

fn mix(mut x: u64) -> u64 {
    // splitmix64: every row its own well-spread number.
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Writes `rows` viewing rows over `days` broadcast days from `first` into the lake at
/// `root` and the manifest of `db`, then deletes `deleted` of them. Most rows are of an
/// order's media, group and titles within its cycle, the rest miss in one way or another;
/// both data ownerships, all categories and sources. Answers the rows written.
pub async fn fill_lake(
    db: &sqlx::PgPool,
    root: &Path,
    rows: u64,
    deleted: u64,
    first: NaiveDate,
    days: u64,
) -> anyhow::Result<u64> {
    let orders: Vec<(i64, i64, NaiveDate, NaiveDate, Vec<String>)> = sqlx::query_as(
        "select o.media_id, o.default_group_id, o.cycle_start, o.cycle_end,
                array(select p.product_name union
                      select x from order_tapes ot join product_tapes t on t.id = ot.tape_id,
                           unnest(array[t.media_file_name, t.media_tape_number, t.customer_title]) x
                      where ot.order_id = o.id)
         from orders o join products p on p.id = o.product_id order by o.id",
    )
    .fetch_all(db)
    .await?;
    let kinds: Vec<OrderKind> = orders
        .into_iter()
        .map(|(media, group, start, end, titles)| OrderKind {
            media,
            group,
            start,
            days: (end - start).num_days().max(0) as u64 + 1,
            titles,
        })
        .collect();
    let media: Vec<(i64, String)> = sqlx::query_as("select id, media_name from media order by id").fetch_all(db).await?;
    let groups: Vec<(i64, String)> =
        sqlx::query_as("select id, group_name from audience_groups order by id").fetch_all(db).await?;
    anyhow::ensure!(!kinds.is_empty() && !media.is_empty() && !groups.is_empty(), "no orders or master data to match");
    let name = |list: &[(i64, String)], id: i64| list.iter().find(|(i, _)| *i == id).map_or_else(String::new, |(_, n)| n.clone());
    let lake = std::sync::Arc::new(Lake::open(root, LakeOptions::default()).context("opening the bench lake")?);
    let info = BatchInfo {
        dataset: adeval_engine::Dataset::Viewing,
        origin: "cli",
        file_id: None,
        job_id: None,
        admin_id: None,
        category: None,
        source: None,
        belonging_to: None,
    };
    let mut batches = Vec::new();
    let mut written = 0;
    while written < rows {
        let n = BATCH_ROWS.min(rows - written);
        let batch = begin_batch(db, &info).await?;
        let made: Vec<ViewingRow> = (0..n)
            .map(|k| {
                let h = mix(written + k);
                let o = &kinds[(h % kinds.len() as u64) as usize];
                let title = if h >> 20 & 3 != 0 {
                    o.titles[(h >> 24) as usize % o.titles.len()].clone()
                } else {
                    format!("其他广告{}", h >> 24 & 63)
                };
                let m = if h >> 28 & 15 != 0 { o.media } else { media[(h >> 32) as usize % media.len()].0 };
                let g = if h >> 36 & 7 != 0 { o.group } else { groups[(h >> 40) as usize % groups.len()].0 };
                let ymd = if h >> 44 & 3 != 0 { o.start + Days::new((h >> 46 & 0xFFFF) % o.days) } else { first + Days::new((h >> 46) % days) };
                // 06:00 to 26:00 of the broadcast day, by the minute.
                let air_time = ymd.and_time(NaiveTime::MIN) + TimeDelta::minutes(360 + (h >> 8 & 0xFFF) as i64 % 1200);
                let index = 1 + (h >> 4 & 7) as i32;
                ViewingRow {
                    id: row_id(batch, k as usize),
                    batch_id: batch,
                    media_id: m,
                    channel: name(&media, m),
                    audience_group_id: g,
                    audience_group: name(&groups, g),
                    brand_id: None,
                    air_time,
                    ymd,
                    duration: 15,
                    title,
                    program: None,
                    time_period_class_id: None,
                    time_period_class: None,
                    grp: (h >> 50 & 1023) as f64 / 100.0,
                    position: (h & 1 == 0).then(|| format!("{index}/8")),
                    position_index: (h & 1 == 0).then_some(index),
                    position_of: (h & 1 == 0).then_some(8),
                    position_from_end: false,
                    category: 1 + (h >> 12 & 3) as i16,
                    source: 1 + (h >> 14) as i16 % 3,
                    belonging_to: 1 + (h >> 1 & 1) as i16,
                    created_at: air_time,
                }
            })
            .collect();
        let mut files = lake.write_viewing(batch, &made).context("writing a bench batch")?;
        // Committed with their rollups, as `imports::commit_or_remove` commits every batch.
        files.extend(lake.viewing_rollup(&files).context("rolling up a bench batch")?);
        let mut tx = db.begin().await?;
        commit_batch(&mut tx, batch, None, &files, n).await?;
        // And the months' rollups across batches, as the commit merges them.
        let mut merged = Vec::new();
        merge_months(&mut tx, &lake, batch, &viewing_months(&files), &mut merged).await?;
        tx.commit().await?;
        // The month rollups it replaced go at once: nothing reads the lake while it fills.
        adeval_server::lake::sweep_retired(db, &lake, std::time::Duration::ZERO).await?;
        batches.push((batch, n));
        written += n;
    }
    let ids: Vec<i64> = (0..deleted)
        .map(|k| {
            let h = mix(u64::MAX - k);
            let (batch, n) = batches[(h % batches.len() as u64) as usize];
            row_id(batch, ((h >> 20) % n) as usize)
        })
        .collect();
    sqlx::query("insert into lake_deletions (dataset, row_id) select 'viewing', unnest($1::bigint[]) on conflict do nothing")
        .bind(&ids)
        .execute(db)
        .await?;
    Ok(written)
}

/// The live viewing rows, deletions applied, as one plain Parquet file: the peers' copy.
pub async fn plain_copy(db: &sqlx::PgPool, lake: &Path, to: &Path) -> anyhow::Result<()> {
    let files: Vec<String> = sqlx::query_scalar("select path from lake_files where dataset = 'viewing' and live order by path")
        .fetch_all(db)
        .await?;
    let deleted: Vec<i64> =
        sqlx::query_scalar("select row_id from lake_deletions where dataset = 'viewing'").fetch_all(db).await?;
    write_plain_copy(lake, &files, &deleted, to)
}

/// `files` (lake paths under `lake`) less the `deleted` ids, as one plain Parquet file.
pub fn write_plain_copy(lake: &Path, files: &[String], deleted: &[i64], to: &Path) -> anyhow::Result<()> {
    let list = files.iter().map(|f| format!("'{}'", lake.join(f).display())).collect::<Vec<_>>().join(", ");
    let conn = duckdb::Connection::open_in_memory()?;
    conn.execute_batch("create temp table deleted (id bigint)")?;
    let mut app = conn.appender("deleted")?;
    for id in deleted {
        app.append_row([*id])?;
    }
    app.flush()?;
    drop(app);
    conn.execute_batch(&format!(
        "copy (select * from read_parquet([{list}]) where id not in (select id from deleted)) to '{}' (format parquet, compression zstd)",
        to.display()
    ))?;
    Ok(())
}
