//! The streaming path of a ratings import: sources whose every line is well formed and whose
//! rows arrive in time order (the usual delivery) are read once, in parallel, and written to
//! the lake as they are read, the daily rollup summed on the way. Reading and writing never
//! wait for a second pass, and no staged copy is made.
//!
//! Whatever this path does not read with certainty (a value form other than the plain one, a
//! name to trim, a bad line, rows out of time order, a Parquet type it does not take) makes
//! it decline: it removes what it wrote and the general path ([`super::import`]) imports the
//! batch, which reads everything DuckDB reads and says exactly what is wrong.

mod csv;
mod parquet;
mod text;

use std::collections::{BTreeMap, btree_map};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Mutex};

use ::parquet::file::properties::EnabledStatistics;
use duckdb::arrow::array::{
    ArrayRef, Date32Array, DictionaryArray, Float64Array, Int32Array, Int64Array, StringArray,
    TimestampMicrosecondArray,
};
use duckdb::arrow::datatypes::{DataType, Field, Schema, SchemaRef, TimeUnit};
use duckdb::arrow::record_batch::RecordBatch;
use rustc_hash::FxHashMap;

use self::text::DAY_MICROS;
use super::source::{Format, Source};
use crate::write::{ArrowFile, ROW_GROUP_ROWS, batch_stem, lake_properties};
use crate::micros::from_micros;
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

/// Why the streaming path stopped: it declines the batch (the general path takes it), or
/// something failed that would fail on any path.
pub(super) enum Stop {
    Decline(&'static str),
    Failed(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Failed(e)
    }
}

/// Rows as a reader hands them on: names as ids into the chunk's own `names`, and once
/// [`Chunk::sum_days`] ran, their daily sums per series.
pub(super) struct Chunk {
    names: Vec<String>,
    channel: Vec<u32>,
    group: Vec<u32>,
    ts: Vec<i64>,
    rating: Vec<f64>,
    days: Vec<(DayKey, Day)>,
}

/// A series' day: the day since the epoch, channel and audience group ids.
type DayKey = (i32, u32, u32);

impl Chunk {
    fn with_capacity(rows: usize) -> Chunk {
        Chunk {
            names: Vec::new(),
            channel: Vec::with_capacity(rows),
            group: Vec::with_capacity(rows),
            ts: Vec::with_capacity(rows),
            rating: Vec::with_capacity(rows),
            days: Vec::new(),
        }
    }

