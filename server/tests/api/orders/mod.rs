//! Orders (menu 112), by area; the shared fixture is `helpers::orders`. Viewing data comes in
//! through a real customer-data upload.

mod certificate_edges;
mod certificate_rules;
mod certificate_truth;
mod certificate_verified;
mod certificates;
mod customer_data;
mod customer_positions;
mod estimates;
mod evaluation;
mod figure_rows;
mod form;
mod history;
mod list;
mod list_kept;
mod proposals;
mod reads;
mod reports;
mod schedule;
mod shared_groups;
mod payload_inputs;
mod summary_cell_adds;
pub mod summary_cells;
pub mod summary_moves;
pub mod summary_make_goods;
mod summary_review;
mod summary_order_num;
mod summary_grid;
mod tape_changes;
