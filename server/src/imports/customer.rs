//! Importing customer viewing data (docs/import-formats.md 客户数据): read and check the file, resolve
//! its channels, audience groups and time-period classes against the master data, write the
//! rows to the lake as one batch and make it visible in one transaction. All or nothing: any bad
//! row refuses the file with every error listed. Shared by the upload job and the shell; the
//! file is read, resolved and written a chunk at a time ([`stream`]), so its size is not
//! bounded by memory.

mod stream;

use std::collections::HashMap;

use adeval_engine::{Dataset, ViewingRow};
use adeval_ingest::{CustomerRead, CustomerRow, Row, RowError, RowProblems};
use chrono::{NaiveDateTime, Timelike};

use crate::lake::row_id;

pub use stream::{CHUNK_ROWS, import_file, import_file_in_chunks};

/// The dataset customer rows live in.
pub const DATASET: Dataset = Dataset::Viewing;

/// What the upload form or the shell says about a file's rows.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    pub category: i16,
    pub source: i16,
    pub belonging_to: i16,
    /// The audience group for every row, when the file has no such column (shell flag).
    pub audience_group: Option<String>,
}

pub use super::Origin;

#[derive(Debug)]
pub struct Imported {
    pub batch_id: i64,
    pub rows: u64,
    pub seconds: f64,
}

/// An audience group as a row gets it: id (0 when the name is shared by several brands' groups),
/// name, brand.
pub type GroupRef = (i64, String, Option<i64>);

/// The master-data rows an import resolves against, as the tables hold them.
#[derive(Debug, Clone, Default)]
pub struct MasterRows {
    /// (id, media_name)
    pub media: Vec<(i64, String)>,
    /// (id, group_name, brand_id)
    pub groups: Vec<GroupRef>,
    /// (id, media_id, class_name)
    pub classes: Vec<(i64, i64, String)>,
    /// (media_id, start_secs, end_secs, class_id)
    pub periods: Vec<(i64, i32, i32, Option<i64>)>,
}

impl MasterRows {
    pub async fn load(db: &sqlx::PgPool) -> sqlx::Result<MasterRows> {
        Ok(MasterRows {
            media: sqlx::query_as("select id, media_name from media").fetch_all(db).await?,
            groups: sqlx::query_as("select id, group_name, brand_id from audience_groups").fetch_all(db).await?,
            classes: sqlx::query_as("select id, media_id, class_name from time_period_classes").fetch_all(db).await?,
            periods: sqlx::query_as("select media_id, start_secs, end_secs, class_id from time_periods")
                .fetch_all(db)
                .await?,
        })
    }
}

/// Master data indexed by normalised name, the rows are resolved against.
pub struct Lookups {
    media: HashMap<String, (i64, String)>,
    /// Group name → every brand's group of that name.
    groups: HashMap<String, Vec<GroupRef>>,
    /// Per media: class names → id, and periods (start, end, class).
    classes: HashMap<i64, HashMap<String, (i64, String)>>,
    periods: HashMap<i64, Vec<(i32, i32, Option<i64>)>>,
    class_names: HashMap<i64, String>,
}

/// Names compare without whitespace and case.
fn key(text: &str) -> String {
    text.split_whitespace().collect::<String>().to_lowercase()
}

/// The stored name of the audience group `name` names, compared as rows' names are (without
/// white space and case): what an upload form's group is checked against before the upload.
pub async fn group_named(conn: &mut sqlx::PgConnection, name: &str) -> sqlx::Result<Option<String>> {
    let names: Vec<String> = sqlx::query_scalar("select group_name from audience_groups order by id").fetch_all(conn).await?;
    Ok(names.into_iter().find(|n| key(n) == key(name)))
}

/// Seconds from the start of the row's broadcast day (up to 29:59:59 for past midnight).
fn broadcast_secs(row: &CustomerRow) -> i32 {
    let day_start = row.date.and_hms_opt(0, 0, 0).unwrap_or_default();
    let secs = (row.air_time - day_start).num_seconds();
    if (0..108_000).contains(&secs) { secs as i32 } else { row.air_time.time().num_seconds_from_midnight() as i32 }
}

/// What one batch's rows share.
pub struct BatchRows<'a> {
    pub batch_id: i64,
    pub opts: &'a ImportOptions,
    /// The group of rows without one (the shell's `--audience-group`).
    pub default_group: Option<&'a GroupRef>,
    pub created_at: NaiveDateTime,
}

