//! The class day means of rating series ([`Lake::class_day_means_many`]) kept per set of rating
//! files: lake files never change once written, so the means of a series over given windows and
//! days depend only on which rating files are live. A viewing import or deletion moves the
//! lake's version but not that set, and the order figures that follow it (every order's default
//! estimates) take the means from here instead of reading the series again; a ratings import
//! or compaction changes the set, and the memo starts over.
//!
//! A request's means do not depend on the batch it is read in (each request looks for the
//! series' delivery up to a day beyond its own range: windows.rs), so a kept answer is what any
//! read of the same files would give.

use std::collections::HashMap;
use std::sync::Mutex;

use chrono::NaiveDate;

use super::windows::{ClassDay, SeriesWindows};
use crate::orders::ClassWindow;
use crate::{Dataset, Lake, Result, Snapshot};

/// Most requests kept (a request's means: its classes × days, a few kB); past it the others
/// are read every time. The order list's warm-up asks for one request per media, group,
/// windows and assessment date.
const MOST: usize = 4_096;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    channel: String,
    audience_group: String,
    windows: Vec<ClassWindow>,
    from: NaiveDate,
    to_excl: NaiveDate,
}

impl Key {
    fn of(r: &SeriesWindows<'_>) -> Key {
        Key {
            channel: r.channel.to_owned(),
            audience_group: r.audience_group.to_owned(),
            windows: r.windows.to_vec(),
            from: r.from,
            to_excl: r.to_excl,
        }
    }
}

#[derive(Default)]
struct Memo {
    /// The rating files the means were read from.
    files: Vec<String>,
    means: HashMap<Key, Vec<ClassDay>>,
}

/// The memo of [`Lake`]: the live set of rating files at a time.
#[derive(Default)]
pub(crate) struct KeptMeans(Mutex<Memo>);

impl Lake {
    /// [`Lake::class_day_means`] of each request, in their order: kept ones from memory, the
    /// others read in one query and kept.
    pub fn class_day_means_many(&self, ratings: &Snapshot, requests: &[SeriesWindows<'_>]) -> Result<Vec<Vec<ClassDay>>> {
        // What a read would refuse is refused before the memo is looked at.
        if super::query::files_of(ratings, Dataset::Ratings)?.is_none() {
            return Ok(vec![Vec::new(); requests.len()]);
        }
        let keys: Vec<Key> = requests.iter().map(Key::of).collect();
        let mut out: Vec<Option<Vec<ClassDay>>> = {
            let mut memo = self.kept_means.0.lock().expect("kept means lock");
            if memo.files != ratings.files {
                *memo = Memo { files: ratings.files.clone(), means: HashMap::new() };
            }
            keys.iter().map(|k| memo.means.get(k).cloned()).collect()
        };
        let missing: Vec<usize> = (0..requests.len()).filter(|&i| out[i].is_none()).collect();
        if missing.is_empty() {
            return Ok(out.into_iter().flatten().collect());
        }
        // Read outside the lock: a page's few series do not wait for a warm-up's many.
        let wanted: Vec<SeriesWindows<'_>> = missing.iter().map(|&i| requests[i].clone()).collect();
        let read = self.read_class_day_means(ratings, &wanted)?;
        let mut memo = self.kept_means.0.lock().expect("kept means lock");
        let keep = memo.files == ratings.files;
        for (i, means) in missing.into_iter().zip(read) {
            // Past the bound the rest is answered, not kept.
            if keep && memo.means.len() < MOST {
                memo.means.insert(keys[i].clone(), means.clone());
            }
            out[i] = Some(means);
        }
        Ok(out.into_iter().flatten().collect())
    }
}
