//! GRP kept exactly. A spot's GRP (毛评点) is a rating in points; the lake keeps it to
//! [`DECIMALS`] decimals and every sum of GRP is an integer count of ten-thousandths of a point
//! ([`Units`]), so a sum is the same whatever order the rows are added in — on one thread or
//! many, in one process or another, before or after a compaction. A floating-point sum is not:
//! the same rows added in another order can differ in the last bit and round to another third
//! decimal. Sums are shown to 3 decimals by [`shown3`], rounding the exact integer.

/// Decimals a GRP is kept to.
pub const DECIMALS: u32 = 4;

/// Units in one rating point.
pub const PER_POINT: i64 = 10_i64.pow(DECIMALS);

/// A GRP or a sum of GRP, in ten-thousandths of a point.
pub type Units = i64;

/// `grp` in units, rounded half away from zero: how a GRP is kept.
pub fn units(grp: f64) -> Units {
    (grp * PER_POINT as f64).round() as Units
}

/// The GRP of `units` (exact for any sum below 2^53 units, ~9 × 10^11 points).
pub fn of_units(units: Units) -> f64 {
    units as f64 / PER_POINT as f64
}

/// `grp` as it is kept: rounded to [`DECIMALS`] decimals.
pub fn kept(grp: f64) -> f64 {
    of_units(units(grp)) + 0.0
}

/// The exact sum of GRPs, each as it is kept.
pub fn sum(grps: impl IntoIterator<Item = f64>) -> Units {
    grps.into_iter().map(units).sum()
}

/// `units` shown to 3 decimals, halves away from zero, rounded on the integer: 1.2345 is
/// 1.235 (a float rounding of 1.2345 × 1000 could give 1.234).
pub fn shown3(units: Units) -> f64 {
    let step = PER_POINT / 1_000;
    let thousandths = (units.abs() + step / 2) / step * units.signum();
    thousandths as f64 / 1_000.0 + 0.0
}

/// The mean GRP of `n` spots whose GRP sums to `units`, shown to 3 decimals: the exact ratio
/// rounded on integers, halves away from zero. `None` without spots.
pub fn mean3(units: Units, n: i64) -> Option<f64> {
    if n == 0 {
        return None;
    }
    // thousandths = units / (n × 10), rounded: (2|u| + d) div 2d, then the sign.
    let (num, den) = (i128::from(units) * i128::from(n.signum()), i128::from(n.abs()) * i128::from(PER_POINT / 1_000));
    let thousandths = (2 * num.abs() + den) / (2 * den) * num.signum();
    Some(thousandths as f64 / 1_000.0 + 0.0)
}

/// The SQL expression of a column's GRP in units, for sums that DuckDB computes exactly
/// (`sum` of integers is exact in any order). `column` comes from the engine's own names,
/// never from input.
pub fn units_sql(column: &str) -> String {
    format!("cast(round({column} * {PER_POINT}) as bigint)")
}

/// The SQL expression of a column's GRP as it is kept ([`kept`], the same double): what a
/// rewrite of stored rows writes. `column` comes from the engine's own names.
pub fn kept_sql(column: &str) -> String {
    format!("({}::double / {PER_POINT})", units_sql(column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_the_same_in_any_order() {
        // Floats: 0.1 + 0.2 + 0.3 and 0.3 + 0.2 + 0.1 differ in the last bit; units don't.
        let a = [0.1, 0.2, 0.3];
        let b = [0.3, 0.2, 0.1];
        assert_ne!(a.iter().sum::<f64>(), b.iter().sum::<f64>());
        assert_eq!(sum(a), sum(b));
        assert_eq!(of_units(sum(a)), 0.6);
        assert_eq!(sum([1_234.5678, 0.0001, 0.1]), 12_346_679);
    }

    #[test]
    fn grp_is_kept_to_four_decimals_halves_away_from_zero() {
        assert_eq!(units(2.5), 25_000);
        assert_eq!(units(0.00005), 1);
        assert_eq!(units(0.000049), 0);
        assert_eq!(kept(1.23456), 1.2346);
        assert_eq!(kept(-0.00001), 0.0);
        assert!(kept(-0.00001).is_sign_positive());
    }

    #[test]
    fn shown_to_three_decimals_on_the_integer() {
        // 3838.7686 → 3838.769; 1.2345 → 1.235 (float rounding of 1234.4999… would say 1.234).
        assert_eq!(shown3(38_387_686), 3_838.769);
        assert_eq!(shown3(12_345), 1.235);
        assert_eq!(shown3(12_344), 1.234);
        assert_eq!(shown3(-12_345), -1.235);
        assert_eq!(shown3(4), 0.0);
        assert!(shown3(-4).is_sign_positive());
    }

    #[test]
    fn a_mean_is_rounded_on_the_exact_ratio() {
        // 7.1355 / 5 = 1.4271 → 1.427; 3.7 / 2 = 1.85; 4.25 / 3 = 1.41666… → 1.417;
        // 8.25 / 4 = 2.0625 → 2.063 (a half, away from zero); 0.0005 / 1 → 0.001.
        assert_eq!(mean3(71_355, 5), Some(1.427));
        assert_eq!(mean3(37_000, 2), Some(1.85));
        assert_eq!(mean3(42_500, 3), Some(1.417));
        assert_eq!(mean3(82_500, 4), Some(2.063));
        assert_eq!(mean3(5, 1), Some(0.001));
        assert_eq!(mean3(-82_500, 4), Some(-2.063));
        assert_eq!(mean3(0, 3), Some(0.0));
        assert_eq!(mean3(10, 0), None);
    }
}
