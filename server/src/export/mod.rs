//! Spreadsheet exports: xlsx written in constant memory, Chinese headers, dates as formatted
//! text, and every text cell that a spreadsheet could take for a formula written with the
//! quote-prefix style (shown and kept as the text it is). Files go to the object store under
//! `exports/<random>/<name>.xlsx` (kept a day) with a record of who made them through which
//! menu, downloaded through `/files/...` by that account or holders of that menu; exports
//! answer `{url}`. An export whose request is dropped (client gone, timeout) stops its writer
//! and producer and leaves no file behind.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};

use anyhow::Context;
use rand::RngCore;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::config::Config;
use crate::storage::Store;

mod sheet;

pub enum Cell {
    Text(String),
    Number(f64),
    Empty,
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}
impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_owned())
    }
}
impl From<i64> for Cell {
    fn from(n: i64) -> Self {
        Cell::Number(n as f64)
    }
}
impl From<i32> for Cell {
    fn from(n: i32) -> Self {
        Cell::Number(f64::from(n))
    }
}
impl From<LocalTime> for Cell {
    fn from(t: LocalTime) -> Self {
        Cell::Text(t.to_string())
    }
}
impl From<f64> for Cell {
    fn from(n: f64) -> Self {
        Cell::Number(n)
    }
}
impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Self {
        v.map_or(Cell::Empty, Into::into)
    }
}

/// Rows per channel message between an export's producer and its sheet writer.
const BATCH: usize = 1024;

/// Row producers alive now (a [`RowSender`] not yet dropped), across the process: what shows
/// that an abandoned export's producer has stopped (tests, diagnostics).
static PRODUCERS: AtomicUsize = AtomicUsize::new(0);

/// How many row producers ([`RowSender`]s) are alive in this process.
pub fn running_producers() -> usize {
    PRODUCERS.load(Ordering::SeqCst)
}

/// The producer's end of a streamed export. Rows cross to the sheet writer in batches: a send
/// per row wakes the writer for every row, which on two cores cost more than writing the
/// rows. Whatever is left is sent when the sender is dropped.
pub struct RowSender {
    tx: SyncSender<Vec<Vec<Cell>>>,
    batch: Vec<Vec<Cell>>,
    /// Set when the writer's end is dropped: the export failed or was abandoned.
    closed: Arc<AtomicBool>,
}

impl RowSender {
    /// Queues one row; false once the writer has stopped (it failed and reports its own
    /// error, or the export was abandoned). A producer stops at the first false.
    #[must_use]
    pub fn send(&mut self, row: Vec<Cell>) -> bool {
        if self.closed.load(Ordering::Relaxed) {
            return false;
        }
        self.batch.push(row);
        self.batch.len() < BATCH || self.flush()
    }

    fn flush(&mut self) -> bool {
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        batch.is_empty() || self.tx.send(batch).is_ok()
    }
}

impl Drop for RowSender {
    fn drop(&mut self) {
        if !self.closed.load(Ordering::Relaxed) {
            self.flush();
        }
        PRODUCERS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The writer's end of [`row_channel`]: the rows in order; dropping it tells the producer to
/// stop.
pub struct Rows {
    rx: Receiver<Vec<Vec<Cell>>>,
    batch: std::vec::IntoIter<Vec<Cell>>,
    closed: Arc<AtomicBool>,
}

impl Iterator for Rows {
    type Item = Vec<Cell>;

    fn next(&mut self) -> Option<Vec<Cell>> {
        loop {
            if let Some(row) = self.batch.next() {
                return Some(row);
            }
            self.batch = self.rx.recv().ok()?.into_iter();
        }
    }
}

impl Drop for Rows {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::Relaxed);
    }
}

