//! Demo master data for a newcomer's first `make run`: four channels, three brands with their
//! audience/city groups, products, tapes, a broadcast day of time periods per channel grouped
//! into prime and non-prime classes, suits, and network-viewing records. Loaded only into a
//! database with no master data at all, in one transaction. [`orders`] adds demo orders on top,
//! through the same imports a user's files go through, and [`lake`] the viewing data and rating
//! series of what they aired ([`plan`]). Everything is dated from today in the server's time
//! zone (Postgres's `current_date`, as the order status reads it).

pub mod lake;
pub mod orders;
pub mod plan;
mod summary;

use chrono::NaiveDate;
use sqlx::{PgConnection, PgPool};

/// Serialises loaders: two servers starting on one empty database load the set once.
const LOCK: i64 = 0x6164_6576_616c_0004;

/// Every master-data table: the set loads only when all are empty.
const MASTER_TABLES: [&str; 11] = [
    "media",
    "brands",
    "audience_groups",
    "products",
    "product_audience_groups",
    "product_tapes",
    "time_period_classes",
    "time_periods",
    "suits",
    "suit_time_periods",
    "online_viewings",
];

/// (name, tape-number prefix)
pub(crate) const MEDIA: [(&str, &str); 4] = [("CCTV-1 综合", "CCTV1"), ("湖南卫视", "HNTV"), ("浙江卫视", "ZJTV"), ("东方卫视", "DFTV")];

/// The columns of the customer-data workbooks the demo imports and `adeval generate` writes.
pub(crate) const CUSTOMER_HEADERS: [&str; 9] = ["日期", "频道", "播出时间", "时长", "标题", "节目", "受众/城市组", "毛评点", "位置"];

/// (brand, its audience/city groups)
pub(crate) const BRANDS: [(&str, [&str; 3]); 3] = [
    ("伊利", ["全国4+", "全国25-45女性", "一线城市"]),
    ("蒙牛", ["全国4+", "全国15-44岁", "一线城市"]),
    ("农夫山泉", ["全国4+", "全国25-45女性", "一二线城市"]),
];

pub struct Product {
    pub(crate) brand: usize,
    pub(crate) name: &'static str,
    /// File-name code of its tapes.
    code: &'static str,
    pub(crate) seconds: i32,
    pub(crate) media: usize,
    /// Indexes into the brand's groups; the first is the default.
    pub(crate) groups: &'static [usize],
    upside_down_three_per: f64,
    prime_time_per: f64,
    prime_upside_down_three_per: f64,
    false_prime_upside_down_three_per: f64,
    jack_requirements: &'static str,
    note_one: &'static str,
    /// The tapes' customer titles.
    pub(crate) titles: &'static [&'static str],
}

pub(crate) const PRODUCTS: [Product; 6] = [
    Product {
        brand: 0, name: "安慕希", code: "AMX", seconds: 15, media: 1, groups: &[1, 0, 2],
        upside_down_three_per: 30.0, prime_time_per: 60.0, prime_upside_down_three_per: 40.0,
        false_prime_upside_down_three_per: 20.0, jack_requirements: "不与其他乳制品广告同段播出",
        note_one: "年度框架合同", titles: &["安慕希 希腊酸奶篇", "安慕希 新春篇", "安慕希 运动篇"],
    },
    Product {
        brand: 0, name: "金典有机奶", code: "JD", seconds: 30, media: 0, groups: &[0, 2],
        upside_down_three_per: 25.0, prime_time_per: 70.0, prime_upside_down_three_per: 35.0,
        false_prime_upside_down_three_per: 15.0, jack_requirements: "新闻联播前后优先",
        note_one: "央视招标资源", titles: &["金典 有机牧场篇", "金典 品质篇"],
    },
    Product {
        brand: 1, name: "特仑苏", code: "TLS", seconds: 15, media: 2, groups: &[0, 2],
        upside_down_three_per: 30.0, prime_time_per: 65.0, prime_upside_down_three_per: 40.0,
        false_prime_upside_down_three_per: 20.0, jack_requirements: "避开竞品前后插播",
        note_one: "综艺冠名配套", titles: &["特仑苏 不是所有牛奶篇", "特仑苏 沙漠有机篇"],
    },
    Product {
        brand: 1, name: "纯甄", code: "CZ", seconds: 15, media: 3, groups: &[1, 0],
        upside_down_three_per: 20.0, prime_time_per: 55.0, prime_upside_down_three_per: 30.0,
        false_prime_upside_down_three_per: 10.0, jack_requirements: "首尾位置优先",
        note_one: "", titles: &["纯甄 风味酸牛奶篇", "纯甄 夏日篇"],
    },
    Product {
        brand: 2, name: "东方树叶", code: "DFSY", seconds: 15, media: 1, groups: &[1, 2],
        upside_down_three_per: 25.0, prime_time_per: 50.0, prime_upside_down_three_per: 30.0,
        false_prime_upside_down_three_per: 15.0, jack_requirements: "不与其他饮料广告同段播出",
        note_one: "季度投放", titles: &["东方树叶 茶香篇", "东方树叶 无糖篇"],
    },
    Product {
        brand: 2, name: "农夫山泉饮用天然水", code: "NFSQ", seconds: 30, media: 0, groups: &[0, 2],
        upside_down_three_per: 30.0, prime_time_per: 60.0, prime_upside_down_three_per: 40.0,
        false_prime_upside_down_three_per: 20.0, jack_requirements: "新闻联播后第一位置优先",
        note_one: "年度框架合同", titles: &["农夫山泉 有点甜篇", "农夫山泉 水源地篇", "农夫山泉 长白山篇"],
    },
];

