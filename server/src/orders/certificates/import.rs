//! Importing a certificate file (upload tagged broadcastingCertificate with the order id): read
//! it whole, checking every row as it is read against the file's rules and the order together
//! (its product's tapes, its media's periods, its cycle and confirmed months), write the rows as
//! one lake batch, and in the transaction that makes the batch live point the order's months
//! at it. All or nothing: a bad row refuses the file with every problem of every row listed in
//! row order (a bad date does not hide an unknown version).
//!
//! A version of the product that is not one of the order's is kept for a swap; a row no period
//! holds is kept unassigned. A new import replaces the unconfirmed months of the current
//! certificate (months the file lacks stop having one) and keeps the confirmed ones.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

use adeval_engine::CertificateRow;
use adeval_engine::{Dataset, Lake};
use adeval_ingest::{CertificateLine, CertificateRead, Limits, Row, RowProblems, read_certificate_checked};
use chrono::NaiveDate;
use sqlx::{PgConnection, PgPool};

use super::compare::fixed_refusal;
use super::rows::{CurrentRow, OrderFacts, Period, Tape, current_rows};
use super::{REIMPORT_CONFIRMED, current_months, drop_preview, today};
use crate::orders::{month_of, ym};
use crate::imports::{ImportError, Origin, Report, commit_or_remove_with};
use crate::lake::{BatchInfo, begin_batch, fail_batch, row_id};
use crate::orders::{log, order, status};
use crate::reads::Reads;

/// What an import wrote.
#[derive(Debug)]
pub struct Imported {
    pub batch_id: i64,
    /// The job's summary, also kept as the batch's note (a run after a crash answers it).
    pub summary: String,
}

/// The version a row names: the order's tapes by media file name, then by tape number; then
/// the product's other tapes the same way.
fn version_of(tapes: &[Tape], written: &str) -> Result<i64, &'static str> {
    let v = written.trim();
    for in_order in [true, false] {
        let of: Vec<&Tape> = tapes.iter().filter(|t| t.in_order == in_order).collect();
        let by_file: Vec<i64> = of.iter().filter(|t| t.file.trim() == v).map(|t| t.id).collect();
        match by_file[..] {
            [one] => return Ok(one),
            [] => {}
            _ if in_order => return Err("该订单有多个磁带用这个媒体文件名，请改填磁带号"),
            _ => return Err("该产品有多个磁带用这个媒体文件名，请改填磁带号"),
        }
        if let Some(t) = of.iter().find(|t| t.number.trim() == v) {
            return Ok(t.id);
        }
    }
    Err("未知版本：不是该产品的磁带")
}

/// The row's period: by name among the media's, else the narrowest whose range holds the air
/// time on the broadcast day (ties: the lower id); None when none does. A period holds its
/// start but not its end when another period starts there: periods written back to back
/// (18:00–19:30, 19:30–22:00) share the boundary, and a spot at 19:30:00 opens the later one.
fn period(periods: &[Period], name: Option<&str>, secs: i32) -> Option<i64> {
    if let Some(name) = name.map(str::trim).filter(|n| !n.is_empty())
        && let Some(p) = periods.iter().find(|p| p.name.trim() == name)
    {
        return Some(p.id);
    }
    let narrowest = |holds: &dyn Fn(&&Period) -> bool| periods.iter().filter(holds).min_by_key(|p| (p.end - p.start, p.id)).map(|p| p.id);
    narrowest(&|p| p.start <= secs && secs < p.end).or_else(|| narrowest(&|p| p.start <= secs && secs <= p.end))
}

/// Most spots one day may show for one version in one period, as a cell may plan.
const MAX_SPOTS_A_DAY: i64 = 10_000;

/// A good row matched to the order: its tape and its period (none: kept unassigned).
struct Matched {
    line: CertificateLine,
    tape_id: i64,
    time_period_id: Option<i64>,
}

/// Checks every row against the order as the reader reads it, adding what does not match to the
/// row's problems: the version, the day (cycle, not yet over, confirmed month), and the day's
/// spots for one version and period.
struct Check {
    facts: OrderFacts,
    confirmed: Vec<NaiveDate>,
    today: NaiveDate,
    spots: HashMap<(NaiveDate, i64, Option<i64>), i64>,
}

