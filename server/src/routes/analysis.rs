//! The summary dialog's analysis (docs/api.md "Data analysis and the spot curve"): dataAnalysis, a product's spots by air-time
//! slot and time bucket; dataAnalysisLastWeek, the latest week with one of those spots (where
//! the mode opens when the order's cycle has none); and spotCurve, the rating curve of one
//! spot. What they answer is [`crate::analysis`]'s; this module reads the arguments. All are
//! for accounts of the dashboard (`/dashboard`) or of the orders (`/order`, whose summary
//! dialog opens them).

use axum::extract::State;
use axum::routing::get;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::analysis::SpotsOf;
use crate::analysis::curve::{self, CurveAsk, SpotCurve};
use crate::analysis::last_week::{self, LastWeek};
use crate::analysis::slots::{self, AnalysisPage, SlotsAsk};
use crate::auth::menu::{MENU_DASHBOARD, MENU_ORDER};
use crate::error::{Checks, Result};
use crate::http::args::{Arg, Category, Day, DayTime, Id, Paging, Source};
use crate::http::call::Call;
use crate::http::{Args, Done, Text};
use crate::state::AppState;
use crate::viewing::MAX_DAYS;
use adeval_engine::TimeType;

use super::Endpoint;

const MENUS: &[i64] = &[MENU_DASHBOARD, MENU_ORDER];

pub static DATA_ANALYSIS: Call =
    Call::get("dataAnalysis", "数据分析").menus(MENUS).takes::<AnalysisArgs>().answers::<AnalysisPage>();
pub static DATA_ANALYSIS_LAST_WEEK: Call =
    Call::get("dataAnalysisLastWeek", "数据分析最近有点位的一周").menus(MENUS).takes::<LastWeekArgs>().answers::<LastWeek>();
pub static SPOT_CURVE: Call =
    Call::get("spotCurve", "点位收视曲线").menus(MENUS).takes::<SpotCurveArgs>().answers::<SpotCurve>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &DATA_ANALYSIS, handler: get(data_analysis) },
        Endpoint { call: &DATA_ANALYSIS_LAST_WEEK, handler: get(data_analysis_last_week) },
        Endpoint { call: &SPOT_CURVE, handler: get(spot_curve) },
    ]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnalysisArgs {
    /// Data category 1–4; empty: any.
    category: Option<Text>,
    /// Data source 1–3; empty: any.
    source: Option<Text>,
    /// First broadcast day `YYYY-MM-DD`.
    add_times: Option<Text>,
    /// Last broadcast day `YYYY-MM-DD`, not before addTimes, at most 3,660 days on.
    end_times: Option<Text>,
    product_id: Option<Text>,
    /// The audience/city group.
    default_id: Option<Text>,
    /// Only spots of this media; empty: any.
    media_id: Option<Text>,
    /// 1 year, 2 month, 3 day (default), 4 ISO week, 5 runs of timeTypeValue days.
    time_type: Option<Text>,
    /// Days of a run for timeType 5, 1–366 (default 1).
    time_type_value: Option<Text>,
    page: Option<Text>,
    /// Default 10, at most 100.
    limit: Option<Text>,
}

/// dataAnalysis's arguments but the days and the paging: whose spots.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LastWeekArgs {
    /// Data category 1–4; empty: any.
    category: Option<Text>,
    /// Data source 1–3; empty: any.
    source: Option<Text>,
    product_id: Option<Text>,
    /// The audience/city group.
    default_id: Option<Text>,
    /// Only spots of this media; empty: any.
    media_id: Option<Text>,
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SpotCurveArgs {
    media_id: Option<Text>,
    default_audience_city_group_id: Option<Text>,
    /// The spot's broadcast day `YYYY-MM-DD`.
    ymd: Option<Text>,
    /// The spot's start, broadcast-day `HH:MM:SS` (up to 29:59:59: past midnight).
    add_time: Option<Text>,
    /// The spot's length, 1–3600 seconds.
    duration: Option<Text>,
    /// Seconds of the curve before the spot and after it, 0–7200 (default 300 each).
    before: Option<Text>,
    after: Option<Text>,
}

/// A whole number in `range`, `default` when blank; else `message` on the field.
fn bounded(field: &str, value: &Option<Text>, range: std::ops::RangeInclusive<u32>, default: u32, message: &str, checks: &mut Checks) -> u32 {
    match Text::get(value).map(str::parse::<u32>) {
        None => default,
        Some(Ok(n)) if range.contains(&n) => n,
        Some(_) => {
            checks.add(field, message);
            default
        }
    }
}

