//! The customer list, newest first, at any size, unfiltered or over a range of broadcast days:
//! the total comes from the files' footers (less the deleted rows each span holds; a day range
//! also scans the spans it cuts through), and a page reads only the spans it can fall in, then
//! only its own rows. Why this way: docs/decisions.md "The customer list at ten
//! million rows".

use std::collections::HashMap;
use std::fs::File;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chrono::NaiveDate;

use super::ViewingRow;
use super::footer::{Footer, locate};
use super::keys::{Keep, Keys, drop_newest, merge_page, scan};
use super::plan::{Extent, plan};
use super::read::prune;
use crate::paths::{LakePath, parse_files};
use crate::{Dataset, Error, Lake, Result, Snapshot};

/// What the list keeps between calls: each file's footer (files never change once written),
/// its deleted rows with the deleted ids they were looked up against, and the indexes of the
/// last two file lists listed.
#[derive(Default)]
pub(crate) struct ListCache {
    footers: Mutex<HashMap<String, Arc<Footer>>>,
    gone: Mutex<HashMap<String, (Arc<Vec<i64>>, Arc<Gone>)>>,
    indexes: Mutex<Vec<Arc<ListIndex>>>,
}

/// Broadcast days, both ends inclusive, as days since 1970-01-01.
type Days = (i64, i64);

/// The listed rows of each file's spans.
type Counts = Arc<Vec<Vec<u64>>>;

/// A file's deleted rows: (row number, id), by row.
type Gone = Vec<(u64, i64)>;

/// Files and deleted ids as the list sees them, kept until they change.
struct ListIndex {
    files: Vec<String>,
    /// Sorted.
    deleted: Arc<Vec<i64>>,
    paths: Vec<LakePath>,
    footers: Vec<Arc<Footer>>,
    gone: Vec<Arc<Gone>>,
    /// Each file's live rows per span.
    live: Counts,
    /// The rows per span of the last day range listed.
    ranged: Mutex<Option<(Days, Counts)>>,
}

impl Lake {
    /// One page of the live rows, newest first, and their count: [`Lake::viewing_page`] with no
    /// filter but, at most, broadcast days `from..=to`.
    pub(super) fn viewing_page_listed(
        &self,
        snapshot: &Snapshot,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
        page: u64,
        limit: u64,
    ) -> Result<(Vec<ViewingRow>, u64)> {
        let Some((dataset, paths)) = parse_files(&snapshot.files)? else { return Ok((Vec::new(), 0)) };
        if dataset != Dataset::Viewing {
            return Err(Error::Caller(format!("a viewing query got {dataset} files")));
        }
        let days = (from.is_some() || to.is_some()).then(|| (from.map_or(i64::MIN, day), to.map_or(i64::MAX, day)));
        // A day range opens only the files of the months it can reach.
        let paths = if days.is_some() { prune(paths, from, to) } else { paths };
        if paths.is_empty() {
            return Ok((Vec::new(), 0));
        }
        let index = self.list_index(paths, &snapshot.deleted)?;
        let counts = self.counts(&index, days)?;
        let total: u64 = counts.iter().flatten().sum();
        let offset = page.saturating_sub(1).saturating_mul(limit);
        // Every span of every file, in file order.
        let mut at = Vec::new();
        let mut extents = Vec::new();
        for (f, footer) in index.footers.iter().enumerate() {
            for (s, span) in footer.spans.iter().enumerate() {
                at.push((f, s));
                extents.push(Extent { count: counts[f][s], min: span.min, max: span.max });
            }
        }
        let Some(plan) = plan(&extents, offset, limit) else { return Ok((Vec::new(), total)) };
        let mut wanted: Vec<(usize, Vec<usize>)> = Vec::new();
        for &e in &plan.read {
            let (f, s) = at[e];
            match wanted.last_mut() {
                Some((file, spans)) if *file == f => spans.push(s),
                _ => wanted.push((f, vec![s])),
            }
        }
        // Each file's keys no later than the plan's bound; the later ones come before the page.
        let mut above = 0;
        let mut runs = Vec::with_capacity(wanted.len());
        for (f, spans) in &wanted {
            let mut keys = Keys::new();
            let keep = Keep { gone: &index.gone[*f], days };
            scan(self.open_file(&index.paths[*f])?, &index.footers[*f], spans, &keep, &index.paths[*f].rel, |_, t, id, row| {
                if t > plan.upper {
                    above += 1;
                } else {
                    keys.push((t, id, row));
                }
            })?;
            runs.push(keys);
        }
        let skip = offset.checked_sub(plan.before + above);
        let skip = skip.ok_or_else(|| Error::Caller("the list's plan counted more rows before the page than it has".into()))?;
        let skip = drop_newest(&mut runs, skip);
        let keys = merge_page(&runs, skip, limit);
        let keys: Vec<(usize, u64, i64)> = keys.into_iter().map(|(r, row, id)| (wanted[r].0, row, id)).collect();
        Ok((self.rows_of(&index, &keys)?, total))
    }

