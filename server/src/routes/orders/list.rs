//! orderList and orderIndexExport: the order summary list (the home page) with the screen's
//! filters, newest first, 10 a page, each order with its customer and media figures.

use axum::Extension;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::{Postgres, QueryBuilder};
use utoipa::ToSchema;

use super::figures;
use super::rows::{OrderRow, SELECT_ORDER, load_parts};
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{self, Cell, Exported, Maker};
use crate::http::args::{self, Day, Id, Instant, Month, OrderStatus, Paging, Seconds};
use crate::orders::pages::Page as KeptPage;
use crate::http::envelope::envelope;
use crate::http::{Args, Done, Page, Text};
use crate::sql::{self, Where};
use crate::state::AppState;

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OrderListArgs {
    page: Option<Text>,
    /// Default 10.
    limit: Option<Text>,
    brand_id: Option<Text>,
    product_id: Option<Text>,
    media_id: Option<Text>,
    seconds: Option<Text>,
    /// Order status 1–7.
    status: Option<Text>,
    /// `YYYY-MM-DD`: orders whose cycle holds that day.
    cycle_time: Option<Text>,
    /// `YYYY-MM`: orders whose cycle reaches into that month.
    month: Option<Text>,
    /// Part of the name of one of the order's suits.
    suit_name: Option<Text>,
    /// Create time from (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss` or a unix timestamp).
    #[serde(rename = "createtimeGt")]
    createtime_gt: Option<Text>,
    /// Create time to (inclusive).
    #[serde(rename = "createtimelt")]
    createtime_lt: Option<Text>,
}

/// The parsed filters: with the page bounds, the key of a kept page (`Debug`, every field).
#[derive(Debug)]
struct Filter {
    brand: Option<i64>,
    product: Option<i64>,
    media: Option<i64>,
    seconds: Option<i32>,
    status: Option<i16>,
    day: Option<NaiveDate>,
    month: Option<NaiveDate>,
    suit: Option<String>,
    created: (Option<String>, Option<String>),
}

impl Filter {
    fn parse(args: &OrderListArgs, checks: &mut Checks) -> Self {
        Self {
            brand: Id::filter("brandId", &args.brand_id, checks),
            product: Id::filter("productId", &args.product_id, checks),
            media: Id::filter("mediaId", &args.media_id, checks),
            seconds: Seconds::filter("seconds", &args.seconds, checks),
            status: OrderStatus::filter("status", &args.status, checks),
            day: Day::filter("cycleTime", &args.cycle_time, checks),
            month: Month::filter("month", &args.month, checks),
            suit: args::text(&args.suit_name),
            created: Instant::range(("createtimeGt", &args.createtime_gt), ("createtimelt", &args.createtime_lt), checks),
        }
    }

    /// `head` followed by the set filters as its `where` clause, each value bound.
    fn query(&self, head: impl Into<String>) -> QueryBuilder<'static, Postgres> {
        let mut query = QueryBuilder::new(head);
        Where::new(&mut query)
            .eq("p.brand_id", self.brand)
            .eq("o.product_id", self.product)
            .eq("o.media_id", self.media)
            .eq("o.seconds", self.seconds)
            .eq("o.status", self.status)
            .and("", self.day, " between o.cycle_start and o.cycle_end")
            .and("o.cycle_start < (", self.month, " + interval '1 month')::date")
            .and("o.cycle_end >= ", self.month, "")
            .and(
                "exists (select 1 from order_suits os join suits s on s.id = os.suit_id
                         where os.order_id = o.id and strpos(lower(s.suit_name), lower(",
                self.suit.clone(),
                ")) > 0)",
            )
            .and("o.created_at >= ", self.created.0.clone(), "::timestamptz")
            .and("o.created_at < ", self.created.1.clone(), "::timestamptz");
        query
    }
}

const ORDER: &str = " order by o.created_at desc, o.id desc";

/// The most orders a list page holds.
const MAX_PAGE: i64 = 100;

const FROM: &str = "from orders o join products p on p.id = o.product_id";

/// The page is kept whole ([`crate::orders::pages`]): a call with the same arguments while the
/// lake, the list's tables and the day are unchanged answers the kept bytes.
pub async fn index(State(state): State<AppState>, Args(args): Args<OrderListArgs>) -> Result<Response> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    // Each order's figures read the lake: a page stays small.
    if paging.limit > MAX_PAGE {
        checks.add("limit", format!("每页最多 {MAX_PAGE} 条"));
    }
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;
    let key = format!("{filter:?} {paging:?}");
    let epoch = state.reads.figures_epoch();
    let stamp = state.reads.pages.stamps.now(&state.db).await.map_err(|e| AppError::Internal(anyhow::anyhow!("the order list's stamp: {e}")))?;
    let page = state.reads.pages.get(key, stamp, epoch, || make(&state, &filter, paging)).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], page.body).into_response())
}

