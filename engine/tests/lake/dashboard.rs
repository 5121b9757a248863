//! The dashboard's figures against a reference worked out in Rust from the rows themselves:
//! through rollups, raw files without one, deletions subtracted, and after compaction. Sums
//! are exact (integer units), so every way must give the reference exactly.

use std::collections::BTreeMap;

use adeval_engine::grp::{self, Units};
use adeval_engine::{
    Dashboard, DashboardQuery, Dataset, LakeFile, Series, Side, Snapshot, TimeType, TitleSeries, ViewingRow, buckets, group_key,
};
use chrono::NaiveDate;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions};
use parquet::file::metadata::PageIndexPolicy;

use crate::helpers::{TestLake, at, month_rollups, snapshot};

/// The helper's rows with sides of their own: its cycles tie each title to one side.
fn viewing_rows(batch: i64, first_id: i64, n: i64, start: chrono::NaiveDateTime) -> Vec<ViewingRow> {
    let mut rows = crate::helpers::viewing_rows(batch, first_id, n, start);
    for r in &mut rows {
        r.belonging_to = 1 + (r.id / 5 % 2) as i16;
    }
    rows
}

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

/// Per (key, bucket): spots and GRP (units) of the live rows the query wants, summed in Rust.
fn reference(rows: &[ViewingRow], deleted: &[i64], q: &DashboardQuery) -> BTreeMap<(i64, usize), (i64, Units)> {
    let cut = buckets(q.from, q.to, q.time).unwrap();
    let of_group = |r: &ViewingRow, (id, name): &(i64, String)| {
        r.audience_group_id == *id || (r.audience_group_id == 0 && group_key(&r.audience_group) == group_key(name))
    };
    let mut out = BTreeMap::new();
    for r in rows.iter().filter(|r| !deleted.contains(&r.id) && (q.from..=q.to).contains(&r.ymd)) {
        let wanted = r.belonging_to == q.side as i16
            && q.titles.as_ref().is_none_or(|t| t.contains(&r.title))
            && q.media_id.is_none_or(|m| m == r.media_id)
            && q.groups.as_ref().is_none_or(|g| g.iter().any(|g| of_group(r, g)))
            && q.categories.as_ref().is_none_or(|c| c.contains(&r.category))
            && q.sources.as_ref().is_none_or(|s| s.contains(&r.source))
            && q.classes.as_ref().is_none_or(|c| r.time_period_class_id.is_some_and(|id| c.contains(&id)));
        if !wanted {
            continue;
        }
        let bucket = cut.iter().position(|b| (b.first..=b.last).contains(&r.ymd)).unwrap();
        let keys: Vec<i64> = match &q.series {
            Series::Titles(series) => series
                .iter()
                .filter(|s| s.titles.contains(&r.title) && s.group.as_ref().is_none_or(|g| of_group(r, g)))
                .map(|s| s.key)
                .collect(),
            Series::Groups(groups) => groups.iter().filter(|g| of_group(r, g)).map(|(id, _)| *id).collect(),
        };
        for k in keys {
            let cell = out.entry((k, bucket)).or_insert((0, 0));
            cell.0 += 1;
            cell.1 += grp::units(r.grp);
        }
    }
    out
}

fn cells(answer: &Dashboard) -> BTreeMap<(i64, usize), (i64, Units)> {
    answer.cells.iter().filter(|c| c.spots != 0).map(|c| ((c.key, c.bucket), (c.spots, c.units))).collect()
}

fn assert_same(got: &BTreeMap<(i64, usize), (i64, Units)>, want: &BTreeMap<(i64, usize), (i64, Units)>) {
    assert_eq!(got, want);
}

fn titles(key: i64, titles: &[&str], group: Option<(i64, &str)>) -> TitleSeries {
    TitleSeries { key, titles: titles.iter().map(|t| (*t).to_owned()).collect(), group: group.map(|(id, n)| (id, n.to_owned())) }
}

fn of(files: &[LakeFile], dataset: Dataset) -> Snapshot {
    snapshot(&files.iter().filter(|f| f.dataset == dataset).cloned().collect::<Vec<_>>())
}

