//! Writing lake files: DuckDB copies a query (or Arrow batches are written) to a hidden
//! temporary name next to the final one, and the file is published under its final name only
//! once complete. Nothing written here is live until the caller's manifest lists it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::NaiveDateTime;

use duckdb::arrow::datatypes::{DataType, Field, Schema, SchemaRef, TimeUnit};
use duckdb::arrow::record_batch::RecordBatch;
use duckdb::{Connection, ToSql};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowLeafColumn, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::{WriterProperties, WriterPropertiesBuilder};
use parquet::file::writer::SerializedFileWriter;

use crate::lake::sql_literal;
use crate::micros::{Micros, from_micros};
use crate::paths::LakePath;
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

/// Rows per row group of every lake file: DuckDB's default (a multiple of its vector size),
/// so scans parallelise and min/max statistics prune well.
pub(crate) const ROW_GROUP_ROWS: usize = 122_880;

/// How a lake file DuckDB writes is cut and compressed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FileLayout {
    /// Rows a row group: [`ROW_GROUP_ROWS`] but for rollups, read a few groups at a time.
    pub group_rows: usize,
    /// zstd (smallest) unless the file is read a small group at a time on every dashboard
    /// call: LZ4 decodes a fifth of such a read's time faster (docs/decisions.md "Dashboard rollups").
    pub lz4: bool,
}

impl FileLayout {
    pub(crate) const fn zstd(group_rows: usize) -> FileLayout {
        FileLayout { group_rows, lz4: false }
    }
}

/// Parquet options of the lake files DuckDB writes.
fn parquet_options(layout: FileLayout) -> String {
    let compression = if layout.lz4 { "lz4_raw" } else { "zstd" };
    format!("format parquet, compression {compression}, row_group_size {}", layout.group_rows)
}

/// The name (without `.parquet`) of an import batch's file in each month it has rows.
/// The Arrow schema of a dataset's files from its column list (name, DuckDB type), every
/// column nullable: the one list a dataset's schema, select lists and decoder all follow.
pub(crate) fn arrow_schema(columns: &[(&str, &str)]) -> SchemaRef {
    let fields: Vec<Field> = columns
        .iter()
        .map(|&(name, ty)| {
            let data_type = match ty {
                "bigint" => DataType::Int64,
                "varchar" => DataType::Utf8,
                "timestamp" => DataType::Timestamp(TimeUnit::Microsecond, None),
                "date" => DataType::Date32,
                "integer" => DataType::Int32,
                "double" => DataType::Float64,
                "boolean" => DataType::Boolean,
                "smallint" => DataType::Int16,
                other => unreachable!("lake column {name} of type {other}"),
            };
            Field::new(name, data_type, true)
        })
        .collect();
    std::sync::Arc::new(Schema::new(fields))
}

pub(crate) fn batch_stem(batch_id: i64) -> String {
    part_stem(batch_id, 0)
}

/// The name of part `part` of an import batch written a chunk at a time; part 0 is
/// [`batch_stem`].
pub(crate) fn part_stem(batch_id: i64, part: u32) -> String {
    format!("b{batch_id}-{part}")
}

/// Whether `name` is a file of batch `batch_id`, any part, published (`b<batch>-<part>.parquet`)
/// or still hidden (`.b<batch>-<part>.parquet.tmp`), its rollup twin (`v3-b<batch>-<part>`), or a
/// month rollup the batch wrote (`v3-month-b<batch>-<µs>.parquet`) and its title companion
/// (`v3-month-b<batch>-<µs>-titles.parquet`), or one of those in an earlier format (`v2-` or no
/// prefix): a process killed after writing those, before its commit, left them behind for good.
fn of_batch(name: &str, batch_id: i64) -> bool {
    let name = name.strip_prefix('.').and_then(|n| n.strip_suffix(".parquet.tmp")).or_else(|| name.strip_suffix(".parquet"));
    let name = name.map(|n| [crate::paths::ROLLUP_PREFIX, "v2-"].iter().find_map(|p| n.strip_prefix(p)).unwrap_or(n));
    let name = name.map(|n| match n.strip_prefix("month-") {
        Some(month) => month.strip_suffix("-titles").unwrap_or(month),
        None => n,
    });
    let part = name.and_then(|n| n.strip_prefix('b')).and_then(|n| n.split_once('-')).filter(|(b, _)| *b == batch_id.to_string());
    part.is_some_and(|(_, p)| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The hidden name a lake file is written under before it is published.
fn temp_name(stem: &str) -> String {
    format!(".{stem}.parquet.tmp")
}

/// Removes a file; one already gone is fine. Answers whether it was there.
fn remove_if_present(file: &Path) -> Result<bool> {
    match std::fs::remove_file(file) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::io(file)(e)),
    }
}