    /// Sums the rows per series and day, on the reader's thread.
    fn sum_days(mut self) -> Chunk {
        let mut days: FxHashMap<DayKey, Day> = FxHashMap::default();
        for i in 0..self.ts.len() {
            let key = (self.ts[i].div_euclid(DAY_MICROS) as i32, self.channel[i], self.group[i]);
            days.entry(key).or_default().add(self.rating[i]);
        }
        self.days = days.into_iter().collect();
        self
    }
}

/// Rows per block of the time-order check, as on the general path: rows are in time order
/// when no block reaches back before the latest time of the blocks before it.
const BLOCK_ROWS: u64 = 2_048;

/// `csv_orders[i]` is the header order of csv source `i`. Answers the files written and the
/// rows, or `None` when the path declines (nothing is left written).
pub(super) fn import(
    lake: &Lake,
    batch_id: i64,
    sources: &[Source],
    csv_orders: &[Option<Vec<&'static str>>],
) -> Result<Option<(Vec<LakeFile>, u64)>> {
    let mut sink = Sink::new(lake, batch_id);
    let threads = lake.options().threads.max(1) as usize;
    let streamed = (|| -> std::result::Result<(), Stop> {
        for (source, order) in sources.iter().zip(csv_orders) {
            match (source.format, order) {
                (Format::Csv, Some(order)) => {
                    let stretches = Mutex::new(csv::CsvStretches::open(source, order)?);
                    let fields = stretches.lock().expect("not poisoned").fields;
                    in_order(
                        threads,
                        || stretches.lock().expect("not poisoned").next_stretch(),
                        |stretch| csv::parse(&stretch, fields).map(|c| vec![c.sum_days()]),
                        |chunks| sink.take(chunks),
                    )?;
                }
                (Format::Csv, None) => return Err(Stop::Decline("csv header")),
                (Format::Parquet, _) => {
                    let file = parquet::ParquetSource::open(source)?;
                    let next = Mutex::new(0..file.row_groups());
                    in_order(
                        threads,
                        || Ok(next.lock().expect("not poisoned").next()),
                        |group| Ok(file.read_group(group)?.into_iter().map(Chunk::sum_days).collect()),
                        |chunks| sink.take(chunks),
                    )?;
                }
            }
        }
        Ok(())
    })();
    match streamed {
        Ok(()) => sink.finish().map(Some),
        Err(Stop::Decline(_)) => Ok(None),
        Err(Stop::Failed(e)) => Err(e),
    }
}

/// Runs `work` on the tasks `claim` hands out (in order, `None` when there are no more) on
/// `threads` threads, and `take` on the results in the order of their tasks. The first stop
/// ends it all.
fn in_order<T: Send, R: Send>(
    threads: usize,
    claim: impl Fn() -> std::result::Result<Option<T>, Stop> + Sync,
    work: impl Fn(T) -> std::result::Result<R, Stop> + Sync,
    mut take: impl FnMut(R) -> std::result::Result<(), Stop>,
) -> std::result::Result<(), Stop> {
    let stop = AtomicBool::new(false);
    // Claiming and numbering happen under one lock, so numbers follow the task order.
    let counter = Mutex::new(0u64);
    let (tx, rx) = sync_channel::<(u64, std::result::Result<R, Stop>)>(threads * 2);
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (claim, work, stop, counter) = (&claim, &work, &stop, &counter);
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let (seq, task) = {
                        let mut n = counter.lock().expect("not poisoned");
                        let task = match claim() {
                            Ok(Some(task)) => Ok(task),
                            Ok(None) => return,
                            Err(e) => Err(e),
                        };
                        *n += 1;
                        (*n - 1, task)
                    };
                    let result = task.and_then(work);
                    let failed = result.is_err();
                    if tx.send((seq, result)).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        let outcome = (|| {
            for (seq, result) in rx.iter() {
                waiting.insert(seq, result);
                while let Some(result) = waiting.remove(&next) {
                    next += 1;
                    take(result?)?;
                }
            }
            // A worker that stopped leaves a gap: its error is among those waiting.
            match waiting.into_values().next() {
                Some(Err(e)) => Err(e),
                _ => Ok(()),
            }
        })();
        stop.store(true, Ordering::Relaxed);
        drop(rx);
        outcome
    })
}

/// A running sum of one series' day.
#[derive(Clone, Copy)]
struct Day {
    n: i64,
    sum: f64,
    min: f64,
    max: f64,
}

impl Default for Day {
    fn default() -> Day {
        Day { n: 0, sum: 0.0, min: f64::INFINITY, max: f64::NEG_INFINITY }
    }
}

impl Day {
    fn add(&mut self, rating: f64) {
        self.n += 1;
        self.sum += rating;
        self.min = self.min.min(rating);
        self.max = self.max.max(rating);
    }

    fn merge(&mut self, other: &Day) {
        self.n += other.n;
        self.sum += other.sum;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }
}

/// A month's series file being written, with the rows of its next row group.
struct MonthFile {
    file: ArrowFile,
    channel: Vec<i32>,
    group: Vec<i32>,
    ts: Vec<i64>,
    rating: Vec<f64>,
    first: i64,
    last: i64,
}

/// Where the streamed rows go: checked for time order, summed into the daily rollup and
/// appended to their month's file.
struct Sink<'a> {
    lake: &'a Lake,
    stem: String,
    names: Vec<String>,
    ids: FxHashMap<String, u32>,
    /// The names as a dictionary, remade when names are added.
    dictionary: Option<ArrayRef>,
    rows: u64,
    /// The latest time of the blocks before the current one, and the current one's.
    before: i64,
    latest: i64,
    days: FxHashMap<DayKey, Day>,
    months: BTreeMap<Month, MonthFile>,
    /// The current month and its time range.
    month: Option<(Month, i64, i64)>,
    series: SchemaRef,
}

