//! Default estimates, computed from the lake and kept by manifest version. A default depends
//! only on the lake's rows (named by the manifest version) and on [`DefaultKey`]: the media
//! and group (ids for the viewing rows, with names for rows stored without one; names for the
//! rating series), the class windows, the
//! range and the fallback's scope. Orders that share a key share one computation; an
//! import or deletion changes the version and drops every kept default.
//!
//! A batch of keys costs one [`Lake::class_day_means_many`] query (keys that differ only in
//! scope share a series) and, when some class has no rating sample, one
//! [`Lake::class_day_grp_many`] query for those classes of every key.

use std::collections::HashMap;
use std::sync::Arc;

use adeval_engine::orders::{ClassWindow, Triple, estimate_stats, round3};
use adeval_engine::{ClassDay, Dataset, GrpWindows, Lake, SeriesWindows, Snapshot};
use anyhow::Context;
use chrono::{Days, NaiveDate};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::lake::snapshots::Snapshots;
use crate::orders::kept::{Answer, Kept, Wanted};

/// What a default was computed from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BasisSource {
    /// The rating series of the media and audience group.
    Ratings,
    /// The GRP of the viewing rows of the media, group, side, category and source.
    Viewing,
    /// Neither has data: no default.
    None,
}

/// The basis of a class's default: the source, how many days (ratings) or days and spots
/// (viewing rows) it rests on, the range of broadcast days looked at and, when the default
/// does not come from ratings, why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Basis {
    pub source: BasisSource,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spots: Option<u64>,
    /// First day looked at, `YYYY-MM-DD`.
    #[schema(value_type = String)]
    pub from: NaiveDate,
    /// Last day looked at (the day before the assessment date), `YYYY-MM-DD`.
    #[schema(value_type = String)]
    pub to: NaiveDate,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// Everything a default depends on besides the lake's rows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DefaultKey {
    pub media_id: i64,
    /// The media's name: rating series name channels by it.
    pub channel: String,
    pub group_id: i64,
    /// The audience group's name: rating series name groups by it.
    pub group: String,
    /// `(class, start, end)` of every period with a class, sorted.
    pub windows: Vec<ClassWindow>,
    pub from: NaiveDate,
    pub to_excl: NaiveDate,
    pub belonging_to: i16,
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// Per class with periods: the default (3 decimals) and its basis.
pub type ClassDefaults = HashMap<i64, (Option<Triple<f64>>, Basis)>;

/// Why a class has no default.
pub const NO_HISTORY: &str = "没有可用的历史数据，剩余点位不计预估";
/// Most defaults kept at one version; past it, calls still compute theirs and keep no more.
const KEPT: usize = 20_000;

impl DefaultKey {
    fn basis(&self, source: BasisSource, days: Option<u64>, spots: Option<u64>, message: Option<String>) -> Basis {
        Basis { source, days, spots, from: self.from, to: self.to_excl - Days::new(1), message }
    }

    pub(super) fn basis_none(&self) -> Basis {
        self.basis(BasisSource::None, None, None, Some(NO_HISTORY.to_owned()))
    }

    fn series(&self) -> SeriesKey {
        (self.channel.clone(), self.group.clone(), self.windows.clone(), self.from, self.to_excl)
    }
}

type SeriesKey = (String, String, Vec<ClassWindow>, NaiveDate, NaiveDate);

pub struct EstimateMemo {
    kept: Arc<Kept<DefaultKey, Arc<ClassDefaults>>>,
}

impl Default for EstimateMemo {
    fn default() -> Self {
        EstimateMemo { kept: Arc::new(Kept::new(KEPT)) }
    }
}

impl EstimateMemo {
    /// How many defaults were computed so far (each key once per version), for tests.
    pub fn computed(&self) -> u64 {
        self.kept.computed()
    }
}

/// The defaults of each key, in their order, as `wanted` says: kept ones from memory, the
/// others computed once from the snapshots the manifest names now ([`Kept`]); `previous` when
/// some are the previous lake version's (their computation is under way).
pub async fn compute(
    db: &PgPool,
    (lake, snapshots): (&Arc<Lake>, &Snapshots),
    memo: &EstimateMemo,
    keys: &[DefaultKey],
    wanted: Wanted,
) -> anyhow::Result<Answer<Arc<ClassDefaults>>> {
    let (version, ratings) = snapshots.versioned(db, Dataset::Ratings).await?;
    let (viewing_version, viewing) = snapshots.versioned(db, Dataset::Viewing).await?;
    let lake = lake.clone();
    let compute = move |keys: Vec<DefaultKey>| {
        let (lake, ratings, viewing) = (lake.clone(), ratings.clone(), viewing.clone());
        async move {
            let (started, n) = (std::time::Instant::now(), keys.len());
            let computed = crate::lake::blocking(move || compute_keys(&lake, &ratings, &viewing, &keys))
                .await?
                .context("the orders' default estimates")?;
            tracing::debug!(keys = n, ms = started.elapsed().as_millis() as u64, "computed default estimates");
            Ok(computed.into_iter().map(Arc::new).collect())
        }
    };
    // Both snapshots belong to one version only when no change came between the two reads;
    // else these are computed apart and not kept.
    if viewing_version != version {
        return Ok(Answer { values: compute(keys.to_vec()).await?, previous: false });
    }
    memo.kept.get(version, keys, wanted, compute).await
}

