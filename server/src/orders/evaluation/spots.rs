//! The aired spots of an order on one side's viewing data, as every evaluation figure reads
//! them: each spot's broadcast day, time of day, title, GRP and position. One function, so
//! that other origins of an order's spots (viewing rows attached to the order, uploaded
//! positions) are wired in one place and reach the grid, the per-month figures and the
//! reports alike.

use std::sync::Arc;

use adeval_engine::{AiredSpots, Dataset, OrderMatch, Side};
use anyhow::Context;
use chrono::NaiveDate;

use crate::state::AppState;

/// Which of the lake's viewing rows are the order's, and on which side.
pub struct ViewingScope<'a> {
    pub order_id: i64,
    pub media_id: i64,
    pub group_id: i64,
    /// The order's tapes: id and the titles that name it (media file name, tape number,
    /// customer title).
    pub tapes: &'a [(i64, [String; 3])],
    pub product_name: &'a str,
    pub cycle: (NaiveDate, NaiveDate),
    pub side: Side,
    /// The viewing data's category and source (`None`: any).
    pub category: Option<i16>,
    pub source: Option<i16>,
}

impl ViewingScope<'_> {
    /// The order's matching rule ([`crate::orders::figures::order_match`]) on this scope.
    pub fn matching(&self) -> OrderMatch {
        let titles = self.tapes.iter().flat_map(|(_, t)| t.iter().map(String::as_str));
        crate::orders::figures::order_match(
            self.media_id,
            self.group_id,
            titles,
            self.product_name,
            (Some(self.cycle.0), Some(self.cycle.1)),
            (self.category, self.source),
        )
    }
}

/// The order's aired spots on the scope's side, category and source, in air-time order: kept
/// at the lake's version ([`crate::orders::summary::memo`]), else one lean read of the lake.
pub async fn spots(state: &AppState, scope: &ViewingScope<'_>) -> anyhow::Result<Arc<AiredSpots>> {
    let matching = scope.matching();
    let (version, snapshot) = state.snapshots.versioned(&state.db, Dataset::Viewing).await?;
    if let Some(aired) = state.aired.kept(version, &matching, scope.side) {
        return Ok(aired);
    }
    let (lake, filter) = (state.lake.clone(), matching.filter(scope.side));
    let aired = tokio::task::spawn_blocking(move || lake.aired_spots(&snapshot, &filter))
        .await?
        .context("the order's viewing rows")?;
    let aired = Arc::new(aired);
    state.aired.keep(version, matching, scope.side, aired.clone());
    Ok(aired)
}
