//! Arrow chunks from DuckDB into [`ViewingRow`]s, by position in [`super::COLUMNS`].

use chrono::{Days, NaiveDate};
use duckdb::arrow::array::{Array, AsArray, BooleanArray, PrimitiveArray, StringArray, StructArray};
use duckdb::arrow::datatypes::{
    ArrowPrimitiveType, Date32Type, Float64Type, Int16Type, Int32Type, Int64Type, TimestampMicrosecondType,
};

use super::{COLUMNS, ViewingRow};
use crate::write::from_micros;
use crate::{Error, Result};

pub(crate) fn decode(chunk: &StructArray, out: &mut Vec<ViewingRow>) -> Result<()> {
    let i64s = |i| primitive::<Int64Type>(chunk, i);
    let (id, batch_id, media_id, audience_group_id, brand_id) = (i64s(0)?, i64s(1)?, i64s(2)?, i64s(4)?, i64s(6)?);
    let time_period_class_id = i64s(12)?;
    let (channel, audience_group, title, program) =
        (strings(chunk, 3)?, strings(chunk, 5)?, strings(chunk, 10)?, strings(chunk, 11)?);
    let (time_period_class, position) = (strings(chunk, 13)?, strings(chunk, 15)?);
    let (air_time, created_at) =
        (primitive::<TimestampMicrosecondType>(chunk, 7)?, primitive::<TimestampMicrosecondType>(chunk, 22)?);
    let ymd = primitive::<Date32Type>(chunk, 8)?;
    let (duration, position_index, position_of) =
        (primitive::<Int32Type>(chunk, 9)?, primitive::<Int32Type>(chunk, 16)?, primitive::<Int32Type>(chunk, 17)?);
    let grp = primitive::<Float64Type>(chunk, 14)?;
    let from_end = booleans(chunk, 18)?;
    let (category, source, belonging_to) =
        (primitive::<Int16Type>(chunk, 19)?, primitive::<Int16Type>(chunk, 20)?, primitive::<Int16Type>(chunk, 21)?);

    out.reserve(chunk.len());
    for r in 0..chunk.len() {
        out.push(ViewingRow {
            id: id.value(r),
            batch_id: batch_id.value(r),
            media_id: media_id.value(r),
            channel: channel.value(r).to_owned(),
            audience_group_id: audience_group_id.value(r),
            audience_group: audience_group.value(r).to_owned(),
            brand_id: opt(brand_id, r),
            air_time: from_micros(air_time.value(r)),
            ymd: date(ymd.value(r)),
            duration: duration.value(r),
            title: title.value(r).to_owned(),
            program: program.is_valid(r).then(|| program.value(r).to_owned()),
            time_period_class_id: opt(time_period_class_id, r),
            time_period_class: time_period_class.is_valid(r).then(|| time_period_class.value(r).to_owned()),
            grp: grp.value(r),
            position: position.is_valid(r).then(|| position.value(r).to_owned()),
            position_index: opt(position_index, r),
            position_of: opt(position_of, r),
            position_from_end: from_end.value(r),
            category: category.value(r),
            source: source.value(r),
            belonging_to: belonging_to.value(r),
            created_at: from_micros(created_at.value(r)),
        });
    }
    Ok(())
}

fn opt<T: ArrowPrimitiveType>(array: &PrimitiveArray<T>, r: usize) -> Option<T::Native> {
    array.is_valid(r).then(|| array.value(r))
}

fn date(days: i32) -> NaiveDate {
    let epoch = NaiveDate::default();
    if days >= 0 { epoch + Days::new(days as u64) } else { epoch - Days::new(days.unsigned_abs() as u64) }
}

fn primitive<T: ArrowPrimitiveType>(chunk: &StructArray, i: usize) -> Result<&PrimitiveArray<T>> {
    chunk.column(i).as_primitive_opt::<T>().ok_or_else(|| mismatch(chunk, i))
}

fn strings(chunk: &StructArray, i: usize) -> Result<&StringArray> {
    chunk.column(i).as_string_opt::<i32>().ok_or_else(|| mismatch(chunk, i))
}

fn booleans(chunk: &StructArray, i: usize) -> Result<&BooleanArray> {
    chunk.column(i).as_boolean_opt().ok_or_else(|| mismatch(chunk, i))
}

fn mismatch(chunk: &StructArray, i: usize) -> Error {
    Error::Decode { column: COLUMNS[i].0, found: chunk.column(i).data_type().to_string() }
}