fn queries() -> Vec<DashboardQuery> {
    let products = Series::Titles(vec![titles(7, &["Milk Ad 15s", "伊利 金典"], None), titles(8, &["Tea", "伊利 金典"], None)]);
    // Each product counted in its own group: 7 in 全国 (10), 8 in 上海 (11, or by name).
    let own_groups = Series::Titles(vec![
        titles(7, &["Milk Ad 15s", "伊利 金典"], Some((10, "全国"))),
        titles(8, &["Tea", "伊利 金典"], Some((11, " 上 海"))),
    ]);
    let base = DashboardQuery {
        from: day(1, 20),
        to: day(3, 3),
        time: TimeType::Week,
        series: products,
        side: Side::Customer,
        titles: None,
        media_id: None,
        groups: None,
        categories: None,
        sources: None,
        classes: None,
    };
    vec![
        base.clone(),
        // Titles, days and media alone (month rollups' title companions answer these); the
        // first ends on a month's last day, whose late spots lie in the next month's files.
        DashboardQuery { to: day(1, 31), time: TimeType::Day, media_id: Some(2), ..base.clone() },
        DashboardQuery { from: day(2, 1), time: TimeType::Days(5), titles: Some(vec!["Tea".into()]), ..base.clone() },
        DashboardQuery { time: TimeType::Days(3), media_id: Some(2), categories: Some(vec![2]), ..base.clone() },
        DashboardQuery { time: TimeType::Month, sources: Some(vec![2, 3]), classes: Some(vec![1]), ..base.clone() },
        DashboardQuery { time: TimeType::Day, groups: Some(vec![(10, "全国".into()), (99, " 上 海 ".into())]), ..base.clone() },
        // The media's side; each product in its own group (title companions), and so with a
        // category (month rollups).
        DashboardQuery { side: Side::Media, media_id: Some(2), ..base.clone() },
        DashboardQuery { series: own_groups.clone(), ..base.clone() },
        DashboardQuery { series: own_groups, side: Side::Media, categories: Some(vec![1]), ..base.clone() },
        DashboardQuery {
            time: TimeType::Week,
            series: Series::Groups(vec![(10, "全国".into()), (11, "上海".into()), (12, "上海".into())]),
            titles: Some(vec!["milk ad 30s".into(), "Tea".into()]),
            ..base
        },
    ]
}

#[test]
fn the_dashboard_sums_rollups_raw_files_and_subtracts_deletions_as_the_rows_say() {
    let lake = TestLake::new();
    let mut a = viewing_rows(1, 1 << 32, 1_500, at(2026, 1, 10, 6, 0));
    // Rows stored without a group id (a name several brands share) match by name.
    for r in a.iter_mut().step_by(5) {
        r.audience_group_id = 0;
        r.audience_group = if r.id % 2 == 0 { "全国".into() } else { "上 海".into() };
    }
    let b = viewing_rows(2, 2 << 32, 1_500, at(2026, 2, 10, 6, 0));
    let a_files = lake.write_viewing(1, &a).unwrap();
    let b_files = lake.write_viewing(2, &b).unwrap();
    // Batch 1 is rolled up; batch 2 is not yet (read raw).
    let rollups = lake.viewing_rollup(&a_files).unwrap();
    assert_eq!(rollups.len(), a_files.len());
    assert!(rollups.iter().zip(&a_files).all(|(r, v)| r.path == adeval_engine::viewing_rollup_path(&v.path).unwrap()));
    let rows = [a.clone(), b.clone()].concat();
    let deleted: Vec<i64> = a.iter().step_by(7).map(|r| r.id).chain(b.iter().step_by(11).map(|r| r.id)).collect();
    let files = [a_files.clone(), b_files.clone()].concat();
    let viewing = snapshot(&files).with_deleted(deleted.clone());
    let rollup = snapshot(&rollups);

    for q in queries() {
        let want = reference(&rows, &deleted, &q);
        assert!(!want.is_empty(), "{q:?} matches rows");
        let answer = lake.dashboard(&viewing, &rollup, &q).unwrap();
        // The buckets end at the last with a spot (those after it are absent, not 0).
        let end = want.keys().map(|(_, bucket)| bucket + 1).max().unwrap_or(0);
        assert_eq!(answer.buckets, buckets(q.from, q.to, q.time).unwrap()[..end]);
        assert_same(&cells(&answer), &want);
        // Without deletions, and with no rollup at all, the same rule.
        assert_same(&cells(&lake.dashboard(&snapshot(&files), &rollup, &q).unwrap()), &reference(&rows, &[], &q));
        assert_same(&cells(&lake.dashboard(&viewing, &Snapshot::default(), &q).unwrap()), &want);
    }

    // Compaction: new viewing files without the deleted rows, their rollups rebuilt.
    let compacted = lake.compact(&viewing, Dataset::Viewing).unwrap();
    let new_rollups = lake.viewing_rollup(&compacted).unwrap();
    // The old rollups name files the new snapshot doesn't list: they are not read.
    let both = snapshot(&[rollups, new_rollups.clone()].concat());
    for q in queries() {
        let want = reference(&rows, &deleted, &q);
        let after = snapshot(&compacted).with_deleted(deleted.clone());
        assert_same(&cells(&lake.dashboard(&after, &of(&new_rollups, Dataset::ViewingDaily), &q).unwrap()), &want);
        assert_same(&cells(&lake.dashboard(&after, &both, &q).unwrap()), &want);
    }
}