/// The defaults of every key: one rating query for every distinct series and range, then one
/// viewing query for the classes of every key without a rating sample.
pub fn compute_keys(
    lake: &Lake,
    ratings: &Snapshot,
    viewing: &Snapshot,
    keys: &[DefaultKey],
) -> adeval_engine::Result<Vec<ClassDefaults>> {
    let days = class_days(lake, ratings, viewing, keys)?;
    Ok(days
        .into_iter()
        .map(|classes| classes.into_iter().map(|(class, d)| (class, (d.estimate(), d.basis))).collect())
        .collect())
}

/// A day of a class's basis: `(day, value, samples)`.
pub type DayValue = (NaiveDate, f64, u64);

/// The days a class's default is computed from: each broadcast day of the basis that has a
/// value (the mean rating of the class's windows, or the mean GRP of the viewing rows in them),
/// with its samples (rating samples or spots), and the basis they make.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDays {
    pub basis: Basis,
    /// By day; empty when the class has no default.
    pub days: Vec<DayValue>,
}

impl ClassDays {
    /// The default: the statistics of the day values (docs/evaluation.md), 3 decimals.
    pub fn estimate(&self) -> Option<Triple<f64>> {
        let values: Vec<f64> = self.days.iter().map(|d| d.1).collect();
        estimate_stats(&values).map(|e| e.map(round3))
    }
}

/// Per key, the days of every class with periods: from the rating series when the class has a
/// sample there, else from the viewing rows, else none. What [`compute_keys`] computes the
/// defaults from, and what the drill-down of an estimate lists.
pub fn class_days(
    lake: &Lake,
    ratings: &Snapshot,
    viewing: &Snapshot,
    keys: &[DefaultKey],
) -> adeval_engine::Result<Vec<HashMap<i64, ClassDays>>> {
    let mut series: Vec<SeriesKey> = keys.iter().map(DefaultKey::series).collect();
    series.sort();
    series.dedup();
    let requests: Vec<SeriesWindows<'_>> = series
        .iter()
        .map(|(channel, audience_group, windows, from, to_excl)| SeriesWindows {
            channel,
            audience_group,
            windows,
            from: *from,
            to_excl: *to_excl,
        })
        .collect();
    let means = lake.class_day_means_many(ratings, &requests)?;
    let means_of = |key: &DefaultKey| &means[series.binary_search(&key.series()).expect("every key's series")];
    let mut out: Vec<HashMap<i64, ClassDays>> = keys.iter().map(|key| from_ratings(key, means_of(key))).collect();
    // The classes without a rating sample, per key, fall back to the viewing rows.
    let rest: Vec<Vec<ClassWindow>> = keys
        .iter()
        .zip(&out)
        .map(|(key, found)| key.windows.iter().copied().filter(|w| !found.contains_key(&w.0)).collect())
        .collect();
    let wanted: Vec<usize> = (0..keys.len()).filter(|i| !rest[*i].is_empty()).collect();
    // Rows stored without a group id (a name several brands' groups share) count by name.
    let group_keys: Vec<String> = wanted.iter().map(|&i| adeval_engine::group_key(&keys[i].group)).collect();
    let requests: Vec<GrpWindows<'_>> = wanted
        .iter()
        .zip(&group_keys)
        .map(|(&i, group_key)| {
            let key = &keys[i];
            GrpWindows {
                media_id: key.media_id,
                audience_group_id: key.group_id,
                group_key: Some(group_key),
                belonging_to: key.belonging_to,
                category: key.category,
                source: key.source,
                windows: &rest[i],
                from: key.from,
                to_excl: key.to_excl,
            }
        })
        .collect();
    let grp = if requests.is_empty() { Vec::new() } else { lake.class_day_grp_many(viewing, &requests)? };
    for (&i, grp) in wanted.iter().zip(&grp) {
        let key = &keys[i];
        let message = if means_of(key).is_empty() {
            format!("媒体「{}」没有收视率数据，按客户数据估算", key.channel)
        } else {
            format!("媒体「{}」的收视率数据在这些时段没有样本，按客户数据估算", key.channel)
        };
        for (class, days) in per_class(grp) {
            let spots = days.iter().map(|d| d.2).sum();
            let basis = key.basis(BasisSource::Viewing, Some(days.len() as u64), Some(spots), Some(message.clone()));
            out[i].insert(class, ClassDays { basis, days });
        }
        for (class, _, _) in &rest[i] {
            out[i].entry(*class).or_insert_with(|| ClassDays { basis: key.basis_none(), days: Vec::new() });
        }
    }
    Ok(out)
}

/// The days of the key's classes that have rating day means.
fn from_ratings(key: &DefaultKey, means: &[ClassDay]) -> HashMap<i64, ClassDays> {
    per_class(means)
        .into_iter()
        .map(|(class, days)| {
            let basis = key.basis(BasisSource::Ratings, Some(days.len() as u64), None, None);
            (class, ClassDays { basis, days })
        })
        .collect()
}

/// The days of each class, `(day, value, samples)`, from rows sorted by class and day.
fn per_class(rows: &[ClassDay]) -> Vec<(i64, Vec<DayValue>)> {
    let mut out: Vec<(i64, Vec<DayValue>)> = Vec::new();
    for &(class, day, mean, n) in rows {
        match out.last_mut() {
            Some((c, days)) if *c == class => days.push((day, mean, n)),
            _ => out.push((class, vec![(day, mean, n)])),
        }
    }
    out
}