impl Check {
    fn row(&mut self, row: CertificateRead, problems: &mut RowProblems<'_>) -> Option<Matched> {
        let (line, ymd, version) = match row {
            Row::Good(line) => (Some(line), None, None),
            // What could be read of a bad row is checked all the same.
            Row::Bad(f) => (None, f.ymd, f.version),
        };
        let ymd = line.as_ref().map(|l| l.ymd).or(ymd);
        let version = line.as_ref().map(|l| l.version.as_str()).or(version.as_deref());
        let tape = version.map(|v| version_of(&self.facts.tapes, v).map_err(|why| problems.add("版本", v, why)));
        if let Some(ymd) = ymd {
            self.day(ymd, problems);
        }
        let (Some(line), Some(Ok(tape_id))) = (line, tape) else { return None };
        let secs = line.secs as i32;
        let time_period_id = period(&self.facts.periods, line.time_period.as_deref(), secs);
        let day = self.spots.entry((line.ymd, tape_id, time_period_id)).or_default();
        *day += i64::from(line.count);
        if *day > MAX_SPOTS_A_DAY {
            problems.add("次数", &line.count.to_string(), format!("同一天、同一版本、同一时段的播出次数合计超过 {MAX_SPOTS_A_DAY}"));
        }
        Some(Matched { line, tape_id, time_period_id })
    }

    /// The broadcast day must be in the cycle, over, and of a month not yet confirmed.
    fn day(&self, ymd: NaiveDate, problems: &mut RowProblems<'_>) {
        let (start, end) = self.facts.cycle;
        if ymd < start || ymd > end {
            problems.add("日期", &ymd.to_string(), format!("不在订单周期（{start} ~ {end}）内"));
        } else if ymd >= self.today {
            problems.add("日期", &ymd.to_string(), "播出日期须早于今天：当天及以后的播出尚未结束");
        } else if self.confirmed.contains(&month_of(ymd)) {
            problems.add("日期", &ymd.to_string(), REIMPORT_CONFIRMED);
        }
    }
}

/// The certificate rows of batch `batch_id` for `order`, in file order.
fn rows_of(matched: Vec<Matched>, (batch_id, order): (i64, i64)) -> Vec<CertificateRow> {
    matched
        .into_iter()
        .enumerate()
        .map(|(n, Matched { line: l, tape_id, time_period_id })| CertificateRow {
            id: row_id(batch_id, n),
            batch_id,
            order_id: order,
            ymd: l.ymd,
            air_time: l.air_time,
            secs: l.secs as i32,
            time_period_id,
            version: l.version,
            tape_id,
            time_period: l.time_period,
            duration: l.duration.map(|d| d as i32),
            position: l.position,
            num: l.count as i32,
            sheet: l.sheet,
            row: l.row as i32,
        })
        .collect()
}

/// Imports the certificate at `path` for `order`.
pub async fn import_file<R: Report>(db: &PgPool, reads: &Reads, order: i64, path: &Path, origin: &Origin, report: &R) -> Result<Imported, ImportError> {
    let mut conn = db.acquire().await?;
    let Some(facts) = OrderFacts::load(&mut conn, order).await? else { return Err(ImportError::Refused("订单不存在".into())) };
    let confirmed: Vec<NaiveDate> = current_months(&mut conn, order).await?.into_iter().filter(|m| m.confirmed).map(|m| m.month).collect();
    let today: NaiveDate = sqlx::query_scalar("select current_date").fetch_one(&mut *conn).await?;
    drop(conn);
    report.stage(10, "读取并核对播出证明").await;
    let owned = path.to_owned();
    let read = crate::lake::blocking(move || {
        let mut check = Check { facts, confirmed, today, spots: HashMap::new() };
        let read = read_certificate_checked(&owned, &Limits::default(), |row, problems| check.row(row, problems));
        (read, check.facts)
    });
    let (read, facts) = read.await?;
    let matched = read?;
    report.stage(40, &format!("已读取并核对 {} 行", matched.len())).await;
    let info = BatchInfo {
        dataset: Dataset::Certificates,
        origin: origin.label(),
        file_id: origin.file_id,
        job_id: origin.job_id,
        admin_id: origin.admin_id,
        category: None,
        source: None,
        belonging_to: None,
    };
    let batch_id = begin_batch(db, &info).await?;
    let rows = rows_of(matched, (batch_id, order));
    let months: BTreeSet<NaiveDate> = rows.iter().map(|r| month_of(r.ymd)).collect();
    let months: Vec<NaiveDate> = months.into_iter().collect();
    let spots: i64 = rows.iter().map(|r| i64::from(r.num)).sum();
    let in_order = |t: i64| facts.tape(t).is_some_and(|t| t.in_order);
    let not_order = rows.iter().filter(|r| !in_order(r.tape_id)).count();
    let no_period = rows.iter().filter(|r| in_order(r.tape_id) && r.time_period_id.is_none()).count();
    let names: Vec<String> = months.iter().map(|m| ym(*m)).collect();
    let summary = format!(
        "已导入 {} 行播出证明（{spots} 个点位）：{}；未指定时段 {no_period} 行，版本待替换 {not_order} 行",
        rows.len(),
        names.join("、")
    );
    report.stage(60, &format!("正在写入 {} 行", rows.len())).await;
    let count = rows.len() as u64;
    let fresh: Vec<CurrentRow> = rows.iter().map(CurrentRow::fresh).collect();
    let lake = reads.lake.clone();
    let written = crate::lake::blocking(move || lake.write_certificates(batch_id, &rows)).await?;
    let files = match written {
        Ok(files) => files,
        Err(e) => {
            let _ = fail_batch(db, batch_id, "写入失败").await;
            return Err(ImportError::Internal(e.into()));
        }
    };
    let point = Point { lake: reads.lake.clone(), order, batch_id, months, rows: fresh, summary: summary.clone(), admin_id: origin.admin_id };
    let committed = commit_or_remove_with(db, &reads.lake, batch_id, origin.worker.as_deref(), files, count, move |tx| Box::pin(point.apply(tx))).await;
    if let Err(e) = committed {
        let _ = fail_batch(db, batch_id, "写入失败").await;
        return Err(match e.downcast::<ImportError>() {
            Ok(refused) => refused,
            Err(e) => ImportError::Internal(e),
        });
    }
    report.stage(100, &summary).await;
    Ok(Imported { batch_id, summary })
}