impl Lookups {
    pub fn new(rows: MasterRows) -> Lookups {
        let mut out = Lookups {
            media: rows.media.into_iter().map(|(id, name)| (key(&name), (id, name))).collect(),
            groups: HashMap::new(),
            classes: HashMap::new(),
            periods: HashMap::new(),
            class_names: HashMap::new(),
        };
        for (id, name, brand) in rows.groups {
            out.groups.entry(key(&name)).or_default().push((id, name, brand));
        }
        for (id, media_id, name) in rows.classes {
            out.class_names.insert(id, name.clone());
            out.classes.entry(media_id).or_default().insert(key(&name), (id, name));
        }
        for (media_id, start, end, class) in rows.periods {
            out.periods.entry(media_id).or_default().push((start, end, class));
        }
        out
    }

    /// The group a row naming `name` gets. Groups are populations named alike across brands
    /// (全国4+); a row keeps the name, and the id and brand only when the name is unique.
    /// Brand filters go through the names.
    pub fn group(&self, name: &str) -> Option<GroupRef> {
        match self.groups.get(&key(name)).map(Vec::as_slice) {
            Some([one]) => Some(one.clone()),
            Some([first, ..]) => Some((0, first.1.clone(), None)),
            Some([]) | None => None,
        }
    }

    /// The class of the narrowest period of the media that holds the air time.
    fn derived_class(&self, media_id: i64, secs: i32) -> Option<(i64, String)> {
        let periods = self.periods.get(&media_id)?;
        let (_, _, class) = periods
            .iter()
            .filter(|(start, end, class)| class.is_some() && *start <= secs && secs <= *end)
            .min_by_key(|(start, end, _)| end - start)?;
        let id = (*class)?;
        Some((id, self.class_names.get(&id)?.clone()))
    }

    /// The class a row names on `media_id`: `Some(None)` when it names none (the class then
    /// comes from the air time), `None` when the media has no class of that name.
    fn class(&self, media_id: i64, name: Option<&str>) -> Option<Option<(i64, String)>> {
        match name {
            Some(name) => self.classes.get(&media_id).and_then(|c| c.get(&key(name))).cloned().map(Some),
            None => Some(None),
        }
    }

    /// Every row as the lake stores it (ids `row_id(batch, n)` in file order), or every error.
    pub fn resolve_all(&self, rows: Vec<CustomerRow>, batch: &BatchRows<'_>) -> Result<Vec<ViewingRow>, Vec<RowError>> {
        let mut errors = Vec::new();
        let mut resolver = Resolver::new(self);
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let (sheet, n) = (row.sheet.clone(), row.row);
            let mut problems = RowProblems::new(&sheet, n, &mut errors);
            out.extend(resolver.check(Row::Good(row), batch, &mut problems));
        }
        if errors.is_empty() { Ok(out) } else { Err(errors) }
    }
}

const UNKNOWN_CHANNEL: &str = "未知的频道，请先在系统设置中添加该媒体";
const UNKNOWN_GROUP: &str = "未知的受众/城市组，请先在系统设置中添加";
const NO_GROUP: &str = "请填写受众/城市组";

/// A good row as the lake stores it, its names resolved.
fn viewing_row(
    row: CustomerRow,
    (media_id, channel): (i64, String),
    (group_id, group_name, brand_id): GroupRef,
    class: Option<(i64, String)>,
    id: i64,
    batch: &BatchRows<'_>,
) -> ViewingRow {
    let (position, position_index, position_of, position_from_end) = match &row.position {
        Some(p) => (Some(p.text.clone()), p.index.map(|i| i as i32), p.of.map(|i| i as i32), p.from_end),
        None => (None, None, None, false),
    };
    let opts = batch.opts;
    ViewingRow {
        id,
        batch_id: batch.batch_id,
        media_id,
        channel,
        audience_group_id: group_id,
        audience_group: group_name,
        brand_id,
        air_time: row.air_time,
        ymd: row.date,
        duration: row.duration as i32,
        title: row.title,
        program: row.program,
        time_period_class_id: class.as_ref().map(|c| c.0),
        time_period_class: class.map(|c| c.1),
        grp: row.grp,
        position,
        position_index,
        position_of,
        position_from_end,
        category: opts.category,
        source: opts.source,
        belonging_to: opts.belonging_to,
        created_at: batch.created_at,
    }
}

/// Checks rows against [`Lookups`] as the reader hands them over, good or bad, and makes the
/// good ones lake rows. Files repeat a handful of channels and groups over many rows, so each
/// distinct name is looked up once per import.
pub struct Resolver<'l> {
    lookups: &'l Lookups,
    media_seen: HashMap<String, Option<(i64, String)>>,
    groups_seen: HashMap<String, Option<GroupRef>>,
    /// Good rows so far: the next one's number in the batch.
    good: usize,
}

/// The most names a resolver remembers per kind. A file of millions of distinct unknown
/// channels grew the memo by hundreds of MB before its refusal (1M names: 373 MB); past this
/// many, a name is looked up again each time (a hash lookup, as the memo is).
const MEMO_MAX: usize = 10_000;

