//! The demo's rating model: ratings in the ranges of Chinese national TV, per minute all day
//! and per second around the ad breaks, and the mean of every spot's own seconds — the GRP its
//! viewing rows carry — from the same samples, so a spot's 毛评点 and its curve's mean agree.
//!
//! A rating is the channel's reach (its prime-time peak on 全国4+: CCTV-1 1.8, 湖南卫视 1.5 …)
//! × the audience group's factor (全国25-45女性 1.25, 一线城市 0.8 …, each channel a little
//! apart) × the shape of the day (a morning and a noon bump, prime time peaking at 20:36,
//! CCTV-1's 新闻联播 at 19:00–19:30, low at night) × the day (satellite channels' variety
//! nights: Friday +18 %, Saturday +30 %, Sunday +10 %; a channel's day ±10 % lognormal, each
//! group ±3 %) × the minute (±5 %). Per second, inside a break the audience drifts away (−8 %
//! over its first minute, back within 90 s after it) and each second varies ±1 %. Noise comes
//! from DuckDB's `hash` of the sample and the seed: the same seed, the same series. Ratings
//! have 3 decimals, as providers deliver them; a spot's mean over 15 or 30 of them (or one or
//! two minutes) never lies halfway between two 4-decimal values, so the GRP kept to 4 decimals
//! and its curve's mean shown to 4 read the same, whichever way a float rounds.
//!
//! Every SQL text is built from numbers and from names quoted as literals; the output path is
//! the caller's, so this runs on an unrestricted DuckDB connection of its own, never on a
//! lake's sandboxed ones.

use std::collections::BTreeMap;
use std::path::Path;

use chrono::{Duration, NaiveDateTime, Timelike};
use duckdb::{Config, Connection};

use crate::lake::sql_literal;
use crate::{Error, Result};

/// (name, prime-time peak on 全国4+, a satellite channel, the 新闻联播 bump) of the channels the
/// model knows; any other is a provincial satellite channel of reach 0.4.
const CHANNELS: [(&str, f64, bool, f64); 12] = [
    ("CCTV-1 综合", 1.8, false, 0.35),
    ("湖南卫视", 1.5, true, 0.0),
    ("浙江卫视", 1.3, true, 0.0),
    ("东方卫视", 1.0, true, 0.0),
    ("江苏卫视", 1.1, true, 0.0),
    ("北京卫视", 0.9, true, 0.0),
    ("CCTV-3 综艺", 0.8, false, 0.0),
    ("CCTV-6 电影", 0.9, false, 0.0),
    ("CCTV-8 电视剧", 0.9, false, 0.0),
    ("CCTV-13 新闻", 0.8, false, 0.2),
    ("CCTV-5 体育", 0.7, false, 0.0),
    ("CCTV-2 财经", 0.3, false, 0.0),
];

/// An audience group's factor against 全国4+; any other group 0.9.
const GROUPS: [(&str, f64); 16] = [
    ("全国4+", 1.0),
    ("全国25-45女性", 1.25),
    ("一线城市", 0.8),
    ("全国15-44岁", 0.85),
    ("一二线城市", 0.9),
    ("全国35+", 1.25),
    ("全国4-14岁", 0.45),
    ("全国女性", 1.15),
    ("全国男性", 0.85),
    ("北京", 0.9),
    ("上海", 0.85),
    ("广州", 0.6),
    ("深圳", 0.55),
    ("杭州", 0.95),
    ("成都", 0.8),
    ("武汉", 0.9),
];

/// The seconds of per-second samples before a break's first spot and after its last one: the
/// curve's default window (300 s), widened to whole minutes.
pub const AROUND_BREAK_SECS: i64 = 300;

/// An ad break of one of [`DemoSeries::channels`]: from its first spot's start to its last
/// spot's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Break {
    pub channel: usize,
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
}

