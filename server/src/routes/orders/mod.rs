//! Orders (docs/screens.md "Order list" order summary list, "Order dialog" add/edit dialog, "Constants" entities, docs/evaluation.md "Order status" status,
//! docs/screens.md "Order dialog" validation, docs/api.md "Paths" order calls): the list with each order's figures, the dialog's calls and
//! pickers, the order log, the schedule, tape changes, proposals, broadcast certificates
//! ([`certificates`]), the summary dialog's reads ([`summary`]), its cell writes ([`cells`]) and
//! its point move and suit-entry count ([`moves`]), customer data per order ([`customer`]), the
//! viewing estimates per class ([`estimates`]), the per-month figures ([`evaluation`]), the
//! rows behind each figure ([`figure_rows`]) and the evaluation exports ([`reports`]).
//! Every call belongs to the `/order` menu.

pub mod cells;
pub mod certificates;
pub mod customer;
pub mod estimates;
mod evaluation;
mod fields;
mod figure_rows;
mod figures;
mod form;
mod history;
mod list;
mod log;
mod pickers;
pub mod moves;
mod proposals;
mod reports;
mod rows;
pub mod summary;
pub mod tape_changes;
pub mod template;

use axum::routing::{get, post};

use crate::auth::menu::MENU_ORDER;
use crate::export::Exported;
use crate::http::Page;
use crate::http::call::Call;

use super::{Endpoint, get_or_post};

pub use fields::{OrderArgs, OrderIdArgs};
pub use list::OrderListArgs;
pub use log::OrderLogRow;
pub use pickers::{
    BrandOption, GroupOption, MediaOption, ProductArgs, ProductDefault, ProductListArgs, ProductOption, SuitListArgs, SuitOption, TapeOption,
};
pub use rows::{Figures, OrderRow, OrderSuit, OrderTape};

pub static LIST: Call = Call::get("orderList", "订单列表")
    .menu(MENU_ORDER)
    .takes::<OrderListArgs>()
    .answers_with::<Page<OrderRow>, OrderRow>();
pub static EXPORT: Call = Call::get_or_post("orderIndexExport", "导出订单")
    .menu(MENU_ORDER)
    .takes::<OrderListArgs>()
    .answers::<Exported>();
pub static ADD: Call = Call::post("orderAdd", "添加订单")
    .menu(MENU_ORDER)
    .writes()
    .takes::<OrderArgs>()
    .answers_with::<OrderRow, Figures>();
pub static UP: Call = Call::post("orderUp", "修改订单")
    .menu(MENU_ORDER)
    .writes()
    .takes::<OrderArgs>()
    .answers_with::<OrderRow, Figures>();
pub static DEL: Call = Call::post("orderDel", "删除订单")
    .menu(MENU_ORDER)
    .writes()
    .takes::<OrderIdArgs>();
pub static INFO: Call = Call::get("orderInfo", "订单详情")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<OrderRow, Figures>();
pub static LOG_LIST: Call = Call::get("orderLogList", "订单日志")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<OrderLogRow>, OrderLogRow>();
pub static TEMPLATE_LIST: Call = Call::get("orderTemplateList", "订单排期")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<template::TemplateMonth>, template::TemplateLine>();
pub static TEMPLATE_EXPORT: Call = Call::get_or_post("orderTemplateExport", "导出订单排期模板")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers::<Exported>();
pub static TAPE_CHANGES: Call = Call::get("orderMagneticTapeDetails", "订单换版列表")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<tape_changes::TapeChangeRow>, tape_changes::TapeChangeRow>();
pub static TAPE_CHANGE_OPTIONS: Call = Call::get("orderMagneticTapeDetailsList", "换版磁带选项")
    .menu(MENU_ORDER)
    .takes::<tape_changes::ProductArgs>()
    .answers_with::<Vec<tape_changes::UpTapeOption>, tape_changes::UpTapeOption>();
pub static ORDER_TAPES: Call = Call::get("productMagneticTape", "订单版本")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<tape_changes::OrderTapes, tape_changes::OrderTapeOption>();
pub static TAPE_CHANGE_UP: Call = Call::post("orderMagneticTapeDetailsUp", "添加或修改换版")
    .menu(MENU_ORDER)
    .writes()
    .takes::<tape_changes::TapeChangeArgs>();
pub static TAPE_CHANGE_DEL: Call = Call::post("orderMagneticTapeDetailsDel", "删除换版")
    .menu(MENU_ORDER)
    .writes()
    .takes::<tape_changes::TapeChangeDelArgs>();
