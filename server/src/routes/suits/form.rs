//! suitAdd / suitUp / suitDel / suitCopy. A suit holds entries: each a set of the suit
//! media's periods with a spot count (`timePeriodArray`, docs/api.md, "Payloads the spec leaves open").

use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::error::{AppError, Checks, Result};
use crate::http::args::{Arg, Id, IdArgs, Ids, Month};
use crate::http::{Args, Done, Text};
use crate::routes::time_periods::media_field;
use crate::state::AppState;

use super::rows::{SuitRow, fetch};

/// One entry of `timePeriodArray`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // documents the payload; entries are read from JSON by `entries`
pub struct SuitEntryArgs {
    /// Comma-joined period ids (an array or a single number is accepted too).
    time_period_id: String,
    /// Spots, at least 1.
    number_of_times: i64,
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SuitArgs {
    /// Required for suitUp.
    id: Option<Text>,
    media_id: Option<Text>,
    brand_id: Option<Text>,
    suit_name: Option<Text>,
    /// Contracted GRP, customer side (≥ 0, 3 decimals).
    customer_metrics: Option<Text>,
    /// Contracted GRP, media side (≥ 0, 3 decimals).
    media_metrics: Option<Text>,
    /// Spot length in seconds.
    seconds: Option<Text>,
    /// The month sold, `YYYY-MM`.
    suit_time: Option<Text>,
    /// The entries: a JSON array, or a JSON string of that array (form bodies).
    #[schema(value_type = Vec<SuitEntryArgs>)]
    time_period_array: Option<Value>,
}

struct SuitForm {
    media_id: i64,
    brand_id: i64,
    name: String,
    customer_metrics: f64,
    media_metrics: f64,
    seconds: i32,
    month: NaiveDate,
    /// (period ids, count), period sets distinct.
    entries: Vec<(Vec<i64>, i32)>,
}

const FIELD: &str = "timePeriodArray";

fn metric(field: &str, value: &Option<Text>, missing: &str, bad: &str, checks: &mut Checks) -> f64 {
    match Text::get(value).map(str::parse::<f64>) {
        None => checks.add(field, missing),
        // Bounded as stored (3 decimals): 99999999999.9999 would round to 10^11.
        Some(Ok(n)) if n.is_finite() && (0.0..1e11).contains(&((n * 1000.0).round() / 1000.0)) => return (n * 1000.0).round() / 1000.0,
        Some(_) => checks.add(field, bad),
    }
    0.0
}

/// A JSON value as comma-joined text: `"3,4"`, `[3, 4]` and `3` all read as ids 3 and 4.
fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(value_text).collect::<Vec<_>>().join(","),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Reads `timePeriodArray`. An entry whose period set repeats an earlier one replaces it,
/// as re-adding does in the dialog.
fn entries(value: &Option<Value>, checks: &mut Checks) -> Vec<(Vec<i64>, i32)> {
    let parsed = match value {
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => serde_json::from_str::<Value>(s).ok().or(Some(Value::Null)),
        Some(Value::Null) | None => None,
        Some(other) => Some(other.clone()),
    };
    let items = match parsed {
        None => {
            checks.add(FIELD, "请选择时段列表");
            return Vec::new();
        }
        Some(Value::Array(items)) if items.is_empty() => {
            checks.add(FIELD, "请选择时段列表");
            return Vec::new();
        }
        Some(Value::Array(items)) => items,
        Some(_) => {
            checks.add(FIELD, "时段列表格式错误");
            return Vec::new();
        }
    };
    let mut out: Vec<(Vec<i64>, i32)> = Vec::new();
    for item in items {
        let ids = Ids::read(&value_text(&item["timePeriodId"])).map(|Ids(ids)| ids);
        let count = match &item["numberOfTimes"] {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        let Some(mut ids) = ids else {
            checks.add(FIELD, "时段格式错误");
            continue;
        };
        if ids.is_empty() {
            checks.add(FIELD, "请选择时段名称");
            continue;
        }
        let count = match count {
            Some(n) if (1..=i64::from(i32::MAX)).contains(&n) => n as i32,
            _ => {
                checks.add(FIELD, "次数必须是大于等于1的整数");
                continue;
            }
        };
        ids.sort_unstable();
        match out.iter_mut().find(|(seen, _)| *seen == ids) {
            Some(entry) => entry.1 = count,
            None => out.push((ids, count)),
        }
    }
    out
}

async fn validate(conn: &mut PgConnection, args: &SuitArgs) -> Result<SuitForm> {
    let mut checks = Checks::default();
    let media_id = media_field(&mut *conn, &args.media_id, &mut checks).await?;
    let brand_id = Id::picked("brandId", &args.brand_id, "请选择品牌名称", &mut checks);
    if brand_id > 0 {
        crate::master::brands::check(&mut *conn, brand_id, &mut checks).await?;
    }
    let name = Text::get(&args.suit_name).unwrap_or("").to_owned();
    if name.is_empty() {
        checks.add("suitName", "请输入套装名称");
    } else if name.chars().count() > 50 {
        checks.add("suitName", "套装名称不能超过50个字符");
    }
    let customer_metrics = metric("customerMetrics", &args.customer_metrics, "请输入客户指标", "客户指标必须是大于等于0的数字", &mut checks);
    let media_metrics = metric("mediaMetrics", &args.media_metrics, "请输入媒体指标", "媒体指标必须是大于等于0的数字", &mut checks);
    let seconds = match Text::get(&args.seconds).map(str::parse::<i32>) {
        None => {
            checks.add("seconds", "请选择秒数");
            0
        }
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            checks.add("seconds", "秒数必须是正整数");
            0
        }
    };
    let month = Month::required("suitTime", &args.suit_time, "请选择套装时间", &mut checks).map(|Month(m)| m);
    let entries = entries(&args.time_period_array, &mut checks);
    let ids: Vec<i64> = entries.iter().flat_map(|(ids, _)| ids.iter().copied()).collect();
    let found: Vec<(i64, i64, String)> =
        sqlx::query_as("select id, media_id, time_period_name from time_periods where id = any($1)")
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?;
    for id in &ids {
        match found.iter().find(|(f, _, _)| f == id) {
            None => checks.add(FIELD, format!("时段不存在：{id}")),
            Some((_, media, name)) if *media != media_id && media_id > 0 => {
                checks.add(FIELD, format!("时段「{name}」不属于所选媒体"));
            }
            Some(_) => {}
        }
    }
    checks.finish()?;
    let month = month.unwrap_or_default();
    Ok(SuitForm { media_id, brand_id, name, customer_metrics, media_metrics, seconds, month, entries })
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "suits_name_key", "suitName", "该媒体和品牌在该月已有同名套装")
}

