//! The orders domain (DESIGN.md §4, §5 "Where things live"): the rules of an order's life
//! that do not depend on how a call arrives. No axum in here: the handlers under
//! `routes/orders/` read arguments, call these functions and answer; the jobs call them too.
//!
//! - [`status`]: the order status, derived from what the database holds and stored.
//! - [`schedule`]: importing an order template into the order's schedule.
//! - [`tape_changes`]: scheduling, editing, removing and executing tape changes.
//! - [`log`]: the order log every change writes to.
//!
//! Broadcast certificates, daily cells (the summary dialog's writes) and viewing estimates
//! come next and live here too, each as a module of its own beside these.

pub mod log;
pub mod schedule;
pub mod status;
pub mod tape_changes;
