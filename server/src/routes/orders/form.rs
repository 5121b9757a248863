//! orderAdd / orderUp / orderDel / orderInfo (spec orders §2.2, §4 dialog behaviour, §5
//! validation; DESIGN §2 orderAdd fields).
//!
//! The server re-checks everything the dialog checks. An edit may change the tapes, cycle,
//! follow date, blank days, notes, adjusting quantity, data category and source, and both
//! sides' free broadcast and metrics; media, product, audience group, seconds and suits are
//! locked: a different value for one of them is refused, never applied.

use axum::Extension;
use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::postgres::PgArguments;
use sqlx::query::QueryScalar;
use sqlx::{PgConnection, Postgres};
use utoipa::ToSchema;

use adeval_engine::orders::{round3, sum_suit_metrics};

use super::rows::{OrderRow, fetch};
use super::{figures, log, status};
use crate::auth::session::Admin;
use crate::http::{AppError, Args, Checks, Done, Result, Text};
use crate::routes::time_periods::filters;
use crate::state::AppState;

/// The spot lengths the dialog offers (spec §9).
pub const SECONDS: [i32; 7] = [5, 30, 15, 10, 20, 60, 120];

#[derive(Default, Clone, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OrderArgs {
    /// orderUp only.
    order_id: Option<Text>,
    media_id: Option<Text>,
    product_id: Option<Text>,
    /// The audience/city group, one of the product's.
    default_id: Option<Text>,
    /// Spot length: 5, 10, 15, 20, 30, 60 or 120.
    seconds: Option<Text>,
    /// Tape ids of the product, comma-joined (or an array).
    order_product_magnetic_tape_id: Option<Text>,
    /// Suit ids of the media, comma-joined (or an array).
    suit_id: Option<Text>,
    /// `YYYY-MM-DD`.
    cycle_time_add: Option<Text>,
    /// `YYYY-MM-DD`, not before the start.
    cycle_time_end: Option<Text>,
    /// `YYYY-MM-DD`.
    follow_date: Option<Text>,
    /// Days of the cycle with nothing planned, `YYYY-MM-DD` comma-joined.
    blank_week: Option<Text>,
    notes: Option<Text>,
    adjusting_quantity: Option<Text>,
    /// Data category 1–4 the issued GRP is read from; empty: any.
    category: Option<Text>,
    /// Data source 1–3; empty: any.
    source: Option<Text>,
    /// 1 none, 2 percentage, 3 normal.
    customer_free_broadcast_calculation: Option<Text>,
    customer_free_broadcast_value: Option<Text>,
    /// Contracted GRP; empty: the sum of the suits' customer metrics.
    customer_metrics: Option<Text>,
    media_free_broadcast_calculation: Option<Text>,
    media_free_broadcast_value: Option<Text>,
    /// Contracted GRP; empty: the sum of the suits' media metrics.
    media_metrics: Option<Text>,
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OrderIdArgs {
    pub order_id: Option<Text>,
}

pub const PICK_ORDER: &str = "请选择订单";

impl OrderIdArgs {
    pub fn required(&self) -> Result<i64> {
        let mut checks = Checks::default();
        let id = crate::http::paging::id("orderId", &self.order_id, PICK_ORDER, &mut checks);
        checks.finish().map(|()| id)
    }
}

/// One side's free broadcast and metrics.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Side {
    calc: i16,
    value: f64,
    metrics: Option<f64>,
}

/// The fields an edit may change.
#[derive(Debug, Clone, PartialEq)]
struct Editable {
    tapes: Vec<i64>,
    cycle: (NaiveDate, NaiveDate),
    follow_date: NaiveDate,
    blank_weeks: Vec<NaiveDate>,
    notes: String,
    adjusting_quantity: f64,
    category: Option<i16>,
    source: Option<i16>,
    customer: Side,
    media: Side,
}