/// A row's names as they resolve: the media, the group, and the class (`Some(None)`: none
/// named, it comes from the air time); `None` where a name does not resolve.
type Names = (Option<(i64, String)>, Option<GroupRef>, Option<Option<(i64, String)>>);

impl<'l> Resolver<'l> {
    pub fn new(lookups: &'l Lookups) -> Resolver<'l> {
        Resolver { lookups, media_seen: HashMap::new(), groups_seen: HashMap::new(), good: 0 }
    }

    /// The media named `channel`, remembered while the memo has room.
    fn media(&mut self, channel: &str) -> Option<(i64, String)> {
        if let Some(found) = self.media_seen.get(channel) {
            return found.clone();
        }
        let found = self.lookups.media.get(&key(channel)).cloned();
        if self.media_seen.len() < MEMO_MAX {
            self.media_seen.insert(channel.to_owned(), found.clone());
        }
        found
    }

    /// The group named `name`, remembered while the memo has room.
    fn group(&mut self, name: &str) -> Option<GroupRef> {
        if let Some(found) = self.groups_seen.get(name) {
            return found.clone();
        }
        let found = self.lookups.group(name);
        if self.groups_seen.len() < MEMO_MAX {
            self.groups_seen.insert(name.to_owned(), found.clone());
        }
        found
    }

    /// Checks one row as read against the master data, adding what does not resolve to its
    /// problems: a good row answers its lake row (id `row_id(batch, n)` for the batch's `n`-th
    /// good row, in file order); a row with a bad cell still has every name it could read
    /// checked, so one refusal lists them all.
    pub fn check(&mut self, row: CustomerRead, batch: &BatchRows<'_>, problems: &mut RowProblems<'_>) -> Option<ViewingRow> {
        match row {
            Row::Good(row) => {
                let n = self.good;
                self.good += 1;
                let names = (Some(row.channel.as_str()), row.audience_group.as_deref(), row.time_period_class.as_deref());
                let (media, group, class) = self.names(names, batch, true, problems);
                let (media, group, class) = (media?, group?, class?);
                let class = class.or_else(|| self.lookups.derived_class(media.0, broadcast_secs(&row)));
                Some(viewing_row(row, media, group, class, row_id(batch.batch_id, n), batch))
            }
            Row::Bad(f) => {
                // A group left empty is the reader's to report (不能为空).
                let names = (f.channel.as_deref(), f.audience_group.as_deref(), f.time_period_class.as_deref());
                self.names(names, batch, false, problems);
                None
            }
        }
    }

    /// Resolves the names a row gives (channel, audience group, time-period class; `None`
    /// where it gives none), adding a problem for each that does not resolve: every one is
    /// checked, the class whenever the channel resolves. A row without a group takes the
    /// batch's; `missing_group` says whether having neither is a problem to add here.
    fn names(
        &mut self,
        (channel, group, class): (Option<&str>, Option<&str>, Option<&str>),
        batch: &BatchRows<'_>,
        missing_group: bool,
        problems: &mut RowProblems<'_>,
    ) -> Names {
        let media = channel.and_then(|c| {
            let found = self.media(c);
            if found.is_none() {
                problems.add("频道", c, UNKNOWN_CHANNEL);
            }
            found
        });
        let group = match group {
            Some(name) => {
                let found = self.group(name);
                if found.is_none() {
                    problems.add("受众/城市组", name, UNKNOWN_GROUP);
                }
                found
            }
            None => {
                let found = batch.default_group.cloned();
                if found.is_none() && missing_group {
                    problems.add("受众/城市组", "", NO_GROUP);
                }
                found
            }
        };
        let class = media.as_ref().and_then(|(media_id, channel)| {
            let found = self.lookups.class(*media_id, class);
            if found.is_none() {
                problems.add("时段归纳", class.unwrap_or_default(), format!("媒体「{channel}」下没有该时段归纳"));
            }
            found
        });
        (media, group, class)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memo_of_names_stays_bounded() {
        let lookups = Lookups {
            media: HashMap::from([(key("CCTV-1"), (1, "CCTV-1".to_owned()))]),
            groups: HashMap::new(),
            classes: HashMap::new(),
            periods: HashMap::new(),
            class_names: HashMap::new(),
        };
        let mut resolver = Resolver::new(&lookups);
        for i in 0..3 * MEMO_MAX {
            assert_eq!(resolver.media(&format!("未知频道{i}")), None);
        }
        assert_eq!(resolver.media_seen.len(), MEMO_MAX);
        assert_eq!(resolver.media(" cctv-1 "), Some((1, "CCTV-1".to_owned())));
    }
}
