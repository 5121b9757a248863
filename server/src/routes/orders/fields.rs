//! The order form's arguments (orderAdd / orderUp, docs/api.md, "Payloads the spec leaves open") and their reading: each field
//! checked on its own with the spec's Chinese messages (docs/screens.md "Order dialog"), before anything touches the
//! database. The editable fields and the locked ones are read apart, since an edit may change
//! only the former. What the fields must be together and against the database is the
//! domain's ([`crate::orders::form`]).

use serde::Deserialize;
use utoipa::ToSchema;

use adeval_engine::orders::round3;

use crate::error::{Checks, Result};
use crate::http::args::{Arg, Belonging, Category, Day, Id, Ids, MakeGoodPolicy, Source};
use crate::http::Text;
use crate::orders::order::{Editable, Locked, LockedSent, Order, Side, day_text};

/// The spot lengths the dialog offers (docs/screens.md "Constants").
pub const SECONDS: [i32; 7] = [5, 30, 15, 10, 20, 60, 120];

/// SECONDS as the OpenAPI document's integer enum `SpotSeconds`, in the spec's order: the web's
/// seconds options come from the generated types instead of copies.
pub struct SpotSeconds;

impl utoipa::PartialSchema for SpotSeconds {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .enum_values(Some(SECONDS))
            .description(Some("a spot length in seconds (docs/screens.md 'Constants'), in the spec's order"))
            .into()
    }
}

impl ToSchema for SpotSeconds {}

#[derive(Default, Clone, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OrderArgs {
    /// orderUp only.
    pub(super) order_id: Option<Text>,
    media_id: Option<Text>,
    product_id: Option<Text>,
    /// The audience/city group, one of the product's.
    default_id: Option<Text>,
    /// Spot length: 5, 10, 15, 20, 30, 60 or 120.
    #[schema(value_type = Option<SpotSeconds>)]
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
    /// Make-good policy: 1 无 (default), 2 错一补一, 3 漏一补二.
    make_good_policy: Option<Text>,
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
        let id = Id::picked("orderId", &self.order_id, PICK_ORDER, &mut checks);
        checks.finish().map(|()| id)
    }
}

/// The summary dialog's toolbar, as the grid, the figures per month, the estimates and the
/// evaluation exports take it: an order and whose data to read.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SideArgs {
    order_id: Option<Text>,
    /// Whose figures and viewing data: 1 customer (default), 2 media.
    belonging_to: Option<Text>,
    /// Data category 1–4; empty: the order's own (which may be any).
    category: Option<Text>,
    /// Data source 1–3; empty: the order's own (which may be any).
    source: Option<Text>,
}