/// (name, start, end) as `HH:MM` of the broadcast day (24:00 and later: past midnight), and
/// whether the period is prime time.
const PERIODS: [(&str, &str, &str, bool); 8] = [
    ("早间", "06:00", "09:00", false),
    ("上午", "09:00", "12:00", false),
    ("午间", "12:00", "14:00", false),
    ("下午", "14:00", "18:00", false),
    ("晚间", "18:00", "19:30", true),
    ("黄金档", "19:30", "22:00", true),
    ("次黄金", "22:00", "24:00", true),
    ("午夜", "24:00", "26:00", false),
];

/// The rating of a spot in each period on 全国4+ as a channel of reach 1 airs it (the demo's
/// rating model's shape of the day, engine/src/generate/model.rs), and each media's reach:
/// what the suits' metrics are sold at.
const PERIOD_RATING: [(&str, f64); 8] =
    [("早间", 0.17), ("上午", 0.16), ("午间", 0.36), ("下午", 0.2), ("晚间", 0.52), ("黄金档", 1.04), ("次黄金", 0.31), ("午夜", 0.08)];
const REACH: [f64; 4] = [1.8, 1.5, 1.3, 1.0];

/// (name, months from the current one, entries of (period names, spots the entry's periods
/// share; 0: every day of the month)): a monthly prime-time package for each month an order
/// may reach, and an all-day one for next month.
type SuitPlan = (&'static str, i32, &'static [(&'static [&'static str], i32)]);
/// A spot every day of the month in each prime period, each period an entry of its own.
const PRIME_MONTH: &[(&[&str], i32)] = &[(&["晚间"], 0), (&["黄金档"], 0), (&["次黄金"], 0)];
const SUITS: [SuitPlan; 6] = [
    ("黄金时段月套装", -2, PRIME_MONTH),
    ("黄金时段月套装", -1, PRIME_MONTH),
    ("黄金时段月套装", 0, PRIME_MONTH),
    ("黄金时段月套装", 1, PRIME_MONTH),
    ("黄金时段月套装", 2, PRIME_MONTH),
    ("全天覆盖套装", 1, &[(&["早间", "上午"], 8), (&["午间"], 4), (&["黄金档"], 4)]),
];

/// (media, programme, days ago, air time, viewing %, ranking)
const VIEWINGS: [(usize, &str, i32, &str, f64, i32); 20] = [
    (0, "新闻联播", 1, "19:00", 2.8312, 1),
    (0, "焦点访谈", 1, "19:38", 1.9540, 2),
    (0, "人世间", 2, "20:00", 2.4105, 1),
    (0, "开讲啦", 3, "22:30", 0.6821, 12),
    (0, "等着我", 4, "21:15", 1.1270, 5),
    (1, "你好星期六", 2, "20:20", 1.6450, 3),
    (1, "乘风破浪", 3, "20:30", 1.4823, 4),
    (1, "声生不息", 5, "19:30", 1.2076, 6),
    (1, "歌手", 6, "20:00", 1.8731, 2),
    (1, "向往的生活", 8, "22:00", 0.9518, 9),
    (2, "奔跑吧", 2, "21:00", 1.5532, 3),
    (2, "王牌对王牌", 4, "20:30", 1.3911, 4),
    (2, "中国好声音", 6, "21:10", 1.0264, 7),
    (2, "宝藏般的乡村", 9, "19:35", 0.5143, 15),
    (2, "还有诗和远方", 10, "22:20", 0.4187, 18),
    (3, "极限挑战", 3, "21:00", 1.2650, 5),
    (3, "欢乐喜剧人", 5, "20:30", 0.9972, 8),
    (3, "梦想改造家", 7, "21:20", 0.7735, 11),
    (3, "新闻坊", 8, "18:30", 0.3896, 20),
    (3, "我们的歌", 11, "19:32", 0.8843, 10),
];