pub static PROPOSAL_LIST: Call = Call::get("orderProposalList", "调整建议列表")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<proposals::ProposalRow>, proposals::ProposalRow>();
pub static PROPOSAL_ADD: Call = Call::post("orderProposalAdd", "添加调整建议")
    .menu(MENU_ORDER)
    .writes()
    .takes::<proposals::ProposalArgs>()
    .answers::<proposals::ProposalRow>();
pub static PROPOSAL_STA: Call = Call::post("orderProposalSta", "完成调整")
    .menu(MENU_ORDER)
    .writes()
    .takes::<proposals::ProposalStaArgs>();
pub static HISTORY_LIST: Call = Call::get("orderHistoryList", "订单历史版本")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<history::VersionRow>, history::VersionRow>();
pub static HISTORY_RESTORE: Call = Call::post("orderHistoryRestore", "恢复订单版本")
    .menu(MENU_ORDER)
    .writes()
    .takes::<history::RestoreArgs>()
    .answers_with::<OrderRow, Figures>();
pub static CERTIFICATE: Call = Call::get("broadcastingCertificate", "播出证明核对")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers::<crate::orders::certificates::view::CertificateView>();
pub static CERTIFICATE_UP: Call = Call::post("orderBroadcastLicenseUp", "确认播出证明")
    .menu(MENU_ORDER)
    .writes()
    .takes::<certificates::LicenseUpArgs>()
    .answers::<certificates::LicenseUpAnswer>();
pub static CERTIFICATE_TIME_UP: Call = Call::post("orderBroadcastLicenseTimeUp", "播证指定时段")
    .menu(MENU_ORDER)
    .writes()
    .takes::<certificates::TimeUpArgs>();
pub static CERTIFICATE_VERSIONS: Call = Call::get("orderBroadcastingMagneticTapeDetailsList", "播证版本")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<crate::orders::certificates::corrections::CertificateVersion>, crate::orders::certificates::corrections::CertificateVersion>();
pub static CERTIFICATE_ORDER_VERSIONS: Call = Call::get("broadcastingMagneticTapeDetailsList", "播证替换的订单版本")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<certificates::OrderVersion>, certificates::OrderVersion>();
pub static CERTIFICATE_SWAP: Call = Call::post("broadcastingMagneticTapeDetailsUp", "播证版本替换")
    .menu(MENU_ORDER)
    .writes()
    .takes::<certificates::SwapArgs>()
    .answers::<certificates::Swapped>();
pub static CERTIFICATE_EXPORT: Call = Call::get_or_post("orderBroadcastingCertificateExport", "导出播出证明核对")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers::<Exported>();
pub static RESULT_EXPORT: Call = Call::get_or_post("orderSummaryGrpIndexExport", "导出评估结果")
    .menu(MENU_ORDER)
    .takes::<fields::SideArgs>()
    .answers::<Exported>();
pub static REPORT_EXPORT: Call = Call::get_or_post("orderSummaryGrpReportIndexExport", "导出评估报告")
    .menu(MENU_ORDER)
    .takes::<fields::SideArgs>()
    .answers::<Exported>();
pub static CELL_UP: Call = Call::post("orderSummaryGrpYmdUp", "修改点位")
    .menu(MENU_ORDER)
    .writes()
    .takes::<cells::CellUpArgs>()
    .answers::<cells::CellsWritten>();
pub static CELL_ADD: Call = Call::post("orderSummaryGrpYmdAdd", "添加时段")
    .menu(MENU_ORDER)
    .writes()
    .takes::<cells::CellAddArgs>()
    .answers::<cells::CellAdded>();
pub static CELL_MOVE: Call = Call::post("orderSummaryGrpYmdYdY", "移动点位")
    .menu(MENU_ORDER)
    .writes()
    .takes::<moves::MoveArgs>()
    .answers::<moves::MoveAnswer>();
pub static ENTRY_LEFT: Call = Call::get("orderNum", "套装条目待排点位")
    .menu(MENU_ORDER)
    .takes::<moves::EntryArgs>()
    .answers::<crate::orders::summary::lookups::EntryLeft>();
pub static CELL_GRP: Call = Call::post("grpYmdUp", "修改点位毛评点")
    .menu(MENU_ORDER)
    .writes()
    .takes::<cells::ManualGrpArgs>();
pub static ASSESSMENT_UP: Call = Call::post("grpTimeUp", "修改评估时间")
    .menu(MENU_ORDER)
    .writes()
    .takes::<cells::AssessmentArgs>()
    .answers::<cells::Assessment>();
pub static VIEWING_LIST: Call = Call::get("orderViewingList", "预估收视列表")
    .menu(MENU_ORDER)
    .takes::<fields::SideArgs>()
    .answers_with::<Vec<estimates::ViewingClass>, estimates::ViewingClass>();