/// The zstd level DuckDB writes with, so files written from Arrow match.
const ZSTD_LEVEL: i32 = 3;

/// Encodes each column with its writer, the columns shared out among `threads` threads that
/// take the next unclaimed one; answers the chunks in column order.
fn encode_columns(columns: Vec<(ArrowColumnWriter, Vec<ArrowLeafColumn>)>, threads: usize) -> Result<Vec<ArrowColumnChunk>> {
    let count = columns.len();
    let queue = Mutex::new(columns.into_iter().enumerate());
    let work = || -> Result<Vec<(usize, ArrowColumnChunk)>> {
        let mut done = Vec::new();
        loop {
            let Some((i, (mut writer, leaves))) = queue.lock().expect("the column queue is never poisoned").next() else {
                return Ok(done);
            };
            for leaf in &leaves {
                writer.write(leaf)?;
            }
            done.push((i, writer.close()?));
        }
    };
    let mut chunks: Vec<Option<ArrowColumnChunk>> = (0..count).map(|_| None).collect();
    let results = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads.min(count)).map(|_| s.spawn(work)).collect();
        let mut results = vec![work()];
        results.extend(helpers.into_iter().map(|h| h.join().expect("a column encoder does not panic")));
        results
    });
    for result in results {
        for (i, chunk) in result? {
            chunks[i] = Some(chunk);
        }
    }
    Ok(chunks.into_iter().map(|c| c.expect("every column is encoded")).collect())
}

impl Lake {
    /// Copies `query`, with its parameters, into the lake file
    /// `<dataset>/month=<month>/<stem>.parquet`. `time` is the column whose range the
    /// manifest records. Answers `None`, leaving no file, when the query has no rows.
    pub(crate) fn copy_to_file(
        &self,
        conn: &Connection,
        target: (Dataset, Month, &str),
        query: &str,
        params: &[&dyn ToSql],
        time: &str,
    ) -> Result<Option<LakeFile>> {
        self.copy_to_file_grouped(conn, target, query, params, time, ROW_GROUP_ROWS)
    }

    /// [`Lake::copy_to_file`] with `group_rows` rows a row group.
    pub(crate) fn copy_to_file_grouped(
        &self,
        conn: &Connection,
        target: (Dataset, Month, &str),
        query: &str,
        params: &[&dyn ToSql],
        time: &str,
        group_rows: usize,
    ) -> Result<Option<LakeFile>> {
        self.copy_to_file_with(conn, target, (query, params), time, FileLayout::zstd(group_rows), None)
    }

    /// [`Lake::copy_to_file_grouped`] with one key-value pair in the file's Parquet metadata
    /// (the key and value are engine-made text, written as literals).
    pub(crate) fn copy_to_file_with(
        &self,
        conn: &Connection,
        target: (Dataset, Month, &str),
        (query, params): (&str, &[&dyn ToSql]),
        time: &str,
        layout: FileLayout,
        kv: Option<(&str, &str)>,
    ) -> Result<Option<LakeFile>> {
        self.publish(target, |tmp| {
            let tmp_str = tmp.to_str().expect("lake paths are UTF-8");
            let mut options = parquet_options(layout);
            if let Some((key, value)) = kv {
                options.push_str(&format!(", kv_metadata {{{}: {}}}", sql_literal(key), sql_literal(value)));
            }
            // The target is a literal: DuckDB can't rebind a COPY whose target is a parameter.
            // It is a path the engine made from a validated LakePath, never caller text.
            let copy = format!("copy ({query}) to {} ({options})", sql_literal(tmp_str));
            conn.execute(&copy, params)?;
            let stats = format!("select count(*), min({time})::timestamp, max({time})::timestamp from read_parquet(?)");
            let (rows, min, max): (i64, Option<i64>, Option<i64>) = conn.query_row(&stats, [tmp_str], |r| {
                Ok((
                    r.get(0)?,
                    r.get::<_, Option<Micros>>(1)?.map(|m| m.0),
                    r.get::<_, Option<Micros>>(2)?.map(|m| m.0),
                ))
            })?;
            Ok(min.zip(max).map(|(min, max)| (rows as u64, (from_micros(min), from_micros(max)))))
        })
    }

