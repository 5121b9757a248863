//! Which viewing rows are an order's: the one matching rule the figures, the order list's
//! issued totals, the summary grid, the customer data and the analysis read the lake by.

use adeval_engine::OrderMatch;
use chrono::NaiveDate;

/// Which viewing rows are an order's: its titles are its tapes' names, numbers and customer
/// titles and its product name; its group is the default group's id and name (rows stored
/// without a group id match by name); the rest is the engine's rule ([`OrderMatch`]).
pub fn order_match<'a>(
    media_id: i64,
    (group_id, group_name): (i64, &str),
    tape_titles: impl IntoIterator<Item = &'a str>,
    product_name: &'a str,
    (from, to): (Option<NaiveDate>, Option<NaiveDate>),
    (category, source): (Option<i16>, Option<i16>),
) -> OrderMatch {
    let titles = tape_titles.into_iter().chain([product_name]);
    OrderMatch::new(media_id, group_id, titles)
        .group_name(group_name)
        .days(from, to)
        .data(category, source)
}
