//! The audience dashboard (docs/dashboard.md): spots, GRP and GRP per spot by time
//! bucket, of one side (the customer's or the media's measurement, never both), one series per
//! product — in its default audience group unless groups are chosen — or per audience group of
//! a product. Postgres says which products, titles and groups are meant; the engine counts the
//! rows in one statement over the viewing rollup, GRP in exact integer units; this module only
//! lays the cells out as the charts take them. The calls' arguments are read in
//! `routes::dashboard`, into [`Filters`].

use std::collections::{BTreeMap, HashSet};

use adeval_engine::grp::{self, Units};
use anyhow::Context;
use adeval_engine::{Dashboard, DashboardQuery, Dataset, Series, Side, TimeType, TitleSeries};
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::error::{AppError, Checks, Result};
use crate::reads::Reads;
use crate::viewing::{product_titles, products_of};

/// What a dashboard call asks for, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Filters {
    pub media_id: Option<i64>,
    /// `None`: every product of the media (every product without one) that has rows.
    pub products: Option<Vec<i64>>,
    /// `None`: each product counts its default group.
    pub groups: Option<Vec<i64>>,
    pub side: Side,
    pub categories: Option<Vec<i16>>,
    pub sources: Option<Vec<i16>>,
    pub classes: Option<Vec<i64>>,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub time: TimeType,
}

/// GRP per bucket of one series.
#[derive(Debug, Serialize, ToSchema)]
pub struct GrpLine {
    pub id: i64,
    pub name: String,
    /// Σ GRP per bucket, exact to 4 decimals (an order's issued GRP shows the same).
    pub t: Vec<f64>,
}

/// Spots per bucket of one series.
#[derive(Debug, Serialize, ToSchema)]
pub struct SpotLine {
    pub id: i64,
    pub name: String,
    pub t: Vec<i64>,
}

/// GRP per spot per bucket of one series, 3 decimals; `null` for a bucket without spots.
#[derive(Debug, Serialize, ToSchema)]
pub struct PerSpotLine {
    pub id: i64,
    pub name: String,
    pub t: Vec<Option<f64>>,
}

/// dashboardoneIndex and dashboardoneBIndex.
#[derive(Debug, Serialize, ToSchema)]
pub struct Figures {
    /// `[timeAdd, timeEnd]`.
    pub time: Vec<String>,
    /// The bucket labels, in time order, up to the last bucket with a spot in any series: the
    /// buckets after the last day with data are absent (none when no row matches), earlier
    /// ones without a spot are listed with 0 spots.
    #[serde(rename = "tTime")]
    pub t_time: Vec<String>,
    #[serde(rename = "tData")]
    pub t_data: Vec<GrpLine>,
    #[serde(rename = "cData")]
    pub c_data: Vec<SpotLine>,
    #[serde(rename = "oData")]
    pub o_data: Vec<PerSpotLine>,
}

/// The audience groups `(id, name)` of `ids`, by id; a missing one is a field error on `field`.
async fn groups_named(db: &sqlx::PgPool, ids: &[i64], field: &str, checks: &mut Checks) -> Result<Vec<(i64, String)>> {
    let found: Vec<(i64, String)> = sqlx::query_as("select id, group_name from audience_groups where id = any($1) order by id")
        .bind(ids)
        .fetch_all(db)
        .await?;
    if found.len() != ids.len() {
        checks.add(field, "受众/城市组不存在");
    }
    Ok(found)
}

/// dashboardoneIndex: one series per product, in its default group when no group is chosen.
pub async fn by_product(db: &PgPool, reads: &Reads, f: Filters) -> Result<Figures> {
    let ids: Vec<i64> = match &f.products {
        Some(ids) => ids.clone(),
        None => sqlx::query_scalar("select id from products where $1::bigint is null or media_id = $1 order by id")
            .bind(f.media_id)
            .fetch_all(db)
            .await?,
    };
    let products = products_of(db, &ids).await?;
    // Every unknown record of the request is named at once, as the argument checks are.
    let mut checks = Checks::default();
    if f.products.is_some() && products.len() != ids.len() {
        checks.add("productId", "产品不存在");
    }
    let groups = match &f.groups {
        Some(ids) => Some(groups_named(db, ids, "defaultAudienceCityGroupId", &mut checks).await?),
        None => None,
    };
    checks.finish()?;
    // Without a group chosen each product counts its own default group: its audience groups
    // measure the same spots, so adding them up counts a spot once per group.
    let series = products
        .iter()
        .map(|p| TitleSeries { key: p.id, titles: p.titles.clone(), group: groups.is_none().then(|| p.default_group.clone()) })
        .collect();
    let query = DashboardQuery {
        from: f.from,
        to: f.to,
        time: f.time,
        series: Series::Titles(series),
        side: f.side,
        titles: None,
        media_id: f.media_id,
        groups,
        categories: f.categories.clone(),
        sources: f.sources.clone(),
        classes: f.classes.clone(),
    };
    let answer = count(db, reads, query).await?;
    // Products picked by the caller are shown even when empty; the media's all only with rows.
    let with_rows: HashSet<i64> = answer.cells.iter().filter(|c| c.spots != 0).map(|c| c.key).collect();
    let series = products
        .into_iter()
        .filter(|p| f.products.is_some() || with_rows.contains(&p.id))
        .map(|p| (p.id, p.name))
        .collect();
    Ok(figures(&f, answer, series))
}

