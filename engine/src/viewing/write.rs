use std::sync::Arc;

use duckdb::arrow::array::{
    ArrayRef, BooleanBuilder, Date32Array, Float64Array, Int16Array, Int32Array, Int32Builder, Int64Array,
    Int64Builder, StringBuilder, TimestampMicrosecondArray,
};
use duckdb::arrow::datatypes::SchemaRef;
use duckdb::arrow::record_batch::RecordBatch;

use super::{COLUMNS, ViewingRow};
use crate::write::{ROW_GROUP_ROWS, arrow_schema, part_stem};
use crate::micros::micros;
use crate::{Dataset, Error, Lake, LakeFile, Month, Result};

impl Lake {
    /// Writes one import batch's viewing rows: a zstd Parquet file per month of air time,
    /// `viewing/month=YYYY-MM/b<batch>-0.parquet`, rows sorted by air time. The files are
    /// not live until the caller's manifest lists them; [`Lake::remove`] rolls them back.
    ///
    /// The rows are already in memory, typed, so they go to Parquet straight from Arrow: sorted
    /// here, one record batch per row group, no round trip through DuckDB.
    pub fn write_viewing(&self, batch_id: i64, rows: &[ViewingRow]) -> Result<Vec<LakeFile>> {
        self.write_viewing_part(batch_id, 0, rows)
    }

    /// As [`Lake::write_viewing`], for part `part` of a batch written a chunk of rows at a time
    /// (`b<batch>-<part>.parquet`): a file too large to hold in memory is imported as several
    /// parts, each sorted by air time on its own, all committed together.
    pub fn write_viewing_part(&self, batch_id: i64, part: u32, rows: &[ViewingRow]) -> Result<Vec<LakeFile>> {
        if let Some(row) = rows.iter().find(|r| r.batch_id != batch_id) {
            return Err(Error::Caller(format!("row {} belongs to batch {}, not {batch_id}", row.id, row.batch_id)));
        }
        // Day-range reads rely on this to skip files by month and row groups by air time.
        if let Some(row) = rows.iter().find(|r| r.air_time.date() < r.ymd || Some(r.air_time.date()) > r.ymd.succ_opt()) {
            return Err(Error::Caller(format!(
                "row {} airs at {} outside its broadcast day {}",
                row.id, row.air_time, row.ymd
            )));
        }
        // Sorting small keys, not the rows, keeps the sort in cache.
        let mut keys: Vec<(i64, i64, u32)> =
            rows.iter().enumerate().map(|(i, r)| (micros(r.air_time), r.id, i as u32)).collect();
        keys.sort_unstable();
        let order: Vec<&ViewingRow> = keys.iter().map(|&(_, _, i)| &rows[i as usize]).collect();
        drop(keys);
        let stem = part_stem(batch_id, part);
        let schema = arrow_schema(&COLUMNS);
        self.all_or_nothing(|files| {
            for month_rows in order.chunk_by(|a, b| Month::of(a.air_time.date()) == Month::of(b.air_time.date())) {
                let month = Month::of(month_rows[0].air_time.date());
                let range = (month_rows[0].air_time, month_rows[month_rows.len() - 1].air_time);
                // Row groups are built as Arrow batches as many at a time as the lake has threads.
                let groups: Vec<&[&ViewingRow]> = month_rows.chunks(ROW_GROUP_ROWS).collect();
                let threads = self.options().threads.max(1) as usize;
                let batches = groups.chunks(threads).flat_map(|window| record_batches(&schema, window));
                let file = self.write_file((Dataset::Viewing, month, &stem), &schema, range, batches)?;
                files.push(file);
            }
            Ok(())
        })
    }
}

/// Each group of rows as a record batch, built side by side, one thread a group.
fn record_batches(schema: &SchemaRef, groups: &[&[&ViewingRow]]) -> Vec<Result<RecordBatch>> {
    std::thread::scope(|s| {
        let others: Vec<_> = groups[1..].iter().map(|group| s.spawn(|| record_batch(schema, group))).collect();
        let mut batches = vec![record_batch(schema, groups[0])];
        batches.extend(others.into_iter().map(|h| h.join().expect("building a record batch does not panic")));
        batches
    })
}

