use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use duckdb::arrow::array::{ArrayRef, Date32Array, Int32Array, Int32Builder, Int64Array, Int64Builder, StringBuilder, TimestampMicrosecondArray};
use duckdb::arrow::datatypes::SchemaRef;
use duckdb::arrow::record_batch::RecordBatch;

use super::{COLUMNS, CertificateRow};
use crate::write::{ROW_GROUP_ROWS, arrow_schema, batch_stem};
use crate::micros::micros;
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

/// The last second of a broadcast day, 29:59:59.
const MAX_SECS: i32 = 30 * 3600 - 1;

impl Lake {
    /// Writes one import batch's certificate rows: a zstd Parquet file per month of broadcast
    /// day, `certificates/month=YYYY-MM/b<batch>-0.parquet`, rows sorted by (ymd, secs, id).
    /// Either every file is written or none is left behind. The files are not live until the
    /// caller's manifest lists them; [`Lake::remove`] rolls them back.
    pub fn write_certificates(&self, batch_id: i64, rows: &[CertificateRow]) -> Result<Vec<LakeFile>> {
        if let Some(row) = rows.iter().find(|r| r.batch_id != batch_id) {
            return Err(Error::Caller(format!("row {} belongs to batch {}, not {batch_id}", row.id, row.batch_id)));
        }
        // Readers take secs and air_time as the same instant: a row where they differ would
        // sort by one and show the other.
        if let Some(row) = rows.iter().find(|r| !(0..=MAX_SECS).contains(&r.secs) || r.air_time != instant(r.ymd, r.secs)) {
            return Err(Error::Caller(format!(
                "row {} airs at {} but {} seconds into its broadcast day {}",
                row.id, row.air_time, row.secs, row.ymd
            )));
        }
        let mut order: Vec<&CertificateRow> = rows.iter().collect();
        order.sort_unstable_by_key(|r| (r.ymd, r.secs, r.id));
        let stem = batch_stem(batch_id);
        let schema = arrow_schema(&COLUMNS);
        self.all_or_nothing(|files| {
            for month_rows in order.chunk_by(|a, b| Month::of(a.ymd) == Month::of(b.ymd)) {
                let month = Month::of(month_rows[0].ymd);
                // Sorted by broadcast day and seconds, so by air time too.
                let range = (month_rows[0].air_time, month_rows[month_rows.len() - 1].air_time);
                let batches = month_rows.chunks(ROW_GROUP_ROWS).map(|group| record_batch(&schema, group));
                files.push(self.write_file((Dataset::Certificates, month, &stem), &schema, range, batches)?);
            }
            Ok(())
        })
    }
}

fn instant(ymd: NaiveDate, secs: i32) -> chrono::NaiveDateTime {
    ymd.and_hms_opt(0, 0, 0).expect("midnight exists") + Duration::seconds(i64::from(secs))
}

/// The rows (already in file order) as one Arrow record batch of `schema`.
fn record_batch(schema: &SchemaRef, rows: &[&CertificateRow]) -> Result<RecordBatch> {
    let n = rows.len();
    let text = |bytes: usize| StringBuilder::with_capacity(n, n * bytes);
    let (mut version, mut time_period, mut position, mut sheet) = (text(24), text(12), text(8), text(12));
    let (mut time_period_id, mut duration) = (Int64Builder::with_capacity(n), Int32Builder::with_capacity(n));
    let epoch = NaiveDate::default();
    for r in rows {
        version.append_value(&r.version);
        time_period_id.append_option(r.time_period_id);
        time_period.append_option(r.time_period.as_deref());
        duration.append_option(r.duration);
        position.append_option(r.position.as_deref());
        sheet.append_value(&r.sheet);
    }
    let i64s = |f: fn(&CertificateRow) -> i64| -> ArrayRef { Arc::new(Int64Array::from_iter_values(rows.iter().map(|r| f(r)))) };
    let i32s = |f: fn(&CertificateRow) -> i32| -> ArrayRef { Arc::new(Int32Array::from_iter_values(rows.iter().map(|r| f(r)))) };
    let columns: Vec<ArrayRef> = vec![
        i64s(|r| r.id),
        i64s(|r| r.batch_id),
        i64s(|r| r.order_id),
        Arc::new(Date32Array::from_iter_values(rows.iter().map(|r| (r.ymd - epoch).num_days() as i32))),
        Arc::new(TimestampMicrosecondArray::from_iter_values(rows.iter().map(|r| micros(r.air_time)))),
        i32s(|r| r.secs),
        Arc::new(version.finish()),
        i64s(|r| r.tape_id),
        Arc::new(time_period_id.finish()),
        Arc::new(time_period.finish()),
        Arc::new(duration.finish()),
        Arc::new(position.finish()),
        i32s(|r| r.num),
        Arc::new(sheet.finish()),
        i32s(|r| r.row),
    ];
    RecordBatch::try_new(schema.clone(), columns).map_err(|e| Error::Caller(format!("certificate rows as Arrow: {e}")))
}
