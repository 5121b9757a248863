//! Customer viewing data (docs/screens.md "Master-data screens" /client/index): the list over the lake with every
//! filter, batch delete (deletion records honoured by every query), export in constant memory,
//! and the brand and media pickers. Import goes through the upload dialog (tag customerData).

pub mod rows;

use axum::Extension;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use adeval_engine::ViewingFilter;
use anyhow::Context;

use crate::auth::menu::MENU_CLIENT;
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{self, Exported, Maker};
use crate::http::args::{self, Belonging, Category, Day, Id, Paging, Source};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::imports::customer::DATASET;
use crate::lake;
use crate::state::AppState;

use super::{Endpoint, get_or_post};

pub use rows::CustomerRow;

pub static INDEX: Call = Call::get("customerIndex", "客户数据列表")
    .menu(MENU_CLIENT)
    .takes::<CustomerArgs>()
    .answers_with::<Page<CustomerRow>, CustomerRow>();
pub static DELETE: Call = Call::post("customerDel", "删除客户数据")
    .menu(MENU_CLIENT)
    .writes()
    .takes::<DeleteArgs>()
    .answers::<Deleted>();
pub static EXPORT: Call = Call::get_or_post("customerIndexExport", "导出客户数据")
    .menu(MENU_CLIENT)
    .takes::<CustomerArgs>()
    .answers::<Exported>();
pub static BRANDS: Call = Call::get("customerBrandList", "客户数据品牌选项")
    .takes::<BrandListArgs>()
    .answers_with::<Vec<BrandPick>, BrandPick>();
pub static MEDIA: Call = Call::get("customerMediaList", "客户数据媒体选项")
    .answers_with::<Vec<MediaPick>, MediaPick>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &DELETE, handler: post(delete) },
        Endpoint { call: &EXPORT, handler: get_or_post(export) },
        Endpoint { call: &BRANDS, handler: get(brands) },
        Endpoint { call: &MEDIA, handler: get(media) },
    ]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CustomerArgs {
    page: Option<Text>,
    /// Default 100.
    limit: Option<Text>,
    /// Rows whose audience/city group belongs to this brand.
    #[serde(rename = "brandId")]
    brand_id: Option<Text>,
    #[serde(rename = "mediaId")]
    media_id: Option<Text>,
    /// Data category 1–4.
    category: Option<Text>,
    /// Data source 1–3.
    source: Option<Text>,
    /// Data ownership: 1 client, 2 media.
    #[serde(rename = "belongingTo")]
    belonging_to: Option<Text>,
    /// Part of the title.
    title: Option<Text>,
    /// YYYY-MM-DD, inclusive, on the broadcast date.
    #[serde(rename = "addTime")]
    add_time: Option<Text>,
    /// YYYY-MM-DD, inclusive.
    #[serde(rename = "endTime")]
    end_time: Option<Text>,
}

impl CustomerArgs {
    /// The filter, with the brand turned into its audience/city group names.
    async fn resolve(&self, state: &AppState, checks: &mut Checks) -> Result<ViewingFilter> {
        let brand = Id::filter("brandId", &self.brand_id, checks);
        let mut filter = self.filter(checks);
        if let Some(brand) = brand {
            let names: Vec<String> = sqlx::query_scalar("select group_name from audience_groups where brand_id = $1")
                .bind(brand)
                .fetch_all(&state.db)
                .await?;
            filter.audience_groups = Some(names);
        }
        Ok(filter)
    }

    fn filter(&self, checks: &mut Checks) -> ViewingFilter {
        let from = Day::filter("addTime", &self.add_time, checks);
        let to = Day::filter("endTime", &self.end_time, checks);
        if let (Some(f), Some(t)) = (from, to)
            && f > t
        {
            checks.add("endTime", "结束日期不能早于开始日期");
        }
        ViewingFilter {
            // Set from the brand's group names by `resolve`.
            brand_id: None,
            audience_groups: None,
            media_id: Id::filter("mediaId", &self.media_id, checks),
            category: Category::filter("category", &self.category, checks),
            source: Source::filter("source", &self.source, checks),
            belonging_to: Belonging::filter("belongingTo", &self.belonging_to, checks),
            title: args::text(&self.title),
            from,
            to,
            ..ViewingFilter::default()
        }
    }
}

