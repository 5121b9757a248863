//! Adding, editing and deleting an order (orderAdd, orderUp, a restore from the history,
//! orderDel): the rules the dialog's fields follow together and against the master data,
//! writing the order with its tapes and suits, its status, and the log entry that keeps the
//! version.
//!
//! The handlers read each field on its own (`routes/orders/fields.rs`) and hand over what
//! they read with the mistakes they found ([`Form`]); the checks here add theirs before
//! refusing. The caller owns the transaction.

use adeval_engine::orders::sum_suit_metrics;
use chrono::NaiveDate;
use sqlx::postgres::PgArguments;
use sqlx::query::QueryScalar;
use sqlx::{PgConnection, Postgres};

use super::order::{self, Editable, Locked, LockedSent, Order};
use super::{history, log, status};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};

/// A form as the handler read it: each field checked on its own, the mistakes found in
/// `checks`. `fields` is `None` when a required field could not be read. The order's rules add
/// their own mistakes to `checks` before refusing, so the dialog hears all of them at once.
pub struct Form<L> {
    pub locked: L,
    pub fields: Option<Editable>,
    pub checks: Checks,
}

/// orderAdd: creates the order with its tapes and suits, logs it and derives its status.
/// Answers the new order's id.
pub async fn add(tx: &mut PgConnection, admin: &Admin, form: Form<Locked>) -> Result<i64> {
    let Form { locked, fields, mut checks } = form;
    check_references(tx, &locked, fields.as_ref().map_or(&[][..], |e| e.tapes.as_slice()), &mut checks).await?;
    checks.finish()?;
    let edit = fields.expect("checked");
    let (suit_customer, suit_media) = suit_metrics(tx, &locked.suits).await?;
    let customer_metrics = edit.customer.metrics.unwrap_or(suit_customer);
    let media_metrics = edit.media.metrics.unwrap_or(suit_media);
    // Metrics left to the suits are their sum, which the column (below 10^11) may not hold.
    let mut sums = Checks::default();
    for (field, metrics) in [("customerMetrics", customer_metrics), ("mediaMetrics", media_metrics)] {
        if metrics >= MOST_METRICS {
            sums.add(field, "所选套装的指标合计过大，请填写指标");
        }
    }
    sums.finish()?;
    let insert = format!(
        "insert into orders ({EDITABLE_COLUMNS}, media_id, product_id, default_group_id, seconds, created_by)
         values ({EDITABLE_VALUES}, $16, $17, $18, $19, $20) returning id"
    );
    let id: i64 = bind_editable(sqlx::query_scalar(&insert), &edit, (customer_metrics, media_metrics))
        .bind(locked.media_id)
        .bind(locked.product_id)
        .bind(locked.default_id)
        .bind(locked.seconds)
        .bind(admin.id)
        .fetch_one(&mut *tx)
        .await?;
    write_tapes(tx, id, locked.product_id, &edit.tapes).await?;
    sqlx::query("insert into order_suits (order_id, media_id, suit_id) select $1, $2, unnest($3::bigint[])")
        .bind(id)
        .bind(locked.media_id)
        .bind(&locked.suits)
        .execute(&mut *tx)
        .await?;
    status::refresh(tx, Some(id)).await?;
    let snapshot = history::snapshot(&edit, customer_metrics, media_metrics);
    log::record(tx, id, admin, "创建订单".into(), Some(snapshot)).await?;
    Ok(id)
}

/// orderUp and a restore: locks order `id`, has `read` read the edit against the order as it
/// stands (an edit changes only the fields it names), checks it and applies it, logged as
/// `label` with what changed. The locked fields must stay as they are.
pub async fn edit(
    tx: &mut PgConnection,
    admin: &Admin,
    id: i64,
    label: &str,
    read: impl FnOnce(&Order) -> Form<LockedSent>,
) -> Result<()> {
    order::lock(tx, id).await?;
    let before = Order::load(tx, id).await?;
    let Form { locked: sent, fields, mut checks } = read(&before);
    locked_changes(&before.locked, &sent, &mut checks);
    let product = before.locked.product_id;
    check_tapes(tx, product, fields.as_ref().map_or(&[][..], |e| e.tapes.as_slice()), &mut checks).await?;
    if let Some(e) = &fields {
        cycle_strands(tx, id, e.cycle, &mut checks).await?;
    }
    checks.finish()?;
    let edit = fields.expect("checked");
    let (stored_customer, stored_media) = before.metrics();
    let customer_metrics = edit.customer.metrics.unwrap_or(stored_customer);
    let media_metrics = edit.media.metrics.unwrap_or(stored_media);
    let update =
        format!("update orders set ({EDITABLE_COLUMNS}) = row({EDITABLE_VALUES}) where id = $16 returning id");
    let _: i64 = bind_editable(sqlx::query_scalar(&update), &edit, (customer_metrics, media_metrics))
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .map_err(cycle_keeps_cells)?;
    write_tapes(tx, id, product, &edit.tapes).await?;
    status::refresh(tx, Some(id)).await?;
    let after = Order::load(tx, id).await?;
    let changes = log::describe_changes(&before, &after);
    let content = if changes.is_empty() { format!("{label}（无改动）") } else { format!("{label}：{changes}") };
    let snapshot = history::snapshot(&edit, customer_metrics, media_metrics);
    log::record(tx, id, admin, content, Some(snapshot)).await?;
    Ok(())
}

