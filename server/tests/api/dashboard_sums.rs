//! A dashboard figure has one value: GRP sums are exact integers of ten-thousandths of a point
//! (`adeval_engine::grp`), so the answer is the same on every server process, through rollups
//! or raw files, before and after a compaction.
//!
//! Hand-worked: 测试牛奶 (tape 伊利版本A) on 测试卫视, 2026-03-10, customer data of category 2,
//! source 3, customer side, its default group 全国4+. Six rows, 20:00 … 20:05 (so they share
//! every rollup key): 0.5054, 3.3376, 1.1354, 1.1769, 2.0, 0.9802; the 2.0 row is then deleted.
//! Live: 0.5054 + 3.3376 + 1.1354 + 1.1769 + 0.9802 = 7.1355 GRP in 5 spots, answered exactly;
//! 7.1355 ÷ 5 = 1.4271 → 1.427 a spot. Added as floats in air-time order the five give
//! 7.1354999999999995, which rounded to 3 decimals showed 7.135 where the rollup's sum showed
//! 7.136: the figure then depended on how the rows were summed (the rollup with 2.0 in it, less
//! 2.0; raw; another process).

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::{Fixture, fixture};
use crate::helpers::viewing::upload_customer_data;

const GRPS: [f64; 6] = [0.5054, 3.3376, 1.1354, 1.1769, 2.0, 0.9802];

async fn ask(app: &crate::helpers::TestApp, f: &Fixture, extra: Value) -> Value {
    let mut fields = json!({ "mediaId": f.media, "productId": f.product, "timeType": 3, "timeAdd": "2026-03-10", "timeEnd": "2026-03-10" });
    for (k, v) in extra.as_object().unwrap() {
        fields[k] = v.clone();
    }
    let answer = app.send(Call::get("dashboardoneIndex", fields).token(&f.token)).await.ok().clone();
    json!([answer["tData"][0]["t"], answer["cData"][0]["t"], answer["oData"][0]["t"]])
}

#[tokio::test]
async fn a_dashboard_sum_is_the_same_exact_figure_on_every_process_path_and_after_compaction() {
    let f = fixture().await;
    let spots: Vec<_> = GRPS
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let s = |t: &str| t.to_owned();
            (s("2026-03-10"), s("测试卫视"), format!("20:0{i}:00"), 15.0, s("伊利版本A"), s("晚间新闻"), s("全国4+"), *g, s("正一"))
        })
        .collect();
    upload_customer_data(&f.app, &f.token, 1, &spots).await;
    let listed = f.app.send(Call::get("customerIndex", json!({ "limit": 10 })).token(&f.token)).await.ok().clone();
    let two = listed["data"].as_array().unwrap().iter().find(|r| r["maoDianPing"] == json!(2.0)).expect("the 2.0 row")["id"].clone();
    f.app.send(Call::post("customerDel", json!({ "ids": two.to_string() })).token(&f.token)).await.ok();
    let exact = json!([[7.1355], [5], [1.427]]);

    // Through the title companions (products and days alone) and the month rollups (a data
    // category asked for), on this process and on another one sharing the database and lake.
    let other = f.app.another(0).await;
    for app in [&f.app, &other] {
        assert_eq!(ask(app, &f, json!({})).await, exact);
        assert_eq!(ask(app, &f, json!({ "category": "2" })).await, exact);
    }
    // Raw files: a lake whose manifest lists no rollup (as before they were built).
    sqlx::query("update lake_files set live = false where dataset = 'viewing_daily'").execute(&f.app.db).await.unwrap();
    assert_eq!(ask(&f.app, &f, json!({})).await, exact, "raw");
    adeval_server::lake::rollups::backfill(&f.app.state.db, &f.app.state.reads.lake).await.unwrap();
    assert_eq!(ask(&other, &f, json!({})).await, exact, "rollups built again");
    // Compacted: the deleted row gone from the files, the rollups rebuilt without it.
    adeval_server::lake::compact(&f.app.state.db, &f.app.state.reads.lake, adeval_engine::Dataset::Viewing).await.unwrap();
    for app in [&f.app, &other] {
        assert_eq!(ask(app, &f, json!({})).await, exact, "compacted");
        assert_eq!(ask(app, &f, json!({ "category": "2" })).await, exact, "compacted, by category");
    }
}