    /// Writes the lake file `<dataset>/month=<month>/<stem>.parquet` from Arrow record batches
    /// of `schema`, one row group each ([`ArrowFile`]). `range` is the first and last value
    /// of the time column, which the manifest records.
    pub(crate) fn write_file(
        &self,
        target: (Dataset, Month, &str),
        schema: &SchemaRef,
        range: (NaiveDateTime, NaiveDateTime),
        batches: impl IntoIterator<Item = Result<RecordBatch>>,
    ) -> Result<LakeFile> {
        let mut file = ArrowFile::create(self, target, schema.clone(), lake_properties().build())?;
        for batch in batches {
            file.append(&batch?)?;
        }
        file.finish(range)
    }

    /// Has `write` fill a hidden temporary file next to the lake file of `target`, then
    /// publishes it under its final name. `write` answers the rows and the time range, or
    /// `None` for no rows, which publishes nothing. The temporary file never outlives the call.
    fn publish(
        &self,
        target: (Dataset, Month, &str),
        write: impl FnOnce(&Path) -> Result<Option<(u64, (NaiveDateTime, NaiveDateTime))>>,
    ) -> Result<Option<LakeFile>> {
        let pending = PendingFile::new(self, target)?;
        match write(&pending.tmp)? {
            Some((rows, range)) => pending.publish(rows, range).map(Some),
            None => Ok(None),
        }
    }

    /// Deletes lake files: an uncommitted batch rolled back, or files a compaction replaced
    /// once the manifest no longer lists them. Files already gone are fine.
    pub fn remove(&self, files: &[LakeFile]) -> Result<()> {
        self.remove_paths(files.iter().map(|f| f.path.as_str()))
    }

    /// [`Lake::remove`] by relative path, as the manifest stores them.
    pub fn remove_paths<'a>(&self, paths: impl IntoIterator<Item = &'a str>) -> Result<()> {
        let paths = paths.into_iter().map(LakePath::parse).collect::<Result<Vec<_>>>()?;
        for path in paths {
            remove_if_present(&self.abs(&path))?;
        }
        Ok(())
    }

    /// Removes every file of batch `batch_id` in every dataset, published or still a hidden
    /// temporary file: what an import whose process died left behind (its manifest never
    /// listed them). Answers how many files were removed. Only for batches that will never
    /// be committed.
    pub fn remove_batch(&self, batch_id: i64) -> Result<usize> {
        let mut removed = 0;
        for dataset in Dataset::ALL {
            let dir = self.root().join(dataset.as_str());
            let Ok(months) = std::fs::read_dir(&dir) else { continue };
            for month in months.flatten() {
                let Ok(files) = std::fs::read_dir(month.path()) else { continue };
                for file in files.flatten() {
                    if file.file_name().to_str().is_some_and(|name| of_batch(name, batch_id)) {
                        removed += usize::from(remove_if_present(&file.path())?);
                    }
                }
            }
        }
        Ok(removed)
    }

    /// Runs `write` and, if it fails part-way, removes the files it already published.
    pub(crate) fn all_or_nothing(&self, write: impl FnOnce(&mut Vec<LakeFile>) -> Result<()>) -> Result<Vec<LakeFile>> {
        let mut files = Vec::new();
        match write(&mut files) {
            Ok(()) => Ok(files),
            Err(e) => {
                self.remove(&files).ok();
                Err(e)
            }
        }
    }
}

/// A lake file being written: its hidden temporary name until [`PendingFile::publish`] links it
/// under its final one. Dropped unpublished, the temporary file is removed.
struct PendingFile {
    path: LakePath,
    dataset: Dataset,
    month: Month,
    dest: PathBuf,
    tmp: PathBuf,
}