pub static VIEWING_UP: Call = Call::post("orderViewingUp", "修改预估收视")
    .menu(MENU_ORDER)
    .writes()
    .takes::<estimates::ViewingUpArgs>();
pub static SUMMARY_GRID: Call = Call::get("orderSummaryGrpList", "汇总月份表")
    .menu(MENU_ORDER)
    .takes::<fields::SideArgs>()
    .answers_with::<Vec<crate::orders::summary::GridMonth>, crate::orders::summary::GridRow>();
pub static SUMMARY_LIST: Call = Call::get("orderSummaryList", "汇总评估")
    .menu(MENU_ORDER)
    .takes::<fields::SideArgs>()
    .answers_with::<Vec<crate::orders::evaluation::SummaryRow>, crate::orders::evaluation::SummaryRow>();
pub static FIGURE_ROWS: Call = Call::get("figureRows", "指标明细")
    .menu(MENU_ORDER)
    .takes::<figure_rows::FigureRowsArgs>()
    .answers_with::<crate::orders::drilldown::FigureRows, crate::orders::drilldown::FigureRow>();
pub static FIGURE_ROWS_EXPORT: Call = Call::get_or_post("figureRowsExport", "导出指标明细")
    .menu(MENU_ORDER)
    .takes::<figure_rows::FigureRowsArgs>()
    .answers::<Exported>();
pub static SUMMARY_SUITS: Call = Call::get("orderSummarySuitList", "汇总套装剩余")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<crate::orders::summary::lookups::SuitRemaining>, crate::orders::summary::lookups::SuitRemaining>();
pub static ORDER_TIME: Call = Call::get("orderTime", "订单周期与评估时间")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers::<crate::orders::summary::lookups::OrderTime>();
pub static ORDER_PERIODS: Call = Call::get("timePeriod", "订单媒体时段")
    .menu(MENU_ORDER)
    .takes::<OrderIdArgs>()
    .answers_with::<Vec<crate::routes::time_periods::TimePeriodRow>, crate::routes::time_periods::TimePeriodRow>();
pub static PERIOD_SUITS: Call = Call::get("orderTimePeriodSuitList", "时段所属套装")
    .menu(MENU_ORDER)
    .takes::<summary::PeriodSuitArgs>()
    .answers_with::<Vec<crate::orders::summary::lookups::PeriodSuit>, crate::orders::summary::lookups::PeriodSuit>();
pub static PERIOD_LIST: Call = Call::get("timePeriodList", "媒体时段选项")
    .menu(MENU_ORDER)
    .takes::<summary::PeriodListArgs>()
    .answers_with::<Vec<crate::routes::time_periods::TimePeriodRow>, crate::routes::time_periods::TimePeriodRow>();
pub static CUSTOMER_INDEX: Call = Call::get("orderCustomerIndex", "订单客户数据")
    .menu(MENU_ORDER)
    .takes::<customer::CustomerIndexArgs>()
    .answers_with::<crate::orders::customer::rows::IndexPage, crate::orders::customer::rows::IndexRow>();
pub static CUSTOMER_UP: Call = Call::post("orderCustomerUp", "更新订单客户数据")
    .menu(MENU_ORDER)
    .writes()
    .takes::<customer::CustomerUpArgs>()
    .answers::<customer::CustomerUpAnswer>();
pub static BRAND_LIST: Call = Call::get("orderBrandList", "订单品牌选项")
    .menu(MENU_ORDER)
    .answers_with::<Vec<BrandOption>, BrandOption>();
pub static PRODUCT_LIST: Call = Call::get("orderProductList", "订单产品选项")
    .menu(MENU_ORDER)
    .takes::<ProductListArgs>()
    .answers_with::<Vec<ProductOption>, ProductOption>();
pub static MEDIA_LIST: Call = Call::get("orderMediaList", "订单媒体选项")
    .menu(MENU_ORDER)
    .answers_with::<Vec<MediaOption>, MediaOption>();
pub static TAPE_LIST: Call = Call::get("orderProductMagneticTapeList", "订单磁带选项")
    .menu(MENU_ORDER)
    .takes::<ProductArgs>()
    .answers_with::<Vec<TapeOption>, TapeOption>();
pub static GROUP_LIST: Call = Call::get("orderDefaultAudienceCityGroupList", "订单受众/城市组选项")
    .menu(MENU_ORDER)
    .takes::<ProductArgs>()
    .answers_with::<ProductDefault, GroupOption>();
