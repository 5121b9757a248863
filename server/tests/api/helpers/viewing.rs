//! Customer viewing data for tests: workbooks in the customer-data format and the master data
//! their rows name.

use chrono::{Duration as Days, NaiveDate};

use super::TestApp;
use super::uploads::{job_end, upload};

/// One data row: date, channel, air time, duration, title, programme, group, GRP, position.
pub type Spot = (String, String, String, f64, String, String, String, f64, String);

const HEADERS: [&str; 9] = ["日期", "频道", "播出时间", "时长", "标题", "节目", "受众/城市组", "毛评点", "位置"];

/// Uploads `spots` as customer data (category 2, source 3, `belonging_to`) through the upload
/// call and waits for its import to end done.
pub async fn upload_customer_data(app: &TestApp, token: &str, belonging_to: i64, spots: &[Spot]) {
    let tag = serde_json::json!({ "category": 2, "source": 3, "belongingTo": belonging_to });
    let answer = upload(app, token, "customerData", "客户数据.xlsx", tag, &workbook(spots, false)).await;
    let (status, message) = job_end(app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
}

pub fn workbook(spots: &[Spot], title_row: bool) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let top = u32::from(title_row);
    if title_row {
        sheet.write_string(0, 0, "客户数据（测试）").unwrap();
    }
    for (c, h) in HEADERS.iter().enumerate() {
        sheet.write_string(top, c as u16, *h).unwrap();
    }
    for (r, s) in spots.iter().enumerate() {
        let r = top + 1 + r as u32;
        sheet.write_string(r, 0, &s.0).unwrap();
        sheet.write_string(r, 1, &s.1).unwrap();
        sheet.write_string(r, 2, &s.2).unwrap();
        sheet.write_number(r, 3, s.3).unwrap();
        sheet.write_string(r, 4, &s.4).unwrap();
        sheet.write_string(r, 5, &s.5).unwrap();
        sheet.write_string(r, 6, &s.6).unwrap();
        sheet.write_number(r, 7, s.7).unwrap();
        sheet.write_string(r, 8, &s.8).unwrap();
    }
    book.save_to_buffer().unwrap()
}

/// `n` spots over March 2026 on two channels; titles 版本A/版本B; one in ten past midnight.
pub fn spots(n: usize, tag: &str) -> Vec<Spot> {
    let start = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
    (0..n)
        .map(|i| {
            let day = start + Days::days((i % 31) as i64);
            let (h, m) = if i % 10 == 9 { (25, i % 60) } else { (19 + i % 3, i % 60) };
            (
                day.format("%Y-%m-%d").to_string(),
                if i % 2 == 0 { "测试卫视" } else { "测试二台" }.to_owned(),
                format!("{h:02}:{m:02}:00"),
                15.0,
                format!("{tag}版本{}", if i % 3 == 0 { "A" } else { "B" }),
                "晚间新闻".to_owned(),
                "全国4+".to_owned(),
                (i % 50) as f64 / 10.0,
                if i % 4 == 0 { "正一".to_owned() } else { format!("{}/8", i % 8 + 1) },
            )
        })
        .collect()
}

/// Two channels, a brand with the 全国4+ group, and prime-time periods on the first channel.
pub async fn seed(app: &TestApp) -> (i64, i64, i64) {
    let media: i64 = sqlx::query_scalar("insert into media (media_name) values ('测试卫视') returning id").fetch_one(&app.db).await.unwrap();
    sqlx::query("insert into media (media_name) values ('测试二台')").execute(&app.db).await.unwrap();
    let brand: i64 = sqlx::query_scalar("insert into brands (brand_name) values ('测试品牌') returning id").fetch_one(&app.db).await.unwrap();
    sqlx::query("insert into audience_groups (brand_id, group_name) values ($1, '全国4+')").bind(brand).execute(&app.db).await.unwrap();
    let other: i64 = sqlx::query_scalar("insert into brands (brand_name) values ('别的品牌') returning id").fetch_one(&app.db).await.unwrap();
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金时段') returning id")
        .bind(media)
        .fetch_one(&app.db)
        .await
        .unwrap();
    sqlx::query("insert into time_periods (media_id, class_id, time_period_name, start_secs, end_secs) values ($1, $2, '晚间', 68400, 79199)")
        .bind(media)
        .bind(class)
        .execute(&app.db)
        .await
        .unwrap();
    (media, brand, other)
}

/// `n` March 2026 rows written straight into the lake as a new command-line batch (category 2,
/// source 3, ownership 1), not yet committed: row `i` on day `i % 28` at 19:`i % 60`, 15 s,
/// 1.5 GRP, titled `title(i)`, on `media`. Answers the batch and its files.
pub async fn lake_batch(
    state: &adeval_server::AppState,
    media: i64,
    n: usize,
    title: impl Fn(usize) -> String,
    program: Option<&str>,
) -> (i64, Vec<adeval_engine::LakeFile>) {
    use adeval_engine::{Dataset, ViewingRow};
    use adeval_server::lake::{BatchInfo, begin_batch, row_id};
    let info = BatchInfo {
        dataset: Dataset::Viewing,
        origin: "cli",
        file_id: None,
        job_id: None,
        admin_id: None,
        category: Some(2),
        source: Some(3),
        belonging_to: Some(1),
    };
    let batch = begin_batch(&state.db, &info).await.unwrap();
    let start = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
    let rows: Vec<ViewingRow> = (0..n)
        .map(|i| {
            let ymd = start + chrono::Days::new((i % 28) as u64);
            ViewingRow {
                id: row_id(batch, i),
                batch_id: batch,
                media_id: media,
                channel: "测试卫视".into(),
                audience_group_id: 1,
                audience_group: "全国4+".into(),
                brand_id: None,
                air_time: ymd.and_hms_opt(19, (i % 60) as u32, (i / 60 % 60) as u32).unwrap(),
                ymd,
                duration: 15,
                title: title(i),
                program: program.map(str::to_owned),
                time_period_class_id: None,
                time_period_class: None,
                grp: 1.5,
                position: None,
                position_index: None,
                position_of: None,
                position_from_end: false,
                category: 2,
                source: 3,
                belonging_to: 1,
                created_at: start.and_hms_opt(0, 0, 0).unwrap(),
            }
        })
        .collect();
    let lake = state.reads.lake.clone();
    let files = tokio::task::spawn_blocking(move || lake.write_viewing(batch, &rows)).await.unwrap().unwrap();
    (batch, files)
}
