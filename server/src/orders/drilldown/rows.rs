//! A drill-down's rows as answered: each says what it is (an aired spot, a manual GRP, a
//! superseded spot, a cell with its certificate rows, a remaining cell at its estimate, a
//! rating day …) and what it adds to the figure (`value`).

use std::collections::HashMap;

use adeval_engine::SpotPosition;
use adeval_engine::grp::{Units, of_units};
use serde::Serialize;
use utoipa::ToSchema;

use super::figure::Unit;
use super::items::Item;
use super::order::{OrderFacts, withdrawn};
use crate::orders::evaluation::ledger::{Entry, Kind};
use crate::orders::summary::stored::{CellRow, LineRow};

/// What a row is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RowKind {
    /// An aired spot: a viewing row of the side's data (or an attached copy of one).
    #[default]
    Spot,
    /// A verified cell's manual GRP, for its aired spots.
    Manual,
    /// An aired spot on a cell with a manual GRP: its position counts for 正负三, its GRP and spot not.
    Superseded,
    /// A daily cell of the schedule.
    Cell,
    /// The issued GRP of the scope (its rows: figure issuedGrp).
    Issued,
    /// A line's aired spots (the certificate's) without a viewing row, at the class's estimate.
    Unseen,
    /// The side's contracted GRP.
    Metrics,
    /// The side's free broadcast.
    Free,
    /// A month's share of the target: target × the month's planned spots ÷ the cycle's.
    Share,
    /// The target, or the month's share, taken off (a difference's last row).
    Target,
    /// A day the estimate's default is computed from: the mean rating of the class's windows.
    RatingDay,
    /// A day the estimate's default is computed from: the mean GRP of the viewing rows in the class's windows.
    ViewingDay,
}

/// A cell's state, as its colour in the grid says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CellState {
    /// Planned, not checked by a certificate.
    Planned,
    /// 已核对: a confirmed certificate verified it.
    Verified,
    /// 缺播: a confirmed certificate found spots of it missing.
    Short,
    /// 撤掉: withdrawn, plans nothing.
    Withdrawn,
}

impl CellState {
    pub fn label(self) -> &'static str {
        match self {
            CellState::Planned => "计划",
            CellState::Verified => "已核对",
            CellState::Short => "缺播",
            CellState::Withdrawn => "撤掉",
        }
    }
}

/// A row of the order's current broadcast certificate on a cell's day, version and period.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateLine {
    /// `HH:MM:SS` of the broadcast day.
    pub add_time: String,
    /// The version as the certificate names it.
    pub version: String,
    /// Spots (次数).
    pub num: i32,
}

/// One row behind a figure. Fields that do not apply to its kind are left out.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FigureRow {
    pub kind: RowKind,
    /// `YYYY-MM-DD`: the spot's broadcast day, the cell's day, the estimate's day; a share's month `YYYY-MM`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ymd: Option<String>,
    /// `HH:MM:SS` of the broadcast day (past 24:00 after midnight): a spot's air time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub add_time: Option<String>,
    /// A spot's title as the viewing row names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A spot's position in its break (`正一`, `2/8`, `中` …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Whether that position is 1–3 from either end (正负三).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_or_bottom_three: Option<bool>,
    /// The schedule line the row sits on (a spot no line takes has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell_id: Option<i64>,
    /// The line's version (media file name), period and spot type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media_file_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_period_name: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub point_type: Option<String>,
    /// GRP of the row (4 decimals): a spot's, a manual GRP, the issued GRP.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grp: Option<f64>,
    /// Spots the row stands for: 1 a spot, a manual GRP's aired spots, the issued spots, unseen spots; a day's samples (rating samples or viewing rows).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spots: Option<i64>,
    /// A cell's planned spots, aired spots (the confirmed certificate's), spots moved out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aired: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<CellState>,
    /// The estimate (GRP per spot) the row's spots are valued at; null on a cell whose class has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<f64>,
    /// A cell's rows of the current certificate (same day, version and period).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Vec<CertificateLine>>,
    /// Why the row counts as it does (superseded, unplaced, no estimate …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What the row adds to `sum`, in the answer's unit (an estimate's day: its value).
    pub value: Amount,
}

/// A figure's value as answered: GRP (4 decimals, exact), or a whole count of spots.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Amount {
    Count(i64),
    Grp(f64),
}

impl Default for Amount {
    fn default() -> Self {
        Amount::Count(0)
    }
}

impl Amount {
    pub fn as_f64(self) -> f64 {
        match self {
            Amount::Count(n) => n as f64,
            Amount::Grp(g) => g,
        }
    }
}

impl utoipa::PartialSchema for Amount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .description(Some("GRP (4 decimals) or spots (whole), as the answer's unit says"))
            .into()
    }
}

impl ToSchema for Amount {}

/// A value of `unit` as answered: GRP exact from units, spots whole.
pub fn shown(unit: Unit, value: i64) -> Amount {
    match unit {
        Unit::Grp | Unit::GrpPerSpot => Amount::Grp(of_units(value as Units)),
        Unit::Spots => Amount::Count(value),
    }
}

/// `HH:MM:SS` of broadcast-day seconds.
pub fn clock(secs: i32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

const NUMERALS: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];

