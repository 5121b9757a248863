use adeval_engine::{IssuedTotals, Lake, OrderMatch, Side, Snapshot};
use chrono::NaiveDate;

use crate::helpers::{TestLake, at, snapshot, viewing_rows};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

/// Three batches over February to April, with deleted rows: rows of media 1–3, groups 10–11,
/// both sides, categories 1–2, sources 1–3 and four titles.
fn lake_with_deletions(lake: &Lake) -> Snapshot {
    let mut files = Vec::new();
    for (batch, first, n, start) in [
        (1, 1, 2_000, at(2026, 2, 1, 6, 0)),
        (2, 10_001, 1_500, at(2026, 2, 20, 7, 13)),
        (3, 20_001, 1_000, at(2026, 3, 25, 18, 0)),
    ] {
        let mut rows = viewing_rows(batch, first, n, start);
        // The helper's cycles line up (group 10 is always ownership 1); these don't.
        for r in &mut rows {
            r.belonging_to = 1 + (r.id / 5 % 2) as i16;
            r.category = 1 + (r.id / 7 % 2) as i16;
            r.source = 1 + (r.id / 11 % 3) as i16;
        }
        files.extend(lake.write_viewing(batch, &rows).unwrap());
    }
    let deleted = (1..2_000).step_by(7).chain(10_001..10_400).chain([20_500, 99_999_999]);
    snapshot(&files).with_deleted(deleted)
}

/// Orders of every kind the list meets: shared media, shared and overlapping titles, titles
/// to trim and repeat, none at all, open and empty cycles, category and source set.
fn orders() -> Vec<OrderMatch> {
    let feb = (Some(day(2, 1)), Some(day(2, 28)));
    vec![
        OrderMatch::new(2, 10, ["Milk Ad 15s", " 伊利 金典 ", "Milk Ad 15s", ""]).days(feb.0, feb.1),
        // The same media, group and a shared title, over an overlapping cycle.
        OrderMatch::new(2, 10, ["伊利 金典", "Tea"]).days(Some(day(2, 15)), Some(day(3, 31))),
        OrderMatch::new(1, 11, ["milk ad 30s", "Tea", "TEA"]).days(feb.0, Some(day(4, 30))),
        OrderMatch::new(1, 10, ["Milk Ad 15s", "milk ad 30s"]).days(feb.0, feb.1).data(Some(1), None),
        OrderMatch::new(3, 11, ["Tea", "伊利 金典"]).days(Some(day(3, 1)), Some(day(3, 20))).data(Some(2), Some(3)),
        // No titles: matches nothing however wide.
        OrderMatch::new(2, 10, ["", "  "]),
        // An empty cycle (ends before it starts) and one past the data.
        OrderMatch::new(2, 11, ["Tea"]).days(Some(day(3, 10)), Some(day(3, 9))),
        OrderMatch::new(2, 11, ["Tea"]).days(Some(day(6, 1)), Some(day(6, 30))),
        // Unbounded on either side, a title with a newline, a title no row has.
        OrderMatch::new(3, 10, ["Milk Ad 15s", "Milk\nAd 15s", "无此素材"]).days(None, Some(day(2, 25))),
        OrderMatch::new(1, 11, ["Tea"]).days(Some(day(3, 28)), None).data(None, Some(1)),
        OrderMatch::new(2, 10, ["Milk Ad 15s", " 伊利 金典 "]).days(feb.0, feb.1),
    ]
}

fn assert_same(one_pass: &[[IssuedTotals; 2]], reference: &[[IssuedTotals; 2]], orders: &[OrderMatch]) {
    assert_eq!(one_pass.len(), reference.len());
    for ((got, want), order) in one_pass.iter().zip(reference).zip(orders) {
        for side in 0..2 {
            let (g, w) = (got[side], want[side]);
            assert_eq!(
                (g.spots, g.positioned, g.top_or_bottom_three),
                (w.spots, w.positioned, w.top_or_bottom_three),
                "{order:?} side {side}"
            );
            // Exact sums: the same figure from either scan.
            assert_eq!(g.grp.to_bits(), w.grp.to_bits(), "{order:?} side {side}: {} vs {}", g.grp, w.grp);
        }
    }
}

