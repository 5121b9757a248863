//! The drill-down of an estimate: the days its class's default is computed from (the mean
//! rating of the class's windows each day, or the mean GRP of the viewing rows in them), and
//! the statistic of those days that is the default (docs/evaluation.md, "Viewing estimates").
//! An edit stands in for the default in every figure; the answer says so.

use adeval_engine::orders::Triple;

use super::figure::Level;
use super::rows::{Amount, FigureRow, RowKind};
use crate::orders::estimates::{BasisSource, DefaultDays};

/// The days as rows, the default's value at `level` (`None` without a day), and a note on
/// the basis and an edit.
pub fn rows(found: &DefaultDays, level: Level) -> (Vec<FigureRow>, Option<Amount>, String) {
    let kind = if found.days.basis.source == BasisSource::Ratings { RowKind::RatingDay } else { RowKind::ViewingDay };
    let rows = found
        .days
        .days
        .iter()
        .map(|&(day, value, samples)| FigureRow { kind, ymd: Some(day.to_string()), spots: Some(samples as i64), value: Amount::Grp(value), ..FigureRow::default() })
        .collect();
    let default = found.days.estimate();
    let basis = &found.days.basis;
    let source = match basis.source {
        BasisSource::Ratings => "收视率",
        BasisSource::Viewing => "收视数据",
        BasisSource::None => "无",
    };
    let mut note = format!("{}：默认值来自{source}，{} 至 {}", found.class_name, basis.from, basis.to);
    if let Some(why) = &basis.message {
        note.push_str(&format!("（{why}）"));
    }
    if let Some(edit) = found.edit {
        note.push_str(&format!("；已手动修改为 {}，各项指标按修改值计算", triple(edit)));
    }
    (rows, default.map(|d| Amount::Grp(level.pick(&d))), note)
}

fn triple(t: Triple<f64>) -> String {
    format!("常规 {} / 低 {} / 高 {}", t.normal, t.low, t.high)
}