impl<'a> Sink<'a> {
    fn new(lake: &'a Lake, batch_id: i64) -> Sink<'a> {
        let name = || DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8));
        let series = Arc::new(Schema::new(vec![
            Field::new("channel", name(), true),
            Field::new("audience_group", name(), true),
            Field::new("ts", DataType::Timestamp(TimeUnit::Microsecond, None), true),
            Field::new("rating", DataType::Float64, true),
        ]));
        Sink {
            lake,
            stem: batch_stem(batch_id),
            names: Vec::new(),
            ids: FxHashMap::default(),
            dictionary: None,
            rows: 0,
            before: i64::MIN,
            latest: i64::MIN,
            days: FxHashMap::default(),
            months: BTreeMap::new(),
            month: None,
            series,
        }
    }

    fn take(&mut self, chunks: Vec<Chunk>) -> std::result::Result<(), Stop> {
        for chunk in chunks {
            let ids: Vec<u32> = chunk.names.iter().map(|n| self.intern(n)).collect();
            for ((day, channel, group), sums) in &chunk.days {
                let key = (*day, ids[*channel as usize], ids[*group as usize]);
                self.days.entry(key).or_default().merge(sums);
            }
            for i in 0..chunk.ts.len() {
                let (channel, group) = (ids[chunk.channel[i] as usize], ids[chunk.group[i] as usize]);
                let (ts, rating) = (chunk.ts[i], chunk.rating[i]);
                if ts < self.before {
                    return Err(Stop::Decline("rows out of time order"));
                }
                self.latest = self.latest.max(ts);
                self.rows += 1;
                if self.rows.is_multiple_of(BLOCK_ROWS) {
                    self.before = self.latest;
                }
                let month = match self.month {
                    Some((m, start, end)) if ts >= start && ts < end => m,
                    _ => self.enter_month(ts)?,
                };
                let file = self.months.get_mut(&month).expect("entered");
                file.channel.push(channel as i32);
                file.group.push(group as i32);
                file.ts.push(ts);
                file.rating.push(rating);
                file.first = file.first.min(ts);
                file.last = file.last.max(ts);
                if file.ts.len() == ROW_GROUP_ROWS {
                    let dictionary = self.dictionary();
                    let file = self.months.get_mut(&month).expect("entered");
                    flush(file, &self.series, dictionary)?;
                }
            }
        }
        Ok(())
    }

    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(name.to_owned());
        self.ids.insert(name.to_owned(), id);
        self.dictionary = None;
        id
    }

    fn dictionary(&mut self) -> ArrayRef {
        self.dictionary.get_or_insert_with(|| Arc::new(StringArray::from_iter_values(&self.names))).clone()
    }

    /// Makes the month of `ts` current, opening its file the first time.
    fn enter_month(&mut self, ts: i64) -> std::result::Result<Month, Stop> {
        let month = Month::of(from_micros(ts).date());
        let (start, end) = month.time_range();
        self.month = Some((month, crate::micros::micros(start), crate::micros::micros(end)));
        if let btree_map::Entry::Vacant(slot) = self.months.entry(month) {
            // Rows in time order hold every series in each row group: min/max of the names
            // would prune nothing, and comparing them costs as much as encoding them.
            let props = lake_properties()
                .set_column_statistics_enabled("channel".into(), EnabledStatistics::None)
                .set_column_statistics_enabled("audience_group".into(), EnabledStatistics::None)
                .build();
            let file = ArrowFile::create(self.lake, (Dataset::Ratings, month, &self.stem), self.series.clone(), props)?;
            slot.insert(MonthFile {
                file,
                channel: Vec::with_capacity(ROW_GROUP_ROWS),
                group: Vec::with_capacity(ROW_GROUP_ROWS),
                ts: Vec::with_capacity(ROW_GROUP_ROWS),
                rating: Vec::with_capacity(ROW_GROUP_ROWS),
                first: i64::MAX,
                last: i64::MIN,
            });
        }
        Ok(month)
    }

    /// Writes the rest of every month's rows and the daily rollups, and publishes the files.
    fn finish(mut self) -> Result<(Vec<LakeFile>, u64)> {
        let dictionary = self.dictionary();
        let rollup = std::mem::take(&mut self.days);
        let (names, rows, stem) = (std::mem::take(&mut self.names), self.rows, self.stem.clone());
        let months = std::mem::take(&mut self.months);
        let series = self.series.clone();
        let lake = self.lake;
        lake.all_or_nothing(|files| {
            for (_, mut month) in months {
                flush(&mut month, &series, dictionary.clone()).map_err(|e| match e {
                    Stop::Failed(e) => e,
                    Stop::Decline(why) => Error::Caller(why.into()),
                })?;
                let range = (from_micros(month.first), from_micros(month.last));
                files.push(month.file.finish(range)?);
            }
            files.extend(write_rollup(lake, &stem, &names, rollup)?);
            Ok(())
        })
        .map(|files| (files, rows))
    }
}

