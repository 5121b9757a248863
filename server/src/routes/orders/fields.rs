//! The order form's arguments (orderAdd / orderUp, DESIGN §2) and their reading: each field
//! checked on its own with the spec's Chinese messages (§5), before anything touches the
//! database. The editable fields and the locked ones are read apart, since an edit may change
//! only the former.

use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use adeval_engine::orders::round3;

use super::rows::OrderRow;
use crate::http::args::{Arg, Category, Day, Id, Ids, Source};
use crate::http::{Checks, Result, Text};

/// The spot lengths the dialog offers (spec §9).
pub const SECONDS: [i32; 7] = [5, 30, 15, 10, 20, 60, 120];

/// SECONDS as the OpenAPI document's integer enum `SpotSeconds`, in the spec's order: the web's
/// seconds options come from the generated types instead of copies.
pub struct SpotSeconds;

impl utoipa::PartialSchema for SpotSeconds {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .enum_values(Some(SECONDS))
            .description(Some("a spot length in seconds (spec §9), in the spec's order"))
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

/// One side's free broadcast and metrics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Side {
    pub(super) calc: i16,
    pub(super) value: f64,
    pub(super) metrics: Option<f64>,
}

/// The fields an edit may change.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Editable {
    pub(super) tapes: Vec<i64>,
    pub(super) cycle: (NaiveDate, NaiveDate),
    pub(super) follow_date: NaiveDate,
    pub(super) blank_weeks: Vec<NaiveDate>,
    pub(super) notes: String,
    pub(super) adjusting_quantity: f64,
    pub(super) category: Option<i16>,
    pub(super) source: Option<i16>,
    pub(super) customer: Side,
    pub(super) media: Side,
}

impl Editable {
    /// What the history keeps of a version of the order.
    pub(super) fn snapshot(&self, customer_metrics: f64, media_metrics: f64) -> Value {
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
pub(super) struct Locked {
    pub(super) media_id: i64,
    pub(super) product_id: i64,
    pub(super) default_id: i64,
    pub(super) seconds: i32,
    pub(super) suits: Vec<i64>,
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
    let category = Category::filter("category", &args.category, checks);
    let source = Source::filter("source", &args.source, checks);
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
pub(super) fn keeping_current(args: &OrderArgs, now: &OrderRow) -> OrderArgs {
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
pub(super) fn locked_changes(current: &Locked, args: &OrderArgs, checks: &mut Checks) {
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
        let Ids(mut asked) = Text::get(&args.suit_id).and_then(Ids::read).unwrap_or_default();
        asked.sort_unstable();
        asked.dedup();
        if asked != current.suits {
            checks.add("suitId", "编辑订单时不能修改套装");
        }
    }
}

