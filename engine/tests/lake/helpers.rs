use std::ops::Deref;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use adeval_engine::{Lake, LakeFile, LakeOptions, Snapshot, ViewingRow};
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// A lake in a fresh temporary directory, removed when dropped.
pub struct TestLake {
    lake: Option<Lake>,
    root: PathBuf,
}

impl TestLake {
    pub fn new() -> TestLake {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let root = std::env::temp_dir().join(format!(
            "adeval-lake-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::remove_dir_all(&root).ok();
        let lake = Lake::open(&root, LakeOptions::default()).expect("lake opens");
        TestLake { lake: Some(lake), root }
    }
}

impl Deref for TestLake {
    type Target = Lake;
    fn deref(&self) -> &Lake {
        self.lake.as_ref().expect("open until dropped")
    }
}

impl Drop for TestLake {
    fn drop(&mut self) {
        drop(self.lake.take());
        std::fs::remove_dir_all(&self.root).ok();
    }
}

pub fn snapshot(files: &[LakeFile]) -> Snapshot {
    Snapshot::new(files.iter().map(|f| f.path.clone()))
}

pub fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(y, m, d).unwrap().and_hms_opt(h, min, 0).unwrap()
}

/// `n` varied viewing rows of batch `batch`, ids from `first_id`, one every 47 minutes from
/// `start`, cycling through brands, media, titles, optional fields and classifications.
pub fn viewing_rows(batch: i64, first_id: i64, n: i64, start: NaiveDateTime) -> Vec<ViewingRow> {
    (0..n)
        .map(|i| {
            let id = first_id + i;
            let air_time = start + Duration::minutes(47 * i);
            // Spots after midnight but before 02:00 belong to the previous broadcast day.
            let ymd = if air_time.time() < chrono::NaiveTime::from_hms_opt(2, 0, 0).unwrap() {
                air_time.date() - Duration::days(1)
            } else {
                air_time.date()
            };
            ViewingRow {
                id,
                batch_id: batch,
                media_id: 1 + i % 3,
                channel: format!("频道{}", 1 + i % 3),
                audience_group_id: 10 + i % 2,
                audience_group: if i % 2 == 0 { "全国".into() } else { "上海".into() },
                brand_id: (i % 4 != 0).then_some(100 + i % 4),
                air_time,
                ymd,
                duration: 5 * (1 + (i % 6) as i32),
                title: ["Milk Ad 15s", "milk ad 30s", "伊利 金典", "Tea"][(i % 4) as usize].into(),
                program: (i % 5 == 0).then(|| format!("节目{i}")),
                time_period_class_id: (i % 3 != 0).then_some(i % 3),
                time_period_class: (i % 3 != 0).then(|| format!("时段{}", i % 3)),
                grp: (i % 17) as f64 * 0.25,
                position: (i % 2 == 0).then(|| format!("{}/8", 1 + i % 8)),
                position_index: (i % 2 == 0).then_some(1 + (i % 8) as i32),
                position_of: (i % 2 == 0).then_some(8),
                position_from_end: i % 7 == 0,
                category: 1 + (i % 2) as i16,
                source: 1 + (i % 3) as i16,
                belonging_to: 1 + (i % 2) as i16,
                created_at: at(2026, 5, 1, 8, 0) + Duration::seconds(i),
            }
        })
        .collect()
}

/// The list order: newest air time first, then highest id.
pub fn newest_first(mut rows: Vec<ViewingRow>) -> Vec<ViewingRow> {
    rows.sort_by(|a, b| b.air_time.cmp(&a.air_time).then(b.id.cmp(&a.id)));
    rows
}

pub fn all_rows(lake: &Lake, snapshot: &Snapshot, filter: &adeval_engine::ViewingFilter) -> Vec<ViewingRow> {
    let mut rows = Vec::new();
    lake.viewing_for_each(snapshot, filter, |row| {
        rows.push(row);
        Ok::<_, adeval_engine::Error>(())
    })
    .unwrap();
    rows
}

/// The month rollups of `twins` (rollup files), each covering its month's viewing files.
pub fn month_rollups(lake: &Lake, batch: i64, viewing: &[LakeFile], twins: &[LakeFile]) -> Vec<LakeFile> {
    let months: std::collections::BTreeSet<_> = twins.iter().map(|f| f.month).collect();
    months
        .into_iter()
        .flat_map(|m| {
            let sources: Vec<String> = twins.iter().filter(|f| f.month == m).map(|f| f.path.clone()).collect();
            let covers: Vec<String> = viewing.iter().filter(|f| f.month == m).map(|f| f.path.clone()).collect();
            lake.month_rollup(m, batch, &sources, &covers).unwrap()
        })
        .collect()
}
