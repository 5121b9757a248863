//! Data analysis by air-time slot (`Lake::viewing_slots`): against the rule worked out row by
//! row, and against a few rows worked by hand.

use std::collections::BTreeMap;

use adeval_engine::{OrderMatch, TimeType, buckets, Side, Slot, SlotCell, SlotSpot, Snapshot, ViewingFilter, ViewingRow, group_key};
use chrono::{Duration, NaiveDate, Timelike};

use crate::helpers::{TestLake, at, snapshot, viewing_rows};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

/// Varied rows over February and early March (one every 47 minutes, the ones before 02:00 of
/// the day before): both sides in every group, and every seventh row stored without a group
/// id under a name spelt otherwise.
fn rows() -> Vec<ViewingRow> {
    let mut rows = viewing_rows(1, 1, 1_500, at(2026, 2, 1, 6, 0));
    for r in &mut rows {
        r.belonging_to = 1 + (r.id / 3 % 2) as i16;
        r.audience_group = if r.audience_group_id == 10 { "全国4+".into() } else { "上海".into() };
        if r.id % 7 == 0 {
            r.audience_group_id = 0;
            r.audience_group = "全国 4+".into();
        }
    }
    rows
}

/// The product's rows in February: titles, group 10 by id or by name, any media.
fn filter() -> ViewingFilter {
    let titles = ["Milk Ad 15s", "伊利 金典", " Tea "];
    let mut filter = OrderMatch::new(0, 10, titles).group_name("全国4+").days(Some(day(2, 1)), Some(day(2, 28))).filter(Side::Customer);
    filter.media_id = None;
    filter
}

/// The slots worked out row by row: the filter's rule, a slot per broadcast-day minute, the
/// earliest spot (air time, then id) of each side per bucket, and the side's count.
fn by_hand(rows: &[ViewingRow], deleted: &[i64], buckets: &[(NaiveDate, NaiveDate)]) -> Vec<Slot> {
    let f = filter();
    let titles = f.titles.clone().unwrap();
    let mut cells: BTreeMap<(u32, usize, i16), Vec<&ViewingRow>> = BTreeMap::new();
    for r in rows.iter().filter(|r| !deleted.contains(&r.id)) {
        let of_group = r.audience_group_id == 10 || (r.audience_group_id == 0 && group_key(&r.audience_group) == group_key("全国4+"));
        let Some(k) = buckets.iter().position(|(a, b)| (*a..=*b).contains(&r.ymd)) else { continue };
        if of_group && titles.contains(&r.title) {
            let minute = ((r.air_time - r.ymd.and_hms_opt(0, 0, 0).unwrap()).num_seconds() / 60) as u32;
            cells.entry((minute, k, r.belonging_to)).or_default().push(r);
        }
    }
    let mut slots: Vec<Slot> = Vec::new();
    for ((minute, k, side), mut spots) in cells {
        spots.sort_by_key(|r| (r.air_time, r.id));
        let first = spots[0];
        let spot = SlotSpot {
            id: first.id,
            title: first.title.clone(),
            air_time: first.air_time,
            ymd: first.ymd,
            duration: first.duration,
            audience_group: first.audience_group.clone(),
            media_id: first.media_id,
            grp: first.grp,
            count: spots.len() as u64,
        };
        if slots.last().is_none_or(|s| s.minute != minute) {
            slots.push(Slot { minute, cells: Vec::new() });
        }
        let slot = slots.last_mut().unwrap();
        if slot.cells.last().is_none_or(|c| c.bucket != k) {
            slot.cells.push(SlotCell { bucket: k, customer: None, media: None });
        }
        let cell = slot.cells.last_mut().unwrap();
        if side == 1 { cell.customer = Some(spot) } else { cell.media = Some(spot) }
    }
    slots
}

fn ranges(g: TimeType) -> Vec<(NaiveDate, NaiveDate)> {
    buckets(day(2, 1), day(2, 28), g).unwrap().into_iter().map(|b| (b.first, b.last)).collect()
}

#[test]
fn slots_match_the_rule_worked_row_by_row_page_by_page() {
    let lake = TestLake::new();
    let rows = rows();
    let deleted = [14, 30, 33];
    let data = snapshot(&lake.write_viewing(1, &rows).unwrap()).with_deleted(deleted);
    for grouping in [TimeType::Week, TimeType::Days(10), TimeType::Day] {
        let buckets = ranges(grouping);
        let expected = by_hand(&rows, &deleted, &buckets);
        assert!(expected.len() > 40 && expected.iter().any(|s| s.minute >= 24 * 60), "{grouping:?}");
        let mut pages = Vec::new();
        for page in 1.. {
            let (slots, total) = lake.viewing_slots(&data, &filter(), &buckets, page, 10).unwrap();
            assert_eq!(total, expected.len() as u64, "{grouping:?}");
            if slots.is_empty() {
                break;
            }
            assert!(slots.len() <= 10);
            pages.extend(slots);
        }
        assert_eq!(pages, expected, "{grouping:?}");
    }
}

