//! Rows whose group name several brands' groups share are stored with group id 0 and the name;
//! an order of a group of that name counts them (docs/decisions.md "Groups named
//! alike").

use adeval_engine::{GrpWindows, IssuedTotals, Lake, OrderMatch, Snapshot, ViewingRow, group_key};
use chrono::NaiveDate;

use crate::helpers::{TestLake, at, snapshot, viewing_rows};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

/// Groups 10 (`全国4+`) and 11 (`Shanghai`); every fifth row is stored unresolved (id 0) under
/// a name written as another brand's group may write it, or under a name no order has.
fn rows() -> Vec<ViewingRow> {
    let mut rows = viewing_rows(1, 1, 1_200, at(2026, 2, 1, 6, 0));
    for r in &mut rows {
        r.audience_group = if r.audience_group_id == 10 { "全国4+".into() } else { "Shanghai".into() };
        r.belonging_to = 1 + (r.id / 5 % 2) as i16;
        if r.id % 5 == 0 {
            r.audience_group_id = 0;
            r.audience_group = ["全国 4+", "SHANGHAI", "全国\u{3000}4+ ", "北京"][(r.id / 10 % 4) as usize].into();
        }
    }
    rows
}

fn lake_of(lake: &Lake, rows: &[ViewingRow]) -> Snapshot {
    snapshot(&lake.write_viewing(1, rows).unwrap()).with_deleted([6, 9, 12])
}

fn orders() -> Vec<OrderMatch> {
    let feb = (Some(day(2, 1)), Some(day(2, 28)));
    vec![
        OrderMatch::new(2, 10, ["Milk Ad 15s", "伊利 金典"]).days(feb.0, feb.1).group_name("全国4+"),
        OrderMatch::new(1, 11, ["milk ad 30s", "Tea"]).days(feb.0, feb.1).group_name("shanghai"),
        // The same order without its group's name: rows of its id only.
        OrderMatch::new(2, 10, ["Milk Ad 15s", "伊利 金典"]).days(feb.0, feb.1),
        // A group whose name only unresolved rows carry.
        OrderMatch::new(3, 99, ["Tea", "Milk Ad 15s", "milk ad 30s", "伊利 金典"]).group_name(" 北 京"),
        // A name no row carries.
        OrderMatch::new(1, 98, ["Tea", "milk ad 30s"]).group_name("广州"),
    ]
}

/// The rule worked out row by row: media, title, days, side, and the group by id or, for rows
/// without one, by name.
fn by_hand(rows: &[ViewingRow], deleted: &[i64], order: &OrderMatch, side: i16) -> (u64, f64) {
    let of_group = |r: &ViewingRow| {
        r.audience_group_id == order.audience_group_id
            || (r.audience_group_id == 0 && order.group_key() == Some(group_key(&r.audience_group).as_str()))
    };
    let found: Vec<&ViewingRow> = rows
        .iter()
        .filter(|r| !deleted.contains(&r.id) && r.media_id == order.media_id && r.belonging_to == side)
        .filter(|r| order.titles().contains(&r.title))
        .filter(|r| order.from.is_none_or(|d| r.ymd >= d) && order.to.is_none_or(|d| r.ymd <= d))
        .filter(|r| of_group(r))
        .collect();
    (found.len() as u64, found.iter().map(|r| r.grp).sum())
}

#[test]
fn unresolved_rows_of_the_groups_name_count_and_one_pass_equals_the_per_order_scans() {
    let lake = TestLake::new();
    let rows = rows();
    let live = lake_of(&lake, &rows);
    let orders = orders();

    let one_pass = lake.issued_totals(&live, &orders).unwrap();
    let reference = lake.issued_totals_per_order(&live, &orders).unwrap();
    for (k, order) in orders.iter().enumerate() {
        for side in 0..2 {
            let (got, want) = (one_pass[k][side], reference[k][side]);
            let (spots, grp) = by_hand(&rows, &[6, 9, 12], order, side as i16 + 1);
            assert_eq!(
                (got.spots, got.positioned, got.top_or_bottom_three),
                (want.spots, want.positioned, want.top_or_bottom_three)
            );
            assert_eq!(got.spots, spots, "order {k} side {side}");
            assert!((got.grp - grp).abs() < 1e-9 && (want.grp - grp).abs() < 1e-9, "order {k} side {side}");
        }
    }
    // Unresolved rows of the name add to the rows of the id; other names add nothing.
    let spots = |k: usize| one_pass[k][0].spots + one_pass[k][1].spots;
    assert!(spots(0) > spots(2) && spots(2) > 0, "{one_pass:?}");
    assert!(spots(1) > 0 && spots(3) > 0, "{one_pass:?}");
    assert_eq!(one_pass[4], [IssuedTotals::default(); 2]);
    // The name is part of what tells two orders apart (memo keys).
    assert_ne!(orders[0], orders[2]);
}

#[test]
fn the_estimate_fallback_counts_unresolved_rows_of_the_groups_name() {
    let lake = TestLake::new();
    let rows = rows();
    let live = lake_of(&lake, &rows);
    let windows = [(1, 6 * 3600, 30 * 3600)];
    let request = |group_key| GrpWindows {
        media_id: 2,
        audience_group_id: 10,
        group_key,
        belonging_to: 1,
        category: None,
        source: None,
        windows: &windows,
        from: day(2, 1),
        to_excl: day(3, 1),
    };
    let key = group_key("全国4+");
    let many = lake.class_day_grp_many(&live, &[request(Some(&key)), request(None)]).unwrap();
    let order = OrderMatch::new(2, 10, ["x"]).group_name("全国4+");
    let filter = adeval_engine::ViewingFilter { titles: None, ..order.filter(adeval_engine::Side::Customer) };
    let alone = lake.class_day_grp(&live, &filter, &windows, day(2, 1), day(3, 1)).unwrap();
    assert_eq!(many[0], alone);
    let spots = |days: &[(i64, NaiveDate, f64, u64)]| days.iter().map(|d| d.3).sum::<u64>();
    assert!(spots(&many[0]) > spots(&many[1]) && spots(&many[1]) > 0);
}
