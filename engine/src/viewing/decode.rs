//! Arrow chunks from DuckDB into [`ViewingRow`]s, by position in [`super::COLUMNS`].

use duckdb::arrow::array::{Array, StructArray};
use duckdb::arrow::datatypes::{Date32Type, Float64Type, Int16Type, Int32Type, Int64Type, TimestampMicrosecondType};

use super::{COLUMNS, ViewingRow};
use crate::Result;
use crate::columns::{Columns, date, opt};
use crate::micros::from_micros;

pub(crate) fn decode(chunk: &StructArray, out: &mut Vec<ViewingRow>) -> Result<()> {
    let c = Columns::new(chunk, &COLUMNS);
    let i64s = |i| c.primitive::<Int64Type>(i);
    let (id, batch_id, media_id, audience_group_id, brand_id) = (i64s(0)?, i64s(1)?, i64s(2)?, i64s(4)?, i64s(6)?);
    let time_period_class_id = i64s(12)?;
    let (channel, audience_group, title, program) =
        (c.strings(3)?, c.strings(5)?, c.strings(10)?, c.strings(11)?);
    let (time_period_class, position) = (c.strings(13)?, c.strings(15)?);
    let (air_time, created_at) =
        (c.primitive::<TimestampMicrosecondType>(7)?, c.primitive::<TimestampMicrosecondType>(22)?);
    let ymd = c.primitive::<Date32Type>(8)?;
    let (duration, position_index, position_of) =
        (c.primitive::<Int32Type>(9)?, c.primitive::<Int32Type>(16)?, c.primitive::<Int32Type>(17)?);
    let grp = c.primitive::<Float64Type>(14)?;
    let from_end = c.booleans(18)?;
    let (category, source, belonging_to) =
        (c.primitive::<Int16Type>(19)?, c.primitive::<Int16Type>(20)?, c.primitive::<Int16Type>(21)?);

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
            // As the lake keeps it: rows written before it rounded have more decimals.
            grp: crate::grp::kept(grp.value(r)),
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
