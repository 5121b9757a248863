//! The customer list without filters, newest first, at any size: the total comes from the
//! files' footers (less the deleted rows each file holds), and a page reads only the month or
//! months it falls in, only their row groups that can hold it, and then only its own rows.
//! Why this way: docs/decisions.md, "Issue 18: the customer list at ten million rows".

use std::collections::HashMap;
use std::fs::File;
use std::sync::{Arc, Mutex};

use duckdb::arrow::array::StructArray;
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReaderBuilder, RowSelection, RowSelector,
};
use parquet::file::metadata::PageIndexPolicy;
use parquet::file::statistics::Statistics;

use super::decode::decode;
use super::keys;
use super::{COLUMNS, ViewingRow};
use crate::paths::{LakePath, parse_files};
use crate::{Dataset, Error, Lake, Month, Result, Snapshot};

/// What the list keeps between calls: each file's footer (files never change once written)
/// and the index of the last snapshot listed.
#[derive(Default)]
pub(crate) struct ListCache {
    footers: Mutex<HashMap<String, Arc<Footer>>>,
    index: Mutex<Option<Arc<ListIndex>>>,
}

/// A file's Parquet footer, read once, and its row groups' sizes and air-time ranges.
struct Footer {
    meta: ArrowReaderMetadata,
    groups: Vec<Group>,
}

/// One row group: its rows and the least and greatest air time (µs) its statistics record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Group {
    pub(super) rows: u64,
    pub(super) min: Option<i64>,
    pub(super) max: Option<i64>,
}

/// What planning a page needs to know of a file: its row groups and how many of its rows are
/// deleted.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct FileStats {
    pub(super) groups: Vec<Group>,
    pub(super) gone: u64,
}

impl FileStats {
    fn live(&self) -> u64 {
        self.groups.iter().map(|g| g.rows).sum::<u64>() - self.gone
    }
}

/// A snapshot as the list sees it, kept until the snapshot changes.
struct ListIndex {
    files: Vec<String>,
    /// Sorted.
    deleted: Vec<i64>,
    paths: Vec<LakePath>,
    footers: Vec<Arc<Footer>>,
    stats: Vec<FileStats>,
    /// The files of each month, newest month first.
    months: Vec<Vec<usize>>,
}

/// Where a page's rows are: the files to read (of the months the page falls in), how many of
/// their live rows come before it, and an air time every row of the page reaches.
#[derive(Debug, PartialEq)]
pub(super) struct Plan {
    pub(super) files: Vec<usize>,
    pub(super) offset: u64,
    pub(super) since: Option<i64>,
}

impl Lake {
    /// One page of every live row, newest first, and their count: the unfiltered
    /// [`Lake::viewing_page`].
    pub(super) fn viewing_page_unfiltered(
        &self,
        snapshot: &Snapshot,
        page: u64,
        limit: u64,
    ) -> Result<(Vec<ViewingRow>, u64)> {
        let Some(index) = self.list_index(snapshot)? else { return Ok((Vec::new(), 0)) };
        let total: u64 = index.stats.iter().map(FileStats::live).sum();
        let offset = page.saturating_sub(1).saturating_mul(limit);
        let Some(plan) = plan(&index.months, &index.stats, offset, limit) else { return Ok((Vec::new(), total)) };
        let keys = self.page_keys(&index, &plan, limit)?;
        // Each file's rows of the page, read in file order, then put in list order.
        let mut by_file: HashMap<usize, Vec<(u64, usize)>> = HashMap::new();
        for (at, &(file, row, _)) in keys.iter().enumerate() {
            by_file.entry(file).or_default().push((row, at));
        }
        let mut placed: Vec<Option<ViewingRow>> = vec![None; keys.len()];
        for (file, mut wanted) in by_file {
            wanted.sort_unstable();
            let rows: Vec<u64> = wanted.iter().map(|&(row, _)| row).collect();
            let read = self.read_rows(&index.paths[file], &index.footers[file], &rows)?;
            for ((_, at), row) in wanted.into_iter().zip(read) {
                if row.id != keys[at].2 {
                    return Err(Error::Caller(format!("{} changed under the list", index.paths[file].rel)));
                }
                placed[at] = Some(row);
            }
        }
        let rows = placed.into_iter().collect::<Option<Vec<_>>>();
        let rows = rows.ok_or_else(|| Error::Caller("a listed row was not read back".into()))?;
        Ok((rows, total))
    }

