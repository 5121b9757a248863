//! The summary dialog's analysis (docs/api.md "Data analysis and the spot
//! curve"): viewing rows by air-time slot ([`slots`], dataAnalysis) and a spot's rating curve
//! ([`curve`], spotCurve). The engine does the work over the lake; this module turns ids into
//! the names the lake's rows carry and shapes the answers. The calls' arguments are read in
//! `routes::analysis`.

pub mod curve;
pub mod last_week;
pub mod slots;

use adeval_engine::{Side, ViewingFilter};
use chrono::NaiveDate;
use sqlx::{PgConnection, PgPool};

use crate::error::{Checks, Result};

/// Whose spots the analysis reads: a product's, in one audience/city group, of a media (any
/// when `None`), of a data category and source (any when `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpotsOf {
    pub product_id: i64,
    pub group_id: i64,
    pub media_id: Option<i64>,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// The viewing rows of `of` on broadcast days `days`, both sides: the orders' rule
/// ([`crate::orders::matching::order_match`]: the product's titles, the group by id or by name).
/// An unknown product, group or media is a field error added to `checks`; the filter is then
/// of no use, and the caller's `checks.finish()` answers 4000.
pub async fn spots_filter(db: &PgPool, of: &SpotsOf, days: (Option<NaiveDate>, Option<NaiveDate>), checks: &mut Checks) -> Result<ViewingFilter> {
    // The dashboard's reading of a product's titles: the orders' rule (trimmed, no blanks).
    let product = crate::viewing::product_titles(db, &[of.product_id]).await?.pop();
    let mut conn = db.acquire().await?;
    let (media, group) = names(&mut conn, of.media_id, of.group_id).await?;
    if product.is_none() {
        checks.add("productId", "产品不存在");
    }
    if group.is_none() {
        checks.add("defaultId", "受众/城市组不存在");
    }
    if of.media_id.is_some() && media.is_none() {
        checks.add("mediaId", "媒体不存在");
    }
    let ((_, product_name, titles), group_name) = (product.unwrap_or_default(), group.unwrap_or_default());
    let mut filter = crate::orders::matching::order_match(
        of.media_id.unwrap_or_default(),
        (of.group_id, &group_name),
        titles.iter().map(String::as_str),
        &product_name,
        days,
        (of.category, of.source),
    )
    .filter(Side::Customer);
    // Both sides, any media unless one is asked for.
    (filter.media_id, filter.belonging_to) = (of.media_id, None);
    Ok(filter)
}

/// The names of a media and an audience/city group, each `None` when there is no such record.
pub async fn names(
    conn: &mut PgConnection,
    media_id: Option<i64>,
    group_id: i64,
) -> sqlx::Result<(Option<String>, Option<String>)> {
    sqlx::query_as(
        "select (select media_name from media where id = $1), (select group_name from audience_groups where id = $2)",
    )
    .bind(media_id)
    .bind(group_id)
    .fetch_one(conn)
    .await
}

/// Seconds of a broadcast day as `HH:MM:SS`, hours past 23 after midnight.
pub fn day_time(secs: i64) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}