impl Editable {
    /// What the history keeps of a version of the order.
    fn snapshot(&self, customer_metrics: f64, media_metrics: f64) -> Value {
        let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
        json!({
            "orderProductMagneticTapeId": self.tapes,
            "cycleTimeAdd": day(self.cycle.0),
            "cycleTimeEnd": day(self.cycle.1),
            "followDate": day(self.follow_date),
            "blankWeek": self.blank_weeks.iter().map(|d| day(*d)).collect::<Vec<_>>().join(","),
            "notes": self.notes,
            "adjustingQuantity": self.adjusting_quantity,
            "category": self.category,
            "source": self.source,
            "customerFreeBroadcastCalculation": self.customer.calc,
            "customerFreeBroadcastValue": self.customer.value,
            "customerMetrics": customer_metrics,
            "mediaFreeBroadcastCalculation": self.media.calc,
            "mediaFreeBroadcastValue": self.media.value,
            "mediaMetrics": media_metrics,
        })
    }
}

/// The fields fixed once the order exists.
#[derive(Debug, Clone, PartialEq)]
struct Locked {
    media_id: i64,
    product_id: i64,
    default_id: i64,
    seconds: i32,
    suits: Vec<i64>,
}

fn date(field: &str, value: &Option<Text>, missing: &str, checks: &mut Checks) -> Option<NaiveDate> {
    if Text::get(value).is_none() {
        checks.add(field, missing);
        return None;
    }
    crate::http::paging::date(field, value, checks)
}

fn number(field: &str, value: &Option<Text>, checks: &mut Checks, non_negative: bool, message: &str) -> Option<f64> {
    match Text::get(value).map(str::parse::<f64>) {
        None => None,
        Some(Ok(n)) if n.is_finite() && n.abs() < 1e11 && (!non_negative || n >= 0.0) => Some(round3(n)),
        Some(_) => {
            checks.add(field, message);
            None
        }
    }
}

fn small(field: &str, value: &Option<Text>, range: std::ops::RangeInclusive<i16>, message: &str, checks: &mut Checks) -> Option<i16> {
    match Text::get(value).map(str::parse::<i16>) {
        None => None,
        Some(Ok(n)) if range.contains(&n) => Some(n),
        Some(_) => {
            checks.add(field, message);
            None
        }
    }
}

fn side(prefix: &str, args: (&Option<Text>, &Option<Text>, &Option<Text>), checks: &mut Checks) -> Side {
    let (calc, value, metrics) = args;
    let calc_field = format!("{prefix}FreeBroadcastCalculation");
    let calc = match Text::get(calc).map(str::parse::<i16>) {
        Some(Ok(n)) if (1..=3).contains(&n) => n,
        Some(_) => {
            checks.add(&calc_field, "赠播计算方式无效");
            1
        }
        None => {
            checks.add(&calc_field, "请选择赠播计算方式");
            1
        }
    };
    let value = number(&format!("{prefix}FreeBroadcastValue"), value, checks, true, "赠播值必须是大于等于0的数字")
        .unwrap_or(0.0);
    let metrics = number(&format!("{prefix}Metrics"), metrics, checks, true, "指标必须是大于等于0的数字");
    Side { calc, value, metrics }
}

fn id_list(field: &str, value: &Option<Text>, missing: &str, checks: &mut Checks) -> Vec<i64> {
    match filters::ids(value) {
        Some(ids) if ids.is_empty() => {
            checks.add(field, missing);
            Vec::new()
        }
        Some(mut ids) => {
            let mut seen = std::collections::HashSet::new();
            ids.retain(|id| seen.insert(*id));
            ids
        }
        None => {
            checks.add(field, "编号格式错误");
            Vec::new()
        }
    }
}