/// A bounded channel for streaming rows into [`write_sheet`] (or [`save`]) from another
/// thread: memory stays at a few batches whatever the row count.
pub fn row_channel() -> (RowSender, Rows) {
    let (tx, rx) = mpsc::sync_channel(4);
    let closed = Arc::new(AtomicBool::new(false));
    PRODUCERS.fetch_add(1, Ordering::SeqCst);
    (
        RowSender { tx, batch: Vec::with_capacity(BATCH), closed: closed.clone() },
        Rows { rx, batch: Vec::new().into_iter(), closed },
    )
}

/// What a producer answers when [`RowSender::send`] says the writer has stopped.
#[derive(Debug)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the export's sheet writer stopped")
    }
}

impl std::error::Error for Stopped {}

/// Text a spreadsheet would read as a formula (or DDE) once typed or edited: it is written
/// with the quote-prefix cell style, so it shows and stays exactly this text.
pub fn formula_like(text: &str) -> bool {
    matches!(text.as_bytes().first(), Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r'))
}

/// Who made an export: the account, and the menu of the call that made it. The file is
/// downloadable by that account and by accounts holding that menu. The export calls make it
/// from the call (`Maker::new(admin, call)`, in `routes`).
#[derive(Clone, Copy, Debug)]
pub struct Maker {
    pub admin_id: i64,
    /// None: the maker alone.
    pub menu_id: Option<i64>,
}

/// The answer of an export call.
#[derive(Serialize, ToSchema)]
pub struct Exported {
    /// Download path, under `/files/`; send the token with it.
    pub url: String,
}

/// The directory of exports being written (`tmp/exports` under the data directory).
pub fn temp_dir(config: &Config) -> PathBuf {
    config.data_dir.join("tmp").join("exports")
}

/// Writes one sheet to a temporary file off the async threads, puts it in the object store
/// under `exports/<random>/<name>.xlsx`, records its maker and answers its download URL.
/// `name` is the file's download name (without extension), e.g. `磁带号管理`.
///
/// Dropping the future (the client went away, the request timed out) cancels the export: the
/// writer stops at its next row, a [`row_channel`] producer gets false from its next send, and
/// the temporary file and any stored object are removed.
pub async fn save<I>(db: &PgPool, store: &Store, config: &Config, maker: Maker, name: &str, headers: &'static [&'static str], rows: I) -> anyhow::Result<Exported>
where
    I: IntoIterator<Item = Vec<Cell>> + Send + 'static,
{
    let sheet_name = name.to_owned();
    save_with(db, store, config, maker, name, move |tmp, cancelled| sheet::write(tmp, &sheet_name, headers, rows, cancelled)).await
}

/// A sheet of a workbook export, its rows in hand.
pub struct BookSheet {
    pub name: String,
    pub headers: &'static [&'static str],
    pub rows: Vec<Vec<Cell>>,
}

/// As [`save`], with several sheets in the given order (small exports: the rows are in hand).
pub async fn save_book(db: &PgPool, store: &Store, config: &Config, maker: Maker, name: &str, sheets: Vec<BookSheet>) -> anyhow::Result<Exported> {
    save_with(db, store, config, maker, name, move |tmp, cancelled| {
        let mut sheets = sheets;
        let book = sheets
            .iter_mut()
            .map(|BookSheet { name, headers, rows }| sheet::Sheet {
                name: name.as_str(),
                headers,
                rows: Box::new(std::mem::take(rows).into_iter()),
            })
            .collect();
        sheet::write_book(tmp, book, cancelled)
    })
    .await
}

