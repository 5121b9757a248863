//! Demo orders for a newcomer's first start, so the order list opens on orders in several
//! states and each dialog has something to show. Each goes through the same import paths a
//! user's files do: the schedule from a generated order template, the broadcast certificate
//! from a generated certificate workbook of what aired ([`super::plan`]: the same spots the
//! viewing rows measure, at their air times, positions and lengths).
//!
//! - 安慕希 on 湖南卫视, a cycle that ended two weeks ago: schedule, certificate imported and
//!   confirmed (a spot missing, a spot aired twice, a spot moved to another prime period):
//!   finished, 7 已完结, a little under its target with make-goods owed.
//! - 农夫山泉 on CCTV-1 (30 s), on air: schedule, and a certificate of the days aired so far
//!   awaiting confirmation, with one spot past every period (to assign) and one version that
//!   is not the order's (to swap): 2 公司播出证明.
//! - 东方树叶 on 湖南卫视, from the first of last month to three weeks from now: last month's
//!   certificate confirmed (the same misses as 安慕希's), this month still to air: 4 播出中.
//! - 特仑苏 on 浙江卫视, starting next week, nothing imported yet: 1 待创建订单.
//!
//! Each target is what its plan delivers on its default group, at the share the contract was
//! sold at ([`super::plan::DemoOrder::target_share`]): the customer's metrics plus 10 % free,
//! the media's a little under (its own meter, no free spots). The first three then get the
//! summary dialog's cell writes ([`super::summary`]): owed make-goods, one moved, a reason, a
//! manual GRP, a withdrawal.

use std::path::Path;

use chrono::{Datelike, NaiveDate};
use rust_xlsxwriter::Workbook;
use sqlx::PgPool;

use super::PRODUCTS;
use super::plan::{Airing, DemoOrder, PERIODS, Plan, product_groups};
use crate::auth::session::Admin;
use crate::config::Config;
use crate::imports::{ImportError, Report};
use crate::orders::certificates::{confirm, import};
use crate::reads::Reads;

struct Quiet;

impl Report for Quiet {
    async fn stage(&self, _: i64, _: &str) {}
}

/// The customer side's free broadcast, % of the metrics (赠播, calculation 2).
const FREE_PER: f64 = 10.0;
/// The media side's target against the customer's: the media guarantees a little less.
const MEDIA_SHARE: f64 = 0.96;

/// An order of `order`'s product on its media: its first tapes, the media's suits for its
/// brand sold for the months of its cycle, the contracted metrics given.
async fn add_order(db: &PgPool, order: &DemoOrder, (customer, media): (f64, f64)) -> anyhow::Result<i64> {
    let (start, end) = order.cycle;
    let mut tx = db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
                             customer_free_calc, customer_free_value, media_free_calc, media_free_value,
                             customer_metrics, media_metrics, notes, created_by)
         select p.media_id, p.id, p.default_audience_group_id, p.seconds, $2, $3, $2, 2, $4, 1, 0, $5, $6,
                '演示订单', (select id from admins where account = 'admin')
         from products p where p.product_name = $1 returning id",
    )
    .bind(PRODUCTS[order.product].name)
    .bind(start)
    .bind(end)
    .bind(FREE_PER)
    .bind(customer)
    .bind(media)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "insert into order_tapes (order_id, product_id, tape_id, position)
         select $1, product_id, id, row_number() over (order by id) from product_tapes
         where product_id = (select product_id from orders where id = $1) order by id limit $2",
    )
    .bind(id)
    .bind(order.tapes as i64)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into order_suits (order_id, media_id, suit_id)
         select o.id, o.media_id, s.id from orders o join products p on p.id = o.product_id
         join suits s on s.media_id = o.media_id and s.brand_id = p.brand_id
         where o.id = $1 and s.suit_month between date_trunc('month', o.cycle_start) and o.cycle_end",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    crate::orders::status::refresh(&mut tx, Some(id)).await?;
    tx.commit().await?;
    Ok(id)
}