/// The rows (already in file order) as one Arrow record batch of `schema`. Every column is
/// filled in one pass over the rows: after the sort they sit anywhere in memory, and a pass
/// per column would fetch each row from memory 23 times.
fn record_batch(schema: &SchemaRef, rows: &[&ViewingRow]) -> Result<RecordBatch> {
    let n = rows.len();
    let text = |bytes: usize| StringBuilder::with_capacity(n, n * bytes);
    let (mut id, mut batch_id, mut media_id, mut group_id) =
        (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    let (mut channel, mut group, mut title, mut program, mut class, mut position) =
        (text(16), text(12), text(24), text(16), text(12), text(8));
    let mut brand_id = Int64Builder::with_capacity(n);
    let (mut air_time, mut created_at) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let (mut ymd, mut duration, mut grp) = (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    let mut class_id = Int64Builder::with_capacity(n);
    let (mut position_index, mut position_of) = (Int32Builder::with_capacity(n), Int32Builder::with_capacity(n));
    let mut from_end = BooleanBuilder::with_capacity(n);
    let (mut category, mut source, mut belonging_to) =
        (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    let epoch = chrono::NaiveDate::default();
    for r in rows {
        id.push(r.id);
        batch_id.push(r.batch_id);
        media_id.push(r.media_id);
        channel.append_value(&r.channel);
        group_id.push(r.audience_group_id);
        group.append_value(&r.audience_group);
        brand_id.append_option(r.brand_id);
        air_time.push(micros(r.air_time));
        ymd.push((r.ymd - epoch).num_days() as i32);
        duration.push(r.duration);
        title.append_value(&r.title);
        program.append_option(r.program.as_deref());
        class_id.append_option(r.time_period_class_id);
        class.append_option(r.time_period_class.as_deref());
        // Kept to 4 decimals, the lake's scale: every sum of GRP is then exact (crate::grp).
        grp.push(crate::grp::kept(r.grp));
        position.append_option(r.position.as_deref());
        position_index.append_option(r.position_index);
        position_of.append_option(r.position_of);
        from_end.append_value(r.position_from_end);
        category.push(r.category);
        source.push(r.source);
        belonging_to.push(r.belonging_to);
        created_at.push(micros(r.created_at));
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from(id)),
        Arc::new(Int64Array::from(batch_id)),
        Arc::new(Int64Array::from(media_id)),
        Arc::new(channel.finish()),
        Arc::new(Int64Array::from(group_id)),
        Arc::new(group.finish()),
        Arc::new(brand_id.finish()),
        Arc::new(TimestampMicrosecondArray::from(air_time)),
        Arc::new(Date32Array::from(ymd)),
        Arc::new(Int32Array::from(duration)),
        Arc::new(title.finish()),
        Arc::new(program.finish()),
        Arc::new(class_id.finish()),
        Arc::new(class.finish()),
        Arc::new(Float64Array::from(grp)),
        Arc::new(position.finish()),
        Arc::new(position_index.finish()),
        Arc::new(position_of.finish()),
        Arc::new(from_end.finish()),
        Arc::new(Int16Array::from(category)),
        Arc::new(Int16Array::from(source)),
        Arc::new(Int16Array::from(belonging_to)),
        Arc::new(TimestampMicrosecondArray::from(created_at)),
    ];
    RecordBatch::try_new(schema.clone(), columns).map_err(|e| Error::Caller(format!("viewing rows as Arrow: {e}")))
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

    #[test]
    fn a_dead_batchs_files_are_removed_by_batch_id_and_no_others() {
        let root = std::env::temp_dir().join(format!("adeval-engine-remove-batch-{}", std::process::id()));
        std::fs::remove_dir_all(&root).ok();
        let lake = Lake::open(&root, LakeOptions::default()).unwrap();
        let start = NaiveDate::from_ymd_opt(2026, 3, 31).unwrap().and_hms_opt(23, 0, 0).unwrap();
        let mut rows: Vec<ViewingRow> = (0..4).map(|i| row(i, start + Duration::hours(i))).collect();
        let seven = lake.write_viewing(7, &rows).unwrap();
        for r in &mut rows {
            r.batch_id = 8;
        }
        let eight = lake.write_viewing(8, &rows).unwrap();
        // A write cut short leaves its hidden temporary file.
        let tmp = root.join("viewing/month=2026-04/.b7-0.parquet.tmp");
        std::fs::write(&tmp, b"half").unwrap();

        assert_eq!(lake.remove_batch(7).unwrap(), seven.len() + 1);

        assert!(seven.iter().all(|f| !root.join(&f.path).exists()) && !tmp.exists());
        assert!(eight.iter().all(|f| root.join(&f.path).exists()));
        assert_eq!(lake.remove_batch(7).unwrap(), 0);
        drop(lake);
        std::fs::remove_dir_all(root).ok();
    }

    #[test]
    fn a_batch_written_in_parts_is_removed_whole_and_no_other_batch_with_it() {
        let root = std::env::temp_dir().join(format!("adeval-engine-parts-{}", std::process::id()));
        std::fs::remove_dir_all(&root).ok();
        let lake = Lake::open(&root, LakeOptions::default()).unwrap();
        let start = NaiveDate::from_ymd_opt(2026, 3, 31).unwrap().and_hms_opt(23, 0, 0).unwrap();
        let rows: Vec<ViewingRow> = (0..4).map(|i| row(i, start + Duration::hours(i))).collect();
        let mut parts = Vec::new();
        for part in 0..3 {
            parts.extend(lake.write_viewing_part(7, part, &rows[part as usize..]).unwrap());
        }
        let names: Vec<&str> = parts.iter().map(|f| f.path.as_str()).collect();
        assert!(names.contains(&"viewing/month=2026-04/b7-2.parquet"), "{names:?}");
        assert_eq!(parts.iter().map(|f| f.rows).sum::<u64>(), 4 + 3 + 2);
        // Batch 70's files share the prefix `b7` and must survive batch 7's removal.
        let mut other = rows.clone();
        for r in &mut other {
            r.batch_id = 70;
        }
        let seventy = lake.write_viewing_part(70, 1, &other).unwrap();
        std::fs::write(root.join("viewing/month=2026-03/.b7-11.parquet.tmp"), b"half").unwrap();

        assert_eq!(lake.remove_batch(7).unwrap(), parts.len() + 1);

        assert!(parts.iter().all(|f| !root.join(&f.path).exists()));
        assert!(seventy.iter().all(|f| root.join(&f.path).exists()));
        drop(lake);
        std::fs::remove_dir_all(root).ok();
    }
}