#[test]
fn a_rollup_holds_fewer_rows_than_its_file_and_the_same_totals() {
    let lake = TestLake::new();
    let mut rows = viewing_rows(3, 3 << 32, 2_000, at(2026, 4, 1, 6, 0));
    for r in rows.iter_mut() {
        // One group, class and kind of data: rows differ only by day, title and media.
        (r.audience_group_id, r.time_period_class_id, r.category, r.source, r.belonging_to) = (10, Some(1), 2, 1, 1);
    }
    let files = lake.write_viewing(3, &rows).unwrap();
    let rollups = lake.viewing_rollup(&files).unwrap();
    assert!(rollups.iter().all(|f| f.dataset == Dataset::ViewingDaily && f.rows > 0));
    let raw: u64 = files.iter().map(|f| f.rows).sum();
    let rolled: u64 = rollups.iter().map(|f| f.rows).sum();
    assert!(rolled * 2 < raw, "{rolled} rollup rows for {raw}");
    assert!(lake.viewing_rollup(&rollups).unwrap().is_empty(), "only viewing files are rolled up");
    assert!(lake.compact(&snapshot(&rollups), Dataset::ViewingDaily).is_err());
}

#[test]
fn a_deletion_after_a_first_answer_changes_the_next_one() {
    // The deleted rows' sums are kept per deletion set: a new deletion must not be answered
    // from the memo of the old set, nor an undone one.
    let lake = TestLake::new();
    let rows = viewing_rows(4, 4 << 32, 1_500, at(2026, 1, 10, 6, 0));
    let files = lake.write_viewing(4, &rows).unwrap();
    let rollup = snapshot(&lake.viewing_rollup(&files).unwrap());
    let first: Vec<i64> = rows.iter().step_by(9).map(|r| r.id).collect();
    let more: Vec<i64> = first.iter().copied().chain(rows.iter().skip(1).take(900).map(|r| r.id)).collect();
    for q in queries() {
        let mut answers = Vec::new();
        for deleted in [&first, &more, &first, &Vec::new()] {
            let viewing = snapshot(&files).with_deleted(deleted.clone());
            let got = cells(&lake.dashboard(&viewing, &rollup, &q).unwrap());
            assert_same(&got, &reference(&rows, deleted, &q));
            answers.push(got);
        }
        assert_ne!(answers[0], answers[1], "{q:?}: more deletions, other figures");
    }
}

