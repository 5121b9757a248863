//! Adjustment proposals (调整建议, spec orders §2.8 proposal list, §4): orderProposalAdd,
//! orderProposalList and orderProposalSta, which marks a pending ('1') proposal adjusted ('2').

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use super::fields::{OrderIdArgs, PICK_ORDER};
use super::log;
use crate::auth::session::Admin;
use crate::http::args::{Arg, Day, Id};
use crate::http::{AppError, Args, Checks, Done, Result, Text};
use crate::state::AppState;

#[derive(Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ProposalRow {
    pub id: i64,
    pub proposal_text: String,
    pub create_time: String,
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
        "select p.id, p.proposal_text, to_char(p.created_at, 'YYYY-MM-DD HH24:MI:SS') as create_time,
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
    super::rows::fetch(&mut tx, order).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into order_proposals (order_id, proposal_text, adjust_date, created_by) values ($1, $2, $3, $4) returning id",
    )
    .bind(order)
    .bind(&text)
    .bind(date)
    .bind(admin.id)
    .fetch_one(&mut *tx)
    .await?;
    log::record(&mut tx, order, &admin, format!("添加调整建议：{text}"), None).await?;
    let row = sqlx::query_as(
        "select id, proposal_text, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') as create_time,
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
    let found: Option<(i16, String)> =
        sqlx::query_as("select status, proposal_text from order_proposals where id = $1 and order_id = $2 for update")
            .bind(id)
            .bind(order)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((status, text)) = found else { return Err(AppError::NotFound("调整建议不存在".into())) };
    if status == 2 {
        return Err(AppError::conflict("该建议已调整"));
    }
    sqlx::query("update order_proposals set status = 2, settled_by = $2, settled_at = now() where id = $1")
        .bind(id)
        .bind(admin.id)
        .execute(&mut *tx)
        .await?;
    log::record(&mut tx, order, &admin, format!("完成调整：{text}"), None).await?;
    tx.commit().await?;
    Ok(Done("调整完毕", ()))
}