/// dataAnalysis: a page of slots with each bucket's media-side and customer-side spot.
async fn data_analysis(State(state): State<AppState>, Args(args): Args<AnalysisArgs>) -> Result<Done<AnalysisPage>> {
    let mut checks = Checks::default();
    let from = Day::required("addTimes", &args.add_times, "请选择开始日期", &mut checks).map(|Day(d)| d);
    let to = Day::required("endTimes", &args.end_times, "请选择结束日期", &mut checks).map(|Day(d)| d);
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            checks.add("addTimes", "开始日期不能晚于结束日期");
        } else if (t - f).num_days() + 1 > MAX_DAYS {
            checks.add("endTimes", format!("日期范围不能超过 {MAX_DAYS} 天"));
        }
    }
    let product_id = Id::picked("productId", &args.product_id, "请选择产品", &mut checks);
    let group_id = Id::picked("defaultId", &args.default_id, "请选择受众/城市组", &mut checks);
    let media_id = Id::filter("mediaId", &args.media_id, &mut checks);
    let time_type = bounded("timeType", &args.time_type, 1..=5, 3, "时间类型只能是 1 到 5", &mut checks);
    let days = bounded("timeTypeValue", &args.time_type_value, 1..=366, 1, "天数必须是 1 到 366 的整数", &mut checks);
    // The page size has its own bound here (100, not the lists' 1000): one message for any
    // size outside it, 0 included.
    let mut paging = Paging::parse(&args.page, &None, 10, &mut checks);
    paging.limit = bounded("limit", &args.limit, 1..=100, 10, "每页条数必须在 1 到 100 之间", &mut checks).into();
    let ask = SlotsAsk {
        product_id,
        group_id,
        media_id,
        category: Category::filter("category", &args.category, &mut checks),
        source: Source::filter("source", &args.source, &mut checks),
        from: from.unwrap_or_default(),
        to: to.unwrap_or_default(),
        grouping: match time_type {
            1 => TimeType::Year,
            2 => TimeType::Month,
            4 => TimeType::Week,
            5 => TimeType::Days(days),
            _ => TimeType::Day,
        },
        page: paging.page as u64,
        limit: paging.limit as u64,
    };
    checks.finish()?;
    Ok(Done("获取成功", slots::analysis(&state.db, &state.reads, &ask).await?))
}

/// dataAnalysisLastWeek: the week of the latest spot of a product in a group.
async fn data_analysis_last_week(State(state): State<AppState>, Args(args): Args<LastWeekArgs>) -> Result<Done<LastWeek>> {
    let mut checks = Checks::default();
    let of = SpotsOf {
        product_id: Id::picked("productId", &args.product_id, "请选择产品", &mut checks),
        group_id: Id::picked("defaultId", &args.default_id, "请选择受众/城市组", &mut checks),
        media_id: Id::filter("mediaId", &args.media_id, &mut checks),
        category: Category::filter("category", &args.category, &mut checks),
        source: Source::filter("source", &args.source, &mut checks),
    };
    checks.finish()?;
    Ok(Done("获取成功", last_week::last_week(&state.db, &state.reads, &of).await?))
}

/// spotCurve: the rating curve around one spot.
async fn spot_curve(State(state): State<AppState>, Args(args): Args<SpotCurveArgs>) -> Result<Done<SpotCurve>> {
    let mut checks = Checks::default();
    let media_id = Id::picked("mediaId", &args.media_id, "请选择媒体", &mut checks);
    let group_id =
        Id::picked("defaultAudienceCityGroupId", &args.default_audience_city_group_id, "请选择受众/城市组", &mut checks);
    let ymd = Day::required("ymd", &args.ymd, "请选择日期", &mut checks).map(|Day(d)| d);
    let add_time = DayTime::required("addTime", &args.add_time, "请输入开始时间", &mut checks).map(|DayTime(s)| s);
    let duration = match Text::get(&args.duration) {
        None => {
            checks.add("duration", "请输入时长");
            0
        }
        Some(_) => bounded("duration", &args.duration, 1..=3600, 0, "时长必须是 1 到 3600 秒的整数", &mut checks),
    };
    let before = bounded("before", &args.before, 0..=7200, 300, "前置秒数必须是 0 到 7200 的整数", &mut checks);
    let after = bounded("after", &args.after, 0..=7200, 300, "后置秒数必须是 0 到 7200 的整数", &mut checks);
    checks.finish()?;
    let ask = CurveAsk {
        media_id,
        group_id,
        ymd: ymd.unwrap_or_default(),
        add_time: add_time.unwrap_or_default(),
        duration,
        before,
        after,
    };
    Ok(Done("获取成功", curve::spot_curve(&state.db, &state.reads, &ask).await?))
}
