//! The evaluation exports (docs/evaluation.md "Reports"): 评估结果
//! ([`result`]: a sheet per month of the cycle, the summary grid and the month's figures) and
//! 评估报告 ([`report`]: a formatted report of both sides' figures, the estimates with their
//! basis, the certificate reconciliation, owed make-goods and proposals).
//!
//! Each export is gathered first (async: Postgres, the lake, the figures) into plain data, then
//! written by rust_xlsxwriter on a blocking thread ([`book`] holds the formats and the pieces
//! both share). Every sheet is a constant-memory sheet: rows are written in order and leave
//! memory as they are written, so what an export holds is what it gathered.

pub mod book;
pub mod report;
mod report_sheets;
pub mod result;

use chrono::NaiveDate;
use sqlx::PgPool;

use crate::clock::LocalTime;

/// Whose figures and viewing data an export reads (the summary dialog's toolbar).
#[derive(Debug, Clone, Copy)]
pub struct ReportFilter {
    /// 1 customer, 2 media.
    pub belonging_to: i16,
    /// `None`: the order's own (which may be any).
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// What the title of every sheet says about the order and the export.
#[derive(Debug, Clone)]
pub struct Heading {
    pub product_name: String,
    pub media_name: String,
    pub group_name: String,
    pub cycle: (NaiveDate, NaiveDate),
    /// The assessment date when one is set.
    pub estimate_date: Option<NaiveDate>,
    /// The assessment date, else today: remaining spots count from it.
    pub assessed_from: NaiveDate,
    pub belonging_to: i16,
    /// The filter's, else the order's.
    pub category: Option<i16>,
    pub source: Option<i16>,
    /// 1 无, 2 错一补一, 3 漏一补二.
    pub make_good_policy: i16,
    pub generated_at: LocalTime,
}

type HeadingRow = (String, String, String, NaiveDate, NaiveDate, Option<NaiveDate>, NaiveDate, Option<i16>, Option<i16>, i16, LocalTime);

impl Heading {
    /// The heading of order `order` under `filter`; `None` when there is no such order.
    pub async fn load(db: &PgPool, order: i64, filter: &ReportFilter) -> sqlx::Result<Option<Heading>> {
        let row: Option<HeadingRow> = sqlx::query_as(
            "select p.product_name, m.media_name, g.group_name, o.cycle_start, o.cycle_end, o.estimate_date,
                    coalesce(o.estimate_date, current_date), o.category, o.source, o.make_good_policy,
                    now()::timestamp
             from orders o join products p on p.id = o.product_id join media m on m.id = o.media_id
                  join audience_groups g on g.id = o.default_group_id
             where o.id = $1",
        )
        .bind(order)
        .fetch_optional(db)
        .await?;
        Ok(row.map(|(product_name, media_name, group_name, start, end, estimate_date, assessed_from, category, source, policy, generated_at)| Heading {
            product_name,
            media_name,
            group_name,
            cycle: (start, end),
            estimate_date,
            assessed_from,
            belonging_to: filter.belonging_to,
            category: filter.category.or(category),
            source: filter.source.or(source),
            make_good_policy: policy,
            generated_at,
        }))
    }

    /// The line under the title: cycle, side, data, group, assessment date, generated at.
    pub fn details(&self) -> String {
        let assessed = match self.estimate_date {
            Some(d) => d.to_string(),
            None => format!("未设置（按 {} 计）", self.assessed_from),
        };
        format!(
            "周期 {} ~ {}　数据归属 {}　数据类别 {}　数据来源 {}　受众/城市组 {}　评估时间 {}　生成时间 {}",
            self.cycle.0,
            self.cycle.1,
            side_label(self.belonging_to),
            self.category.map_or("全部", category_label),
            self.source.map_or("全部", source_label),
            self.group_name,
            assessed,
            self.generated_at,
        )
    }
}

/// 1 客户, 2 媒体.
pub fn side_label(belonging_to: i16) -> &'static str {
    if belonging_to == 2 { "媒体" } else { "客户" }
}

/// Data categories as the customer-data screens name them.
pub fn category_label(n: i16) -> &'static str {
    match n {
        1 => "初始数据",
        2 => "客户数据",
        3 => "公司数据",
        _ => "其他",
    }
}

/// Data sources as the customer-data screens name them.
pub fn source_label(n: i16) -> &'static str {
    match n {
        1 => "收视设置",
        2 => "快数据",
        _ => "实际播出",
    }
}

/// Make-good policies as the order dialog names them.
pub fn policy_label(n: i16) -> &'static str {
    match n {
        2 => "错一补一",
        3 => "漏一补二",
        _ => "无",
    }
}
