//! The audience dashboard's calls (docs/screens.md "Dashboard screen", docs/dashboard.md "Buckets (`timeType`)"): the two chart reads and the
//! filters' lookups. [`args`] reads the chart calls' arguments into
//! [`Filters`](crate::dashboard::Filters); the figures are `crate::dashboard`'s. Every call
//! needs the /dashboard menu.

mod args;

use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::menu::MENU_DASHBOARD;
use crate::dashboard::{self, Figures};
use crate::error::{Checks, Result};
use crate::http::args::{Id, Ids};
use crate::http::call::Call;
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use self::args::{GroupIndexArgs, IndexArgs};
use super::Endpoint;

pub static INDEX: Call = Call::get("dashboardoneIndex", "受众分析（按产品）")
    .menu(MENU_DASHBOARD)
    .takes::<IndexArgs>()
    .answers::<Figures>();
pub static GROUP_INDEX: Call = Call::get("dashboardoneBIndex", "受众分析（按受众/城市组）")
    .menu(MENU_DASHBOARD)
    .takes::<GroupIndexArgs>()
    .answers::<Figures>();
pub static MEDIA: Call = Call::get("dashboardMediaList", "受众分析媒体选项")
    .menu(MENU_DASHBOARD)
    .answers_with::<Vec<MediaPick>, MediaPick>();
pub static PRODUCTS: Call = Call::get("dashboardPList", "受众分析产品选项")
    .menu(MENU_DASHBOARD)
    .takes::<MediaArgs>()
    .answers_with::<Vec<ProductPick>, ProductPick>();
pub static GROUPS: Call = Call::get("dashboardProductList", "受众分析受众/城市组选项")
    .menu(MENU_DASHBOARD)
    .takes::<ProductsArgs>()
    .answers_with::<Vec<GroupPick>, GroupPick>();
pub static CLASSES: Call = Call::get("dashboardTimePeriodClassList", "受众分析时段归纳选项")
    .menu(MENU_DASHBOARD)
    .takes::<MediaArgs>()
    .answers_with::<Vec<ClassPick>, ClassPick>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &GROUP_INDEX, handler: get(group_index) },
        Endpoint { call: &MEDIA, handler: get(media) },
        Endpoint { call: &PRODUCTS, handler: get(products) },
        Endpoint { call: &GROUPS, handler: get(groups) },
        Endpoint { call: &CLASSES, handler: get(classes) },
    ]
}

async fn index(State(state): State<AppState>, Args(args): Args<IndexArgs>) -> Result<Done<Figures>> {
    let filters = args.filters()?;
    Ok(Done("获取成功", dashboard::by_product(&state.db, &state.reads, filters).await?))
}

async fn group_index(State(state): State<AppState>, Args(args): Args<GroupIndexArgs>) -> Result<Done<Figures>> {
    let (product, filters) = args.filters()?;
    Ok(Done("获取成功", dashboard::by_group(&state.db, &state.reads, product, filters).await?))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MediaArgs {
    /// Only this media's; all when blank.
    #[serde(rename = "mediaId")]
    media_id: Option<Text>,
}

impl MediaArgs {
    fn media(&self) -> Result<Option<i64>> {
        let mut checks = Checks::default();
        let media = Id::filter("mediaId", &self.media_id, &mut checks);
        checks.finish().map(|()| media)
    }
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ProductsArgs {
    /// Product ids, comma-joined.
    #[serde(rename = "productId")]
    product_id: Option<Text>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct MediaPick {
    id: i64,
    #[serde(rename = "mediaName")]
    media_name: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct ProductPick {
    id: i64,
    #[serde(rename = "productName")]
    product_name: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct GroupPick {
    id: i64,
    name: String,
    /// The products asked for whose default group this is: what dashboardoneIndex counts for
    /// them when no group is chosen.
    #[serde(rename = "defaultFor")]
    default_for: Vec<i64>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct ClassPick {
    id: i64,
    #[serde(rename = "timePeriodClassName")]
    time_period_class_name: String,
}

async fn media(State(state): State<AppState>) -> Result<Done<Vec<MediaPick>>> {
    Ok(Done("获取成功", crate::master::media::options(&state.db).await?))
}

async fn products(State(state): State<AppState>, Args(args): Args<MediaArgs>) -> Result<Done<Vec<ProductPick>>> {
    let rows = sqlx::query_as("select id, product_name from products where $1::bigint is null or media_id = $1 order by id")
        .bind(args.media()?)
        .fetch_all(&state.db)
        .await?;
    Ok(Done("获取成功", rows))
}

/// The audience groups of the products: each one's default group and group list, by id, each
/// with the products it is the default group of.
async fn groups(State(state): State<AppState>, Args(args): Args<ProductsArgs>) -> Result<Done<Vec<GroupPick>>> {
    let mut checks = Checks::default();
    let ids = Ids::filter("productId", &args.product_id, &mut checks).unwrap_or_default();
    checks.finish()?;
    let rows = sqlx::query_as(
        "select g.id, g.group_name as name,
                array(select p.id from products p where p.id = any($1) and p.default_audience_group_id = g.id order by p.id) as default_for
         from audience_groups g
         where g.id in (select default_audience_group_id from products where id = any($1)
                        union select audience_group_id from product_audience_groups where product_id = any($1))
         order by g.id",
    )
    .bind(&ids)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

async fn classes(State(state): State<AppState>, Args(args): Args<MediaArgs>) -> Result<Done<Vec<ClassPick>>> {
    let rows = sqlx::query_as(
        "select id, class_name as time_period_class_name from time_period_classes
         where $1::bigint is null or media_id = $1 order by id",
    )
    .bind(args.media()?)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}
