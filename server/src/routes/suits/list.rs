//! suitIndex and suitIndexExport: the suit list with the screen's filters.

use axum::Extension;
use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::{Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{self, Cell, Exported, Maker};
use crate::http::args::{self, Ids, Instant, Month, Paging, Seconds};
use crate::http::{Args, Done, Page, Text};
use crate::sql::{self, Where};
use crate::state::AppState;

use super::rows::{SELECT_SUIT, SuitRow, load_entries};

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SuitIndexArgs {
    page: Option<Text>,
    /// Default 10.
    limit: Option<Text>,
    /// Media ids, comma-joined.
    #[serde(rename = "mediaIdi")]
    media_idi: Option<Text>,
    /// Brand ids, comma-joined.
    #[serde(rename = "brandIdi")]
    brand_idi: Option<Text>,
    /// Part of the suit name.
    #[serde(rename = "suitName")]
    suit_name: Option<Text>,
    /// Seconds at least.
    #[serde(rename = "secondsGt")]
    seconds_gt: Option<Text>,
    /// Seconds at most.
    #[serde(rename = "secondslt")]
    seconds_lt: Option<Text>,
    /// Suit month from, `YYYY-MM` (inclusive).
    #[serde(rename = "suitTimeGt")]
    suit_time_gt: Option<Text>,
    /// Suit month to, `YYYY-MM` (inclusive).
    #[serde(rename = "suitTimeLt")]
    suit_time_lt: Option<Text>,
    /// Update time from (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss` or a unix timestamp).
    #[serde(rename = "updatetimeGt")]
    updatetime_gt: Option<Text>,
    /// Update time to (inclusive).
    #[serde(rename = "updatetimeLt")]
    updatetime_lt: Option<Text>,
    /// Create time from.
    #[serde(rename = "createtimeGt")]
    createtime_gt: Option<Text>,
    /// Create time to (inclusive).
    #[serde(rename = "createtimelt")]
    createtime_lt: Option<Text>,
}

struct Filter {
    media: Option<Vec<i64>>,
    brand: Option<Vec<i64>>,
    name: Option<String>,
    seconds: (Option<i32>, Option<i32>),
    months: (Option<NaiveDate>, Option<NaiveDate>),
    updated: (Option<String>, Option<String>),
    created: (Option<String>, Option<String>),
}

impl Filter {
    fn parse(args: &SuitIndexArgs, checks: &mut Checks) -> Self {
        Self {
            media: Ids::filter("mediaIdi", &args.media_idi, checks),
            brand: Ids::filter("brandIdi", &args.brand_idi, checks),
            name: args::text(&args.suit_name),
            seconds: (Seconds::filter("secondsGt", &args.seconds_gt, checks), Seconds::filter("secondslt", &args.seconds_lt, checks)),
            months: (Month::filter("suitTimeGt", &args.suit_time_gt, checks), Month::filter("suitTimeLt", &args.suit_time_lt, checks)),
            updated: Instant::range(("updatetimeGt", &args.updatetime_gt), ("updatetimeLt", &args.updatetime_lt), checks),
            created: Instant::range(("createtimeGt", &args.createtime_gt), ("createtimelt", &args.createtime_lt), checks),
        }
    }

    /// `head` (a select over `suits s`) with the conditions of the filters that are set.
    fn query<'a>(&self, head: &str) -> QueryBuilder<'a, Postgres> {
        let mut query = QueryBuilder::new(head);
        Where::new(&mut query)
            .and("s.media_id = any(", self.media.clone(), ")")
            .and("s.brand_id = any(", self.brand.clone(), ")")
            .contains("s.suit_name", self.name.clone())
            .and("s.seconds >= ", self.seconds.0, "")
            .and("s.seconds <= ", self.seconds.1, "")
            .and("s.suit_month >= ", self.months.0, "")
            .and("s.suit_month <= ", self.months.1, "")
            .and("s.updated_at >= ", self.updated.0.clone(), "::timestamptz")
            .and("s.updated_at < ", self.updated.1.clone(), "::timestamptz")
            .and("s.created_at >= ", self.created.0.clone(), "::timestamptz")
            .and("s.created_at < ", self.created.1.clone(), "::timestamptz");
        query
    }
}

const ORDER: &str = " order by s.created_at desc, s.id desc";

pub async fn index(State(state): State<AppState>, Args(args): Args<SuitIndexArgs>) -> Result<Done<Page<SuitRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    let total: i64 = filter.query("select count(*) from suits s").build_query_scalar().fetch_one(&mut *conn).await?;
    let mut page = filter.query(SELECT_SUIT);
    page.push(ORDER);
    sql::push_page(&mut page, paging.bounds());
    let mut data: Vec<SuitRow> = page.build_query_as().fetch_all(&mut *conn).await?;
    load_entries(&mut conn, &mut data).await?;
    Ok(Done("获取成功", Page { data, total }))
}

const HEADERS: [&str; 11] =
    ["媒体名称", "品牌名称", "套装名称", "客户指标", "媒体指标", "秒数", "套装时间", "时段", "次数合计", "更新时间", "创建时间"];

/// Every suit that passes the filters, one row each; its entries in one cell.
pub async fn export(
    State(state): State<AppState>,
    Extension(admin): Extension<Admin>,
    Args(args): Args<SuitIndexArgs>,
) -> Result<Done<Exported>> {
    let mut checks = Checks::default();
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    let mut all = filter.query(SELECT_SUIT);
    all.push(ORDER);
    let mut suits: Vec<SuitRow> = all.build_query_as().fetch_all(&mut *conn).await?;
    load_entries(&mut conn, &mut suits).await?;
    let rows = suits.into_iter().map(|s| {
        let entries = s
            .suit_time_period
            .iter()
            .map(|e| format!("{}（{}）×{}", e.time_period_name, e.pre_broadcast_time_forma, e.number_of_times))
            .collect::<Vec<_>>()
            .join("；");
        vec![
            Cell::from(s.media.media_name),
            Cell::from(s.brand.brand_name),
            Cell::from(s.suit_name),
            Cell::from(s.customer_metrics),
            Cell::from(s.media_metrics),
            Cell::from(s.seconds),
            Cell::from(s.suit_time),
            Cell::from(entries),
            Cell::from(s.number_of_times),
            Cell::from(s.update_time),
            Cell::from(s.create_time),
        ]
    });
    let exported = export::save(&state.db, &state.store, &state.config, Maker::new(&admin, &super::EXPORT), "套装管理", &HEADERS, rows).await.map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
