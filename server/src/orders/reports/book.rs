//! What both evaluation workbooks share: the cell formats (GRP to 3 decimals, percentages
//! to 2, red negatives), the title block every sheet opens with, and the table of a side's
//! figures (a row per month, or the one month under a grid).

use std::path::Path;

use rust_xlsxwriter::{Color, Format, FormatAlign, FormatBorder, Workbook, Worksheet, XlsxError};

use super::Heading;
use crate::export::formula_like;
use crate::orders::evaluation::SummaryRow;

/// GRP: as kept, up to 4 decimals (at least one), negatives red.
pub const GRP: &str = "0.0###;[Red]-0.0###";
/// Percentages (the value ÷ 100): 2 decimals, negatives red.
pub const PERCENT: &str = "0.00%;[Red]-0.00%";
/// Counts: whole, negatives red (theatres go below 0).
pub const COUNT: &str = "0;[Red]-0";

/// Every format a sheet uses, made once per workbook.
pub struct Formats {
    pub title: Format,
    pub details: Format,
    pub section: Format,
    pub header: Format,
    pub text: Format,
    /// Text a spreadsheet would take for a formula once edited: kept text (quote prefix).
    pub quoted: Format,
    pub count: Format,
    pub grp: Format,
    pub percent: Format,
    /// A sentence standing for an empty section (暂无播出证明 …).
    pub note: Format,
}

impl Default for Formats {
    fn default() -> Self {
        let cell = Format::new().set_border(FormatBorder::Thin);
        Self {
            title: Format::new().set_bold().set_font_size(16).set_align(FormatAlign::Center).set_align(FormatAlign::VerticalCenter),
            details: Format::new().set_font_color(Color::RGB(0x595959)).set_align(FormatAlign::Left),
            section: Format::new().set_bold().set_font_size(12),
            header: cell.clone().set_bold().set_background_color(Color::RGB(0xDDEBF7)).set_align(FormatAlign::Center).set_text_wrap(),
            text: cell.clone(),
            quoted: cell.clone().set_quote_prefix(),
            count: cell.clone().set_num_format(COUNT),
            grp: cell.clone().set_num_format(GRP),
            percent: cell.set_num_format(PERCENT),
            note: Format::new().set_italic().set_font_color(Color::RGB(0x808080)),
        }
    }
}

impl Formats {
    /// `text` in a bordered cell; formula-like text keeps being text when edited.
    pub fn text_for(&self, text: &str) -> &Format {
        if formula_like(text) { &self.quoted } else { &self.text }
    }
}

/// A workbook whose constant-memory sheets keep their rows in `dir` until it is saved.
pub fn workbook(dir: &Path) -> Result<Workbook, XlsxError> {
    let mut book = Workbook::new();
    book.set_tempdir(dir)?;
    Ok(book)
}

/// Writes the title (`what` of the order, merged over `width` columns) and the details line
/// at `row`; answers the next free row.
pub fn title(sheet: &mut Worksheet, row: u32, width: u16, heading: &Heading, what: &str, f: &Formats) -> Result<u32, XlsxError> {
    let last = width.max(2) - 1;
    let text = format!("{} · {} {}", heading.product_name, heading.media_name, what);
    sheet.set_row_height(row, 28)?;
    sheet.merge_range(row, 0, row, last, &text, &f.title)?;
    sheet.merge_range(row + 1, 0, row + 1, last, &heading.details(), &f.details)?;
    Ok(row + 2)
}

/// Writes `headers` in bold at `row`.
pub fn headers(sheet: &mut Worksheet, row: u32, headers: &[&str], f: &Formats) -> Result<(), XlsxError> {
    for (col, h) in headers.iter().enumerate() {
        sheet.write_string_with_format(row, col as u16, *h, &f.header)?;
    }
    Ok(())
}

/// Writes `text` at (row, col) as text.
pub fn text(sheet: &mut Worksheet, row: u32, col: u16, text: &str, f: &Formats) -> Result<(), XlsxError> {
    sheet.write_string_with_format(row, col, text, f.text_for(text))?;
    Ok(())
}

/// Writes `value` at (row, col) in `format`; nothing (an empty bordered cell) when absent.
pub fn number(sheet: &mut Worksheet, row: u32, col: u16, value: Option<f64>, format: &Format, f: &Formats) -> Result<(), XlsxError> {
    match value.filter(|v| v.is_finite()) {
        Some(v) => sheet.write_number_with_format(row, col, v, format)?,
        None => sheet.write_blank(row, col, &f.text)?,
    };
    Ok(())
}

/// The columns of a side's figures, in the summary's order.
pub const FIGURE_HEADERS: [&str; 23] = [
    "月份",
    "秒数",
    "目标GRP",
    "已播GRP",
    "已播次数",
    "正负三次数",
    "有位置次数",
    "正负三%",
    "计划次数",
    "剩余次数",
    "未预估次数",
    "预计完成(常规)",
    "预计完成(低)",
    "预计完成(高)",
    "差异(常规)",
    "差异(低)",
    "差异(高)",
    "超播%(常规)",
    "超播%(低)",
    "超播%(高)",
    "场次(常规)",
    "场次(低)",
    "场次(高)",
];

/// Writes the header and `rows` of a side's figures from `row`; answers the next free row.
pub fn figures(sheet: &mut Worksheet, row: u32, rows: &[SummaryRow], f: &Formats) -> Result<u32, XlsxError> {
    headers(sheet, row, &FIGURE_HEADERS, f)?;
    let mut at = row + 1;
    for r in rows {
        let percent = |v: Option<f64>| v.map(|p| p / 100.0);
        let whole = |v: Option<i64>| v.map(|n| n as f64);
        text(sheet, at, 0, &r.month, f)?;
        let cells: [(Option<f64>, &Format); 22] = [
            (Some(f64::from(r.seconds)), &f.count),
            (Some(r.grp), &f.grp),
            (Some(r.issued_grp), &f.grp),
            (Some(r.aired_spots as f64), &f.count),
            (Some(r.already_upside_down_three as f64), &f.count),
            (Some(r.positioned_spots as f64), &f.count),
            (percent(r.already_upside_down_three_per), &f.percent),
            (Some(r.planned_spots as f64), &f.count),
            (Some(r.remaining_spots as f64), &f.count),
            (Some(r.unestimated_spots as f64), &f.count),
            (r.estimated_routine, &f.grp),
            (r.estimated_low, &f.grp),
            (r.estimated_high, &f.grp),
            (r.customer_differences_routine, &f.grp),
            (r.customer_differences_low, &f.grp),
            (r.customer_differences_high, &f.grp),
            (percent(r.overbroadcast_routine), &f.percent),
            (percent(r.overbroadcast_low), &f.percent),
            (percent(r.overbroadcast_high), &f.percent),
            (whole(r.number_of_theaters_routine), &f.count),
            (whole(r.number_of_theaters_low), &f.count),
            (whole(r.number_of_theaters_high), &f.count),
        ];
        for (i, (value, format)) in cells.into_iter().enumerate() {
            number(sheet, at, i as u16 + 1, value, format, f)?;
        }
        at += 1;
    }
    Ok(at)
}
