//! Orders (spec orders §2.1 order summary list, §2.2 add/edit dialog, §3 entities, §4 status,
//! §5 validation, §7 order calls): the list with each order's figures, the dialog's calls and
//! pickers, and the order log. Every call belongs to the `/order` menu.

mod fields;
mod figures;
mod form;
mod history;
mod list;
mod log;
mod proposals;
mod rows;
pub mod tape_changes;
pub mod template;

/// The API tests' path to the domain's status refresh.
pub use crate::orders::status;

use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::export::Exported;
use crate::http::{AppError, Args, Checks, Done, Page, Result, Text};
use crate::routes::time_periods::filters;
use crate::state::AppState;

use super::menus::MENU_ORDER;
use super::{Access, Call, Endpoint, Verb, get_or_post, schema_of, schema_with};

pub use fields::{OrderArgs, OrderIdArgs};
pub use list::OrderListArgs;
pub use log::OrderLogRow;
pub use rows::{Figures, OrderRow, OrderSuit, OrderTape};

const fn call(name: &'static str, verb: Verb, title: &'static str, writes: bool) -> Call {
    Call {
        name,
        verb,
        access: Access::Menu(MENU_ORDER),
        title,
        writes,
        request: schema_of::<OrderArgs>(),
        response: schema_with::<OrderRow, Figures>(),
    }
}

pub static LIST: Call = Call {
    request: schema_of::<OrderListArgs>(),
    response: schema_with::<Page<OrderRow>, OrderRow>(),
    ..call("orderList", Verb::Get, "订单列表", false)
};
pub static EXPORT: Call = Call {
    request: schema_of::<OrderListArgs>(),
    response: schema_of::<Exported>(),
    ..call("orderIndexExport", Verb::GetOrPost, "导出订单", false)
};
pub static ADD: Call = call("orderAdd", Verb::Post, "添加订单", true);
pub static UP: Call = call("orderUp", Verb::Post, "修改订单", true);
pub static DEL: Call =
    Call { request: schema_of::<OrderIdArgs>(), response: schema_of::<()>(), ..call("orderDel", Verb::Post, "删除订单", true) };
