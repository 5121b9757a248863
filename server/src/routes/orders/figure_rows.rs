//! Drill-down (docs/evaluation.md "Drill-down"): figureRows, the rows behind a figure a page at a time with their
//! sum, and figureRowsExport, all of them in a workbook with the sum. What the rows are is the
//! domain's ([`crate::orders::drilldown`]); this module reads the arguments and answers.

use axum::Extension;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::fields::PICK_ORDER;
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{Cell, Exported, Maker};
use crate::http::args::{Belonging, Category, Id, Month, Paging, Source};
use crate::http::{Args, Done, Text};
use crate::orders::drilldown::{self, Figure, FigureRow, FigureRows, Request, Scope, SideData, Unit};
use crate::state::AppState;

/// A figure name the OpenAPI document lists (docs/api.md, "figureRows").
pub struct FigureName;

impl utoipa::PartialSchema for FigureName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(Figure::names()))
            .description(Some("the figure whose rows are asked for"))
            .into()
    }
}

impl ToSchema for FigureName {}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FigureRowsArgs {
    order_id: Option<Text>,
    /// Which figure (docs/api.md lists each and its rows).
    #[schema(value_type = Option<FigureName>)]
    figure: Option<Text>,
    /// `YYYY-MM`, a month of the cycle: that month's figure; empty: the whole order's (合计, the order list).
    month: Option<Text>,
    /// Whose figures: 1 customer (default), 2 media.
    belonging_to: Option<Text>,
    /// Data category 1–4; empty: the order's own (which may be any).
    category: Option<Text>,
    /// Data source 1–3; empty: the order's own (which may be any).
    source: Option<Text>,
    /// A schedule line of the order: that line's figure (the grid's columns); not for target and difference.
    line_id: Option<Text>,
    /// A time-period class of the order's media: required by the estimate figures; with others, the lines of its periods.
    time_period_class_id: Option<Text>,
    page: Option<Text>,
    /// Default 20, at most 1000.
    limit: Option<Text>,
}

impl FigureRowsArgs {
    fn request(&self, checks: &mut Checks) -> Request {
        let order = Id::picked("orderId", &self.order_id, PICK_ORDER, checks);
        let figure = match Text::get(&self.figure) {
            None => {
                checks.add("figure", "请选择指标");
                Figure::IssuedGrp
            }
            Some(name) => Figure::parse(name).unwrap_or_else(|| {
                checks.add("figure", "指标无效");
                Figure::IssuedGrp
            }),
        };
        let side = SideData {
            belonging_to: Belonging::filter("belongingTo", &self.belonging_to, checks).unwrap_or(1),
            category: Category::filter("category", &self.category, checks),
            source: Source::filter("source", &self.source, checks),
        };
        let scope = Scope {
            month: Month::filter("month", &self.month, checks),
            line: Id::filter("lineId", &self.line_id, checks),
            class: Id::filter("timePeriodClassId", &self.time_period_class_id, checks),
        };
        Request { order, figure, side, scope }
    }
}

/// figureRows: a page of the rows behind the figure, their count and the sum of all of them.
pub async fn index(State(state): State<AppState>, Args(args): Args<FigureRowsArgs>) -> Result<Done<FigureRows>> {
    let mut checks = Checks::default();
    let request = args.request(&mut checks);
    let paging = Paging::parse(&args.page, &args.limit, 20, &mut checks);
    checks.finish()?;
    let page = (paging.page as u64, paging.limit as u64);
    let rows = drilldown::figure_rows(&state.db, &state.reads, &request, Some(page)).await?.ok_or_else(crate::orders::order::not_found)?;
    Ok(Done("获取成功", rows))
}

/// What each row adds comes second, beside what the row is, as the dialog shows it.
const HEADERS: &[&str] = &[
    "类别", "计入", "日期", "播出时间", "标题", "版本", "时段", "类型", "位置", "正负三", "毛评点", "次数", "点位", "播出证明已播", "状态", "预估", "说明",
    "播出证明",
];

/// figureRowsExport: every row behind the figure in a workbook, the sum last.
pub async fn export(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<FigureRowsArgs>) -> Result<Done<Exported>> {
    let mut checks = Checks::default();
    let request = args.request(&mut checks);
    checks.finish()?;
    let rows = drilldown::figure_rows(&state.db, &state.reads, &request, None).await?.ok_or_else(crate::orders::order::not_found)?;
    let side = if request.side.belonging_to == 2 { "媒体" } else { "客户" };
    let month = request.scope.month.map_or_else(|| "全周期".to_owned(), crate::orders::ym);
    let name = format!("订单{}{}明细（{side}，{month}）", request.order, request.figure.label());
    let mut sheet: Vec<Vec<Cell>> = rows.data.iter().map(row_cells).collect();
    let mut total = vec![Cell::from("合计"), rows.sum.map(|s| s.as_f64()).into()];
    total.extend((2..16).map(|_| Cell::Empty));
    total.push(match rows.unit {
        Unit::GrpPerSpot => Cell::from("默认值：各日数值的统计（常规为均值，低、高为第 20、80 百分位）"),
        _ => rows.note.clone().map_or(Cell::Empty, Cell::from),
    });
    sheet.push(total);
    let maker = Maker::new(&admin, &super::FIGURE_ROWS_EXPORT);
    let exported = crate::export::save(&state.db, &state.store, &state.config, maker, &name, HEADERS, sheet).await.map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}

fn row_cells(r: &FigureRow) -> Vec<Cell> {
    use crate::orders::drilldown::rows::RowKind as K;
    let kind = match r.kind {
        K::Spot => "收视数据",
        K::Manual => "手动GRP",
        K::Superseded => "已被手动GRP替代",
        K::Cell => "点位",
        K::Issued => "已播毛评点",
        K::Unseen => "已播未匹配",
        K::Metrics => "指标",
        K::Free => "赠播",
        K::Share => "本月目标",
        K::Target => "目标（减）",
        K::RatingDay => "收视率日均",
        K::ViewingDay => "收视数据日均",
    };
    let certificate = r.certificate.as_ref().map(|lines| {
        lines.iter().map(|l| format!("{} {} ×{}", l.add_time, l.version, l.num)).collect::<Vec<_>>().join("；")
    });
    let text = |v: &Option<String>| v.clone().map_or(Cell::Empty, Cell::from);
    vec![
        Cell::from(kind),
        Cell::from(r.value.as_f64()),
        text(&r.ymd),
        text(&r.add_time),
        text(&r.title),
        text(&r.media_file_name),
        text(&r.time_period_name),
        text(&r.point_type),
        text(&r.position),
        r.top_or_bottom_three.map_or(Cell::Empty, |t| Cell::from(if t { "是" } else { "否" })),
        r.grp.into(),
        r.spots.into(),
        r.point.into(),
        r.aired.into(),
        r.state.map_or(Cell::Empty, |s| Cell::from(s.label())),
        r.estimate.into(),
        text(&r.note),
        certificate.map_or(Cell::Empty, Cell::from),
    ]
}
