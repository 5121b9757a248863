//! GRP sums are exact: the same rows give bit for bit the same figure whichever way they are
//! summed — raw files, per-file rollups, month rollups and their title companions, on one
//! DuckDB thread or four, with rows deleted, after a compaction — and that figure is the hand
//! sum of the rows' GRP kept to 4 decimals (`adeval_engine::grp`). Floating-point sums of the
//! same rows differ in the last bits by the order they are added in (0.1 + 0.2 ≠ 0.3) and, on a
//! half, round to another third decimal.

use std::collections::BTreeMap;

use adeval_engine::grp::{self, Units};
use adeval_engine::{
    Dashboard, DashboardQuery, Lake, LakeFile, LakeOptions, OrderMatch, Series, Side, Snapshot, TimeType, TitleSeries, ViewingRow,
};
use chrono::NaiveDate;

use crate::helpers::{TestLake, at, month_rollups, snapshot, viewing_rows};

/// GRPs whose float sums depend on the order they are added in; the last has more decimals
/// than the lake keeps (kept as 0.1235).
const AWKWARD: [f64; 13] = [0.1, 0.2, 0.3, 0.7, 1.1, 2.2, 3.3, 0.5054, 3.3376, 1.1354, 1.1769, 0.9802, 0.123_456_78];

fn rows(batch: i64, first: i64, n: i64, start: chrono::NaiveDateTime) -> Vec<ViewingRow> {
    let mut rows = viewing_rows(batch, first, n, start);
    for (i, r) in rows.iter_mut().enumerate() {
        r.grp = AWKWARD[(i * 7) % AWKWARD.len()];
        // The helper's cycles tie each title to one side.
        r.belonging_to = 1 + (i / 5 % 2) as i16;
    }
    rows
}

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

const TITLES: [&str; 4] = ["Milk Ad 15s", "milk ad 30s", "伊利 金典", "Tea"];

/// One series per title, customer side, by month over the first quarter; `categories` takes
/// the query off the title companions onto the month rollups.
fn query(categories: Option<Vec<i16>>) -> DashboardQuery {
    DashboardQuery {
        from: day(1, 1),
        to: day(3, 31),
        time: TimeType::Month,
        series: Series::Titles(
            TITLES.iter().enumerate().map(|(k, t)| TitleSeries { key: k as i64, titles: vec![(*t).to_owned()], group: None }).collect(),
        ),
        side: Side::Customer,
        titles: None,
        media_id: None,
        groups: None,
        categories,
        sources: None,
        classes: None,
    }
}

/// Per (title, month): spots and Σ GRP in units of the live rows, by hand.
fn by_hand(rows: &[ViewingRow], deleted: &[i64], categories: Option<&[i16]>) -> BTreeMap<(i64, usize), (i64, Units)> {
    let mut out = BTreeMap::new();
    let quarter = day(1, 1)..=day(3, 31);
    let live = rows.iter().filter(|r| !deleted.contains(&r.id) && quarter.contains(&r.ymd) && r.belonging_to == 1);
    for r in live.filter(|r| categories.is_none_or(|c| c.contains(&r.category))) {
        let key = TITLES.iter().position(|t| *t == r.title).unwrap() as i64;
        let month = r.ymd.format("%m").to_string().parse::<usize>().unwrap() - 1;
        let cell = out.entry((key, month)).or_insert((0, 0));
        cell.0 += 1;
        cell.1 += grp::units(r.grp);
    }
    out
}

fn cells(answer: &Dashboard) -> BTreeMap<(i64, usize), (i64, Units)> {
    answer.cells.iter().filter(|c| c.spots != 0).map(|c| ((c.key, c.bucket), (c.spots, c.units))).collect()
}

/// Every cell exactly the hand sum.
fn assert_exact(way: &str, got: &BTreeMap<(i64, usize), (i64, Units)>, want: &BTreeMap<(i64, usize), (i64, Units)>) {
    assert_eq!(got, want, "{way}");
}