/// A spot whose mean rating is wanted: the channel (an index into [`DemoSeries::channels`]),
/// the audience group (one of that channel's), its first second and its length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpotSeconds<'a> {
    pub channel: usize,
    pub group: &'a str,
    pub start: NaiveDateTime,
    pub seconds: u32,
}

/// The demo's series: each channel with its audience groups, per minute over `[from, to)`;
/// the `per_second` ones (a channel's index and a group of it) per second from
/// [`AROUND_BREAK_SECS`] before each break of the channel to as long after it.
pub struct DemoSeries<'a> {
    pub channels: &'a [(&'a str, Vec<&'a str>)],
    pub per_second: &'a [(usize, &'a str)],
    pub from: NaiveDateTime,
    pub to: NaiveDateTime,
    pub breaks: &'a [Break],
    pub seed: u64,
}

/// A stretch of per-second samples of one channel: whole minutes around one or more breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stretch {
    channel: usize,
    start: NaiveDateTime,
    end: NaiveDateTime,
    /// The breaks in it, each `(start, end)`.
    breaks: Vec<(NaiveDateTime, NaiveDateTime)>,
}

fn floor_minute(t: NaiveDateTime) -> NaiveDateTime {
    t.with_second(0).and_then(|t| t.with_nanosecond(0)).unwrap_or(t)
}

fn ceil_minute(t: NaiveDateTime) -> NaiveDateTime {
    let floor = floor_minute(t);
    if floor == t { t } else { floor + Duration::minutes(1) }
}

/// The per-second stretches of `breaks`, per channel, overlapping ones merged, in time order.
fn stretches(breaks: &[Break]) -> Vec<Stretch> {
    let around = Duration::seconds(AROUND_BREAK_SECS);
    let mut by_channel: BTreeMap<usize, Vec<&Break>> = BTreeMap::new();
    for b in breaks {
        by_channel.entry(b.channel).or_default().push(b);
    }
    let mut out = Vec::new();
    for (channel, mut list) in by_channel {
        list.sort_by_key(|b| (b.start, b.end));
        let mut merged: Vec<Stretch> = Vec::new();
        for b in list {
            let (start, end) = (floor_minute(b.start - around), ceil_minute(b.end + around));
            match merged.last_mut() {
                Some(last) if start <= last.end => {
                    last.end = last.end.max(end);
                    last.breaks.push((b.start, b.end));
                }
                _ => merged.push(Stretch { channel, start, end, breaks: vec![(b.start, b.end)] }),
            }
        }
        out.extend(merged);
    }
    out
}

fn time(t: NaiveDateTime) -> String {
    format!("timestamp '{}'", t.format("%Y-%m-%d %H:%M:%S"))
}

fn list<T>(items: impl IntoIterator<Item = T>, each: impl Fn(T) -> String) -> String {
    format!("[{}]", items.into_iter().map(each).collect::<Vec<_>>().join(", "))
}