#[test]
fn one_pass_totals_equal_the_per_order_scans_with_deletions_and_edge_cases() {
    let lake = TestLake::new();
    let live = lake_with_deletions(&lake);
    let orders = orders();

    let one_pass = lake.issued_totals(&live, &orders).unwrap();
    let reference = lake.issued_totals_per_order(&live, &orders).unwrap();

    assert_same(&one_pass, &reference, &orders);
    // The cases select rows on both sides, and the edge cases none.
    assert!(one_pass[0][0].spots > 10 && one_pass[0][1].spots > 10, "{:?}", one_pass[0]);
    for some in [1, 2, 3, 4, 8, 9] {
        assert!(one_pass[some][0].spots > 0 && one_pass[some][1].spots > 0, "order {some}: {:?}", one_pass[some]);
    }
    for empty in [5, 6, 7] {
        assert_eq!(one_pass[empty], [IssuedTotals::default(); 2], "order {empty}");
    }
    // Orders of the same rows get the same totals, however their titles were written.
    assert_eq!(one_pass[0], one_pass[10]);
    // Deleted rows count nowhere: without deletions the first order has more spots.
    let undeleted = Snapshot { deleted: Vec::new(), ..live.clone() };
    let before = lake.issued_totals(&undeleted, &orders[..1]).unwrap();
    assert!(before[0][0].spots + before[0][1].spots > one_pass[0][0].spots + one_pass[0][1].spots);
}

#[test]
fn one_pass_totals_of_each_order_alone_equal_those_of_the_batch() {
    let lake = TestLake::new();
    let live = lake_with_deletions(&lake);
    let orders = orders();

    let batch = lake.issued_totals(&live, &orders).unwrap();

    for (i, order) in orders.iter().enumerate() {
        let alone = lake.issued_totals(&live, std::slice::from_ref(order)).unwrap();
        assert_same(&alone, &batch[i..=i], std::slice::from_ref(order));
    }
}

#[test]
fn no_orders_or_no_files_give_zero_totals() {
    let lake = TestLake::new();
    let live = lake_with_deletions(&lake);
    let orders = orders();

    assert!(lake.issued_totals(&live, &[]).unwrap().is_empty());
    let nothing = lake.issued_totals(&Snapshot::default(), &orders).unwrap();
    assert_eq!(nothing, vec![[IssuedTotals::default(); 2]; orders.len()]);
}

#[test]
fn an_orders_titles_are_trimmed_without_blanks_or_repeats_and_its_filter_names_the_side() {
    let order = OrderMatch::new(4, 9, [" B ", "A", "", "B", "  "]).days(Some(day(3, 1)), None).data(None, Some(2));

    assert_eq!(order.titles(), ["A", "B"]);
    let media = order.filter(Side::Media);
    assert_eq!(
        (media.media_id, media.audience_group_id, media.belonging_to, media.source, media.category),
        (Some(4), Some(9), Some(2), Some(2), None)
    );
    assert_eq!(
        (media.from, media.to, media.titles.as_deref()),
        (Some(day(3, 1)), None, Some(&["A".to_owned(), "B".to_owned()][..]))
    );
    assert_eq!(order.filter(Side::Customer).belonging_to, Some(1));
}

#[test]
fn titles_with_quotes_match_as_written_and_thousands_of_titles_still_match() {
    let lake = TestLake::new();
    let quoted = ["O'Neil's 15s", "x'); select 1; --", "a''b"];
    let mut rows = viewing_rows(1, 1, 600, at(2026, 2, 1, 6, 0));
    for (i, r) in rows.iter_mut().enumerate() {
        (r.title, r.media_id, r.audience_group_id) = (quoted[i % 3].into(), 2, 10);
    }
    let live = snapshot(&lake.write_viewing(1, &rows).unwrap());
    // One order per quoted title, and one whose titles are too many to list for the scan.
    let mut orders: Vec<OrderMatch> = quoted.iter().map(|t| OrderMatch::new(2, 10, [*t])).collect();
    let many: Vec<String> = (0..2_500).map(|n| format!("素材{n}")).chain(quoted.map(String::from)).collect();
    orders.push(OrderMatch::new(2, 10, many));

    let one_pass = lake.issued_totals(&live, &orders).unwrap();

    assert_same(&one_pass, &lake.issued_totals_per_order(&live, &orders).unwrap(), &orders);
    for (i, totals) in one_pass.iter().enumerate() {
        assert!(totals[0].spots + totals[1].spots > 0, "order {i} matched nothing: {totals:?}");
    }
    let each: u64 = one_pass[..3].iter().map(|t| t[0].spots + t[1].spots).sum();
    assert_eq!(one_pass[3][0].spots + one_pass[3][1].spots, each);
}

