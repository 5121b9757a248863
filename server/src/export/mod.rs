//! Spreadsheet exports: xlsx written in constant memory, Chinese headers, dates as formatted
//! text, and every text cell that a spreadsheet could take for a formula neutralised. Files go
//! to the object store under `exports/<random>/<name>.xlsx` (kept a day), downloaded through
//! `/files/...` with the token; exports answer `{url}`.

use std::borrow::Cow;
use std::path::Path;
use std::sync::mpsc::{self, SyncSender};

use anyhow::Context;
use rand::RngCore;
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

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

/// The producer's end of a streamed export. Rows cross to the sheet writer in batches: a send
/// per row wakes the writer for every row, which on two cores cost more than writing the
/// rows. Whatever is left is sent when the sender is dropped.
pub struct RowSender {
    tx: SyncSender<Vec<Vec<Cell>>>,
    batch: Vec<Vec<Cell>>,
}

impl RowSender {
    /// Queues one row; false once the writer has stopped (it reports its own error).
    pub fn send(&mut self, row: Vec<Cell>) -> bool {
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
        self.flush();
    }
}

/// A bounded channel for streaming rows into [`write_sheet`] (or [`save`]) from another
/// thread: memory stays at a few batches whatever the row count.
pub fn row_channel() -> (RowSender, impl Iterator<Item = Vec<Cell>> + Send + 'static) {
    let (tx, rx) = mpsc::sync_channel(4);
    (RowSender { tx, batch: Vec::with_capacity(BATCH) }, rx.into_iter().flatten())
}

/// Text a spreadsheet would read as a formula (or DDE) gets a leading apostrophe: shown as
/// text, and still text if the sheet is saved as CSV.
pub fn neutralise(text: &str) -> Cow<'_, str> {
    match text.as_bytes().first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') => Cow::Owned(format!("'{text}")),
        _ => Cow::Borrowed(text),
    }
}

/// The answer of an export call.
#[derive(Serialize, ToSchema)]
pub struct Exported {
    /// Download path, under `/files/`; send the token with it.
    pub url: String,
}

/// Writes one sheet to a temporary file off the async threads, puts it in the object store
/// under `exports/<random>/<name>.xlsx` and answers its download URL. `name` is the file's
/// download name (without extension), e.g. `磁带号管理`.
pub async fn save<I>(state: &AppState, name: &str, headers: &'static [&'static str], rows: I) -> anyhow::Result<Exported>
where
    I: IntoIterator<Item = Vec<Cell>> + Send + 'static,
{
    let mut id = [0u8; 16];
    rand::rng().fill_bytes(&mut id);
    let id = hex::encode(id);
    let file_name = format!("{}.xlsx", safe_name(name));
    let tmp_dir = state.config.data_dir.join("tmp").join("exports");
    std::fs::create_dir_all(&tmp_dir).with_context(|| format!("creating {}", tmp_dir.display()))?;
    let tmp = tmp_dir.join(format!("{id}.xlsx"));
    let sheet_name = name.to_owned();
    let written = {
        let tmp = tmp.clone();
        tokio::task::spawn_blocking(move || write_sheet(&tmp, &sheet_name, headers, rows)).await?
    };
    let stored = match written {
        Ok(_) => state.store.put_file(&format!("exports/{id}/{file_name}"), &tmp).await,
        Err(e) => Err(e),
    };
    let _ = std::fs::remove_file(&tmp);
    stored?;
    Ok(Exported { url: format!("/files/exports/{id}/{}", encode_path(&file_name)) })
}

/// Writes one sheet in constant memory (see [`sheet`]); answers the number of rows written.
pub fn write_sheet<I>(path: &Path, name: &str, headers: &[&str], rows: I) -> anyhow::Result<u64>
where
    I: IntoIterator<Item = Vec<Cell>>,
{
    sheet::write(path, name, headers, rows)
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
    fn formula_like_text_is_neutralised() {
        for bad in ["=1+1", "+cmd", "-2", "@SUM(A1)", "\tx", "\rx"] {
            assert!(neutralise(bad).starts_with('\''), "{bad}");
        }
        assert_eq!(neutralise("伊利"), "伊利");
        assert_eq!(neutralise(""), "");
    }
}
