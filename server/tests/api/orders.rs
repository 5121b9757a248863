//! Orders (menu 112): orderAdd / orderUp / orderDel / orderInfo, the order list with its
//! filters and figures, the export, the dialog's pickers, status derivation and the order log.
//! Master data is inserted directly (its screens are another area's); viewing data comes in
//! through a real customer-data upload.

use calamine::Data;
use serde_json::{Value, json};

use crate::customers::{spots, workbook};
use crate::exports::{download, read_back};
use crate::helpers::{Call, TestApp, spawn_app};
use crate::uploads::{customer, job_end, upload};

struct Fixture {
    app: TestApp,
    token: String,
    media: i64,
    other_media: i64,
    product: i64,
    /// The product's default group 全国4+, and another of its groups.
    group: i64,
    second_group: i64,
    /// A group of another brand.
    foreign_group: i64,
    /// 伊利版本A and 伊利版本B of the product.
    tapes: [i64; 2],
    /// A tape of another product.
    foreign_tape: i64,
    /// 春季套装 (customer 120.5, media 100.123) and 夏季套装 (30.25, 20.001) on the media.
    suits: [i64; 2],
    /// A suit on the other media.
    foreign_suit: i64,
}

async fn scalar(app: &TestApp, sql: &str, binds: &[&(dyn ToString + Sync)]) -> i64 {
    let mut q = sqlx::query_scalar::<_, i64>(sql);
    for b in binds {
        q = q.bind(b.to_string());
    }
    q.fetch_one(&app.db).await.unwrap()
}

async fn fixture() -> Fixture {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let media = scalar(&app, "insert into media (media_name) values ('测试卫视') returning id", &[]).await;
    let other_media = scalar(&app, "insert into media (media_name) values ('测试二台') returning id", &[]).await;
    let brand = scalar(&app, "insert into brands (brand_name) values ('测试品牌') returning id", &[]).await;
    let other_brand = scalar(&app, "insert into brands (brand_name) values ('别的品牌') returning id", &[]).await;
    let group_sql = "insert into audience_groups (brand_id, group_name) values ($1::bigint, $2) returning id";
    let group = scalar(&app, group_sql, &[&brand, &"全国4+"]).await;
    let second_group = scalar(&app, group_sql, &[&brand, &"北京"]).await;
    let foreign_group = scalar(&app, group_sql, &[&other_brand, &"上海"]).await;
    let product_sql = "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
            upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements)
        values ($1::bigint, $2::bigint, $3, 15, $4::bigint, 30, '19:00:00-22:00:00', 60, 20, '') returning id";
    let product = scalar(&app, product_sql, &[&brand, &media, &"测试牛奶", &group]).await;
    let other_product = scalar(&app, product_sql, &[&brand, &media, &"别的产品", &group]).await;
    sqlx::query("insert into product_audience_groups (product_id, audience_group_id, position) values ($1, $2, 1), ($1, $3, 2)")
        .bind(product)
        .bind(group)
        .bind(second_group)
        .execute(&app.db)
        .await
        .unwrap();
    let tape_sql = "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name,
            media_file_name, media_tape_number, customer_title, seconds)
        values ($1::bigint, $2::bigint, $3::bigint, '2026', $4, $4, $5, $4, 15) returning id";
    let tapes = [
        scalar(&app, tape_sql, &[&brand, &media, &product, &"伊利版本A", &"T-001"]).await,
        scalar(&app, tape_sql, &[&brand, &media, &product, &"伊利版本B", &"T-002"]).await,
    ];
    let foreign_tape = scalar(&app, tape_sql, &[&brand, &media, &other_product, &"别的版本", &"T-003"]).await;
    let suit_sql = "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
        values ($1::bigint, $2::bigint, $3, $4::numeric, $5::numeric, 15, '2026-03-01') returning id";
    let suits = [
        scalar(&app, suit_sql, &[&media, &brand, &"春季套装", &"120.5", &"100.1234"]).await,
        scalar(&app, suit_sql, &[&media, &brand, &"夏季套装", &"30.25", &"20.0006"]).await,
    ];
    let foreign_suit = scalar(&app, suit_sql, &[&other_media, &brand, &"二台套装", &"1", &"1"]).await;
    Fixture {
        app,
        token,
        media,
        other_media,
        product,
        group,
        second_group,
        foreign_group,
        tapes,
        foreign_tape,
        suits,
        foreign_suit,
    }
}

impl Fixture {
    /// A valid orderAdd payload for March 2026, metrics left to the suits.
    fn form(&self) -> Value {
        json!({
            "mediaId": self.media, "productId": self.product, "defaultId": self.group, "seconds": 15,
            "orderProductMagneticTapeId": self.tapes[0].to_string(),
            "suitId": format!("{},{}", self.suits[0], self.suits[1]),
            "cycleTimeAdd": "2026-03-01", "cycleTimeEnd": "2026-03-31", "followDate": "2026-03-05",
            "blankWeek": "2026-03-08", "notes": "首单", "adjustingQuantity": 0,
            "customerFreeBroadcastCalculation": 2, "customerFreeBroadcastValue": 10,
            "mediaFreeBroadcastCalculation": "3", "mediaFreeBroadcastValue": "5"
        })
    }

    async fn add(&self, form: Value) -> Value {
        self.app.send(Call::post("orderAdd", form).token(&self.token)).await.ok().clone()
    }

    async fn list(&self, filters: Value) -> Value {
        self.app.send(Call::get("orderList", filters).token(&self.token)).await.ok().clone()
    }

    async fn info(&self, id: i64) -> Value {
        self.app.send(Call::get("orderInfo", json!({ "orderId": id })).token(&self.token)).await.ok().clone()
    }

    async fn count(&self, table: &str) -> i64 {
        sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(&self.app.db).await.unwrap()
    }

    /// A time period of `media` (once per name): seconds from the start of the broadcast day.
    async fn period(&self, media: i64, name: &str, (start, end): (i32, i32)) -> i64 {
        sqlx::query_scalar(
            "insert into time_periods (media_id, time_period_name, start_secs, end_secs) values ($1, $2, $3, $4)
             on conflict (media_id, time_period_name) do update set end_secs = excluded.end_secs returning id",
        )
        .bind(media)
        .bind(name)
        .bind(start)
        .bind(end)
        .fetch_one(&self.app.db)
        .await
        .unwrap()
    }

    /// A schedule line of the order in March on tape `tape`, with one cell a day on `days`.
    async fn schedule(&self, order: i64, tape: i64, days: &[u32]) -> i64 {
        let period = self.period(self.media, "晚间", EVENING).await;
        let line: i64 = sqlx::query_scalar(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id) values ($1, $2, '2026-03-01', $3, $4) returning id",
        )
        .bind(order)
        .bind(self.media)
        .bind(tape)
        .bind(period)
        .fetch_one(&self.app.db)
        .await
        .unwrap();
        for d in days {
            sqlx::query("insert into order_cells (line_id, ymd, point) values ($1, make_date(2026, 3, $2), 2)")
                .bind(line)
                .bind(*d as i32)
                .execute(&self.app.db)
                .await
                .unwrap();
        }
        line
    }
}