/// As [`save`], with the file written by `write` (given the temporary path and the cancel
/// flag; answers the rows written): for a workbook laid out by hand, as the evaluation
/// reports are (`crate::orders::reports`).
pub async fn save_with<W>(db: &PgPool, store: &Store, config: &Config, maker: Maker, name: &str, write: W) -> anyhow::Result<Exported>
where
    W: FnOnce(&Path, &AtomicBool) -> anyhow::Result<u64> + Send + 'static,
{
    let mut id = [0u8; 16];
    rand::rng().fill_bytes(&mut id);
    let id = hex::encode(id);
    let file_name = format!("{}.xlsx", safe_name(name));
    let tmp_dir = temp_dir(config);
    std::fs::create_dir_all(&tmp_dir).with_context(|| format!("creating {}", tmp_dir.display()))?;
    let tmp = tmp_dir.join(format!("{id}.xlsx"));
    let mut pending = Pending {
        cancelled: Arc::new(AtomicBool::new(false)),
        tmp: tmp.clone(),
        store: store.clone(),
        key: None,
        done: false,
    };
    let written = {
        let (tmp, cancelled) = (tmp.clone(), pending.cancelled.clone());
        crate::lake::blocking(move || {
            let written = write(&tmp, &cancelled);
            // Checked after the writer is done, so a cancel that came while the file was being
            // created or finished still removes it.
            if written.is_err() || cancelled.load(Ordering::SeqCst) {
                let _ = std::fs::remove_file(&tmp);
            }
            written
        })
        .await?
    };
    written?;
    let key = format!("exports/{id}/{file_name}");
    pending.key = Some(key.clone());
    store.put_file(&key, &tmp).await?;
    let _ = tokio::fs::remove_file(&tmp).await;
    sqlx::query("insert into exports (id, admin_id, menu_id, object_key) values ($1, $2, $3, $4)")
        .bind(&id)
        .bind(maker.admin_id)
        .bind(maker.menu_id)
        .bind(&key)
        .execute(db)
        .await?;
    pending.done = true;
    Ok(Exported { url: format!("/files/exports/{id}/{}", encode_path(&file_name)) })
}

/// An export in progress; unless it is marked done, dropping it cancels the writer and
/// removes what the export left (on every early return, and when the request is dropped).
struct Pending {
    cancelled: Arc<AtomicBool>,
    tmp: PathBuf,
    store: Store,
    /// Set once the object may exist in the store.
    key: Option<String>,
    done: bool,
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        self.cancelled.store(true, Ordering::SeqCst);
        let _ = std::fs::remove_file(&self.tmp);
        if let (Some(key), Ok(runtime)) = (self.key.take(), tokio::runtime::Handle::try_current()) {
            let store = self.store.clone();
            runtime.spawn(async move {
                if let Err(e) = store.delete(&key).await {
                    tracing::warn!(error = ?e, key, "removing an abandoned export");
                }
            });
        }
    }
}

/// Writes one sheet in constant memory (see [`sheet`]); answers the number of rows written.
pub fn write_sheet<I>(path: &Path, name: &str, headers: &[&str], rows: I) -> anyhow::Result<u64>
where
    I: IntoIterator<Item = Vec<Cell>>,
{
    sheet::write(path, name, headers, rows, &AtomicBool::new(false))
}

/// A download name without path separators or control characters.
fn safe_name(name: &str) -> String {
    let cleaned: String = name.chars().filter(|c| !c.is_control() && !"/\\".contains(*c)).collect();
    if cleaned.trim().is_empty() { "export".into() } else { cleaned.trim().to_owned() }
}

fn encode_path(segment: &str) -> String {
    form_urlencoded::byte_serialize(segment.as_bytes()).collect::<String>().replace('+', "%20")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_like_text_is_recognised() {
        for bad in ["=1+1", "+cmd", "-2", "@SUM(A1)", "\tx", "\rx", "-春节版"] {
            assert!(formula_like(bad), "{bad}");
        }
        for good in ["伊利", "", "1-2", " =x"] {
            assert!(!formula_like(good), "{good}");
        }
    }

    #[test]
    fn a_sender_answers_false_once_the_writer_end_is_dropped() {
        let (mut tx, rx) = row_channel();
        assert!(tx.send(vec![Cell::from(1i64)]));
        drop(rx);
        assert!(!tx.send(vec![Cell::from(2i64)]), "the very next send says stop, not the next batch");
    }
}
