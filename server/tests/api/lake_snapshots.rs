use std::sync::Arc;

use adeval_engine::Dataset;

use crate::helpers::spawn_app;

async fn add_batch_file(app: &crate::helpers::TestApp, path: &str) -> i64 {
    let batch: i64 = sqlx::query_scalar("insert into lake_batches (dataset, status, origin) values ('viewing', 'live', 'cli') returning id")
        .fetch_one(&app.db)
        .await
        .unwrap();
    sqlx::query("insert into lake_files (batch_id, dataset, path, month, rows, bytes, live) values ($1, 'viewing', $2, '2026-03', 10, 100, true)")
        .bind(batch)
        .bind(path)
        .execute(&app.db)
        .await
        .unwrap();
    batch
}

#[tokio::test]
async fn a_kept_snapshot_serves_until_the_manifest_changes_whoever_changes_it() {
    let app = spawn_app().await;
    let kept = &app.state.reads.snapshots;
    add_batch_file(&app, "viewing/month=2026-03/b1-0.parquet").await;

    let first = kept.get(&app.db, Dataset::Viewing).await.unwrap();
    let again = kept.get(&app.db, Dataset::Viewing).await.unwrap();
    assert!(Arc::ptr_eq(&first, &again), "an unchanged manifest is not read again");
    assert_eq!((first.files.len(), first.deleted.len()), (1, 0));

    // Deleting rows, by any statement, shows at once.
    sqlx::query("insert into lake_deletions (dataset, row_id) select 'viewing', unnest($1::bigint[])")
        .bind(vec![7_i64, 9])
        .execute(&app.db)
        .await
        .unwrap();
    let deleted = kept.get(&app.db, Dataset::Viewing).await.unwrap();
    let mut ids = deleted.deleted.clone();
    ids.sort();
    assert_eq!(ids, [7, 9]);
    assert!(Arc::ptr_eq(&deleted, &kept.get(&app.db, Dataset::Viewing).await.unwrap()));

    // A new live file, a retired file and a removed deletion each make a new snapshot.
    add_batch_file(&app, "viewing/month=2026-03/b2-0.parquet").await;
    assert_eq!(kept.get(&app.db, Dataset::Viewing).await.unwrap().files.len(), 2);
    sqlx::query("update lake_files set live = false where path like '%b1-0%'").execute(&app.db).await.unwrap();
    assert_eq!(kept.get(&app.db, Dataset::Viewing).await.unwrap().files, ["viewing/month=2026-03/b2-0.parquet"]);
    sqlx::query("delete from lake_deletions where row_id = 7").execute(&app.db).await.unwrap();
    assert_eq!(kept.get(&app.db, Dataset::Viewing).await.unwrap().deleted, [9]);

    // A write rolled back leaves the version, and the kept snapshot, as they were.
    let before = kept.get(&app.db, Dataset::Viewing).await.unwrap();
    let mut tx = app.db.begin().await.unwrap();
    sqlx::query("insert into lake_deletions (dataset, row_id) values ('viewing', 11)").execute(&mut *tx).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(Arc::ptr_eq(&before, &kept.get(&app.db, Dataset::Viewing).await.unwrap()));
    // Another dataset's snapshot is its own.
    assert!(kept.get(&app.db, Dataset::Ratings).await.unwrap().files.is_empty());
}

#[tokio::test]
async fn concurrent_callers_after_a_lake_change_share_one_load() {
    let app = spawn_app().await;
    let kept = &app.state.reads.snapshots;
    add_batch_file(&app, "viewing/month=2026-03/b1-0.parquet").await;
    kept.get(&app.db, Dataset::Viewing).await.unwrap();
    for round in 0..3 {
        // A lake change: the kept snapshot is stale for every caller at once.
        sqlx::query("insert into lake_deletions (dataset, row_id) select 'viewing', g from generate_series($1::bigint, $1 + 999) g")
            .bind(round * 1000)
            .execute(&app.db)
            .await
            .unwrap();
        let loads = kept.loads();
        let callers = (0..20).map(|_| kept.get(&app.db, Dataset::Viewing));
        let got = futures_util::future::join_all(callers).await.into_iter().map(Result::unwrap).collect::<Vec<_>>();
        assert_eq!(kept.loads() - loads, 1, "round {round}: one load for 20 callers");
        assert!(got.iter().all(|s| Arc::ptr_eq(s, &got[0])));
        assert_eq!(got[0].deleted.len() as i64, (round + 1) * 1000);
    }
}