/// The media file names of the order's product's tapes, in the order the demo inserted them
/// (the order's tapes first).
async fn tape_names(db: &PgPool, order: i64) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "select t.media_file_name from orders o join product_tapes t on t.product_id = o.product_id where o.id = $1 order by t.id",
    )
    .bind(order)
    .fetch_all(db)
    .await?)
}

/// The lines of a month's sheet of the order template: (tape, period, days of the month with a
/// spot), one spot a day in each of [`PERIODS`], the order's tapes in turn (the plan's). A line
/// without a spot in the month is left out: the import refuses it, and a cycle ending on a
/// month's first day leaves most of them empty.
fn template_lines(tapes: usize, month: NaiveDate, (start, end): (NaiveDate, NaiveDate)) -> Vec<(usize, usize, Vec<u32>)> {
    let mut lines = Vec::new();
    for t in 0..tapes {
        for p in 0..PERIODS.len() {
            let days: Vec<u32> = month
                .iter_days()
                .take_while(|day| day.month() == month.month())
                .filter(|day| *day >= start && *day <= end && (day.day() as usize + p) % tapes == t)
                .map(|day| day.day())
                .collect();
            if !days.is_empty() {
                lines.push((t, p, days));
            }
        }
    }
    lines
}

/// An order template of the order's cycle: a sheet per month, its [`template_lines`].
fn write_template(path: &Path, tapes: &[String], cycle: (NaiveDate, NaiveDate)) -> anyhow::Result<()> {
    let mut book = Workbook::new();
    let mut month = cycle.0.with_day(1).expect("a first day");
    while month <= cycle.1 {
        let sheet = book.add_worksheet();
        sheet.set_name(month.format("%Y-%m").to_string())?;
        for (c, h) in ["版本", "时段", "类型"].into_iter().enumerate() {
            sheet.write_string(0, c as u16, h)?;
        }
        for d in 1..=31u16 {
            sheet.write_number(0, 2 + d, f64::from(d))?;
        }
        for (row, (t, p, days)) in template_lines(tapes.len(), month, cycle).into_iter().enumerate() {
            let row = row as u32 + 1;
            sheet.write_string(row, 0, &tapes[t])?;
            sheet.write_string(row, 1, PERIODS[p])?;
            sheet.write_string(row, 2, "A")?;
            for d in days {
                sheet.write_number(row, 2 + d as u16, 1.0)?;
            }
        }
        month = month.checked_add_months(chrono::Months::new(1)).expect("a next month");
    }
    book.save(path)?;
    Ok(())
}

/// A certificate workbook of `rows`: day, air time, period as written, version, the spot's
/// length, its position.
fn write_certificate(path: &Path, rows: &[&Airing], tapes: &[String]) -> anyhow::Result<()> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("播出证明")?;
    for (c, h) in ["日期", "播出时间", "时段", "版本", "时长", "位置", "次数"].into_iter().enumerate() {
        sheet.write_string(0, c as u16, h)?;
    }
    for (r, a) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, a.day.format("%Y-%m-%d").to_string())?;
        sheet.write_string(r, 1, a.time_text())?;
        sheet.write_string(r, 2, a.period)?;
        sheet.write_string(r, 3, &tapes[a.tape])?;
        sheet.write_number(r, 4, f64::from(a.seconds()))?;
        sheet.write_string(r, 5, a.position_text())?;
        sheet.write_number(r, 6, 1.0)?;
    }
    book.save(path)?;
    Ok(())
}

fn refused(e: ImportError) -> anyhow::Error {
    match e {
        ImportError::Refused(text) => anyhow::anyhow!("the demo file was refused: {text}"),
        ImportError::Internal(e) => e,
    }
}

