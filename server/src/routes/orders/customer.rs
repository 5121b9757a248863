//! Customer data per order (docs/evaluation.md "Customer data per order"): the matching viewing rows a page at a time with
//! their GRP sum (orderCustomerIndex) and bringing them into the order in two steps
//! (orderCustomerUp). What the calls do and refuse is the domain's
//! ([`crate::orders::customer`]); this module reads the arguments and answers. The 正负三
//! upload is the upload job's ([`crate::orders::customer::positions`]).

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::PICK_ORDER;
use crate::auth::session::Admin;
use crate::error::{Checks, Result};
use crate::http::args::{Arg, Category, Day, Id, Paging, Source, TwoStep};
use crate::http::{Args, Done, Text};
use crate::orders::customer::attach::{self, CustomerAttached, CustomerPreview};
use crate::orders::customer::rows::{self, IndexPage, Wanted};
use crate::state::AppState;

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomerIndexArgs {
    order_id: Option<Text>,
    /// Data category 1–4; empty: the order's own (which may be any).
    category: Option<Text>,
    /// Data source 1–3; empty: the order's own (which may be any).
    source: Option<Text>,
    /// First broadcast day `YYYY-MM-DD`, within the cycle; empty: the cycle's first day.
    add_time: Option<Text>,
    /// Last broadcast day `YYYY-MM-DD`, within the cycle and not before addTime; empty: the cycle's last day.
    end_time: Option<Text>,
    page: Option<Text>,
    /// Default 20, at most 1000.
    limit: Option<Text>,
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomerUpArgs {
    order_id: Option<Text>,
    /// As orderCustomerIndex.
    category: Option<Text>,
    source: Option<Text>,
    add_time: Option<Text>,
    end_time: Option<Text>,
    /// 1: preview the rows and where they land, and store the preview; 2: attach exactly the stored preview.
    type_y: Option<Text>,
    /// typeY 2: the `basis` of the preview the caller saw; a different one answers 4009.
    basis: Option<Text>,
}

/// The filters both calls share, read with the same messages.
fn wanted(
    (category, source): (&Option<Text>, &Option<Text>),
    (add_time, end_time): (&Option<Text>, &Option<Text>),
    checks: &mut Checks,
) -> Wanted {
    let from = Day::filter("addTime", add_time, checks);
    let to = Day::filter("endTime", end_time, checks);
    if let (Some(f), Some(t)) = (from, to)
        && t < f
    {
        checks.add("endTime", "结束日期不能早于开始日期");
    }
    Wanted { category: Category::filter("category", category, checks), source: Source::filter("source", source, checks), from, to }
}

/// orderCustomerIndex: the order's matching customer rows, newest first, with the sum of all.
pub async fn index(State(state): State<AppState>, Args(args): Args<CustomerIndexArgs>) -> Result<Done<IndexPage>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let paging = Paging::parse(&args.page, &args.limit, 20, &mut checks);
    let wanted = wanted((&args.category, &args.source), (&args.add_time, &args.end_time), &mut checks);
    checks.finish()?;
    let page = rows::index(&state.db, &state.reads, order, &wanted, (paging.page as u64, paging.limit as u64)).await?;
    Ok(Done("获取成功", page.ok_or_else(crate::orders::order::not_found)?))
}

/// orderCustomerUp's answer: typeY 1 the preview, typeY 2 what was attached.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum CustomerUpAnswer {
    Preview(Box<CustomerPreview>),
    Attached(CustomerAttached),
}

/// orderCustomerUp: the two steps of bringing customer data into the order.
pub async fn up(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<CustomerUpArgs>) -> Result<Done<CustomerUpAnswer>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let wanted = wanted((&args.category, &args.source), (&args.add_time, &args.end_time), &mut checks);
    let step = TwoStep::required("typeY", &args.type_y, TwoStep::BAD, &mut checks);
    checks.finish()?;
    match step {
        Some(TwoStep(1)) => Ok(Done("预览完成", CustomerUpAnswer::Preview(Box::new(attach::preview(&state.db, &state.reads, &admin, order, &wanted).await?)))),
        _ => {
            let attached = attach::apply(&state.db, &state.reads, &admin, order, &wanted, Text::get(&args.basis)).await?;
            crate::orders::evaluation::alerts::after_write(&state.db, &state.reads, &[order]).await;
            Ok(Done("更新成功", CustomerUpAnswer::Attached(attached)))
        }
    }
}
