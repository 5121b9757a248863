//! 评估结果 (orderSummaryGrpIndexExport): one sheet per month of the cycle, named `YYYY-MM`:
//! the summary grid of the month as orderSummaryGrpList answers it (a row per line, a column
//! per day of the month within the cycle, then the line's counts and estimates), the marks of
//! its cells as cell formats with a legend above the grid, and under the grid the month's
//! figures (its orderSummaryList row) and make-goods.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::bail;
use chrono::{Datelike, Months, NaiveDate};
use rust_xlsxwriter::{Color, Format, FormatAlign, FormatBorder, Worksheet};
use sqlx::PgPool;

use super::book::{self, Formats};
use super::{Heading, ReportFilter, policy_label};
use crate::orders::evaluation::{self, SummaryFilter, SummaryRow};
use crate::orders::summary::grid::GridCell;
use crate::orders::summary::{self, GridFilter, GridMonth, WITHDRAWN};
use crate::reads::Reads;

/// Everything the workbook shows, gathered.
pub struct ResultBook {
    heading: Heading,
    months: Vec<GridMonth>,
    figures: Vec<SummaryRow>,
}

/// The columns before the days.
const LEADING: [&str; 6] = ["合同号", "类型", "位置", "版本", "长度", "时段"];
/// The columns after the days.
/// 播证已播 is the line's `publishedTimes` (what the confirmed certificate showed aired), not
/// the 已播次数 of the month's figures below (the spots issued GRP counts): until a month is
/// confirmed the one is 0 and the other is every aired spot, so one name for both read as one
/// figure with two values.
const TRAILING: [&str; 10] = [
    "剩余次数",
    "本月平均收视",
    "播证已播",
    "已播预估(常规)",
    "已播预估(低)",
    "已播预估(高)",
    "剩余预估(常规)",
    "剩余预估(低)",
    "剩余预估(高)",
    "总次数",
];

/// The grid and the figures of order `order`; `None` when there is no such order.
pub async fn gather(db: &PgPool, reads: &Reads, order: i64, filter: ReportFilter) -> anyhow::Result<Option<ResultBook>> {
    let Some(heading) = Heading::load(db, order, &filter).await? else { return Ok(None) };
    let grid_filter = GridFilter { belonging_to: filter.belonging_to, category: filter.category, source: filter.source };
    let figure_filter = SummaryFilter { belonging_to: filter.belonging_to, category: filter.category, source: filter.source };
    let (months, figures) = tokio::try_join!(summary::grid(db, reads, order, grid_filter), evaluation::summary_list(db, reads, order, &figure_filter))?;
    let (Some(months), Some(figures)) = (months, figures) else { return Ok(None) };
    Ok(Some(ResultBook { heading, months, figures }))
}

/// The days of `ym` (`YYYY-MM`) the cycle holds.
fn days_of(ym: &str, cycle: (NaiveDate, NaiveDate)) -> Vec<NaiveDate> {
    let Ok(first) = NaiveDate::parse_from_str(&format!("{ym}-01"), "%Y-%m-%d") else { return Vec::new() };
    let next = first + Months::new(1);
    first.iter_days().take_while(|d| *d < next).filter(|d| cycle.0 <= *d && *d <= cycle.1).collect()
}

/// How a day cell is marked: grey verified, yellow withdrawn, red border short, blue bold
/// make-good (the web grid's colours).
struct Marks {
    plain: Format,
    verified: Format,
    withdrawn: Format,
    short: Format,
    verified_short: Format,
    make_good: Format,
    verified_make_good: Format,
}

const GREY: Color = Color::RGB(0xD9D9D9);
const YELLOW: Color = Color::RGB(0xFFFF00);
const BLUE: Color = Color::RGB(0x1F5FBF);

impl Marks {
    fn new() -> Self {
        let plain = Format::new().set_border(FormatBorder::Thin).set_align(FormatAlign::Center).set_num_format("0");
        let short = plain.clone().set_border(FormatBorder::Medium).set_border_color(Color::Red).set_font_color(Color::Red);
        let make_good = plain.clone().set_bold().set_font_color(BLUE);
        Self {
            verified: plain.clone().set_background_color(GREY),
            withdrawn: plain.clone().set_background_color(YELLOW),
            verified_short: short.clone().set_background_color(GREY),
            verified_make_good: make_good.clone().set_background_color(GREY),
            short,
            make_good,
            plain,
        }
    }

    fn of(&self, c: &GridCell) -> &Format {
        let verified = c.is_he == 2;
        if c.value.trim() == WITHDRAWN {
            &self.withdrawn
        } else if c.reason_disappearance == "1" {
            if verified { &self.verified_short } else { &self.short }
        } else if c.make_good > 0 {
            if verified { &self.verified_make_good } else { &self.make_good }
        } else if verified {
            &self.verified
        } else {
            &self.plain
        }
    }
}

