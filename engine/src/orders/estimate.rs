//! Viewing estimates as pure functions (docs/evaluation.md, "Viewing estimates"): the
//! statistics of a class's per-day values, and the windows of a class as the lake queries
//! them.

use super::{Estimate, Triple};

/// A time window of a class: `(class id, start, end)` in broadcast-day seconds, end excluded.
pub type ClassWindow = (i64, i32, i32);

/// Normal = mean, low = 20th and high = 80th percentile (linear interpolation between the
/// closest ranks, as numpy's default and DuckDB's `quantile_cont`) of `values`, the per-day
/// values of the days that have samples. `None` without a value.
///
/// A mean can lie outside the 20th–80th percentile band when a few days stand far from the
/// rest (one day of 10 among four of 1: mean 2.8, p80 2.8; among nine of 0: mean 1, p80 0).
/// The three scenarios are ordered — low ≤ normal ≤ high, as an edit must be — so low is the
/// smaller of p20 and the mean, high the larger of p80 and the mean.
pub fn estimate_stats(values: &[f64]) -> Option<Estimate> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
    let (low, high) = (percentile(&sorted, 0.2), percentile(&sorted, 0.8));
    Some(Triple { normal: mean, low: low.min(mean), high: high.max(mean) })
}

/// The `q` quantile of sorted, non-empty `sorted`: the value at rank `q × (n − 1)`, between
/// the two closest ranks when that falls between them.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let rank = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (rank.floor() as usize, rank.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo as f64)
}

/// The windows as the queries take them: a period with start = end holds that one second
/// (so it becomes `[start, start + 1)`), and each class's windows are merged where they
/// overlap or touch, so a sample falls in at most one window of a class and is counted once.
/// Sorted by class and start.
pub fn class_windows(windows: &[ClassWindow]) -> Vec<ClassWindow> {
    let mut sorted: Vec<ClassWindow> = windows.iter().map(|&(c, s, e)| (c, s, e.max(s + 1))).collect();
    sorted.sort_unstable();
    let mut merged: Vec<ClassWindow> = Vec::with_capacity(sorted.len());
    for (class, start, end) in sorted {
        match merged.last_mut() {
            Some(last) if last.0 == class && start <= last.2 => last.2 = last.2.max(end),
            _ => merged.push((class, start, end)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn mean_and_percentiles_worked_by_hand() {
        // (values, mean, p20, p80). For [1, 2, 3, 4, 5]: rank 0.8 → 1.8, rank 3.2 → 4.2.
        // For [10, 20]: rank 0.2 → 12, rank 0.8 → 18. For [4, 1, 3, 2] sorted [1, 2, 3, 4]:
        // rank 0.6 → 1.6, rank 2.4 → 3.4. For [0.5, 0.5, 2.0]: rank 0.4 → 0.5, rank 1.6 → 1.4.
        let table: [(&[f64], f64, f64, f64); 5] = [
            (&[1.0, 2.0, 3.0, 4.0, 5.0], 3.0, 1.8, 4.2),
            (&[10.0, 20.0], 15.0, 12.0, 18.0),
            (&[4.0, 1.0, 3.0, 2.0], 2.5, 1.6, 3.4),
            (&[0.5, 0.5, 2.0], 1.0, 0.5, 1.4),
            (&[7.25], 7.25, 7.25, 7.25),
        ];
        for (values, mean, low, high) in table {
            let e = estimate_stats(values).unwrap();
            assert!(close(e.normal, mean) && close(e.low, low) && close(e.high, high), "{values:?}: {e:?}");
        }
        assert_eq!(estimate_stats(&[]), None);
    }

    #[test]
    fn the_scenarios_stay_ordered_when_the_mean_leaves_the_band() {
        // Nine days of 0 and one of 10: mean 1, p20 0, p80 0 (rank 7.2 between two zeros):
        // high is the mean. One day of 0 among nine of 10: mean 9, p20 = p80 = 10: low is the mean.
        let mut days = vec![0.0; 9];
        days.push(10.0);
        let e = estimate_stats(&days).unwrap();
        assert!(close(e.normal, 1.0) && close(e.low, 0.0) && close(e.high, 1.0), "{e:?}");
        let mut days = vec![10.0; 9];
        days.push(0.0);
        let e = estimate_stats(&days).unwrap();
        assert!(close(e.normal, 9.0) && close(e.low, 9.0) && close(e.high, 10.0), "{e:?}");
    }

    #[test]
    fn percentiles_of_28_days() {
        // 1..=28: rank 5.4 → 6.4, rank 21.6 → 22.6, mean 14.5.
        let days: Vec<f64> = (1..=28).rev().map(f64::from).collect();
        let e = estimate_stats(&days).unwrap();
        assert!(close(e.normal, 14.5) && close(e.low, 6.4) && close(e.high, 22.6), "{e:?}");
    }

    #[test]
    fn windows_merge_per_class_and_one_second_periods_hold_their_second() {
        let windows =
            [(2, 100, 200), (1, 0, 60), (1, 30, 90), (1, 90, 100), (1, 500, 500), (2, 150, 160), (1, 200, 300)];
        assert_eq!(
            class_windows(&windows),
            [(1, 0, 100), (1, 200, 300), (1, 500, 501), (2, 100, 200)],
            "overlapping and touching windows merge; other classes' don't"
        );
        assert!(class_windows(&[]).is_empty());
    }
}