/// orderDel: the order goes with its schedule, tape changes, proposals and log.
pub async fn delete(conn: &mut PgConnection, id: i64) -> Result<()> {
    let deleted = sqlx::query("delete from orders where id = $1").bind(id).execute(conn).await?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("订单不存在".into()));
    }
    Ok(())
}

/// What a locked field may not become in an edit.
fn locked_changes(current: &Locked, sent: &LockedSent, checks: &mut Checks) {
    let differs = |sent: Option<Option<i64>>, now: i64| sent.is_some_and(|v| v != Some(now));
    if differs(sent.media_id, current.media_id) {
        checks.add("mediaId", "编辑订单时不能修改媒体");
    }
    if differs(sent.product_id, current.product_id) {
        checks.add("productId", "编辑订单时不能修改产品");
    }
    if differs(sent.default_id, current.default_id) {
        checks.add("defaultId", "编辑订单时不能修改受众/城市组");
    }
    if differs(sent.seconds, i64::from(current.seconds)) {
        checks.add("seconds", "编辑订单时不能修改秒数");
    }
    if let Some(asked) = &sent.suits {
        let mut asked = asked.clone();
        asked.sort_unstable();
        asked.dedup();
        if asked != current.suits {
            checks.add("suitId", "编辑订单时不能修改套装");
        }
    }
}

