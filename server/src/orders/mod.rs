//! The orders domain (docs/evaluation.md): the rules of an order's life
//! that do not depend on how a call arrives. No HTTP framework in here: the handlers under
//! `routes/orders/` read arguments, call these functions and answer; the jobs call them too.
//!
//! - [`order`]: what an order's own fields are, and the order as stored.
//! - [`form`]: adding, editing and deleting an order, with the rules its fields follow.
//! - [`history`]: the versions of the order's fields an edit logs, and finding one to restore.
//! - [`proposals`]: adjustment proposals, added and settled.
//! - [`status`]: the order status, derived from what the database holds and stored.
//! - [`schedule`]: importing an order template into the order's schedule.
//! - [`tape_changes`]: scheduling, editing, removing and executing tape changes.
//! - [`log`]: the order log every change writes to.
//! - [`figures`]: the figures of many orders at once, from the lake's viewing rows.
//! - [`issued`]: the issued totals those figures start from, kept by lake manifest version.
//! - [`kept`]: values kept by lake version and computed once per version, whoever asks.
//! - [`pages`]: orderList's pages kept whole while the lake, the list's tables and the day hold.
//! - [`certificates`]: broadcast certificates: importing, comparing with the schedule,
//!   confirming in two steps, and correcting rows.
//! - [`summary`]: the summary dialog's reads: the month grid and its lookups.
//! - [`cells`]: the summary dialog's cell writes: modify, create, withdraw, reason, add
//!   spots, move missing spots (two steps), a verified cell's manual GRP, the assessment date.
//! - [`customer`]: customer data brought into an order (two steps) and the 正负三 upload's
//!   positions.
//! - [`reports`]: the evaluation exports, 评估结果 and 评估报告.
//! - [`estimates`]: viewing estimates per order and time-period class, their defaults from
//!   the rating series or the viewing rows, and their edits.
//! - [`drilldown`]: the rows behind every figure (figureRows and its export), whose sum is
//!   the figure.
//! - [`evaluation`]: the figures per month (orderSummaryList), the per-spot read every
//!   evaluation figure starts from, and the goal alerts.

pub mod cells;
pub mod certificates;
pub mod customer;
pub mod drilldown;
pub mod estimates;
pub mod evaluation;
pub mod figures;
pub mod form;
pub mod history;
pub mod issued;
pub mod kept;
pub mod log;
pub mod matching;
pub mod order;
pub mod pages;
pub mod proposals;
pub mod reports;
pub mod schedule;
pub mod status;
pub mod summary;
pub mod tape_changes;

use chrono::{Datelike, NaiveDate};

/// `YYYY-MM`, as months are named in answers, files and the log.
pub fn ym(d: NaiveDate) -> String {
    d.format("%Y-%m").to_string()
}

/// The SHA-256 hex of `shown` as JSON: the basis a two-step preview is applied against (the
/// preview's typeY 2 applies only while the same inputs give the same fingerprint).
pub fn fingerprint(shown: &impl serde::Serialize) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(serde_json::to_vec(shown).expect("plain data serialises")))
}

/// The first day of `d`'s month, as months are kept.
pub fn month_of(d: NaiveDate) -> NaiveDate {
    d.with_day(1).expect("every month has a first day")
}