async fn index(State(state): State<AppState>, Args(args): Args<CustomerArgs>) -> Result<Done<Page<CustomerRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 100, &mut checks);
    let filter = args.resolve(&state, &mut checks).await?;
    checks.finish()?;
    let snapshot = state.reads.snapshots.get(&state.db, DATASET).await?;
    let lake = state.reads.lake.clone();
    let (rows, total) = crate::lake::blocking(move || {
        lake.viewing_page(&snapshot, &filter, paging.page as u64, paging.limit as u64)
    })
    .await?
    .context("a page of customer data")?;
    Ok(Done("获取成功", Page { data: rows.into_iter().map(|r| CustomerRow::new(r, state.config.timezone)).collect(), total: total as i64 }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeleteArgs {
    /// Row ids, comma-joined.
    ids: Option<Text>,
    /// The spec's spelling of `ids`.
    #[serde(rename = "Ids")]
    ids_upper: Option<Text>,
}

#[derive(Serialize, ToSchema)]
pub struct Deleted {
    /// How many rows were deleted.
    deleted: u64,
}

async fn delete(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<DeleteArgs>) -> Result<Done<Deleted>> {
    let text = Text::get(&args.ids).or(Text::get(&args.ids_upper)).unwrap_or_default();
    let ids: std::result::Result<Vec<i64>, _> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::parse::<i64>).collect();
    let ids = match ids {
        Ok(ids) if !ids.is_empty() && ids.len() <= 10_000 => ids,
        Ok(ids) if ids.len() > 10_000 => return Err(AppError::field("ids", "一次最多删除 10000 条")),
        _ => return Err(AppError::field("ids", "请选择要删除的数据")),
    };
    let snapshot = state.reads.snapshots.get(&state.db, DATASET).await?;
    let lake = state.reads.lake.clone();
    let existing = crate::lake::blocking(move || lake.viewing_ids(&snapshot, &ids)).await?.context("the rows to delete")?;
    if existing.is_empty() {
        return Err(AppError::NotFound("数据不存在或已删除".into()));
    }
    let deleted = lake::delete_rows(&state.db, DATASET, &existing, admin.id).await?;
    // Two deletions of the same rows at once: the one that found them already deleted gets
    // what a repeat after it gets.
    if deleted == 0 {
        return Err(AppError::NotFound("数据不存在或已删除".into()));
    }
    crate::orders::evaluation::alerts::after_data_change(&state.db, &state.reads).await;
    Ok(Done("删除成功", Deleted { deleted }))
}

async fn export(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<CustomerArgs>) -> Result<Done<Exported>> {
    let mut checks = Checks::default();
    let filter = args.resolve(&state, &mut checks).await?;
    checks.finish()?;
    let snapshot = state.reads.snapshots.get(&state.db, DATASET).await?;
    // The lake streams rows into a bounded channel that the sheet writer drains: constant memory.
    let (mut tx, rx) = export::row_channel();
    let lake = state.reads.lake.clone();
    let zone = state.config.timezone;
    let producer = crate::lake::blocking(move || {
        // The query stops at the first row the writer no longer takes (it failed, or the
        // export was abandoned).
        lake.viewing_for_each(&snapshot, &filter, |row| -> anyhow::Result<()> {
            if tx.send(rows::cells(row, zone)) { Ok(()) } else { Err(export::Stopped.into()) }
        })
    });
    let exported = export::save(&state.db, &state.store, &state.config, Maker::new(&admin, &EXPORT), "客户数据", &rows::HEADERS, rx).await;
    let produced = producer.await?;
    // A writer's failure explains the producer's stop, so it goes first; a producer that
    // failed part-way fails the export even though the writer saw a clean end.
    let exported = exported?;
    produced?;
    Ok(Done("导出成功", exported))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BrandListArgs {
    /// Part of the brand name.
    #[serde(rename = "brandName")]
    brand_name: Option<Text>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct BrandPick {
    id: i64,
    #[serde(rename = "brandName")]
    brand_name: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct MediaPick {
    id: i64,
    #[serde(rename = "mediaName")]
    media_name: String,
}

async fn brands(State(state): State<AppState>, Args(args): Args<BrandListArgs>) -> Result<Done<Vec<BrandPick>>> {
    let rows = sqlx::query_as(
        "select id, brand_name from brands
         where $1::text is null or strpos(lower(brand_name), lower($1)) > 0 order by brand_name",
    )
    .bind(args::text(&args.brand_name))
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

async fn media(State(state): State<AppState>) -> Result<Done<Vec<MediaPick>>> {
    let rows = sqlx::query_as("select id, media_name from media order by media_name").fetch_all(&state.db).await?;
    Ok(Done("获取成功", rows))
}
