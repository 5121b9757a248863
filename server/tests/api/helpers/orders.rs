//! The orders' fixture: master data an order needs (inserted directly: its screens are
//! another area's), a valid order form, schedule lines and order-template workbooks.

use serde_json::{Value, json};

use super::uploads::{job_end, upload};
use super::{Call, TestApp, spawn_app};

/// orderList's answer once no row is `recomputing`: after a lake change the list answers the
/// previous version's figures, marked, until the new version's are computed (in the
/// background, a moment on a test's lake). Tests of figures compare the current ones; the tests
/// of that marking call orderList themselves.
pub async fn current_list(app: &TestApp, token: &str, filters: Value) -> Value {
    for _ in 0..400 {
        let page = app.send(Call::get("orderList", filters.clone()).token(token)).await.ok().clone();
        if page["data"].as_array().unwrap().iter().all(|o| o["recomputing"] == false) {
            return page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("orderList {filters}: figures still recomputing after 10 s");
}

/// A signed-in super administrator over the master data an order needs.
pub struct Fixture {
    pub app: TestApp,
    pub token: String,
    pub media: i64,
    pub other_media: i64,
    pub product: i64,
    /// The product's default group 全国4+, and another of its groups.
    pub group: i64,
    pub second_group: i64,
    /// A group of another brand.
    pub foreign_group: i64,
    /// 伊利版本A and 伊利版本B of the product.
    pub tapes: [i64; 2],
    /// A tape of another product.
    pub foreign_tape: i64,
    /// 春季套装 (customer 120.5, media 100.123) and 夏季套装 (30.25, 20.001) on the media.
    pub suits: [i64; 2],
    /// A suit on the other media.
    pub foreign_suit: i64,
}

async fn scalar(app: &TestApp, sql: &str, binds: &[&(dyn ToString + Sync)]) -> i64 {
    let mut q = sqlx::query_scalar::<_, i64>(sql);
    for b in binds {
        q = q.bind(b.to_string());
    }
    q.fetch_one(&app.db).await.unwrap()
}

pub async fn fixture() -> Fixture {
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
    pub fn form(&self) -> Value {
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

    pub async fn add(&self, form: Value) -> Value {
        self.app.send(Call::post("orderAdd", form).token(&self.token)).await.ok().clone()
    }

    /// orderList once its figures are the lake's current version's ([`current_list`]).
    pub async fn list(&self, filters: Value) -> Value {
        current_list(&self.app, &self.token, filters).await
    }

    pub async fn info(&self, id: i64) -> Value {
        self.app.send(Call::get("orderInfo", json!({ "orderId": id })).token(&self.token)).await.ok().clone()
    }

    pub async fn count(&self, table: &str) -> i64 {
        sqlx::query_scalar(&format!("select count(*) from {table}")).fetch_one(&self.app.db).await.unwrap()
    }

    /// A time period of `media` (once per name): seconds from the start of the broadcast day.
    pub async fn period(&self, media: i64, name: &str, (start, end): (i32, i32)) -> i64 {
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
    pub async fn schedule(&self, order: i64, tape: i64, days: &[u32]) -> i64 {
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
pub const EVENING: (i32, i32) = (68400, 79199);

/// Whether `a` is the number `b`, to 1e-6.
pub fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() < 1e-6)
}

/// A schedule line: version, period, type and `(day, spots)`.
pub type TemplateLine<'a> = (&'a str, &'a str, &'a str, Vec<(u32, f64)>);

/// A schedule workbook: one sheet per month.
pub fn template(months: &[(&str, Vec<TemplateLine<'_>>)]) -> Vec<u8> {
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
    pub async fn import_template(&self, order: i64, bytes: &[u8]) -> (String, String) {
        let answer = upload(&self.app, &self.token, "orderTemplate", "排期.xlsx", json!({ "orderId": order }), bytes).await;
        job_end(&self.app, answer.ok()["jobId"].as_i64().unwrap()).await
    }

    pub async fn template_list(&self, order: i64) -> Value {
        self.app.send(Call::get("orderTemplateList", json!({ "orderId": order })).token(&self.token)).await.ok().clone()
    }
}

/// A certificate row: 日期, 播出时间, 时段, 版本, 次数 (all written as text but the count).
pub type CertificateLine<'a> = (&'a str, &'a str, &'a str, &'a str, u32);

/// A broadcast-certificate workbook: one sheet 播出证明 with the rows in order.
pub fn certificate_workbook(rows: &[CertificateLine<'_>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("播出证明").unwrap();
    for (c, h) in ["日期", "播出时间", "时段", "版本", "次数"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (r, (day, time, period, version, count)) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        for (c, text) in [day, time, period, version].iter().enumerate() {
            if !text.is_empty() {
                sheet.write_string(r, c as u16, **text).unwrap();
            }
        }
        sheet.write_number(r, 4, f64::from(*count)).unwrap();
    }
    book.save_to_buffer().unwrap()
}

impl Fixture {
    /// Uploads a certificate for `order` and waits for its job: (status, message).
    pub async fn import_certificate(&self, order: i64, bytes: &[u8]) -> (String, String) {
        let answer = upload(&self.app, &self.token, "broadcastingCertificate", "播出证明.xlsx", json!({ "orderId": order }), bytes).await;
        job_end(&self.app, answer.ok()["jobId"].as_i64().unwrap()).await
    }
}
