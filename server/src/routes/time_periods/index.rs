//! timePeriodIndex: the screen's tree, paged by group. A group is a class (时段归纳) or the
//! unclassified periods of one media (未归纳), with the periods that pass the filters as
//! children. Without period filters a class with no periods still shows, so it can be edited.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::postgres::PgArguments;
use sqlx::query::QueryAs;
use sqlx::{Postgres, FromRow};
use utoipa::ToSchema;

use crate::http::args::{self, DayTime, Id, Instant, Paging};
use crate::http::{Args, Checks, Done, Page, Result, Text};
use crate::state::AppState;

use super::{TimePeriodMedia, TimePeriodRow, select_period};

/// The name of the group of a media's periods without a class.
pub const UNCLASSIFIED: &str = "未归纳";

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TimePeriodIndexArgs {
    page: Option<Text>,
    /// Groups per page, default 10.
    limit: Option<Text>,
    media_id: Option<Text>,
    /// One class; `0` for the unclassified periods only.
    class_id: Option<Text>,
    /// Part of the period name.
    time_period_name: Option<Text>,
    /// With preBroadcastTimeFormaEnd: periods on air at some time in this range (`HH:mm:ss`).
    pre_broadcast_time_forma: Option<Text>,
    pre_broadcast_time_forma_end: Option<Text>,
    /// Period update time from (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss` or a unix timestamp).
    updatetime_gt: Option<Text>,
    /// Period update time to (inclusive).
    updatetime_lt: Option<Text>,
    /// Period create time from.
    createtime_gt: Option<Text>,
    /// Period create time to (inclusive).
    #[serde(rename = "createtimelt")]
    createtime_lt: Option<Text>,
}

/// One node of the tree: a class or a media's unclassified periods.
#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TimePeriodGroup {
    /// Null for the 未归纳 group.
    pub class_id: Option<i64>,
    /// The class name, or 未归纳.
    pub time_period_class_name: String,
    pub media_id: i64,
    #[sqlx(flatten)]
    pub media: TimePeriodMedia,
    /// All the class's periods, comma-joined ids (empty for 未归纳).
    pub time_period_id: String,
    pub update_time: Option<String>,
    pub create_time: Option<String>,
    /// The periods that pass the filters, in broadcast order.
    #[sqlx(skip)]
    #[schema(no_recursion)]
    pub children: Vec<TimePeriodRow>,
}

struct Filter {
    media: Option<i64>,
    class: Option<i64>,
    name: Option<String>,
    from: Option<i32>,
    to: Option<i32>,
    updated: (Option<String>, Option<String>),
    created: (Option<String>, Option<String>),
}

impl Filter {
    fn parse(args: &TimePeriodIndexArgs, checks: &mut Checks) -> Self {
        Self {
            media: Id::filter("mediaId", &args.media_id, checks),
            // 0 asks for the unclassified periods; anything else must be a class id.
            class: match Text::get(&args.class_id) {
                Some("0") => Some(0),
                _ => Id::filter("classId", &args.class_id, checks),
            },
            name: args::text(&args.time_period_name),
            from: DayTime::filter("preBroadcastTimeForma", &args.pre_broadcast_time_forma, checks),
            to: DayTime::filter("preBroadcastTimeFormaEnd", &args.pre_broadcast_time_forma_end, checks),
            updated: Instant::range(("updatetimeGt", &args.updatetime_gt), ("updatetimeLt", &args.updatetime_lt), checks),
            created: Instant::range(("createtimeGt", &args.createtime_gt), ("createtimelt", &args.createtime_lt), checks),
        }
    }

    /// Whether any filter applies to the periods themselves.
    fn on_periods(&self) -> bool {
        self.name.is_some()
            || self.from.is_some()
            || self.to.is_some()
            || self.updated.0.is_some()
            || self.updated.1.is_some()
            || self.created.0.is_some()
            || self.created.1.is_some()
    }