/// The macros of the model over the channels `channels` and the groups `groups` (indexes from
/// 0 into each): a series' level is `base(c, g) × day_of(c, g, broadcast day) × shape(c, hour)`,
/// kept per day and per minute of the day in tables (their functions cost more than the
/// samples' own noise), and `dip(ts, b0, b1)` the audience a second keeps before, in or after
/// the break `b0`…`b1`.
fn macros(channels: &[&str], groups: &[&str], seed: u64) -> String {
    let known = |name: &str| CHANNELS.iter().find(|c| c.0 == name).map_or((0.4, true, 0.0), |c| (c.1, c.2, c.3));
    let reach = list(channels, |c| format!("{:.3}", known(c).0));
    let satellite = list(channels, |c| known(c).1.to_string());
    let news = list(channels, |c| format!("{:.3}", known(c).2));
    let factor = list(groups, |g| format!("{:.3}", GROUPS.iter().find(|x| x.0 == *g).map_or(0.9, |x| x.1)));
    format!(
        "create temp macro u(a, b, k) as (hash(a, b, k, {seed}::ubigint) % 1000003) / 1000003.0;
         create temp macro secs(ts) as epoch_us(ts) // 1000000;
         create temp macro hour_of(ts) as (secs(ts) % 86400) / 3600.0;
         create temp macro day_no(ts) as (secs(ts) - 21600) // 86400;
         create temp macro shape(c, h) as
             0.035 + 0.15 * exp(-pow(h - 13, 2) / 18) + 0.10 * exp(-pow(h - 7.5, 2) / 2)
             + 0.20 * exp(-pow(h - 12.4, 2) / 1.2) + 0.10 * exp(-pow(h - 16.5, 2) / 3)
             + exp(-pow(least(abs(h - 20.6), 24 - abs(h - 20.6)), 2) / 4.5)
             + {news}[c + 1] * exp(-pow(h - 19.25, 2) / 0.06);
         create temp macro week(c, d) as case
             when {satellite}[c + 1] then [1.0, 1.0, 1.0, 1.0, 1.18, 1.3, 1.1][isodow(to_days(d::integer) + date '1970-01-01')]
             else [1.0, 1.0, 1.0, 1.0, 1.0, 0.96, 0.96][isodow(to_days(d::integer) + date '1970-01-01')] end;
         create temp macro day_of(c, g, d) as week(c, d)
             * exp(0.2 * (u(c, d, 1) + u(c, d, 2) + u(c, d, 3) - 1.5)) * (0.97 + 0.06 * u(c * 100 + g, d, 4));
         create temp macro base(c, g) as {reach}[c + 1] * {factor}[g + 1] * (0.9 + 0.2 * u(c, g, 5));
         create temp macro minute_noise(c, g, m) as 0.95 + 0.10 * u(c * 100 + g, m, 6);
         create temp macro dip(ts, b0, b1) as 1 - 0.08 * case
             when ts < b0 then 0
             when ts < b1 then least(1, (secs(ts) - secs(b0)) / 60)
             else least(1, (secs(b1) - secs(b0)) / 60) * greatest(0, 1 - (secs(ts) - secs(b1)) / 90) end;"
    )
}

/// The model over one [`DemoSeries`], on a DuckDB connection of its own.
pub struct DemoModel<'a> {
    spec: &'a DemoSeries<'a>,
    conn: Connection,
    names: Vec<&'a str>,
    groups: Vec<&'a str>,
    stretches: Vec<Stretch>,
}

/// A table of `rows` with the columns `cols`, typed by `empty` when there is no row.
fn table(rows: Vec<String>, cols: &str, empty: &str) -> String {
    if rows.is_empty() {
        format!("select * from (select {empty}) v({cols}) where false")
    } else {
        format!("select * from (values {}) v({cols})", rows.join(", "))
    }
}

/// The samples `x` (`c, g, ts`, any more columns kept) with their `rating` as minutes: the
/// level at the minute times the minute's noise.
fn rated_minutes(x: &str) -> String {
    format!(
        "select x.*, round(dy.f * sh.s * minute_noise(x.c, x.g, secs(x.ts) // 60), 3) as rating
         from ({x}) x join days dy on dy.c = x.c and dy.g = x.g and dy.d = day_no(x.ts)
         join shp sh on sh.c = x.c and sh.m = secs(x.ts) % 86400 // 60"
    )
}