/// Today in the server's time zone: the day the demo's dates count from.
pub async fn today(db: &PgPool) -> sqlx::Result<NaiveDate> {
    sqlx::query_scalar("select current_date").fetch_one(db).await
}

/// Loads the demo set when the database holds no master data; answers whether it did.
pub async fn load_if_empty(db: &PgPool) -> anyhow::Result<bool> {
    let mut tx = db.begin().await?;
    sqlx::query("select pg_advisory_xact_lock($1)").bind(LOCK).execute(&mut *tx).await?;
    if has_master_data(&mut tx).await? {
        return Ok(false);
    }
    load(&mut tx).await?;
    tx.commit().await?;
    Ok(true)
}

async fn has_master_data(conn: &mut PgConnection) -> anyhow::Result<bool> {
    // Table names come from the constant list above, never from input.
    let any = MASTER_TABLES.iter().map(|t| format!("exists (select 1 from {t})")).collect::<Vec<_>>().join(" or ");
    Ok(sqlx::query_scalar(&format!("select {any}")).fetch_one(conn).await?)
}

/// Seconds from the start of the broadcast day of `HH:MM`.
fn secs(hhmm: &str) -> i32 {
    let (h, m) = hhmm.split_once(':').expect("HH:MM");
    h.parse::<i32>().expect("hour") * 3600 + m.parse::<i32>().expect("minute") * 60
}

async fn insert_id(conn: &mut PgConnection, sql: &str, text: &str) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar(sql).bind(text).fetch_one(conn).await?)
}