/// 19:00–21:59:59.
const EVENING: (i32, i32) = (68400, 79199);

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() < 1e-6)
}

#[tokio::test]
async fn an_empty_order_form_answers_every_required_message_and_writes_nothing() {
    let f = fixture().await;
    let answer = f.app.send(Call::post("orderAdd", json!({})).token(&f.token)).await;
    assert_eq!(answer.code(), 4000);
    for (field, message) in [
        ("mediaId", "请选择媒体"),
        ("productId", "请选择产品名称"),
        ("defaultId", "请选择受众/城市组"),
        ("seconds", "请选择秒数"),
        ("orderProductMagneticTapeId", "请选择产品磁带"),
        ("suitId", "请选择套装"),
        ("cycleTimeAdd", "请选择周期开始"),
        ("cycleTimeEnd", "请选择周期结束"),
        ("followDate", "请选择跟进日期"),
        ("customerFreeBroadcastCalculation", "请选择赠播计算方式"),
        ("mediaFreeBroadcastCalculation", "请选择赠播计算方式"),
    ] {
        assert_eq!(answer.field(field), Some(message), "{field}: {}", answer.body);
    }
    assert_eq!(f.count("orders").await, 0);
}

#[tokio::test]
async fn bad_values_and_foreign_references_are_refused_each_with_its_message() {
    let f = fixture().await;
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({ "seconds": 17 }), "seconds", "秒数只能是 5、10、15、20、30、60 或 120"),
        (json!({ "cycleTimeEnd": "2026-02-28" }), "cycleTimeEnd", "周期结束不能早于周期开始"),
        (json!({ "cycleTimeAdd": "2026-02-30" }), "cycleTimeAdd", "日期格式应为 YYYY-MM-DD"),
        (json!({ "blankWeek": "2026-04-02" }), "blankWeek", "空档日期 2026-04-02 不在周期内"),
        (json!({ "customerFreeBroadcastCalculation": 4 }), "customerFreeBroadcastCalculation", "赠播计算方式无效"),
        (json!({ "mediaFreeBroadcastValue": -1 }), "mediaFreeBroadcastValue", "赠播值必须是大于等于0的数字"),
        (json!({ "customerMetrics": "abc" }), "customerMetrics", "指标必须是大于等于0的数字"),
        (json!({ "category": 9 }), "category", "数据类别无效"),
        (json!({ "defaultId": f.foreign_group }), "defaultId", "受众/城市组不属于所选产品"),
        (json!({ "orderProductMagneticTapeId": f.foreign_tape }), "orderProductMagneticTapeId", "磁带「别的版本」不属于所选产品"),
        (json!({ "suitId": f.foreign_suit }), "suitId", "套装「二台套装」不属于所选媒体"),
        (json!({ "mediaId": 999_999 }), "mediaId", "媒体不存在"),
    ];
    for (change, field, message) in cases {
        let mut form = f.form();
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        let answer = f.app.send(Call::post("orderAdd", form).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{change}: {}", answer.body);
    }
    assert_eq!(f.count("orders").await, 0);
    assert_eq!(f.count("order_logs").await, 0);
}

#[tokio::test]
async fn an_order_sums_its_suits_shows_its_figures_and_status_and_is_logged() {
    let f = fixture().await;
    let added = f.app.send(Call::post("orderAdd", f.form()).token(&f.token)).await;
    assert_eq!(added.body["message"], "添加成功");
    let id = added.ok()["id"].as_i64().unwrap();

    let page = f.list(json!({})).await;
    assert_eq!(page["total"], 1);
    let row = &page["data"][0];
    assert_eq!(row["id"], id);
    assert_eq!((row["mediaName"].as_str(), row["productName"].as_str()), (Some("测试卫视"), Some("测试牛奶")));
    assert_eq!((row["brandName"].as_str(), row["defaultName"].as_str()), (Some("测试品牌"), Some("全国4+")));
    assert_eq!(row["cycleTime"], "2026-03-01 ~ 2026-03-31");
    assert_eq!(row["cycleTimeMonth"], "2026-03");
    assert_eq!((row["followDate"].as_str(), row["blankWeek"].as_str()), (Some("2026-03-05"), Some("2026-03-08")));
    assert_eq!(row["orderProductMagneticTapeId"], json!([f.tapes[0]]));
    assert_eq!(row["tapes"][0]["mediaFileName"], "伊利版本A");
    let suits: Vec<&str> = row["suit"].as_array().unwrap().iter().map(|s| s["suitName"].as_str().unwrap()).collect();
    assert_eq!(suits, ["夏季套装", "春季套装"]);
    // Metrics: the suits' sums to 3 decimals (the suits keep 3 decimals themselves).
    assert!(close(&row["customerMetrics"], 150.75) && close(&row["mediaMetrics"], 120.124), "{row}");
    // Customer: 10 % of 150.75 = 15.075 free, target 165.825; media: 5 free, target 125.124.
    assert!(close(&row["customerFreeBroadcast"], 15.075) && close(&row["customerTarget"], 165.825));
    assert!(close(&row["mediaFreeBroadcast"], 5.0) && close(&row["mediaTarget"], 125.124));
    // Nothing aired, nothing scheduled: expected 0, the whole target short.
    assert!(close(&row["customerExpectedCompletion"], 0.0) && close(&row["customerDifference"], -165.825));
    assert!(close(&row["customerOverplay"], -100.0) && close(&row["mediaOverplay"], -100.0));
    assert!(row["customerAlreadyUpsideDownThree"].is_null() && row["customerTheatres"].is_null());
    assert_eq!((row["status"].as_i64(), row["statusName"].as_str()), (Some(1), Some("待创建订单")));
    assert_eq!((row["jStatus"].as_i64(), row["jStatusName"].as_str()), (Some(1), Some("未评估")));

    let info = f.info(id).await;
    assert_eq!(info["notes"], "首单");
    assert_eq!(info["customerFreeBroadcastCalculation"], 2);

    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": id })).token(&f.token)).await;
    let entries = log.ok().as_array().unwrap().clone();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["content"], "创建订单");
    assert_eq!(entries[0]["admin"]["name"].as_str().map(|n| !n.is_empty()), Some(true));
    assert_eq!(entries[0]["snapshot"]["customerMetrics"], 150.75);

    // Metrics typed in the dialog win over the suits' sums.
    let mut form = f.form();
    form["customerMetrics"] = json!("99.9999");
    form["mediaMetrics"] = json!(0);
    let typed = f.add(form).await;
    assert!(close(&typed["customerMetrics"], 100.0) && close(&typed["mediaMetrics"], 0.0), "{typed}");
}

