//! The filtered viewing rows as placing them on schedule lines needs them: title, broadcast
//! day, time of the broadcast day and GRP, in air-time order. Four columns instead of the
//! whole row ([`super::ViewingRow`], 23 columns and six strings a row): the summary grid reads
//! every aired spot of an order on each call, tens of thousands on a dense order.

use std::collections::HashMap;

use duckdb::arrow::array::Array;
use duckdb::arrow::datatypes::{Date32Type, Float64Type, Int32Type};

use super::read::for_each_chunk;
use crate::columns::{Columns, date};
use crate::{Lake, Result, Snapshot, ViewingFilter};

/// One aired spot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AiredSpot {
    /// Index into [`AiredSpots::titles`].
    pub title: u32,
    pub ymd: chrono::NaiveDate,
    /// Seconds of the broadcast day it aired at (past 86,400 after midnight).
    pub secs: i32,
    pub grp: f64,
}

/// The spots and the distinct titles they name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AiredSpots {
    pub titles: Vec<String>,
    pub spots: Vec<AiredSpot>,
}

const COLUMNS: [(&str, &str); 4] = [("title", "varchar"), ("ymd", "date"), ("secs", "integer"), ("grp", "double")];

impl Lake {
    /// The filtered rows' title, day, time of day and GRP, by air time, then id.
    pub fn aired_spots(&self, snapshot: &Snapshot, filter: &ViewingFilter) -> Result<AiredSpots> {
        let conn = self.conn()?;
        let Some(query) = self.viewing_query(&conn, snapshot, filter)? else { return Ok(AiredSpots::default()) };
        let sql = format!(
            "select v.title, v.ymd, date_diff('second', v.ymd::timestamp, v.air_time)::integer, v.grp
             from {} order by v.air_time, v.id",
            query.from_where
        );
        let mut out = AiredSpots::default();
        let mut known: HashMap<String, u32> = HashMap::new();
        for_each_chunk(&conn, &sql, &query.params, |chunk| {
            let c = Columns::new(chunk, &COLUMNS);
            let (title, ymd, secs, grp) =
                (c.strings(0)?, c.primitive::<Date32Type>(1)?, c.primitive::<Int32Type>(2)?, c.primitive::<Float64Type>(3)?);
            out.spots.reserve(chunk.len());
            for r in 0..chunk.len() {
                let name = title.value(r);
                let index = match known.get(name) {
                    Some(&i) => i,
                    None => {
                        let i = out.titles.len() as u32;
                        out.titles.push(name.to_owned());
                        known.insert(name.to_owned(), i);
                        i
                    }
                };
                out.spots.push(AiredSpot { title: index, ymd: date(ymd.value(r)), secs: secs.value(r), grp: grp.value(r) });
            }
            Ok(())
        })?;
        Ok(out)
    }
}
