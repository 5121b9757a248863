//! The sheets of 评估报告, in order: 汇总 (each side's figures per month and in total), 预估
//! (each class's estimate and its basis), 播出证明 (the reconciliation), 补播 (make-goods per
//! month) and 调整建议 (proposals). Every sheet opens with the title; an empty section says so.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::bail;
use rust_xlsxwriter::{Workbook, Worksheet, XlsxError};

use super::book::{self, Formats};
use super::report::Report;
use super::{policy_label, side_label};
use crate::orders::estimates::{BasisSource, ClassEstimate};

/// Columns of the sheets after 汇总 (the title is merged over at least this many).
const ESTIMATE_HEADERS: [&str; 14] =
    ["时段归纳", "时段", "常规", "低", "高", "已修改", "默认常规", "默认低", "默认高", "依据", "天数", "点位", "起止", "说明"];
const CERTIFICATE_HEADERS: [&str; 9] = ["月份", "状态", "版本", "时段", "时段归纳", "计划", "播出", "新增", "缺失"];
const MAKE_GOOD_HEADERS: [&str; 5] = ["月份", "补播政策", "应补", "已补", "待补"];
const PROPOSAL_HEADERS: [&str; 5] = ["提出时间", "调整日期", "调整建议", "状态", "提出人"];

impl Report {
    /// Writes the workbook to `path`; answers the rows of its tables.
    pub fn write(self, path: &Path, cancelled: &AtomicBool) -> anyhow::Result<u64> {
        write(&self, path, cancelled)
    }
}

/// Writes `report` to `path`; answers the rows of its tables.
fn write(report: &Report, path: &Path, cancelled: &AtomicBool) -> anyhow::Result<u64> {
    let mut workbook = book::workbook(path.parent().unwrap_or(Path::new(".")))?;
    let f = Formats::default();
    let mut rows = 0u64;
    type Section = fn(&Report, &mut Worksheet, u32, &Formats) -> Result<u64, XlsxError>;
    let sections: [(&str, u16, Section); 5] = [
        ("汇总", book::FIGURE_HEADERS.len() as u16, summary),
        ("预估", ESTIMATE_HEADERS.len() as u16, estimates),
        ("播出证明", CERTIFICATE_HEADERS.len() as u16, certificate),
        ("补播", MAKE_GOOD_HEADERS.len() as u16, make_goods),
        ("调整建议", PROPOSAL_HEADERS.len() as u16, proposals),
    ];
    for (name, width, section) in sections {
        if cancelled.load(Ordering::Relaxed) {
            bail!("the export was cancelled");
        }
        let sheet = sheet(&mut workbook, name)?;
        let row = book::title(sheet, 0, width, &report.heading, &format!("评估报告 · {name}"), &f)?;
        rows += section(report, sheet, row + 1, &f)?;
    }
    workbook.save(path)?;
    Ok(rows)
}

fn sheet<'a>(workbook: &'a mut Workbook, name: &str) -> Result<&'a mut Worksheet, XlsxError> {
    let sheet = workbook.add_worksheet_with_constant_memory()?;
    sheet.set_name(name)?;
    sheet.set_column_range_width(0, 22, 12)?;
    Ok(sheet)
}

/// Each side under its own heading: a row per month, then the total (合计).
fn summary(report: &Report, sheet: &mut Worksheet, mut row: u32, f: &Formats) -> Result<u64, XlsxError> {
    let mut written = 0;
    for (side, rows) in &report.sides {
        sheet.write_string_with_format(row, 0, format!("{}（目标与完成）", side_label(*side)), &f.section)?;
        row += 1;
        if rows.is_empty() {
            sheet.write_string_with_format(row, 0, "暂无数据", &f.note)?;
            row += 2;
            continue;
        }
        row = book::figures(sheet, row, rows, f)? + 1;
        written += rows.len() as u64;
    }
    Ok(written)
}

fn basis_label(source: &BasisSource) -> &'static str {
    match source {
        BasisSource::Ratings => "收视率",
        BasisSource::Viewing => "收视数据",
        BasisSource::None => "无",
    }
}

fn estimates(report: &Report, sheet: &mut Worksheet, mut row: u32, f: &Formats) -> Result<u64, XlsxError> {
    sheet.write_string_with_format(row, 0, format!("每次预估毛评点（{}）", side_label(report.heading.belonging_to)), &f.section)?;
    row += 1;
    if report.estimates.is_empty() {
        sheet.write_string_with_format(row, 0, "暂无时段归纳", &f.note)?;
        return Ok(0);
    }
    book::headers(sheet, row, &ESTIMATE_HEADERS, f)?;
    row += 1;
    for e in &report.estimates {
        estimate_row(sheet, row, e, f)?;
        row += 1;
    }
    Ok(report.estimates.len() as u64)
}