/// Each stored row's GRP by id, read straight from the files.
fn stored(lake: &Lake, files: &[LakeFile]) -> BTreeMap<i64, f64> {
    let list: Vec<String> = files.iter().map(|f| lake.root().join(&f.path).display().to_string()).collect();
    let conn = duckdb::Connection::open_in_memory().unwrap();
    let mut stmt = conn.prepare("select id, grp from read_parquet(string_split(?, chr(10)))").unwrap();
    stmt.query_map([list.join("\n")], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
}

#[test]
fn the_lake_keeps_grp_to_four_decimals_when_it_writes_and_when_it_compacts() {
    let lake = TestLake::new();
    let rows = rows(1, 1 << 32, 300, at(2026, 1, 3, 6, 0));
    let files = lake.write_viewing(1, &rows).unwrap();
    let deleted: Vec<i64> = rows.iter().step_by(4).map(|r| r.id).collect();
    let compacted = lake.compact(&snapshot(&files).with_deleted(deleted.clone()), adeval_engine::Dataset::Viewing).unwrap();
    for (way, files, expected) in [("written", &files, rows.len()), ("compacted", &compacted, rows.len() - deleted.len())] {
        let stored = stored(&lake, files);
        assert_eq!(stored.len(), expected, "{way}");
        for r in rows.iter().filter(|r| stored.contains_key(&r.id)) {
            // 0.12345678 is stored as 0.1235, the others as they are: the same double as grp::kept.
            assert_eq!(stored[&r.id].to_bits(), grp::kept(r.grp).to_bits(), "{way}: row {} of {}", r.id, r.grp);
        }
        assert!(stored.values().any(|g| *g == 0.1235), "{way}");
    }
    // A file written before GRP was kept to 4 decimals: compaction writes it kept.
    let legacy = LakeFile { path: "viewing/month=2026-01/b9-0.parquet".into(), ..files[0].clone() };
    let conn = duckdb::Connection::open_in_memory().unwrap();
    let (from, to) = (lake.root().join(&files[0].path), lake.root().join(&legacy.path));
    let sql = format!("copy (select * replace (grp + 0.000049 as grp) from read_parquet('{}')) to '{}' (format parquet)", from.display(), to.display());
    conn.execute_batch(&sql).unwrap();
    let before = stored(&lake, std::slice::from_ref(&legacy));
    assert!(before.values().any(|g| grp::kept(*g) != *g));
    let rewritten = stored(&lake, &lake.compact(&snapshot(&[legacy]), adeval_engine::Dataset::Viewing).unwrap());
    assert_eq!(rewritten.len(), before.len());
    for (id, g) in &before {
        assert_eq!(rewritten[id].to_bits(), grp::kept(*g).to_bits(), "row {id} of {g}");
    }
}

#[test]
fn a_grp_sum_is_the_same_exact_figure_however_it_is_summed() {
    let lake = TestLake::new();
    let four = Lake::open(lake.root(), LakeOptions { threads: 4, ..LakeOptions::default() }).unwrap();
    let one = Lake::open(lake.root(), LakeOptions { threads: 1, ..LakeOptions::default() }).unwrap();
    let a = rows(1, 1 << 32, 2_000, at(2026, 1, 3, 6, 0));
    let b = rows(2, 2 << 32, 2_000, at(2026, 2, 1, 6, 30));
    let files = [lake.write_viewing(1, &a).unwrap(), lake.write_viewing(2, &b).unwrap()].concat();
    let all = [a, b].concat();
    let deleted: Vec<i64> = all.iter().step_by(9).map(|r| r.id).collect();
    let viewing = snapshot(&files).with_deleted(deleted.clone());
    let twins = lake.viewing_rollup(&files).unwrap();
    let months = month_rollups(&lake, 2, &files, &twins);
    for categories in [None, Some(vec![2])] {
        let q = query(categories.clone());
        let want = by_hand(&all, &deleted, categories.as_deref());
        assert!(want.len() >= 6, "{want:?}");
        for (way, source, rollups) in [
            ("raw, one thread", &one, Snapshot::default()),
            ("raw, four threads", &four, Snapshot::default()),
            ("per-file rollups, one thread", &one, snapshot(&twins)),
            ("per-file rollups, four threads", &four, snapshot(&twins)),
            ("month rollups", &*lake, snapshot(&months)),
            ("month rollups, four threads", &four, snapshot(&[twins.clone(), months.clone()].concat())),
        ] {
            assert_exact(&format!("{way}, {categories:?}"), &cells(&source.dashboard(&viewing, &rollups, &q).unwrap()), &want);
        }
    }

    // Compacted: the deleted rows gone from the files, the rollups rebuilt from the new ones.
    let compacted = lake.compact(&viewing, adeval_engine::Dataset::Viewing).unwrap();
    let new_twins = lake.viewing_rollup(&compacted).unwrap();
    let new_months = month_rollups(&lake, 3, &compacted, &new_twins);
    let after = snapshot(&compacted).with_deleted(deleted.clone());
    for categories in [None, Some(vec![2])] {
        let q = query(categories.clone());
        let want = by_hand(&all, &deleted, categories.as_deref());
        for (way, rollups) in [("compacted, raw", Snapshot::default()), ("compacted, month rollups", snapshot(&new_months))] {
            assert_exact(&format!("{way}, {categories:?}"), &cells(&four.dashboard(&after, &rollups, &q).unwrap()), &want);
        }
    }

    // An order's issued GRP: the same hand sum, one thread or four, before and after.
    let orders: Vec<OrderMatch> = (1..=3).map(|media| OrderMatch::new(media, 10, TITLES)).collect();
    for (way, source, live) in [("one thread", &one, &viewing), ("four threads", &four, &viewing), ("compacted", &four, &after)] {
        let totals = source.issued_totals(live, &orders).unwrap();
        for (order, sides) in orders.iter().zip(&totals) {
            for (side, got) in Side::BOTH.into_iter().zip(sides) {
                let wanted: Units = all
                    .iter()
                    .filter(|r| !deleted.contains(&r.id) && r.media_id == order.media_id && r.audience_group_id == 10)
                    .filter(|r| r.belonging_to == side as i16)
                    .map(|r| grp::units(r.grp))
                    .sum();
                assert!(wanted > 0);
                assert_eq!(got.grp.to_bits(), grp::of_units(wanted).to_bits(), "{way}: media {} side {side:?}", order.media_id);
                let listed = source.viewing_totals(live, &order.filter(side)).unwrap();
                assert_eq!(listed.grp.to_bits(), got.grp.to_bits(), "{way}: the list's sum");
            }
        }
    }
}