/// Appends a month's gathered rows to its file as a row group.
fn flush(file: &mut MonthFile, schema: &SchemaRef, dictionary: ArrayRef) -> std::result::Result<(), Stop> {
    if file.ts.is_empty() {
        return Ok(());
    }
    let names = |keys: &mut Vec<i32>| -> Result<ArrayRef> {
        let keys = Int32Array::from(std::mem::replace(keys, Vec::with_capacity(ROW_GROUP_ROWS)));
        Ok(Arc::new(DictionaryArray::try_new(keys, dictionary.clone())?))
    };
    let columns: Vec<ArrayRef> = vec![
        names(&mut file.channel)?,
        names(&mut file.group)?,
        Arc::new(TimestampMicrosecondArray::from(std::mem::replace(&mut file.ts, Vec::with_capacity(ROW_GROUP_ROWS)))),
        Arc::new(Float64Array::from(std::mem::replace(&mut file.rating, Vec::with_capacity(ROW_GROUP_ROWS)))),
    ];
    let batch = RecordBatch::try_new(schema.clone(), columns).map_err(Error::from)?;
    file.file.append(&batch)?;
    Ok(())
}

/// Writes the daily rollup, a file per month, sorted by channel, audience group and day.
fn write_rollup(lake: &Lake, stem: &str, names: &[String], rollup: FxHashMap<DayKey, Day>) -> Result<Vec<LakeFile>> {
    let schema = Arc::new(Schema::new(vec![
        Field::new("channel", DataType::Utf8, true),
        Field::new("audience_group", DataType::Utf8, true),
        Field::new("day", DataType::Date32, true),
        Field::new("n", DataType::Int64, true),
        Field::new("sum", DataType::Float64, true),
        Field::new("min", DataType::Float64, true),
        Field::new("max", DataType::Float64, true),
    ]));
    let mut by_month: BTreeMap<Month, Vec<(DayKey, Day)>> = BTreeMap::new();
    for (key, day) in rollup {
        let date = from_micros(i64::from(key.0) * DAY_MICROS).date();
        by_month.entry(Month::of(date)).or_default().push((key, day));
    }
    let mut files = Vec::new();
    for (month, mut days) in by_month {
        days.sort_unstable_by(|(a, _), (b, _)| {
            (&names[a.1 as usize], &names[a.2 as usize], a.0).cmp(&(&names[b.1 as usize], &names[b.2 as usize], b.0))
        });
        let first = days.iter().map(|(k, _)| k.0).min().expect("a month of the rollup has days");
        let last = days.iter().map(|(k, _)| k.0).max().expect("a month of the rollup has days");
        let range = (from_micros(i64::from(first) * DAY_MICROS), from_micros(i64::from(last) * DAY_MICROS));
        let mut file =
            ArrowFile::create(lake, (Dataset::RatingsDaily, month, stem), schema.clone(), lake_properties().build())?;
        for group in days.chunks(ROW_GROUP_ROWS) {
            let columns: Vec<ArrayRef> = vec![
                Arc::new(StringArray::from_iter_values(group.iter().map(|(k, _)| &names[k.1 as usize]))),
                Arc::new(StringArray::from_iter_values(group.iter().map(|(k, _)| &names[k.2 as usize]))),
                Arc::new(Date32Array::from_iter_values(group.iter().map(|(k, _)| k.0))),
                Arc::new(Int64Array::from_iter_values(group.iter().map(|(_, d)| d.n))),
                Arc::new(Float64Array::from_iter_values(group.iter().map(|(_, d)| d.sum))),
                Arc::new(Float64Array::from_iter_values(group.iter().map(|(_, d)| d.min))),
                Arc::new(Float64Array::from_iter_values(group.iter().map(|(_, d)| d.max))),
            ];
            file.append(&RecordBatch::try_new(schema.clone(), columns)?)?;
        }
        files.push(file.finish(range)?);
    }
    Ok(files)
}

#[cfg(test)]
mod tests;