pub static INFO: Call = Call { request: schema_of::<OrderIdArgs>(), ..call("orderInfo", Verb::Get, "订单详情", false) };
pub static LOG_LIST: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_with::<Vec<OrderLogRow>, OrderLogRow>(),
    ..call("orderLogList", Verb::Get, "订单日志", false)
};
pub static TEMPLATE_LIST: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_with::<Vec<template::TemplateMonth>, template::TemplateLine>(),
    ..call("orderTemplateList", Verb::Get, "订单排期", false)
};
pub static TEMPLATE_EXPORT: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_of::<Exported>(),
    ..call("orderTemplateExport", Verb::GetOrPost, "导出订单排期模板", false)
};
pub static TAPE_CHANGES: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_with::<Vec<tape_changes::TapeChangeRow>, tape_changes::TapeChangeRow>(),
    ..call("orderMagneticTapeDetails", Verb::Get, "订单换版列表", false)
};
pub static TAPE_CHANGE_OPTIONS: Call = Call {
    request: schema_of::<tape_changes::ProductArgs>(),
    response: schema_with::<Vec<tape_changes::UpTapeOption>, tape_changes::UpTapeOption>(),
    ..call("orderMagneticTapeDetailsList", Verb::Get, "换版磁带选项", false)
};
pub static ORDER_TAPES: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_with::<tape_changes::OrderTapes, tape_changes::OrderTapeOption>(),
    ..call("productMagneticTape", Verb::Get, "订单版本", false)
};
pub static TAPE_CHANGE_UP: Call = Call {
    request: schema_of::<tape_changes::TapeChangeArgs>(),
    response: schema_of::<()>(),
    ..call("orderMagneticTapeDetailsUp", Verb::Post, "添加或修改换版", true)
};
pub static TAPE_CHANGE_DEL: Call = Call {
    request: schema_of::<tape_changes::TapeChangeDelArgs>(),
    response: schema_of::<()>(),
    ..call("orderMagneticTapeDetailsDel", Verb::Post, "删除换版", true)
};
pub static PROPOSAL_LIST: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_with::<Vec<proposals::ProposalRow>, proposals::ProposalRow>(),
    ..call("orderProposalList", Verb::Get, "调整建议列表", false)
};
pub static PROPOSAL_ADD: Call = Call {
    request: schema_of::<proposals::ProposalArgs>(),
    response: schema_of::<proposals::ProposalRow>(),
    ..call("orderProposalAdd", Verb::Post, "添加调整建议", true)
};
pub static PROPOSAL_STA: Call = Call {
    request: schema_of::<proposals::ProposalStaArgs>(),
    response: schema_of::<()>(),
    ..call("orderProposalSta", Verb::Post, "完成调整", true)
};
pub static HISTORY_LIST: Call = Call {
    request: schema_of::<OrderIdArgs>(),
    response: schema_with::<Vec<history::VersionRow>, history::VersionRow>(),
    ..call("orderHistoryList", Verb::Get, "订单历史版本", false)
};
pub static HISTORY_RESTORE: Call = Call {
    request: schema_of::<history::RestoreArgs>(),
    ..call("orderHistoryRestore", Verb::Post, "恢复订单版本", true)
};
pub static BRAND_LIST: Call = Call {
    request: schema_of::<()>(),
    response: schema_with::<Vec<BrandOption>, BrandOption>(),
    ..call("orderBrandList", Verb::Get, "订单品牌选项", false)
};
pub static PRODUCT_LIST: Call = Call {
    request: schema_of::<ProductListArgs>(),
    response: schema_with::<Vec<ProductOption>, ProductOption>(),
    ..call("orderProductList", Verb::Get, "订单产品选项", false)
};
pub static MEDIA_LIST: Call = Call {
    request: schema_of::<()>(),
    response: schema_with::<Vec<MediaOption>, MediaOption>(),
    ..call("orderMediaList", Verb::Get, "订单媒体选项", false)
};
pub static TAPE_LIST: Call = Call {
    request: schema_of::<ProductArgs>(),
    response: schema_with::<Vec<TapeOption>, TapeOption>(),
    ..call("orderProductMagneticTapeList", Verb::Get, "订单磁带选项", false)
};
pub static GROUP_LIST: Call = Call {
    request: schema_of::<ProductArgs>(),
    response: schema_with::<ProductDefault, GroupOption>(),
    ..call("orderDefaultAudienceCityGroupList", Verb::Get, "订单受众/城市组选项", false)
};
pub static SUIT_LIST: Call = Call {
    request: schema_of::<SuitListArgs>(),
    response: schema_with::<Vec<SuitOption>, SuitOption>(),
    ..call("orderSuitList", Verb::Get, "订单套装选项", false)
};

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &LIST, handler: get(list::index) },
        Endpoint { call: &EXPORT, handler: get_or_post(list::export) },
        Endpoint { call: &ADD, handler: post(form::add) },
        Endpoint { call: &UP, handler: post(form::up) },
        Endpoint { call: &DEL, handler: post(form::delete) },
        Endpoint { call: &INFO, handler: get(form::info) },
        Endpoint { call: &LOG_LIST, handler: get(log::list) },
        Endpoint { call: &TEMPLATE_LIST, handler: get(template::list) },
        Endpoint { call: &TEMPLATE_EXPORT, handler: get_or_post(template::export) },
        Endpoint { call: &TAPE_CHANGES, handler: get(tape_changes::list) },
        Endpoint { call: &TAPE_CHANGE_OPTIONS, handler: get(tape_changes::options) },
        Endpoint { call: &ORDER_TAPES, handler: get(tape_changes::order_tapes) },
        Endpoint { call: &TAPE_CHANGE_UP, handler: post(tape_changes::up) },
        Endpoint { call: &TAPE_CHANGE_DEL, handler: post(tape_changes::delete) },
        Endpoint { call: &PROPOSAL_LIST, handler: get(proposals::list) },
        Endpoint { call: &PROPOSAL_ADD, handler: post(proposals::add) },
        Endpoint { call: &PROPOSAL_STA, handler: post(proposals::settle) },
        Endpoint { call: &HISTORY_LIST, handler: get(history::list) },
        Endpoint { call: &HISTORY_RESTORE, handler: post(history::restore) },
        Endpoint { call: &BRAND_LIST, handler: get(brand_list) },
        Endpoint { call: &PRODUCT_LIST, handler: get(product_list) },
        Endpoint { call: &MEDIA_LIST, handler: get(media_list) },
        Endpoint { call: &TAPE_LIST, handler: get(tape_list) },
        Endpoint { call: &GROUP_LIST, handler: get(group_list) },
        Endpoint { call: &SUIT_LIST, handler: get(suit_list) },
    ]
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct BrandOption {
    id: i64,
    brand_name: String,
}