    /// The page's rows as (file, row number in the file, id), in list order: the merge of the
    /// planned files' keys from the row groups that reach `plan.since`.
    fn page_keys(&self, index: &ListIndex, plan: &Plan, limit: u64) -> Result<Vec<(usize, u64, i64)>> {
        let runs = plan
            .files
            .iter()
            .map(|&f| {
                let (path, footer) = (&index.paths[f], &index.footers[f]);
                let abs = self.abs(path);
                let file = File::open(&abs).map_err(Error::io(&abs))?;
                keys::read_keys(file, &footer.meta, &footer.groups, plan.since, &path.rel)
            })
            .collect::<Result<Vec<_>>>()?;
        let page = keys::merge_page(&runs, &index.deleted, plan.offset, limit);
        Ok(page.into_iter().map(|(r, row, id)| (plan.files[r], row, id)).collect())
    }

    /// Rows `rows` (ascending row numbers) of one file, whole, read from only the row groups
    /// that hold them and, within those, the pages that do.
    fn read_rows(&self, path: &LakePath, footer: &Footer, rows: &[u64]) -> Result<Vec<ViewingRow>> {
        let mut starts = Vec::with_capacity(footer.groups.len());
        let mut start = 0;
        for g in &footer.groups {
            starts.push(start);
            start += g.rows;
        }
        let group_of = |row: u64| starts.partition_point(|&s| s <= row) - 1;
        let mut groups: Vec<usize> = rows.iter().map(|&r| group_of(r)).collect();
        groups.dedup();
        // The selection counts rows of the chosen groups only, one after the other.
        let mut selectors = Vec::new();
        let (mut read_to, mut before) = (0, 0);
        for &g in &groups {
            for &row in rows.iter().filter(|&&r| group_of(r) == g) {
                let at = before + row - starts[g];
                if at > read_to {
                    selectors.push(RowSelector::skip((at - read_to) as usize));
                }
                selectors.push(RowSelector::select(1));
                read_to = at + 1;
            }
            before += footer.groups[g].rows;
        }
        if before > read_to {
            selectors.push(RowSelector::skip((before - read_to) as usize));
        }
        let abs = self.abs(path);
        let file = File::open(&abs).map_err(Error::io(&abs))?;
        let schema = footer.meta.schema().clone();
        let order = COLUMNS.iter().map(|(name, _)| schema.index_of(name)).collect::<Result<Vec<_>, _>>()?;
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, footer.meta.clone())
            .with_row_groups(groups)
            .with_row_selection(RowSelection::from(selectors))
            .with_batch_size(rows.len().max(1))
            .build()?;
        let mut out = Vec::with_capacity(rows.len());
        for batch in reader {
            decode(&StructArray::from(batch?.project(&order)?), &mut out)?;
        }
        Ok(out)
    }

    /// The snapshot's list index: kept while the snapshot stays the same. `None` when the
    /// snapshot has no files.
    fn list_index(&self, snapshot: &Snapshot) -> Result<Option<Arc<ListIndex>>> {
        let Some((dataset, paths)) = parse_files(&snapshot.files)? else { return Ok(None) };
        if dataset != Dataset::Viewing {
            return Err(Error::Caller(format!("a viewing query got {dataset} files")));
        }
        // The manifest answers the deleted ids in no set order: they are kept sorted.
        let mut deleted = snapshot.deleted.clone();
        deleted.sort_unstable();
        let kept = self.list_cache().index.lock().expect("list index lock").clone();
        if let Some(index) = kept.as_ref().filter(|i| i.files == snapshot.files && i.deleted == deleted) {
            return Ok(Some(index.clone()));
        }
        let footers = paths.iter().map(|p| self.footer(p)).collect::<Result<Vec<_>>>()?;
        // A file's deleted rows depend only on the file and the deleted ids: when the ids are
        // the ones of the kept index, only files new since then are counted.
        let mut gone = vec![0; paths.len()];
        let mut fresh = Vec::new();
        for (i, p) in paths.iter().enumerate() {
            let known = kept.as_ref().filter(|k| k.deleted == deleted).and_then(|k| {
                k.files.iter().position(|f| *f == p.rel).map(|j| k.stats[j].gone)
            });
            match known {
                Some(n) => gone[i] = n,
                None if !snapshot.deleted.is_empty() => fresh.push(i),
                None => {}
            }
        }
        if !fresh.is_empty() {
            let counts = self.deleted_per_file(&paths, &fresh, &snapshot.deleted)?;
            for (i, n) in fresh.into_iter().zip(counts) {
                gone[i] = n;
            }
        }
        let stats = footers.iter().zip(gone).map(|(f, gone)| FileStats { groups: f.groups.clone(), gone }).collect();
        let mut by_month: Vec<(Month, usize)> = paths.iter().enumerate().map(|(i, p)| (p.month, i)).collect();
        by_month.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let months = by_month.chunk_by(|a, b| a.0 == b.0).map(|m| m.iter().map(|&(_, i)| i).collect()).collect();
        let index = Arc::new(ListIndex {
            files: snapshot.files.clone(),
            deleted,
            paths,
            footers,
            stats,
            months,
        });
        *self.list_cache().index.lock().expect("list index lock") = Some(index.clone());
        // Footers of files no longer listed are dropped with them.
        self.list_cache().footers.lock().expect("footer cache lock").retain(|rel, _| index.files.contains(rel));
        Ok(Some(index))
    }

    /// How many of `deleted` each of the files `which` holds, in that order.
    fn deleted_per_file(&self, paths: &[LakePath], which: &[usize], deleted: &[i64]) -> Result<Vec<u64>> {
        let conn = self.conn()?;
        let files: Vec<LakePath> = which.iter().map(|&i| paths[i].clone()).collect();
        let skip = self.bind_deleted(&conn, Dataset::Viewing, deleted)?;
        // The join that leaves deleted rows out, turned into the one that keeps only them.
        let keep = skip.replacen("anti join", "semi join", 1);
        let sql = format!("select v.filename, count(*) from {KEYED_SOURCE} v {keep} group by v.filename");
        let mut stmt = conn.prepare(&sql)?;
        let counts: HashMap<String, i64> =
            stmt.query_map([self.file_list(&files)], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
        Ok(files.iter().map(|f| counts.get(&self.abs(f).display().to_string()).copied().unwrap_or(0) as u64).collect())
    }

    /// A file's footer, read on first use.
    fn footer(&self, path: &LakePath) -> Result<Arc<Footer>> {
        if let Some(f) = self.list_cache().footers.lock().expect("footer cache lock").get(&path.rel) {
            return Ok(f.clone());
        }
        let abs = self.abs(path);
        let file = File::open(&abs).map_err(Error::io(&abs))?;
        // The page index lets a read of a few rows skip the pages around them.
        let meta = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new().with_page_index_policy(PageIndexPolicy::Optional))?;
        let parquet = meta.metadata();
        let air_time = parquet.file_metadata().schema_descr().columns().iter().position(|c| c.name() == "air_time");
        let groups = parquet
            .row_groups()
            .iter()
            .map(|rg| {
                let stats = air_time.and_then(|c| rg.column(c).statistics());
                let (min, max) = match stats {
                    Some(Statistics::Int64(s)) => (s.min_opt().copied(), s.max_opt().copied()),
                    _ => (None, None),
                };
                Group { rows: rg.num_rows() as u64, min, max }
            })
            .collect();
        let footer = Arc::new(Footer { meta, groups });
        self.list_cache().footers.lock().expect("footer cache lock").insert(path.rel.clone(), footer.clone());
        Ok(footer)
    }
}

