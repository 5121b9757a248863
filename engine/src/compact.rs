//! Compaction: rewriting a set of files into one sorted file per month, without the deleted
//! rows. The caller swaps the manifest to the new files in one transaction and only then
//! removes the old ones, so a reader always sees one complete state.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use duckdb::ToSql;

use crate::lake::PARQUET_SOURCE;
use crate::paths::{LakePath, parse_files};
use crate::viewing::select_list;
use crate::{Dataset, Error, Lake, LakeFile, Result, Snapshot};

impl Lake {
    /// Rewrites the snapshot's files of `dataset` into new files, one per month, sorted as
    /// at ingest and without the snapshot's deleted rows. A month whose rows are all deleted
    /// gets no file. The old files stay until the caller removes them. Viewing rollups are not
    /// compacted: the caller rebuilds them from the new viewing files ([`Lake::viewing_rollup`]).
    pub fn compact(&self, snapshot: &Snapshot, dataset: Dataset) -> Result<Vec<LakeFile>> {
        if dataset == Dataset::ViewingDaily {
            return Err(Error::Caller("viewing rollups are rebuilt with their viewing files".into()));
        }
        let Some((found, files)) = parse_files(&snapshot.files)? else { return Ok(Vec::new()) };
        if found != dataset {
            return Err(Error::Caller(format!("compacting {dataset} got {found} files")));
        }
        let mut by_month: BTreeMap<_, Vec<LakePath>> = BTreeMap::new();
        for file in files {
            by_month.entry(file.month).or_default().push(file);
        }
        let conn = self.conn()?;
        let skip = self.bind_deleted(&conn, dataset, &snapshot.deleted)?;
        let (query, time) = rewrite(dataset, skip);
        let stem = fresh_stem();
        self.all_or_nothing(|out| {
            for (month, files) in by_month {
                let list = self.file_list(&files);
                let params: [&dyn ToSql; 1] = [&list];
                out.extend(self.copy_to_file(&conn, (dataset, month, &stem), &query, &params, time)?);
            }
            Ok(())
        })
    }
}

/// The query that rewrites files of a dataset (reading [`PARQUET_SOURCE`] as `v`, `skip`
/// leaving out deleted rows) and the column the manifest's time range comes from.
fn rewrite(dataset: Dataset, skip: &str) -> (String, &'static str) {
    match dataset {
        // GRP rewritten as it is kept (files written before it was rounded have more decimals).
        Dataset::Viewing => {
            let columns = select_list("v.").replace("v.\"grp\"", &format!("{} as grp", crate::grp::kept_sql("v.grp")));
            (format!("select {columns} from {PARQUET_SOURCE} v {skip} order by air_time, id"), "air_time")
        }
        Dataset::Ratings => (
            format!(
                "select channel, audience_group, ts, rating from {PARQUET_SOURCE} v \
                 order by channel, audience_group, ts"
            ),
            "ts",
        ),
        // Rollups of several batches may hold the same channel, group and day: merge them.
        Dataset::RatingsDaily => (
            format!(
                "select channel, audience_group, day, sum(n)::bigint as n, sum(sum) as sum, \
                 min(min) as min, max(max) as max from {PARQUET_SOURCE} v \
                 group by channel, audience_group, day order by channel, audience_group, day"
            ),
            "day",
        ),
        Dataset::ViewingDaily => unreachable!("refused by compact"),
        Dataset::Certificates => (
            format!(
                "select {} from {PARQUET_SOURCE} v {skip} order by ymd, secs, id",
                crate::certificates::select_list("v.")
            ),
            "air_time",
        ),
    }
}

/// A name for files that belong to no single batch: `c<microseconds>_<counter>-0`, never
/// the same twice in a process (and publishing refuses to replace a file anyway).
fn fresh_stem() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let now = chrono::Utc::now().timestamp_micros();
    format!("c{now}_{}-0", NEXT.fetch_add(1, Ordering::Relaxed))
}
