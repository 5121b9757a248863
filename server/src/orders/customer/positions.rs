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

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use adeval_engine::SpotPosition;
use adeval_ingest::{CustomerFields, CustomerOptions, CustomerRead, CustomerRow, Limits, Rejected, Row, RowProblems};
use sqlx::{PgConnection, PgPool};

use super::rows::{self, Scope};
use crate::imports::{ImportError, Report};
use crate::orders::{log, order};

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

const NO_POSITION: &str = "请填写位置：正负三上传的每一行都要有位置（如 正一、倒二、2/8、中）";

/// Checks every row of the file as it is read: each must have a position, and the order's rows
/// (the ones it records) must each be one spot; answers the order's good rows as recorded.
/// Rows that are not the order's are counted and left out.
struct Select<'s> {
    scope: &'s Scope,
    media: String,
    titles: HashSet<String>,
    /// Rows that are not the order's.
    others: usize,
    /// Rows with a position.
    with_position: usize,
    /// (day, air time, title) → the first row of that spot.
    first: HashMap<(chrono::NaiveDate, i32, String), u32>,
}

impl<'s> Select<'s> {
    fn new(scope: &'s Scope) -> Self {
        let titles = scope.titles().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned).collect();
        Select { scope, media: key(&scope.media_name), titles, others: 0, with_position: 0, first: HashMap::new() }
    }

    fn row(&mut self, row: CustomerRead, problems: &mut RowProblems<'_>) -> Option<Recorded> {
        let (good, f) = match row {
            Row::Good(r) => (true, fields(r)),
            Row::Bad(f) => (false, f),
        };
        match &f.position {
            Some(None) => problems.add("位置", "", NO_POSITION),
            Some(Some(_)) => self.with_position += 1,
            None => {}
        }
        let (start, end) = self.scope.cycle;
        let (Some(channel), Some(title), Some(date)) = (&f.channel, &f.title, f.date) else { return None };
        let ours = key(channel) == self.media && self.titles.contains(title.trim()) && (start..=end).contains(&date);
        if !ours {
            self.others += 1;
            return None;
        }
        let air_time = f.air_time?;
        let secs = (air_time - date.and_hms_opt(0, 0, 0)?).num_seconds() as i32;
        let title = title.trim().to_owned();
        // One spot (day, time, title) named twice would leave which position counts to the row
        // order: every repeat is listed, as a bad row is.
        match self.first.entry((date, secs, title.clone())) {
            Entry::Occupied(earlier) => {
                let reason = format!("与第 {} 行是同一个点位（日期、播出时间、标题相同），请只保留一行", earlier.get());
                let time = format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
                problems.add("播出时间", &time, reason);
                return None;
            }
            Entry::Vacant(slot) => {
                slot.insert(f.row);
            }
        }
        let row = f.row;
        let position = f.position.flatten().filter(|_| good)?;
        Some(Recorded {
            row,
            ymd: date,
            secs,
            title,
            position: position.text,
            index: position.index.map(|i| i as i32),
            of: position.of.map(|n| n as i32),
            from_end: position.from_end,
        })
    }
}

/// A good row as the fields the selection reads.
fn fields(r: CustomerRow) -> CustomerFields {
    CustomerFields {
        sheet: r.sheet,
        row: r.row,
        date: Some(r.date),
        channel: Some(r.channel),
        air_time: Some(r.air_time),
        title: Some(r.title),
        time_period_class: r.time_period_class,
        audience_group: r.audience_group,
        position: Some(r.position),
    }
}

/// Most positions one upload records for an order: a dense order airs a few thousand spots
/// over its cycle; every figure of the order reads them.
pub const MAX_POSITIONS: usize = 50_000;

/// Reads `path` and records its positions for the order; answers the job's summary.
pub async fn import_file<R: Report>(db: &PgPool, upload: &Upload, path: &Path, report: &R) -> Result<String, ImportError> {
    let scope = rows::scope(&mut *db.acquire().await?, upload.order).await?.ok_or_else(|| ImportError::Refused("订单不存在".into()))?;
    report.stage(5, "读取并校验文件").await;
    let file: PathBuf = path.to_path_buf();
    // The order names the audience group; a position does not depend on it.
    let opts = CustomerOptions { audience_group_given: true };
    let read = crate::lake::blocking(move || {
        let mut select = Select::new(&scope);
        let read = adeval_ingest::read_customer_data_checked(&file, &opts, &Limits::default(), |row, problems| select.row(row, problems));
        let (others, with_position) = (select.others, select.with_position);
        (read, others, with_position, scope)
    });
    let (read, others, with_position, scope) = read.await?;
    let kept = match read {
        // No row has a position: the file is not a 正负三 file (no 位置 column, or none filled).
        Err(Rejected::Rows(_)) if with_position == 0 => {
            return Err(ImportError::Refused("文件没有位置：正负三上传需要「位置」列，且每一行都要填写".into()));
        }
        read => read?,
    };
    report.stage(50, &format!("已读取并核对，该订单的点位 {} 个", kept.len())).await;
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
    let mut tx = db.begin().await?;
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
    if !order::locked(tx, upload.order).await? {
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
