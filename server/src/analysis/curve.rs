//! spotCurve: the rating series around a spot from the ratings lake, and the mean over the
//! spot's own seconds (the point-details dialog). The series is the one whose channel is the
//! media's name and whose audience group is the group's name, as rating files name them.

use adeval_engine::{CurveRequest, Dataset, Resolution};
use anyhow::Context;
use chrono::{Duration, NaiveDate, NaiveDateTime};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::reads::Reads;

/// A checked spotCurve request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurveAsk {
    pub media_id: i64,
    pub group_id: i64,
    /// The broadcast day and the seconds of it the spot began at (past 86,400 after midnight).
    pub ymd: NaiveDate,
    pub add_time: i32,
    pub duration: u32,
    pub before: u32,
    pub after: u32,
}

impl CurveAsk {
    /// When the spot began, in calendar time: 24:30:00 of a day is 00:30 of the next; `None`
    /// past the last date chrono holds.
    pub fn start(&self) -> Option<NaiveDateTime> {
        self.ymd.and_time(chrono::NaiveTime::MIN).checked_add_signed(Duration::seconds(self.add_time.into()))
    }
}

/// One sample of the series.
#[derive(Serialize, ToSchema)]
pub struct CurvePoint {
    /// Calendar time, as the series has it.
    pub ts: LocalTime,
    pub rating: f64,
}

/// How far apart the samples the spot's mean is of are (a series may be per minute with
/// per-second stretches around the breaks).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CurveResolution {
    Second,
    Minute,
}

/// spotCurve's answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotCurve {
    /// The samples from `before` seconds ahead of the spot to `after` seconds past its end, in
    /// time order. A sample holds until the next one, for at most a minute, so a per-minute
    /// sample reaching into that stretch is in it.
    pub data: Vec<CurvePoint>,
    /// The mean of the samples of the spot's own seconds at the finest resolution they have
    /// (per second: its seconds; per minute: the minutes it overlaps); null without any.
    pub spot_mean: Option<f64>,
    /// `second` when the samples of the mean hold less than a minute each (with none, when
    /// any sample of the window does), else `minute`.
    pub resolution: CurveResolution,
    /// The series: the media's name and the group's.
    pub channel: String,
    pub audience_group: String,
    /// The spot's first second and the second after its last, calendar time.
    pub spot_start: LocalTime,
    pub spot_end: LocalTime,
}

/// The curve of a checked request; an unknown media or group is a field error (4000).
pub async fn spot_curve(db: &PgPool, reads: &Reads, ask: &CurveAsk) -> Result<SpotCurve> {
    let (media, group) = super::names(&mut *db.acquire().await?, Some(ask.media_id), ask.group_id).await?;
    let mut checks = Checks::default();
    if media.is_none() {
        checks.add("mediaId", "媒体不存在");
    }
    if group.is_none() {
        checks.add("defaultAudienceCityGroupId", "受众/城市组不存在");
    }
    checks.finish()?;
    let (channel, audience_group) = (media.unwrap_or_default(), group.unwrap_or_default());
    let snapshot = reads.snapshots.get(db, Dataset::Ratings).await?;
    let lake = reads.lake.clone();
    // The arguments hold four-digit years, so both ends exist; should they not, the day is
    // the caller's mistake, not a panic.
    let start = ask.start();
    let end = start.and_then(|s| s.checked_add_signed(Duration::seconds(ask.duration.into())));
    let (Some(start), Some(end)) = (start, end) else {
        let mut checks = Checks::default();
        checks.add("ymd", crate::clock::BAD_DAY);
        return Err(checks.finish().expect_err("a field error"));
    };
    let request = (channel.clone(), audience_group.clone(), ask.duration, ask.before, ask.after);
    let curve = crate::lake::blocking(move || {
        let (channel, audience_group, duration, before, after) = request;
        let request = CurveRequest { channel: &channel, audience_group: &audience_group, start, duration, before, after };
        lake.spot_curve(&snapshot, &request)
    })
    .await?
    .context("a spot's rating curve")?;
    Ok(SpotCurve {
        data: curve.points.iter().map(|(ts, rating)| CurvePoint { ts: LocalTime::wall(*ts), rating: *rating }).collect(),
        spot_mean: curve.spot_mean,
        resolution: match curve.resolution {
            Resolution::Second => CurveResolution::Second,
            Resolution::Minute => CurveResolution::Minute,
        },
        channel,
        audience_group,
        spot_start: LocalTime::wall(start),
        spot_end: LocalTime::wall(end),
    })
}
