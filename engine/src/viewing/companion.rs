//! The dashboard's read of title companions (month_rollup.rs) by title.
//!
//! A companion is sorted by title id, then title, so each title's rows lie in one run of
//! consecutive rows (two when the file starts with the previous month's last broadcast day).
//! Each companion gets, the first time a dashboard reads it, an index of those runs by title;
//! a query then reads exactly its titles' rows — with the file's page index, only the pages
//! that hold them — and hands them to DuckDB, which filters and sums them with the rest of the
//! statement. Row-group statistics could only narrow a read to whole row groups: over a
//! quarter DuckDB checked ~500 groups' statistics and decoded ~60 of them, ~126,000 rows, for
//! ~2,100 rows of three products (docs/decisions.md "Dashboard rollups").
//!
//! Files never change once written, so an index is good for as long as its file exists; the
//! indexes of the [`INDEXED_FILES`] files read last are kept.

use std::collections::HashMap;
use std::fs::File;
use std::sync::{Arc, Mutex};

use duckdb::Connection;
use duckdb::arrow::array::{Array, ArrayRef, AsArray, Date32Array, Int16Array, Int64Array, RecordBatch, StringArray, UInt32Array};
use duckdb::arrow::compute::take;
use duckdb::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use duckdb::types::Value;
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReaderBuilder};
use parquet::file::metadata::PageIndexPolicy;

use super::deleted_share::DeletedCell;
use super::footer::selection;
use super::month_rollup::is_titles_rollup;
use super::rollup::ROLLUP_COLUMNS;
use crate::paths::LakePath;
use crate::{Error, Lake, Result, Snapshot};

/// Companions whose index is kept (four years of months). An index is an entry per title and
/// run and the footer with its page index: 1–2 MB for a month of the bench's 8,000 titles.
const INDEXED_FILES: usize = 48;

/// The columns read, in the order of `temp.dash_titles` (after the series key, which comes
/// from the index).
const READ: [&str; 9] = ["ymd", "media_id", "belonging_to", "audience_group_id", "audience_group", "n", "units", "positioned", "top3"];

/// Where a companion's titles lie.
struct TitleIndex {
    meta: ArrowReaderMetadata,
    /// The file row each row group starts at, and its rows.
    starts: Vec<u64>,
    sizes: Vec<u64>,
    /// Each title's runs `(first row, rows)`, in file order.
    runs: HashMap<Box<str>, Vec<(u64, u64)>>,
}

/// The indexes kept: a clock, and by companion path the index with the clock's reading when it
/// was last used.
#[derive(Default)]
pub(crate) struct TitleIndexes(Mutex<Kept>);

#[derive(Default)]
struct Kept {
    clock: u64,
    indexes: HashMap<String, (u64, Arc<TitleIndex>)>,
}

