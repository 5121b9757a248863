//! The audience dashboard over customer data imported through the upload job, with numbers
//! worked out by hand (docs/dashboard.md).
//!
//! Master data: the orders' fixture (测试卫视 with 测试牛奶 — titles 测试牛奶, 伊利版本A, T-001,
//! 伊利版本B, T-002 — and 别的产品 — 别的产品, 别的版本, T-003; both with the default group 全国4+,
//! 测试牛奶 also 北京; 上海 is another brand's), plus 全国4+ under the other brand too (so rows
//! naming it are stored without a group id and match it by name), 二台产品 on 测试二台 (title
//! 二台广告, default group 上海), and the class 黄金 of the period 19:00–21:59:59 on 测试卫视.
//! Range 2026-03-28 … 04-05 by ISO week: W13 is 03-28…29, W14 is 03-30…04-05 (across the
//! month's end; 03-31 25:10 airs in April's file). Side: 1 the customer's data, 2 the media's.
//!
//! | # | day, time | channel | title | group | GRP | cat/src | side | product, week, class |
//! |---|---|---|---|---|---|---|---|---|
//! | 1 | 03-28 19:10 | 卫视 | 伊利版本A | 全国4+ | 1.2 | 2/3 | 1 | 牛奶 W13 黄金 |
//! | 2 | 03-29 25:30 | 卫视 | T-001 | 全国4+ | 2.5 | 2/3 | 1 | 牛奶 W13 |
//! | 3 | 03-31 25:10 | 卫视 | 测试牛奶 | 北京 | 0.9 | 2/3 | 1 | 牛奶 W14 |
//! | 4 | 04-02 20:00 | 卫视 | 伊利版本B | 全国 4+ | 2.0 | 2/3 | 1 | 牛奶 W14 黄金 |
//! | 5 | 04-02 20:30 | 卫视 | 别的版本 | 全国4+ | 3.0 | 2/3 | 1 | 别的 W14 黄金 |
//! | 6, 7 | 04-06, 03-27 | 卫视 | 伊利版本A | 全国4+ | 9.0 | 2/3 | 1 | out of range |
//! | 8 | 04-01 20:00 | 卫视 | 不相干 | 全国4+ | 5.0 | 2/3 | 1 | no product |
//! | 9 | 04-03 20:00 | 二台 | 二台广告 | 上海 | 4.0 | 2/3 | 1 | 二台 W14 |
//! | 10 | 04-03 20:10 | 卫视 | 伊利版本A | 上海 | 0.5 | 2/3 | 1 | 牛奶 W14 黄金 |
//! | 11 | 03-30 19:20 | 卫视 | 伊利版本A | 全国4+ | 1.1 | 3/1 | 2 | 牛奶 W14 黄金 |
//! | 12 | 03-30 19:40 | 卫视 | 伊利版本A | 全国4+ | 0.8 | 3/1 | 2 | 牛奶 W14 黄金; deleted in the first test |
//!
//! With nothing chosen a product counts the customer side's rows of its default group: 测试牛奶
//! W13 2 spots, 1.2 + 2.5 = 3.7 (1.85 a spot), W14 row 4 alone, 2.0 (rows 3 and 10 are other
//! groups', 11 and 12 the media's); 别的产品 W14 row 5, 3.0; 二台产品 W14 row 9, 4.0. The media
//! side of 测试牛奶 is rows 11 and 12: W14 2 spots, 1.9; once row 12 is deleted 1 spot, 1.1
//! (rows 11 and 12 share every key, so they are one rollup row and row 12's 0.8 is subtracted).

use serde_json::{Value, json};

use crate::helpers::orders::{Fixture, fixture};
use crate::helpers::uploads::{job_end, upload};
use crate::helpers::viewing::{Spot, workbook};
use crate::helpers::Call;

fn spot(day: &str, time: &str, channel: &str, title: &str, group: &str, grp: f64) -> Spot {
    let s = |t: &str| t.to_owned();
    (s(day), s(channel), s(time), 15.0, s(title), s("晚间新闻"), s(group), grp, s("正一"))
}