#[test]
fn month_rollups_answer_as_the_rows_say_and_only_for_the_files_they_cover() {
    let lake = TestLake::new();
    let a = viewing_rows(5, 5 << 32, 1_500, at(2026, 1, 10, 6, 0));
    let b = viewing_rows(6, 6 << 32, 1_500, at(2026, 2, 10, 6, 0));
    let (a_files, b_files) = (lake.write_viewing(5, &a).unwrap(), lake.write_viewing(6, &b).unwrap());
    let (a_twins, b_twins) = (lake.viewing_rollup(&a_files).unwrap(), lake.viewing_rollup(&b_files).unwrap());
    let rows = [a.clone(), b.clone()].concat();
    let files = [a_files.clone(), b_files.clone()].concat();
    let twins = [a_twins.clone(), b_twins.clone()].concat();
    let deleted: Vec<i64> = rows.iter().step_by(6).map(|r| r.id).collect();
    let viewing = snapshot(&files).with_deleted(deleted.clone());
    // Batch 5 alone merged, then both: each month rollup sums what it says it covers.
    let first = month_rollups(&lake, 5, &a_files, &a_twins);
    let all = month_rollups(&lake, 6, &files, &twins);
    assert!(all.iter().all(|f| adeval_engine::is_month_rollup(&f.path)) && !adeval_engine::is_month_rollup(&twins[0].path));
    // Each month rollup has its title companion, which covers the same files.
    let companions: Vec<LakeFile> = all.iter().filter(|f| adeval_engine::is_titles_rollup(&f.path)).cloned().collect();
    assert_eq!(companions.len() * 2, all.len());
    for c in &companions {
        assert_eq!(lake.month_rollup_covers(&c.path).unwrap().len(), files.iter().filter(|f| f.month == c.month).count());
        assert!(c.rows <= all.iter().find(|f| f.month == c.month && f.path != c.path).unwrap().rows, "a companion holds no more rows");
        // Written with a page index of small pages: a title's rows are read a page at a time.
        let file = std::fs::File::open(lake.root().join(&c.path)).unwrap();
        let options = ArrowReaderOptions::new().with_page_index_policy(PageIndexPolicy::Required);
        let meta = ArrowReaderMetadata::load(&file, options).unwrap();
        let pages = &meta.metadata().offset_index().expect("a page index")[0];
        for column in pages {
            let first: Vec<i64> = column.page_locations().iter().map(|p| p.first_row_index).collect();
            assert!(first.len() > 1 && first.windows(2).all(|w| w[1] - w[0] <= 256), "pages of at most 256 rows: {first:?}");
        }
    }
    let without_companions: Vec<LakeFile> = all.iter().filter(|f| !adeval_engine::is_titles_rollup(&f.path)).cloned().collect();
    for q in queries() {
        let want = reference(&rows, &deleted, &q);
        let rollups = [[twins.clone(), first.clone()].concat(), [twins.clone(), all.clone()].concat(), all.clone(), without_companions.clone()];
        for rollup in rollups {
            assert_same(&cells(&lake.dashboard(&viewing, &snapshot(&rollup), &q).unwrap()), &want);
        }
        // A month rollup covering a file the snapshot doesn't list is not read.
        let only_a = snapshot(&a_files).with_deleted(deleted.clone());
        let a_want = reference(&a, &deleted, &q);
        assert_same(&cells(&lake.dashboard(&only_a, &snapshot(&[a_twins.clone(), all.clone()].concat()), &q).unwrap()), &a_want);
    }
    // Queries on titles, days and media read the companions alone: with the month rollups
    // themselves gone from disk they still answer, and the others can't.
    lake.remove(&without_companions).unwrap();
    let title_level = |q: &DashboardQuery| {
        matches!(q.series, Series::Titles(_)) && q.categories.is_none() && q.sources.is_none() && q.classes.is_none()
    };
    for q in queries() {
        let answer = lake.dashboard(&viewing, &snapshot(&all), &q);
        if title_level(&q) {
            assert_same(&cells(&answer.unwrap()), &reference(&rows, &deleted, &q));
        } else {
            assert!(answer.is_err(), "{q:?} reads the month rollups");
        }
    }
}

#[test]
fn an_abandoned_batch_takes_its_month_rollups_along() {
    // Batch 7 died after writing its files, twins and month rollups, before its commit;
    // batch 70 (a name that starts the same) and batch 5 are live and keep theirs.
    let lake = TestLake::new();
    let mut kept = Vec::new();
    let mut abandoned = Vec::new();
    for (batch, month) in [(5, 1), (7, 2), (70, 2)] {
        let rows = viewing_rows(batch, batch << 32, 500, at(2026, month, 10, 6, 0));
        let files = lake.write_viewing(batch, &rows).unwrap();
        let twins = lake.viewing_rollup(&files).unwrap();
        let months = month_rollups(&lake, batch, &files, &twins);
        assert!(!months.is_empty());
        let all = [files, twins, months].concat();
        if batch == 7 { abandoned.extend(all) } else { kept.extend(all) }
    }
    let on_disk = |f: &LakeFile| lake.root().join(&f.path).exists();
    assert!(abandoned.iter().chain(&kept).all(on_disk));
    assert_eq!(lake.remove_batch(7).unwrap(), abandoned.len());
    assert!(abandoned.iter().all(|f| !on_disk(f)), "{abandoned:?}");
    assert!(kept.iter().all(on_disk));
}
