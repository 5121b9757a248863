//! Adjustment proposals (调整建议, docs/screens.md "Summary dialog" proposal list, "Order dialogs"): orderProposalAdd,
//! orderProposalList and orderProposalSta, which marks a pending ('1') proposal adjusted ('2').
//! Adding and settling one is the domain's ([`crate::orders::proposals`]).

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::{OrderIdArgs, PICK_ORDER};
use crate::auth::session::Admin;
use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::http::args::{Arg, Day, Id};
use crate::http::{Args, Done, Text};
use crate::orders::proposals;
use crate::state::AppState;

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ProposalRow {
    pub id: i64,
    pub proposal_text: String,
    pub create_time: LocalTime,
    /// `YYYY-MM-DD`.
    pub adjust_date: String,
    /// '1' pending, '2' adjusted.
    pub proposal_status: String,
    pub admin_name: String,
}

/// orderProposalList: the order's proposals, newest first.
pub async fn list(State(state): State<AppState>, Args(args): Args<OrderIdArgs>) -> Result<Done<Vec<ProposalRow>>> {
    let (mut conn, id) = super::rows::existing(&state, &args).await?;
    let rows = sqlx::query_as(
        "select p.id, p.proposal_text, p.created_at::timestamp as create_time,
                to_char(p.adjust_date, 'YYYY-MM-DD') as adjust_date, p.status::text as proposal_status,
                coalesce(a.name, '') as admin_name
         from order_proposals p left join admins a on a.id = p.created_by
         where p.order_id = $1 order by p.created_at desc, p.id desc",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProposalArgs {
    order_id: Option<Text>,
    proposal_text: Option<Text>,
    /// `YYYY-MM-DD`.
    adjust_date: Option<Text>,
}

/// orderProposalAdd.
pub async fn add(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<ProposalArgs>) -> Result<Done<ProposalRow>> {
    let mut checks = Checks::default();
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    let text = Text::get(&args.proposal_text).unwrap_or("").to_owned();
    if text.is_empty() {
        checks.add("proposalText", "请输入调整建议");
    } else if text.chars().count() > 1000 {
        checks.add("proposalText", "调整建议不能超过1000个字符");
    }
    let date = Day::required("adjustDate", &args.adjust_date, "请选择调整日期", &mut checks).map(|Day(d)| d);
    checks.finish()?;
    let mut tx = state.db.begin().await?;
    let id = proposals::add(&mut tx, &admin, order, &text, date.expect("checked")).await?;
    let row = sqlx::query_as(
        "select id, proposal_text, created_at::timestamp as create_time,
                to_char(adjust_date, 'YYYY-MM-DD') as adjust_date, status::text as proposal_status, $2 as admin_name
         from order_proposals where id = $1",
    )
    .bind(id)
    .bind(&admin.name)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Done("添加完成", row))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProposalStaArgs {
    id: Option<Text>,
    order_id: Option<Text>,
}

/// orderProposalSta: a pending proposal is marked adjusted.
pub async fn settle(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<ProposalStaArgs>) -> Result<Done<()>> {
    let mut checks = Checks::default();
    let id = Id::picked("id", &args.id, "请选择调整建议", &mut checks);
    let order = Id::picked("orderId", &args.order_id, PICK_ORDER, &mut checks);
    checks.finish()?;
    let mut tx = state.db.begin().await?;
    proposals::settle(&mut tx, &admin, order, id).await?;
    tx.commit().await?;
    Ok(Done("调整完毕", ()))
}
