//! Demo orders for a newcomer's first start, so the order list opens on orders in several
//! states and each dialog has something to show. Each goes through the same import paths a
//! user's files do: the schedule from a generated order template, the broadcast certificate
//! from a generated certificate workbook.
//!
//! - 安慕希 on 湖南卫视, a cycle that ended two weeks ago: schedule, certificate imported and
//!   confirmed (a spot missing, a spot aired twice, a spot moved to another prime period):
//!   finished, 7 已完结.
//! - 农夫山泉 on CCTV-1, on air: schedule, and a certificate of the days aired so far awaiting
//!   confirmation, with one spot past every period (to assign) and one version that is not the
//!   order's (to swap): 2 公司播出证明.
//! - 东方树叶 on 湖南卫视, from the first of last month to three weeks from now: last month's
//!   certificate confirmed (the same misses as 安慕希's), this month still to air: 4 播出中.
//! - 特仑苏 on 浙江卫视, starting next week, nothing imported yet: 1 待创建订单.
//!
//! The first three then get the summary dialog's cell writes ([`super::summary`]): owed
//! make-goods, one moved, a reason, a manual GRP, a withdrawal.

use std::path::Path;

use chrono::{Datelike, Days, Local, NaiveDate};
use rust_xlsxwriter::Workbook;

use crate::auth::session::Admin;
use crate::imports::{ImportError, Report};
use crate::orders::certificates::{confirm, import};
use crate::state::AppState;

struct Quiet;

impl Report for Quiet {
    async fn stage(&self, _: i64, _: &str) {}
}

/// (period name, air time as `HH:MM:SS` of the broadcast day) of the spots planned each day.
const SPOTS: [(&str, &str); 3] = [("晚间", "18:42:10"), ("黄金档", "20:15:30"), ("次黄金", "22:31:05")];

/// An order of the demo product named `product` on its media: its first `tapes` tapes, the
/// media's suits for its brand (metrics their sums), the cycle given.
async fn add_order(state: &AppState, product: &str, tapes: i64, (start, end): (NaiveDate, NaiveDate)) -> anyhow::Result<i64> {
    let mut tx = state.db.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
                             customer_free_calc, customer_free_value, media_free_calc, media_free_value,
                             customer_metrics, media_metrics, notes, created_by)
         select p.media_id, p.id, p.default_audience_group_id, p.seconds, $2, $3, $2, 2, 10, 1, 0,
                coalesce((select sum(customer_metrics) from suits s where s.media_id = p.media_id and s.brand_id = p.brand_id), 0),
                coalesce((select sum(media_metrics) from suits s where s.media_id = p.media_id and s.brand_id = p.brand_id), 0),
                '演示订单', (select id from admins where account = 'admin')
         from products p where p.product_name = $1 returning id",
    )
    .bind(product)
    .bind(start)
    .bind(end)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "insert into order_tapes (order_id, product_id, tape_id, position)
         select $1, product_id, id, row_number() over (order by id) from product_tapes
         where product_id = (select product_id from orders where id = $1) order by id limit $2",
    )
    .bind(id)
    .bind(tapes)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into order_suits (order_id, media_id, suit_id)
         select o.id, o.media_id, s.id from orders o join products p on p.id = o.product_id
         join suits s on s.media_id = o.media_id and s.brand_id = p.brand_id where o.id = $1",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    crate::orders::status::refresh(&mut tx, Some(id)).await?;
    tx.commit().await?;
    Ok(id)
}

/// The media file names of the order's tapes, then of its product's other tapes.
async fn tape_names(state: &AppState, order: i64) -> anyhow::Result<(Vec<String>, Vec<String>)> {
    let rows: Vec<(String, bool)> = sqlx::query_as(
        "select t.media_file_name, ot.order_id is not null from orders o join product_tapes t on t.product_id = o.product_id
         left join order_tapes ot on ot.order_id = o.id and ot.tape_id = t.id where o.id = $1 order by t.id",
    )
    .bind(order)
    .fetch_all(&state.db)
    .await?;
    let (ours, others): (Vec<_>, Vec<_>) = rows.into_iter().partition(|(_, ours)| *ours);
    Ok((ours.into_iter().map(|(n, _)| n).collect(), others.into_iter().map(|(n, _)| n).collect()))
}

/// An order template of one spot a day in each of [`SPOTS`]' periods, the order's tapes in
/// turn: a sheet per month of the cycle.
fn write_template(path: &Path, tapes: &[String], (start, end): (NaiveDate, NaiveDate)) -> anyhow::Result<()> {
    let mut book = Workbook::new();
    let mut month = start.with_day(1).expect("a first day");
    while month <= end {
        let sheet = book.add_worksheet();
        sheet.set_name(month.format("%Y-%m").to_string())?;
        for (c, h) in ["版本", "时段", "类型"].into_iter().enumerate() {
            sheet.write_string(0, c as u16, h)?;
        }
        for d in 1..=31u16 {
            sheet.write_number(0, 2 + d, f64::from(d))?;
        }
        let mut row = 1;
        for (t, tape) in tapes.iter().enumerate() {
            for (p, (period, _)) in SPOTS.iter().enumerate() {
                sheet.write_string(row, 0, tape)?;
                sheet.write_string(row, 1, *period)?;
                sheet.write_string(row, 2, "A")?;
                let mut day = month;
                while day.month() == month.month() {
                    if day >= start && day <= end && (day.day() as usize + p) % tapes.len() == t {
                        sheet.write_number(row, 2 + day.day() as u16, 1.0)?;
                    }
                    day = day + Days::new(1);
                }
                row += 1;
            }
        }
        month = month.checked_add_months(chrono::Months::new(1)).expect("a next month");
    }
    book.save(path)?;
    Ok(())
}