impl PendingFile {
    fn new(lake: &Lake, (dataset, month, stem): (Dataset, Month, &str)) -> Result<PendingFile> {
        let path = LakePath::new(dataset, month, stem)?;
        let dest = lake.abs(&path);
        let dir = dest.parent().expect("lake files sit in a month directory");
        std::fs::create_dir_all(dir).map_err(Error::io(dir))?;
        let tmp = dir.join(temp_name(stem));
        Ok(PendingFile { path, dataset, month, dest, tmp })
    }

    /// Publishes the complete temporary file, which holds `rows` rows whose time column
    /// spans `range`.
    fn publish(self, rows: u64, (min_time, max_time): (NaiveDateTime, NaiveDateTime)) -> Result<LakeFile> {
        // A hard link publishes the complete file and, unlike rename, never replaces one.
        std::fs::hard_link(&self.tmp, &self.dest).map_err(Error::io(&self.dest))?;
        let bytes = std::fs::metadata(&self.dest).map_err(Error::io(&self.dest))?.len();
        Ok(LakeFile { path: self.path.rel.clone(), dataset: self.dataset, month: self.month, rows, bytes, min_time, max_time })
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        std::fs::remove_file(&self.tmp).ok();
    }
}

/// The writer options of every lake file written from Arrow, matching DuckDB's copies: zstd,
/// at most [`ROW_GROUP_ROWS`] rows a group, statistics. Callers may tune columns further.
pub(crate) fn lake_properties() -> WriterPropertiesBuilder {
    WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::try_new(ZSTD_LEVEL).expect("a valid zstd level")))
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_created_by(format!("adeval {}", env!("CARGO_PKG_VERSION")))
}

/// A lake file written from Arrow record batches, one row group per [`ArrowFile::append`].
/// The columns of a row group are encoded and compressed side by side on the lake's threads
/// (the Parquet crate's column writers), then appended in order. Nothing is visible under the
/// file's final name until [`ArrowFile::finish`]; dropped before, it leaves nothing behind.
pub(crate) struct ArrowFile {
    writer: SerializedFileWriter<std::fs::File>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    groups: usize,
    rows: u64,
    threads: usize,
    // Declared last: dropped after the writer has let go of the file.
    pending: PendingFile,
}

impl ArrowFile {
    pub(crate) fn create(
        lake: &Lake,
        target: (Dataset, Month, &str),
        schema: SchemaRef,
        props: WriterProperties,
    ) -> Result<ArrowFile> {
        let pending = PendingFile::new(lake, target)?;
        let file = std::fs::File::create(&pending.tmp).map_err(Error::io(&pending.tmp))?;
        let (writer, factory) = ArrowWriter::try_new(file, schema.clone(), Some(props))?.into_serialized_writer()?;
        let threads = lake.options().threads.max(1) as usize;
        Ok(ArrowFile { writer, factory, schema, groups: 0, rows: 0, threads, pending })
    }

    /// Writes `batch` as the file's next row group.
    pub(crate) fn append(&mut self, batch: &RecordBatch) -> Result<()> {
        if batch.num_rows() > ROW_GROUP_ROWS {
            return Err(Error::Caller(format!("a row group of {} rows", batch.num_rows())));
        }
        let mut columns = Vec::with_capacity(batch.num_columns());
        let writers = self.factory.create_column_writers(self.groups)?;
        for ((field, array), writer) in self.schema.fields().iter().zip(batch.columns()).zip(writers) {
            columns.push((writer, compute_leaves(field, array)?));
        }
        let mut group = self.writer.next_row_group()?;
        for chunk in encode_columns(columns, self.threads)? {
            chunk.append_to_row_group(&mut group)?;
        }
        group.close()?;
        self.groups += 1;
        self.rows += batch.num_rows() as u64;
        Ok(())
    }

    /// Completes the file and publishes it; `range` is the first and last value of its time
    /// column, which the manifest records.
    pub(crate) fn finish(self, range: (NaiveDateTime, NaiveDateTime)) -> Result<LakeFile> {
        let ArrowFile { writer, rows, pending, .. } = self;
        writer.close()?;
        pending.publish(rows, range)
    }
}
