//! Issued totals from the rollups equal those of the scan of the rows, whatever mix of month
//! rollups, title companions, twins, raw files and deletions the snapshots hold.

use adeval_engine::{IssuedTotals, Lake, LakeFile, OrderMatch, ROLLED_TITLES, Snapshot};
use chrono::NaiveDate;

use crate::helpers::{TestLake, at, month_rollups, snapshot, viewing_rows};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

/// Three batches over January to April (ids `batch << 32 | n`, as imports number them), sides,
/// categories and sources mixed, every fifth row of batches 1 and 2 stored without a group id
/// (its name, written two ways, says the group).
struct Batches {
    files: [Vec<LakeFile>; 3],
    deleted: Vec<i64>,
}

fn batches(lake: &Lake) -> Batches {
    let mut files: [Vec<LakeFile>; 3] = Default::default();
    let mut deleted = Vec::new();
    for (i, (start, n)) in [(at(2026, 1, 20, 6, 0), 2_000), (at(2026, 2, 20, 7, 13), 1_500), (at(2026, 3, 25, 18, 0), 1_200)].into_iter().enumerate() {
        let batch = i as i64 + 1;
        let mut rows = viewing_rows(batch, batch << 32, n, start);
        for r in &mut rows {
            let n = r.id & 0xFFFF_FFFF;
            r.belonging_to = 1 + (n / 5 % 2) as i16;
            r.category = 1 + (n / 7 % 2) as i16;
            r.source = 1 + (n / 11 % 3) as i16;
            if batch < 3 && n % 5 == 0 {
                r.audience_group_id = 0;
                r.audience_group = if n % 2 == 0 { " 全国".into() } else { "上 海".into() };
            }
        }
        deleted.extend(rows.iter().filter(|r| r.id % 13 == 0 || (batch == 2 && r.id % 3 == 0)).map(|r| r.id));
        files[i] = lake.write_viewing(batch, &rows).unwrap();
    }
    Batches { files, deleted }
}

/// Orders of every kind the list meets: by group id and by group name, shared and overlapping
/// titles, category and source named or not, open and empty cycles, no titles.
fn orders() -> Vec<OrderMatch> {
    let (jan, apr) = (Some(day(1, 1)), Some(day(4, 30)));
    vec![
        OrderMatch::new(2, 10, ["Milk Ad 15s", " 伊利 金典 "]).group_name("全国").days(jan, Some(day(2, 28))),
        OrderMatch::new(2, 10, ["伊利 金典", "Tea"]).days(Some(day(2, 15)), Some(day(3, 31))),
        OrderMatch::new(1, 11, ["milk ad 30s", "Tea", "TEA"]).group_name("上海").days(jan, apr),
        OrderMatch::new(1, 10, ["Milk Ad 15s", "milk ad 30s"]).group_name("全国").days(jan, apr).data(Some(1), None),
        OrderMatch::new(3, 11, ["Tea", "伊利 金典"]).days(Some(day(3, 1)), Some(day(3, 31))).data(Some(2), Some(3)),
        OrderMatch::new(3, 10, ["Tea", "Milk Ad 15s"]).group_name("全国").data(None, Some(2)),
        OrderMatch::new(2, 10, ["", "  "]),
        OrderMatch::new(2, 11, ["Tea"]).days(Some(day(3, 10)), Some(day(3, 9))),
        OrderMatch::new(3, 10, ["Milk Ad 15s", "Milk\nAd 15s", "无此素材"]).days(None, Some(day(2, 25))),
        OrderMatch::new(1, 11, ["Tea"]).group_name("上海").days(Some(day(3, 28)), None),
    ]
}

fn assert_same(got: &[[IssuedTotals; 2]], want: &[[IssuedTotals; 2]], orders: &[OrderMatch], case: &str) {
    assert_eq!(got.len(), want.len(), "{case}");
    for ((g, w), order) in got.iter().zip(want).zip(orders) {
        for side in 0..2 {
            let (g, w) = (g[side], w[side]);
            assert_eq!(
                (g.spots, g.positioned, g.top_or_bottom_three, g.grp.to_bits()),
                (w.spots, w.positioned, w.top_or_bottom_three, w.grp.to_bits()),
                "{case}: {order:?} side {side} ({} vs {} GRP)",
                g.grp,
                w.grp
            );
        }
    }
}