#[tokio::test]
async fn an_edit_changes_what_it_may_and_never_a_locked_field() {
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    let edit = |change: Value| {
        let mut form = f.form();
        form["orderId"] = json!(id);
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        form
    };
    for (change, field, message) in [
        (json!({ "mediaId": f.other_media }), "mediaId", "编辑订单时不能修改媒体"),
        (json!({ "productId": f.product + 1 }), "productId", "编辑订单时不能修改产品"),
        (json!({ "defaultId": f.second_group }), "defaultId", "编辑订单时不能修改受众/城市组"),
        (json!({ "seconds": 30 }), "seconds", "编辑订单时不能修改秒数"),
        (json!({ "suitId": f.suits[0] }), "suitId", "编辑订单时不能修改套装"),
    ] {
        let answer = f.app.send(Call::post("orderUp", edit(change.clone())).token(&f.token)).await;
        assert_eq!((answer.code(), answer.field(field)), (4000, Some(message)), "{change}: {}", answer.body);
    }
    let unchanged = f.info(id).await;
    assert_eq!((unchanged["mediaId"].as_i64(), unchanged["seconds"].as_i64()), (Some(f.media), Some(15)));

    // Editable fields change; locked ones may be sent as they are, or left out.
    let mut form = edit(json!({
        "notes": "改期", "cycleTimeEnd": "2026-04-15", "orderProductMagneticTapeId": format!("{},{}", f.tapes[1], f.tapes[0]),
        "customerMetrics": 200, "mediaFreeBroadcastCalculation": 1, "category": 2
    }));
    form.as_object_mut().unwrap().remove("suitId");
    let answer = f.app.send(Call::post("orderUp", form).token(&f.token)).await;
    assert_eq!(answer.body["message"], "修改成功", "{}", answer.body);
    let row = f.info(id).await;
    assert_eq!(row["notes"], "改期");
    assert_eq!(row["cycleTimeMonth"], "2026-03,2026-04");
    assert_eq!(row["orderProductMagneticTapeId"], json!([f.tapes[1], f.tapes[0]]));
    assert!(close(&row["customerMetrics"], 200.0) && close(&row["mediaFreeBroadcast"], 0.0));
    assert_eq!(row["category"], 2);
    assert_eq!(row["suit"].as_array().unwrap().len(), 2);

    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": id })).token(&f.token)).await;
    let newest = log.ok()[0].clone();
    let content = newest["content"].as_str().unwrap();
    assert!(content.starts_with("修改订单："), "{content}");
    for part in ["备注 首单 → 改期", "周期 2026-03-01 ~ 2026-03-31 → 2026-03-01 ~ 2026-04-15", "磁带 伊利版本A → 伊利版本B、伊利版本A", "客户指标 150.75 → 200"] {
        assert!(content.contains(part), "{content} lacks {part}");
    }
    assert_eq!(newest["snapshot"]["notes"], "改期");
}

#[tokio::test]
async fn the_schedule_guards_its_cycle_and_tapes_and_drives_the_status() {
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    let line = f.schedule(id, f.tapes[0], &[2, 31]).await;

    // A cell outside the cycle or the line's month is refused by the database itself.
    let outside = sqlx::query("insert into order_cells (line_id, ymd, point) values ($1, '2026-04-01', 1)")
        .bind(line)
        .execute(&f.app.db)
        .await;
    assert!(outside.is_err());

    let mut form = f.form();
    form["orderId"] = json!(id);
    form["cycleTimeEnd"] = json!("2026-03-30");
    let answer = f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await;
    assert_eq!(answer.field("cycleTimeAdd"), Some("周期外已有排期点位，不能缩短到该周期"), "{}", answer.body);
    form["cycleTimeEnd"] = json!("2026-03-31");
    form["orderProductMagneticTapeId"] = json!(f.tapes[1]);
    let answer = f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await;
    assert_eq!((answer.code(), answer.body["message"].as_str()), (4009, Some("要移除的磁带已有排期或换版记录，不能移除")));
    assert_eq!(f.info(id).await["cycleTimeEnd"], "2026-03-31");

    // March 2026 is over: scheduled, no certificate yet → finished with data missing.
    form["orderProductMagneticTapeId"] = json!(f.tapes[0]);
    f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await.ok();
    assert_eq!(f.info(id).await["statusName"], "已完结（数据缺失）");
    sqlx::query("update order_cells set is_he = 2 where line_id = $1").bind(line).execute(&f.app.db).await.unwrap();
    f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await.ok();
    assert_eq!(f.info(id).await["status"], 7);

    // A tape change scheduled within the cycle comes first.
    sqlx::query(
        "insert into order_tape_changes (order_id, product_id, tape_id, up_tape_id, execute_at) values ($1, $2, $3, $4, '2026-03-20')",
    )
    .bind(id)
    .bind(f.product)
    .bind(f.tapes[0])
    .bind(f.tapes[1])
    .execute(&f.app.db)
    .await
    .unwrap();
    f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await.ok();
    assert_eq!(f.info(id).await["statusName"], "待换版");

    // Before and within the cycle, by today's date.
    let future = {
        let mut form = f.form();
        form["cycleTimeAdd"] = json!("2099-01-01");
        form["cycleTimeEnd"] = json!("2099-01-31");
        form["blankWeek"] = json!("");
        f.add(form).await["id"].as_i64().unwrap()
    };
    let current = {
        let mut form = f.form();
        form["cycleTimeAdd"] = json!("2000-01-01");
        form["cycleTimeEnd"] = json!("2098-12-31");
        form["blankWeek"] = json!("");
        f.add(form).await["id"].as_i64().unwrap()
    };
    for order in [future, current] {
        let period: i64 = sqlx::query_scalar("select id from time_periods where media_id = $1").bind(f.media).fetch_one(&f.app.db).await.unwrap();
        sqlx::query("insert into order_lines (order_id, media_id, month, tape_id, time_period_id) values ($1, $2, '2099-01-01', $3, $4)")
            .bind(order)
            .bind(f.media)
            .bind(f.tapes[0])
            .bind(period)
            .execute(&f.app.db)
            .await
            .unwrap();
        let mut conn = f.app.db.acquire().await.unwrap();
        adeval_server::routes::orders::status::refresh(&mut conn, Some(order)).await.unwrap();
    }
    assert_eq!(f.info(future).await["statusName"], "待开播");
    assert_eq!(f.info(current).await["statusName"], "播出中");
    let on_air = f.list(json!({ "status": 4 })).await;
    assert_eq!(on_air["total"], 1);
    assert_eq!(on_air["data"][0]["id"], current);
}