struct Setup {
    f: Fixture,
    other_product: i64,
    second_product: i64,
    class: i64,
}

async fn import(f: &Fixture, rows: &[Spot], tag: Value) {
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", tag, &workbook(rows, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
}

async fn setup() -> Setup {
    let f = fixture().await;
    let db = &f.app.db;
    let scalar = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql);
    let other_brand = scalar("select id from brands where brand_name = '别的品牌'").fetch_one(db).await.unwrap();
    sqlx::query("insert into audience_groups (brand_id, group_name) values ($1, '全国4+')").bind(other_brand).execute(db).await.unwrap();
    let other_product = scalar("select id from products where product_name = '别的产品'").fetch_one(db).await.unwrap();
    let second_product: i64 = sqlx::query_scalar(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id, upside_down_three_per,
                               prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements)
         select brand_id, $1, '二台产品', 15, $3, 30, '', 60, 20, '' from products where id = $2 returning id",
    )
    .bind(f.other_media)
    .bind(f.product)
    .bind(f.foreign_group)
    .fetch_one(db)
    .await
    .unwrap();
    sqlx::query(
        "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                                    media_tape_number, customer_title)
         select brand_id, $1, $2, '2026', '二台广告', '二台广告', 'T-900', ' 二台广告 ' from products where id = $2",
    )
    .bind(f.other_media)
    .bind(second_product)
    .execute(db)
    .await
    .unwrap();
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(db)
        .await
        .unwrap();
    sqlx::query("insert into time_periods (media_id, class_id, time_period_name, start_secs, end_secs) values ($1, $2, '黄金时段', 68400, 79199)")
        .bind(f.media)
        .bind(class)
        .execute(db)
        .await
        .unwrap();
    let (one, two) = ("测试卫视", "测试二台");
    let rows = [
        spot("2026-03-28", "19:10:00", one, "伊利版本A", "全国4+", 1.2),
        spot("2026-03-29", "25:30:00", one, "T-001", "全国4+", 2.5),
        spot("2026-03-31", "25:10:00", one, "测试牛奶", "北京", 0.9),
        spot("2026-04-02", "20:00:00", one, "伊利版本B", "全国 4+", 2.0),
        spot("2026-04-02", "20:30:00", one, "别的版本", "全国4+", 3.0),
        spot("2026-04-06", "20:00:00", one, "伊利版本A", "全国4+", 9.0),
        spot("2026-03-27", "20:00:00", one, "伊利版本A", "全国4+", 9.0),
        spot("2026-04-01", "20:00:00", one, "不相干", "全国4+", 5.0),
        spot("2026-04-03", "20:00:00", two, "二台广告", "上海", 4.0),
        spot("2026-04-03", "20:10:00", one, "伊利版本A", "上海", 0.5),
    ];
    import(&f, &rows, json!({ "category": 2, "source": 3, "belongingTo": 1 })).await;
    let later = [spot("2026-03-30", "19:20:00", one, "伊利版本A", "全国4+", 1.1), spot("2026-03-30", "19:40:00", one, "伊利版本A", "全国4+", 0.8)];
    import(&f, &later, json!({ "category": 3, "source": 1, "belongingTo": 2 })).await;
    Setup { f, other_product, second_product, class }
}

impl Setup {
    async fn index(&self, mut fields: Value) -> Value {
        let base = json!({ "timeType": 4, "timeAdd": "2026-03-28", "timeEnd": "2026-04-05" });
        for (k, v) in base.as_object().unwrap() {
            fields.as_object_mut().unwrap().entry(k.clone()).or_insert(v.clone());
        }
        self.f.app.send(Call::get("dashboardoneIndex", fields).token(&self.f.token)).await.ok().clone()
    }

