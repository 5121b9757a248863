//! The order status (docs/evaluation.md, "Order status"): derived from facts the server
//! gathers, never set by a call. Status 2 (公司播出证明) comes from the certificate's months:
//! an order shows it while a month of its current certificate is due ([`certificate_month_due`]).

use chrono::{Months, NaiveDate};

/// A month of an order's current certificate, as the status sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CertificateMonthState {
    /// The month, as its first day.
    pub month: NaiveDate,
    pub confirmed: bool,
    /// A confirmation applied the month's current rows while the month was still running (so
    /// it verified the days so far and left the month open); a re-import or a correction of
    /// the month clears it.
    pub checked: bool,
}

/// Whether a month of the current certificate is *due*, i.e. awaits confirmation: it is not
/// confirmed, a day of it within the cycle has passed (its spots could have aired), and either
/// no confirmation has applied its current rows yet, or the month is over for the order (its
/// last day, or the cycle's last day, has passed) so confirming it now closes it. A month still
/// running whose rows were applied awaits nothing until it ends or new rows come in.
pub fn certificate_month_due(m: &CertificateMonthState, today: NaiveDate, cycle_start: NaiveDate, cycle_end: NaiveDate) -> bool {
    let first = m.month.max(cycle_start);
    if m.confirmed || first > last_day(m.month, cycle_end) || first >= today {
        return false;
    }
    !m.checked || certificate_month_over(m.month, today, cycle_end)
}

/// Whether a certificate month (its first day) is over for the order on `today`: its last
/// day, or the cycle's when that comes first, has passed. Confirming a month that is over
/// confirms it for good (read-only); confirming one still running verifies its days so far and
/// leaves it open. The preview says which months a confirmation closes by this rule.
pub fn certificate_month_over(month: NaiveDate, today: NaiveDate, cycle_end: NaiveDate) -> bool {
    last_day(month, cycle_end) < today
}

/// The month's last day within the cycle.
fn last_day(month: NaiveDate, cycle_end: NaiveDate) -> NaiveDate {
    let month_end = month.checked_add_months(Months::new(1)).and_then(|d| d.pred_opt()).unwrap_or(NaiveDate::MAX);
    month_end.min(cycle_end)
}

/// What an order's status is derived from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusFacts<'a> {
    pub today: NaiveDate,
    pub cycle_start: NaiveDate,
    pub cycle_end: NaiveDate,
    /// A schedule (order template) has been imported.
    pub has_schedule: bool,
    /// The months of the order's current certificate (none before an import).
    pub certificate: &'a [CertificateMonthState],
    /// A tape change within the cycle is scheduled and not yet executed.
    pub tape_change_pending: bool,
    /// Some month of the cycle lacks certificate or viewing data.
    pub data_missing: bool,
}

impl StatusFacts<'_> {
    /// Some month of the current certificate is due.
    pub fn certificate_due(&self) -> bool {
        self.certificate.iter().any(|m| certificate_month_due(m, self.today, self.cycle_start, self.cycle_end))
    }
}

/// The order status 1–7, the first that applies (docs/evaluation.md, "Order status").
pub fn order_status(f: &StatusFacts) -> i16 {
    if !f.has_schedule {
        1
    } else if f.certificate_due() {
        2
    } else if f.tape_change_pending {
        5
    } else if f.today < f.cycle_start {
        3
    } else if f.today <= f.cycle_end {
        4
    } else if f.data_missing {
        6
    } else {
        7
    }
}

