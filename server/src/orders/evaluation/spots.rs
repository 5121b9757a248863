//! The aired spots of an order on one side's viewing data, as every evaluation figure reads
//! them: each spot's broadcast day, time of day, title, GRP and position. One function, so
//! that other origins of an order's spots (viewing rows attached to the order, uploaded
//! positions) are wired in one place and reach the grid, the per-month figures and the
//! reports alike.

use std::collections::HashMap;
use std::sync::Arc;

use adeval_engine::{AiredSpot, AiredSpots, Dataset, IssuedTotals, OrderMatch, Side, SpotPosition};
use anyhow::Context;
use chrono::NaiveDate;
use sqlx::PgPool;

use crate::orders::customer::{self, Attached};
use crate::reads::Reads;

/// Which of the lake's viewing rows are the order's, and on which side.
pub struct ViewingScope<'a> {
    pub order_id: i64,
    pub media_id: i64,
    pub group_id: i64,
    /// The default group's name, which rows stored without a group id match by.
    pub group_name: &'a str,
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

impl<'a> ViewingScope<'a> {
    /// The scope of the stored order `head` (its media, default group, titles and cycle) on
    /// the side `belonging_to` (2 the media's, else the customer's), of the data category and
    /// source chosen, else the order's own.
    pub fn of_order(
        order_id: i64,
        head: &'a crate::orders::summary::stored::OrderRow,
        tapes: &'a [(i64, [String; 3])],
        belonging_to: i16,
        category: Option<i16>,
        source: Option<i16>,
    ) -> ViewingScope<'a> {
        ViewingScope {
            order_id,
            media_id: head.media_id,
            group_id: head.default_group_id,
            group_name: &head.default_group_name,
            tapes,
            product_name: &head.product_name,
            cycle: (head.cycle_start, head.cycle_end),
            side: if belonging_to == 2 { Side::Media } else { Side::Customer },
            category: category.or(head.category),
            source: source.or(head.source),
        }
    }
}

impl ViewingScope<'_> {
    /// The order's matching rule ([`crate::orders::matching::order_match`]) on this scope.
    pub fn matching(&self) -> OrderMatch {
        let titles = self.tapes.iter().flat_map(|(_, t)| t.iter().map(String::as_str));
        crate::orders::matching::order_match(
            self.media_id,
            (self.group_id, self.group_name),
            titles,
            self.product_name,
            (Some(self.cycle.0), Some(self.cycle.1)),
            (self.category, self.source),
        )
    }
}

/// The order's aired spots on the scope's side, category and source, in air-time order.
pub async fn spots(db: &PgPool, reads: &Reads, scope: &ViewingScope<'_>) -> anyhow::Result<Arc<AiredSpots>> {
    let data = Data { side: scope.side, category: scope.category, source: scope.source };
    spots_of(db, reads, scope.order_id, scope.matching(), data).await
}

/// Whose viewing data a read is of: the side, and the category and source (`None`: any).
#[derive(Debug, Clone, Copy)]
pub struct Data {
    pub side: Side,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// The spots of `order` whose lake rows `matching` finds (it must be the order's matching rule
/// on `data`'s category and source), with the order's own data over them
/// (docs/evaluation.md, "Customer data per order" and "正负三 upload"):
/// - customer data attached to the order replaces the lake's rows on the customer side when it
///   holds what the read asks for (the read is of any category and source, or of the ones it
///   was attached by, or it was attached as any): the order's spots are then exactly the
///   attached copies of the read's category and source (a read of another category or source
///   than ones attached still reads the lake);
/// - positions a 正负三 upload recorded for this category and source (any, when the read names
///   none) give the spot of the same broadcast day, time and title its position.
///
/// The lake's rows are kept at the lake's version ([`crate::orders::summary::memo`]), the
/// positions under their upload's stamp ([`customer::memo`]); the attachment is read on each
/// call. An attach or an upload shows at once.
pub async fn spots_of(db: &PgPool, reads: &Reads, order: i64, matching: OrderMatch, data: Data) -> anyhow::Result<Arc<AiredSpots>> {
    let (attached, uploaded) = tokio::try_join!(
        async {
            if data.side != Side::Customer {
                return Ok(None);
            }
            let attached = customer::attached(db, order).await?;
            Ok::<_, sqlx::Error>(attached.filter(|a| covers(a.category, data.category) && covers(a.source, data.source)))
        },
        reads.positions.of(db, order),
    )?;
    let mut aired = match attached {
        Some(attached) => Arc::new(from_attached(&attached, data)),
        None => lake_spots(db, reads, matching, data.side).await?,
    };
    if !uploaded.is_empty() {
        let wanted = |category: i16, source: i16| data.category.is_none_or(|c| c == category) && data.source.is_none_or(|s| s == source);
        let aired = Arc::make_mut(&mut aired);
        let titles = &aired.titles;
        for spot in &mut aired.spots {
            if let Some(position) = uploaded.find(wanted, spot.ymd, spot.secs, titles[spot.title as usize].trim()) {
                spot.position = Some(position);
            }
        }
    }
    Ok(aired)
}

/// The lake's rows of the match: kept at the lake's version, else one lean read.
async fn lake_spots(db: &PgPool, reads: &Reads, matching: OrderMatch, side: Side) -> anyhow::Result<Arc<AiredSpots>> {
    let (version, snapshot) = reads.snapshots.versioned(db, Dataset::Viewing).await?;
    if let Some(aired) = reads.aired.kept(version, &matching, side) {
        return Ok(aired);
    }
    let (lake, filter) = (reads.lake.clone(), matching.filter(side));
    let aired = crate::lake::blocking(move || lake.aired_spots(&snapshot, &filter))
        .await?
        .context("the order's viewing rows")?;
    let aired = Arc::new(aired);
    reads.aired.keep(version, matching, side, aired.clone());
    Ok(aired)
}

/// Whether data chosen as `chosen` (`None`: any) holds what a read of `read` asks for: a read of
/// any, or of the chosen one, or anything out of data chosen as any.
fn covers(chosen: Option<i16>, read: Option<i16>) -> bool {
    chosen.is_none() || read.is_none() || chosen == read
}

/// The attached copies of the read's category and source as aired spots, in air-time order as
/// they are stored.
fn from_attached(attached: &Attached, data: Data) -> AiredSpots {
    let mut out = AiredSpots::default();
    let mut known: HashMap<&str, u32> = HashMap::new();
    let wanted = |s: &&customer::AttachedSpot| {
        data.category.is_none_or(|c| s.category == c) && data.source.is_none_or(|v| s.source == v)
    };
    for s in attached.spots.iter().filter(wanted) {
        let title = *known.entry(s.title.as_str()).or_insert_with(|| {
            out.titles.push(s.title.clone());
            (out.titles.len() - 1) as u32
        });
        let position = s.position.is_some().then_some(SpotPosition { index: s.position_index, of: s.position_of, from_end: s.position_from_end });
        out.spots.push(AiredSpot { title, ymd: s.ymd, secs: s.secs, grp: s.grp, position });
    }
    out
}

/// Issued totals of spots, as [`adeval_engine::Lake::issued_totals`] counts them.
pub fn totals_of(aired: &AiredSpots) -> IssuedTotals {
    let mut t = IssuedTotals::default();
    for spot in &aired.spots {
        t.grp += spot.grp;
        t.spots += 1;
        if let Some(p) = spot.position {
            t.positioned += 1;
            t.top_or_bottom_three += u64::from(p.top_or_bottom_three());
        }
    }
    t
}