/// The rows above as a lake of an earlier version left them: the raw file holding GRP with more
/// decimals than the lake keeps (0.98019999, kept as 0.9802), rollups of the earlier format
/// (GRP summed as doubles, named without a prefix: a twin, a month rollup and its title
/// companion, written by the SQL that version ran; and a `v2-` twin, GRP in units but no
/// position counts) and the 2.0 row deleted. Answers the batch.
async fn earlier_lake(f: &Fixture) -> i64 {
    use adeval_engine::{Dataset, LakeFile, ViewingRow};
    use adeval_server::lake::{BatchInfo, begin_batch, commit_batch, insert_files, row_id};
    let state = &f.app.state;
    let info = BatchInfo { dataset: Dataset::Viewing, origin: "cli", file_id: None, job_id: None, admin_id: None, category: Some(2), source: Some(3), belonging_to: Some(1) };
    let batch = begin_batch(&state.db, &info).await.unwrap();
    let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
    let rows: Vec<ViewingRow> = GRPS
        .iter()
        .enumerate()
        .map(|(i, g)| ViewingRow {
            id: row_id(batch, i),
            batch_id: batch,
            media_id: f.media,
            channel: "测试卫视".into(),
            audience_group_id: f.group,
            audience_group: "全国4+".into(),
            brand_id: None,
            air_time: day.and_hms_opt(20, i as u32, 0).unwrap(),
            ymd: day,
            duration: 15,
            title: "伊利版本A".into(),
            program: None,
            time_period_class_id: None,
            time_period_class: None,
            grp: *g,
            position: None,
            position_index: None,
            position_of: None,
            position_from_end: false,
            category: 2,
            source: 3,
            belonging_to: 1,
            created_at: day.and_hms_opt(0, 0, 0).unwrap(),
        })
        .collect();
    let lake = state.reads.lake.clone();
    let mut files = tokio::task::spawn_blocking(move || lake.write_viewing(batch, &rows)).await.unwrap().unwrap();
    assert_eq!(files.len(), 1);
    let root = state.reads.lake.root().to_path_buf();
    let raw = root.join(&files[0].path);
    let month = "viewing_daily/month=2026-03";
    let (twin, full, titles) = (format!("{month}/b{batch}-0.parquet"), format!("{month}/month-b{batch}-1.parquet"), format!("{month}/month-b{batch}-1-titles.parquet"));
    let v2 = format!("{month}/v2-b{batch}-0.parquet");
    let keys = "ymd, media_id, audience_group_id, audience_group, title, category, source, belonging_to, time_period_class_id";
    let at = |p: &str| root.join(p).display().to_string();
    let covers = files[0].path.clone();
    std::fs::create_dir_all(root.join(month)).unwrap();
    let conn = duckdb::Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "copy (select * replace (case when grp = 0.9802 then 0.98019999 else grp end as grp) from read_parquet('{raw}')) to '{raw}.old' (format parquet);
         copy (select {keys}, count(*)::bigint as n, sum(grp)::double as grp from read_parquet('{raw}.old') group by all) to '{twin}' (format parquet);
         copy (select {keys}, count(*)::bigint as n, sum(round(grp * 10000))::bigint as units from read_parquet('{raw}.old') group by all) to '{v2}' (format parquet);
         copy (select {keys}, sum(n)::bigint as n, sum(grp)::double as grp from read_parquet('{twin}') group by all)
           to '{full}' (format parquet, kv_metadata {{adeval_covers: '{covers}'}});
         copy (select (md5_number_upper(title) >> 1)::bigint as tid, title, ymd, media_id, sum(n)::bigint as n, sum(grp)::double as grp
               from read_parquet('{full}') group by all order by tid, title, ymd, media_id)
           to '{titles}' (format parquet, kv_metadata {{adeval_covers: '{covers}'}});",
        raw = raw.display(),
        twin = at(&twin),
        v2 = at(&v2),
        full = at(&full),
        titles = at(&titles),
    ))
    .unwrap();
    std::fs::rename(format!("{}.old", raw.display()), &raw).unwrap();
    files[0].bytes = std::fs::metadata(&raw).unwrap().len();
    let legacy: Vec<LakeFile> = [twin, v2, full, titles]
        .into_iter()
        .map(|path| LakeFile { bytes: std::fs::metadata(root.join(&path)).unwrap().len(), dataset: Dataset::ViewingDaily, path, ..files[0].clone() })
        .collect();
    let mut tx = state.db.begin().await.unwrap();
    commit_batch(&mut tx, batch, None, &files, GRPS.len() as u64).await.unwrap();
    insert_files(&mut tx, batch, &legacy).await.unwrap();
    sqlx::query("insert into lake_deletions (dataset, row_id) values ('viewing', $1)").bind(row_id(batch, 4)).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    batch
}