/// Each order's (customer, media) metrics: its plan's GRP on its default group at its target
/// share, whole points as a contract writes them.
fn metrics(plan: &Plan) -> anyhow::Result<Vec<(f64, f64)>> {
    let group = |o: &DemoOrder| product_groups(&PRODUCTS[o.product])[0];
    let planned: Vec<&Airing> = plan.planned.iter().collect();
    let spots: Vec<_> =
        planned.iter().map(|a| super::lake::seconds_of(a, a.order.map_or("", |o| group(&plan.orders[o])))).collect();
    let means = super::lake::model(plan, |m| m.spot_means(&spots))?;
    let mut grp = [0.0; 4];
    for (a, mean) in planned.iter().zip(means) {
        if let Some(o) = a.order {
            grp[o] += mean.unwrap_or_default();
        }
    }
    Ok(plan
        .orders
        .iter()
        .zip(grp)
        .map(|(o, grp)| {
            let target = grp * o.target_share;
            ((target / (1.0 + FREE_PER / 100.0)).round(), (target * MEDIA_SHARE).round())
        })
        .collect())
}

/// Loads the demo orders (see the module's comment); answers how many.
pub async fn load(db: &PgPool, reads: &Reads, config: &Config) -> anyhow::Result<usize> {
    let (id, name): (i64, String) = sqlx::query_as("select id, name from admins where account = 'admin'").fetch_one(db).await?;
    let admin = Admin { id, name, rule_id: "*".into(), session_id: 0 };
    let dir = config.data_dir.join("tmp");
    std::fs::create_dir_all(&dir)?;
    let today = super::today(db).await?;
    let plan = Plan::new(today);
    let metrics = {
        let plan = plan.clone();
        crate::lake::blocking(move || metrics(&plan)).await??
    };

    let mut ids = Vec::new();
    for (o, order) in plan.orders.iter().enumerate() {
        let id = add_order(db, order, metrics[o]).await?;
        ids.push(id);
        let Some((_, confirmed)) = order.certificate else { continue };
        let tapes = tape_names(db, id).await?;
        let template = dir.join(format!("demo-template-{id}.xlsx"));
        write_template(&template, &tapes[..order.tapes], order.cycle)?;
        let imported = crate::orders::schedule::import_file(db, id, &template, Some(admin.id), &Quiet).await;
        let _ = std::fs::remove_file(&template);
        imported.map_err(refused)?;

        let file = dir.join(format!("demo-certificate-{id}.xlsx"));
        write_certificate(&file, &plan.certificate(o), &tapes)?;
        let origin = crate::imports::Origin { admin_id: Some(admin.id), cli: true, ..Default::default() };
        let imported = import::import_file(db, reads, id, &file, &origin, &Quiet).await;
        let _ = std::fs::remove_file(&file);
        imported.map_err(refused)?;
        confirm::preview(db, reads, &admin, id).await.map_err(|e| anyhow::anyhow!("previewing the demo certificate: {e:?}"))?;
        if confirmed {
            confirm::apply(db, reads, &admin, id, None).await.map_err(|e| anyhow::anyhow!("confirming the demo certificate: {e:?}"))?;
        }
    }
    super::summary::load(db, &admin, [ids[0], ids[1], ids[2]], today).await?;
    Ok(ids.len())
}

#[cfg(test)]
mod tests {
    use chrono::{Datelike, Days, Months, NaiveDate};

    use super::super::plan::{PERIODS, orders};
    use super::template_lines;

    /// On every day of a year, each demo order's template has a spot on every line it writes
    /// and one spot a day in each period over its whole cycle (a cycle ending on a month's
    /// first day once wrote lines without a spot, and the demo failed to load that day).
    #[test]
    fn every_template_line_has_a_spot_and_the_cycle_is_covered_on_any_day() {
        let first = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        for today in (0..366).map(|d| first + Days::new(d)) {
            for order in orders(today) {
                let (start, end) = order.cycle;
                let mut month = start.with_day(1).unwrap();
                let mut spots = 0;
                while month <= end {
                    let lines = template_lines(order.tapes, month, order.cycle);
                    assert!(lines.iter().all(|(_, _, days)| !days.is_empty()), "{today}: {month}");
                    spots += lines.iter().map(|(_, _, days)| days.len()).sum::<usize>();
                    month = month + Months::new(1);
                }
                let days = (end - start).num_days() as usize + 1;
                assert_eq!(spots, days * PERIODS.len(), "{today}: {start}…{end}");
            }
        }
    }
}
