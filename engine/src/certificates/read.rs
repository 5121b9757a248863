//! Reading certificate rows of a snapshot.

use duckdb::arrow::array::{Array, StringArray, StructArray};
use duckdb::arrow::datatypes::{Date32Type, Int32Type, Int64Type, TimestampMicrosecondType};
use duckdb::types::Value;

use super::{COLUMNS, CertificateRow, select_list};
use crate::columns::{Columns, date, opt};
use crate::lake::PARQUET_SOURCE;
use crate::paths::parse_files;
use crate::viewing::for_each_chunk;
use crate::micros::from_micros;
use crate::{Dataset, Error, Lake, Result, Snapshot};

impl Lake {
    /// Every row of the snapshot's files less its deleted rows, in (ymd, secs, id) order. The
    /// caller passes only the files of the batches it wants (an order's current certificate).
    pub fn certificate_rows(&self, snapshot: &Snapshot) -> Result<Vec<CertificateRow>> {
        let Some((dataset, files)) = parse_files(&snapshot.files)? else { return Ok(Vec::new()) };
        if dataset != Dataset::Certificates {
            return Err(Error::Caller(format!("a certificate query got {dataset} files")));
        }
        let conn = self.conn()?;
        let skip = self.bind_deleted(&conn, dataset, &snapshot.deleted)?;
        let sql = format!("select {} from {PARQUET_SOURCE} v {skip} order by v.ymd, v.secs, v.id", select_list("v."));
        let mut rows = Vec::new();
        for_each_chunk(&conn, &sql, &[Value::Text(self.file_list(&files))], |chunk| decode(chunk, &mut rows))?;
        Ok(rows)
    }
}

/// Arrow chunks from DuckDB into rows, by position in [`COLUMNS`].
fn decode(chunk: &StructArray, out: &mut Vec<CertificateRow>) -> Result<()> {
    let c = Columns::new(chunk, &COLUMNS);
    let i64s = |i| c.primitive::<Int64Type>(i);
    let i32s = |i| c.primitive::<Int32Type>(i);
    let (id, batch_id, order_id, tape_id, time_period_id) = (i64s(0)?, i64s(1)?, i64s(2)?, i64s(7)?, i64s(8)?);
    let ymd = c.primitive::<Date32Type>(3)?;
    let air_time = c.primitive::<TimestampMicrosecondType>(4)?;
    let (secs, duration, num, row) = (i32s(5)?, i32s(10)?, i32s(12)?, i32s(14)?);
    let (version, time_period, position, sheet) = (c.strings(6)?, c.strings(9)?, c.strings(11)?, c.strings(13)?);
    let text = |a: &StringArray, r: usize| a.is_valid(r).then(|| a.value(r).to_owned());

    out.reserve(chunk.len());
    for r in 0..chunk.len() {
        out.push(CertificateRow {
            id: id.value(r),
            batch_id: batch_id.value(r),
            order_id: order_id.value(r),
            ymd: date(ymd.value(r)),
            air_time: from_micros(air_time.value(r)),
            secs: secs.value(r),
            version: version.value(r).to_owned(),
            tape_id: tape_id.value(r),
            time_period_id: opt(time_period_id, r),
            time_period: text(time_period, r),
            duration: opt(duration, r),
            position: text(position, r),
            num: num.value(r),
            sheet: sheet.value(r).to_owned(),
            row: row.value(r),
        });
    }
    Ok(())
}
