//! Suits (docs/screens.md "Master-data screens" 套装管理, suit dialog, "Master-data validation" suit form): packages of one media's
//! time periods with spot counts and contracted GRP, sold to a brand per month. Also the
//! lookups the suit dialog needs and the suit options orders pick from.

mod form;
mod list;
mod rows;

use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::menu::MENU_SUIT;
use crate::error::{Checks, Result};
use crate::export::Exported;
use crate::http::args::{self, Id, IdArgs};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::routes::time_periods::{TimePeriodRow, select_period};
use crate::state::AppState;

use super::{Endpoint, get_or_post};

pub use form::{SuitArgs, SuitEntryArgs};
pub use list::SuitIndexArgs;
pub use rows::{SuitEntry, SuitRow};

pub static INDEX: Call = Call::get("suitIndex", "套装列表")
    .menu(MENU_SUIT)
    .takes::<SuitIndexArgs>()
    .answers_with::<Page<SuitRow>, SuitRow>();
pub static ADD: Call = Call::post("suitAdd", "添加套装")
    .menu(MENU_SUIT)
    .writes()
    .takes::<SuitArgs>()
    .answers_with::<SuitRow, SuitEntry>();
pub static UP: Call = Call::post("suitUp", "修改套装")
    .menu(MENU_SUIT)
    .writes()
    .takes::<SuitArgs>()
    .answers_with::<SuitRow, SuitEntry>();
pub static DEL: Call = Call::post("suitDel", "删除套装").menu(MENU_SUIT).writes().takes::<IdArgs>();
pub static COPY: Call = Call::post("suitCopy", "复制套装")
    .menu(MENU_SUIT)
    .writes()
    .takes::<IdArgs>()
    .answers_with::<SuitRow, SuitEntry>();
pub static EXPORT: Call = Call::get_or_post("suitIndexExport", "导出套装")
    .menu(MENU_SUIT)
    .takes::<SuitIndexArgs>()
    .answers::<Exported>();
pub static MEDIA_LIST: Call = Call::get("suitMediaList", "套装媒体选项")
    .answers_with::<Vec<SuitMediaOption>, SuitMediaOption>();
pub static BRAND_LIST: Call = Call::get("suitBrandList", "套装品牌选项")
    .answers_with::<Vec<SuitBrandOption>, SuitBrandOption>();
pub static PERIOD_LIST: Call = Call::get("suitTimePeriodList", "套装时段选项")
    .takes::<PeriodListArgs>()
    .answers_with::<Vec<TimePeriodRow>, TimePeriodRow>();
pub static OPTIONS: Call = Call::get("suitList", "套装选项")
    .takes::<SuitListArgs>()
    .answers_with::<Vec<SuitOption>, SuitOption>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(list::index) },
        Endpoint { call: &ADD, handler: post(form::add) },
        Endpoint { call: &UP, handler: post(form::up) },
        Endpoint { call: &DEL, handler: post(form::delete) },
        Endpoint { call: &COPY, handler: post(form::copy) },
        Endpoint { call: &EXPORT, handler: get_or_post(list::export) },
        Endpoint { call: &MEDIA_LIST, handler: get(media_list) },
        Endpoint { call: &BRAND_LIST, handler: get(brand_list) },
        Endpoint { call: &PERIOD_LIST, handler: get(period_list) },
        Endpoint { call: &OPTIONS, handler: get(suit_list) },
    ]
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct SuitMediaOption {
    id: i64,
    #[serde(rename = "mediaName")]
    media_name: String,
}

async fn media_list(State(state): State<AppState>) -> Result<Done<Vec<SuitMediaOption>>> {
    Ok(Done("获取成功", crate::master::media::options(&state.db).await?))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct SuitBrandOption {
    id: i64,
    #[serde(rename = "brandName")]
    brand_name: String,
}

async fn brand_list(State(state): State<AppState>) -> Result<Done<Vec<SuitBrandOption>>> {
    Ok(Done("获取成功", crate::master::brands::options(&state.db).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PeriodListArgs {
    /// The suit's media; without it, every media's periods.
    media_id: Option<Text>,
    /// Part of the period name.
    time_period_name: Option<Text>,
}

/// The periods a suit of the media can hold, in broadcast order.
async fn period_list(State(state): State<AppState>, Args(args): Args<PeriodListArgs>) -> Result<Done<Vec<TimePeriodRow>>> {
    let mut checks = Checks::default();
    let media = Id::filter("mediaId", &args.media_id, &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(&format!(
        "{} where ($1::bigint is null or tp.media_id = $1)
           and ($2::text is null or strpos(lower(tp.time_period_name), lower($2)) > 0)
         order by tp.media_id, tp.start_secs, tp.end_secs, tp.time_period_name",
        select_period()
    ))
    .bind(media)
    .bind(args::text(&args.time_period_name))
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

/// A suit as orders offer it.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SuitOption {
    id: i64,
    suit_name: String,
    media_metrics: f64,
    customer_metrics: f64,
    /// `YYYY-MM`.
    suit_time: String,
    seconds: i32,
    media_id: i64,
    brand_id: i64,
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SuitListArgs {
    media_id: Option<Text>,
    brand_id: Option<Text>,
}

async fn suit_list(State(state): State<AppState>, Args(args): Args<SuitListArgs>) -> Result<Done<Vec<SuitOption>>> {
    let mut checks = Checks::default();
    let media = Id::filter("mediaId", &args.media_id, &mut checks);
    let brand = Id::filter("brandId", &args.brand_id, &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(
        "select id, suit_name, round(media_metrics, 3)::float8 as media_metrics,
                round(customer_metrics, 3)::float8 as customer_metrics,
                to_char(suit_month, 'YYYY-MM') as suit_time, seconds, media_id, brand_id
         from suits
         where ($1::bigint is null or media_id = $1) and ($2::bigint is null or brand_id = $2)
         order by suit_month desc, suit_name, id",
    )
    .bind(media)
    .bind(brand)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}