impl TitleIndex {
    /// Reads the footer (with its page index, if any) and the title column.
    fn build(path: &std::path::Path) -> Result<TitleIndex> {
        let file = File::open(path).map_err(Error::io(path))?;
        let options = ArrowReaderOptions::new().with_page_index_policy(PageIndexPolicy::Optional);
        let meta = ArrowReaderMetadata::load(&file, options)?;
        let (mut starts, mut sizes, mut start) = (Vec::new(), Vec::new(), 0);
        for group in meta.metadata().row_groups() {
            starts.push(start);
            sizes.push(group.num_rows() as u64);
            start += group.num_rows() as u64;
        }
        let schema = meta.metadata().file_metadata().schema_descr_ptr();
        let mask = ProjectionMask::columns(&schema, ["title"]);
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, meta.clone())
            .with_projection(mask)
            .with_batch_size(65_536)
            .build()?;
        let mut runs: HashMap<Box<str>, Vec<(u64, u64)>> = HashMap::new();
        let (mut row, mut current): (u64, Option<(String, u64)>) = (0, None);
        let mut close = |current: Option<(String, u64)>, end: u64| {
            if let Some((title, first)) = current {
                runs.entry(title.into_boxed_str()).or_default().push((first, end - first));
            }
        };
        for batch in reader {
            let batch = batch?;
            let titles = batch.column(0).as_string_opt::<i32>().ok_or_else(|| Error::Caller(format!("{}: title is not text", path.display())))?;
            for i in 0..titles.len() {
                let title = if titles.is_null(i) { "" } else { titles.value(i) };
                if current.as_ref().is_none_or(|(t, _)| t != title) {
                    close(current.take(), row);
                    current = Some((title.to_owned(), row));
                }
                row += 1;
            }
        }
        close(current, row);
        Ok(TitleIndex { meta, starts, sizes, runs })
    }

    /// The runs of the titles of `keys` in file order, each with its title's series keys.
    fn runs_of<'k>(&self, keys: &'k TitleKeys) -> Vec<(u64, u64, &'k [i64])> {
        let mut runs: Vec<(u64, u64, &[i64])> = keys
            .iter()
            .flat_map(|(t, k)| self.runs.get(*t).into_iter().flatten().map(move |&(first, rows)| (first, rows, k.as_slice())))
            .collect();
        runs.sort_unstable_by_key(|r| r.0);
        runs
    }

    /// Reads the rows of `runs` (file order) as `temp.dash_titles` rows: a row once per series
    /// key of its title.
    fn read(&self, path: &std::path::Path, runs: &[(u64, u64, &[i64])]) -> Result<Vec<RecordBatch>> {
        if runs.is_empty() {
            return Ok(Vec::new());
        }
        let ranges: Vec<(u64, u64)> = runs.iter().map(|&(first, rows, _)| (first, rows)).collect();
        let (groups, selection) = selection(&self.starts, &self.sizes, &ranges);
        let schema = self.meta.metadata().file_metadata().schema_descr_ptr();
        let file = File::open(path).map_err(Error::io(path))?;
        let selected: u64 = runs.iter().map(|r| r.1).sum();
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, self.meta.clone())
            .with_projection(ProjectionMask::columns(&schema, READ))
            .with_row_groups(groups)
            .with_row_selection(selection)
            .with_batch_size(selected as usize)
            .build()?;
        // Each batch's rows continue the runs where the previous batch stopped.
        let (mut run, mut left) = (0, runs[0].1);
        let mut out = Vec::new();
        for batch in reader {
            let batch = batch?;
            let (mut rows, mut keys) = (Vec::with_capacity(batch.num_rows()), Vec::with_capacity(batch.num_rows()));
            for row in 0..batch.num_rows() as u32 {
                while left == 0 {
                    run += 1;
                    left = runs.get(run).ok_or_else(|| Error::Caller(format!("{}: more rows than selected", path.display())))?.1;
                }
                for &k in runs[run].2 {
                    rows.push(row);
                    keys.push(k);
                }
                left -= 1;
            }
            let rows = UInt32Array::from(rows);
            let mut columns: Vec<ArrayRef> = vec![Arc::new(Int64Array::from(keys))];
            for name in READ {
                let column = batch.column_by_name(name).ok_or_else(|| Error::Caller(format!("{}: no column {name}", path.display())))?;
                columns.push(take(column, &rows, None)?);
            }
            out.push(RecordBatch::try_new(rows_schema(), columns)?);
        }
        Ok(out)
    }
}

/// Each wanted title with the series keys it counts for.
pub(crate) type TitleKeys<'a> = HashMap<&'a str, Vec<i64>>;

/// The Arrow type of a rollup column ([`ROLLUP_COLUMNS`]).
fn arrow_type(column: &str) -> DataType {
    match ROLLUP_COLUMNS.iter().find(|(name, _)| *name == column).map(|(_, ty)| *ty) {
        Some("date") => DataType::Date32,
        Some("smallint") => DataType::Int16,
        Some("varchar") => DataType::Utf8,
        _ => DataType::Int64,
    }
}

/// The shape of `temp.dash_titles`: the series key, then [`READ`].
fn rows_schema() -> SchemaRef {
    let mut fields = vec![Field::new("k", DataType::Int64, true)];
    fields.extend(READ.iter().map(|c| Field::new(*c, arrow_type(c), true)));
    Arc::new(Schema::new(fields))
}

