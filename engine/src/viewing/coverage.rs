//! How the viewing snapshot's files are read through the rollups, for every reader that sums
//! them (the dashboard, a page's issued totals): through a month rollup that covers the file,
//! else the file's twin, else raw; and which of the rolled-up files may hold a deleted row,
//! whose share is then subtracted.

use std::collections::HashSet;

use crate::paths::LakePath;

/// The viewing files split by how they are read.
pub(super) struct Coverage {
    /// Twins of files no month rollup covers (read in place of the files).
    pub twins: Vec<LakePath>,
    /// Files read through a rollup (a month rollup or a twin) that may hold a deleted row.
    pub deleted_in: Vec<LakePath>,
    /// Files without a rollup, read raw.
    pub uncovered: Vec<LakePath>,
}

/// Splits `files` given the viewing files the month rollups cover (`merged`) and the live
/// rollup files (`rolled`).
pub(super) fn coverage(files: Vec<LakePath>, merged: &HashSet<String>, rolled: &HashSet<String>, deleted: &[i64]) -> Coverage {
    let (mut twins, mut covered, mut uncovered) = (Vec::new(), Vec::new(), Vec::new());
    for file in files {
        let twin = file.rollup_twin();
        if merged.contains(&file.rel) {
            covered.push(file);
        } else if rolled.contains(&twin.rel) {
            twins.push(twin);
            covered.push(file);
        } else {
            uncovered.push(file);
        }
    }
    Coverage { twins, deleted_in: may_hold_deleted(covered, deleted), uncovered }
}

/// The files of `files` that may hold one of the `deleted` ids: a batch's own files hold only
/// ids of that batch (`batch << 32 | n`); compacted files may hold any.
pub(super) fn may_hold_deleted(mut files: Vec<LakePath>, deleted: &[i64]) -> Vec<LakePath> {
    if deleted.is_empty() {
        return Vec::new();
    }
    let batches: HashSet<i64> = deleted.iter().map(|id| id >> 32).collect();
    files.retain(|f| batch_of(f.stem()).is_none_or(|batch| batches.contains(&batch)));
    files
}

/// The batch of a batch file's name (`b<batch>-0`); `None` for compacted files.
fn batch_of(stem: &str) -> Option<i64> {
    stem.strip_prefix('b')?.strip_suffix("-0")?.parse().ok()
}
