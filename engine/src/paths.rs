//! Where things live in the lake: `<dataset>/month=YYYY-MM/<name>.parquet`, relative to the
//! root. Paths handed in by callers are parsed against exactly this shape, so a snapshot can
//! never name a file outside the lake, a glob, or anything but a Parquet file the engine wrote.

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate, NaiveDateTime};

use crate::{Error, Result};

/// The datasets of the lake. The name is the top-level directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dataset {
    /// Customer viewing rows (docs/import-formats.md), one row per aired spot, with row ids.
    Viewing,
    /// Minute or second rating series: channel, audience_group, ts, rating.
    Ratings,
    /// Per channel, audience group and day: n, sum, min and max of the ratings, written
    /// beside each ratings batch so aggregates never scan the raw series.
    RatingsDaily,
    /// Broadcast certificate rows (docs/import-formats.md), one per certificate line as
    /// resolved against its order, with row ids; partitioned by the month of the broadcast day.
    Certificates,
    /// Per viewing file, its rows summed by day, media, audience group, title, category,
    /// source, ownership and time-period class (spots and Σ GRP in units): the dashboard's
    /// source. Each file is its viewing file's twin, same month, named after it
    /// ([`viewing_rollup_path`]); month rollups merge them (docs/dashboard.md).
    ViewingDaily,
}

impl Dataset {
    pub const ALL: [Dataset; 5] =
        [Dataset::Viewing, Dataset::Ratings, Dataset::RatingsDaily, Dataset::Certificates, Dataset::ViewingDaily];

    pub fn as_str(self) -> &'static str {
        match self {
            Dataset::Viewing => "viewing",
            Dataset::Ratings => "ratings",
            Dataset::RatingsDaily => "ratings_daily",
            Dataset::Certificates => "certificates",
            Dataset::ViewingDaily => "viewing_daily",
        }
    }

    /// Whether rows carry an `id`, which is what deletions refer to.
    pub fn has_row_ids(self) -> bool {
        matches!(self, Dataset::Viewing | Dataset::Certificates)
    }
}

impl fmt::Display for Dataset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Dataset {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Dataset::ALL
            .into_iter()
            .find(|d| d.as_str() == s)
            .ok_or_else(|| Error::Caller(format!("unknown dataset {s:?}")))
    }
}

/// A calendar month, the lake's partition key. Displays as `YYYY-MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Month {
    year: i32,
    month: u32,
}

impl Month {
    pub fn new(year: i32, month: u32) -> Option<Month> {
        ((1..=12).contains(&month) && (1..=9999).contains(&year)).then_some(Month { year, month })
    }

    pub fn of(date: NaiveDate) -> Month {
        Month { year: date.year(), month: date.month() }
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn month(self) -> u32 {
        self.month
    }

    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.year, self.month, 1).expect("a valid month has a first day")
    }

    pub fn next(self) -> Month {
        if self.month == 12 {
            Month { year: self.year + 1, month: 1 }
        } else {
            Month { year: self.year, month: self.month + 1 }
        }
    }

    /// The half-open time range [first day 00:00, next month's first day 00:00).
    pub fn time_range(self) -> (NaiveDateTime, NaiveDateTime) {
        let start = self.first_day().and_hms_opt(0, 0, 0).expect("midnight exists");
        let end = self.next().first_day().and_hms_opt(0, 0, 0).expect("midnight exists");
        (start, end)
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for Month {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let bad = || Error::Caller(format!("not a month (YYYY-MM): {s:?}"));
        let (y, m) = s.split_once('-').ok_or_else(bad)?;
        if y.len() != 4 || m.len() != 2 || !(y.bytes().chain(m.bytes())).all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        Month::new(y.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?).ok_or_else(bad)
    }
}

/// One Parquet file the engine wrote, as the manifest records it.
#[derive(Debug, Clone, PartialEq)]
pub struct LakeFile {
    /// Relative to the lake root, e.g. `viewing/month=2026-03/b12-0.parquet`.
    pub path: String,
    pub dataset: Dataset,
    pub month: Month,
    pub rows: u64,
    pub bytes: u64,
    /// Earliest and latest time in the file (air_time, ts, or the day for rollups).
    pub min_time: NaiveDateTime,
    pub max_time: NaiveDateTime,
}

/// The live state of one dataset, from the caller's manifest: the files to read and the row
/// ids deleted from them. Every query takes one; the engine never decides what is live.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Paths relative to the lake root, as in [`LakeFile::path`].
    pub files: Vec<String>,
    /// Row ids to leave out (datasets with row ids only).
    pub deleted: Vec<i64>,
}

impl Snapshot {
    pub fn new(files: impl IntoIterator<Item = impl Into<String>>) -> Snapshot {
        Snapshot { files: files.into_iter().map(Into::into).collect(), deleted: Vec::new() }
    }

    pub fn with_deleted(mut self, deleted: impl IntoIterator<Item = i64>) -> Snapshot {
        self.deleted = deleted.into_iter().collect();
        self
    }
}

/// A validated relative path of a lake file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LakePath {
    pub dataset: Dataset,
    pub month: Month,
    pub rel: String,
}

