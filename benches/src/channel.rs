//! The bench channel the served-order benches share: a media of its own with 37 half-hour
//! periods (06:00 to 24:30) in two classes, a product of the demo brand with three tapes, and
//! orders of it over January to June 2026, written straight into a bench database.

use anyhow::Context;
use chrono::NaiveDate;
use sqlx::PgPool;

pub const TAPES: usize = 3;
pub const PERIODS: usize = 37;
/// January to June 2026.
pub const DAYS: u64 = 181;

pub fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date")
}

/// The bench channel's master data and its orders.
pub struct Channel {
    pub media: i64,
    /// Media file names of the orders' tapes.
    pub tapes: Vec<String>,
    pub tape_ids: Vec<i64>,
    /// (name, start, end) in seconds of the broadcast day.
    pub periods: Vec<(String, i32, i32)>,
    pub period_ids: Vec<i64>,
    pub orders: Vec<i64>,
}

impl Channel {
    /// 50 schedule lines a month of `order` over January to June (tape k mod 3, period k div 3,
    /// so both classes; contract numbers HT-2026-001…050), the grid benches' shape; answers the
    /// lines written.
    pub async fn grid_lines(&self, db: &PgPool, order: i64) -> sqlx::Result<u64> {
        let tapes: Vec<i64> = (0..LINES_A_MONTH).map(|k| self.tape_ids[k % self.tape_ids.len()]).collect();
        let periods: Vec<i64> = (0..LINES_A_MONTH).map(|k| self.period_ids[k / self.tape_ids.len()]).collect();
        let written = sqlx::query(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, contract_number)
             select $1, $2, m::date, x.tape, x.period, 'A', 'HT-2026-' || lpad(x.k::text, 3, '0')
             from generate_series(date '2026-01-01', date '2026-06-01', interval '1 month') m
             cross join unnest($3::bigint[], $4::bigint[]) with ordinality x(tape, period, k)",
        )
        .bind(order)
        .bind(self.media)
        .bind(&tapes)
        .bind(&periods)
        .execute(db)
        .await?;
        Ok(written.rows_affected())
    }
}

/// Schedule lines a month of [`Channel::grid_lines`].
pub const LINES_A_MONTH: usize = 50;

/// The bench channel, its periods and classes, a product with three tapes, and `orders` orders of
/// it over January to June 2026.
pub async fn seed(db: &PgPool, orders_wanted: usize) -> anyhow::Result<Channel> {
    let mut tx = db.begin().await?;
    let media: i64 = sqlx::query_scalar("insert into media (media_name) values ('测评频道') returning id").fetch_one(&mut *tx).await?;
    let mut classes = Vec::new();
    for class in ["测评黄金", "测评非黄金"] {
        let id: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, $2) returning id")
            .bind(media)
            .bind(class)
            .fetch_one(&mut *tx)
            .await?;
        classes.push(id);
    }
    let (mut periods, mut period_ids) = (Vec::new(), Vec::new());
    for k in 0..PERIODS {
        let (name, start) = (format!("测评时段{:02}", k + 1), 6 * 3600 + k as i32 * 1800);
        let id: i64 = sqlx::query_scalar(
            "insert into time_periods (media_id, class_id, time_period_name, start_secs, end_secs) values ($1, $2, $3, $4, $5) returning id",
        )
        .bind(media)
        .bind(classes[k % 2])
        .bind(&name)
        .bind(start)
        .bind(start + 1799)
        .fetch_one(&mut *tx)
        .await?;
        periods.push((name, start, start + 1799));
        period_ids.push(id);
    }
    let product: i64 = sqlx::query_scalar(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id, upside_down_three_per,
                               prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements)
         select brand_id, $1, '测评产品', 15, default_audience_group_id, upside_down_three_per, prime_time, prime_time_per,
                prime_upside_down_three_per, jack_requirements
         from products order by id limit 1 returning id",
    )
    .bind(media)
    .fetch_one(&mut *tx)
    .await
    .context("seeding the product (the demo master data must be there)")?;
    let (mut tapes, mut tape_ids) = (Vec::new(), Vec::new());
    for k in 1..=TAPES {
        let file = format!("CPBENCH-{k:02}");
        let id: i64 = sqlx::query_scalar(
            "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                                        media_tape_number, customer_title)
             select brand_id, $1, $2, '2026', $3, $3, 'BENCH-' || $4, '测评版本' || $4 from products where id = $2 returning id",
        )
        .bind(media)
        .bind(product)
        .bind(&file)
        .bind(k as i32)
        .fetch_one(&mut *tx)
        .await?;
        tapes.push(file);
        tape_ids.push(id);
    }
    let mut orders = Vec::new();
    for _ in 0..orders_wanted {
        let id: i64 = sqlx::query_scalar(
            "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
                                 customer_free_calc, media_free_calc, customer_metrics, media_metrics, created_by)
             select $1, id, default_audience_group_id, 15, date '2026-01-01', date '2026-06-30', date '2026-01-01', 1, 1, 100, 100, 1
             from products where id = $2 returning id",
        )
        .bind(media)
        .bind(product)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "insert into order_tapes (order_id, product_id, tape_id, position)
             select $1, product_id, id, row_number() over (order by id) from product_tapes where product_id = $2",
        )
        .bind(id)
        .bind(product)
        .execute(&mut *tx)
        .await?;
        orders.push(id);
    }
    tx.commit().await?;
    Ok(Channel { media, tapes, tape_ids, periods, period_ids, orders })
}