    /// The rows named by `keys` ((file, row number, id) in list order), read file by file and
    /// put back in list order.
    fn rows_of(&self, index: &ListIndex, keys: &[(usize, u64, i64)]) -> Result<Vec<ViewingRow>> {
        let mut by_file: HashMap<usize, Vec<(u64, usize)>> = HashMap::new();
        for (at, &(file, row, _)) in keys.iter().enumerate() {
            by_file.entry(file).or_default().push((row, at));
        }
        let mut placed: Vec<Option<ViewingRow>> = vec![None; keys.len()];
        for (file, mut wanted) in by_file {
            wanted.sort_unstable();
            let rows: Vec<u64> = wanted.iter().map(|&(row, _)| row).collect();
            let read = super::list_rows::read_rows(self.open_file(&index.paths[file])?, &index.footers[file], &rows)?;
            for ((_, at), row) in wanted.into_iter().zip(read) {
                if row.id != keys[at].2 {
                    return Err(Error::Caller(format!("{} changed under the list", index.paths[file].rel)));
                }
                placed[at] = Some(row);
            }
        }
        let rows = placed.into_iter().collect::<Option<Vec<_>>>();
        rows.ok_or_else(|| Error::Caller("a listed row was not read back".into()))
    }

    /// The listed rows of each span: the live ones, or those of the day range. A span wholly
    /// inside the range counts its live rows, one wholly outside none, and only the spans the
    /// range cuts through (by their days' statistics) are scanned.
    fn counts(&self, index: &ListIndex, days: Option<Days>) -> Result<Counts> {
        let Some((lo, hi)) = days else { return Ok(index.live.clone()) };
        if let Some((kept, counts)) = index.ranged.lock().expect("list range lock").as_ref()
            && *kept == (lo, hi)
        {
            return Ok(counts.clone());
        }
        let mut counts = Vec::with_capacity(index.footers.len());
        for (f, footer) in index.footers.iter().enumerate() {
            let mut file: Vec<u64> = Vec::with_capacity(footer.spans.len());
            let mut cut = Vec::new();
            for (s, span) in footer.spans.iter().enumerate() {
                file.push(match span.days {
                    Some((first, last)) if first >= lo && last <= hi => index.live[f][s],
                    Some((first, last)) if last < lo || first > hi => 0,
                    _ => {
                        cut.push(s);
                        0
                    }
                });
            }
            if !cut.is_empty() {
                let keep = Keep { gone: &index.gone[f], days };
                scan(self.open_file(&index.paths[f])?, footer, &cut, &keep, &index.paths[f].rel, |k, _, _, _| file[cut[k]] += 1)?;
            }
            counts.push(file);
        }
        let counts = Arc::new(counts);
        *index.ranged.lock().expect("list range lock") = Some(((lo, hi), counts.clone()));
        Ok(counts)
    }