#[tokio::test]
async fn issued_grp_comes_from_the_matching_viewing_rows_of_each_side() {
    let f = fixture().await;
    let spots = spots(600, "伊利");
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", customer(), &workbook(&spots, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");

    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    // The order's rows: its media (测试卫视, even rows), its tape's title 伊利版本A (every third
    // row), its group, data ownership 1 (the upload's), the cycle (all of March).
    let mine: Vec<(usize, &_)> = spots.iter().enumerate().filter(|(i, _)| i % 2 == 0 && i % 3 == 0).collect();
    let grp: f64 = mine.iter().map(|(_, s)| s.7).sum();
    let top = mine.iter().filter(|(i, _)| i % 4 == 0 || [1, 2, 3, 6, 7, 8].contains(&(i % 8 + 1))).count();
    let row = f.info(id).await;
    assert!(close(&row["customerIssuedGrp"], grp), "{} vs {grp}", row["customerIssuedGrp"]);
    assert_eq!(row["customerAiredSpots"], mine.len());
    let pct = ((top as f64 / mine.len() as f64 * 100.0) * 100.0).round() / 100.0;
    assert!(close(&row["customerAlreadyUpsideDownThree"], pct), "{} vs {pct}", row["customerAlreadyUpsideDownThree"]);
    let difference = grp - 165.825;
    assert!(close(&row["customerDifference"], (difference * 1000.0).round() / 1000.0));
    let overplay = ((difference / 165.825 * 100.0) * 100.0).round() / 100.0;
    assert!(close(&row["customerOverplay"], overplay), "{}", row["customerOverplay"]);
    let theatres = (difference / (grp / mine.len() as f64)).trunc() as i64;
    assert_eq!(row["customerTheatres"], theatres);
    // The media side reads data ownership 2, which no upload brought.
    assert!(close(&row["mediaIssuedGrp"], 0.0) && row["mediaAiredSpots"] == 0);

    // Another category than the order names: nothing issued.
    let mut form = f.form();
    form["orderId"] = json!(id);
    form["category"] = json!(1);
    f.app.send(Call::post("orderUp", form).token(&f.token)).await.ok();
    assert!(close(&f.info(id).await["customerIssuedGrp"], 0.0));
}

#[tokio::test]
async fn the_list_filters_pages_ten_at_a_time_exports_and_deletes() {
    let f = fixture().await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let mut form = f.form();
        form["notes"] = json!(format!("订单{i}"));
        if i == 0 {
            form["cycleTimeAdd"] = json!("2026-05-01");
            form["cycleTimeEnd"] = json!("2026-06-10");
            form["blankWeek"] = json!("");
            form["seconds"] = json!(30);
            form["suitId"] = json!(f.suits[1]);
        }
        ids.push(f.add(form).await["id"].as_i64().unwrap());
    }
    let page = f.list(json!({})).await;
    assert_eq!((page["total"].as_i64(), page["data"].as_array().unwrap().len()), (Some(12), 10));
    assert_eq!(page["data"][0]["id"], ids[11], "newest first");
    assert_eq!(f.list(json!({ "page": 2 })).await["data"].as_array().unwrap().len(), 2);
    let f = &f;
    let total = |v: Value| async move { f.list(v).await["total"].as_i64().unwrap() };
    assert_eq!(total(json!({ "seconds": 30 })).await, 1);
    assert_eq!(total(json!({ "month": "2026-06" })).await, 1);
    assert_eq!(total(json!({ "month": "2026-03" })).await, 11);
    assert_eq!(total(json!({ "cycleTime": "2026-05-20" })).await, 1);
    assert_eq!(total(json!({ "suitName": "春季" })).await, 11);
    assert_eq!(total(json!({ "mediaId": f.other_media })).await, 0);
    assert_eq!(total(json!({ "productId": f.product, "status": 1 })).await, 12);
    assert_eq!(total(json!({ "createtimeGt": "2000-01-01", "createtimelt": "2000-01-02" })).await, 0);
    let bad = f.app.send(Call::get("orderList", json!({ "status": 9, "month": "三月" })).token(&f.token)).await;
    assert_eq!((bad.field("status"), bad.field("month")), (Some("订单状态无效"), Some("月份格式应为 YYYY-MM")));

    let exported = f.app.send(Call::post("orderIndexExport", json!({ "seconds": 15 })).token(&f.token)).await;
    let rows = read_back(&f.app, exported.ok()["url"].as_str().unwrap(), &f.token).await;
    assert_eq!(rows.len(), 12, "header and 11 orders");
    assert_eq!(rows[0][0], Data::String("编号".into()));
    assert_eq!(rows[1][0], Data::Float(ids[11] as f64));
    assert_eq!(rows[1][12], Data::Float(150.75));
    assert_eq!(rows[1][16], Data::Float(-100.0));

    let deleted = f.app.send(Call::post("orderDel", json!({ "orderId": ids[0] })).token(&f.token)).await;
    assert_eq!(deleted.body["message"], "删除成功");
    assert_eq!(f.count("order_suits").await, 22);
    let again = f.app.send(Call::post("orderDel", json!({ "orderId": ids[0] })).token(&f.token)).await;
    assert_eq!(again.code(), 4004);
    assert_eq!(f.app.send(Call::get("orderInfo", json!({ "orderId": ids[0] })).token(&f.token)).await.code(), 4004);
}

#[tokio::test]
async fn the_dialog_pickers_offer_the_products_tapes_groups_and_suits() {
    let f = fixture().await;
    let get = |name: &'static str, fields: Value| {
        let f = &f;
        async move { f.app.send(Call::get(name, fields).token(&f.token)).await.ok().clone() }
    };
    let brands = get("orderBrandList", json!({})).await;
    assert_eq!(brands.as_array().unwrap().len(), 2);
    let products = get("orderProductList", json!({})).await;
    let names: Vec<&str> = products.as_array().unwrap().iter().map(|p| p["productName"].as_str().unwrap()).collect();
    assert!(names.contains(&"测试牛奶") && names.contains(&"别的产品"));
    assert_eq!(get("orderMediaList", json!({})).await.as_array().unwrap().len(), 2);
    let tapes = get("orderProductMagneticTapeList", json!({ "productId": f.product })).await;
    let tape_names: Vec<&str> = tapes.as_array().unwrap().iter().map(|t| t["mediaFileName"].as_str().unwrap()).collect();
    assert_eq!(tape_names, ["伊利版本A", "伊利版本B"]);
    let groups = get("orderDefaultAudienceCityGroupList", json!({ "productId": f.product })).await;
    assert_eq!(groups["defaultId"], f.group);
    let group_ids: Vec<i64> = groups["list"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!(group_ids, [f.group, f.second_group]);
    let suits = get("orderSuitList", json!({ "productId": f.product, "mediaId": f.media })).await;
    let suit_names: Vec<&str> = suits.as_array().unwrap().iter().map(|s| s["suitName"].as_str().unwrap()).collect();
    assert_eq!(suit_names, ["夏季套装", "春季套装"]);
    assert!(close(&suits[1]["mediaMetrics"], 100.123));
    let missing = f.app.send(Call::get("orderSuitList", json!({ "mediaId": f.media })).token(&f.token)).await;
    assert_eq!(missing.field("productId"), Some("请选择产品名称"));
}