/// `temp.dash_titles`, in the order of [`rows_schema`].
fn titles_table() -> String {
    let ty = |c: &str| ROLLUP_COLUMNS.iter().find(|(name, _)| *name == c).map_or("bigint", |(_, ty)| *ty);
    let columns: Vec<String> = READ.iter().map(|c| format!("{c} {}", ty(c))).collect();
    format!("create or replace temp table dash_titles (k bigint, {})", columns.join(", "))
}

/// Each value as `pick` reads it, null as `None`; a value of another shape is an error.
fn column<'a, T>(values: &[&'a Value], pick: impl Fn(&'a Value) -> Option<T>) -> Result<Vec<Option<T>>> {
    values
        .iter()
        .map(|v| match (v, pick(v)) {
            (Value::Null, _) => Ok(None),
            (_, Some(x)) => Ok(Some(x)),
            (other, None) => Err(Error::Caller(format!("a deleted cell of another shape: {other:?}"))),
        })
        .collect()
}

/// The deleted cells of the titles of `keys` as `temp.dash_titles` rows (their sums are
/// negative already), once per series key.
fn deleted_rows(cells: &[DeletedCell], keys: &TitleKeys) -> Result<RecordBatch> {
    let place = |c: &str| ROLLUP_COLUMNS.iter().position(|(name, _)| *name == c).expect("READ names rollup columns");
    let places: Vec<usize> = READ.iter().map(|c| place(c)).collect();
    let mut k = Vec::new();
    let mut columns: Vec<Vec<&Value>> = vec![Vec::new(); READ.len()];
    for cell in cells {
        let Some(wanted) = cell.title.as_deref().and_then(|t| keys.get(t)) else { continue };
        for key in wanted {
            k.push(*key);
            for (column, &at) in columns.iter_mut().zip(&places) {
                column.push(&cell.values[at]);
            }
        }
    }
    let mut arrays: Vec<ArrayRef> = vec![Arc::new(Int64Array::from(k))];
    for (name, values) in READ.iter().zip(columns) {
        let array: ArrayRef = match arrow_type(name) {
            DataType::Date32 => Arc::new(Date32Array::from(column(&values, |v| if let Value::Date32(d) = v { Some(*d) } else { None })?)),
            DataType::Int16 => Arc::new(Int16Array::from(column(&values, |v| if let Value::SmallInt(x) = v { Some(*x) } else { None })?)),
            DataType::Utf8 => Arc::new(StringArray::from(column(&values, |v| if let Value::Text(t) = v { Some(t.as_str()) } else { None })?)),
            _ => Arc::new(Int64Array::from(column(&values, |v| if let Value::BigInt(x) = v { Some(*x) } else { None })?)),
        };
        arrays.push(array);
    }
    Ok(RecordBatch::try_new(rows_schema(), arrays)?)
}

