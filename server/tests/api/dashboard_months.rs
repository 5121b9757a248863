//! Month rollups kept at commit: an import committing a month while another commits it waits
//! for the other's month rollup (a lock per month), so the month's last rollup covers both.

use adeval_engine::{DashboardQuery, Series, Side, Snapshot, TimeType, TitleSeries, is_month_rollup, is_titles_rollup};
use chrono::NaiveDate;

use crate::helpers::orders::fixture;

const ROWS: usize = 300;

/// One batch of `ROWS` March rows (seven titles, 1.5 GRP each), written, not yet committed.
async fn write(state: &adeval_server::AppState, media: i64) -> (i64, Vec<adeval_engine::LakeFile>) {
    crate::helpers::viewing::lake_batch(state, media, ROWS, |i| format!("版本{}", i % 7), None).await
}

#[tokio::test]
async fn two_imports_committing_one_month_at_once_both_land_in_its_month_rollup() {
    let f = fixture().await;
    let state = &f.app.state;
    let ((a, a_files), (b, b_files)) = (write(state, f.media).await, write(state, f.media).await);
    // The first commit stays open a while after its month rollup is built; the second starts
    // meanwhile and, without the month's lock, would merge without the first's files.
    let (merged, started) = tokio::sync::oneshot::channel();
    let first = adeval_server::imports::commit_or_remove_with(&state.db, &state.reads.lake, a, None, a_files, ROWS as u64, move |_| {
        Box::pin(async move {
            merged.send(()).ok();
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            Ok(())
        })
    });
    let second = async {
        started.await.unwrap();
        adeval_server::imports::commit_or_remove(&state.db, &state.reads.lake, b, None, b_files, ROWS as u64).await
    };
    let (first, second) = tokio::join!(first, second);
    first.unwrap();
    second.unwrap();

    let live = |dataset: &'static str| {
        sqlx::query_scalar::<_, String>("select path from lake_files where dataset = $1 and live and month = '2026-03' order by path")
            .bind(dataset)
            .fetch_all(&f.app.db)
    };
    let viewing = live("viewing").await.unwrap();
    let rollups = live("viewing_daily").await.unwrap();
    // The month rollup and its title companion, both covering every batch.
    let months: Vec<&String> = rollups.iter().filter(|p| is_month_rollup(p)).collect();
    assert_eq!((viewing.len(), months.len()), (2, 2), "{rollups:?}");
    assert_eq!(months.iter().filter(|p| is_titles_rollup(p)).count(), 1, "{months:?}");
    for month in &months {
        assert_eq!(*state.reads.lake.month_rollup_covers(month).unwrap(), viewing, "{month} covers every batch");
    }
    let old: Vec<String> = sqlx::query_scalar("select path from lake_files where dataset = 'viewing_daily' and not live order by path")
        .fetch_all(&f.app.db)
        .await
        .unwrap();
    assert_eq!(old.len(), 2, "the second commit replaced the first's month rollup and companion: {old:?}");
    // The replaced ones stay on disk for reads that took their snapshot before the commit,
    // until housekeeping's sweep finds them retired for longer than it keeps them.
    let on_disk = || old.iter().filter(|p| state.reads.lake.root().join(p).exists()).count();
    assert_eq!(on_disk(), 2, "{old:?} removed at once");
    let lake = state.reads.lake.clone();
    let kept = adeval_server::lake::RETIRED_KEPT;
    adeval_server::lake::sweep_retired(&f.app.db, &lake, kept).await.unwrap();
    assert_eq!(on_disk(), 2, "{old:?} removed before their time");
    adeval_server::lake::sweep_retired(&f.app.db, &lake, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(on_disk(), 0, "{old:?} kept past their time");

    // Read through the month rollup alone (every viewing file covered, nothing read raw).
    let titles: Vec<String> = (0..7).map(|i| format!("版本{i}")).collect();
    let day = |d| NaiveDate::from_ymd_opt(2026, 3, d).unwrap();
    let q = DashboardQuery {
        from: day(1),
        to: day(31),
        time: TimeType::Month,
        series: Series::Titles(vec![TitleSeries { key: 1, titles, group: None }]),
        side: Side::Customer,
        titles: None,
        media_id: None,
        groups: None,
        categories: None,
        sources: None,
        classes: None,
    };
    // What a start warms: the live title companion indexed before any dashboard call.
    let companion: Vec<String> = months.iter().filter(|p| is_titles_rollup(p)).map(|p| p.to_string()).collect();
    adeval_server::lake::warm(&state.db, &state.reads.lake).await.unwrap();
    assert_eq!(state.reads.lake.indexed_title_companions(), companion);
    let answer = state.reads.lake.dashboard(&Snapshot::new(viewing), &Snapshot::new(months.iter().map(|p| p.to_string())), &q).unwrap();
    assert_eq!(answer.cells.len(), 1);
    // 1.5 GRP is 15,000 units a row.
    assert_eq!((answer.cells[0].spots, answer.cells[0].units), (2 * ROWS as i64, 15_000 * 2 * ROWS as i64));
}
