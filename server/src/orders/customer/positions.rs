//! The 正负三 upload (tag alreadyUpsideDownThree, `{orderId, category, source}`): a file in the
//! customer-data format (docs/import-formats.md) whose 位置 says where in its break each spot
//! aired. It records, for the order, each of its spots' broadcast day, air time, title and
//! position; the 正负三 % reads them.
//!
//! A row is the order's when its 频道 is the order's media, its 标题 one of the order's titles
//! (tapes' names, numbers, customer titles, the product name) and its 日期 a day of the cycle;
//! other rows are counted and left out (a channel's log lists every advertiser's spots). Every
//! row must have a 位置: rows without one are refused with their row numbers, as is anything
//! the reader refuses. All or nothing: the upload replaces the order's positions of that
//! category and source in one transaction, or changes nothing.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use adeval_engine::SpotPosition;
use adeval_ingest::{CustomerOptions, CustomerRow, Limits, MAX_ROW_ERRORS, RowError};
use sqlx::PgConnection;

use super::rows::{self, Scope};
use crate::imports::{ImportError, Report, describe};
use crate::orders::log;
use crate::state::AppState;

/// What the upload is for.
#[derive(Debug, Clone, Copy)]
pub struct Upload {
    pub order: i64,
    pub category: i16,
    pub source: i16,
    /// Who uploaded it (the order log names them); `None`: the system.
    pub admin_id: Option<i64>,
}

/// A row's position, as recorded.
struct Recorded {
    sheet: String,
    row: u32,
    ymd: chrono::NaiveDate,
    secs: i32,
    title: String,
    position: String,
    index: Option<i32>,
    of: Option<i32>,
    from_end: bool,
}

/// Names compare without white space and case, as customer data resolves channels.
fn key(text: &str) -> String {
    text.split_whitespace().collect::<String>().to_lowercase()
}

/// Seconds of the broadcast day the row aired at (up to 29:59:59).
fn secs(row: &CustomerRow) -> i32 {
    (row.air_time - row.date.and_hms_opt(0, 0, 0).expect("midnight exists")).num_seconds() as i32
}

/// The order's rows of the file, how many rows were not the order's; or every row without a
/// position (at most the reader's cap listed, the rest counted).
fn select(scope: &Scope, rows: Vec<CustomerRow>) -> Result<(Vec<Recorded>, usize), (Vec<RowError>, usize)> {
    let media = key(&scope.media_name);
    let titles: HashSet<&str> = scope.titles().map(str::trim).filter(|t| !t.is_empty()).collect();
    let (start, end) = scope.cycle;
    let (mut errors, mut more) = (Vec::new(), 0);
    let mut kept = Vec::new();
    let mut others = 0;
    for row in rows {
        let Some(position) = &row.position else {
            if errors.len() < MAX_ROW_ERRORS {
                let reason = "请填写位置：正负三上传的每一行都要有位置（如 正一、倒二、2/8、中）".to_owned();
                errors.push(RowError { sheet: row.sheet.clone(), row: row.row, column: "位置".into(), value: String::new(), reason });
            } else {
                more += 1;
            }
            continue;
        };
        let ours = key(&row.channel) == media && titles.contains(row.title.trim()) && (start..=end).contains(&row.date);
        if !ours {
            others += 1;
            continue;
        }
        kept.push(Recorded {
            sheet: row.sheet.clone(),
            row: row.row,
            ymd: row.date,
            secs: secs(&row),
            title: row.title.trim().to_owned(),
            position: position.text.clone(),
            index: position.index.map(|i| i as i32),
            of: position.of.map(|n| n as i32),
            from_end: position.from_end,
        });
    }
    // One spot (day, time, title) named twice would leave which position counts to the row
    // order: every repeat is listed, as a bad row is.
    let mut first: HashMap<(chrono::NaiveDate, i32, &str), u32> = HashMap::new();
    for r in &kept {
        if let Some(earlier) = first.insert((r.ymd, r.secs, r.title.as_str()), r.row) {
            if errors.len() < MAX_ROW_ERRORS {
                let reason = format!("与第 {earlier} 行是同一个点位（日期、播出时间、标题相同），请只保留一行");
                errors.push(RowError { sheet: r.sheet.clone(), row: r.row, column: "播出时间".into(), value: r.title.clone(), reason });
            } else {
                more += 1;
            }
        }
    }
    if errors.is_empty() { Ok((kept, others)) } else { Err((errors, more)) }
}