/// Reads the editable fields, checking each on its own.
fn editable(args: &OrderArgs, checks: &mut Checks) -> Option<Editable> {
    let tapes = id_list("orderProductMagneticTapeId", &args.order_product_magnetic_tape_id, "请选择产品磁带", checks);
    let start = date("cycleTimeAdd", &args.cycle_time_add, "请选择周期开始", checks);
    let end = date("cycleTimeEnd", &args.cycle_time_end, "请选择周期结束", checks);
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        checks.add("cycleTimeEnd", "周期结束不能早于周期开始");
    }
    let follow_date = date("followDate", &args.follow_date, "请选择跟进日期", checks);
    let mut blank_weeks = Vec::new();
    for part in Text::get(&args.blank_week).unwrap_or("").split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match NaiveDate::parse_from_str(part, "%Y-%m-%d") {
            Ok(d) if start.is_none_or(|s| d >= s) && end.is_none_or(|e| d <= e) => blank_weeks.push(d),
            Ok(_) => checks.add("blankWeek", format!("空档日期 {part} 不在周期内")),
            Err(_) => checks.add("blankWeek", "空档日期格式应为 YYYY-MM-DD"),
        }
    }
    blank_weeks.sort();
    blank_weeks.dedup();
    let notes = Text::get(&args.notes).unwrap_or("").to_owned();
    if notes.chars().count() > 500 {
        checks.add("notes", "备注不能超过500个字符");
    }
    let adjusting_quantity =
        number("adjustingQuantity", &args.adjusting_quantity, checks, false, "调整数量必须是数字").unwrap_or(0.0);
    let category = small("category", &args.category, 1..=4, "数据类别无效", checks);
    let source = small("source", &args.source, 1..=3, "数据来源无效", checks);
    let customer = side(
        "customer",
        (&args.customer_free_broadcast_calculation, &args.customer_free_broadcast_value, &args.customer_metrics),
        checks,
    );
    let media = side(
        "media",
        (&args.media_free_broadcast_calculation, &args.media_free_broadcast_value, &args.media_metrics),
        checks,
    );
    Some(Editable {
        tapes,
        cycle: (start?, end?),
        follow_date: follow_date?,
        blank_weeks,
        notes,
        adjusting_quantity,
        category,
        source,
        customer,
        media,
    })
}

/// Reads the locked fields.
fn locked(args: &OrderArgs, checks: &mut Checks) -> Locked {
    let id = crate::http::paging::id;
    let media_id = id("mediaId", &args.media_id, "请选择媒体", checks);
    let product_id = id("productId", &args.product_id, "请选择产品名称", checks);
    let default_id = id("defaultId", &args.default_id, "请选择受众/城市组", checks);
    let seconds = match Text::get(&args.seconds).map(str::parse::<i32>) {
        None => {
            checks.add("seconds", "请选择秒数");
            0
        }
        Some(Ok(n)) if SECONDS.contains(&n) => n,
        Some(_) => {
            checks.add("seconds", "秒数只能是 5、10、15、20、30、60 或 120");
            0
        }
    };
    let suits = id_list("suitId", &args.suit_id, "请选择套装", checks);
    Locked { media_id, product_id, default_id, seconds, suits }
}