impl Lake {
    /// Loads into `temp.dash_titles` (k, then [`READ`]) every row of the companions
    /// `files` whose title is one of `keys`', once per series key of its title, and the
    /// `deleted` cells of those titles likewise; each companion is indexed the first time.
    /// The files are read side by side on the lake's threads. Answers the rows loaded.
    pub(crate) fn load_companion_titles(
        &self,
        conn: &Connection,
        files: &[LakePath],
        keys: &TitleKeys,
        deleted: &[DeletedCell],
    ) -> Result<usize> {
        let indexed: Vec<(std::path::PathBuf, Arc<TitleIndex>)> = files
            .iter()
            .map(|f| {
                let path = self.abs(f);
                self.title_index(&f.rel, &path).map(|index| (path, index))
            })
            .collect::<Result<_>>()?;
        let threads = (self.options().threads.max(1) as usize).min(indexed.len()).max(1);
        let read = |share: usize| -> Result<Vec<RecordBatch>> {
            let mut out = Vec::new();
            for (path, index) in indexed.iter().skip(share).step_by(threads) {
                out.extend(index.read(path, &index.runs_of(keys))?);
            }
            Ok(out)
        };
        let shares: Vec<Result<Vec<RecordBatch>>> = std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads).map(|share| s.spawn(move || read(share))).collect();
            let mut shares = vec![read(0)];
            shares.extend(helpers.into_iter().map(|h| h.join().expect("a companion read does not panic")));
            shares
        });
        conn.execute_batch(&titles_table())?;
        let mut app = conn.appender_to_catalog_and_db("dash_titles", "temp", "main")?;
        let mut rows = 0;
        let deleted = deleted_rows(deleted, keys)?;
        for batch in shares.into_iter().collect::<Result<Vec<_>>>()?.into_iter().flatten().chain([deleted]) {
            if batch.num_rows() > 0 {
                rows += batch.num_rows();
                app.append_record_batch(batch)?;
            }
        }
        app.flush()?;
        Ok(rows)
    }

    /// Indexes the newest title companions `rollup` lists (as many as are kept), so the first
    /// dashboard calls after a start don't wait for it. Answers how many were indexed.
    pub fn index_title_companions(&self, rollup: &Snapshot) -> Result<usize> {
        let mut companions: Vec<LakePath> =
            rollup.files.iter().filter(|p| is_titles_rollup(p)).map(|p| LakePath::parse(p)).collect::<Result<_>>()?;
        companions.sort_by_key(|c| std::cmp::Reverse(c.month));
        companions.truncate(INDEXED_FILES);
        for file in &companions {
            self.title_index(&file.rel, &self.abs(file))?;
        }
        Ok(companions.len())
    }

    /// The companions whose index is kept now.
    pub fn indexed_title_companions(&self) -> Vec<String> {
        let mut paths: Vec<String> = self.title_indexes.0.lock().expect("title index lock").indexes.keys().cloned().collect();
        paths.sort();
        paths
    }

    /// The index of the companion at `rel`, built once. The lock is held while building, so
    /// concurrent first calls wait for the one read rather than repeat it.
    fn title_index(&self, rel: &str, path: &std::path::Path) -> Result<Arc<TitleIndex>> {
        let mut kept = self.title_indexes.0.lock().expect("title index lock");
        let Kept { clock, indexes } = &mut *kept;
        *clock += 1;
        if let Some((used, index)) = indexes.get_mut(rel) {
            *used = *clock;
            return Ok(index.clone());
        }
        let index = Arc::new(TitleIndex::build(path)?);
        if indexes.len() >= INDEXED_FILES {
            let oldest = indexes.iter().min_by_key(|(_, (used, _))| *used).map(|(k, _)| k.clone());
            indexes.remove(&oldest.expect("a full map has an oldest entry"));
        }
        indexes.insert(rel.to_owned(), (*clock, index.clone()));
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parquet::arrow::ArrowWriter;
    use parquet::file::properties::{EnabledStatistics, WriterProperties};

    /// A companion-shaped file of `rows` (title, day) rows, written in groups of `group_rows`
    /// rows and pages of `page_rows`, with a page index when `paged` (companions DuckDB wrote
    /// before have none).
    fn companion(dir: &std::path::Path, rows: &[(&str, i32)], group_rows: usize, page_rows: usize, paged: bool) -> std::path::PathBuf {
        let schema = Arc::new(Schema::new(vec![
            Field::new("tid", DataType::Int64, true),
            Field::new("title", DataType::Utf8, true),
            Field::new("ymd", DataType::Date32, true),
            Field::new("media_id", DataType::Int64, true),
            Field::new("belonging_to", DataType::Int16, true),
            Field::new("audience_group_id", DataType::Int64, true),
            Field::new("audience_group", DataType::Utf8, true),
            Field::new("n", DataType::Int64, true),
            Field::new("units", DataType::Int64, true),
            Field::new("positioned", DataType::Int64, true),
            Field::new("top3", DataType::Int64, true),
        ]));
        let n = rows.len();
        let batch = RecordBatch::try_new(
            schema.clone(),
            vec![
                Arc::new(Int64Array::from(vec![0; n])),
                Arc::new(StringArray::from(rows.iter().map(|r| r.0).collect::<Vec<_>>())),
                Arc::new(Date32Array::from(rows.iter().map(|r| r.1).collect::<Vec<_>>())),
                Arc::new(Int64Array::from((0..n as i64).collect::<Vec<_>>())),
                Arc::new(Int16Array::from(vec![1; n])),
                Arc::new(Int64Array::from(vec![0; n])),
                Arc::new(StringArray::from(vec![Some("全国"); n])),
                Arc::new(Int64Array::from(vec![1; n])),
                Arc::new(Int64Array::from((0..n as i64).collect::<Vec<_>>())),
                Arc::new(Int64Array::from(vec![1; n])),
                Arc::new(Int64Array::from(vec![0; n])),
            ],
        )
        .unwrap();
        let path = dir.join(format!("c-{group_rows}-{page_rows}-{paged}.parquet"));
        let props = WriterProperties::builder()
            .set_max_row_group_row_count(Some(group_rows))
            .set_data_page_row_count_limit(page_rows)
            .set_write_batch_size(page_rows)
            .set_offset_index_disabled(!paged)
            .set_statistics_enabled(if paged { EnabledStatistics::Page } else { EnabledStatistics::Chunk })
            .build();
        let mut w = ArrowWriter::try_new(File::create(&path).unwrap(), schema, Some(props)).unwrap();
        w.write(&batch).unwrap();
        w.close().unwrap();
        path
    }

    /// Every row read for `keys`, as (series key, row number — the file's media_id).
    fn read_all(path: &std::path::Path, keys: &TitleKeys) -> Vec<(i64, i64)> {
        let index = TitleIndex::build(path).unwrap();
        let mut out = Vec::new();
        for batch in index.read(path, &index.runs_of(keys)).unwrap() {
            let k = batch.column(0).as_primitive::<duckdb::arrow::datatypes::Int64Type>();
            let m = batch.column(2).as_primitive::<duckdb::arrow::datatypes::Int64Type>();
            out.extend((0..batch.num_rows()).map(|i| (k.value(i), m.value(i))));
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn reads_exactly_the_titles_rows_across_groups_and_pages() {
        let dir = std::env::temp_dir().join(format!("adeval-companion-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Runs of every length around the group and page edges; "b" twice (a file that starts
        // with the previous month's last day), "" (a title left empty) and a long one.
        let mut rows: Vec<(&str, i32)> = Vec::new();
        for (title, n) in [("b", 3), ("a", 1), ("b", 9), ("c", 7), ("", 2), ("d", 15), ("a", 4), ("e", 1), ("金典", 6)] {
            rows.extend((0..n).map(|d| (title, d)));
        }
        // Title i of a query counts for series i + 1, and "b" also for series 9.
        let keys_of = |titles: &[&'static str]| -> TitleKeys<'static> {
            titles.iter().enumerate().map(|(i, t)| (*t, if *t == "b" { vec![i as i64 + 1, 9] } else { vec![i as i64 + 1] })).collect()
        };
        let want = |keys: &TitleKeys| -> Vec<(i64, i64)> {
            let mut want: Vec<(i64, i64)> = rows
                .iter()
                .enumerate()
                .flat_map(|(i, r)| keys.get(r.0).into_iter().flatten().map(move |k| (*k, i as i64)))
                .collect();
            want.sort_unstable();
            want
        };
        let layouts = [(1, 1, true), (2, 1, true), (4, 2, true), (5, 3, true), (8, 8, true), (1024, 4, true), (1024, 1024, true), (4, 2, false), (1024, 4, false)];
        for (group_rows, page_rows, paged) in layouts {
            let path = companion(&dir, &rows, group_rows, page_rows, paged);
            let pages = TitleIndex::build(&path).unwrap().meta.metadata().offset_index().is_some_and(|o| !o.is_empty());
            assert_eq!(pages, paged, "groups of {group_rows}, pages of {page_rows}: page index");
            for titles in [vec!["a"], vec!["b", "d"], vec!["", "金典"], vec!["a", "b", "c", "", "d", "e", "金典"], vec!["x"], vec![]] {
                let keys = keys_of(&titles);
                let got = read_all(&path, &keys);
                assert!(!got.is_empty() || titles.iter().all(|t| *t == "x"), "{titles:?}");
                assert_eq!(got, want(&keys), "groups of {group_rows}, pages of {page_rows} ({paged}), {titles:?}");
            }
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