impl ResultBook {
    /// Writes the workbook to `path`, its rows leaving memory as they are written; stops at the
    /// next row once `cancelled` is set. Answers the grid rows written.
    pub fn write(self, path: &Path, cancelled: &AtomicBool) -> anyhow::Result<u64> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut workbook = book::workbook(dir)?;
        let f = Formats::default();
        let marks = Marks::new();
        let mut written = 0u64;
        for month in &self.months {
            let sheet = workbook.add_worksheet_with_constant_memory()?;
            sheet.set_name(&month.point_date_ym)?;
            written += self.month_sheet(sheet, month, &f, &marks, cancelled)?;
        }
        if self.months.is_empty() {
            // A workbook needs a sheet; a cycle always has a month, so this is only defensive.
            workbook.add_worksheet().set_name("评估结果")?;
        }
        workbook.save(path)?;
        Ok(written)
    }

    fn month_sheet(&self, sheet: &mut Worksheet, month: &GridMonth, f: &Formats, marks: &Marks, cancelled: &AtomicBool) -> anyhow::Result<u64> {
        let days = days_of(&month.point_date_ym, self.heading.cycle);
        let width = (LEADING.len() + days.len() + TRAILING.len()) as u16;
        let day_col = |d: u32| days.iter().position(|x| x.day() == d).map(|i| (LEADING.len() + i) as u16);
        sheet.set_column_width(0, 12)?;
        sheet.set_column_range_width(1, 2, 6)?;
        sheet.set_column_width(3, 16)?;
        sheet.set_column_width(4, 6)?;
        sheet.set_column_width(5, 12)?;
        if !days.is_empty() {
            sheet.set_column_range_width(LEADING.len() as u16, (LEADING.len() + days.len() - 1) as u16, 6)?;
        }
        sheet.set_column_range_width(LEADING.len() as u16 + days.len() as u16, width - 1, 12)?;

        let mut row = book::title(sheet, 0, width, &self.heading, &format!("评估结果 {}", month.point_date_ym), f)?;
        // The legend: each mark as the cells wear it.
        sheet.write_string_with_format(row, 0, "图例", &f.section)?;
        let legend: [(&str, &Format); 4] =
            [("已核对", &marks.verified), ("撤掉", &marks.withdrawn), ("缺播", &marks.short), ("补播", &marks.make_good)];
        for (i, (label, format)) in legend.into_iter().enumerate() {
            sheet.write_string_with_format(row, 1 + i as u16, label, format)?;
        }
        row += 2;

        let header = row;
        for (col, h) in LEADING.iter().enumerate() {
            sheet.write_string_with_format(row, col as u16, *h, &f.header)?;
        }
        for (i, d) in days.iter().enumerate() {
            sheet.write_string_with_format(row, (LEADING.len() + i) as u16, d.format("%m-%d").to_string(), &f.header)?;
        }
        for (i, h) in TRAILING.iter().enumerate() {
            sheet.write_string_with_format(row, (LEADING.len() + days.len() + i) as u16, *h, &f.header)?;
        }
        sheet.set_freeze_panes(header + 1, LEADING.len() as u16)?;
        row += 1;

        for line in &month.data {
            if cancelled.load(Ordering::Relaxed) {
                bail!("the export was cancelled");
            }
            book::text(sheet, row, 0, &line.contract_number, f)?;
            book::text(sheet, row, 1, &line.point_type, f)?;
            book::text(sheet, row, 2, &line.position, f)?;
            book::text(sheet, row, 3, &line.tape.media_file_name, f)?;
            sheet.write_number_with_format(row, 4, f64::from(line.length), &f.count)?;
            book::text(sheet, row, 5, &line.period.time_period_name, f)?;
            for (i, _) in days.iter().enumerate() {
                sheet.write_blank(row, (LEADING.len() + i) as u16, &marks.plain)?;
            }
            for c in &line.cells {
                let Some(col) = day_col(c.d) else { continue };
                if c.value.trim() == WITHDRAWN {
                    sheet.write_string_with_format(row, col, WITHDRAWN, marks.of(c))?;
                } else {
                    sheet.write_number_with_format(row, col, f64::from(c.point), marks.of(c))?;
                }
            }
            let after = (LEADING.len() + days.len()) as u16;
            let trailing: [(f64, &Format); 10] = [
                (line.remaining_times as f64, &f.count),
                (line.average_viewership_this_month, &f.grp),
                (line.published_times as f64, &f.count),
                (line.view_estimated, &f.grp),
                (line.view_estimated_low, &f.grp),
                (line.view_estimated_high, &f.grp),
                (line.estimated, &f.grp),
                (line.estimated_low, &f.grp),
                (line.estimated_high, &f.grp),
                (line.total_times as f64, &f.count),
            ];
            for (i, (value, format)) in trailing.into_iter().enumerate() {
                sheet.write_number_with_format(row, after + i as u16, value, format)?;
            }
            row += 1;
        }
        if month.data.is_empty() {
            sheet.write_string_with_format(row, 0, "本月没有排期", &f.note)?;
            row += 1;
        }

        row += 1;
        sheet.write_string_with_format(row, 0, "本月指标", &f.section)?;
        row += 1;
        let figures: Vec<SummaryRow> = self.figures.iter().filter(|r| r.month == month.point_date_ym).cloned().collect();
        if figures.is_empty() {
            sheet.write_string_with_format(row, 0, "暂无本月指标", &f.note)?;
            row += 1;
        } else {
            row = book::figures(sheet, row, &figures, f)?;
        }

        row += 1;
        sheet.write_string_with_format(row, 0, "补播", &f.section)?;
        row += 1;
        book::headers(sheet, row, &["补播政策", "应补", "已补", "待补"], f)?;
        row += 1;
        let mg = month.make_good;
        book::text(sheet, row, 0, policy_label(self.heading.make_good_policy), f)?;
        for (i, n) in [mg.owed, mg.scheduled, mg.outstanding].into_iter().enumerate() {
            sheet.write_number_with_format(row, 1 + i as u16, n as f64, &f.count)?;
        }
        Ok(month.data.len() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_shows_the_days_the_cycle_holds() {
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let cycle = (d("2026-03-30"), d("2026-05-02"));
        assert_eq!(days_of("2026-03", cycle), [d("2026-03-30"), d("2026-03-31")]);
        assert_eq!(days_of("2026-04", cycle).len(), 30);
        assert_eq!(days_of("2026-05", cycle), [d("2026-05-01"), d("2026-05-02")]);
        assert!(days_of("bad", cycle).is_empty());
    }
}