#[test]
fn totals_from_every_mix_of_rollups_equal_the_scan_of_the_rows() {
    let lake = TestLake::new();
    let b = batches(&lake);
    let twins: Vec<Vec<LakeFile>> = b.files.iter().map(|f| lake.viewing_rollup(f).unwrap()).collect();
    // Batch 1's months merged (month rollups and their companions); batches 2 and 3 not.
    let months = month_rollups(&lake, 1, &b.files[0], &twins[0]);
    assert!(months.len() >= 4, "{months:?}");
    let (rolled_months, companions): (Vec<LakeFile>, Vec<LakeFile>) =
        months.iter().cloned().partition(|f| !adeval_engine::is_titles_rollup(&f.path));
    let viewing_files: Vec<LakeFile> = b.files.concat();
    let viewing = snapshot(&viewing_files).with_deleted(b.deleted.clone());
    let orders = orders();
    let want = lake.issued_totals(&viewing, &orders).unwrap();
    // The orders find rows on both sides, deletions and group names among them.
    for some in [0, 1, 2, 3, 4, 5, 8, 9] {
        assert!(want[some][0].spots > 0 && want[some][1].spots > 0, "order {some}: {:?}", want[some]);
    }
    assert_eq!(want[6], [IssuedTotals::default(); 2]);
    assert_eq!(want[7], [IssuedTotals::default(); 2]);

    let cases: Vec<(&str, Vec<LakeFile>)> = vec![
        ("month rollups with companions, twins, raw", [months.clone(), twins[1].clone()].concat()),
        ("month rollups without companions", [rolled_months.clone(), twins[1].clone(), twins[2].clone()].concat()),
        ("twins only", twins.concat()),
        ("no rollups: every file raw", Vec::new()),
        ("companions without their month rollups: raw", [companions.clone(), twins[2].clone()].concat()),
        ("month rollups beside the twins they sum", [months.clone(), twins.concat()].concat()),
    ];
    for (case, rollup) in cases {
        let rollup = snapshot(&rollup);
        let got = lake.issued_totals_rolled(&viewing, &rollup, &orders).unwrap();
        assert_same(&got, &want, &orders, case);
        // Each order alone, as a page of one asks.
        for (i, order) in orders.iter().enumerate() {
            let alone = lake.issued_totals_rolled(&viewing, &rollup, std::slice::from_ref(order)).unwrap();
            assert_same(&alone, &want[i..=i], std::slice::from_ref(order), case);
        }
    }

    // A month rollup covering a file the viewing snapshot no longer lists (a compaction since)
    // is passed over: the answer stays the snapshot's.
    let fewer = snapshot(&[b.files[0][1..].to_vec(), b.files[1].clone()].concat()).with_deleted(b.deleted.clone());
    let rollup = snapshot(&[months.clone(), twins[0].clone(), twins[1].clone()].concat());
    let got = lake.issued_totals_rolled(&fewer, &rollup, &orders).unwrap();
    assert_same(&got, &lake.issued_totals(&fewer, &orders).unwrap(), &orders, "a lagging month rollup");

    // Without deletions the totals are larger, and still the scan's.
    let all = snapshot(&viewing_files);
    let rollup = snapshot(&[months, twins[1].clone()].concat());
    let got = lake.issued_totals_rolled(&all, &rollup, &orders).unwrap();
    let undeleted = lake.issued_totals(&all, &orders).unwrap();
    assert_same(&got, &undeleted, &orders, "no deletions");
    assert!(undeleted[0][0].spots > want[0][0].spots);
}

#[test]
fn many_titles_take_the_scan_and_none_give_zero() {
    let lake = TestLake::new();
    let b = batches(&lake);
    let twins = lake.viewing_rollup(&b.files[0]).unwrap();
    let viewing = snapshot(&b.files[0]).with_deleted(b.deleted.clone());
    let rollup = snapshot(&month_rollups(&lake, 1, &b.files[0], &twins));
    let mut titles: Vec<String> = (0..ROLLED_TITLES).map(|n| format!("素材{n}")).collect();
    titles.push("Tea".into());
    let orders = [OrderMatch::new(2, 11, &titles), OrderMatch::new(1, 11, ["Tea"])];
    let want = lake.issued_totals(&viewing, &orders).unwrap();
    assert!(want[0][0].spots > 0);
    assert_same(&lake.issued_totals_of(&viewing, &rollup, &orders).unwrap(), &want, &orders, "many titles");
    assert_same(&lake.issued_totals_of(&viewing, &rollup, &orders[1..]).unwrap(), &want[1..], &orders[1..], "one title");
    assert!(lake.issued_totals_rolled(&viewing, &rollup, &[]).unwrap().is_empty());
    let nothing = lake.issued_totals_rolled(&Snapshot::default(), &rollup, &orders).unwrap();
    assert_eq!(nothing, vec![[IssuedTotals::default(); 2]; 2]);
}
