//! Make-goods per month (docs/evaluation.md, "Make-goods"): the spots an order owes for the
//! ones a confirmed certificate found missing, under its make-good policy, the spots placed as
//! make-goods, and what is still outstanding, carried over from month to month.
//!
//! Pure: the grid hands over each month's cells, in month order.

use serde::Serialize;
use utoipa::ToSchema;

/// A month's make-goods.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct MakeGood {
    /// Missing spots of the month's checked cells × the policy's factor (无 0, 错一补一 1, 漏一补二 2).
    pub owed: i64,
    /// Spots placed as make-goods in the month (type B moves and adds), withdrawn ones excepted.
    pub scheduled: i64,
    /// Owed up to this month less scheduled up to this month, never below 0.
    pub outstanding: i64,
}

/// What one cell tells the make-goods.
#[derive(Clone, Copy, Debug)]
pub struct CellSpots {
    pub point: i32,
    pub aired: i32,
    /// Checked by a confirmed certificate: verified (isHe 2) or flagged (reasonDisappearance 1).
    pub checked: bool,
    pub withdrawn: bool,
    /// On a type B line.
    pub type_b: bool,
    /// Spots of it placed as make-goods.
    pub make_good: i32,
}

impl CellSpots {
    /// Spots planned that did not air, once a certificate checked the cell.
    pub fn missing(&self) -> i64 {
        if self.checked && !self.withdrawn { i64::from((self.point - self.aired).max(0)) } else { 0 }
    }

    /// Spots of it that count as placed make-goods: a make-good stays one while it is a planned
    /// type B spot (a cell changed to another type, withdrawn or cut below them counts less).
    pub fn placed(&self) -> i64 {
        if self.type_b && !self.withdrawn { i64::from(self.make_good.min(self.point).max(0)) } else { 0 }
    }
}

/// Spots owed per missing spot under `policy` (1 无, 2 错一补一, 3 漏一补二).
pub fn factor(policy: i16) -> i64 {
    match policy {
        2 => 1,
        3 => 2,
        _ => 0,
    }
}

/// The make-goods of each month, from its (missing, placed) spots in month order.
pub fn per_month(months: &[(i64, i64)], policy: i16) -> Vec<MakeGood> {
    let (mut owed_so_far, mut placed_so_far) = (0, 0);
    months
        .iter()
        .map(|&(missing, placed)| {
            let owed = missing * factor(policy);
            owed_so_far += owed;
            placed_so_far += placed;
            MakeGood { owed, scheduled: placed, outstanding: (owed_so_far - placed_so_far).max(0) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(point: i32, aired: i32, checked: bool, withdrawn: bool, type_b: bool, make_good: i32) -> CellSpots {
        CellSpots { point, aired, checked, withdrawn, type_b, make_good }
    }

    #[test]
    fn only_checked_cells_miss_spots_and_only_b_make_goods_are_placed() {
        assert_eq!(cell(3, 1, true, false, false, 0).missing(), 2);
        assert_eq!(cell(3, 1, false, false, false, 0).missing(), 0);
        assert_eq!(cell(3, 1, true, true, false, 0).missing(), 0);
        assert_eq!(cell(1, 1, true, false, false, 0).missing(), 0);
        assert_eq!(cell(2, 0, false, false, true, 2).placed(), 2);
        assert_eq!(cell(1, 0, false, false, true, 2).placed(), 1);
        assert_eq!(cell(2, 0, false, false, false, 2).placed(), 0);
        assert_eq!(cell(2, 0, false, true, true, 2).placed(), 0);
        // Imported B spots are contracted, not make-goods.
        assert_eq!(cell(5, 0, false, false, true, 0).placed(), 0);
    }

    #[test]
    fn outstanding_carries_over_months_under_each_policy() {
        // March misses 2 and places 1, April misses 1 and places 3, May places 2.
        let months = [(2, 1), (1, 3), (0, 2)];
        let mg = |owed, scheduled, outstanding| MakeGood { owed, scheduled, outstanding };
        assert_eq!(per_month(&months, 1), [mg(0, 1, 0), mg(0, 3, 0), mg(0, 2, 0)]);
        // 错一补一: owed 2, 1; running 2 − 1 = 1, 3 − 4 → 0, 3 − 6 → 0.
        assert_eq!(per_month(&months, 2), [mg(2, 1, 1), mg(1, 3, 0), mg(0, 2, 0)]);
        // 漏一补二: owed 4, 2; running 4 − 1 = 3, 6 − 4 = 2, 6 − 6 = 0.
        assert_eq!(per_month(&months, 3), [mg(4, 1, 3), mg(2, 3, 2), mg(0, 2, 0)]);
    }
}