#[tokio::test]
async fn a_lake_with_rollups_of_an_earlier_format_answers_exactly_before_and_after_they_are_rebuilt() {
    let f = fixture().await;
    earlier_lake(&f).await;
    let live = || async {
        sqlx::query_scalar::<_, String>("select path from lake_files where dataset = 'viewing_daily' and live order by path")
            .fetch_all(&f.app.db)
            .await
            .unwrap()
    };
    assert_eq!(live().await.len(), 4);
    let exact = json!([[7.1355], [5], [1.427]]);
    // The earlier rollups' double sums are passed over: the raw file answers, its GRP kept.
    assert_eq!(ask(&f.app, &f, json!({})).await, exact, "before the backfill");
    assert_eq!(ask(&f.app, &f, json!({ "category": "2" })).await, exact, "before the backfill, by category");

    // A start's backfill: rollups of the current format built, the earlier ones retired.
    assert_eq!(adeval_server::lake::rollups::backfill(&f.app.state.db, &f.app.state.reads.lake).await.unwrap(), 1, "one twin");
    let rebuilt = live().await;
    assert_eq!(rebuilt.len(), 3, "a twin, a month rollup and its title companion: {rebuilt:?}");
    assert!(rebuilt.iter().all(|p| p.contains(&format!("/{}", adeval_engine::ROLLUP_PREFIX))), "{rebuilt:?}");
    let other = f.app.another(0).await;
    for app in [&f.app, &other] {
        assert_eq!(ask(app, &f, json!({})).await, exact, "after the backfill");
        assert_eq!(ask(app, &f, json!({ "category": "2" })).await, exact, "after the backfill, by category");
    }
    assert_eq!(adeval_server::lake::rollups::backfill(&f.app.state.db, &f.app.state.reads.lake).await.unwrap(), 0, "nothing left to build");
    // Compacted: the file rewritten with GRP kept to 4 decimals, the deleted row gone.
    adeval_server::lake::compact(&f.app.state.db, &f.app.state.reads.lake, adeval_engine::Dataset::Viewing).await.unwrap();
    assert_eq!(ask(&other, &f, json!({})).await, exact, "compacted");
    let listed = f.app.send(Call::get("customerIndex", json!({ "limit": 10 })).token(&f.token)).await.ok().clone();
    let grps: Vec<f64> = listed["data"].as_array().unwrap().iter().map(|r| r["maoDianPing"].as_f64().unwrap()).collect();
    assert!(grps.contains(&0.98) || grps.contains(&0.9802), "{grps:?}");
}
