//! The viewing rows' fallback for viewing estimates (docs/evaluation.md, "Viewing
//! estimates"): without a rating series, a class's per-day value is the mean GRP of the spots
//! that aired in its windows. [`Lake::class_day_grp_many`] answers many orders' in one scan.

use chrono::{Days, NaiveDate};
use duckdb::params_from_iter;
use duckdb::types::Value;

use super::group_key::group_key_sql;
use crate::grp::{PER_POINT, units_sql};
use super::read::{ViewingFilter, date, prune};
use crate::lake::PARQUET_SOURCE;
use crate::orders::{ClassWindow, class_windows};
use crate::paths::parse_files;
use crate::ratings::ClassDay;
use crate::{Dataset, Error, Lake, Result, Snapshot};

/// The mean GRP of a group's `units` column: the exact sum divided once by spots × units a
/// point, so the mean does not depend on the order the rows were added in.
const MEAN: &str = "(sum(units)::double / (count(*) * 10000))::double";
const _: () = assert!(PER_POINT == 10_000, "MEAN divides by the units in a point");
/// [`MEAN`] over rows counted in `n` (a deleted row subtracted counts -1).
const MEAN_OF_N: &str = "(sum(units)::double / (sum(n) * 10000))::double";

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
                 select v.ymd, (epoch_us(v.air_time) - epoch_us(v.ymd::timestamp)) // 1000000 as sec, {units} as units
                 from {}
             ),
             w(class, s, e) as (values {values})
             select w.class, (s.ymd - date '1970-01-01')::bigint, {MEAN}, count(*)
             from s join w on s.sec >= w.s and s.sec < w.e
             group by w.class, s.ymd order by w.class, s.ymd",
            query.from_where,
            units = units_sql("v.grp"),
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

/// One order's fallback: the spots of a media and audience group on a side, of a data category
/// and source when set, in class windows over the broadcast days of `from..to_excl`.
#[derive(Debug, Clone, PartialEq)]
pub struct GrpWindows<'a> {
    pub media_id: i64,
    pub audience_group_id: i64,
    /// The [`super::group_key::group_key`] of the group's name: rows stored without a group id
    /// (a name several brands' groups share) and this name count too. `None`: by id only.
    pub group_key: Option<&'a str>,
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
    pub windows: &'a [ClassWindow],
    pub from: NaiveDate,
    pub to_excl: NaiveDate,
}

impl Lake {
    /// [`Lake::class_day_grp`] of each request, in their order, from one scan of the months
    /// the requests reach.
    pub fn class_day_grp_many(&self, viewing: &Snapshot, requests: &[GrpWindows<'_>]) -> Result<Vec<Vec<ClassDay>>> {
        let mut out = vec![Vec::new(); requests.len()];
        let Some((dataset, files)) = parse_files(&viewing.files)? else { return Ok(out) };
        if dataset != Dataset::Viewing {
            return Err(Error::Caller(format!("a viewing query got {dataset} files")));
        }
        let rows: Vec<(usize, &GrpWindows<'_>, ClassWindow)> = requests
            .iter()
            .enumerate()
            .filter(|(_, r)| r.from < r.to_excl)
            .flat_map(|(k, r)| class_windows(r.windows).into_iter().map(move |w| (k, r, w)))
            .collect();
        let (Some(from), Some(to)) =
            (rows.iter().map(|r| r.1.from).min(), rows.iter().map(|r| r.1.to_excl - Days::new(1)).max())
        else {
            return Ok(out);
        };
        let files = prune(files, Some(from), Some(to));
        if files.is_empty() {
            return Ok(out);
        }
        let mut media: Vec<i64> = rows.iter().map(|r| r.1.media_id).collect();
        media.sort_unstable();
        media.dedup();
        let conn = self.conn()?;
        // Deleted rows are subtracted (deleted_rows.rs), read only from files that may hold one.
        let holding = super::coverage::may_hold_deleted(files.clone(), &viewing.deleted);
        self.load_deleted_rows(&conn, &viewing.deleted, &holding)?;
        let values = vec![
            "(?::integer, ?::bigint, ?::bigint, ?::varchar, ?::smallint, ?::smallint, ?::smallint, ?::bigint, ?::bigint, ?::bigint, ?::date, ?::date)";
            rows.len()
        ]
        .join(", ");
        // The rows read and the deleted ones among them (counted -1, their GRP negated), by the
        // same filter.
        let rows_of = |source: &str, sign: &str| {
            format!(
                "select v.media_id, v.audience_group_id, case when v.audience_group_id = 0 then {unresolved} end as group_key,
                        v.belonging_to, v.category, v.source, v.ymd, {sign}{units} as units, {sign}1 as n,
                        (epoch_us(v.air_time) - epoch_us(v.ymd::timestamp)) // 1000000 as sec
                 from {source} v
                 where v.ymd >= ? and v.air_time >= ? and v.ymd <= ? and v.air_time < ? and v.media_id in ({media})",
                unresolved = group_key_sql("v.audience_group"),
                units = units_sql("v.grp"),
                media = vec!["?"; media.len()].join(", "),
            )
        };
        // The day bounds also bound air_time (within a day and a half of its broadcast day),
        // which lets Parquet row-group statistics skip whole groups.
        let sql = format!(
            "with v as ({} union all {}),
             w(k, media, grp_id, grp_key, side, category, source, class, s, e, d0, d1) as (values {values})
             select w.k, w.class, (v.ymd - date '1970-01-01')::bigint, {MEAN_OF_N}, sum(v.n)::bigint
             from v join w on v.media_id = w.media and v.belonging_to = w.side
                          and (v.audience_group_id = w.grp_id or (v.audience_group_id = 0 and v.group_key = w.grp_key))
                          and (w.category is null or v.category = w.category)
                          and (w.source is null or v.source = w.source)
                          and v.sec >= w.s and v.sec < w.e and v.ymd >= w.d0 and v.ymd < w.d1
             group by w.k, w.class, v.ymd having sum(v.n) > 0 order by w.k, w.class, v.ymd",
            rows_of(PARQUET_SOURCE, ""),
            rows_of("temp.deleted_rows", "-"),
        );
        let bounds = [date(from), date(from), date(to), date(super::read::days_after(to, 2))];
        let mut params = vec![Value::Text(self.file_list(&files))];
        for _ in 0..2 {
            params.extend(bounds.iter().cloned());
            params.extend(media.iter().map(|m| Value::BigInt(*m)));
        }
        let opt = |v: Option<i16>| v.map_or(Value::Null, Value::SmallInt);
        for (k, r, (class, s, e)) in &rows {
            params.extend([
                Value::Int(*k as i32),
                Value::BigInt(r.media_id),
                Value::BigInt(r.audience_group_id),
                r.group_key.map_or(Value::Null, |k| Value::Text(k.to_owned())),
                Value::SmallInt(r.belonging_to),
                opt(r.category),
                opt(r.source),
                Value::BigInt(*class),
                Value::BigInt((*s).into()),
                Value::BigInt((*e).into()),
                date(r.from),
                date(r.to_excl),
            ]);
        }
        let epoch = NaiveDate::default();
        let mut stmt = conn.prepare(&sql)?;
        let mut found = stmt.query(params_from_iter(&params))?;
        while let Some(r) = found.next()? {
            let day = epoch + Days::new(r.get::<_, i64>(2)? as u64);
            out[r.get::<_, i32>(0)? as usize].push((r.get(1)?, day, r.get(3)?, r.get::<_, i64>(4)? as u64));
        }
        Ok(out)
    }
}
