//! Orders for the served benches that need many of them (order_figures, summary_list): one per
//! copy of a demo product, written straight into a bench database.

use anyhow::Context;

/// `n` products copied from the demo's (each a name and tapes of its own, as brands keep
/// distinct titles per product) and one order of each, with the product's tapes, a cycle of
/// 20 to 60 days somewhere in January to June 2026; every tenth names a data category.
pub async fn seed_orders(db: &sqlx::PgPool, n: u64) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query(
        "create temp table copied on commit drop as
         select n, p.* from generate_series(1, $1::int) n
         cross join lateral (select * from products order by id offset (n % (select count(*) from products)) limit 1) p",
    )
    .bind(n as i32)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
                               upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per,
                               jack_requirements)
         select brand_id, media_id, product_name || '-' || n, seconds, default_audience_group_id,
                upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements
         from copied order by n",
    )
    .execute(&mut *tx)
    .await
    .context("seeding products")?;
    sqlx::query(
        "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name, media_file_name,
                                    media_tape_number, customer_title)
         select t.brand_id, t.media_id, p.id, t.cycle, t.customer_version_name, t.media_file_name || '-' || c.n,
                t.media_tape_number || '-' || c.n, t.customer_title || '-' || c.n
         from copied c join products p on p.product_name = c.product_name || '-' || c.n
         join product_tapes t on t.product_id = c.id",
    )
    .execute(&mut *tx)
    .await
    .context("seeding tapes")?;
    sqlx::query(
        "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
                             customer_free_calc, customer_free_value, media_free_calc, customer_metrics, media_metrics,
                             category, created_by)
         select coalesce(p.media_id, (select min(id) from media)), p.id, p.default_audience_group_id, p.seconds,
                date '2026-01-01' + (c.n * 37 % 120), date '2026-01-01' + (c.n * 37 % 120) + 20 + (c.n % 41),
                date '2026-01-01', 1 + c.n % 3, 10, 1, 100 + c.n % 50, 120, case when c.n % 10 = 0 then 2 end, 1
         from copied c join products p on p.product_name = c.product_name || '-' || c.n",
    )
    .execute(&mut *tx)
    .await
    .context("seeding orders")?;
    sqlx::query(
        "insert into order_tapes (order_id, product_id, tape_id, position)
         select o.id, o.product_id, t.id, row_number() over (partition by o.id order by t.id)
         from orders o join product_tapes t on t.product_id = o.product_id
         where not exists (select 1 from order_tapes x where x.order_id = o.id)",
    )
    .execute(&mut *tx)
    .await
    .context("seeding order tapes")?;
    tx.commit().await?;
    Ok(())
}

