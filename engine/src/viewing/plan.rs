//! Which spans of the lake's files a page of the list can fall in, from their counts and air
//! time bounds alone (docs/decisions.md "The customer list at ten million rows").

/// A span as planning sees it: how many of its rows the list holds (live, and in the day
/// range if there is one) and the least and greatest air time of its rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Extent {
    pub(super) count: u64,
    pub(super) min: i64,
    pub(super) max: i64,
}

/// Where a page's rows are.
#[derive(Debug, PartialEq)]
pub(super) struct Plan {
    /// The extents to read, ascending.
    pub(super) read: Vec<usize>,
    /// Every row of the page airs at or before this...
    pub(super) upper: i64,
    /// ...and the extents not read for being wholly later hold this many listed rows.
    pub(super) before: u64,
}

/// Plans the page of `limit` rows after `offset` of the list (newest first) over `extents`.
/// `None` when the page is empty.
///
/// Above: the extents reaching past `upper` hold at most `offset` rows, so no row of the page
/// airs after `upper`, and the extents starting after it lie wholly before the page: they are
/// skipped and only counted. Below: the extents starting at `since` or later hold the
/// `offset + limit` newest rows, so the extents ending before `since` lie wholly after the
/// page. Extents holding no listed row are never read.
pub(super) fn plan(extents: &[Extent], offset: u64, limit: u64) -> Option<Plan> {
    let total: u64 = extents.iter().map(|e| e.count).sum();
    if limit == 0 || offset >= total {
        return None;
    }
    let need = (offset + limit).min(total);
    let mut held: Vec<&Extent> = extents.iter().filter(|e| e.count > 0).collect();
    held.sort_unstable_by_key(|e| std::cmp::Reverse(e.max));
    // The least `upper` whose later extents hold no more than `offset` rows: walk the ends
    // down, a run of equal ends at a time.
    let (mut upper, mut later) = (i64::MAX, 0);
    for run in held.chunk_by(|a, b| a.max == b.max) {
        if later > offset {
            break;
        }
        upper = run[0].max;
        later += run.iter().map(|e| e.count).sum::<u64>();
    }
    held.sort_unstable_by_key(|e| std::cmp::Reverse(e.min));
    let mut newest = 0;
    let since = held
        .iter()
        .find(|e| {
            newest += e.count;
            newest >= need
        })
        .map_or(i64::MIN, |e| e.min);
    let read = (0..extents.len())
        .filter(|&i| extents[i].count > 0 && extents[i].min <= upper && extents[i].max >= since)
        .collect();
    let before = extents.iter().filter(|e| e.min > upper).map(|e| e.count).sum();
    Some(Plan { read, upper, before })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extents(list: &[(u64, i64, i64)]) -> Vec<Extent> {
        list.iter().map(|&(count, min, max)| Extent { count, min, max }).collect()
    }

    #[test]
    fn a_page_reads_the_extents_around_it_and_counts_the_later_ones() {
        // One file of four spans end to end (as after compaction), 100 rows each.
        let one = extents(&[(100, 0, 99), (100, 100, 199), (100, 200, 299), (100, 300, 399)]);
        assert_eq!(plan(&one, 0, 10), Some(Plan { read: vec![3], upper: 399, before: 0 }));
        // Deep pages: the later spans are counted, not read.
        assert_eq!(plan(&one, 150, 10), Some(Plan { read: vec![2], upper: 299, before: 100 }));
        assert_eq!(plan(&one, 390, 20), Some(Plan { read: vec![0], upper: 99, before: 300 }));
        // A page across a span boundary reads both sides.
        assert_eq!(plan(&one, 195, 10), Some(Plan { read: vec![1, 2], upper: 299, before: 100 }));
        // A page starting right at a boundary needs only the span below it.
        assert_eq!(plan(&one, 200, 100), Some(Plan { read: vec![1], upper: 199, before: 200 }));
        assert_eq!(plan(&one, 400, 1), None);
        assert_eq!(plan(&one, 0, 0), None);
    }

    #[test]
    fn overlapping_spans_and_ties_on_a_bound_are_read_together() {
        // Two files over the same times; the second's first span ends where the first's
        // second starts.
        let two = extents(&[(100, 0, 99), (100, 100, 199), (50, 0, 100), (50, 101, 199)]);
        // 150 rows reach past 100 (the spans ending at 199): the page's rows may air at 199.
        assert_eq!(plan(&two, 0, 10), Some(Plan { read: vec![1, 3], upper: 199, before: 0 }));
        // Past them, no row of the page airs after 100: the span starting at 101 is only
        // counted, the one starting at 100 may tie with the page and is read.
        assert_eq!(plan(&two, 160, 10), Some(Plan { read: vec![0, 1, 2], upper: 100, before: 50 }));
        assert_eq!(plan(&two, 149, 10), Some(Plan { read: vec![0, 1, 2, 3], upper: 199, before: 0 }));
    }

    #[test]
    fn spans_without_rows_or_bounds() {
        // Empty spans (all deleted, or outside a day range) are neither read nor counted;
        // spans of unknown bounds reach every time and are always read.
        let odd = extents(&[(0, 0, 99), (100, 100, 199), (10, i64::MIN, i64::MAX), (100, 200, 299)]);
        assert_eq!(plan(&odd, 0, 10), Some(Plan { read: vec![2, 3], upper: i64::MAX, before: 0 }));
        assert_eq!(plan(&odd, 150, 10), Some(Plan { read: vec![1, 2], upper: 199, before: 100 }));
        assert_eq!(plan(&odd, 205, 10), Some(Plan { read: vec![1, 2], upper: 199, before: 100 }));
    }
}