pub static SUIT_LIST: Call = Call::get("orderSuitList", "订单套装选项")
    .menu(MENU_ORDER)
    .takes::<SuitListArgs>()
    .answers_with::<Vec<SuitOption>, SuitOption>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &LIST, handler: get(list::index) },
        Endpoint { call: &EXPORT, handler: get_or_post(list::export) },
        Endpoint { call: &ADD, handler: post(form::add) },
        Endpoint { call: &UP, handler: post(form::up) },
        Endpoint { call: &DEL, handler: post(form::delete) },
        Endpoint { call: &INFO, handler: get(form::info) },
        Endpoint { call: &LOG_LIST, handler: get(log::list) },
        Endpoint { call: &TEMPLATE_LIST, handler: get(template::list) },
        Endpoint { call: &TEMPLATE_EXPORT, handler: get_or_post(template::export) },
        Endpoint { call: &TAPE_CHANGES, handler: get(tape_changes::list) },
        Endpoint { call: &TAPE_CHANGE_OPTIONS, handler: get(tape_changes::options) },
        Endpoint { call: &ORDER_TAPES, handler: get(tape_changes::order_tapes) },
        Endpoint { call: &TAPE_CHANGE_UP, handler: post(tape_changes::up) },
        Endpoint { call: &TAPE_CHANGE_DEL, handler: post(tape_changes::delete) },
        Endpoint { call: &PROPOSAL_LIST, handler: get(proposals::list) },
        Endpoint { call: &PROPOSAL_ADD, handler: post(proposals::add) },
        Endpoint { call: &PROPOSAL_STA, handler: post(proposals::settle) },
        Endpoint { call: &HISTORY_LIST, handler: get(history::list) },
        Endpoint { call: &HISTORY_RESTORE, handler: post(history::restore) },
        Endpoint { call: &CERTIFICATE, handler: get(certificates::show) },
        Endpoint { call: &CERTIFICATE_UP, handler: post(certificates::license_up) },
        Endpoint { call: &CERTIFICATE_TIME_UP, handler: post(certificates::time_up) },
        Endpoint { call: &CERTIFICATE_VERSIONS, handler: get(certificates::certificate_versions) },
        Endpoint { call: &CERTIFICATE_ORDER_VERSIONS, handler: get(certificates::order_versions) },
        Endpoint { call: &CERTIFICATE_SWAP, handler: post(certificates::swap) },
        Endpoint { call: &CERTIFICATE_EXPORT, handler: get_or_post(certificates::export) },
        Endpoint { call: &RESULT_EXPORT, handler: get_or_post(reports::result) },
        Endpoint { call: &REPORT_EXPORT, handler: get_or_post(reports::report) },
        Endpoint { call: &CELL_UP, handler: post(cells::up) },
        Endpoint { call: &CELL_ADD, handler: post(cells::add) },
        Endpoint { call: &CELL_MOVE, handler: post(moves::move_spots) },
        Endpoint { call: &ENTRY_LEFT, handler: get(moves::entry_left) },
        Endpoint { call: &CELL_GRP, handler: post(cells::manual_grp) },
        Endpoint { call: &ASSESSMENT_UP, handler: post(cells::assessment) },
        Endpoint { call: &VIEWING_LIST, handler: get(estimates::list) },
        Endpoint { call: &VIEWING_UP, handler: post(estimates::up) },
        Endpoint { call: &SUMMARY_GRID, handler: get(summary::grid) },
        Endpoint { call: &SUMMARY_LIST, handler: get(evaluation::summary_list) },
        Endpoint { call: &FIGURE_ROWS, handler: get(figure_rows::index) },
        Endpoint { call: &FIGURE_ROWS_EXPORT, handler: get_or_post(figure_rows::export) },
        Endpoint { call: &SUMMARY_SUITS, handler: get(summary::suit_list) },
        Endpoint { call: &ORDER_TIME, handler: get(summary::order_time) },
        Endpoint { call: &ORDER_PERIODS, handler: get(summary::periods) },
        Endpoint { call: &PERIOD_SUITS, handler: get(summary::period_suits) },
        Endpoint { call: &PERIOD_LIST, handler: get(summary::period_list) },
        Endpoint { call: &CUSTOMER_INDEX, handler: get(customer::index) },
        Endpoint { call: &CUSTOMER_UP, handler: post(customer::up) },
        Endpoint { call: &BRAND_LIST, handler: get(pickers::brand_list) },
        Endpoint { call: &PRODUCT_LIST, handler: get(pickers::product_list) },
        Endpoint { call: &MEDIA_LIST, handler: get(pickers::media_list) },
        Endpoint { call: &TAPE_LIST, handler: get(pickers::tape_list) },
        Endpoint { call: &GROUP_LIST, handler: get(pickers::group_list) },
        Endpoint { call: &SUIT_LIST, handler: get(pickers::suit_list) },
    ]
}