/// Checks the references against the database: the product's tapes and audience groups,
/// the media's suits of the product's brand.
async fn check_references(conn: &mut PgConnection, locked: &Locked, tapes: &[i64], checks: &mut Checks) -> Result<()> {
    if locked.media_id > 0 {
        crate::master::media::check(&mut *conn, locked.media_id, checks).await?;
    }
    if locked.product_id <= 0 {
        return Ok(());
    }
    let brand: Option<i64> = sqlx::query_scalar("select brand_id from products where id = $1")
        .bind(locked.product_id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(brand) = brand else {
        checks.add("productId", "产品不存在");
        return Ok(());
    };
    if locked.default_id > 0 {
        let allowed: bool = sqlx::query_scalar(
            "select exists(select 1 from products where id = $1 and default_audience_group_id = $2)
                 or exists(select 1 from product_audience_groups where product_id = $1 and audience_group_id = $2)",
        )
        .bind(locked.product_id)
        .bind(locked.default_id)
        .fetch_one(&mut *conn)
        .await?;
        if !allowed {
            checks.add("defaultId", "受众/城市组不属于所选产品");
        }
    }
    check_tapes(conn, locked.product_id, tapes, checks).await?;
    let suits: Vec<(i64, i64, i64, String)> =
        sqlx::query_as("select id, media_id, brand_id, suit_name from suits where id = any($1)")
            .bind(&locked.suits)
            .fetch_all(&mut *conn)
            .await?;
    for id in &locked.suits {
        match suits.iter().find(|(s, _, _, _)| s == id) {
            None => checks.add("suitId", format!("套装不存在：{id}")),
            Some((_, media, _, name)) if *media != locked.media_id && locked.media_id > 0 => {
                checks.add("suitId", format!("套装「{name}」不属于所选媒体"));
            }
            Some((_, _, suit_brand, name)) if *suit_brand != brand => {
                checks.add("suitId", format!("套装「{name}」不属于该产品的品牌"));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The tapes must be the product's. An edit checks only these: the fields it can't change
/// were checked when the order was made, and master data may have moved on since.
async fn check_tapes(conn: &mut PgConnection, product: i64, tapes: &[i64], checks: &mut Checks) -> Result<()> {
    let found: Vec<(i64, i64, String)> =
        sqlx::query_as("select id, product_id, media_file_name from product_tapes where id = any($1)")
            .bind(tapes)
            .fetch_all(&mut *conn)
            .await?;
    for id in tapes {
        match found.iter().find(|(t, _, _)| t == id) {
            None => checks.add("orderProductMagneticTapeId", format!("磁带不存在：{id}")),
            Some((_, of, name)) if *of != product => {
                checks.add("orderProductMagneticTapeId", format!("磁带「{name}」不属于所选产品"));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The suits' summed metrics (customer, media), to 3 decimals.
async fn suit_metrics(conn: &mut PgConnection, suits: &[i64]) -> Result<(f64, f64)> {
    let values: Vec<(f64, f64)> =
        sqlx::query_as("select customer_metrics::float8, media_metrics::float8 from suits where id = any($1)")
            .bind(suits)
            .fetch_all(&mut *conn)
            .await?;
    let customer: Vec<f64> = values.iter().map(|v| v.0).collect();
    let media: Vec<f64> = values.iter().map(|v| v.1).collect();
    Ok((sum_suit_metrics(&customer), sum_suit_metrics(&media)))
}

async fn write_tapes(conn: &mut PgConnection, order: i64, product: i64, tapes: &[i64]) -> Result<()> {
    sqlx::query("delete from order_tapes where order_id = $1 and tape_id <> all($2)")
        .bind(order)
        .bind(tapes)
        .execute(&mut *conn)
        .await
        .map_err(tape_in_use)?;
    let positions: Vec<i32> = (1..=tapes.len() as i32).collect();
    sqlx::query(
        "insert into order_tapes (order_id, product_id, tape_id, position)
         select $1, $2, t, p from unnest($3::bigint[], $4::int[]) as x(t, p)
         on conflict (order_id, tape_id) do update set position = excluded.position",
    )
    .bind(order)
    .bind(product)
    .bind(tapes)
    .bind(&positions)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The columns of the editable fields, bound as `$1`–`$15` by [`bind_editable`].
const EDITABLE_COLUMNS: &str = "cycle_start, cycle_end, follow_date, blank_weeks, notes, adjusting_quantity, category, \
     source, customer_free_calc, customer_free_value, customer_metrics, media_free_calc, media_free_value, media_metrics, \
     make_good_policy";
const EDITABLE_VALUES: &str =
    "$1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10::numeric, $11::numeric, $12, $13::numeric, $14::numeric, $15";

/// Binds the editable fields (and the metrics as they will be stored) as `$1`–`$15`.
fn bind_editable<'q>(
    q: QueryScalar<'q, Postgres, i64, PgArguments>,
    edit: &'q Editable,
    (customer_metrics, media_metrics): (f64, f64),
) -> QueryScalar<'q, Postgres, i64, PgArguments> {
    q.bind(edit.cycle.0)
        .bind(edit.cycle.1)
        .bind(edit.follow_date)
        .bind(&edit.blank_weeks)
        .bind(&edit.notes)
        .bind(edit.adjusting_quantity)
        .bind(edit.category)
        .bind(edit.source)
        .bind(edit.customer.calc)
        .bind(edit.customer.value)
        .bind(customer_metrics)
        .bind(edit.media.calc)
        .bind(edit.media.value)
        .bind(media_metrics)
        .bind(edit.make_good_policy)
}

/// A tape still used by the schedule or a tape change can't leave the order.
fn tape_in_use(e: sqlx::Error) -> AppError {
    match &e {
        sqlx::Error::Database(d) if d.is_foreign_key_violation() => {
            AppError::conflict("要移除的磁带已有排期或换版记录，不能移除")
        }
        _ => e.into(),
    }
}

/// Metrics are numeric(14, 3): below 10^11.
const MOST_METRICS: f64 = 1e11;

const CELLS_OUTSIDE: &str = "周期外已有排期点位，不能缩短到该周期";
const CHANGE_OUTSIDE: &str = "有待执行的换版不在新周期内，请先修改或删除该换版";

/// What a new cycle would leave outside it — schedule cells, a pending tape change — named on
/// the bound that strands it (a later start on `cycleTimeAdd`, an earlier end on
/// `cycleTimeEnd`), so the form shows the message under the date the user changed.
async fn cycle_strands(
    conn: &mut PgConnection,
    order: i64,
    (start, end): (NaiveDate, NaiveDate),
    checks: &mut Checks,
) -> Result<()> {
    let cells: (Option<NaiveDate>, Option<NaiveDate>) = sqlx::query_as(
        "select min(c.ymd), max(c.ymd) from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1",
    )
    .bind(order)
    .fetch_one(&mut *conn)
    .await?;
    let changes: (Option<NaiveDate>, Option<NaiveDate>) =
        sqlx::query_as("select min(execute_at), max(execute_at) from order_tape_changes where order_id = $1 and status <> 3")
            .bind(order)
            .fetch_one(&mut *conn)
            .await?;
    let before = |day: Option<NaiveDate>| day.is_some_and(|d| d < start);
    let after = |day: Option<NaiveDate>| day.is_some_and(|d| d > end);
    for (field, cells_out, change_out) in
        [("cycleTimeAdd", before(cells.0), before(changes.0)), ("cycleTimeEnd", after(cells.1), after(changes.1))]
    {
        if cells_out {
            checks.add(field, CELLS_OUTSIDE);
        }
        if change_out {
            checks.add(field, CHANGE_OUTSIDE);
        }
    }
    Ok(())
}

/// A cycle that would leave schedule cells outside it, caught by the database (a cell written
/// between [`cycle_strands`] and the update; the order's lock keeps this for the rare writer
/// that does not take it).
fn cycle_keeps_cells(e: sqlx::Error) -> AppError {
    match &e {
        sqlx::Error::Database(d) if d.constraint() == Some("orders_cycle_cells_check") => {
            AppError::field("cycleTimeEnd", CELLS_OUTSIDE)
        }
        _ => e.into(),
    }
}