    /// The list index of `paths` under the `deleted` ids: kept while they stay the same.
    fn list_index(&self, paths: Vec<LakePath>, deleted: &[i64]) -> Result<Arc<ListIndex>> {
        let files: Vec<String> = paths.iter().map(|p| p.rel.clone()).collect();
        // The manifest answers the deleted ids in no set order: they are kept sorted.
        let mut deleted = deleted.to_vec();
        deleted.sort_unstable();
        deleted.dedup();
        let kept = self.list_cache().indexes.lock().expect("list index lock").clone();
        if let Some(index) = kept.iter().find(|i| i.files == files && *i.deleted == deleted) {
            return Ok(index.clone());
        }
        let footers = paths.iter().map(|p| self.footer(p)).collect::<Result<Vec<_>>>()?;
        // A file's deleted rows depend only on the file and the deleted ids: a file looked up
        // before keeps its rows still deleted and looks up only the ids deleted since.
        let known: Vec<Option<(Arc<Vec<i64>>, Arc<Gone>)>> = {
            let cache = self.list_cache().gone.lock().expect("deleted rows lock");
            paths.iter().map(|p| cache.get(&p.rel).cloned()).collect()
        };
        let mut since: HashMap<*const Vec<i64>, Vec<i64>> = HashMap::new();
        for (set, _) in known.iter().flatten() {
            since
                .entry(Arc::as_ptr(set))
                .or_insert_with(|| deleted.iter().copied().filter(|id| set.binary_search(id).is_err()).collect());
        }
        let mut gone: Vec<Gone> = Vec::with_capacity(paths.len());
        let mut jobs: Vec<(usize, &[i64])> = Vec::new();
        for (i, known) in known.iter().enumerate() {
            let (rows, ids): (Gone, &[i64]) = match known {
                Some((set, rows)) => {
                    let still = rows.iter().copied().filter(|(_, id)| deleted.binary_search(id).is_ok());
                    (still.collect(), &since[&Arc::as_ptr(set)])
                }
                None => (Vec::new(), &deleted),
            };
            gone.push(rows);
            if !ids.is_empty() {
                jobs.push((i, ids));
            }
        }
        for (i, found) in self.locate_all(&paths, &footers, &jobs)? {
            gone[i].extend(found);
            gone[i].sort_unstable();
        }
        let live = footers
            .iter()
            .zip(&gone)
            .map(|(footer, gone)| {
                let at = |row: u64| gone.partition_point(|d| d.0 < row) as u64;
                footer.spans.iter().map(|s| s.rows - (at(s.start + s.rows) - at(s.start))).collect()
            })
            .collect();
        let deleted = Arc::new(deleted);
        let gone: Vec<Arc<Gone>> = gone.into_iter().map(Arc::new).collect();
        {
            let mut cache = self.list_cache().gone.lock().expect("deleted rows lock");
            for (f, g) in files.iter().zip(&gone) {
                cache.insert(f.clone(), (deleted.clone(), g.clone()));
            }
        }
        let index = Arc::new(ListIndex { files, deleted, paths, footers, gone, live: Arc::new(live), ranged: Mutex::new(None) });
        // The last two file lists are kept (every file, and a day range's months); what no
        // kept index lists is dropped.
        let mut indexes = self.list_cache().indexes.lock().expect("list index lock");
        indexes.insert(0, index.clone());
        indexes.truncate(2);
        let listed = |rel: &String| indexes.iter().any(|i| i.files.contains(rel));
        self.list_cache().footers.lock().expect("footer cache lock").retain(|rel, _| listed(rel));
        self.list_cache().gone.lock().expect("deleted rows lock").retain(|rel, _| listed(rel));
        Ok(index)
    }

    /// Each job's deleted rows (job: a file and the ids to look for in it), on the lake's
    /// threads.
    fn locate_all(&self, paths: &[LakePath], footers: &[Arc<Footer>], jobs: &[(usize, &[i64])]) -> Result<Vec<(usize, Gone)>> {
        let next = AtomicUsize::new(0);
        let work = || -> Result<Vec<(usize, Gone)>> {
            let mut done = Vec::new();
            while let Some(&(i, ids)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                done.push((i, locate(self.open_file(&paths[i])?, &footers[i], ids, &paths[i].rel)?));
            }
            Ok(done)
        };
        let threads = (self.options().threads.max(1) as usize).min(jobs.len());
        std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
            let mut all = work()?;
            for h in helpers {
                all.extend(h.join().map_err(|_| Error::Caller("a deleted-row lookup panicked".into()))??);
            }
            Ok(all)
        })
    }

    fn open_file(&self, path: &LakePath) -> Result<File> {
        let abs = self.abs(path);
        File::open(&abs).map_err(Error::io(&abs))
    }

    /// A file's footer, read on first use.
    fn footer(&self, path: &LakePath) -> Result<Arc<Footer>> {
        if let Some(f) = self.list_cache().footers.lock().expect("footer cache lock").get(&path.rel) {
            return Ok(f.clone());
        }
        let footer = Arc::new(Footer::read(&self.open_file(path)?, &path.rel)?);
        self.list_cache().footers.lock().expect("footer cache lock").insert(path.rel.clone(), footer.clone());
        Ok(footer)
    }
}

/// Days since 1970-01-01, as Parquet stores a date.
fn day(d: NaiveDate) -> i64 {
    (d - NaiveDate::from_ymd_opt(1970, 1, 1).expect("a day")).num_days()
}
