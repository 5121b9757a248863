//! Writing the order log: every change to an order, its schedule, tapes and proposals, with
//! who made it (an account, or the system for housekeeping and jobs without one), and what an
//! edit of the order's own fields changed, in words.

use serde_json::Value;
use sqlx::PgConnection;

use super::order::{Order, Side, day_text};
use crate::auth::session::Admin;

/// Logs a change `admin` made through a call.
pub async fn record(conn: &mut PgConnection, order: i64, admin: &Admin, content: String, snapshot: Option<Value>) -> sqlx::Result<()> {
    write(conn, order, Some(admin.id), &admin.name, content, snapshot).await
}

/// Logs a change, made by an account (`admin_id`, shown as `admin_name`) or by the system.
pub async fn write(
    conn: &mut PgConnection,
    order: i64,
    admin_id: Option<i64>,
    admin_name: &str,
    content: String,
    snapshot: Option<Value>,
) -> sqlx::Result<()> {
    // The time of the write, not of the transaction's start: writes that waited for the order's
    // lock would otherwise list before the ones they waited for.
    sqlx::query(
        "insert into order_logs (order_id, admin_id, admin_name, content, snapshot, created_at)
         values ($1, $2, $3, $4, $5, clock_timestamp())",
    )
    .bind(order)
    .bind(admin_id)
    .bind(admin_name)
    .bind(content)
    .bind(snapshot)
    .execute(conn)
    .await?;
    Ok(())
}

/// What an edit changed, in words: `周期 2026-03-01 ~ 2026-03-31 → 2026-03-01 ~ 2026-04-15；备注 …`.
pub fn describe_changes(before: &Order, after: &Order) -> String {
    let calc = |c: i16| match c {
        2 => "百分比",
        3 => "常规",
        _ => "无",
    };
    let policy = |p: i16| match p {
        2 => "错一补一",
        3 => "漏一补二",
        _ => "无",
    };
    let tapes = |o: &Order| o.tape_names.join("、");
    let cycle = |o: &Order| format!("{} ~ {}", day_text(o.fields.cycle.0), day_text(o.fields.cycle.1));
    let blank = |o: &Order| o.fields.blank_weeks.iter().map(|d| day_text(*d)).collect::<Vec<_>>().join(",");
    let opt = |v: Option<i16>| v.map_or("不限".to_owned(), |v| v.to_string());
    let free = |s: &Side| format!("{} {}", calc(s.calc), s.value);
    let (b, a) = (&before.fields, &after.fields);
    let (b_metrics, a_metrics) = (before.metrics(), after.metrics());
    let pairs: Vec<(&str, String, String)> = vec![
        ("磁带", tapes(before), tapes(after)),
        ("周期", cycle(before), cycle(after)),
        ("跟进日期", day_text(b.follow_date), day_text(a.follow_date)),
        ("空档日期", blank(before), blank(after)),
        ("备注", b.notes.clone(), a.notes.clone()),
        ("调整数量", b.adjusting_quantity.to_string(), a.adjusting_quantity.to_string()),
        ("数据类别", opt(b.category), opt(a.category)),
        ("数据来源", opt(b.source), opt(a.source)),
        ("补播政策", policy(b.make_good_policy).to_owned(), policy(a.make_good_policy).to_owned()),
        ("客户赠播", free(&b.customer), free(&a.customer)),
        ("客户指标", b_metrics.0.to_string(), a_metrics.0.to_string()),
        ("媒体赠播", free(&b.media), free(&a.media)),
        ("媒体指标", b_metrics.1.to_string(), a_metrics.1.to_string()),
    ];
    pairs
        .into_iter()
        .filter(|(_, a, b)| a != b)
        .map(|(name, a, b)| {
            let shown = |s: String| if s.is_empty() { "（空）".to_owned() } else { s };
            format!("{name} {} → {}", shown(a), shown(b))
        })
        .collect::<Vec<_>>()
        .join("；")
}

/// The name of who acts, for the order log: the account's, or 系统 for a job without one.
pub async fn admin_name(conn: &mut PgConnection, admin_id: Option<i64>) -> sqlx::Result<String> {
    let name: Option<String> = sqlx::query_scalar("select name from admins where id = $1").bind(admin_id).fetch_optional(&mut *conn).await?;
    Ok(name.unwrap_or_else(|| "系统".into()))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::orders::order::{Editable, Locked};

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn order() -> Order {
        let side = |metrics| Side { calc: 1, value: 0.0, metrics: Some(metrics) };
        Order {
            id: 1,
            locked: Locked { media_id: 1, product_id: 1, default_id: 1, seconds: 15, suits: vec![1] },
            fields: Editable {
                tapes: vec![1],
                cycle: (day("2026-03-01"), day("2026-03-31")),
                follow_date: day("2026-03-05"),
                blank_weeks: vec![],
                notes: "首单".into(),
                adjusting_quantity: 0.0,
                category: None,
                source: Some(2),
                make_good_policy: 1,
                customer: side(150.75),
                media: side(120.0),
            },
            tape_names: vec!["A".into()],
        }
    }

    #[test]
    fn an_unchanged_order_describes_no_change() {
        assert_eq!(describe_changes(&order(), &order()), "");
    }

    #[test]
    fn each_changed_field_is_named_with_both_values_in_the_dialogs_order() {
        let before = order();
        let mut after = order();
        after.tape_names = vec!["B".into(), "A".into()];
        after.fields.blank_weeks = vec![day("2026-03-07"), day("2026-03-08")];
        after.fields.notes = String::new();
        after.fields.category = Some(3);
        after.fields.source = None;
        after.fields.customer = Side { calc: 2, value: 10.5, metrics: Some(200.0) };
        assert_eq!(
            describe_changes(&before, &after),
            "磁带 A → B、A；空档日期 （空） → 2026-03-07,2026-03-08；备注 首单 → （空）；数据类别 不限 → 3；\
             数据来源 2 → 不限；客户赠播 无 0 → 百分比 10.5；客户指标 150.75 → 200"
        );
    }

    #[test]
    fn days_read_as_postgres_writes_them() {
        assert_eq!(day_text(day("2026-03-01")), "2026-03-01");
        assert_eq!(day_text(NaiveDate::from_ymd_opt(12026, 1, 2).unwrap()), "12026-01-02");
    }
}
