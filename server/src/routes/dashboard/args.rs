//! The dashboard calls' arguments: comma-joined lists, the time grouping and the day range,
//! checked together so every mistake of a request is answered at once (4000, field named).

use adeval_engine::{Side, TimeType};
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::dashboard::Filters;
use crate::error::{Checks, Result};
use crate::http::Text;
use crate::http::args::{Arg, Belonging, Category, Day, Id, Ids, Source};
use crate::viewing::MAX_DAYS;

/// dashboardoneIndex. Multi-values are comma-joined.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct IndexArgs {
    #[serde(rename = "mediaId")]
    media_id: Option<Text>,
    /// Product ids; empty: every product of the media that has rows in the range.
    #[serde(rename = "productId")]
    product_id: Option<Text>,
    /// Audience/city group ids: rows of any of them (matched by name for rows stored without
    /// one). Empty: each product counts its default group.
    #[serde(rename = "defaultAudienceCityGroupId")]
    group_id: Option<Text>,
    /// Whose measurement: 1 customer (default), 2 media. The two sides measure the same spots
    /// and are never added up.
    #[serde(rename = "belongingTo")]
    belonging_to: Option<Text>,
    /// Data categories 1–4.
    category: Option<Text>,
    /// Data sources 1–3.
    source: Option<Text>,
    /// 1 year, 2 month, 3 day, 4 ISO week, 5 runs of `timeTypeValue` days.
    #[serde(rename = "timeType")]
    time_type: Option<Text>,
    /// First broadcast day, YYYY-MM-DD.
    #[serde(rename = "timeAdd")]
    time_add: Option<Text>,
    /// Last broadcast day, YYYY-MM-DD, inclusive.
    #[serde(rename = "timeEnd")]
    time_end: Option<Text>,
    /// Time-period class ids.
    #[serde(rename = "timePeriodClassId")]
    class_id: Option<Text>,
    /// Days a bucket of time type 5 (1–366, default 1).
    #[serde(rename = "timeTypeValue")]
    time_type_value: Option<Text>,
}

/// dashboardoneBIndex: one series per audience group of the product; the other filters are
/// dashboardoneIndex's, so a group's series is the product's with that group chosen.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GroupIndexArgs {
    #[serde(rename = "productId")]
    product_id: Option<Text>,
    /// 1 customer (default), 2 media.
    #[serde(rename = "belongingTo")]
    belonging_to: Option<Text>,
    /// Only this media's rows; empty: any media.
    #[serde(rename = "mediaId")]
    media_id: Option<Text>,
    /// Data categories 1–4; empty: any.
    category: Option<Text>,
    /// Data sources 1–3; empty: any.
    source: Option<Text>,
    /// Time-period class ids; empty: any.
    #[serde(rename = "timePeriodClassId")]
    class_id: Option<Text>,
    #[serde(rename = "timeType")]
    time_type: Option<Text>,
    #[serde(rename = "timeAdd")]
    time_add: Option<Text>,
    #[serde(rename = "timeEnd")]
    time_end: Option<Text>,
    #[serde(rename = "timeTypeValue")]
    time_type_value: Option<Text>,
}

impl IndexArgs {
    pub fn filters(&self) -> Result<Filters> {
        let mut checks = Checks::default();
        let media_id = Id::filter("mediaId", &self.media_id, &mut checks);
        let products = Ids::filter("productId", &self.product_id, &mut checks);
        let groups = Ids::filter("defaultAudienceCityGroupId", &self.group_id, &mut checks);
        let classes = Ids::filter("timePeriodClassId", &self.class_id, &mut checks);
        let categories = codes::<Category>("category", &self.category, &mut checks);
        let sources = codes::<Source>("source", &self.source, &mut checks);
        let side = side(&self.belonging_to, &mut checks);
        let (from, to, time) = range(&self.time_type, &self.time_add, &self.time_end, &self.time_type_value, &mut checks);
        checks.finish()?;
        Ok(Filters { media_id, products, groups, side, categories, sources, classes, from, to, time })
    }
}

impl GroupIndexArgs {
    /// The product and the filters.
    pub fn filters(&self) -> Result<(i64, Filters)> {
        let mut checks = Checks::default();
        let product = Id::picked("productId", &self.product_id, "请选择产品", &mut checks);
        let side = side(&self.belonging_to, &mut checks);
        let media_id = Id::filter("mediaId", &self.media_id, &mut checks);
        let categories = codes::<Category>("category", &self.category, &mut checks);
        let sources = codes::<Source>("source", &self.source, &mut checks);
        let classes = Ids::filter("timePeriodClassId", &self.class_id, &mut checks);
        let (from, to, time) = range(&self.time_type, &self.time_add, &self.time_end, &self.time_type_value, &mut checks);
        checks.finish()?;
        Ok((product, Filters { media_id, products: None, groups: None, side, categories, sources, classes, from, to, time }))
    }
}

/// The side asked for: the customer's unless `belongingTo` is 2.
fn side(value: &Option<Text>, checks: &mut Checks) -> Side {
    match Belonging::filter("belongingTo", value, checks) {
        Some(2) => Side::Media,
        _ => Side::Customer,
    }
}

/// Comma-joined codes of one kind (categories, sources), without repeats; `None` when blank.
fn codes<T: Arg + Copy + Into<i16>>(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<Vec<i16>> {
    let text = Text::get(value)?;
    let mut out: Vec<i16> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match T::read(part) {
            Some(code) if !out.contains(&code.into()) => out.push(code.into()),
            Some(_) => {}
            None => {
                checks.add(field, T::BAD);
                return None;
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

impl From<Category> for i16 {
    fn from(Category(c): Category) -> i16 {
        c
    }
}

impl From<Source> for i16 {
    fn from(Source(s): Source) -> i16 {
        s
    }
}

/// The time grouping and the day range; placeholders stand in where a check failed.
fn range(
    time_type: &Option<Text>,
    add: &Option<Text>,
    end: &Option<Text>,
    value: &Option<Text>,
    checks: &mut Checks,
) -> (NaiveDate, NaiveDate, TimeType) {
    let days = match Text::get(value).map(str::parse::<u32>) {
        None => 1,
        Some(Ok(n)) if (1..=366).contains(&n) => n,
        Some(_) => {
            checks.add("timeTypeValue", "天数必须是 1 到 366 的整数");
            1
        }
    };
    let time = match Text::get(time_type) {
        None => {
            checks.add("timeType", "请选择时间类型");
            TimeType::Day
        }
        Some("1") => TimeType::Year,
        Some("2") => TimeType::Month,
        Some("3") => TimeType::Day,
        Some("4") => TimeType::Week,
        Some("5") => TimeType::Days(days),
        Some(_) => {
            checks.add("timeType", "时间类型只能是 1 到 5");
            TimeType::Day
        }
    };
    let from = Day::required("timeAdd", add, "请选择开始日期", checks).map(|Day(d)| d);
    let to = Day::required("timeEnd", end, "请选择结束日期", checks).map(|Day(d)| d);
    let (Some(from), Some(to)) = (from, to) else { return (NaiveDate::default(), NaiveDate::default(), time) };
    if from > to {
        checks.add("timeAdd", "开始日期不能晚于结束日期");
    } else if (to - from).num_days() + 1 > MAX_DAYS {
        checks.add("timeEnd", format!("日期范围不能超过 {MAX_DAYS} 天"));
    }
    (from, to, time)
}