/// A page as orderList answers it, with whether its figures are the previous lake version's.
async fn make(state: &AppState, filter: &Filter, paging: Paging) -> Result<KeptPage> {
    let mut conn = state.db.acquire().await?;
    let total: i64 = filter.query(format!("select count(*) {FROM}")).build_query_scalar().fetch_one(&mut *conn).await?;
    let mut query = filter.query(SELECT_ORDER);
    query.push(ORDER);
    sql::push_page(&mut query, paging.bounds());
    let mut data: Vec<OrderRow> = query.build_query_as().fetch_all(&mut *conn).await?;
    load_parts(&mut conn, &mut data).await?;
    drop(conn);
    figures::fill_listed(state, &mut data).await?;
    let recomputing = data.iter().any(|o| o.recomputing);
    // The envelope Done answers, serialized once for every call the page serves.
    let data = serde_json::to_value(Page { data, total }).map_err(anyhow::Error::from)?;
    let body = serde_json::to_vec(&envelope(200, "获取成功", data).0).map_err(anyhow::Error::from)?;
    Ok(KeptPage { body: body.into(), recomputing })
}

const HEADERS: [&str; 26] = [
    "编号", "媒体", "品牌", "产品", "月份", "周期", "秒数", "状态", "评估状态", "创建时间", "评估时间", "备注",
    "客户GRP", "客户赠播", "客户预计完成", "客户差值", "客户超播%", "客户已播正负三%",
    "媒体GRP", "媒体赠播", "媒体预计完成", "媒体差值", "媒体超播%", "媒体已播正负三%",
    "套装", "磁带",
];

/// Orders exported at most: each needs its figures from the lake.
const EXPORT_MAX: i64 = 5_000;

/// Every order that passes the filters with its figures, as the list shows them.
pub async fn export(
    State(state): State<AppState>,
    Extension(admin): Extension<Admin>,
    Args(args): Args<OrderListArgs>,
) -> Result<Done<Exported>> {
    let mut checks = Checks::default();
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    let total: i64 = filter.query(format!("select count(*) {FROM}")).build_query_scalar().fetch_one(&mut *conn).await?;
    if total > EXPORT_MAX {
        return Err(AppError::field("body", format!("一次最多导出 {EXPORT_MAX} 个订单，请先缩小筛选范围")));
    }
    let mut query = filter.query(SELECT_ORDER);
    query.push(ORDER);
    let mut orders: Vec<OrderRow> = query.build_query_as().fetch_all(&mut *conn).await?;
    load_parts(&mut conn, &mut orders).await?;
    drop(conn);
    figures::fill(&state, &mut orders).await?;
    let opt = |v: Option<f64>| v.map_or(Cell::Empty, Cell::from);
    let rows = orders.into_iter().map(move |o| {
        let f = &o.figures;
        vec![
            Cell::from(o.id),
            Cell::from(o.media_name.clone()),
            Cell::from(o.brand_name.clone()),
            Cell::from(o.product_name.clone()),
            Cell::from(o.cycle_time_month.clone()),
            Cell::from(o.cycle_time.clone()),
            Cell::from(o.seconds),
            Cell::from(o.status_name.clone()),
            Cell::from(o.j_status_name.clone()),
            Cell::from(o.create_time.clone()),
            Cell::from(o.estimate_time.clone()),
            Cell::from(o.notes.clone()),
            Cell::from(o.customer_metrics),
            Cell::from(f.customer_free_broadcast),
            Cell::from(f.customer_expected_completion),
            Cell::from(f.customer_difference),
            opt(f.customer_overplay),
            opt(f.customer_already_upside_down_three),
            Cell::from(o.media_metrics),
            Cell::from(f.media_free_broadcast),
            Cell::from(f.media_expected_completion),
            Cell::from(f.media_difference),
            opt(f.media_overplay),
            opt(f.media_already_upside_down_three),
            Cell::from(o.suit.iter().map(|s| s.suit_name.clone()).collect::<Vec<_>>().join("、")),
            Cell::from(o.tapes.iter().map(|t| t.media_file_name.clone()).collect::<Vec<_>>().join("、")),
        ]
    });
    let exported = export::save(&state.db, &state.store, &state.config, Maker::new(&admin, &super::EXPORT), "订单汇总", &HEADERS, rows).await.map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