    /// `[(id, name, GRP, spots, GRP per spot)]` of an answer.
    fn lines(answer: &Value) -> Vec<(i64, String, Value, Value, Value)> {
        (0..answer["tData"].as_array().unwrap().len())
            .map(|i| {
                let (t, c, o) = (&answer["tData"][i], &answer["cData"][i], &answer["oData"][i]);
                assert_eq!((&t["id"], &t["name"]), (&c["id"], &c["name"]));
                assert_eq!((&t["id"], &t["name"]), (&o["id"], &o["name"]));
                (t["id"].as_i64().unwrap(), t["name"].as_str().unwrap().to_owned(), t["t"].clone(), c["t"].clone(), o["t"].clone())
            })
            .collect()
    }
}

fn line(id: i64, name: &str, grp: Value, spots: Value, per_spot: Value) -> (i64, String, Value, Value, Value) {
    (id, name.to_owned(), grp, spots, per_spot)
}

#[tokio::test]
async fn products_by_week_count_their_titles_rows_with_deletions_subtracted() {
    let s = setup().await;
    let f = &s.f;
    let media_side = json!({ "mediaId": f.media, "productId": f.product, "belongingTo": 2 });
    let before = s.index(media_side.clone()).await;
    assert_eq!(Setup::lines(&before)[0].3, json!([0, 2]), "row 12 counts until deleted");
    let listed = f.app.send(Call::get("customerIndex", json!({ "category": 3, "limit": 10 })).token(&f.token)).await.ok().clone();
    let twelfth = listed["data"].as_array().unwrap().iter().find(|r| r["maoDianPing"] == json!(0.8)).expect("row 12")["id"].clone();
    f.app.send(Call::post("customerDel", json!({ "ids": twelfth.to_string() })).token(&f.token)).await.ok();

    let after = s.index(media_side).await;
    let answer = s.index(json!({ "mediaId": f.media })).await;

    assert_eq!(Setup::lines(&after), [line(f.product, "测试牛奶", json!([0.0, 1.1]), json!([0, 1]), json!([null, 1.1]))]);
    assert_eq!(answer["time"], json!(["2026-03-28", "2026-04-05"]));
    assert_eq!(answer["tTime"], json!(["2026-W13", "2026-W14"]));
    assert_eq!(
        Setup::lines(&answer),
        [
            line(f.product, "测试牛奶", json!([3.7, 2.0]), json!([2, 1]), json!([1.85, 2.0])),
            line(s.other_product, "别的产品", json!([0.0, 3.0]), json!([0, 1]), json!([null, 3.0])),
        ]
    );
    // Without a media: every product with rows, 二台产品 too (its tape's title trimmed).
    let all = s.index(json!({})).await;
    let ids: Vec<i64> = Setup::lines(&all).iter().map(|l| l.0).collect();
    assert_eq!(ids, [f.product, s.other_product, s.second_product]);
    assert_eq!(Setup::lines(&all)[2].2, json!([0.0, 4.0]));
    // A product asked for is shown even without rows (and without buckets: none has data).
    let picked = s.index(json!({ "mediaId": f.media, "productId": s.second_product })).await;
    assert_eq!(picked["tTime"], json!([]));
    assert_eq!(Setup::lines(&picked), [line(s.second_product, "二台产品", json!([]), json!([]), json!([]))]);
}

