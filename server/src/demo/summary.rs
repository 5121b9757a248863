//! The summary dialog's part of the demo orders, written through the same cell calls staff
//! use, so a newcomer's 汇总 shows every kind of cell and the make-goods of a month:
//!
//! - 安慕希 (finished): policy 漏一补二, so its two missing spots owe four, none placed; a
//!   reason on the day a spot aired twice; a manual GRP on a verified cell.
//! - 农夫山泉 (on air): a spot withdrawn (撤掉) three days from now, with the customer's reason.
//! - 东方树叶 (last month confirmed): policy 错一补一; last month's first missing spot moved as a
//!   make-good (type B) to two days from now, so it owes 2, has 1 scheduled and 1 outstanding.

use chrono::{Days, NaiveDate};
use sqlx::PgPool;

use crate::auth::session::Admin;
use crate::orders::cells::edit::{self, Edit, Reason, Target};
use crate::orders::cells::{WITHDRAWN, grp, moves};

/// (cell, tape, period, type, point, day) of a cell of `order`.
type CellFacts = (i64, i64, i64, String, i32, NaiveDate);

async fn cell(db: &PgPool, order: i64, rule: &str) -> anyhow::Result<Option<CellFacts>> {
    let sql = format!(
        "select c.id, l.tape_id, l.time_period_id, l.point_type, c.point, c.ymd
         from order_cells c join order_lines l on l.id = c.line_id join time_periods p on p.id = l.time_period_id
         where l.order_id = $1 and {rule} order by c.ymd, p.start_secs, c.id limit 1"
    );
    Ok(sqlx::query_as(&sql).bind(order).fetch_optional(db).await?)
}

fn failed(what: &str) -> impl FnOnce(crate::error::AppError) -> anyhow::Error + '_ {
    move |e| anyhow::anyhow!("{what}: {e:?}")
}

/// Writes the cells above to the finished, on-air and running orders.
pub async fn load(db: &PgPool, admin: &Admin, [finished, on_air, running]: [i64; 3], today: NaiveDate) -> anyhow::Result<()> {
    for (order, policy) in [(finished, 3), (running, 2)] {
        sqlx::query("update orders set make_good_policy = $2 where id = $1").bind(order).bind(policy).execute(db).await?;
    }

    if let Some((id, tape, period, _, _, _)) = cell(db, running, "c.reason_disappearance = 1").await? {
        let suit: Option<i64> = sqlx::query_scalar(
            "select os.suit_id from order_suits os join suits s on s.id = os.suit_id
             join suit_time_periods st on st.suit_id = os.suit_id
             where os.order_id = $1 and st.time_period_id = $2 and s.suit_month = date_trunc('month', $3::date)::date
             order by os.suit_id limit 1",
        )
        .bind(running)
        .bind(period)
        .bind(today + Days::new(2))
        .fetch_optional(db)
        .await?;
        if let Some(suit) = suit {
            let mv = moves::Move {
                order: running,
                cell: id,
                tape,
                suit,
                period,
                point_type: "B".into(),
                ymd: Some(today + Days::new(2)),
                num: 1,
            };
            let mut tx = db.begin().await?;
            let preview = moves::preview(&mut tx, admin, &mv).await.map_err(failed("checking the demo move"))?;
            moves::apply(&mut tx, admin, &mv, Some(&preview.basis)).await.map_err(failed("moving the demo spot"))?;
            tx.commit().await?;
        }
    }
    // The free spot of the day the evening spot aired twice: its reason. Another verified cell:
    // a manual GRP.
    if let Some((id, ..)) = cell(db, finished, "c.is_he = 2 and l.point_type = 'C'").await? {
        let edit = Edit { spots: None, value: None, reason: Some(Reason::Record("节目时长调整，多播一次".into())) };
        let mut tx = db.begin().await?;
        edit::up(&mut tx, admin, finished, Target::Cells(vec![id]), &edit).await.map_err(failed("the demo reason"))?;
        tx.commit().await?;
    }
    if let Some((id, ..)) = cell(db, finished, "c.is_he = 2 and c.aired = c.point and c.reason_type = 1").await? {
        let mut tx = db.begin().await?;
        grp::manual_grp(&mut tx, admin, id, Some(1.25)).await.map_err(failed("the demo manual GRP"))?;
        tx.commit().await?;
    }

    let later = today + Days::new(3);
    let rule = format!("c.ymd = date '{later}' and c.point > 0");
    if let Some((id, ..)) = cell(db, on_air, &rule).await? {
        let edit = Edit {
            spots: None,
            value: Some(WITHDRAWN.into()),
            reason: Some(Reason::Record("客户要求撤播".into())),
        };
        let mut tx = db.begin().await?;
        edit::up(&mut tx, admin, on_air, Target::Cells(vec![id]), &edit).await.map_err(failed("the demo withdrawal"))?;
        tx.commit().await?;
    }
    Ok(())
}
