use std::collections::BTreeSet;

use chrono::Days;
use duckdb::ToSql;
use duckdb::types::Value;

use super::{COLUMNS, ViewingRow, select_list};
use crate::write::{micros, timestamp};
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

impl Lake {
    /// Writes one import batch's viewing rows: a zstd Parquet file per month of air time,
    /// `viewing/month=YYYY-MM/b<batch>-0.parquet`, rows sorted by air time. The files are
    /// not live until the caller's manifest lists them; [`Lake::remove`] rolls them back.
    pub fn write_viewing(&self, batch_id: i64, rows: &[ViewingRow]) -> Result<Vec<LakeFile>> {
        if let Some(row) = rows.iter().find(|r| r.batch_id != batch_id) {
            return Err(Error::Caller(format!("row {} belongs to batch {}, not {batch_id}", row.id, row.batch_id)));
        }
        // Day-range reads rely on this to skip files by month and row groups by air time.
        if let Some(row) = rows.iter().find(|r| r.air_time.date() < r.ymd || r.air_time.date() > r.ymd + Days::new(1)) {
            return Err(Error::Caller(format!(
                "row {} airs at {} outside its broadcast day {}",
                row.id, row.air_time, row.ymd
            )));
        }
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let conn = self.conn()?;
        stage(&conn, rows)?;
        let months: BTreeSet<Month> = rows.iter().map(|r| Month::of(r.air_time.date())).collect();
        let query = format!(
            "select {} from temp.stage_viewing where air_time >= ? and air_time < ? order by air_time, id",
            select_list("")
        );
        let stem = format!("b{batch_id}-0");
        self.all_or_nothing(|files| {
            for month in months {
                let (start, end) = month.time_range();
                let (start, end) = (timestamp(micros(start)), timestamp(micros(end)));
                let params: [&dyn ToSql; 2] = [&start, &end];
                files.extend(self.copy_to_file(
                    &conn,
                    (Dataset::Viewing, month, &stem),
                    &query,
                    &params,
                    "air_time",
                )?);
            }
            Ok(())
        })
    }
}

/// Loads the rows into the connection's staging table through the appender.
fn stage(conn: &duckdb::Connection, rows: &[ViewingRow]) -> Result<()> {
    let columns: Vec<String> = COLUMNS.iter().map(|(name, ty)| format!("\"{name}\" {ty}")).collect();
    conn.execute_batch(&format!("create or replace temp table stage_viewing ({})", columns.join(", ")))?;
    let mut app = conn.appender_to_catalog_and_db("stage_viewing", "temp", "main")?;
    for r in rows {
        let air_time = timestamp(micros(r.air_time));
        let created_at = timestamp(micros(r.created_at));
        let ymd = Value::Date32((r.ymd - chrono::NaiveDate::default()).num_days() as i32);
        let row: [&dyn ToSql; 23] = [
            &r.id,
            &r.batch_id,
            &r.media_id,
            &r.channel,
            &r.audience_group_id,
            &r.audience_group,
            &r.brand_id,
            &air_time,
            &ymd,
            &r.duration,
            &r.title,
            &r.program,
            &r.time_period_class_id,
            &r.time_period_class,
            &r.grp,
            &r.position,
            &r.position_index,
            &r.position_of,
            &r.position_from_end,
            &r.category,
            &r.source,
            &r.belonging_to,
            &created_at,
        ];
        app.append_row(row.as_slice())?;
    }
    app.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, NaiveDate};

    use super::*;
    use crate::{LakeOptions, Snapshot};

    pub(crate) fn row(id: i64, air_time: chrono::NaiveDateTime) -> ViewingRow {
        ViewingRow {
            id,
            batch_id: 7,
            media_id: 1,
            channel: "CCTV-1".into(),
            audience_group_id: 2,
            audience_group: "全国".into(),
            brand_id: Some(3),
            air_time,
            ymd: air_time.date(),
            duration: 15,
            title: format!("版本{}", id % 5),
            program: None,
            time_period_class_id: None,
            time_period_class: Some("黄金".into()),
            grp: id as f64 / 10.0,
            position: Some("2/8".into()),
            position_index: Some(2),
            position_of: Some(8),
            position_from_end: false,
            category: 1,
            source: 1,
            belonging_to: 1,
            created_at: air_time,
        }
    }

    #[test]
    fn a_batch_is_written_per_month_sorted_in_large_row_groups() {
        let root = std::env::temp_dir().join(format!("adeval-engine-write-{}", std::process::id()));
        std::fs::remove_dir_all(&root).ok();
        let lake = Lake::open(&root, LakeOptions::default()).unwrap();
        // 260,000 March rows in descending time and 10 in April: one file each.
        let start = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap().and_hms_opt(0, 0, 0).unwrap();
        let mut rows: Vec<ViewingRow> = (0..260_000).rev().map(|i| row(i, start + Duration::seconds(i))).collect();
        rows.extend((0..10).map(|i| row(1_000_000 + i, start + Duration::days(31) + Duration::minutes(i))));

        let files = lake.write_viewing(7, &rows).unwrap();

        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["viewing/month=2026-03/b7-0.parquet", "viewing/month=2026-04/b7-0.parquet"]);
        assert_eq!((files[0].rows, files[1].rows), (260_000, 10));
        assert_eq!((files[0].min_time, files[0].max_time), (start, start + Duration::seconds(259_999)));
        assert!(files.iter().all(|f| f.bytes > 0 && f.dataset == Dataset::Viewing));
        let conn = lake.conn().unwrap();
        let march = lake.root().join(&files[0].path).display().to_string();
        let groups: Vec<i64> = conn
            .prepare("select row_group_num_rows from parquet_metadata(?) where column_id = 0 order by row_group_id")
            .unwrap()
            .query_map([&march], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(groups.iter().sum::<i64>(), 260_000);
        assert!(groups[..groups.len() - 1].iter().all(|&n| n >= 100_000), "{groups:?}");
        let unsorted: i64 = conn
            .query_row(
                "select count(*) from (select air_time < lag(air_time) over () as back from read_parquet(?)) where back",
                [&march],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(unsorted, 0);
        drop(conn);
        // No temporary files remain beside the published ones.
        let names: Vec<String> = std::fs::read_dir(root.join("viewing/month=2026-03"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, ["b7-0.parquet"]);
        assert_eq!(lake.count_rows(&Snapshot::new(paths.clone())).unwrap(), 260_010);

        // The same batch can't overwrite its files; rolling back removes them.
        assert!(lake.write_viewing(7, &rows[..1]).is_err());
        lake.remove(&files).unwrap();
        assert!(!root.join(&files[0].path).exists() && !root.join(&files[1].path).exists());
        drop(lake);
        std::fs::remove_dir_all(root).ok();
    }
}
