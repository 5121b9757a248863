//! suitIndex and suitIndexExport: the suit list with the screen's filters.

use axum::Extension;
use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::postgres::PgArguments;
use sqlx::query::QueryAs;
use sqlx::Postgres;
use utoipa::ToSchema;

use crate::auth::session::Admin;
use crate::export::{self, Cell, Exported, Maker};
use crate::http::args::{self, Ids, Instant, Month, Paging, Seconds};
use crate::http::{AppError, Args, Checks, Done, Page, Result, Text};
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

    fn bind<'q, O>(&'q self, q: QueryAs<'q, Postgres, O, PgArguments>) -> QueryAs<'q, Postgres, O, PgArguments> {
        q.bind(&self.media)
            .bind(&self.brand)
            .bind(&self.name)
            .bind(self.seconds.0)
            .bind(self.seconds.1)
            .bind(self.months.0)
            .bind(self.months.1)
            .bind(&self.updated.0)
            .bind(&self.updated.1)
            .bind(&self.created.0)
            .bind(&self.created.1)
    }
}

const WHERE: &str = "
    where ($1::bigint[] is null or s.media_id = any($1))
      and ($2::bigint[] is null or s.brand_id = any($2))
      and ($3::text is null or strpos(lower(s.suit_name), lower($3)) > 0)
      and ($4::int is null or s.seconds >= $4)
      and ($5::int is null or s.seconds <= $5)
      and ($6::date is null or s.suit_month >= $6)
      and ($7::date is null or s.suit_month <= $7)
      and ($8::timestamptz is null or s.updated_at >= $8::timestamptz)
      and ($9::timestamptz is null or s.updated_at < $9::timestamptz)
      and ($10::timestamptz is null or s.created_at >= $10::timestamptz)
      and ($11::timestamptz is null or s.created_at < $11::timestamptz)";

const ORDER: &str = "order by s.created_at desc, s.id desc";

pub async fn index(State(state): State<AppState>, Args(args): Args<SuitIndexArgs>) -> Result<Done<Page<SuitRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    let (total,): (i64,) = filter
        .bind(sqlx::query_as(&format!("select count(*) from suits s {WHERE}")))
        .fetch_one(&mut *conn)
        .await?;
    let mut data: Vec<SuitRow> = filter
        .bind(sqlx::query_as(&format!("{SELECT_SUIT} {WHERE} {ORDER} limit $12 offset $13")))
        .bind(paging.limit)
        .bind(paging.offset())
        .fetch_all(&mut *conn)
        .await?;
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
    let mut suits: Vec<SuitRow> = filter
        .bind(sqlx::query_as(&format!("{SELECT_SUIT} {WHERE} {ORDER}")))
        .fetch_all(&mut *conn)
        .await?;
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
    let exported = export::save(&state, Maker::new(&admin, &super::EXPORT), "套装管理", &HEADERS, rows).await.map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