#[test]
fn the_earliest_spot_of_a_cell_stands_for_it_and_counts_its_side() {
    let lake = TestLake::new();
    let base = &viewing_rows(1, 1, 1, at(2026, 3, 2, 20, 0))[0];
    let row = |id: i64, (h, m, s): (u32, u32, u32), ymd: NaiveDate, side: i16| ViewingRow {
        id,
        air_time: ymd.and_hms_opt(0, 0, 0).unwrap() + Duration::seconds(i64::from(h * 3600 + m * 60 + s)),
        ymd,
        belonging_to: side,
        title: "Tea".into(),
        audience_group_id: 10,
        ..base.clone()
    };
    let rows = vec![
        row(1, (20, 0, 40), day(3, 2), 1),
        row(2, (20, 0, 10), day(3, 2), 1),
        row(3, (20, 0, 50), day(3, 2), 2),
        // 24:10 of 2 March airs on 3 March at 00:10.
        row(4, (24, 10, 5), day(3, 2), 2),
        row(5, (20, 1, 0), day(3, 3), 1),
    ];
    let data = snapshot(&lake.write_viewing(1, &rows).unwrap());
    let mut filter = filter();
    (filter.from, filter.to) = (Some(day(3, 1)), Some(day(3, 3)));
    let buckets = [(day(3, 1), day(3, 1)), (day(3, 2), day(3, 2)), (day(3, 3), day(3, 3))];

    let (slots, total) = lake.viewing_slots(&data, &filter, &buckets, 1, 10).unwrap();

    assert_eq!(total, 3);
    // Per slot: each cell's bucket and its customer and media spot as (id, count).
    type Cell = (usize, Option<(i64, u64)>, Option<(i64, u64)>);
    let shape: Vec<(u32, Vec<Cell>)> = slots
        .iter()
        .map(|s| {
            let cells = s.cells.iter().map(|c| (c.bucket, c.customer.as_ref().map(|x| (x.id, x.count)), c.media.as_ref().map(|x| (x.id, x.count))));
            (s.minute, cells.collect())
        })
        .collect();
    assert_eq!(shape, [
        (20 * 60, vec![(1, Some((2, 2)), Some((3, 1)))]),
        (20 * 60 + 1, vec![(2, Some((5, 1)), None)]),
        (24 * 60 + 10, vec![(1, None, Some((4, 1)))]),
    ]);
    let late = slots[2].cells[0].media.as_ref().unwrap();
    assert_eq!((late.air_time.date(), late.air_time.hour(), late.ymd), (day(3, 3), 0, day(3, 2)));
    // Past the last page: no slots, the total still.
    assert_eq!(lake.viewing_slots(&data, &filter, &buckets, 2, 10).unwrap(), (Vec::new(), 3));
    assert_eq!(lake.viewing_slots(&Snapshot::default(), &filter, &buckets, 1, 10).unwrap(), (Vec::new(), 0));
}

#[test]
fn the_last_day_with_a_spot_is_the_newest_broadcast_day_of_the_rows_kept() {
    let lake = TestLake::new();
    let base = &viewing_rows(1, 1, 1, at(2026, 2, 10, 20, 0))[0];
    let row = |id: i64, ymd: NaiveDate, (h, m): (u32, u32), title: &str, group: i64, side: i16| ViewingRow {
        id,
        air_time: ymd.and_hms_opt(0, 0, 0).unwrap() + Duration::minutes(i64::from(h * 60 + m)),
        ymd,
        belonging_to: side,
        title: title.into(),
        audience_group_id: group,
        ..base.clone()
    };
    // By hand: the product's rows of group 10 are 1 (02-10, customer side) and 2 (02-28 24:30,
    // media side, airing 03-01 00:30: March's file). March's other rows are another title's (3)
    // and another group's (4). The last day is 02-28, from March's file; with row 2 deleted,
    // March has none and February answers 02-10.
    let rows = vec![
        row(1 << 32 | 1, day(2, 10), (20, 0), "Tea", 10, 1),
        row(1 << 32 | 2, day(2, 28), (24, 30), "Tea", 10, 2),
        row(1 << 32 | 3, day(3, 5), (20, 0), "Coffee", 10, 1),
        row(1 << 32 | 4, day(3, 4), (20, 0), "Tea", 11, 1),
    ];
    let files = lake.write_viewing(1, &rows).unwrap();
    assert_eq!(files.len(), 2, "February's and March's files");
    let mut filter = filter();
    (filter.from, filter.to) = (None, None);

    assert_eq!(lake.viewing_last_day(&snapshot(&files), &filter).unwrap(), Some(day(2, 28)));
    let deleted = snapshot(&files).with_deleted([1 << 32 | 2]);
    assert_eq!(lake.viewing_last_day(&deleted, &filter).unwrap(), Some(day(2, 10)));
    assert_eq!(lake.viewing_last_day(&snapshot(&files).with_deleted([1 << 32 | 1, 1 << 32 | 2]), &filter).unwrap(), None);
    filter.media_id = Some(base.media_id + 1);
    assert_eq!(lake.viewing_last_day(&snapshot(&files), &filter).unwrap(), None);
    assert_eq!(lake.viewing_last_day(&Snapshot::default(), &filter).unwrap(), None);
}
