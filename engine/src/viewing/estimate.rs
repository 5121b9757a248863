//! The viewing rows' fallback for viewing estimates (docs/evaluation.md, "Viewing
//! estimates"): without a rating series, a class's per-day value is the mean GRP of the spots
//! that aired in its windows.

use chrono::{Days, NaiveDate};
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::read::ViewingFilter;
use crate::orders::{ClassWindow, class_windows};
use crate::ratings::ClassDay;
use crate::{Lake, Result, Snapshot};

impl Lake {
    /// Per class and broadcast day of `from..to_excl`, the mean GRP of the filtered spots
    /// whose broadcast-day time (air time less the day's midnight) falls in any of the
    /// class's windows, and how many spots that is. The filter's own day bounds are replaced
    /// by the range. Sorted by class and day.
    pub fn class_day_grp(
        &self,
        viewing: &Snapshot,
        filter: &ViewingFilter,
        windows: &[ClassWindow],
        from: NaiveDate,
        to_excl: NaiveDate,
    ) -> Result<Vec<ClassDay>> {
        let windows = class_windows(windows);
        if windows.is_empty() || from >= to_excl {
            return Ok(Vec::new());
        }
        let filter = ViewingFilter { from: Some(from), to: Some(to_excl - Days::new(1)), ..filter.clone() };
        let conn = self.conn()?;
        let Some(query) = self.viewing_query(&conn, viewing, &filter)? else {
            return Ok(Vec::new());
        };
        let values = vec!["(?::bigint, ?::integer, ?::integer)"; windows.len()].join(", ");
        let sql = format!(
            "with s as (
                 select v.ymd, (epoch_us(v.air_time) - epoch_us(v.ymd::timestamp)) // 1000000 as sec, v.grp
                 from {}
             ),
             w(class, s, e) as (values {values})
             select w.class, (s.ymd - date '1970-01-01')::bigint, avg(s.grp)::double, count(*)
             from s join w on s.sec >= w.s and s.sec < w.e
             group by w.class, s.ymd order by w.class, s.ymd",
            query.from_where
        );
        let mut params = query.params;
        for (class, s, e) in &windows {
            params.extend([Value::BigInt(*class), Value::Int(*s), Value::Int(*e)]);
        }
        let epoch = NaiveDate::default();
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt
            .query_map(params_from_iter(&params), |r| {
                let day = epoch + Days::new(r.get::<_, i64>(1)? as u64);
                Ok((r.get(0)?, day, r.get(2)?, r.get::<_, i64>(3)? as u64))
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }
}