/// What the commit of a certificate batch does besides making it live.
struct Point {
    lake: Arc<Lake>,
    order: i64,
    batch_id: i64,
    months: Vec<NaiveDate>,
    /// The batch's rows, as they will read.
    rows: Vec<CurrentRow>,
    summary: String,
    admin_id: Option<i64>,
}

impl Point {
    /// Under the order's row lock: refuses when a month of the file was confirmed meanwhile, or
    /// when the rows would change what a confirmation verified (a running month's verified days
    /// must keep their rows: [`fixed_refusal`]), else makes the batch the order's current certificate of its months (the unconfirmed
    /// months it lacks stop having one), drops the pending preview, logs and refreshes status.
    async fn apply(self, tx: &mut PgConnection) -> anyhow::Result<()> {
        if !order::locked(tx, self.order).await? {
            return Err(ImportError::Refused("订单不存在".into()).into());
        }
        let confirmed: Vec<NaiveDate> = sqlx::query_scalar(
            "select month from order_certificate_months where order_id = $1 and month = any($2) and confirmed_at is not null order by month",
        )
        .bind(self.order)
        .bind(&self.months)
        .fetch_all(&mut *tx)
        .await?;
        if !confirmed.is_empty() {
            let names: Vec<String> = confirmed.iter().map(|m| ym(*m)).collect();
            return Err(ImportError::Refused(format!("{}：{REIMPORT_CONFIRMED}", names.join("、"))).into());
        }
        let Some(facts) = OrderFacts::load(tx, self.order).await? else { return Err(ImportError::Refused("订单不存在".into()).into()) };
        let months = current_months(tx, self.order).await?;
        let before = current_rows(&self.lake, tx, self.order, &months).await?;
        // Confirmed months keep their rows; every other month's are the file's.
        let after: Vec<CurrentRow> = before.iter().filter(|r| r.confirmed).cloned().chain(self.rows.iter().cloned()).collect();
        let today = today(tx).await?;
        if let Some(refused) = fixed_refusal(tx, self.order, &facts, (&before, &after), today).await? {
            return Err(ImportError::Refused(refused).into());
        }
        sqlx::query("delete from order_certificate_months where order_id = $1 and confirmed_at is null").bind(self.order).execute(&mut *tx).await?;
        sqlx::query("insert into order_certificate_months (order_id, month, batch_id) select $1, unnest($2::date[]), $3")
            .bind(self.order)
            .bind(&self.months)
            .bind(self.batch_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("update lake_batches set note = $2 where id = $1").bind(self.batch_id).bind(&self.summary).execute(&mut *tx).await?;
        drop_preview(tx, self.order).await?;
        let name = log::admin_name(tx, self.admin_id).await?;
        log::write(tx, self.order, self.admin_id, &name, format!("导入播出证明：{}", self.summary), None).await?;
        status::refresh(tx, Some(self.order)).await?;
        Ok(())
    }
}