#[tokio::test]
async fn order_calls_need_the_order_menu() {
    let f = fixture().await;
    f.app.create_account("clerk", "82").await;
    let clerk = f.app.login("clerk", "secret-123").await;
    let token = clerk.ok()["token"].as_str().unwrap().to_owned();
    for call in [Call::get("orderList", json!({})), Call::post("orderAdd", f.form()), Call::get("orderMediaList", json!({}))] {
        assert_eq!(f.app.send(call.token(&token)).await.code(), 4003);
    }
}

/// A schedule line: version, period, type and `(day, spots)`.
type TemplateLine<'a> = (&'a str, &'a str, &'a str, Vec<(u32, f64)>);

/// A schedule workbook: one sheet per month.
fn template(months: &[(&str, Vec<TemplateLine<'_>>)]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    for (month, lines) in months {
        let sheet = book.add_worksheet();
        sheet.set_name(*month).unwrap();
        for (c, h) in ["版本", "时段", "类型"].iter().enumerate() {
            sheet.write_string(0, c as u16, *h).unwrap();
        }
        for d in 1..=31u16 {
            sheet.write_number(0, 2 + d, f64::from(d)).unwrap();
        }
        for (r, (version, period, kind, days)) in lines.iter().enumerate() {
            let r = r as u32 + 1;
            sheet.write_string(r, 0, *version).unwrap();
            sheet.write_string(r, 1, *period).unwrap();
            sheet.write_string(r, 2, *kind).unwrap();
            for (d, n) in days {
                sheet.write_number(r, 2 + *d as u16, *n).unwrap();
            }
        }
    }
    book.save_to_buffer().unwrap()
}

impl Fixture {
    async fn import_template(&self, order: i64, bytes: &[u8]) -> (String, String) {
        let answer = upload(&self.app, &self.token, "orderTemplate", "排期.xlsx", json!({ "orderId": order }), bytes).await;
        job_end(&self.app, answer.ok()["jobId"].as_i64().unwrap()).await
    }

    async fn template_list(&self, order: i64) -> Value {
        self.app.send(Call::get("orderTemplateList", json!({ "orderId": order })).token(&self.token)).await.ok().clone()
    }
}

#[tokio::test]
async fn a_schedule_import_fills_the_months_and_a_second_import_replaces_a_month() {
    let f = fixture().await;
    f.period(f.media, "晚间", EVENING).await;
    f.period(f.media, "午间", (43200, 46799)).await;
    let mut form = f.form();
    form["cycleTimeEnd"] = json!("2026-04-30");
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    let id = f.add(form).await["id"].as_i64().unwrap();
    assert_eq!(f.template_list(id).await, json!([]));

    let first = template(&[
        ("2026-03", vec![("伊利版本A", "晚间", "A", vec![(1, 2.0), (31, 1.0)]), ("T-002", "午间", "b", vec![(15, 3.0)])]),
        ("2026-04", vec![("伊利版本A", "晚间", "", vec![(30, 1.0)])]),
    ]);
    let (status, message) = f.import_template(id, &first).await;
    assert_eq!(status, "done", "{message}");
    assert_eq!(message, "已导入 2026-03、2026-04 的排期：3 行，7 个点位");
    let months = f.template_list(id).await;
    assert_eq!(months[0]["pointDateYm"], "2026-03");
    assert_eq!(months[0]["days"], 31);
    assert_eq!(months[1]["days"], 30);
    let march = months[0]["data"].as_array().unwrap();
    assert_eq!(march.len(), 2);
    assert_eq!(march[0]["product_magnetic_tape"]["mediaFileName"], "伊利版本A");
    assert_eq!(march[0]["time_period"]["timePeriodName"], "晚间");
    assert_eq!(march[0]["order_template_ymd"], json!([{ "d": 1, "point": 2 }, { "d": 31, "point": 1 }]));
    assert_eq!((march[1]["type"].as_str(), march[1]["product_magnetic_tape"]["mediaFileName"].as_str()), (Some("B"), Some("伊利版本B")));
    // March and April 2026 are over: scheduled without certificates.
    assert_eq!(f.info(id).await["status"], 6);
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": id })).token(&f.token)).await;
    assert_eq!(log.ok()[0]["content"], "导入排期：2026-03、2026-04，共 3 行、7 个点位");

    // Importing March again replaces March only.
    let again = template(&[("2026-03", vec![("伊利版本A", "午间", "C", vec![(2, 5.0)])])]);
    let (status, message) = f.import_template(id, &again).await;
    assert_eq!(status, "done", "{message}");
    let months = f.template_list(id).await;
    assert_eq!(months[0]["data"].as_array().unwrap().len(), 1);
    assert_eq!(months[0]["data"][0]["order_template_ymd"], json!([{ "d": 2, "point": 5 }]));
    assert_eq!(months[1]["data"][0]["order_template_ymd"], json!([{ "d": 30, "point": 1 }]));

    // A month a certificate has verified is not replaced.
    sqlx::query("update order_cells set is_he = 2 where ymd = '2026-03-02'").execute(&f.app.db).await.unwrap();
    let third = template(&[("2026-03", vec![("伊利版本A", "晚间", "A", vec![(9, 1.0)])])]);
    let (status, message) = f.import_template(id, &third).await;
    assert_eq!((status.as_str(), message.as_str()), ("failed", "2026-03 已有经播出证明核对的点位，不能重新导入该月排期"));
    assert_eq!(f.template_list(id).await[0]["data"][0]["order_template_ymd"], json!([{ "d": 2, "point": 5 }]));
}

#[tokio::test]
async fn a_bad_schedule_lists_every_problem_and_changes_nothing() {
    let f = fixture().await;
    f.period(f.media, "晚间", EVENING).await;
    f.period(f.other_media, "深夜", (0, 3600)).await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    let good = template(&[("2026-03", vec![("伊利版本A", "晚间", "A", vec![(3, 1.0)])])]);
    assert_eq!(f.import_template(id, &good).await.0, "done");

    // Lines that read well but don't match the order: another tape, another media's period,
    // a tape named by its number repeating a line, and a day outside the cycle in April.
    let march = || {
        vec![
            ("伊利版本B", "晚间", "A", vec![(1, 1.0)]),
            ("伊利版本A", "深夜", "A", vec![(1, 1.0)]),
            ("T-001", "晚间", "A", vec![(2, 1.0)]),
            ("伊利版本A", "晚间", "A", vec![(4, 1.0)]),
        ]
    };
    let bad = template(&[("2026-03", march()), ("2026-04", vec![("伊利版本A", "晚间", "Z", vec![(1, 1.5)])])]);
    let (status, message) = f.import_template(id, &bad).await;
    assert_eq!(status, "failed");
    // The reader's own errors come first: a bad file is refused before matching.
    assert!(message.contains("「2026-04」第 2 行「类型」“Z”：类型只能是 A、B、C 或 D"), "{message}");
    assert!(message.contains("点位数须为不小于 0 的整数"), "{message}");

    let mismatched = template(&[("2026-03", march()), ("2026-04", vec![("伊利版本A", "晚间", "A", vec![(1, 1.0)])])]);
    let (status, message) = f.import_template(id, &mismatched).await;
    assert_eq!(status, "failed");
    for part in [
        "文件有 4 处错误，未导入任何数据",
        "「2026-03」第 2 行「版本」“伊利版本B”：不是该订单的磁带（按媒体文件名或磁带号匹配）",
        "「2026-03」第 3 行「时段」“深夜”：不是该订单媒体的时段",
        "「2026-03」第 5 行「版本」“伊利版本A”：与第 4 行的月份、版本、时段、类型和位置相同",
        "「2026-04」第 2 行「1」“1”：2026-04-01 不在订单周期（2026-03-01 ~ 2026-03-31）内",
    ] {
        assert!(message.contains(part), "{message}\nlacks {part}");
    }
    let months = f.template_list(id).await;
    assert_eq!(months.as_array().unwrap().len(), 1);
    assert_eq!(months[0]["data"][0]["order_template_ymd"], json!([{ "d": 3, "point": 1 }]));
}

fn tomorrow() -> String {
    (crate::helpers::today() + chrono::Days::new(1)).format("%Y-%m-%d").to_string()
}

#[tokio::test]
async fn a_tape_change_is_checked_scheduled_executed_on_its_date_and_then_kept() {
    let f = fixture().await;
    let f = &f;
    let mut form = f.form();
    form["cycleTimeAdd"] = json!("2026-01-01");
    form["cycleTimeEnd"] = json!("2099-12-31");
    let order = f.add(form.clone()).await["id"].as_i64().unwrap();
    let [a, b] = f.tapes;
    let up = |fields: Value| async move { f.app.send(Call::post("orderMagneticTapeDetailsUp", fields).token(&f.token)).await };

    let empty = up(json!({ "orderId": order })).await;
    assert_eq!(
        (empty.field("upTapeId"), empty.field("tapeId"), empty.field("executeAt")),
        (Some("请选择换版信息"), Some("请选择订单版本"), Some("请选择换版时间"))
    );
    for (fields, field, message) in [
        (json!({ "tapeId": a, "upTapeId": b, "executeAt": "2026-03-01" }), "executeAt", "换版时间 不能小于当前时间".to_owned()),
        (json!({ "tapeId": a, "upTapeId": b, "executeAt": "2100-01-01" }), "executeAt", "换版时间不能大于2099-12-31".to_owned()),
        (json!({ "tapeId": a, "upTapeId": f.foreign_tape, "executeAt": tomorrow() }), "upTapeId", "换版信息不是该订单产品的磁带".to_owned()),
        (json!({ "tapeId": a, "upTapeId": a, "executeAt": tomorrow() }), "upTapeId", "换版前后不能是同一版本".to_owned()),
        (json!({ "tapeId": b, "upTapeId": a, "executeAt": tomorrow() }), "tapeId", "不是该订单的版本".to_owned()),
    ] {
        let mut fields = fields;
        fields["orderId"] = json!(order);
        let answer = up(fields.clone()).await;
        assert_eq!(answer.field(field), Some(message.as_str()), "{fields}: {}", answer.body);
    }
    assert_eq!(f.count("order_tape_changes").await, 0);

    let added = up(json!({ "orderId": order, "tapeId": a, "upTapeId": b, "executeAt": tomorrow() })).await;
    assert_eq!(added.body["message"], "添加完成", "{}", added.body);
    let list = |order: i64| async move {
        f.app.send(Call::get("orderMagneticTapeDetails", json!({ "orderId": order })).token(&f.token)).await.ok().clone()
    };
    let rows = list(order).await;
    let change = rows[0].clone();
    assert_eq!((change["magneticTapeName"].as_str(), change["upTapeName"].as_str()), (Some("伊利版本A"), Some("伊利版本B")));
    assert_eq!((change["status"].as_i64(), change["statusName"].as_str()), (Some(1), Some("待执行")));
    assert_eq!((change["executeAt"].as_str(), change["minDate"].as_str()), (Some(tomorrow().as_str()), Some(tomorrow().as_str())));
    assert_eq!(change["maxDate"], "2099-12-31");
    // Without a schedule the order is still waiting for one.
    assert_eq!(f.info(order).await["statusName"], "待创建订单");
    let id = change["id"].as_i64().unwrap();
    let moved = up(json!({ "id": id, "upTapeId": b, "executeAt": "2100-01-01 00:00:00" })).await;
    assert_eq!(moved.field("executeAt"), Some("换版时间不能大于2099-12-31"));
    let moved = up(json!({ "id": id, "upTapeId": b, "executeAt": "2026-02-01 00:00:00" })).await;
    assert_eq!(moved.field("executeAt"), Some(format!("换版时间不能小于{}", tomorrow()).as_str()));
    let moved = up(json!({ "id": id, "upTapeId": b, "executeAt": "2099-06-01 00:00:00" })).await;
    assert_eq!(moved.body["message"], "修改完成");
    assert_eq!(list(order).await[0]["executeAt"], "2099-06-01");

    // March's schedule on tape A; tape B joins the order and already has 2 spots on the 20th.
    let line = f.schedule(order, a, &[2, 15, 20]).await;
    form["orderId"] = json!(order);
    form["orderProductMagneticTapeId"] = json!(format!("{a},{b}"));
    f.app.send(Call::post("orderUp", form.clone()).token(&f.token)).await.ok();
    let b_line = f.schedule(order, b, &[20]).await;
    assert_eq!(f.info(order).await["statusName"], "待换版");
    // A pending change keeps the cycle from shrinking past it.
    let mut shrink = form.clone();
    shrink["cycleTimeEnd"] = json!("2099-05-31");
    let refused = f.app.send(Call::post("orderUp", shrink).token(&f.token)).await;
    assert_eq!(refused.field("cycleTimeAdd"), Some("有待执行的换版不在新周期内，请先修改或删除该换版"));
    // A verified spot and a withdrawn one on a day the new line already has stay where they are.
    sqlx::query("insert into order_cells (line_id, ymd, point, is_he) values ($1, '2026-03-25', 1, 2)")
        .bind(line)
        .execute(&f.app.db)
        .await
        .unwrap();
    sqlx::query("update order_cells set value = '撤掉' where line_id = $1 and ymd = '2026-03-20'")
        .bind(line)
        .execute(&f.app.db)
        .await
        .unwrap();
    let c_line = {
        // A line of tape A the change empties entirely: removed afterwards.
        let period = f.period(f.media, "午间", (43200, 46799)).await;
        let id: i64 = sqlx::query_scalar(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id) values ($1, $2, '2026-03-01', $3, $4) returning id",
        )
        .bind(order)
        .bind(f.media)
        .bind(a)
        .bind(period)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
        sqlx::query("insert into order_cells (line_id, ymd, point) values ($1, '2026-03-12', 3)").bind(id).execute(&f.app.db).await.unwrap();
        id
    };
    // The change's date comes: from 10 March on, A's spots air as B.
    sqlx::query("update order_tape_changes set execute_at = '2026-03-10' where id = $1").bind(id).execute(&f.app.db).await.unwrap();
    let rows = list(order).await;
    assert_eq!((rows[0]["status"].as_i64(), rows[0]["statusName"].as_str()), (Some(3), Some("已执行")));
    assert_eq!(f.info(order).await["statusName"], "播出中");
    let cells = |line: i64| async move {
        sqlx::query_as::<_, (String, i32)>("select to_char(ymd, 'DD'), point from order_cells where line_id = $1 order by ymd")
            .bind(line)
            .fetch_all(&f.app.db)
            .await
            .unwrap()
    };
    assert_eq!(cells(line).await, [("02".to_owned(), 2), ("20".to_owned(), 2), ("25".to_owned(), 1)]);
    assert_eq!(cells(b_line).await, [("15".to_owned(), 2), ("20".to_owned(), 2)]);
    let left: i64 = sqlx::query_scalar("select count(*) from order_lines where id = $1").bind(c_line).fetch_one(&f.app.db).await.unwrap();
    assert_eq!(left, 0, "the emptied line stayed");
    let moved: i32 = sqlx::query_scalar(
        "select c.point from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and l.tape_id = $2 and c.ymd = '2026-03-12'",
    )
    .bind(order)
    .bind(b)
    .fetch_one(&f.app.db)
    .await
    .unwrap();
    assert_eq!(moved, 3);
    // Running again finds nothing due.
    let mut conn = f.app.db.acquire().await.unwrap();
    assert_eq!(adeval_server::routes::orders::tape_changes::execute_due(&mut conn, None).await.unwrap(), 0);
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(log.ok()[0]["content"], "执行换版：伊利版本A → 伊利版本B（2026-03-10 起的排期已改为新版本）");
    assert_eq!(log.ok()[0]["admin"]["name"], "系统");

    let del = |details: i64| async move {
        f.app
            .send(Call::post("orderMagneticTapeDetailsDel", json!({ "orderId": order, "detailsId": details })).token(&f.token))
            .await
    };
    let kept = del(id).await;
    assert_eq!((kept.code(), kept.body["message"].as_str()), (4009, Some("不可删除")));
    up(json!({ "orderId": order, "tapeId": b, "upTapeId": a, "executeAt": tomorrow() })).await.ok();
    let pending = list(order).await[1]["id"].as_i64().unwrap();
    assert_eq!(del(pending).await.body["message"], "删除成功");
    assert_eq!(f.count("order_tape_changes").await, 1);

    let options = f.app.send(Call::get("orderMagneticTapeDetailsList", json!({ "productId": f.product })).token(&f.token)).await;
    let names: Vec<&str> = options.ok().as_array().unwrap().iter().map(|t| t["up_tape_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["伊利版本A", "伊利版本B"]);
    let tapes = f.app.send(Call::get("productMagneticTape", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(tapes.ok()["product_magnetic_tape"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn proposals_are_added_listed_and_settled_once() {
    let f = fixture().await;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    let missing = f.app.send(Call::post("orderProposalAdd", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!((missing.field("proposalText"), missing.field("adjustDate")), (Some("请输入调整建议"), Some("请选择调整日期")));
    let added = f
        .app
        .send(Call::post("orderProposalAdd", json!({ "orderId": order, "proposalText": "晚间加两次", "adjustDate": "2026-03-12" })).token(&f.token))
        .await;
    assert_eq!(added.body["message"], "添加完成");
    let list = f.app.send(Call::get("orderProposalList", json!({ "orderId": order })).token(&f.token)).await;
    let proposal = list.ok()[0].clone();
    assert_eq!((proposal["proposalText"].as_str(), proposal["adjustDate"].as_str()), (Some("晚间加两次"), Some("2026-03-12")));
    assert_eq!(proposal["proposalStatus"], "1");
    let sta = json!({ "id": proposal["id"], "orderId": order });
    assert_eq!(f.app.send(Call::post("orderProposalSta", sta.clone()).token(&f.token)).await.body["message"], "调整完毕");
    let list = f.app.send(Call::get("orderProposalList", json!({ "orderId": order })).token(&f.token)).await;
    assert_eq!(list.ok()[0]["proposalStatus"], "2");
    let again = f.app.send(Call::post("orderProposalSta", sta).token(&f.token)).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (4009, Some("该建议已调整")));
    let log = f.app.send(Call::get("orderLogList", json!({ "orderId": order })).token(&f.token)).await;
    let contents: Vec<&str> = log.ok().as_array().unwrap().iter().map(|e| e["content"].as_str().unwrap()).collect();
    assert_eq!(contents[..2], ["完成调整：晚间加两次", "添加调整建议：晚间加两次"]);
}

#[tokio::test]
async fn the_history_lists_every_version_and_restores_one() {
    let f = fixture().await;
    let f = &f;
    let order = f.add(f.form()).await["id"].as_i64().unwrap();
    for notes in ["第二版", "第三版"] {
        let mut form = f.form();
        form["orderId"] = json!(order);
        form["notes"] = json!(notes);
        form["customerMetrics"] = json!(300);
        f.app.send(Call::post("orderUp", form).token(&f.token)).await.ok();
    }
    let history = |order: i64| async move {
        f.app.send(Call::get("orderHistoryList", json!({ "orderId": order })).token(&f.token)).await.ok().clone()
    };
    let versions = history(order).await;
    let listed: Vec<(i64, &str)> =
        versions.as_array().unwrap().iter().map(|v| (v["version"].as_i64().unwrap(), v["snapshot"]["notes"].as_str().unwrap())).collect();
    assert_eq!(listed, [(3, "第三版"), (2, "第二版"), (1, "首单")]);
    assert!(versions[1]["content"].as_str().unwrap().contains("备注 首单 → 第二版"));

    let first = versions[2]["id"].clone();
    let restored = f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": first })).token(&f.token)).await;
    assert_eq!(restored.body["message"], "恢复成功", "{}", restored.body);
    let row = f.info(order).await;
    assert_eq!(row["notes"], "首单");
    assert!(close(&row["customerMetrics"], 150.75));
    let versions = history(order).await;
    assert_eq!(versions.as_array().unwrap().len(), 4);
    let content = versions[0]["content"].as_str().unwrap();
    assert!(content.starts_with("恢复到 ") && content.contains("备注 第三版 → 首单"), "{content}");
    let missing = f.app.send(Call::post("orderHistoryRestore", json!({ "orderId": order, "id": 999_999 })).token(&f.token)).await;
    assert_eq!(missing.code(), 4004);
}

#[tokio::test]
async fn the_schedule_exports_as_a_template_that_imports_back() {
    let f = fixture().await;
    f.period(f.media, "晚间", EVENING).await;
    f.period(f.media, "早间", (25200, 32399)).await;
    let mut form = f.form();
    form["cycleTimeEnd"] = json!("2026-04-30");
    form["orderProductMagneticTapeId"] = json!(format!("{},{}", f.tapes[0], f.tapes[1]));
    let id = f.add(form).await["id"].as_i64().unwrap();
    let export = || async { f.app.send(Call::post("orderTemplateExport", json!({ "orderId": id })).token(&f.token)).await };

    // Without a schedule: a starter line per month and tape on the media's first period.
    let starter = read_back(&f.app, export().await.ok()["url"].as_str().unwrap(), &f.token).await;
    assert_eq!(starter[0][..6], [Data::String("月份".into()), Data::String("版本".into()), Data::String("时段".into()),
        Data::String("类型".into()), Data::String("位置".into()), Data::String("1".into())]);
    assert_eq!(starter[0].len(), 36);
    let lines: Vec<(String, String, String)> =
        starter[1..].iter().map(|r| (r[0].to_string(), r[1].to_string(), r[2].to_string())).collect();
    assert_eq!(lines, [
        ("2026-03".into(), "伊利版本A".into(), "早间".into()),
        ("2026-03".into(), "伊利版本B".into(), "早间".into()),
        ("2026-04".into(), "伊利版本A".into(), "早间".into()),
        ("2026-04".into(), "伊利版本B".into(), "早间".into()),
    ]);

    // With a schedule: the file imports back to the same schedule.
    let first = template(&[
        ("2026-03", vec![("伊利版本A", "晚间", "A", vec![(1, 2.0), (31, 1.0)]), ("T-002", "早间", "B", vec![(15, 3.0)])]),
        ("2026-04", vec![("伊利版本A", "晚间", "A", vec![(30, 1.0)])]),
    ]);
    assert_eq!(f.import_template(id, &first).await.0, "done");
    let before = f.template_list(id).await;
    let bytes = download(&f.app, export().await.ok()["url"].as_str().unwrap(), &f.token).await;
    sqlx::query("delete from order_lines where order_id = $1").bind(id).execute(&f.app.db).await.unwrap();
    let answer = upload(&f.app, &f.token, "orderTemplate", "导出的排期.xlsx", json!({ "orderId": id }), &bytes).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    let strip = |v: &Value| -> Value {
        let mut v = v.clone();
        for month in v.as_array_mut().unwrap() {
            for line in month["data"].as_array_mut().unwrap() {
                line.as_object_mut().unwrap().remove("id");
            }
        }
        v
    };
    assert_eq!(strip(&f.template_list(id).await), strip(&before));
}


#[tokio::test]
async fn a_partial_edit_changes_only_what_it_names_and_the_guards_hold() {
    let f = fixture().await;
    let mut form = f.form();
    form["category"] = json!(2);
    let id = f.add(form).await["id"].as_i64().unwrap();
    let answer = f.app.send(Call::post("orderUp", json!({ "orderId": id, "notes": "只改备注" })).token(&f.token)).await;
    assert_eq!(answer.body["message"], "修改成功", "{}", answer.body);
    let row = f.info(id).await;
    assert_eq!((row["notes"].as_str(), row["category"].as_i64()), (Some("只改备注"), Some(2)));
    assert_eq!((row["cycleTimeEnd"].as_str(), row["blankWeek"].as_str()), (Some("2026-03-31"), Some("2026-03-08")));
    assert_eq!(row["customerFreeBroadcastCalculation"], 2);
    assert!(close(&row["customerMetrics"], 150.75));
    // Sent empty, a field is cleared.
    f.app.send(Call::post("orderUp", json!({ "orderId": id, "category": "" })).token(&f.token)).await.ok();
    assert!(f.info(id).await["category"].is_null());

    let big = f.app.send(Call::get("orderList", json!({ "limit": 500 })).token(&f.token)).await;
    assert_eq!(big.field("limit"), Some("每页最多 100 条"));

    // A line keeps its order and month.
    let line = f.schedule(id, f.tapes[0], &[3]).await;
    let moved = sqlx::query("update order_lines set month = '2026-04-01' where id = $1").bind(line).execute(&f.app.db).await;
    assert!(moved.is_err());

    // Two of the order's tapes under one file name: the template must name the tape number.
    let twin: i64 = sqlx::query_scalar(
        "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                                    media_tape_number, customer_title, seconds)
         select brand_id, media_id, product_id, cycle, customer_version_name, media_file_name, 'T-009', customer_title, seconds
         from product_tapes where id = $1 returning id",
    )
    .bind(f.tapes[0])
    .fetch_one(&f.app.db)
    .await
    .unwrap();
    f.app
        .send(Call::post("orderUp", json!({ "orderId": id, "orderProductMagneticTapeId": format!("{},{twin}", f.tapes[0]) })).token(&f.token))
        .await
        .ok();
    let ambiguous = template(&[("2026-03", vec![("伊利版本A", "晚间", "A", vec![(5, 1.0)])])]);
    let (status, message) = f.import_template(id, &ambiguous).await;
    assert_eq!(status, "failed");
    assert!(message.contains("该订单有多个磁带用这个媒体文件名，请改填磁带号"), "{message}");
    let by_number = template(&[("2026-03", vec![("T-009", "晚间", "A", vec![(5, 1.0)])])]);
    assert_eq!(f.import_template(id, &by_number).await.0, "done");
    let exported = f.app.send(Call::post("orderTemplateExport", json!({ "orderId": id })).token(&f.token)).await;
    let rows = read_back(&f.app, exported.ok()["url"].as_str().unwrap(), &f.token).await;
    assert_eq!(rows[1][1], Data::String("T-009".into()));
}