/// A position as the imports write it: `i/n`, `正一`/`倒二`, `中` (no place).
pub fn position_text(p: SpotPosition) -> String {
    match (p.index, p.of) {
        (None, _) => "中".to_owned(),
        (Some(i), Some(n)) => format!("{i}/{n}"),
        (Some(i), None) => {
            let side = if p.from_end { "倒" } else { "正" };
            let place = usize::try_from(i - 1).ok().and_then(|k| NUMERALS.get(k)).map_or_else(|| i.to_string(), |n| (*n).to_owned());
            format!("{side}{place}")
        }
    }
}

/// Writes rows out of items.
pub struct Writer<'a> {
    pub facts: &'a OrderFacts,
    pub unit: Unit,
    pub lines: HashMap<i64, &'a LineRow>,
    /// The month asked for, which a target's share names.
    pub month: Option<chrono::NaiveDate>,
}

impl<'a> Writer<'a> {
    pub fn new(facts: &'a OrderFacts, unit: Unit, month: Option<chrono::NaiveDate>) -> Self {
        Writer { facts, unit, lines: facts.line_map(), month }
    }

    pub fn row(&self, item: &Item<'_>) -> FigureRow {
        let value = shown(self.unit, item.value());
        let grp = |u: Units| Some(of_units(u));
        let row = FigureRow { value, ..FigureRow::default() };
        match *item {
            Item::Entry { entry, .. } => self.entry(entry, row),
            Item::Cell { cell, line, estimate, .. } => FigureRow { estimate, ..self.cell(cell, line, row) },
            Item::Issued(t) => FigureRow { kind: RowKind::Issued, grp: grp(t.grp), spots: Some(t.spots as i64), ..row },
            Item::Unseen { line, spots, estimate, .. } => FigureRow {
                kind: RowKind::Unseen,
                spots: Some(spots),
                estimate: Some(estimate),
                note: Some("播出证明已播、未匹配到收视数据的点位，按预估计".to_owned()),
                ..with_line(line, row)
            },
            Item::Metrics(v) => FigureRow { kind: RowKind::Metrics, grp: grp(v), ..row },
            Item::Free(v) => FigureRow { kind: RowKind::Free, grp: grp(v), ..row },
            Item::Share { target, planned, all, .. } => FigureRow {
                kind: RowKind::Share,
                ymd: self.month_text(),
                spots: Some(planned as i64),
                note: Some(format!("目标 {} × 本月计划 {planned} ÷ 周期计划 {all}", of_units(target))),
                ..row
            },
            Item::Target(v) => FigureRow { kind: RowKind::Target, grp: grp(-v), ..row },
        }
    }

    fn month_text(&self) -> Option<String> {
        self.month.map(crate::orders::ym)
    }

    fn entry(&self, e: &Entry, row: FigureRow) -> FigureRow {
        let line = e.line.and_then(|id| self.lines.get(&id)).copied();
        let mut row = match line {
            Some(l) => with_line(l, row),
            None => FigureRow { note: Some("未落入任何排期行（仍计入订单和月份）".to_owned()), ..row },
        };
        row.ymd = Some(e.ymd.to_string());
        row.cell_id = e.cell;
        row.grp = Some(of_units(e.grp));
        row.spots = Some(e.spots as i64);
        match e.kind {
            Kind::Manual => {
                row.kind = RowKind::Manual;
                row.note = Some("已核对点位的手动GRP，代替落在此点位的收视数据".to_owned());
            }
            kind => {
                row.kind = if kind == Kind::Superseded { RowKind::Superseded } else { RowKind::Spot };
                row.add_time = e.secs.map(clock);
                row.title = e.title.and_then(|t| self.facts.ledger.titles.get(t as usize)).cloned();
                row.position = e.position.map(position_text);
                row.top_or_bottom_three = e.position.map(|p| p.top_or_bottom_three());
                if kind == Kind::Superseded {
                    row.note = Some("点位已设手动GRP：毛评点与次数不计，位置仍计入正负三".to_owned());
                }
            }
        }
        row
    }

    fn cell(&self, c: &CellRow, line: &LineRow, row: FigureRow) -> FigureRow {
        let state = if withdrawn(c) {
            CellState::Withdrawn
        } else if c.is_he == 2 {
            CellState::Verified
        } else if c.reason_disappearance == 1 {
            CellState::Short
        } else {
            CellState::Planned
        };
        FigureRow {
            kind: RowKind::Cell,
            ymd: Some(c.ymd.to_string()),
            cell_id: Some(c.id),
            point: Some(c.point),
            aired: Some(c.aired),
            moved: Some(c.moved),
            state: Some(state),
            ..with_line(line, row)
        }
    }
}

fn with_line(l: &LineRow, row: FigureRow) -> FigureRow {
    FigureRow {
        line_id: Some(l.id),
        media_file_name: Some(l.media_file_name.clone()),
        time_period_name: Some(l.time_period_name.clone()),
        point_type: Some(l.point_type.clone()),
        ..row
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_as_the_imports_write_them() {
        let p = |index, of, from_end| SpotPosition { index, of, from_end };
        assert_eq!(position_text(p(Some(2), Some(8), false)), "2/8");
        assert_eq!(position_text(p(Some(1), None, false)), "正一");
        assert_eq!(position_text(p(Some(2), None, true)), "倒二");
        assert_eq!(position_text(p(Some(10), None, false)), "正十");
        assert_eq!(position_text(p(None, None, false)), "中");
        assert_eq!(clock(25 * 3600 + 10 * 60 + 5), "25:10:05");
    }
}
