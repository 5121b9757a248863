//! The order status (docs/evaluation.md, "Order status"), derived by `adeval_engine::orders::order_status` from what
//! the database holds, after every change to an order and, since it moves with the date, by
//! the housekeeping timer.
//!
//! A certificate awaits confirmation (status 2) while a month of it is due
//! (`adeval_engine::orders::certificate_month_due`: not confirmed, days of it in the cycle have
//! passed, and its rows were not applied yet or the month is over) — derived from
//! `order_certificate_months`, never set by a call, so reading the certificate or previewing
//! its confirmation changes no status. A month of the cycle counts as having its data once its certificate is confirmed
//! (`order_certificate_months.confirmed_at`), or when it plans no spot at all (nothing can air
//! there, and an empty certificate is no file to import): a finished order shows 6 until every
//! month that plans spots has its certificate confirmed, then 7.

use adeval_engine::orders::{CertificateMonthState, StatusFacts, order_status};
use chrono::NaiveDate;
use sqlx::PgConnection;

/// Derives and stores the status of one order (`Some`) or of every order (`None`). Answers
/// how many orders changed status.
pub async fn refresh(conn: &mut PgConnection, order: Option<i64>) -> sqlx::Result<u64> {
    type Facts = (i64, i16, NaiveDate, NaiveDate, NaiveDate, bool, bool, Vec<NaiveDate>, Vec<bool>, Vec<bool>, bool);
    let rows: Vec<Facts> = sqlx::query_as(
        "select o.id, o.status, current_date, o.cycle_start, o.cycle_end,
                exists(select 1 from order_lines l where l.order_id = o.id) as has_schedule,
                exists(select 1 from order_tape_changes t
                       where t.order_id = o.id and t.status in (1, 2)
                         and t.execute_at between o.cycle_start and o.cycle_end) as tape_change_pending,
                array(select m.month from order_certificate_months m where m.order_id = o.id order by m.month) as certificate_months,
                array(select m.confirmed_at is not null from order_certificate_months m where m.order_id = o.id order by m.month) as confirmed,
                array(select coalesce(m.checked_batch_id = m.batch_id, false) from order_certificate_months m
                      where m.order_id = o.id order by m.month) as checked,
                exists(select 1 from order_lines l
                       where l.order_id = o.id
                         and exists (select 1 from order_cells c where c.line_id = l.id and c.point > 0 and btrim(c.value) <> '撤掉')
                         and not exists (select 1 from order_certificate_months m
                                         where m.order_id = o.id and m.month = l.month and m.confirmed_at is not null)) as data_missing
         from orders o where ($1::bigint is null or o.id = $1)",
    )
    .bind(order)
    .fetch_all(&mut *conn)
    .await?;
    let mut changed = 0;
    for (id, stored, today, cycle_start, cycle_end, has_schedule, tape_change_pending, months, confirmed, checked, data_missing) in rows {
        let certificate: Vec<CertificateMonthState> = months
            .into_iter()
            .zip(confirmed)
            .zip(checked)
            .map(|((month, confirmed), checked)| CertificateMonthState { month, confirmed, checked })
            .collect();
        let status = order_status(&StatusFacts {
            today,
            cycle_start,
            cycle_end,
            has_schedule,
            certificate: &certificate,
            tape_change_pending,
            data_missing,
        });
        if status != stored {
            // Only over the status the facts were read with: a change committed meanwhile
            // derived its own, newer one.
            let updated = sqlx::query("update orders set status = $2 where id = $1 and status = $3")
                .bind(id)
                .bind(status)
                .bind(stored)
                .execute(&mut *conn)
                .await?;
            changed += updated.rows_affected();
        }
    }
    Ok(changed)
}
