//! One customer-data file imported as one batch, a chunk at a time: every row the reader reads,
//! good or bad, is checked against the master data as it is read (so a row with a bad date
//! still has its channel checked, and one refusal lists both in row order); the good rows are
//! handed on [`CHUNK_ROWS`] at a time, sorted and written as a part of the batch
//! (`b<batch>-<part>` per month), and all parts are made live together once the whole file has
//! been read. Memory holds one chunk and the first listed problems, whatever the file's size.
//! A problem anywhere stops the writing (the reading goes on, so every problem is counted and
//! the first ones listed), removes the parts written and fails the batch: nothing is published.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use adeval_engine::{Lake, LakeFile};
use adeval_engine::ViewingRow;
use adeval_ingest::{CustomerOptions, FileError, Limits, Streaming};
use sqlx::PgPool;

use super::{BatchRows, DATASET, GroupRef, ImportOptions, Imported, Lookups, MasterRows, Origin, Resolver};
use crate::imports::{ImportError, Report, commit_or_remove};
use crate::lake::{BatchInfo, begin_batch, fail_batch};

/// Rows resolved and written at a time: two of the lake's row groups, a few hundred MB at most
/// with the rows' text.
pub const CHUNK_ROWS: usize = 2 * 122_880;

/// How often the bytes read are reported while the file is read.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Imports one file as one batch.
pub async fn import_file<R: Report>(
    db: &PgPool, lake: &Arc<Lake>,
    path: &Path,
    opts: &ImportOptions,
    origin: &Origin,
    report: &R,
) -> Result<Imported, ImportError> {
    import_file_in_chunks(db, lake, path, opts, origin, report, CHUNK_ROWS).await
}

/// As [`import_file`], `chunk_rows` rows at a time.
pub async fn import_file_in_chunks<R: Report>(
    db: &PgPool, lake: &Arc<Lake>,
    path: &Path,
    opts: &ImportOptions,
    origin: &Origin,
    report: &R,
    chunk_rows: usize,
) -> Result<Imported, ImportError> {
    let started = Instant::now();
    report.stage(5, "读取并校验文件").await;
    let lookups = Lookups::new(MasterRows::load(db).await?);
    let default_group = match &opts.audience_group {
        Some(name) => match lookups.group(name) {
            Some(found) => Some(found),
            None => return Err(ImportError::Refused(format!("未知的受众/城市组：{name}"))),
        },
        None => None,
    };
    let info = BatchInfo {
        dataset: DATASET,
        origin: origin.label(),
        file_id: origin.file_id,
        job_id: origin.job_id,
        admin_id: origin.admin_id,
        category: Some(opts.category),
        source: Some(opts.source),
        belonging_to: Some(opts.belonging_to),
    };
    let batch_id = begin_batch(db, &info).await?;
    let job = Job {
        lake: lake.clone(),
        path: path.to_path_buf(),
        opts: opts.clone(),
        default_group,
        lookups,
        batch_id,
        chunk_rows,
        read: Arc::new(AtomicU64::new(0)),
    };
    let total = std::fs::metadata(path).map_or(0, |m| m.len());
    let read = job.read.clone();
    let mut running = std::pin::pin!(crate::lake::blocking(move || job.run()));
    let mut reported = 0;
    let outcome = loop {
        tokio::select! {
            done = &mut running => break done?,
            () = tokio::time::sleep(PROGRESS_EVERY) => {
                let now = read.load(Ordering::Relaxed);
                if now != reported {
                    reported = now;
                    report.read(now, total).await;
                }
            }
        }
    };
    let (files, count) = match outcome {
        Ok(written) => written,
        Err(e) => {
            let note = match &e {
                ImportError::Refused(text) => text.as_str(),
                ImportError::Internal(_) => "写入失败",
            };
            let _ = fail_batch(db, batch_id, note).await;
            return Err(e);
        }
    };
    report.read(total, total).await;
    report.stage(60, &format!("已读取并写入 {count} 行，正在提交")).await;
    if let Err(e) = commit_or_remove(db, lake, batch_id, origin.worker.as_deref(), files, count).await {
        let _ = fail_batch(db, batch_id, "写入失败").await;
        return Err(e.into());
    }
    report.stage(100, &format!("已导入 {count} 行")).await;
    Ok(Imported { batch_id, rows: count, seconds: started.elapsed().as_secs_f64() })
}

/// What the blocking part of an import owns.
struct Job {
    lake: Arc<Lake>,
    path: PathBuf,
    opts: ImportOptions,
    default_group: Option<GroupRef>,
    lookups: Lookups,
    batch_id: i64,
    chunk_rows: usize,
    read: Arc<AtomicU64>,
}

impl Job {
    /// Reads, resolves and writes the whole file: the parts written and the rows, or why not
    /// (then no part is left on disk).
    fn run(self) -> Result<(Vec<LakeFile>, u64), ImportError> {
        let batch = BatchRows {
            batch_id: self.batch_id,
            opts: &self.opts,
            default_group: self.default_group.as_ref(),
            // In UTC, as the lake keeps it: shown in the server's zone (`clock`). The
            // process's own zone (`Local`) was UTC on a server and showed 01:00 for 09:00.
            created_at: chrono::Utc::now().naive_utc(),
        };
        let mut writer = Writer { lake: &self.lake, batch_id: self.batch_id, parts: 0, files: Vec::new(), failed: None };
        let mut resolver = Resolver::new(&self.lookups);
        let read_opts = CustomerOptions { audience_group_given: self.opts.audience_group.is_some() };
        // Workbooks are held whole, so their caps stay, but Excel's own row limit per sheet
        // replaces the row cap; csv and Parquet are streamed (`Limits::streamed`).
        let limits = Limits { max_rows: u32::MAX, ..Limits::default() };
        let streaming = Streaming { chunk_rows: self.chunk_rows, bytes_read: &self.read };
        let read = adeval_ingest::stream_customer_data_checked(
            &self.path,
            &read_opts,
            &limits,
            &streaming,
            |row, problems| resolver.check(row, &batch, problems),
            &mut |rows| writer.take(rows),
        );
        let outcome = match (read, writer.failed.take()) {
            (_, Some(e)) => Err(ImportError::Internal(e)),
            (Err(rejected), None) => Err(ImportError::from(rejected)),
            (Ok(rows), None) => Ok(rows),
        };
        match outcome {
            Ok(rows) => Ok((writer.files, rows)),
            Err(e) => {
                if let Err(removing) = self.lake.remove(&writer.files) {
                    tracing::error!(error = %removing, batch = self.batch_id, "removing a refused batch's parts");
                }
                Err(e)
            }
        }
    }
}

/// Writes the chunks of checked rows the reader hands on, each as a part of the batch. The
/// reader hands on nothing once a row has a problem.
struct Writer<'a> {
    lake: &'a Lake,
    batch_id: i64,
    /// Parts written so far: the next part's number.
    parts: u32,
    files: Vec<LakeFile>,
    /// A write that failed: the import's fault, not the file's.
    failed: Option<anyhow::Error>,
}

impl Writer<'_> {
    fn take(&mut self, chunk: Vec<ViewingRow>) -> Result<(), FileError> {
        match self.lake.write_viewing_part(self.batch_id, self.parts, &chunk) {
            Ok(files) => {
                self.parts += 1;
                self.files.extend(files);
                Ok(())
            }
            Err(e) => {
                let detail = e.to_string();
                self.failed = Some(anyhow::Error::from(e).context("writing a chunk of customer rows"));
                Err(FileError::Internal { detail })
            }
        }
    }
}