/// The label of an order status.
pub fn status_label(status: i16) -> &'static str {
    match status {
        1 => "待创建订单",
        2 => "公司播出证明",
        3 => "待开播",
        4 => "播出中",
        5 => "待换版",
        6 => "已完结（数据缺失）",
        7 => "已完结",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn month(m: u32, confirmed: bool, checked: bool) -> CertificateMonthState {
        CertificateMonthState { month: d(2026, m, 1), confirmed, checked }
    }

    #[test]
    fn a_month_is_due_while_days_of_it_have_passed_unconfirmed_and_unchecked_or_it_is_over() {
        // The cycle runs 10 January to 20 April 2026; today is 15 March unless said.
        let cycle = (d(2026, 1, 10), d(2026, 4, 20));
        let today = d(2026, 3, 15);
        let table = [
            (month(1, false, false), today, true),
            (month(1, true, false), today, false),
            // Over and applied while it ran: confirming now closes it.
            (month(2, false, true), today, true),
            // Running, not applied yet: due; applied: nothing awaits until it ends.
            (month(3, false, false), today, true),
            (month(3, false, true), today, false),
            (month(3, false, true), d(2026, 4, 1), true),
            // No day of it in the cycle has passed.
            (month(4, false, false), today, false),
            (month(1, false, false), d(2026, 1, 10), false),
            (month(1, false, false), d(2026, 1, 11), true),
            // Outside the cycle (it was shortened after the import).
            (CertificateMonthState { month: d(2025, 12, 1), confirmed: false, checked: false }, today, false),
            (month(5, false, false), d(2026, 6, 1), false),
        ];
        for (m, today, due) in table {
            assert_eq!(certificate_month_due(&m, today, cycle.0, cycle.1), due, "{m:?} on {today}");
        }
        // A month that ends with the cycle is over once the cycle's last day has passed.
        let checked = month(3, false, true);
        assert!(!certificate_month_due(&checked, d(2026, 3, 14), d(2026, 3, 1), d(2026, 3, 14)));
        assert!(certificate_month_due(&checked, d(2026, 3, 15), d(2026, 3, 1), d(2026, 3, 14)));
    }

    #[test]
    fn a_month_is_over_once_its_last_day_or_the_cycles_has_passed() {
        let (march, cycle_end) = (d(2026, 3, 1), d(2026, 4, 20));
        // March's last day is the 31st: on it the month still runs, the day after it is over.
        assert!(!certificate_month_over(march, d(2026, 3, 31), cycle_end));
        assert!(certificate_month_over(march, d(2026, 4, 1), cycle_end));
        // A cycle ending on the 14th ends the month for the order on the 15th.
        assert!(!certificate_month_over(march, d(2026, 3, 14), d(2026, 3, 14)));
        assert!(certificate_month_over(march, d(2026, 3, 15), d(2026, 3, 14)));
        // February of a common year ends on the 28th.
        assert!(certificate_month_over(d(2026, 2, 1), d(2026, 3, 1), cycle_end));
    }

    #[test]
    fn status_is_the_first_that_applies() {
        let due = [month(3, false, false)];
        let confirmed = [month(3, true, false)];
        let base = StatusFacts {
            today: d(2026, 3, 15),
            cycle_start: d(2026, 3, 1),
            cycle_end: d(2026, 3, 31),
            has_schedule: true,
            certificate: &[],
            tape_change_pending: false,
            data_missing: false,
        };
        let table = [
            (StatusFacts { has_schedule: false, certificate: &due, ..base }, 1),
            (StatusFacts { certificate: &due, tape_change_pending: true, ..base }, 2),
            (StatusFacts { certificate: &confirmed, tape_change_pending: true, ..base }, 5),
            (StatusFacts { tape_change_pending: true, today: d(2026, 2, 1), ..base }, 5),
            (StatusFacts { today: d(2026, 2, 28), ..base }, 3),
            (StatusFacts { today: d(2026, 3, 1), ..base }, 4),
            (StatusFacts { today: d(2026, 3, 1), certificate: &due, ..base }, 4),
            (StatusFacts { certificate: &confirmed, ..base }, 4),
            (StatusFacts { today: d(2026, 3, 31), data_missing: true, ..base }, 4),
            (StatusFacts { today: d(2026, 4, 1), data_missing: true, ..base }, 6),
            (StatusFacts { today: d(2026, 4, 1), certificate: &due, ..base }, 2),
            (StatusFacts { today: d(2026, 4, 1), certificate: &confirmed, ..base }, 7),
            (StatusFacts { today: d(2026, 4, 1), ..base }, 7),
        ];
        for (facts, status) in table {
            assert_eq!(order_status(&facts), status, "{facts:?}");
        }
        assert_eq!((1..=7).map(status_label).filter(|l| !l.is_empty()).count(), 7);
    }
}
