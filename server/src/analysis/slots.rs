//! dataAnalysis: a product's viewing rows of one audience/city group by air-time slot (the
//! minute of the broadcast day) and time bucket, with the earliest media-side and
//! customer-side spot of every cell. The rows are the orders' rule's
//! ([`crate::orders::matching::order_match`]: the product's titles, the group by id or by name)
//! on both sides, of the media when one is given; the engine slots, ranks, counts and pages
//! them ([`adeval_engine::Lake::viewing_slots`]).

use std::collections::BTreeMap;

use adeval_engine::{Dataset, SlotSpot, TimeType};
use anyhow::Context;
use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::SpotsOf;
use crate::error::{AppError, Checks, Result};
use crate::reads::Reads;

/// The most buckets one answer has.
pub const MAX_BUCKETS: usize = 366;

/// A checked dataAnalysis request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotsAsk {
    pub product_id: i64,
    pub group_id: i64,
    pub media_id: Option<i64>,
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// Broadcast days, both ends inclusive.
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub grouping: TimeType,
    pub page: u64,
    pub limit: u64,
}

/// A spot of a cell.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisSpot {
    pub id: i64,
    pub title: String,
    /// Broadcast-day time `HH:MM:SS` (24:00:00 and later past midnight).
    pub add_time: String,
    /// Seconds.
    pub duration: i32,
    /// The broadcast day, `YYYY-MM-DD`.
    pub ymd: String,
    /// The group name the row carries.
    pub default_audience_city_group: String,
    /// The group asked for (rows stored without a group id match it by name).
    pub default_audience_city_group_id: i64,
    pub media_id: i64,
    /// GRP as the lake keeps it, 4 decimals: the spot's curve's mean when the rating series
    /// is what the row was measured from.
    pub mao_dian_ping: f64,
    /// Spots of this side in the slot and bucket.
    pub count: u64,
}

/// One bucket of a slot: the earliest media-side (`m`, ownership 2) and customer-side (`c`,
/// ownership 1) spot, or null.
#[derive(Serialize, ToSchema)]
pub struct AnalysisCell {
    pub m: Option<AnalysisSpot>,
    pub c: Option<AnalysisSpot>,
}

/// One slot: its time and its cells by bucket label (labels without a spot left out).
#[derive(Serialize, ToSchema)]
pub struct AnalysisRow {
    /// `HH:MM` of the broadcast day.
    pub name: String,
    pub t: BTreeMap<String, AnalysisCell>,
}

/// dataAnalysis's answer: a page of slots.
#[derive(Serialize, ToSchema)]
pub struct AnalysisPage {
    /// Every bucket label of the range, in time order.
    pub time: Vec<String>,
    #[serde(rename = "cData")]
    pub c_data: Vec<AnalysisRow>,
    /// Slots with at least one spot.
    pub total: u64,
}

/// The page of a checked request. Unknown product, group or media are field errors (4000);
/// more than [`MAX_BUCKETS`] buckets too.
pub async fn analysis(db: &PgPool, reads: &Reads, ask: &SlotsAsk) -> Result<AnalysisPage> {
    let mut checks = Checks::default();
    let of = SpotsOf { product_id: ask.product_id, group_id: ask.group_id, media_id: ask.media_id, category: ask.category, source: ask.source };
    let filter = super::spots_filter(db, &of, (Some(ask.from), Some(ask.to)), &mut checks).await?;
    // The route checked the range (from ≤ to, at most 3,660 days).
    let buckets = adeval_engine::buckets(ask.from, ask.to, ask.grouping).map_err(|e| AppError::Internal(e.into()))?;
    if buckets.len() > MAX_BUCKETS {
        checks.add("timeType", format!("时间分组不能超过 {MAX_BUCKETS} 个，请缩短日期范围或换大一级的分组"));
    }
    checks.finish()?;
    let ranges: Vec<(NaiveDate, NaiveDate)> = buckets.iter().map(|b| (b.first, b.last)).collect();
    let snapshot = reads.snapshots.get(db, Dataset::Viewing).await?;
    let lake = reads.lake.clone();
    let (page, limit) = (ask.page, ask.limit);
    let (slots, total) = crate::lake::blocking(move || lake.viewing_slots(&snapshot, &filter, &ranges, page, limit))
        .await?
        .context("data analysis by slot")?;
    let spot = |s: SlotSpot| AnalysisSpot {
        id: s.id,
        title: s.title,
        add_time: super::day_time((s.air_time - s.ymd.and_time(chrono::NaiveTime::MIN)).num_seconds()),
        duration: s.duration,
        ymd: s.ymd.to_string(),
        default_audience_city_group: s.audience_group,
        default_audience_city_group_id: ask.group_id,
        media_id: s.media_id,
        mao_dian_ping: adeval_engine::grp::kept(s.grp),
        count: s.count,
    };
    let c_data = slots
        .into_iter()
        .map(|slot| AnalysisRow {
            name: format!("{:02}:{:02}", slot.minute / 60, slot.minute % 60),
            t: slot
                .cells
                .into_iter()
                .map(|cell| {
                    let label = buckets[cell.bucket].label.clone();
                    (label, AnalysisCell { m: cell.media.map(spot), c: cell.customer.map(spot) })
                })
                .collect(),
        })
        .collect();
    Ok(AnalysisPage { time: buckets.into_iter().map(|b| b.label).collect(), c_data, total })
}
