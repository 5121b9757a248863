//! Parquet sources on the streaming path: row groups decoded side by side by the Parquet
//! crate's Arrow reader, names kept as the file's dictionaries. A column of another type, a
//! null, or a value the checks refuse declines the stream.

use std::sync::Arc;

use duckdb::arrow::array::{Array, AsArray, DictionaryArray, Float64Array, StringArray};
use duckdb::arrow::datatypes::{DataType, Field, Int32Type, Schema, TimeUnit};
use duckdb::arrow::record_batch::RecordBatch;
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReaderBuilder};

use super::text::name;
use super::{Chunk, Stop};
use crate::Error;
use crate::ratings::COLUMNS;
use crate::ratings::source::Source;

/// Rows per decoded batch.
const BATCH_ROWS: usize = 128 * 1024;

/// A Parquet source whose four columns are of types the streaming path reads.
pub(super) struct ParquetSource {
    path: std::path::PathBuf,
    metadata: ArrowReaderMetadata,
    projection: ProjectionMask,
    ts_unit: TimeUnit,
}

impl ParquetSource {
    pub fn open(source: &Source) -> Result<ParquetSource, Stop> {
        let file = std::fs::File::open(&source.path).map_err(|e| Stop::Failed(Error::io(&source.path)(e)))?;
        let plain = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new())
            .map_err(|_| Stop::Decline("parquet metadata"))?;
        let fields = plain.schema().fields();
        let mut roots = Vec::new();
        for column in COLUMNS {
            let mut found = fields.iter().enumerate().filter(|(_, f)| f.name().to_lowercase() == column);
            let (Some((i, _)), None) = (found.next(), found.next()) else {
                return Err(Stop::Decline("parquet columns"));
            };
            roots.push(i);
        }
        let [channel, group, ts, rating] =
            [roots[0], roots[1], roots[2], roots[3]].map(|i| fields[i].data_type().clone());
        let text = |t: &DataType| matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View);
        let ts_unit = match ts {
            DataType::Timestamp(unit, None) if unit != TimeUnit::Second => unit,
            _ => return Err(Stop::Decline("parquet ts type")),
        };
        if !text(&channel) || !text(&group) || rating != DataType::Float64 {
            return Err(Stop::Decline("parquet column types"));
        }
        // Names are read as the dictionaries they are stored with: no string per row.
        let supplied: Vec<Field> = fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = i == roots[0] || i == roots[1];
                let ty = if name {
                    DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
                } else {
                    f.data_type().clone()
                };
                f.as_ref().clone().with_data_type(ty)
            })
            .collect();
        let options = ArrowReaderOptions::new().with_schema(Arc::new(Schema::new(supplied)));
        let metadata = ArrowReaderMetadata::try_new(plain.metadata().clone(), options)
            .map_err(|_| Stop::Decline("parquet dictionaries"))?;
        let projection = ProjectionMask::roots(metadata.parquet_schema(), roots);
        Ok(ParquetSource { path: source.path.clone(), metadata, projection, ts_unit })
    }

    pub fn row_groups(&self) -> usize {
        self.metadata.metadata().num_row_groups()
    }

    /// The rows of row group `group`, checked.
    pub fn read_group(&self, group: usize) -> Result<Vec<Chunk>, Stop> {
        let file = std::fs::File::open(&self.path).map_err(|e| Stop::Failed(Error::io(&self.path)(e)))?;
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, self.metadata.clone())
            .with_projection(self.projection.clone())
            .with_row_groups(vec![group])
            .with_batch_size(BATCH_ROWS)
            .build()
            .map_err(|_| Stop::Decline("parquet read"))?;
        let mut chunks = Vec::new();
        for batch in reader {
            let batch = batch.map_err(|_| Stop::Decline("parquet read"))?;
            chunks.push(self.chunk(&batch)?);
        }
        Ok(chunks)
    }

    fn chunk(&self, batch: &RecordBatch) -> Result<Chunk, Stop> {
        let column = |name: &str| -> Result<&Arc<dyn Array>, Stop> {
            let schema = batch.schema_ref();
            let i = schema
                .fields()
                .iter()
                .position(|f| f.name().to_lowercase() == name)
                .ok_or(Stop::Decline("parquet columns"))?;
            let array = batch.column(i);
            if array.null_count() > 0 {
                return Err(Stop::Decline("parquet nulls"));
            }
            Ok(array)
        };
        let mut chunk = Chunk::with_capacity(0);
        let channel = dictionary(column("channel")?)?;
        let group = dictionary(column("audience_group")?)?;
        chunk.channel = keys(channel, &mut chunk.names)?;
        chunk.group = keys(group, &mut chunk.names)?;

        let ts = column("ts")?;
        chunk.ts = match self.ts_unit {
            TimeUnit::Microsecond => {
                ts.as_primitive::<duckdb::arrow::datatypes::TimestampMicrosecondType>().values().to_vec()
            }
            TimeUnit::Millisecond => {
                let ms = ts.as_primitive::<duckdb::arrow::datatypes::TimestampMillisecondType>().values();
                ms.iter().map(|&v| v.checked_mul(1_000)).collect::<Option<_>>().ok_or(Stop::Decline("ts range"))?
            }
            TimeUnit::Nanosecond => {
                let ns = ts.as_primitive::<duckdb::arrow::datatypes::TimestampNanosecondType>().values();
                // Whole microseconds only: how DuckDB would round the rest is left to it.
                ns.iter()
                    .map(|&v| (v % 1_000 == 0).then_some(v / 1_000))
                    .collect::<Option<_>>()
                    .ok_or(Stop::Decline("ts precision"))?
            }
            TimeUnit::Second => return Err(Stop::Decline("parquet ts type")),
        };
        let rating: &Float64Array = column("rating")?.as_primitive();
        if rating.values().iter().any(|&r| !(r >= 0.0 && r.is_finite())) {
            return Err(Stop::Decline("rating value"));
        }
        chunk.rating = rating.values().to_vec();
        Ok(chunk)
    }
}

fn dictionary(array: &Arc<dyn Array>) -> Result<&DictionaryArray<Int32Type>, Stop> {
    array.as_dictionary_opt::<Int32Type>().ok_or(Stop::Decline("parquet dictionaries"))
}

/// The keys of a name column as ids into `names`, to which its dictionary's values are added
/// (each checked).
fn keys(array: &DictionaryArray<Int32Type>, names: &mut Vec<String>) -> Result<Vec<u32>, Stop> {
    let values: &StringArray = array.values().as_string_opt().ok_or(Stop::Decline("parquet dictionaries"))?;
    let base = names.len() as u32;
    for value in values.iter() {
        // A dictionary may hold values no row uses: only the used ones must be names.
        names.push(value.and_then(|v| name(v.as_bytes())).map(str::to_owned).unwrap_or_default());
    }
    let mut out = Vec::with_capacity(array.len());
    for &k in array.keys().values() {
        let id = base + k as u32;
        if names[id as usize].is_empty() {
            return Err(Stop::Decline("name form"));
        }
        out.push(id);
    }
    Ok(out)
}
