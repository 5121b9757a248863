//! The filtered viewing rows as placing them on schedule lines and the per-month figures need
//! them: title, broadcast day, time of the broadcast day, GRP and position in the break, in
//! air-time order. Eight columns instead of the whole row ([`super::ViewingRow`], 23 columns
//! and six strings a row): the summary grid and orderSummaryList read every aired spot of an
//! order on each call, tens of thousands on a dense order.

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
    /// Where in its break it aired; `None` when the row names no position.
    pub position: Option<SpotPosition>,
}

/// A spot's position in its break as imported (docs/import-formats.md): `正二` is index 2,
/// `倒二` index 2 from the end, `2/8` index 2 of 8, `中` a known position without an index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpotPosition {
    pub index: Option<i32>,
    pub of: Option<i32>,
    pub from_end: bool,
}

impl SpotPosition {
    /// In positions 1–3 from the start or the end of the break (正负三): the same rule as the
    /// issued totals' scan ([`Lake::issued_totals`]).
    pub fn top_or_bottom_three(&self) -> bool {
        self.index.is_some_and(|i| i <= 3 || self.of.is_some_and(|of| i > of - 3))
    }
}

/// The spots and the distinct titles they name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AiredSpots {
    pub titles: Vec<String>,
    pub spots: Vec<AiredSpot>,
}

const COLUMNS: [(&str, &str); 8] = [
    ("title", "varchar"),
    ("ymd", "date"),
    ("secs", "integer"),
    ("grp", "double"),
    ("positioned", "boolean"),
    ("position_index", "integer"),
    ("position_of", "integer"),
    ("position_from_end", "boolean"),
];

impl Lake {
    /// The filtered rows' title, day, time of day, GRP and position, by air time, then id.
    pub fn aired_spots(&self, snapshot: &Snapshot, filter: &ViewingFilter) -> Result<AiredSpots> {
        let conn = self.conn()?;
        let Some(query) = self.viewing_query(&conn, snapshot, filter)? else { return Ok(AiredSpots::default()) };
        let sql = format!(
            "select v.title, v.ymd, date_diff('second', v.ymd::timestamp, v.air_time)::integer, v.grp,
                    v.\"position\" is not null, v.position_index, v.position_of, v.position_from_end
             from {} order by v.air_time, v.id",
            query.from_where
        );
        let mut out = AiredSpots::default();
        let mut known: HashMap<String, u32> = HashMap::new();
        for_each_chunk(&conn, &sql, &query.params, |chunk| {
            let c = Columns::new(chunk, &COLUMNS);
            let (title, ymd, secs, grp) =
                (c.strings(0)?, c.primitive::<Date32Type>(1)?, c.primitive::<Int32Type>(2)?, c.primitive::<Float64Type>(3)?);
            let (positioned, index, of, from_end) =
                (c.booleans(4)?, c.primitive::<Int32Type>(5)?, c.primitive::<Int32Type>(6)?, c.booleans(7)?);
            let int = |a: &duckdb::arrow::array::Int32Array, r: usize| (!a.is_null(r)).then(|| a.value(r));
            out.spots.reserve(chunk.len());
            for r in 0..chunk.len() {
                let name = title.value(r);
                let at = match known.get(name) {
                    Some(&i) => i,
                    None => {
                        let i = out.titles.len() as u32;
                        out.titles.push(name.to_owned());
                        known.insert(name.to_owned(), i);
                        i
                    }
                };
                let position = positioned.value(r).then(|| SpotPosition {
                    index: int(index, r),
                    of: int(of, r),
                    from_end: !from_end.is_null(r) && from_end.value(r),
                });
                // As the lake keeps it (rows written before it rounded have more decimals), so
                // the spots add up to the issued totals' exact sum.
                let grp = crate::grp::kept(grp.value(r));
                out.spots.push(AiredSpot { title: at, ymd: date(ymd.value(r)), secs: secs.value(r), grp, position });
            }
            Ok(())
        })?;
        Ok(out)
    }
}