/// Checks the references against the database: the product's tapes and audience groups,
/// the media's suits of the product's brand.
async fn check_references(conn: &mut PgConnection, locked: &Locked, tapes: &[i64], checks: &mut Checks) -> Result<()> {
    if locked.media_id > 0 {
        let found: bool = sqlx::query_scalar("select exists(select 1 from media where id = $1)")
            .bind(locked.media_id)
            .fetch_one(&mut *conn)
            .await?;
        if !found {
            checks.add("mediaId", "媒体不存在");
        }
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

/// The columns of the editable fields, bound as `$1`–`$14` by [`bind_editable`].
const EDITABLE_COLUMNS: &str = "cycle_start, cycle_end, follow_date, blank_weeks, notes, adjusting_quantity, category, \
     source, customer_free_calc, customer_free_value, customer_metrics, media_free_calc, media_free_value, media_metrics";
const EDITABLE_VALUES: &str =
    "$1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10::numeric, $11::numeric, $12, $13::numeric, $14::numeric";

/// Binds the editable fields (and the metrics as they will be stored) as `$1`–`$14`.
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

/// A cycle that would leave schedule cells outside it.
fn cycle_keeps_cells(e: sqlx::Error) -> AppError {
    match &e {
        sqlx::Error::Database(d) if d.constraint() == Some("orders_cycle_cells_check") => {
            AppError::field("cycleTimeAdd", "周期外已有排期点位，不能缩短到该周期")
        }
        _ => e.into(),
    }
}

/// orderAdd: creates the order with its tapes and suits, logs it and derives its status.
pub async fn add(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<OrderArgs>) -> Result<Done<OrderRow>> {
    let mut checks = Checks::default();
    let locked = locked(&args, &mut checks);
    let edit = editable(&args, &mut checks);
    let mut tx = state.db.begin().await?;
    check_references(&mut tx, &locked, edit.as_ref().map_or(&[][..], |e| e.tapes.as_slice()), &mut checks).await?;
    checks.finish()?;
    let edit = edit.expect("checked");
    let (suit_customer, suit_media) = suit_metrics(&mut tx, &locked.suits).await?;
    let customer_metrics = edit.customer.metrics.unwrap_or(suit_customer);
    let media_metrics = edit.media.metrics.unwrap_or(suit_media);
    let insert = format!(
        "insert into orders ({EDITABLE_COLUMNS}, media_id, product_id, default_group_id, seconds, created_by)
         values ({EDITABLE_VALUES}, $15, $16, $17, $18, $19) returning id"
    );
    let id: i64 = bind_editable(sqlx::query_scalar(&insert), &edit, (customer_metrics, media_metrics))
        .bind(locked.media_id)
        .bind(locked.product_id)
        .bind(locked.default_id)
        .bind(locked.seconds)
        .bind(admin.id)
        .fetch_one(&mut *tx)
        .await?;
    write_tapes(&mut tx, id, locked.product_id, &edit.tapes).await?;
    sqlx::query("insert into order_suits (order_id, media_id, suit_id) select $1, $2, unnest($3::bigint[])")
        .bind(id)
        .bind(locked.media_id)
        .bind(&locked.suits)
        .execute(&mut *tx)
        .await?;
    status::refresh(&mut tx, Some(id)).await?;
    let snapshot = edit.snapshot(customer_metrics, media_metrics);
    log::record(&mut tx, id, &admin, "创建订单".into(), Some(snapshot)).await?;
    let mut row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    figures::fill(&state, std::slice::from_mut(&mut row)).await?;
    Ok(Done("添加成功", row))
}

/// An edit's arguments with every editable field it leaves out (absent, not sent empty) taken
/// from the order as it is: a partial orderUp changes only what it names.
fn keeping_current(args: &OrderArgs, now: &OrderRow) -> OrderArgs {
    let keep = |arg: &Option<Text>, current: Option<String>| arg.clone().or_else(|| current.map(Text));
    let ids: Vec<String> = now.order_product_magnetic_tape_id.iter().map(i64::to_string).collect();
    OrderArgs {
        order_product_magnetic_tape_id: keep(&args.order_product_magnetic_tape_id, Some(ids.join(","))),
        cycle_time_add: keep(&args.cycle_time_add, Some(now.cycle_time_add.clone())),
        cycle_time_end: keep(&args.cycle_time_end, Some(now.cycle_time_end.clone())),
        follow_date: keep(&args.follow_date, Some(now.follow_date.clone())),
        blank_week: keep(&args.blank_week, Some(now.blank_week.clone())),
        notes: keep(&args.notes, Some(now.notes.clone())),
        adjusting_quantity: keep(&args.adjusting_quantity, Some(now.adjusting_quantity.to_string())),
        category: keep(&args.category, now.category.map(|c| c.to_string())),
        source: keep(&args.source, now.source.map(|c| c.to_string())),
        customer_free_broadcast_calculation: keep(
            &args.customer_free_broadcast_calculation,
            Some(now.customer_free_broadcast_calculation.to_string()),
        ),
        customer_free_broadcast_value: keep(
            &args.customer_free_broadcast_value,
            Some(now.customer_free_broadcast_value.to_string()),
        ),
        customer_metrics: keep(&args.customer_metrics, Some(now.customer_metrics.to_string())),
        media_free_broadcast_calculation: keep(
            &args.media_free_broadcast_calculation,
            Some(now.media_free_broadcast_calculation.to_string()),
        ),
        media_free_broadcast_value: keep(&args.media_free_broadcast_value, Some(now.media_free_broadcast_value.to_string())),
        media_metrics: keep(&args.media_metrics, Some(now.media_metrics.to_string())),
        ..args.clone()
    }
}

/// What a locked field may not become in an edit.
fn locked_changes(current: &Locked, args: &OrderArgs, checks: &mut Checks) {
    let differs = |value: &Option<Text>, now: i64| Text::get(value).is_some_and(|v| v.parse::<i64>().ok() != Some(now));
    if differs(&args.media_id, current.media_id) {
        checks.add("mediaId", "编辑订单时不能修改媒体");
    }
    if differs(&args.product_id, current.product_id) {
        checks.add("productId", "编辑订单时不能修改产品");
    }
    if differs(&args.default_id, current.default_id) {
        checks.add("defaultId", "编辑订单时不能修改受众/城市组");
    }
    if differs(&args.seconds, i64::from(current.seconds)) {
        checks.add("seconds", "编辑订单时不能修改秒数");
    }
    if Text::get(&args.suit_id).is_some() {
        let mut asked = filters::ids(&args.suit_id).unwrap_or_default();
        asked.sort_unstable();
        asked.dedup();
        if asked != current.suits {
            checks.add("suitId", "编辑订单时不能修改套装");
        }
    }
}

/// orderUp: changes the editable fields; the locked ones must stay as they are.
pub async fn up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<OrderArgs>) -> Result<Done<OrderRow>> {
    let row = update(&state, &admin, &args, "修改订单").await?;
    Ok(Done("修改成功", row))
}

/// Applies an edit (orderUp, or a restore from the history), logged as `label` with what
/// changed.
pub(super) async fn update(state: &AppState, admin: &Admin, args: &OrderArgs, label: &str) -> Result<OrderRow> {
    let id = OrderIdArgs { order_id: args.order_id.clone() }.required()?;
    let mut tx = state.db.begin().await?;
    sqlx::query("select 1 from orders where id = $1 for update").bind(id).execute(&mut *tx).await?;
    let before = fetch(&mut tx, id).await?;
    let mut suits: Vec<i64> = before.suit.iter().map(|s| s.id).collect();
    suits.sort_unstable();
    let current = Locked {
        media_id: before.media_id,
        product_id: before.product_id,
        default_id: before.default_id,
        seconds: before.seconds,
        suits,
    };
    let mut checks = Checks::default();
    locked_changes(&current, args, &mut checks);
    let args = &keeping_current(args, &before);
    let edit = editable(args, &mut checks);
    check_tapes(&mut tx, current.product_id, edit.as_ref().map_or(&[][..], |e| e.tapes.as_slice()), &mut checks).await?;
    if let Some(e) = &edit {
        let outside: bool = sqlx::query_scalar(
            "select exists(select 1 from order_tape_changes where order_id = $1 and status <> 3
                             and (execute_at < $2 or execute_at > $3))",
        )
        .bind(id)
        .bind(e.cycle.0)
        .bind(e.cycle.1)
        .fetch_one(&mut *tx)
        .await?;
        if outside {
            checks.add("cycleTimeAdd", "有待执行的换版不在新周期内，请先修改或删除该换版");
        }
    }
    checks.finish()?;
    let edit = edit.expect("checked");
    let customer_metrics = edit.customer.metrics.unwrap_or(before.customer_metrics);
    let media_metrics = edit.media.metrics.unwrap_or(before.media_metrics);
    let update =
        format!("update orders set ({EDITABLE_COLUMNS}) = row({EDITABLE_VALUES}) where id = $15 returning id");
    let _: i64 = bind_editable(sqlx::query_scalar(&update), &edit, (customer_metrics, media_metrics))
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .map_err(cycle_keeps_cells)?;
    write_tapes(&mut tx, id, before.product_id, &edit.tapes).await?;
    status::refresh(&mut tx, Some(id)).await?;
    let after = fetch(&mut tx, id).await?;
    let changes = log::describe_changes(&before, &after);
    let content = if changes.is_empty() { format!("{label}（无改动）") } else { format!("{label}：{changes}") };
    log::record(&mut tx, id, admin, content, Some(edit.snapshot(customer_metrics, media_metrics))).await?;
    tx.commit().await?;
    let mut row = after;
    figures::fill(state, std::slice::from_mut(&mut row)).await?;
    Ok(row)
}

/// orderDel: the order goes with its schedule, tape changes, proposals and log.
pub async fn delete(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<()>> {
    let id = args.required()?;
    let deleted = sqlx::query("delete from orders where id = $1").bind(id).execute(&state.db).await?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("订单不存在".into()));
    }
    Ok(Done("删除成功", ()))
}

/// orderInfo: the order as the edit dialog fills it, with its figures.
pub async fn info(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<OrderRow>> {
    let id = args.required()?;
    let mut conn = state.db.acquire().await?;
    let mut row = fetch(&mut conn, id).await?;
    drop(conn);
    figures::fill(&state, std::slice::from_mut(&mut row)).await?;
    Ok(Done("获取成功", row))
}