/// Most positions one upload records for an order: a dense order airs a few thousand spots
/// over its cycle; every figure of the order reads them.
pub const MAX_POSITIONS: usize = 50_000;

/// Reads `path` and records its positions for the order; answers the job's summary.
pub async fn import_file<R: Report>(state: &AppState, upload: &Upload, path: &Path, report: &R) -> Result<String, ImportError> {
    let scope = rows::scope(&mut *state.db.acquire().await?, upload.order).await?.ok_or_else(|| ImportError::Refused("订单不存在".into()))?;
    report.stage(5, "读取并校验文件").await;
    let file: PathBuf = path.to_path_buf();
    // The order names the audience group; a position does not depend on it.
    let opts = CustomerOptions { audience_group_given: true };
    let read = tokio::task::spawn_blocking(move || adeval_ingest::read_customer_data(&file, &opts, &Limits::default()))
        .await
        .map_err(anyhow::Error::from)?;
    let rows = read?;
    if rows.is_empty() {
        return Err(ImportError::Refused("文件中没有数据行".into()));
    }
    if rows.iter().all(|r| r.position.is_none()) {
        return Err(ImportError::Refused("文件没有位置：正负三上传需要「位置」列，且每一行都要填写".into()));
    }
    report.stage(50, &format!("已读取 {} 行，正在匹配订单的点位", rows.len())).await;
    let (kept, others) = select(&scope, rows).map_err(|(errors, more)| ImportError::Refused(describe(&errors, more)))?;
    if kept.is_empty() {
        let (start, end) = scope.cycle;
        return Err(ImportError::Refused(format!(
            "文件中没有该订单的点位：没有一行的频道是「{}」、标题是订单的版本或产品名称、日期在订单周期（{start} ~ {end}）内，未记录任何位置",
            scope.media_name
        )));
    }
    if kept.len() > MAX_POSITIONS {
        return Err(ImportError::Refused(format!(
            "文件中有该订单的 {} 个点位，一次最多记录 {MAX_POSITIONS} 个点位的位置，未记录任何位置",
            kept.len()
        )));
    }
    report.stage(80, &format!("正在记录 {} 个点位的位置", kept.len())).await;
    let mut tx = state.db.begin().await?;
    replace(&mut tx, upload, &kept).await?;
    let top = kept.iter().filter(|p| SpotPosition { index: p.index, of: p.of, from_end: p.from_end }.top_or_bottom_three()).count();
    let mut summary = format!("已记录 {} 个点位的位置，其中正负三 {top} 个", kept.len());
    if others > 0 {
        summary.push_str(&format!("；{others} 行不是该订单的点位，未记录"));
    }
    let name = log::admin_name(&mut tx, upload.admin_id).await?;
    let content = format!("上传正负三（数据类别 {}，数据来源 {}）：{summary}", upload.category, upload.source);
    log::write(&mut tx, upload.order, upload.admin_id, &name, content, None).await?;
    tx.commit().await?;
    report.stage(100, &summary).await;
    Ok(summary)
}

/// Replaces the order's positions of the upload's category and source, under the order's row
/// lock so two uploads for one order apply one after the other.
async fn replace(tx: &mut PgConnection, upload: &Upload, kept: &[Recorded]) -> Result<(), ImportError> {
    let found: Option<i64> = sqlx::query_scalar("select id from orders where id = $1 for update")
        .bind(upload.order)
        .fetch_optional(&mut *tx)
        .await?;
    if found.is_none() {
        return Err(ImportError::Refused("订单不存在".into()));
    }
    sqlx::query("delete from order_positions where order_id = $1 and category = $2 and source = $3")
        .bind(upload.order)
        .bind(upload.category)
        .bind(upload.source)
        .execute(&mut *tx)
        .await?;
    for chunk in kept.chunks(5_000) {
        sqlx::query(
            "insert into order_positions (order_id, category, source, row_no, ymd, secs, title, position, position_index,
                                          position_of, position_from_end)
             select $1, $2, $3, * from unnest($4::int4[], $5::date[], $6::int4[], $7::text[], $8::text[], $9::int4[],
                                              $10::int4[], $11::bool[])",
        )
        .bind(upload.order)
        .bind(upload.category)
        .bind(upload.source)
        .bind(chunk.iter().map(|p| p.row as i32).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.ymd).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.secs).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.title.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.position.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.index).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.of).collect::<Vec<_>>())
        .bind(chunk.iter().map(|p| p.from_end).collect::<Vec<_>>())
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
