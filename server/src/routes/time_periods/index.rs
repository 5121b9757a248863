//! timePeriodIndex: the screen's tree, paged by group. A group is a class (时段归纳) or the
//! unclassified periods of one media (未归纳), with the periods that pass the filters as
//! children. Without period filters a class with no periods still shows, so it can be edited.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::http::args::{self, DayTime, Id, Instant, Paging};
use crate::http::{Args, Done, Page, Text};
use crate::sql::{self, Where};
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
    pub update_time: Option<LocalTime>,
    pub create_time: Option<LocalTime>,
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

    /// `with p as (…)`: the periods that pass the filters; with `groups` also `g as (…)`: the
    /// classes (empty ones too when no filter is on the periods) and the media with
    /// unclassified periods among them.
    fn with<'a>(&self, groups: bool) -> QueryBuilder<'a, Postgres> {
        let mut query = QueryBuilder::new("with p as (select tp.id, tp.media_id, tp.class_id from time_periods tp");
        {
            let mut periods = Where::new(&mut query);
            periods.eq("tp.media_id", self.media);
            match self.class {
                Some(0) => periods.always("tp.class_id is null"),
                class => periods.eq("tp.class_id", class),
            };
            periods
                .contains("tp.time_period_name", self.name.clone())
                .and("tp.end_secs >= ", self.from, "")
                .and("tp.start_secs <= ", self.to, "")
                .and("tp.updated_at >= ", self.updated.0.clone(), "::timestamptz")
                .and("tp.updated_at < ", self.updated.1.clone(), "::timestamptz")
                .and("tp.created_at >= ", self.created.0.clone(), "::timestamptz")
                .and("tp.created_at < ", self.created.1.clone(), "::timestamptz");
        }
        query.push(")");
        if groups {
            query.push(", g as (select c.id as class_id, c.media_id from time_period_classes c");
            let mut classes = Where::new(&mut query);
            classes.eq("c.media_id", self.media).eq("c.id", self.class);
            if self.on_periods() {
                classes.always("exists (select 1 from p where p.class_id = c.id)");
            }
            query.push(" union all select distinct null::bigint, p.media_id from p where p.class_id is null)");
        }
        query
    }
}

pub async fn index(State(state): State<AppState>, Args(args): Args<TimePeriodIndexArgs>) -> Result<Done<Page<TimePeriodGroup>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let filter = Filter::parse(&args, &mut checks);
    checks.finish()?;

    let total: i64 = filter.with(true).push(" select count(*) from g").build_query_scalar().fetch_one(&state.db).await?;
    let mut page = filter.with(true);
    page.push(format!(
        " select g.class_id, coalesce(c.class_name, '{UNCLASSIFIED}') as time_period_class_name,
                g.media_id, m.media_name,
                coalesce((select string_agg(tp.id::text, ',' order by tp.start_secs, tp.id)
                          from time_periods tp where tp.class_id = g.class_id), '') as time_period_id,
                c.updated_at::timestamp as update_time,
                c.created_at::timestamp as create_time
         from g join media m on m.id = g.media_id left join time_period_classes c on c.id = g.class_id
         order by m.media_name, m.id, g.class_id is null, c.class_name, g.class_id"
    ));
    sql::push_page(&mut page, paging.bounds());
    let mut groups: Vec<TimePeriodGroup> = page.build_query_as().fetch_all(&state.db).await?;

    let classes: Vec<i64> = groups.iter().filter_map(|g| g.class_id).collect();
    let loose: Vec<i64> = groups.iter().filter(|g| g.class_id.is_none()).map(|g| g.media_id).collect();
    let mut children = filter.with(false);
    children.push(" ").push(select_period()).push(" where tp.id in (select id from p) and (tp.class_id = any(");
    children.push_bind(classes).push(") or (tp.class_id is null and tp.media_id = any(").push_bind(loose).push(")))");
    children.push(" order by tp.start_secs, tp.end_secs, tp.time_period_name");
    let children: Vec<TimePeriodRow> = children.build_query_as().fetch_all(&state.db).await?;
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