/// A certificate row: day, air time, period as written, version.
type Aired = (NaiveDate, String, String, String);

/// What aired of the template's plan from `start` to `last`: every planned spot, but the
/// first day's prime-time spot is missing, the second day's evening spot aired twice, and the
/// third day's late spot aired in prime time instead (the same class: balanced).
fn aired(tapes: &[String], start: NaiveDate, last: NaiveDate) -> Vec<Aired> {
    let mut rows = Vec::new();
    let mut day = start;
    while day <= last {
        let n = (day - start).num_days();
        for (p, (period, at)) in SPOTS.iter().enumerate() {
            let tape = tapes[(day.day() as usize + p) % tapes.len()].clone();
            match (n, p) {
                (0, 1) => continue,
                (1, 0) => rows.push((day, "18:55:00".into(), period.to_string(), tape.clone())),
                (2, 2) => {
                    rows.push((day, "21:40:00".into(), String::new(), tape));
                    continue;
                }
                _ => {}
            }
            rows.push((day, at.to_string(), period.to_string(), tape));
        }
        day = day + Days::new(1);
    }
    rows
}

fn write_certificate(path: &Path, rows: &[Aired]) -> anyhow::Result<()> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("播出证明")?;
    for (c, h) in ["日期", "播出时间", "时段", "版本", "时长", "次数"].into_iter().enumerate() {
        sheet.write_string(0, c as u16, h)?;
    }
    for (r, (day, at, period, version)) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, day.format("%Y-%m-%d").to_string())?;
        sheet.write_string(r, 1, at)?;
        sheet.write_string(r, 2, period)?;
        sheet.write_string(r, 3, version)?;
        sheet.write_number(r, 4, 15.0)?;
        sheet.write_number(r, 5, 1.0)?;
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

/// Loads the demo orders (see the module's comment); answers how many.
pub async fn load(state: &AppState) -> anyhow::Result<usize> {
    let (id, name): (i64, String) = sqlx::query_as("select id, name from admins where account = 'admin'").fetch_one(&state.db).await?;
    let admin = Admin { id, name, rule_id: "*".into(), session_id: 0 };
    let dir = state.config.data_dir.join("tmp");
    std::fs::create_dir_all(&dir)?;
    let today = Local::now().date_naive();

    let finished = (today - Days::new(45), today - Days::new(16));
    let on_air = (today - Days::new(20), today + Days::new(20));
    let this_month = today.with_day(1).expect("a first day");
    let running = (this_month - chrono::Months::new(1), today + Days::new(20));
    let mut ids = Vec::new();
    for (product, tapes, cycle, aired_to, confirmed) in [
        ("安慕希", 2, finished, finished.1, true),
        ("农夫山泉饮用天然水", 2, on_air, today - Days::new(1), false),
        ("东方树叶", 2, running, this_month - Days::new(1), true),
    ] {
        let order = add_order(state, product, tapes, cycle).await?;
        ids.push(order);
        let (ours, others) = tape_names(state, order).await?;
        let template = dir.join(format!("demo-template-{order}.xlsx"));
        write_template(&template, &ours, cycle)?;
        let imported = crate::orders::schedule::import_file(state, order, &template, Some(admin.id), &Quiet).await;
        let _ = std::fs::remove_file(&template);
        imported.map_err(refused)?;

        let mut rows = aired(&ours, cycle.0, aired_to);
        if !confirmed {
            // A spot past every period of the broadcast day, and one of a version not ordered.
            rows.push((cycle.0 + Days::new(3), "27:10:00".into(), String::new(), ours[0].clone()));
            if let Some(other) = others.first() {
                rows.push((cycle.0 + Days::new(4), "20:05:00".into(), "黄金档".into(), other.clone()));
            }
        }
        let file = dir.join(format!("demo-certificate-{order}.xlsx"));
        write_certificate(&file, &rows)?;
        let origin = crate::imports::Origin { admin_id: Some(admin.id), cli: true, ..Default::default() };
        let imported = import::import_file(state, order, &file, &origin, &Quiet).await;
        let _ = std::fs::remove_file(&file);
        imported.map_err(refused)?;
        confirm::preview(state, &admin, order).await.map_err(|e| anyhow::anyhow!("previewing the demo certificate: {e:?}"))?;
        if confirmed {
            confirm::apply(state, &admin, order, None).await.map_err(|e| anyhow::anyhow!("confirming the demo certificate: {e:?}"))?;
        }
    }
    super::summary::load(state, &admin, [ids[0], ids[1], ids[2]], today).await?;
    add_order(state, "特仑苏", 2, (today + Days::new(7), today + Days::new(37))).await?;
    Ok(4)
}