async fn write_entries(conn: &mut PgConnection, suit: i64, entries: &[(Vec<i64>, i32)]) -> Result<()> {
    sqlx::query("delete from suit_time_periods where suit_id = $1").bind(suit).execute(&mut *conn).await?;
    let (mut nos, mut periods, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    for (no, (ids, count)) in entries.iter().enumerate() {
        for id in ids {
            nos.push(no as i32 + 1);
            periods.push(*id);
            counts.push(*count);
        }
    }
    sqlx::query(
        "insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times)
         select $1, * from unnest($2::int[], $3::bigint[], $4::int[])",
    )
    .bind(suit)
    .bind(&nos)
    .bind(&periods)
    .bind(&counts)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn add(State(state): State<AppState>, Args(args): Args<SuitArgs>) -> Result<Done<SuitRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
         values ($1, $2, $3, $4::numeric, $5::numeric, $6, $7) returning id",
    )
    .bind(form.media_id)
    .bind(form.brand_id)
    .bind(&form.name)
    .bind(form.customer_metrics)
    .bind(form.media_metrics)
    .bind(form.seconds)
    .bind(form.month)
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    write_entries(&mut tx, id, &form.entries).await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

const PICK_SUIT: &str = "请选择套装";

pub async fn up(State(state): State<AppState>, Args(args): Args<SuitArgs>) -> Result<Done<SuitRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK_SUIT)?;
    let mut tx = state.db.begin().await?;
    fetch(&mut tx, id).await?;
    let form = validate(&mut tx, &args).await?;
    sqlx::query(
        "update suits set media_id = $2, brand_id = $3, suit_name = $4, customer_metrics = $5::numeric,
                media_metrics = $6::numeric, seconds = $7, suit_month = $8
         where id = $1",
    )
    .bind(id)
    .bind(form.media_id)
    .bind(form.brand_id)
    .bind(&form.name)
    .bind(form.customer_metrics)
    .bind(form.media_metrics)
    .bind(form.seconds)
    .bind(form.month)
    .execute(&mut *tx)
    .await
    .map_err(|e| match &e {
        // An order is sold on the suit of its media: the suit keeps its media while one is.
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该套装已被订单使用，不能更换媒体"),
        _ => on_duplicate(e),
    })?;
    write_entries(&mut tx, id, &form.entries).await?;
    // The entries live in their own table: touch the suit so its update time says so.
    sqlx::query("update suits set updated_at = now() where id = $1").bind(id).execute(&mut *tx).await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

