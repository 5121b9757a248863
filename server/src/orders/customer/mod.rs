//! Customer data per order (docs/evaluation.md "Customer data per order") and the
//! 正负三 upload ("正负三 upload").
//!
//! - [`rows`]: which viewing rows an order's customer data is (the figures' matching rule on
//!   the customer side, the category and source chosen, a day range within the cycle), listed a
//!   page at a time by the engine (orderCustomerIndex).
//! - [`attach`]: orderCustomerUp's two steps: typeY 1 places every matching row on the grid's
//!   lines and stores the preview with a fingerprint; typeY 2 attaches exactly those rows, a copy
//!   of each, under the order's row lock.
//! - [`positions`]: the 正负三 upload, recording where in its break each of the order's spots
//!   aired.
//!
//! [`attached`] and [`positions()`] are what the figures read of it.

pub mod attach;
pub mod memo;
pub mod positions;
pub mod rows;

use adeval_engine::SpotPosition;
use chrono::NaiveDate;
use sqlx::PgPool;

/// An order's attached customer data: what it was chosen by, and its rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Attached {
    /// The data category and source the rows were chosen by; `None`: any.
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// The broadcast days chosen, both inclusive.
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// In air-time order.
    pub spots: Vec<AttachedSpot>,
}

/// One attached row, as copied from the lake when it was attached.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AttachedSpot {
    pub row_id: i64,
    /// The broadcast day.
    pub ymd: NaiveDate,
    /// Seconds of the broadcast day it aired at (past 86,400 after midnight).
    pub secs: i32,
    pub title: String,
    pub grp: f64,
    /// The schedule line the grid's placement put it on; `None` when no line takes it.
    pub line_id: Option<i64>,
    /// The position as written (`2/8`, `正一` …), and as decoded.
    pub position: Option<String>,
    pub position_index: Option<i32>,
    pub position_of: Option<i32>,
    pub position_from_end: bool,
    pub category: i16,
    pub source: i16,
}

/// One spot's position as a 正负三 upload recorded it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct UploadedPosition {
    /// The data category and source the upload was made for.
    pub category: i16,
    pub source: i16,
    pub ymd: NaiveDate,
    /// Seconds of the broadcast day it aired at.
    pub secs: i32,
    pub title: String,
    /// As written, normalised (`正一`, `2/8`, `中` …).
    pub position: String,
    /// 1-based place, from the end when `from_end`; `None` for `中`.
    pub index: Option<i32>,
    /// Spots in the break, when written `index/of`.
    pub of: Option<i32>,
    pub from_end: bool,
}

impl UploadedPosition {
    /// The position as the engine reads a viewing row's.
    pub fn spot_position(&self) -> SpotPosition {
        SpotPosition { index: self.index, of: self.of, from_end: self.from_end }
    }

    /// Whether the spot is in the first or last three of its break: the engine's rule
    /// ([`SpotPosition::top_or_bottom_three`]), the one every 正负三 figure counts by.
    pub fn top_or_bottom_three(&self) -> bool {
        self.spot_position().top_or_bottom_three()
    }
}

/// The order's attached customer data; `None` when nothing is attached.
pub async fn attached(db: &PgPool, order: i64) -> sqlx::Result<Option<Attached>> {
    let head: Option<(Option<i16>, Option<i16>, NaiveDate, NaiveDate)> =
        sqlx::query_as("select category, source, from_ymd, to_ymd from order_customer_attachments where order_id = $1")
            .bind(order)
            .fetch_optional(db)
            .await?;
    let Some((category, source, from, to)) = head else { return Ok(None) };
    let spots = sqlx::query_as(
        "select row_id, ymd, secs, title, grp, line_id, position, position_index, position_of, position_from_end, category, source
         from order_customer_rows where order_id = $1 order by ymd, secs, row_id",
    )
    .bind(order)
    .fetch_all(db)
    .await?;
    Ok(Some(Attached { category, source, from, to, spots }))
}

/// Every position the order's 正负三 uploads recorded, by category, source, then air time.
pub async fn recorded_positions(db: &PgPool, order: i64) -> sqlx::Result<Vec<UploadedPosition>> {
    sqlx::query_as(
        "select category, source, ymd, secs, title, position, position_index as index, position_of as of,
                position_from_end as from_end
         from order_positions where order_id = $1 order by category, source, ymd, secs, row_no",
    )
    .bind(order)
    .fetch_all(db)
    .await
}

#[cfg(test)]
mod tests {
    use super::UploadedPosition;

    #[test]
    fn the_first_and_last_three_of_a_break_count() {
        let at = |index, of, from_end| UploadedPosition {
            category: 2,
            source: 3,
            ymd: chrono::NaiveDate::MIN,
            secs: 0,
            title: String::new(),
            position: String::new(),
            index,
            of,
            from_end,
        };
        // 正三, 倒三 count; 正四, 倒四 and 中 don't; of 8: 1–3 and 6–8 count.
        assert!(at(Some(3), None, false).top_or_bottom_three());
        assert!(at(Some(3), None, true).top_or_bottom_three());
        assert!(!at(Some(4), None, false).top_or_bottom_three());
        assert!(!at(Some(4), None, true).top_or_bottom_three());
        assert!(!at(None, None, false).top_or_bottom_three());
        let of8: Vec<bool> = (1..=8).map(|i| at(Some(i), Some(8), false).top_or_bottom_three()).collect();
        assert_eq!(of8, [true, true, true, false, false, true, true, true]);
    }
}