async fn load(conn: &mut PgConnection) -> anyhow::Result<()> {
    let mut media = Vec::new();
    for (name, _) in MEDIA {
        media.push(insert_id(conn, "insert into media (media_name) values ($1) returning id", name).await?);
    }
    let mut brands = Vec::new();
    let mut groups = Vec::new();
    for (name, names) in BRANDS {
        let brand = insert_id(conn, "insert into brands (brand_name) values ($1) returning id", name).await?;
        let mut ids = Vec::new();
        for group in names {
            ids.push(
                sqlx::query_scalar("insert into audience_groups (brand_id, group_name) values ($1, $2) returning id")
                    .bind(brand)
                    .bind(group)
                    .fetch_one(&mut *conn)
                    .await?,
            );
        }
        brands.push(brand);
        groups.push(ids);
    }
    load_products(conn, &media, &brands, &groups).await?;
    for (m, &media_id) in media.iter().enumerate() {
        let periods = load_periods(conn, media_id).await?;
        // Suits of the brands with a product on this media.
        for p in PRODUCTS.iter().filter(|p| p.media == m) {
            load_suits(conn, (media_id, brands[p.brand]), &periods, REACH[m], p.seconds).await?;
        }
    }
    for (m, name, days_ago, at, viewing, ranking) in VIEWINGS {
        sqlx::query(
            "insert into online_viewings (media_id, online_viewing_name, online_viewing_time, viewing, ranking)
             values ($1, $2, date_trunc('day', now()) - make_interval(days => $3) + make_interval(secs => $4),
                     $5::numeric, $6)",
        )
        .bind(media[m])
        .bind(name)
        .bind(days_ago)
        .bind(f64::from(secs(at)))
        .bind(viewing)
        .bind(ranking)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn load_products(conn: &mut PgConnection, media: &[i64], brands: &[i64], groups: &[Vec<i64>]) -> anyhow::Result<()> {
    let year: i32 = sqlx::query_scalar("select extract(year from now())::int").fetch_one(&mut *conn).await?;
    let mut tape_numbers = vec![0; media.len()];
    for p in &PRODUCTS {
        let brand_groups = &groups[p.brand];
        let product: i64 = sqlx::query_scalar(
            "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
                 upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per,
                 false_prime_upside_down_three_per, jack_requirements, note_one)
             values ($1, $2, $3, $4, $5, $6::numeric, '19:30:00-22:00:00', $7::numeric, $8::numeric, $9::numeric, $10, $11)
             returning id",
        )
        .bind(brands[p.brand])
        .bind(media[p.media])
        .bind(p.name)
        .bind(p.seconds)
        .bind(brand_groups[p.groups[0]])
        .bind(p.upside_down_three_per)
        .bind(p.prime_time_per)
        .bind(p.prime_upside_down_three_per)
        .bind(p.false_prime_upside_down_three_per)
        .bind(p.jack_requirements)
        .bind(p.note_one)
        .fetch_one(&mut *conn)
        .await?;
        for (position, &g) in p.groups.iter().enumerate() {
            sqlx::query("insert into product_audience_groups (product_id, audience_group_id, position) values ($1, $2, $3)")
                .bind(product)
                .bind(brand_groups[g])
                .bind(position as i32 + 1)
                .execute(&mut *conn)
                .await?;
        }
        for (i, title) in p.titles.iter().enumerate() {
            let version = char::from(b'A' + i as u8);
            tape_numbers[p.media] += 1;
            sqlx::query(
                "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name,
                     media_file_name, media_tape_number, customer_title, seconds)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(brands[p.brand])
            .bind(media[p.media])
            .bind(product)
            .bind(format!("{year}年度"))
            .bind(format!("{} {}秒 {version}版", p.name, p.seconds))
            .bind(format!("{}_{}s_{version}.mxf", p.code, p.seconds))
            .bind(format!("{}-{year}-{:03}", MEDIA[p.media].1, tape_numbers[p.media]))
            .bind(*title)
            .bind(p.seconds)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

/// One media's broadcast day and its two classes; answers (period name, id).
async fn load_periods(conn: &mut PgConnection, media_id: i64) -> anyhow::Result<Vec<(&'static str, i64)>> {
    let mut classes = Vec::new();
    for name in ["黄金时段", "非黄金时段"] {
        classes.push(
            sqlx::query_scalar::<_, i64>("insert into time_period_classes (media_id, class_name) values ($1, $2) returning id")
                .bind(media_id)
                .bind(name)
                .fetch_one(&mut *conn)
                .await?,
        );
    }
    let mut periods = Vec::new();
    for (name, start, end, prime) in PERIODS {
        let id = sqlx::query_scalar(
            "insert into time_periods (media_id, class_id, time_period_name, start_secs, end_secs)
             values ($1, $2, $3, $4, $5) returning id",
        )
        .bind(media_id)
        .bind(if prime { classes[0] } else { classes[1] })
        .bind(name)
        .bind(secs(start))
        .bind(secs(end))
        .fetch_one(&mut *conn)
        .await?;
        periods.push((name, id));
    }
    Ok(periods)
}

/// The suits of one media and brand (of its product there, spots of `seconds`), their metrics
/// their spots at the media's `reach`: the customer's as sold, the media's a little under (its
/// own meter).
async fn load_suits(
    conn: &mut PgConnection,
    (media_id, brand_id): (i64, i64),
    periods: &[(&str, i64)],
    reach: f64,
    seconds: i32,
) -> anyhow::Result<()> {
    for (name, month, entries) in SUITS {
        let first: NaiveDate = sqlx::query_scalar("select (date_trunc('month', now()) + make_interval(months => $1))::date")
            .bind(month)
            .fetch_one(&mut *conn)
            .await?;
        let days = (first.checked_add_months(chrono::Months::new(1)).expect("a next month") - first).num_days() as i32;
        let times = |n: i32| if n == 0 { days } else { n };
        let rating = |period: &str| PERIOD_RATING.iter().find(|p| p.0 == period).map_or(0.2, |p| p.1) * reach;
        // An entry's spots air in any of its periods: each at their mean rating.
        let customer: f64 =
            entries.iter().map(|(names, n)| f64::from(times(*n)) * names.iter().map(|p| rating(p)).sum::<f64>() / names.len() as f64).sum();
        let customer = customer.round();
        let media_side = (customer * 0.95).round();
        let suit: i64 = sqlx::query_scalar(
            "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
             values ($1, $2, $3, $4::numeric, $5::numeric, $6, $7) returning id",
        )
        .bind(media_id)
        .bind(brand_id)
        .bind(name)
        .bind(customer)
        .bind(media_side)
        .bind(seconds)
        .bind(first)
        .fetch_one(&mut *conn)
        .await?;
        for (entry, (names, n)) in entries.iter().enumerate() {
            for period in names.iter() {
                let id = periods.iter().find(|(p, _)| p == period).map(|(_, id)| *id).expect("a demo period");
                sqlx::query(
                    "insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times)
                     values ($1, $2, $3, $4)",
                )
                .bind(suit)
                .bind(entry as i32 + 1)
                .bind(id)
                .bind(times(*n))
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_lie_within_the_broadcast_day_and_suits_name_known_periods() {
        for (name, start, end, _) in PERIODS {
            assert!(secs(start) < secs(end) && secs(end) <= 107_999, "{name}");
        }
        assert_eq!(secs("26:00"), 93_600);
        for (_, _, entries) in SUITS {
            for (names, _) in entries {
                assert!(names.iter().all(|n| PERIODS.iter().any(|p| p.0 == *n)), "{names:?}");
            }
        }
        assert!(PERIODS.iter().all(|p| PERIOD_RATING.iter().any(|r| r.0 == p.0)));
    }
}