/// The samples `x` (with `i`, the stretch they lie in) with their `rating` as seconds: the
/// level and the minute's noise drawn on to the next minute's, the dip of the breaks of the
/// stretch (the deepest) and the second's own noise.
fn rated_seconds(x: &str) -> String {
    format!(
        "select x.*, round(dy.f * (sh.s + secs(x.ts) % 60 / 60.0 * (sh.s1 - sh.s))
                 * (minute_noise(x.c, x.g, secs(x.ts) // 60)
                    + secs(x.ts) % 60 / 60.0 * (minute_noise(x.c, x.g, secs(x.ts) // 60 + 1) - minute_noise(x.c, x.g, secs(x.ts) // 60)))
                 * list_min(list_transform(st.brks, lambda b: dip(x.ts, b.b0, b.b1)))
                 * (0.99 + 0.02 * u(x.c * 100 + x.g, secs(x.ts), 7)), 3) as rating
         from ({x}) x join days dy on dy.c = x.c and dy.g = x.g and dy.d = day_no(x.ts)
         join shp sh on sh.c = x.c and sh.m = secs(x.ts) % 86400 // 60
         join st on st.i = x.i"
    )
}

impl<'a> DemoModel<'a> {
    /// The model of `spec`'s series, its breaks and stretches loaded.
    pub fn new(spec: &'a DemoSeries<'a>) -> Result<DemoModel<'a>> {
        let names: Vec<&str> = spec.channels.iter().map(|(c, _)| *c).collect();
        let mut groups: Vec<&str> = spec.channels.iter().flat_map(|(_, g)| g.iter().copied()).collect();
        groups.sort_unstable();
        groups.dedup();
        let mut series = Vec::new();
        for (c, (_, gs)) in spec.channels.iter().enumerate() {
            for (g, name) in gs.iter().filter_map(|g| Some((groups.iter().position(|x| x == g)?, g))) {
                series.push(format!("({c}, {g}, {})", spec.per_second.contains(&(c, name))));
            }
        }
        if series.is_empty() {
            return Err(Error::Caller("the demo series need a channel and an audience group".into()));
        }
        let stretches = stretches(spec.breaks);
        let stretched = table(
            stretches
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let breaks = list(&s.breaks, |(b0, b1)| format!("{{'b0': {}, 'b1': {}}}", time(*b0), time(*b1)));
                    format!("({i}, {}, {}, {}, {breaks})", s.channel, time(s.start), time(s.end))
                })
                .collect(),
            "i, c, s0, s1, brks",
            "0, 0, null::timestamp, null::timestamp, [{'b0': null::timestamp, 'b1': null::timestamp}]",
        );
        // Broadcast days (from 06:00) of every sample and spot, a day more each side.
        let day_no = |t: NaiveDateTime| (t - Duration::hours(6)).and_utc().timestamp().div_euclid(86_400);
        let first = spec.breaks.iter().map(|b| b.start).fold(spec.from, NaiveDateTime::min);
        let last = spec.breaks.iter().map(|b| b.end).fold(spec.to, NaiveDateTime::max);
        let (d0, d1) = (day_no(first) - 1, day_no(last) + 2);
        let conn = Connection::open_in_memory_with_flags(Config::default().enable_autoload_extension(false)?)?;
        conn.execute_batch(&format!(
            "{macros}
             create temp table ser as select * from (values {series}) v(c, g, fine);
             create temp table st as {stretched};
             create temp table days as select c, g, d, base(c, g) * day_of(c, g, d) as f from ser, range({d0}, {d1}) r(d);
             create temp table shp as select c, m, shape(c, m / 60.0) as s, shape(c, (m + 1) / 60.0) as s1
                 from (select distinct c from ser), range(1440) r(m);",
            macros = macros(&names, &groups, spec.seed),
            series = series.join(", "),
        ))?;
        Ok(DemoModel { spec, conn, names, groups, stretches })
    }

    /// Writes the series to `out` (zstd Parquet in the import format, in time order): every
    /// minute of `[from, to)`, of a per-second series outside its stretches and every second
    /// inside them; answers the rows.
    pub fn write(&self, out: &Path) -> Result<u64> {
        let target = out.to_str().ok_or_else(|| Error::Caller(format!("path is not UTF-8: {}", out.display())))?;
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(Error::io(dir))?;
        }
        let (from, to) = (time(self.spec.from), time(self.spec.to));
        let minutes = (self.spec.to - self.spec.from).num_minutes().max(0);
        let minutes = rated_minutes(&format!(
            "select y.c, y.g, y.ts from (
               select ser.c, ser.g, ser.fine, {from} + to_minutes(m) as ts from range({minutes}) r(m), ser) y
             asof left join st on st.c = y.c and y.ts >= st.s0
             where not y.fine or st.s1 is null or y.ts >= st.s1"
        ));
        let seconds = rated_seconds(&format!(
            "select i, c, g, ts from (
               select i, c, g, s0 + to_seconds(n) as ts
               from (select st.i, st.c, ser.g, st.s0, unnest(range(secs(st.s1) - secs(st.s0))) as n
                     from st join ser on ser.c = st.c and ser.fine where st.s1 > {from} and st.s0 < {to}))
             where ts >= {from} and ts < {to}"
        ));
        let sql = format!(
            "copy (
               select {names}[c + 1] as channel, {groups}[g + 1] as audience_group, ts, rating
               from ({minutes} union all select c, g, ts, rating from ({seconds}))
               order by ts, c, g
             ) to {} (format parquet, compression zstd, row_group_size 122880)",
            sql_literal(target),
            names = list(&self.names, |n| sql_literal(n)),
            groups = list(&self.groups, |g| sql_literal(g)),
        );
        Ok(self.conn.execute(&sql, [])? as u64)
    }

    /// The mean of each spot's own samples as the written series has them and a spot's curve
    /// reads them: of a per-second series, its seconds (they lie in a stretch when the spot
    /// lies in a break); of a per-minute one, every minute it overlaps. None for a spot of an
    /// unknown channel or group.
    pub fn spot_means(&self, spots: &[SpotSeconds<'_>]) -> Result<Vec<Option<f64>>> {
        let known = |s: &SpotSeconds<'_>| {
            let g = self.groups.iter().position(|g| *g == s.group)?;
            self.spec.channels.get(s.channel)?.1.contains(&s.group).then_some(g)
        };
        // The stretch a spot lies in: its seconds are per second there, if the series is.
        let within = |s: &SpotSeconds<'_>| {
            let end = s.start + Duration::seconds(s.seconds.into());
            let i = self.stretches.iter().position(|t| t.channel == s.channel && t.start <= s.start && end <= t.end);
            i.map_or("null".to_owned(), |i| i.to_string())
        };
        let wanted = table(
            spots
                .iter()
                .enumerate()
                .filter_map(|(k, s)| Some(format!("({k}, {}, {}, {}, {}, {})", s.channel, known(s)?, time(s.start), s.seconds, within(s))))
                .collect(),
            "k, c, g, t0, n, i",
            "0, 0, 0, null::timestamp, 0, 0",
        );
        // A spot's seconds t0 … t0 + n − 1 hold the minutes from t0's to the last second's.
        let spot = format!("select w.*, ser.fine and w.i is not null as fine from ({wanted}) w join ser using (c, g)");
        let seconds = rated_seconds(&format!("select k, i, c, g, t0 + to_seconds(unnest(range(n))) as ts from ({spot}) where fine"));
        let minutes = rated_minutes(&format!(
            "select k, c, g, timestamp '1970-01-01' + to_minutes(unnest(range(secs(t0) // 60, (secs(t0) + n - 1) // 60 + 1))) as ts
             from ({spot}) where not fine"
        ));
        let sql = format!("select k, avg(rating) from (select k, rating from ({seconds}) union all select k, rating from ({minutes})) group by k");
        let mut means = vec![None; spots.len()];
        let mut stmt = self.conn.prepare(&sql)?;
        let mut answer = stmt.query([])?;
        while let Some(r) = answer.next()? {
            let k: i64 = r.get(0)?;
            if let Some(slot) = usize::try_from(k).ok().and_then(|k| means.get_mut(k)) {
                *slot = r.get(1)?;
            }
        }
        Ok(means)
    }
}

#[cfg(test)]
mod tests;
