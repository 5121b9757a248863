//! What the grid is read from in Postgres: the order, its tapes, its lines, their cells and
//! the cells' operation records. Each is one query; the grid runs them side by side.

use chrono::NaiveDate;
use sqlx::{FromRow, PgExecutor, PgPool};

use crate::clock::LocalTime;

#[derive(FromRow)]
pub struct OrderRow {
    pub media_id: i64,
    pub default_group_id: i64,
    pub default_group_name: String,
    pub product_name: String,
    pub cycle_start: NaiveDate,
    pub cycle_end: NaiveDate,
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// The assessment date, else today: remaining spots count from it.
    pub assessed_from: NaiveDate,
    /// Whether the order has a schedule line (else the lake is not read).
    pub scheduled: bool,
    /// 1 无, 2 错一补一, 3 漏一补二.
    pub make_good_policy: i16,
}

#[derive(FromRow)]
pub struct LineRow {
    pub id: i64,
    pub month: NaiveDate,
    pub contract_number: String,
    pub point_type: String,
    pub position: String,
    pub seconds: i32,
    pub tape_id: i64,
    pub media_file_name: String,
    pub time_period_id: i64,
    pub time_period_name: String,
    pub start_secs: i32,
    pub end_secs: i32,
    /// The period's time-period class, whose estimate values the line's spots.
    pub class_id: Option<i64>,
}

#[derive(FromRow)]
pub struct CellRow {
    pub id: i64,
    pub line_id: i64,
    pub ymd: NaiveDate,
    pub point: i32,
    pub value: String,
    pub is_he: i16,
    pub reason_type: i16,
    pub reason_value: String,
    pub reason_disappearance: i16,
    pub manual_grp: Option<f64>,
    pub aired: i32,
    /// Spots of it a certificate's confirmation added as free (aired, never planned).
    pub free_aired: i32,
    pub moved: i32,
    pub make_good: i32,
}

impl CellRow {
    /// Whether the cell is withdrawn (撤掉): its spots are not planned any more.
    pub fn withdrawn(&self) -> bool {
        self.value.trim() == super::WITHDRAWN
    }

    /// The spots planned in the cell, as every figure counts them: none when withdrawn, and
    /// never the free spots a certificate's confirmation added (they aired without a plan).
    pub fn planned(&self) -> i32 {
        if self.withdrawn() { 0 } else { (self.point - self.free_aired).max(0) }
    }
}

pub async fn order(db: &PgPool, order: i64) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as(
        "select o.media_id, o.default_group_id, g.group_name as default_group_name, p.product_name, o.cycle_start,
                o.cycle_end, o.category, o.source,
                coalesce(o.estimate_date, current_date) as assessed_from,
                exists(select 1 from order_lines l where l.order_id = o.id) as scheduled, o.make_good_policy
         from orders o join products p on p.id = o.product_id join audience_groups g on g.id = o.default_group_id
         where o.id = $1",
    )
    .bind(order)
    .fetch_optional(db)
    .await
}

/// The order's tapes in its order, each with the titles that name it in viewing rows: media
/// file name, tape number, customer title.
pub async fn tapes(db: impl PgExecutor<'_>, order: i64) -> sqlx::Result<Vec<(i64, [String; 3])>> {
    let rows: Vec<(i64, String, String, String)> = sqlx::query_as(
        "select t.id, t.media_file_name, t.media_tape_number, t.customer_title
         from order_tapes ot join product_tapes t on t.id = ot.tape_id where ot.order_id = $1 order by ot.position",
    )
    .bind(order)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(id, a, b, c)| (id, [a, b, c])).collect())
}

/// The lines as the grid shows them: by month, version, period, type, position.
pub async fn lines(db: impl PgExecutor<'_>, order: i64) -> sqlx::Result<Vec<LineRow>> {
    sqlx::query_as(
        "select l.id, l.month, l.contract_number, l.point_type, l.position, t.seconds, l.tape_id, t.media_file_name,
                l.time_period_id, p.time_period_name, p.start_secs, p.end_secs, p.class_id
         from order_lines l join product_tapes t on t.id = l.tape_id join time_periods p on p.id = l.time_period_id
         where l.order_id = $1
         order by l.month, t.media_file_name, p.start_secs, p.time_period_name, l.point_type, l.position, l.id",
    )
    .bind(order)
    .fetch_all(db)
    .await
}

pub async fn cells(db: impl PgExecutor<'_>, order: i64) -> sqlx::Result<Vec<CellRow>> {
    sqlx::query_as(
        "select c.id, c.line_id, c.ymd, c.point, c.value, c.is_he, c.reason_type, c.reason_value,
                c.reason_disappearance, c.manual_grp::float8 as manual_grp, c.aired, c.free_aired,
                c.moved, c.make_good
         from order_cells c join order_lines l on l.id = c.line_id where l.order_id = $1 order by c.line_id, c.ymd",
    )
    .bind(order)
    .fetch_all(db)
    .await
}

/// At most this many operation records of a cell go with the grid, the newest: a cell edited
/// thousands of times would otherwise make every grid answer of its order grow without bound.
pub const RECORDS_PER_CELL: i64 = 50;

/// The newest [`RECORDS_PER_CELL`] operation records of each of the order's cells, newest
/// first: cell, admin, content, time.
pub async fn operations(db: impl PgExecutor<'_>, order: i64) -> sqlx::Result<Vec<(i64, String, String, LocalTime)>> {
    sqlx::query_as(
        "select cell_id, admin_name, content, created_at::timestamp from (
             select x.cell_id, x.admin_name, x.content, x.created_at, x.id,
                    row_number() over (partition by x.cell_id order by x.created_at desc, x.id desc) as n
             from order_cell_operations x join order_cells c on c.id = x.cell_id join order_lines l on l.id = c.line_id
             where l.order_id = $1
         ) newest where n <= $2 order by created_at desc, id desc",
    )
    .bind(order)
    .bind(RECORDS_PER_CELL)
    .fetch_all(db)
    .await
}