/// docs/dashboard.md "Buckets (`timeType`)": the buckets after the last day with data are absent, not 0; the ones before it
/// without a spot are listed (0 GRP, 0 spots, no GRP per spot).
///
/// 测试卫视 by day from 03-28 to 04-12, each product in its default group, customer side:
/// 测试牛奶 has rows 1 (03-28, 1.2), 2 (03-29, 2.5), 4 (04-02, 2.0) and 6 (04-06, 9.0), 别的产品
/// row 5 (04-02, 3.0). The last day with data is 04-06: the answer's days are 03-28 … 04-06 (10),
/// 04-07 … 04-12 absent; 03-30 … 04-01 and 04-03 … 04-05 are gaps within the data, so 0 (and
/// 别的产品's 04-03 … 04-06 too: 测试牛奶 has data after them).
/// By week from 03-23 to 04-26: W13 (03-23 … 29) rows 7 (03-27, 9.0), 1 and 2 = 12.7 in 3
/// (4.233 a spot), W14 row 4 = 2.0, W15 (04-06 … 12) row 6 = 9.0; W16 and W17 absent.
/// Once row 6 is deleted its day's rollup row sums to no spot: the answer ends at 04-02 (W14).
#[tokio::test]
async fn buckets_after_the_last_day_with_data_are_absent_and_gaps_before_it_are_0() {
    let s = setup().await;
    let f = &s.f;
    let by_day = json!({ "mediaId": f.media, "timeType": 3, "timeAdd": "2026-03-28", "timeEnd": "2026-04-12" });
    let days = s.index(by_day.clone()).await;
    assert_eq!(days["time"], json!(["2026-03-28", "2026-04-12"]), "the range asked for");
    let labels: Vec<String> = (28..=31).map(|d| format!("2026-03-{d}")).chain((1..=6).map(|d| format!("2026-04-{d:02}"))).collect();
    assert_eq!(days["tTime"], json!(labels));
    assert_eq!(
        Setup::lines(&days),
        [
            line(
                f.product,
                "测试牛奶",
                json!([1.2, 2.5, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 9.0]),
                json!([1, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
                json!([1.2, 2.5, null, null, null, 2.0, null, null, null, 9.0]),
            ),
            line(
                s.other_product,
                "别的产品",
                json!([0.0, 0.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 0.0]),
                json!([0, 0, 0, 0, 0, 1, 0, 0, 0, 0]),
                json!([null, null, null, null, null, 3.0, null, null, null, null]),
            ),
        ]
    );
    let by_week = json!({ "mediaId": f.media, "productId": f.product, "timeType": 4, "timeAdd": "2026-03-23", "timeEnd": "2026-04-26" });
    let weeks = s.index(by_week.clone()).await;
    assert_eq!(weeks["tTime"], json!(["2026-W13", "2026-W14", "2026-W15"]));
    assert_eq!(Setup::lines(&weeks), [line(f.product, "测试牛奶", json!([12.7, 2.0, 9.0]), json!([3, 1, 1]), json!([4.233, 2.0, 9.0]))]);
    // The by-group view ends alike: 测试牛奶's 全国4+ W13 rows 1 and 2 (from 03-28), W14 row 4,
    // W15 row 6; 北京 W14 row 3 (0.9).
    let fields = json!({ "productId": f.product, "timeType": 4, "timeAdd": "2026-03-28", "timeEnd": "2026-04-19" });
    let groups = f.app.send(Call::get("dashboardoneBIndex", fields).token(&f.token)).await.ok().clone();
    assert_eq!(groups["tTime"], json!(["2026-W13", "2026-W14", "2026-W15"]));
    assert_eq!(
        Setup::lines(&groups),
        [
            line(f.group, "全国4+", json!([3.7, 2.0, 9.0]), json!([2, 1, 1]), json!([1.85, 2.0, 9.0])),
            line(f.second_group, "北京", json!([0.0, 0.9, 0.0]), json!([0, 1, 0]), json!([null, 0.9, null])),
        ]
    );
    // A range after every row: no bucket at all; a product asked for is still listed.
    let later = s.index(json!({ "mediaId": f.media, "productId": f.product, "timeType": 4, "timeAdd": "2026-04-07", "timeEnd": "2026-04-30" })).await;
    assert_eq!(later["tTime"], json!([]));
    assert_eq!(Setup::lines(&later), [line(f.product, "测试牛奶", json!([]), json!([]), json!([]))]);

    let listed = f.app.send(Call::get("customerIndex", json!({ "addTime": "2026-04-06", "endTime": "2026-04-06" })).token(&f.token)).await.ok().clone();
    let sixth = listed["data"].as_array().unwrap().iter().find(|r| r["maoDianPing"] == json!(9.0)).expect("row 6")["id"].clone();
    f.app.send(Call::post("customerDel", json!({ "ids": sixth.to_string() })).token(&f.token)).await.ok();
    let days = s.index(by_day).await;
    assert_eq!(days["tTime"], json!(labels[..6]));
    assert_eq!(Setup::lines(&days)[0].3, json!([1, 1, 0, 0, 0, 1]));
    let weeks = s.index(by_week).await;
    assert_eq!(weeks["tTime"], json!(["2026-W13", "2026-W14"]));
    assert_eq!(Setup::lines(&weeks), [line(f.product, "测试牛奶", json!([12.7, 2.0]), json!([3, 1]), json!([4.233, 2.0]))]);
}

#[tokio::test]
async fn filters_narrow_the_rows_and_groups_match_by_name() {
    let s = setup().await;
    let f = &s.f;
    let media = f.media;
    // Category 3 is the media side's (rows 11 and 12): none on the customer side.
    let data = s.index(json!({ "mediaId": media, "category": "3", "belongingTo": 2 })).await;
    assert_eq!(Setup::lines(&data), [line(f.product, "测试牛奶", json!([0.0, 1.9]), json!([0, 2]), json!([null, 0.95]))]);
    assert_eq!(Setup::lines(&s.index(json!({ "mediaId": media, "category": "3" })).await), []);
    let kinds = s.index(json!({ "mediaId": media, "productId": format!("{},{}", s.other_product, f.product), "category": "2,4", "source": "3" })).await;
    let (milk, other) = (
        line(f.product, "测试牛奶", json!([3.7, 2.0]), json!([2, 1]), json!([1.85, 2.0])),
        line(s.other_product, "别的产品", json!([0.0, 3.0]), json!([0, 1]), json!([null, 3.0])),
    );
    assert_eq!(Setup::lines(&kinds), [milk.clone(), other.clone()]);
    // 全国4+ is two brands' name: its rows carry no group id and match the group by name.
    // Chosen, it is what each product counts by default here.
    let national = s.index(json!({ "mediaId": media, "defaultAudienceCityGroupId": f.group })).await;
    assert_eq!(Setup::lines(&national), [milk, other.clone()]);
    let beijing = s.index(json!({ "mediaId": media, "defaultAudienceCityGroupId": f.second_group })).await;
    assert_eq!(Setup::lines(&beijing), [line(f.product, "测试牛奶", json!([0.0, 0.9]), json!([0, 1]), json!([null, 0.9]))]);
    let prime = s.index(json!({ "mediaId": media, "timePeriodClassId": s.class })).await;
    assert_eq!(
        Setup::lines(&prime),
        [line(f.product, "测试牛奶", json!([1.2, 2.0]), json!([1, 1]), json!([1.2, 2.0])), other]
    );
    // Runs of 3 days from the first: 03-28~03-30 (rows 1, 2), 03-31~04-02 (row 4); 04-03~04-05
    // is after the product's last day with data, so absent.
    let runs = s.index(json!({ "mediaId": media, "productId": f.product, "timeType": 5, "timeTypeValue": 3 })).await;
    assert_eq!(runs["tTime"], json!(["03-28~03-30", "03-31~04-02"]));
    assert_eq!(Setup::lines(&runs), [line(f.product, "测试牛奶", json!([3.7, 2.0]), json!([2, 1]), json!([1.85, 2.0]))]);
    // Over more than one calendar year the runs' labels carry the year: 366 days from
    // 2025-03-29 end on 2026-03-29 (rows 7, 1, 2: 9.0 + 1.2 + 2.5 = 12.7 in 3 spots, 4.233 a
    // spot), then 03-30 … 04-05 (row 4: 2.0).
    let years = s.index(json!({ "mediaId": media, "productId": f.product, "timeType": 5, "timeTypeValue": 366, "timeAdd": "2025-03-29" })).await;
    assert_eq!(years["tTime"], json!(["2025-03-29~2026-03-29", "2026-03-30~2026-04-05"]));
    assert_eq!(Setup::lines(&years), [line(f.product, "测试牛奶", json!([12.7, 2.0]), json!([3, 1]), json!([4.233, 2.0]))]);
}

#[tokio::test]
async fn a_products_groups_each_get_a_series_and_the_lookups_list_the_filters_choices() {
    let s = setup().await;
    let f = &s.f;
    let fields = json!({ "productId": f.product, "timeType": 4, "timeAdd": "2026-03-28", "timeEnd": "2026-04-05" });
    let groups = f.app.send(Call::get("dashboardoneBIndex", fields).token(&f.token)).await.ok().clone();
    assert_eq!(groups["tTime"], json!(["2026-W13", "2026-W14"]));
    // The customer side: 全国4+ is what dashboardoneIndex counts for the product by default.
    assert_eq!(
        Setup::lines(&groups),
        [
            line(f.group, "全国4+", json!([3.7, 2.0]), json!([2, 1]), json!([1.85, 2.0])),
            line(f.second_group, "北京", json!([0.0, 0.9]), json!([0, 1]), json!([null, 0.9])),
        ]
    );

    let get = |name: &'static str, fields: Value| async move { f.app.send(Call::get(name, fields).token(&f.token)).await.ok().clone() };
    assert_eq!(
        get("dashboardMediaList", json!({})).await,
        json!([{ "id": f.media, "mediaName": "测试卫视" }, { "id": f.other_media, "mediaName": "测试二台" }])
    );
    assert_eq!(
        get("dashboardPList", json!({ "mediaId": f.media })).await,
        json!([{ "id": f.product, "productName": "测试牛奶" }, { "id": s.other_product, "productName": "别的产品" }])
    );
    assert_eq!(
        get("dashboardProductList", json!({ "productId": format!("{},{}", f.product, s.other_product) })).await,
        json!([
            { "id": f.group, "name": "全国4+", "defaultFor": [f.product, s.other_product] },
            { "id": f.second_group, "name": "北京", "defaultFor": [] },
        ])
    );
    assert_eq!(
        get("dashboardTimePeriodClassList", json!({ "mediaId": f.media })).await,
        json!([{ "id": s.class, "timePeriodClassName": "黄金" }])
    );
}

#[tokio::test]
async fn bad_arguments_are_4000_with_the_field_and_the_menu_is_required() {
    let s = setup().await;
    let f = &s.f;
    let ask = |fields: Value| async move { f.app.send(Call::get("dashboardoneIndex", fields).token(&f.token)).await };
    let range = |from: &str, to: &str| json!({ "timeType": 4, "timeAdd": from, "timeEnd": to });
    for (fields, field, message) in [
        (range("2026-04-05", "2026-03-28"), "timeAdd", "开始日期不能晚于结束日期"),
        (range("2016-01-01", "2026-01-10"), "timeEnd", "日期范围不能超过 3660 天"),
        (json!({ "timeType": 6, "timeAdd": "2026-03-01", "timeEnd": "2026-03-02" }), "timeType", "时间类型只能是 1 到 5"),
        (json!({ "timeAdd": "2026-03-01", "timeEnd": "2026-03-02" }), "timeType", "请选择时间类型"),
        (json!({ "timeType": 5, "timeTypeValue": 0, "timeAdd": "2026-03-01", "timeEnd": "2026-03-02" }), "timeTypeValue", "天数必须是 1 到 366 的整数"),
        (json!({ "timeType": 3, "timeAdd": "2026/03/01", "timeEnd": "2026-03-02" }), "timeAdd", "日期格式应为 YYYY-MM-DD"),
        (json!({ "timeType": 3, "timeAdd": "2026-03-01", "timeEnd": "2026-03-02", "category": "2,5" }), "category", "数据类别无效"),
        (json!({ "timeType": 3, "timeAdd": "2026-03-01", "timeEnd": "2026-03-02", "source": "x" }), "source", "数据来源无效"),
        (json!({ "timeType": 3, "timeAdd": "2026-03-01", "timeEnd": "2026-03-02", "productId": "1,a" }), "productId", "编号格式错误"),
    ] {
        let answer = ask(fields.clone()).await;
        assert_eq!(answer.code(), 4000, "{fields}");
        assert_eq!(answer.field(field), Some(message), "{fields}: {:#}", answer.body);
    }
    let no_product = f.app.send(Call::get("dashboardoneBIndex", range("2026-03-01", "2026-03-02")).token(&f.token)).await;
    assert_eq!(no_product.field("productId"), Some("请选择产品"));
    // Ten years and a bit is still fine.
    assert_eq!(ask(json!({ "timeType": 1, "timeAdd": "2016-01-01", "timeEnd": "2026-01-06" })).await.code(), 200);

    for (rules, code) in [("112", 4003), ("155", 200)] {
        let account = format!("dash{rules}");
        let id = f.app.create_account(&account, rules).await;
        let token = f.app.session(id).await;
        let answer = f.app.send(Call::get("dashboardoneIndex", range("2026-03-28", "2026-04-05")).token(&token)).await;
        assert_eq!(answer.code(), code, "rules {rules}");
        let lookup = f.app.send(Call::get("dashboardMediaList", json!({})).token(&token)).await;
        assert_eq!(lookup.code(), code, "rules {rules}");
    }
}

#[tokio::test]
async fn a_lake_without_rollups_answers_the_same_and_gets_them_built_and_compaction_rebuilds_them() {
    let s = setup().await;
    let f = &s.f;
    let fields = json!({ "mediaId": f.media, "timeType": 3 });
    let expected = s.index(fields.clone()).await;
    let live_rollups = || async {
        // The twins; month rollups (across batches) are counted apart.
        sqlx::query_scalar::<_, String>(
            "select path from lake_files where dataset = 'viewing_daily' and live and path not like '%-month-%' order by path",
        )
            .fetch_all(&f.app.db)
            .await
            .unwrap()
    };
    let built = live_rollups().await;
    assert_eq!(built.len(), 3, "March and April of the first import, March of the second: {built:?}");
    // A lake from before rollups: the manifest lists none (the files stay, as a backfill that
    // died would leave them).
    sqlx::query("delete from lake_files where dataset = 'viewing_daily'").execute(&f.app.db).await.unwrap();
    assert_eq!(s.index(fields.clone()).await, expected, "raw files answer alike");

    let n = adeval_server::lake::rollups::backfill(&f.app.state.db, &f.app.state.reads.lake).await.unwrap();

    assert_eq!((n, live_rollups().await), (3, built.clone()));
    assert_eq!(s.index(fields.clone()).await, expected);
    assert_eq!(adeval_server::lake::rollups::backfill(&f.app.state.db, &f.app.state.reads.lake).await.unwrap(), 0, "nothing left to build");

    let listed = f.app.send(Call::get("customerIndex", json!({ "limit": 1 })).token(&f.token)).await.ok().clone();
    f.app.send(Call::post("customerDel", json!({ "ids": listed["data"][0]["id"].to_string() })).token(&f.token)).await.ok();
    let after_delete = s.index(fields.clone()).await;
    adeval_server::lake::compact(&f.app.state.db, &f.app.state.reads.lake, adeval_engine::Dataset::Viewing).await.unwrap();
    let rebuilt = live_rollups().await;
    assert!(rebuilt.iter().all(|p| !built.contains(p)) && rebuilt.len() == 2, "{rebuilt:?}");
    // The replaced rollups stay for reads in flight, until a sweep past the grace.
    adeval_server::lake::sweep_retired(&f.app.db, &f.app.state.reads.lake, std::time::Duration::ZERO).await.unwrap();
    for old in &built {
        assert!(!f.app.data_dir.join("lake").join(old).exists(), "{old} stayed on disk");
    }
    assert_eq!(s.index(fields).await, after_delete);
}