async fn brand_list(State(state): State<AppState>) -> Result<Done<Vec<BrandOption>>> {
    let rows = sqlx::query_as("select id, brand_name from brands order by id").fetch_all(&state.db).await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProductListArgs {
    /// Only this brand's products.
    brand_id: Option<Text>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ProductOption {
    id: i64,
    product_name: String,
    seconds: i32,
    brand_id: i64,
    brand_name: String,
    /// The product's media, when it has one.
    media_id: Option<i64>,
}

async fn product_list(State(state): State<AppState>, Args(args): Args<ProductListArgs>) -> Result<Done<Vec<ProductOption>>> {
    let mut checks = Checks::default();
    let brand = filters::opt_id("brandId", &args.brand_id, &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(
        "select p.id, p.product_name, p.seconds, p.brand_id, b.brand_name, p.media_id
         from products p join brands b on b.id = p.brand_id
         where ($1::bigint is null or p.brand_id = $1) order by b.brand_name, p.product_name, p.id",
    )
    .bind(brand)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MediaOption {
    id: i64,
    media_name: String,
}

async fn media_list(State(state): State<AppState>) -> Result<Done<Vec<MediaOption>>> {
    let rows = sqlx::query_as("select id, media_name from media order by id").fetch_all(&state.db).await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProductArgs {
    product_id: Option<Text>,
}

impl ProductArgs {
    fn required(&self) -> Result<i64> {
        let mut checks = Checks::default();
        let id = crate::http::paging::id("productId", &self.product_id, "请选择产品名称", &mut checks);
        checks.finish().map(|()| id)
    }
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TapeOption {
    id: i64,
    media_file_name: String,
    media_tape_number: String,
    customer_version_name: String,
    customer_title: String,
    media_id: i64,
    seconds: i32,
}

/// The product's tapes, for the dialog's tape picker.
async fn tape_list(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<Vec<TapeOption>>> {
    let product = args.required()?;
    let rows = sqlx::query_as(
        "select id, media_file_name, media_tape_number, customer_version_name, customer_title, media_id, seconds
         from product_tapes where product_id = $1 order by media_file_name, id",
    )
    .bind(product)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct GroupOption {
    id: i64,
    name: String,
}

/// The product's audience/city groups and the one it is evaluated on by default.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDefault {
    default_id: i64,
    list: Vec<GroupOption>,
}

async fn group_list(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<ProductDefault>> {
    let product = args.required()?;
    let default_id: i64 = sqlx::query_scalar("select default_audience_group_id from products where id = $1")
        .bind(product)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("产品不存在".into()))?;
    let list = sqlx::query_as(
        "select g.id, g.group_name as name from audience_groups g
         where g.id = $2 or g.id in (select audience_group_id from product_audience_groups where product_id = $1)
         order by (g.id <> $2), (select position from product_audience_groups where product_id = $1 and audience_group_id = g.id), g.id",
    )
    .bind(product)
    .bind(default_id)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", ProductDefault { default_id, list }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SuitListArgs {
    product_id: Option<Text>,
    media_id: Option<Text>,
}

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
}

/// The media's suits sold to the product's brand.
async fn suit_list(State(state): State<AppState>, Args(args): Args<SuitListArgs>) -> Result<Done<Vec<SuitOption>>> {
    let mut checks = Checks::default();
    let product = crate::http::paging::id("productId", &args.product_id, "请选择产品名称", &mut checks);
    let media = crate::http::paging::id("mediaId", &args.media_id, "请选择媒体", &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(
        "select s.id, s.suit_name, round(s.media_metrics, 3)::float8 as media_metrics,
                round(s.customer_metrics, 3)::float8 as customer_metrics,
                to_char(s.suit_month, 'YYYY-MM') as suit_time, s.seconds
         from suits s
         where s.media_id = $2 and s.brand_id = (select brand_id from products where id = $1)
         order by s.suit_month desc, s.suit_name, s.id",
    )
    .bind(product)
    .bind(media)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}