#[test]
fn files_whose_positions_are_all_named_or_all_missing_still_total_with_deletions() {
    // Positions written as 正一…倒三 carry no "of n" in any row of the file, and a file may have
    // no position at all: DuckDB then knows from the statistics that the column is all null.
    let lake = TestLake::new();
    let mut named = viewing_rows(1, 1, 300, at(2026, 2, 1, 6, 0));
    for (i, r) in named.iter_mut().enumerate() {
        (r.position, r.position_index, r.position_of) = (Some("正一".into()), Some(1 + (i % 3) as i32), None);
    }
    let mut unplaced = viewing_rows(2, 1_001, 300, at(2026, 2, 3, 6, 0));
    for r in &mut unplaced {
        (r.position, r.position_index, r.position_of) = (None, None, None);
    }
    let named = lake.write_viewing(1, &named).unwrap();
    let unplaced = lake.write_viewing(2, &unplaced).unwrap();
    let orders = orders();

    for (files, deleted) in [(&named, vec![3, 7]), (&unplaced, vec![1_005]), (&unplaced, vec![]), (&named, vec![])] {
        let live = snapshot(files).with_deleted(deleted);
        let one_pass = lake.issued_totals(&live, &orders).unwrap();
        assert_same(&one_pass, &lake.issued_totals_per_order(&live, &orders).unwrap(), &orders);
        let placed = files == &named;
        assert_eq!(one_pass[0][0].positioned > 0, placed, "{:?}", one_pass[0]);
    }
}

#[test]
fn aired_spots_are_the_whole_rows_read_in_air_time_order() {
    let lake = TestLake::new();
    let live = lake_with_deletions(&lake);
    for (k, order) in orders().iter().enumerate() {
        for side in [Side::Customer, Side::Media] {
            let filter = order.filter(side);
            let mut whole = Vec::new();
            lake.viewing_for_each(&live, &filter, |r| {
                whole.push(r);
                Ok::<(), adeval_engine::Error>(())
            })
            .unwrap();
            whole.sort_by_key(|r| (r.air_time, r.id));
            let lean = lake.aired_spots(&live, &filter).unwrap();
            assert_eq!(lean.spots.len(), whole.len(), "order {k}");
            for (spot, row) in lean.spots.iter().zip(&whole) {
                assert_eq!(lean.titles[spot.title as usize], row.title, "order {k}");
                assert_eq!(spot.ymd, row.ymd, "order {k}");
                assert_eq!(spot.secs as i64, (row.air_time - row.ymd.and_time(chrono::NaiveTime::MIN)).num_seconds(), "order {k}");
                assert_eq!(spot.grp, row.grp, "order {k}");
                let position = spot.position.map(|p| (p.index, p.of, p.from_end));
                let written = row.position.as_ref().map(|_| (row.position_index, row.position_of, row.position_from_end));
                assert_eq!(position, written, "order {k}");
            }
            // The positions counted spot by spot give the one-pass totals' 正负三 counts.
            let totals = lake.issued_totals(&live, std::slice::from_ref(order)).unwrap()[0][side as usize - 1];
            let positioned = lean.spots.iter().filter_map(|s| s.position);
            assert_eq!(positioned.clone().count() as u64, totals.positioned, "order {k}");
            assert_eq!(positioned.filter(|p| p.top_or_bottom_three()).count() as u64, totals.top_or_bottom_three, "order {k}");
            // Each title once.
            let mut titles = lean.titles.clone();
            titles.sort();
            titles.dedup();
            assert_eq!(titles.len(), lean.titles.len(), "order {k}");
        }
    }
}