/// The lake's files with each row's file name and row number in it.
const KEYED_SOURCE: &str = "read_parquet(string_split(?, chr(10)), hive_partitioning = false, \
                            filename = true, file_row_number = true)";

/// Plans the page of `limit` rows after `offset` live rows, over `months` (newest first, each
/// its files) of files `stats`. `None` when the offset is past the last row.
///
/// Every file is sorted by air time and all of a month's rows are in its files, so whole
/// months before the page are skipped by their counts. Within the months left, the `need`
/// newest live rows all air at or after `since`: the row groups whose least air time is
/// `since` or later hold at least `need` rows even if every deleted row were among them.
pub(super) fn plan(months: &[Vec<usize>], stats: &[FileStats], offset: u64, limit: u64) -> Option<Plan> {
    let live = |files: &[usize]| files.iter().map(|&f| stats[f].live()).sum::<u64>();
    let mut skip = offset;
    let first = months.iter().position(|m| {
        let n = live(m);
        if skip < n {
            return true;
        }
        skip -= n;
        false
    })?;
    let need = skip + limit;
    let (mut files, mut have) = (Vec::new(), 0);
    for month in &months[first..] {
        files.extend_from_slice(month);
        have += live(month);
        if have >= need {
            break;
        }
    }
    let gone: u64 = files.iter().map(|&f| stats[f].gone).sum();
    let mut mins: Vec<(i64, u64)> =
        files.iter().flat_map(|&f| stats[f].groups.iter().filter_map(|g| Some((g.min?, g.rows)))).collect();
    mins.sort_unstable_by_key(|&(min, _)| std::cmp::Reverse(min));
    let mut sure = 0;
    let since = mins.into_iter().find_map(|(min, rows)| {
        sure += rows;
        (sure >= need + gone).then_some(min)
    });
    // A file whose every row group ends before `since` holds none of the page.
    if let Some(t) = since {
        files.retain(|&f| stats[f].groups.iter().any(|g| g.max.is_none_or(|max| max >= t)));
    }
    Some(Plan { files, offset: skip, since })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(groups: &[(u64, i64, i64)], gone: u64) -> FileStats {
        FileStats { groups: groups.iter().map(|&(rows, min, max)| Group { rows, min: Some(min), max: Some(max) }).collect(), gone }
    }

    #[test]
    fn a_page_reads_the_months_it_falls_in_and_the_row_groups_that_can_hold_it() {
        // March: two batches of two row groups each; February: one file of one row group.
        let stats = vec![
            file(&[(100, 300, 349), (100, 350, 399)], 0),
            file(&[(100, 305, 355), (100, 356, 398)], 10),
            file(&[(150, 200, 299)], 5),
        ];
        let months = vec![vec![0, 1], vec![2]];
        // The first page: the newest group holds enough rows even if the 10 deleted are in it.
        assert_eq!(plan(&months, &stats, 0, 50), Some(Plan { files: vec![0, 1], offset: 0, since: Some(356) }));
        // With them it might not: the next newest group is needed too.
        assert_eq!(plan(&months, &stats, 0, 95), Some(Plan { files: vec![0, 1], offset: 0, since: Some(350) }));
        assert_eq!(plan(&months, &stats, 195, 20), Some(Plan { files: vec![0, 1], offset: 195, since: Some(305) }));
        // Past March's 390 live rows the page lies in February alone.
        assert_eq!(plan(&months, &stats, 400, 20), Some(Plan { files: vec![2], offset: 10, since: Some(200) }));
        // Across the month boundary: both months.
        assert_eq!(plan(&months, &stats, 380, 20), Some(Plan { files: vec![0, 1, 2], offset: 380, since: Some(200) }));
        assert_eq!(plan(&months, &stats, 535, 20), None);
        assert_eq!(plan(&months, &stats, 534, 20).map(|p| p.offset), Some(144));
    }

    #[test]
    fn row_groups_without_statistics_are_always_read() {
        let mut stats = vec![file(&[(100, 10, 20)], 0), file(&[(100, 15, 25)], 0)];
        stats[1].groups[0] = Group { rows: 100, min: None, max: None };
        let plan = plan(&[vec![0, 1]], &stats, 0, 10).unwrap();
        assert_eq!(plan, Plan { files: vec![0, 1], offset: 0, since: Some(10) });
        // With no statistics at all, no air time bounds the page.
        assert_eq!(super::plan(&[vec![1]], &stats, 0, 10), Some(Plan { files: vec![1], offset: 0, since: None }));
    }
}