    /// Binds $1..$10 in the order of [`FILTERED`] and [`GROUPS`].
    fn bind<'q, O>(&'q self, q: QueryAs<'q, Postgres, O, PgArguments>) -> QueryAs<'q, Postgres, O, PgArguments> {
        q.bind(self.media)
            .bind(self.class)
            .bind(&self.name)
            .bind(self.from)
            .bind(self.to)
            .bind(&self.updated.0)
            .bind(&self.updated.1)
            .bind(&self.created.0)
            .bind(&self.created.1)
            .bind(!self.on_periods())
    }
}

/// The periods that pass the filters.
const FILTERED: &str = "
    p as (
        select tp.id, tp.media_id, tp.class_id from time_periods tp
        where ($1::bigint is null or tp.media_id = $1)
          and ($2::bigint is null or ($2 = 0 and tp.class_id is null) or tp.class_id = $2)
          and ($3::text is null or strpos(lower(tp.time_period_name), lower($3)) > 0)
          and ($4::int is null or tp.end_secs >= $4)
          and ($5::int is null or tp.start_secs <= $5)
          and ($6::timestamptz is null or tp.updated_at >= $6::timestamptz)
          and ($7::timestamptz is null or tp.updated_at < $7::timestamptz)
          and ($8::timestamptz is null or tp.created_at >= $8::timestamptz)
          and ($9::timestamptz is null or tp.created_at < $9::timestamptz)
    )";

/// The groups: classes (empty ones too when $10, no period filter) and unclassified media.
const GROUPS: &str = "
    g as (
        select c.id as class_id, c.media_id from time_period_classes c
        where ($1::bigint is null or c.media_id = $1)
          and ($2::bigint is null or c.id = $2)
          and ($10::bool or exists (select 1 from p where p.class_id = c.id))
        union all
        select distinct null::bigint, p.media_id from p where p.class_id is null
    )";

pub async fn index(State(state): State<AppState>, Args(args): Args<TimePeriodIndexArgs>) -> Result<Done<Page<TimePeriodGroup>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;

    let (total,): (i64,) = filter
        .bind(sqlx::query_as(&format!("with {FILTERED}, {GROUPS} select count(*) from g")))
        .fetch_one(&state.db)
        .await?;
    let groups_sql = format!(
        "with {FILTERED}, {GROUPS}
         select g.class_id, coalesce(c.class_name, '{UNCLASSIFIED}') as time_period_class_name,
                g.media_id, m.media_name,
                coalesce((select string_agg(tp.id::text, ',' order by tp.start_secs, tp.id)
                          from time_periods tp where tp.class_id = g.class_id), '') as time_period_id,
                to_char(c.updated_at, 'YYYY-MM-DD HH24:MI:SS') as update_time,
                to_char(c.created_at, 'YYYY-MM-DD HH24:MI:SS') as create_time
         from g join media m on m.id = g.media_id left join time_period_classes c on c.id = g.class_id
         order by m.media_name, m.id, g.class_id is null, c.class_name, g.class_id
         limit $11 offset $12"
    );
    let mut groups: Vec<TimePeriodGroup> = filter
        .bind(sqlx::query_as(&groups_sql))
        .bind(paging.limit)
        .bind(paging.offset())
        .fetch_all(&state.db)
        .await?;

    let classes: Vec<i64> = groups.iter().filter_map(|g| g.class_id).collect();
    let loose: Vec<i64> = groups.iter().filter(|g| g.class_id.is_none()).map(|g| g.media_id).collect();
    let children_sql = format!(
        "with {FILTERED}
         {} where tp.id in (select id from p)
           and (tp.class_id = any($11) or (tp.class_id is null and tp.media_id = any($12)))
           and ($10::bool or true) -- bound with the shared filter, unused here
         order by tp.start_secs, tp.end_secs, tp.time_period_name",
        select_period()
    );
    let children: Vec<TimePeriodRow> = filter
        .bind(sqlx::query_as(&children_sql))
        .bind(&classes)
        .bind(&loose)
        .fetch_all(&state.db)
        .await?;
    for child in children {
        let group = groups.iter_mut().find(|g| match g.class_id {
            Some(class) => child.class_id == Some(class),
            None => child.class_id.is_none() && child.media_id == g.media_id,
        });
        if let Some(group) = group {
            group.children.push(child);
        }
    }
    Ok(Done("获取成功", Page { data: groups, total }))
}
