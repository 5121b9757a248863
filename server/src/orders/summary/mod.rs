//! The summary dialog's reads (docs/evaluation.md "The summary dialog (汇总)", docs/screens.md "Summary dialog"): the month grid of an order's
//! schedule with each line's counts and viewing figures ([`grid`], from the order's ledger,
//! [`crate::orders::evaluation::ledger`]; the lake's rows are kept by lake version in
//! [`memo`]), each month's make-goods ([`make_goods`]), and the dialog's lookups
//! ([`lookups`]). Nothing here writes; the cell writes are a module of their own.

pub mod grid;
pub mod lookups;
pub mod make_goods;
pub mod memo;
pub(crate) mod stored;

pub use grid::{GridFilter, GridMonth, GridRow, grid};

/// The value of a withdrawn cell (撤掉): its spots are not planned any more.
pub const WITHDRAWN: &str = "撤掉";