/// [`SideArgs`] checked.
pub struct SideChoice {
    pub order: i64,
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

impl SideArgs {
    /// The order (4000 `请选择订单`), the side (1 unless given) and the data category and source.
    pub fn checked(&self) -> Result<SideChoice> {
        let mut checks = Checks::default();
        let order = Id::picked("orderId", &self.order_id, PICK_ORDER, &mut checks);
        let belonging_to = Belonging::filter("belongingTo", &self.belonging_to, &mut checks).unwrap_or(1);
        let category = Category::filter("category", &self.category, &mut checks);
        let source = Source::filter("source", &self.source, &mut checks);
        checks.finish()?;
        Ok(SideChoice { order, belonging_to, category, source })
    }
}

fn number(field: &str, value: &Option<Text>, checks: &mut Checks, non_negative: bool, message: &str) -> Option<f64> {
    // The bound is on the value as stored (3 decimals, numeric(14, 3)): 99999999999.9999
    // rounds to 10^11, which the column cannot hold.
    match Text::get(value).map(str::parse::<f64>).map(|n| n.map(round3)) {
        None => None,
        Some(Ok(n)) if n.is_finite() && n.abs() < 1e11 && (!non_negative || n >= 0.0) => Some(n),
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

/// Reads the editable fields, checking each on its own.
pub(super) fn editable(args: &OrderArgs, checks: &mut Checks) -> Option<Editable> {
    let tapes = Ids::picked("orderProductMagneticTapeId", &args.order_product_magnetic_tape_id, "请选择产品磁带", checks);
    let start = Day::required("cycleTimeAdd", &args.cycle_time_add, "请选择周期开始", checks).map(|Day(d)| d);
    let end = Day::required("cycleTimeEnd", &args.cycle_time_end, "请选择周期结束", checks).map(|Day(d)| d);
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        checks.add("cycleTimeEnd", "周期结束不能早于周期开始");
    }
    let follow_date = Day::required("followDate", &args.follow_date, "请选择跟进日期", checks).map(|Day(d)| d);
    let mut blank_weeks = Vec::new();
    for part in Text::get(&args.blank_week).unwrap_or("").split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match crate::http::args::ymd(part) {
            Some(d) if start.is_none_or(|s| d >= s) && end.is_none_or(|e| d <= e) => blank_weeks.push(d),
            Some(_) => checks.add("blankWeek", format!("空档日期 {part} 不在周期内")),
            None => checks.add("blankWeek", "空档日期格式应为 YYYY-MM-DD"),
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
    let category = Category::filter("category", &args.category, checks);
    let source = Source::filter("source", &args.source, checks);
    let make_good_policy = MakeGoodPolicy::filter("makeGoodPolicy", &args.make_good_policy, checks).unwrap_or(1);
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
        make_good_policy,
        customer,
        media,
    })
}

/// Reads the locked fields.
pub(super) fn locked(args: &OrderArgs, checks: &mut Checks) -> Locked {
    let id = Id::picked;
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
    let suits = Ids::picked("suitId", &args.suit_id, "请选择套装", checks);
    Locked { media_id, product_id, default_id, seconds, suits }
}

/// An edit's arguments with every editable field it leaves out (absent, not sent empty) taken
/// from the order as it is: a partial orderUp changes only what it names.
pub(super) fn keeping_current(args: &OrderArgs, now: &Order) -> OrderArgs {
    let keep = |arg: &Option<Text>, current: String| arg.clone().or(Some(Text(current)));
    let f = &now.fields;
    let (customer_metrics, media_metrics) = now.metrics();
    let ids: Vec<String> = f.tapes.iter().map(i64::to_string).collect();
    let blank: Vec<String> = f.blank_weeks.iter().map(|d| day_text(*d)).collect();
    OrderArgs {
        order_product_magnetic_tape_id: keep(&args.order_product_magnetic_tape_id, ids.join(",")),
        cycle_time_add: keep(&args.cycle_time_add, day_text(f.cycle.0)),
        cycle_time_end: keep(&args.cycle_time_end, day_text(f.cycle.1)),
        follow_date: keep(&args.follow_date, day_text(f.follow_date)),
        blank_week: keep(&args.blank_week, blank.join(",")),
        notes: keep(&args.notes, f.notes.clone()),
        adjusting_quantity: keep(&args.adjusting_quantity, f.adjusting_quantity.to_string()),
        category: args.category.clone().or_else(|| f.category.map(|c| Text(c.to_string()))),
        source: args.source.clone().or_else(|| f.source.map(|c| Text(c.to_string()))),
        make_good_policy: keep(&args.make_good_policy, f.make_good_policy.to_string()),
        customer_free_broadcast_calculation: keep(&args.customer_free_broadcast_calculation, f.customer.calc.to_string()),
        customer_free_broadcast_value: keep(&args.customer_free_broadcast_value, f.customer.value.to_string()),
        customer_metrics: keep(&args.customer_metrics, customer_metrics.to_string()),
        media_free_broadcast_calculation: keep(&args.media_free_broadcast_calculation, f.media.calc.to_string()),
        media_free_broadcast_value: keep(&args.media_free_broadcast_value, f.media.value.to_string()),
        media_metrics: keep(&args.media_metrics, media_metrics.to_string()),
        ..args.clone()
    }
}

/// What an edit sent for the locked fields, which the domain compares with the order's.
pub(super) fn locked_sent(args: &OrderArgs) -> LockedSent {
    let sent = |value: &Option<Text>| Text::get(value).map(|v| v.parse::<i64>().ok());
    LockedSent {
        media_id: sent(&args.media_id),
        product_id: sent(&args.product_id),
        default_id: sent(&args.default_id),
        seconds: sent(&args.seconds),
        suits: Text::get(&args.suit_id).map(|v| Ids::read(v).unwrap_or_default().0),
    }
}
