//! The figures a drill-down opens, by their stable names (docs/api.md, "figureRows"), and the
//! unit each is counted in.

use serde::Serialize;
use utoipa::ToSchema;

/// The normal, low or high scenario of a figure read at an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Normal,
    Low,
    High,
}

impl Level {
    pub fn pick<T: Copy>(self, t: &adeval_engine::orders::Triple<T>) -> T {
        match self {
            Level::Normal => t.normal,
            Level::Low => t.low,
            Level::High => t.high,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Level::Normal => "",
            Level::Low => "Low",
            Level::High => "High",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Level::Normal => "常规",
            Level::Low => "低",
            Level::High => "高",
        }
    }
}

/// A figure of the summary screen, the order list or the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// 已播毛评点: the ledger's entries (spots, manual GRPs, superseded spots).
    IssuedGrp,
    /// 已播次数: the same entries, counted in spots.
    AiredSpots,
    /// 正负三次数: the entries with a known position, those in the first or last three counting 1.
    UpsideDownThree,
    /// 计划点位 (the grid's 总次数): the cells, withdrawn ones counting 0.
    Planned,
    /// 剩余点位 (剩余次数): the cells from the assessment date on.
    Remaining,
    /// 未预估点位: the remaining cells whose class has no estimate.
    Unestimated,
    /// 已播次数 of the grid (the certificate's): the cells with their aired spots.
    Published,
    /// 缺播点位: the certificate-checked cells with spots that did not air.
    Missing,
    /// 预计完成: the issued GRP and the remaining cells at their estimate.
    Expected(Level),
    /// 剩余预估 (the grid's 预估 columns): the remaining cells at their estimate.
    RemainingGrp(Level),
    /// 已播预估 (the grid's 匹配 columns): a line's entries and its aired spots without a row at the estimate.
    ViewEstimated(Level),
    /// 差异: the expected rows and the target, negative.
    Difference(Level),
    /// 目标: metrics and free broadcast, or the month's share.
    Target,
    /// 预估收视 of a class: the days its default is computed from.
    Estimate(Level),
}

/// What `sum` and each row's `value` count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Unit {
    /// GRP, exact to 4 decimals.
    Grp,
    /// Spots.
    Spots,
    /// GRP per spot (an estimate): `sum` is the statistic of the days, not their sum.
    GrpPerSpot,
}

/// A figure read at one of the three estimates, by its level.
type Levelled = fn(Level) -> Figure;

const LEVELLED: [(&str, Levelled); 5] = [
    ("expected", Figure::Expected),
    ("remainingGrp", Figure::RemainingGrp),
    ("viewEstimated", Figure::ViewEstimated),
    ("difference", Figure::Difference),
    ("estimate", Figure::Estimate),
];

const PLAIN: [(&str, Figure); 9] = [
    ("issuedGrp", Figure::IssuedGrp),
    ("airedSpots", Figure::AiredSpots),
    ("upsideDownThree", Figure::UpsideDownThree),
    ("planned", Figure::Planned),
    ("remaining", Figure::Remaining),
    ("unestimated", Figure::Unestimated),
    ("published", Figure::Published),
    ("missing", Figure::Missing),
    ("target", Figure::Target),
];

impl Figure {
    /// Every figure's name, in the order docs/api.md lists them.
    pub fn names() -> Vec<String> {
        let mut out: Vec<String> = PLAIN.iter().map(|(n, _)| (*n).to_owned()).collect();
        for (name, _) in LEVELLED {
            for level in [Level::Normal, Level::Low, Level::High] {
                out.push(format!("{name}{}", level.suffix()));
            }
        }
        out
    }

    /// The figure of a name; `None` for a name no screen shows.
    pub fn parse(name: &str) -> Option<Figure> {
        if let Some((_, f)) = PLAIN.iter().find(|(n, _)| *n == name) {
            return Some(*f);
        }
        LEVELLED.iter().find_map(|(base, make)| {
            let rest = name.strip_prefix(base)?;
            let level = [Level::Normal, Level::Low, Level::High].into_iter().find(|l| l.suffix() == rest)?;
            Some(make(level))
        })
    }

    pub fn unit(self) -> Unit {
        match self {
            Figure::AiredSpots | Figure::UpsideDownThree | Figure::Planned | Figure::Remaining | Figure::Unestimated | Figure::Published | Figure::Missing => {
                Unit::Spots
            }
            Figure::Estimate(_) => Unit::GrpPerSpot,
            _ => Unit::Grp,
        }
    }

    /// The figure's Chinese name, as the screens head it (the export's title).
    pub fn label(self) -> String {
        let plain = |s: &str| s.to_owned();
        match self {
            Figure::IssuedGrp => plain("已播毛评点"),
            Figure::AiredSpots => plain("已播次数"),
            Figure::UpsideDownThree => plain("正负三次数"),
            Figure::Planned => plain("计划点位"),
            Figure::Remaining => plain("剩余点位"),
            Figure::Unestimated => plain("未预估点位"),
            Figure::Published => plain("播出证明已播点位"),
            Figure::Missing => plain("缺播点位"),
            Figure::Target => plain("目标"),
            Figure::Expected(l) => format!("预计完成（{}）", l.label()),
            Figure::RemainingGrp(l) => format!("剩余预估（{}）", l.label()),
            Figure::ViewEstimated(l) => format!("已播预估（{}）", l.label()),
            Figure::Difference(l) => format!("差异（{}）", l.label()),
            Figure::Estimate(l) => format!("预估收视（{}）", l.label()),
        }
    }

    /// Whether the figure is split by schedule line (the target and difference are not: a
    /// month's target is its share, no line has one).
    pub fn by_line(self) -> bool {
        !matches!(self, Figure::Target | Figure::Difference(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_figure_and_nothing_else_does() {
        let names = Figure::names();
        assert_eq!(names.len(), 9 + 5 * 3);
        for name in &names {
            let figure = Figure::parse(name).unwrap_or_else(|| panic!("{name}"));
            let again = Figure::names().into_iter().filter(|n| Figure::parse(n) == Some(figure)).count();
            assert_eq!(again, 1, "{name} names one figure");
        }
        assert_eq!(Figure::parse("expectedLow"), Some(Figure::Expected(Level::Low)));
        assert_eq!(Figure::parse("estimate"), Some(Figure::Estimate(Level::Normal)));
        for bad in ["", "expectedlow", "expectedMedium", "issued", "IssuedGrp", "estimateHighs"] {
            assert_eq!(Figure::parse(bad), None, "{bad}");
        }
    }
}