impl LakePath {
    pub fn parse(rel: &str) -> Result<LakePath> {
        let bad = |why: &str| Error::Caller(format!("lake path {rel:?}: {why}"));
        if rel.len() > 255 {
            return Err(bad("too long"));
        }
        let mut parts = rel.split('/');
        let (Some(dataset), Some(partition), Some(name), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected <dataset>/month=YYYY-MM/<name>.parquet"));
        };
        let dataset: Dataset = dataset.parse().map_err(|_| bad("unknown dataset"))?;
        let month: Month = partition
            .strip_prefix("month=")
            .ok_or_else(|| bad("expected a month=YYYY-MM directory"))?
            .parse()
            .map_err(|_| bad("bad month"))?;
        let stem = name.strip_suffix(".parquet").ok_or_else(|| bad("not a .parquet file"))?;
        // Letters, digits, '-' and '_' only: no hidden or temporary files, no glob patterns.
        if stem.is_empty() || !stem.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(bad("bad file name"));
        }
        Ok(LakePath { dataset, month, rel: rel.to_owned() })
    }

    pub fn new(dataset: Dataset, month: Month, stem: &str) -> Result<LakePath> {
        LakePath::parse(&format!("{dataset}/month={month}/{stem}.parquet"))
    }

    /// The file's name without `.parquet`.
    pub fn stem(&self) -> &str {
        let name = self.rel.rsplit('/').next().unwrap_or_default();
        name.strip_suffix(".parquet").unwrap_or(name)
    }

    /// A viewing file's rollup twin: [`Dataset::ViewingDaily`], the same month, its name after
    /// [`ROLLUP_PREFIX`].
    pub fn rollup_twin(&self) -> LakePath {
        LakePath::new(Dataset::ViewingDaily, self.month, &format!("{ROLLUP_PREFIX}{}", self.stem()))
            .expect("a valid path's parts make a valid path")
    }
}

/// What the names of viewing rollups of the current format start with (twins, month rollups
/// and their title companions): GRP summed as integer units, companions keyed by side and
/// audience group, spots with a known position and in positions 1–3 counted. Rollups without
/// it were written by earlier versions (no prefix: GRP summed as doubles; `v2-`: no position
/// counts): readers pass them over and the start's backfill replaces and retires them.
pub const ROLLUP_PREFIX: &str = "v3-";

/// Whether `path` is a viewing rollup of an earlier format ([`ROLLUP_PREFIX`]).
pub fn is_legacy_rollup(path: &str) -> bool {
    LakePath::parse(path).is_ok_and(|p| p.dataset == Dataset::ViewingDaily && !p.stem().starts_with(ROLLUP_PREFIX))
}

/// The path of the rollup ([`Dataset::ViewingDaily`]) of the viewing file at `path`: the same
/// month, its name after [`ROLLUP_PREFIX`]. `None` for a path that is not a viewing file's.
pub fn viewing_rollup_path(path: &str) -> Option<String> {
    let parsed = LakePath::parse(path).ok().filter(|p| p.dataset == Dataset::Viewing)?;
    Some(parsed.rollup_twin().rel)
}

/// Parses every path of a snapshot and checks they all belong to one dataset. `None` when the
/// snapshot is empty.
pub(crate) fn parse_files(files: &[String]) -> Result<Option<(Dataset, Vec<LakePath>)>> {
    let paths = files.iter().map(|f| LakePath::parse(f)).collect::<Result<Vec<_>>>()?;
    let Some(first) = paths.first() else { return Ok(None) };
    let dataset = first.dataset;
    if let Some(other) = paths.iter().find(|p| p.dataset != dataset) {
        return Err(Error::Caller(format!("snapshot mixes datasets {dataset} and {}", other.dataset)));
    }
    Ok(Some((dataset, paths)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lake_paths_accept_only_the_shape_the_engine_writes() {
        let ok = LakePath::parse("viewing/month=2026-03/b12-0.parquet").unwrap();
        assert_eq!((ok.dataset, ok.month.to_string()), (Dataset::Viewing, "2026-03".into()));
        for bad in [
            "",
            "/etc/passwd",
            "/viewing/month=2026-03/b1-0.parquet",
            "../viewing/month=2026-03/b1-0.parquet",
            "viewing/month=2026-03/../../b1-0.parquet",
            "viewing/month=2026-03/..parquet",
            "viewing/month=2026-03/b1-0.csv",
            "viewing/month=2026-03/.b1-0.parquet",
            "viewing/month=2026-03/*.parquet",
            "viewing/month=2026-03/b[1].parquet",
            "viewing/month=2026-3/b1-0.parquet",
            "viewing/month=2026-13/b1-0.parquet",
            "viewing/2026-03/b1-0.parquet",
            "orders/month=2026-03/b1-0.parquet",
            "viewing/month=2026-03/x/b1-0.parquet",
            "viewing\\month=2026-03\\b1-0.parquet",
        ] {
            assert!(LakePath::parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn months_parse_display_and_step() {
        let m: Month = "2026-12".parse().unwrap();
        assert_eq!(m.next().to_string(), "2027-01");
        assert_eq!(m.first_day(), NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
        assert!("2026-00".parse::<Month>().is_err());
        assert!("26-01".parse::<Month>().is_err());
    }

    #[test]
    fn a_snapshot_may_not_mix_datasets() {
        let files = vec!["viewing/month=2026-03/b1-0.parquet".to_string(), "ratings/month=2026-03/b2-0.parquet".into()];
        assert!(parse_files(&files).is_err());
        assert!(parse_files(&[]).unwrap().is_none());
    }
}