pub async fn delete(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK_SUIT)?;
    // An order sold on the suit refers to it (its metrics and 套装剩余次数 come from it): the
    // database refuses the delete, which must answer a conflict, not an internal error.
    let orders: i64 = sqlx::query_scalar("select count(distinct order_id) from order_suits where suit_id = $1")
        .bind(id)
        .fetch_one(&state.db)
        .await?;
    if orders > 0 {
        return Err(AppError::conflict(format!("该套装已被 {orders} 个订单使用，无法删除")));
    }
    let deleted = sqlx::query("delete from suits where id = $1").bind(id).execute(&state.db).await.map_err(|e| match &e {
        // An order that took the suit after the count above.
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该套装已被订单使用，无法删除"),
        _ => e.into(),
    })?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("套装不存在".into()));
    }
    Ok(Done("删除成功", ()))
}

/// The first of `name - 副本`, `name - 副本2`, … not taken.
fn copy_name(name: &str, taken: &[String]) -> String {
    let base = format!("{name} - 副本");
    (1..)
        .map(|n| if n == 1 { base.clone() } else { format!("{base}{n}") })
        .find(|candidate| !taken.contains(candidate))
        .expect("an unbounded range finds a free name")
}

/// Duplicates a suit and its entries in the same month, under a new name.
pub async fn copy(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<SuitRow>> {
    let id = args.required(PICK_SUIT)?;
    let mut tx = state.db.begin().await?;
    let source = fetch(&mut tx, id).await?;
    let taken: Vec<String> = sqlx::query_scalar(
        "select suit_name from suits where media_id = $1 and brand_id = $2
           and suit_month = (select suit_month from suits where id = $3) and starts_with(suit_name, $4)",
    )
    .bind(source.media_id)
    .bind(source.brand_id)
    .bind(id)
    .bind(&source.suit_name)
    .fetch_all(&mut *tx)
    .await?;
    let copied: i64 = sqlx::query_scalar(
        "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
         select media_id, brand_id, $2, customer_metrics, media_metrics, seconds, suit_month from suits where id = $1
         returning id",
    )
    .bind(id)
    .bind(copy_name(&source.suit_name, &taken))
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    sqlx::query(
        "insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times)
         select $2, entry_no, time_period_id, number_of_times from suit_time_periods where suit_id = $1",
    )
    .bind(id)
    .bind(copied)
    .execute(&mut *tx)
    .await?;
    let row = fetch(&mut tx, copied).await?;
    tx.commit().await?;
    Ok(Done("复制成功", row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn entries_read_arrays_strings_and_replace_a_repeated_period_set() {
        let mut checks = Checks::default();
        let value = json!([{"timePeriodId": "3,4", "numberOfTimes": 2}, {"timePeriodId": [5], "numberOfTimes": "1"}, {"timePeriodId": "4,3", "numberOfTimes": 6}]);
        assert_eq!(entries(&Some(value.clone()), &mut checks), vec![(vec![3, 4], 6), (vec![5], 1)]);
        let text = Value::String(value.to_string());
        assert_eq!(entries(&Some(text), &mut checks).len(), 2);
        assert!(checks.finish().is_ok());
    }

    #[test]
    fn copies_take_the_first_free_name() {
        assert_eq!(copy_name("春季", &[]), "春季 - 副本");
        let taken = vec!["春季 - 副本".to_owned(), "春季 - 副本2".to_owned()];
        assert_eq!(copy_name("春季", &taken), "春季 - 副本3");
    }
}