fn estimate_row(sheet: &mut Worksheet, row: u32, e: &ClassEstimate, f: &Formats) -> Result<(), XlsxError> {
    book::text(sheet, row, 0, &e.class_name, f)?;
    let periods: Vec<&str> = e.periods.iter().map(|p| p.name.as_str()).collect();
    book::text(sheet, row, 1, &periods.join("、"), f)?;
    for (i, v) in [e.estimate.map(|t| t.normal), e.estimate.map(|t| t.low), e.estimate.map(|t| t.high)].into_iter().enumerate() {
        book::number(sheet, row, 2 + i as u16, v, &f.grp, f)?;
    }
    book::text(sheet, row, 5, if e.edited { "是" } else { "否" }, f)?;
    for (i, v) in [e.default.map(|t| t.normal), e.default.map(|t| t.low), e.default.map(|t| t.high)].into_iter().enumerate() {
        book::number(sheet, row, 6 + i as u16, v, &f.grp, f)?;
    }
    let b = &e.basis;
    book::text(sheet, row, 9, basis_label(&b.source), f)?;
    book::number(sheet, row, 10, b.days.map(|n| n as f64), &f.count, f)?;
    book::number(sheet, row, 11, b.spots.map(|n| n as f64), &f.count, f)?;
    book::text(sheet, row, 12, &format!("{} ~ {}", b.from, b.to), f)?;
    book::text(sheet, row, 13, b.message.as_deref().unwrap_or(""), f)?;
    Ok(())
}

fn certificate(report: &Report, sheet: &mut Worksheet, mut row: u32, f: &Formats) -> Result<u64, XlsxError> {
    sheet.write_string_with_format(row, 0, "播出证明核对（按月份、版本、时段；单位：点位）", &f.section)?;
    row += 1;
    if report.reconciled.is_empty() {
        sheet.write_string_with_format(row, 0, "暂无播出证明", &f.note)?;
        return Ok(0);
    }
    book::headers(sheet, row, &CERTIFICATE_HEADERS, f)?;
    row += 1;
    let mut total = [0i64; 4];
    for r in &report.reconciled {
        book::text(sheet, row, 0, &r.month, f)?;
        book::text(sheet, row, 1, r.state, f)?;
        book::text(sheet, row, 2, &r.version, f)?;
        book::text(sheet, row, 3, &r.period, f)?;
        book::text(sheet, row, 4, &r.class, f)?;
        let counts = [r.planned, r.aired, r.added(), r.missing()];
        for (i, n) in counts.into_iter().enumerate() {
            total[i] += n;
            sheet.write_number_with_format(row, 5 + i as u16, n as f64, &f.count)?;
        }
        row += 1;
    }
    book::text(sheet, row, 0, "合计", f)?;
    for (i, n) in total.into_iter().enumerate() {
        sheet.write_number_with_format(row, 5 + i as u16, n as f64, &f.count)?;
    }
    Ok(report.reconciled.len() as u64)
}

fn make_goods(report: &Report, sheet: &mut Worksheet, mut row: u32, f: &Formats) -> Result<u64, XlsxError> {
    let policy = policy_label(report.heading.make_good_policy);
    sheet.write_string_with_format(row, 0, format!("补播（补播政策：{policy}）"), &f.section)?;
    row += 1;
    let owed: i64 = report.make_goods.iter().map(|(_, m)| m.owed).sum();
    let scheduled: i64 = report.make_goods.iter().map(|(_, m)| m.scheduled).sum();
    if owed == 0 && scheduled == 0 {
        sheet.write_string_with_format(row, 0, "暂无补播", &f.note)?;
        return Ok(0);
    }
    book::headers(sheet, row, &MAKE_GOOD_HEADERS, f)?;
    row += 1;
    for (month, m) in &report.make_goods {
        book::text(sheet, row, 0, month, f)?;
        book::text(sheet, row, 1, policy, f)?;
        for (i, n) in [m.owed, m.scheduled, m.outstanding].into_iter().enumerate() {
            sheet.write_number_with_format(row, 2 + i as u16, n as f64, &f.count)?;
        }
        row += 1;
    }
    Ok(report.make_goods.len() as u64)
}

fn proposals(report: &Report, sheet: &mut Worksheet, mut row: u32, f: &Formats) -> Result<u64, XlsxError> {
    sheet.write_string_with_format(row, 0, "调整建议", &f.section)?;
    row += 1;
    if report.proposals.is_empty() {
        sheet.write_string_with_format(row, 0, "暂无调整建议", &f.note)?;
        return Ok(0);
    }
    book::headers(sheet, row, &PROPOSAL_HEADERS, f)?;
    row += 1;
    for p in &report.proposals {
        book::text(sheet, row, 0, &p.created.to_string(), f)?;
        book::text(sheet, row, 1, &p.adjust_date.to_string(), f)?;
        book::text(sheet, row, 2, &p.text, f)?;
        book::text(sheet, row, 3, if p.status == 2 { "已调整" } else { "待调整" }, f)?;
        book::text(sheet, row, 4, &p.admin_name, f)?;
        row += 1;
    }
    Ok(report.proposals.len() as u64)
}
