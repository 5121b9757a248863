//! Reading a dataset's Arrow chunks column by column: each dataset's decoder names its columns
//! by position in its column list, and a column of another type than the list says is a
//! [`Error::Decode`] naming that column.

use chrono::{Days, NaiveDate};
use duckdb::arrow::array::{Array, AsArray, BooleanArray, PrimitiveArray, StringArray, StructArray};
use duckdb::arrow::datatypes::ArrowPrimitiveType;

use crate::{Error, Result};

/// One chunk of rows and the column list (name, type) it was selected by.
pub(crate) struct Columns<'a> {
    chunk: &'a StructArray,
    names: &'static [(&'static str, &'static str)],
}

impl<'a> Columns<'a> {
    pub(crate) fn new(chunk: &'a StructArray, names: &'static [(&'static str, &'static str)]) -> Self {
        Columns { chunk, names }
    }

    pub(crate) fn primitive<T: ArrowPrimitiveType>(&self, i: usize) -> Result<&'a PrimitiveArray<T>> {
        self.chunk.column(i).as_primitive_opt::<T>().ok_or_else(|| self.mismatch(i))
    }

    pub(crate) fn strings(&self, i: usize) -> Result<&'a StringArray> {
        self.chunk.column(i).as_string_opt::<i32>().ok_or_else(|| self.mismatch(i))
    }

    pub(crate) fn booleans(&self, i: usize) -> Result<&'a BooleanArray> {
        self.chunk.column(i).as_boolean_opt().ok_or_else(|| self.mismatch(i))
    }

    fn mismatch(&self, i: usize) -> Error {
        Error::Decode { column: self.names[i].0, found: self.chunk.column(i).data_type().to_string() }
    }
}

/// A nullable primitive's value at row `r`.
pub(crate) fn opt<T: ArrowPrimitiveType>(array: &PrimitiveArray<T>, r: usize) -> Option<T::Native> {
    array.is_valid(r).then(|| array.value(r))
}

/// A Date32 value: days since 1970-01-01; past the dates chrono holds, its first or last
/// (only a file written by hand holds such a day; reading it must not panic).
pub(crate) fn date(days: i32) -> NaiveDate {
    let epoch = NaiveDate::default();
    let day = if days >= 0 {
        epoch.checked_add_days(Days::new(days as u64))
    } else {
        epoch.checked_sub_days(Days::new(days.unsigned_abs() as u64))
    };
    day.unwrap_or(if days >= 0 { NaiveDate::MAX } else { NaiveDate::MIN })
}