/// dashboardoneBIndex: one series per audience group of `product` (its default group and its
/// group list), rows of the product's titles of the side, media, categories, sources and classes
/// asked for (any when not): a group's series is the product's of dashboardoneIndex with that
/// group chosen, and the default group's the product's with none chosen.
pub async fn by_group(db: &PgPool, reads: &Reads, product: i64, f: Filters) -> Result<Figures> {
    let Some((_, _, titles)) = product_titles(db, &[product]).await?.into_iter().next() else {
        return Err(AppError::field("productId", "产品不存在"));
    };
    let groups: Vec<(i64, String)> = sqlx::query_as(
        "select g.id, g.group_name from audience_groups g
         where g.id = (select default_audience_group_id from products where id = $1)
            or g.id in (select audience_group_id from product_audience_groups where product_id = $1)
         order by g.id",
    )
    .bind(product)
    .fetch_all(db)
    .await?;
    let query = DashboardQuery {
        from: f.from,
        to: f.to,
        time: f.time,
        series: Series::Groups(groups.clone()),
        side: f.side,
        titles: Some(titles),
        media_id: f.media_id,
        groups: None,
        categories: f.categories.clone(),
        sources: f.sources.clone(),
        classes: f.classes.clone(),
    };
    let answer = count(db, reads, query).await?;
    Ok(figures(&f, answer, groups))
}

/// Runs the query over the live viewing files and their rollups.
async fn count(db: &PgPool, reads: &Reads, query: DashboardQuery) -> Result<Dashboard> {
    let viewing = reads.snapshots.get(db, Dataset::Viewing).await?;
    let rollup = reads.snapshots.get(db, Dataset::ViewingDaily).await?;
    let lake = reads.lake.clone();
    let answer = crate::lake::blocking(move || lake.dashboard(&viewing, &rollup, &query)).await?.context("the dashboard's figures")?;
    Ok(answer)
}

/// The cells laid out per series `(id, name)` in the given order, a figure for every bucket of
/// the answer (those up to the last with data: [`Dashboard`]). GRP and GRP per spot are shown
/// to 3 decimals from the exact sums.
fn figures(f: &Filters, answer: Dashboard, series: Vec<(i64, String)>) -> Figures {
    let width = answer.buckets.len();
    let mut cells: BTreeMap<i64, (Vec<Units>, Vec<i64>)> = BTreeMap::new();
    for c in answer.cells {
        let (units, spots) = cells.entry(c.key).or_insert_with(|| (vec![0; width], vec![0; width]));
        units[c.bucket] += c.units;
        spots[c.bucket] += c.spots;
    }
    let (mut t_data, mut c_data, mut o_data) = (Vec::new(), Vec::new(), Vec::new());
    for (id, name) in series {
        let (units, spots) = cells.remove(&id).unwrap_or_else(|| (vec![0; width], vec![0; width]));
        let per_spot = units.iter().zip(&spots).map(|(u, s)| grp::mean3(*u, *s)).collect();
        o_data.push(PerSpotLine { id, name: name.clone(), t: per_spot });
        t_data.push(GrpLine { id, name: name.clone(), t: units.into_iter().map(grp::of_units).collect() });
        c_data.push(SpotLine { id, name, t: spots });
    }
    Figures {
        time: vec![f.from.to_string(), f.to.to_string()],
        t_time: answer.buckets.into_iter().map(|b| b.label).collect(),
        t_data,
        c_data,
        o_data,
    }
}
