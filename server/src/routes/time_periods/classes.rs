//! Time-period classes (时段归纳): timePeriodClassList / Add / Up / Del. A class names a group
//! of one media's periods; a period is in at most one class, so adding it to a class moves it.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::clock::LocalTime;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{Arg, Id, Ids};
use crate::http::{Args, Done, Text};
use crate::state::AppState;

use super::{TimePeriodMedia, media_field};

#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TimePeriodClassRow {
    pub id: i64,
    /// The same as id (the spec names it both ways).
    pub class_id: i64,
    pub media_id: i64,
    #[sqlx(flatten)]
    pub media: TimePeriodMedia,
    pub time_period_class_name: String,
    /// The class's periods, comma-joined ids in broadcast order.
    pub time_period_id: String,
    pub update_time: LocalTime,
    pub create_time: LocalTime,
}

const SELECT_CLASS: &str = "
    select c.id, c.id as class_id, c.media_id, m.media_name, c.class_name as time_period_class_name,
           coalesce((select string_agg(tp.id::text, ',' order by tp.start_secs, tp.id)
                     from time_periods tp where tp.class_id = c.id), '') as time_period_id,
           c.updated_at::timestamp as update_time,
           c.created_at::timestamp as create_time
    from time_period_classes c join media m on m.id = c.media_id";

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClassListArgs {
    /// Only this media's classes.
    media_id: Option<Text>,
}

pub async fn list(State(state): State<AppState>, Args(args): Args<ClassListArgs>) -> Result<Done<Vec<TimePeriodClassRow>>> {
    let mut checks = Checks::default();
    let media = Id::filter("mediaId", &args.media_id, &mut checks);
    checks.finish()?;
    let rows = sqlx::query_as(&format!(
        "{SELECT_CLASS} where ($1::bigint is null or c.media_id = $1) order by m.media_name, c.class_name"
    ))
    .bind(media)
    .fetch_all(&state.db)
    .await?;
    Ok(Done("获取成功", rows))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClassArgs {
    /// Required for timePeriodClassUp.
    class_id: Option<Text>,
    media_id: Option<Text>,
    time_period_class_name: Option<Text>,
    /// timePeriodClassUp: the new name when given (else timePeriodClassName).
    time_period_class_name_up: Option<Text>,
    /// The periods of the class, comma-joined ids (all of the class's media). Periods in
    /// another class move to this one; on Up, periods left out become unclassified.
    time_period_id: Option<Text>,
}

struct ClassForm {
    media_id: i64,
    name: String,
    periods: Vec<i64>,
}

const PICK_CLASS: &str = "请选择时段归纳";

async fn validate(conn: &mut PgConnection, args: &ClassArgs) -> Result<ClassForm> {
    let mut checks = Checks::default();
    let media_id = media_field(&mut *conn, &args.media_id, &mut checks).await?;
    let name = Text::get(&args.time_period_class_name_up)
        .or(Text::get(&args.time_period_class_name))
        .unwrap_or("")
        .to_owned();
    if name.is_empty() {
        checks.add("timePeriodClassName", "请输入时段归纳名称");
    } else if name.chars().count() > 50 {
        checks.add("timePeriodClassName", "时段归纳名称不能超过50个字符");
    }
    let Ids(periods) = Ids::optional("timePeriodId", &args.time_period_id, &mut checks).unwrap_or_default();
    let found: Vec<(i64, i64, String)> =
        sqlx::query_as("select id, media_id, time_period_name from time_periods where id = any($1)")
            .bind(&periods)
            .fetch_all(&mut *conn)
            .await?;
    for id in &periods {
        match found.iter().find(|(f, _, _)| f == id) {
            None => checks.add("timePeriodId", format!("时段不存在：{id}")),
            Some((_, media, name)) if *media != media_id && media_id > 0 => {
                checks.add("timePeriodId", format!("时段「{name}」不属于所选媒体"));
            }
            Some(_) => {}
        }
    }
    checks.finish()?;
    Ok(ClassForm { media_id, name, periods })
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "time_period_classes_media_name_key", "timePeriodClassName", "该媒体下已存在同名时段归纳")
}

async fn fetch(conn: &mut PgConnection, id: i64) -> Result<TimePeriodClassRow> {
    sqlx::query_as(&format!("{SELECT_CLASS} where c.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| AppError::NotFound("时段归纳不存在".into()))
}

/// Makes `periods` exactly the class's periods.
async fn assign(conn: &mut PgConnection, class_id: i64, periods: &[i64]) -> Result<()> {
    sqlx::query("update time_periods set class_id = null where class_id = $1 and id <> all($2)")
        .bind(class_id)
        .bind(periods)
        .execute(&mut *conn)
        .await?;
    sqlx::query("update time_periods set class_id = $1 where id = any($2) and class_id is distinct from $1")
        .bind(class_id)
        .bind(periods)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn add(State(state): State<AppState>, Args(args): Args<ClassArgs>) -> Result<Done<TimePeriodClassRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let id: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, $2) returning id")
        .bind(form.media_id)
        .bind(&form.name)
        .fetch_one(&mut *tx)
        .await
        .map_err(on_duplicate)?;
    assign(&mut tx, id, &form.periods).await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

fn class_id(value: &Option<Text>) -> Result<i64> {
    let mut checks = Checks::default();
    let id = Id::picked("classId", value, PICK_CLASS, &mut checks);
    checks.finish().map(|()| id)
}

pub async fn up(State(state): State<AppState>, Args(args): Args<ClassArgs>) -> Result<Done<TimePeriodClassRow>> {
    let id = class_id(&args.class_id)?;
    let mut tx = state.db.begin().await?;
    fetch(&mut tx, id).await?;
    let form = validate(&mut tx, &args).await?;
    sqlx::query("update time_period_classes set media_id = $2, class_name = $3 where id = $1")
        .bind(id)
        .bind(form.media_id)
        .bind(&form.name)
        .execute(&mut *tx)
        .await
        .map_err(on_duplicate)?;
    assign(&mut tx, id, &form.periods).await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClassDelArgs {
    class_id: Option<Text>,
}

/// Deletes a class; its periods become unclassified (the foreign key sets them null).
pub async fn delete(State(state): State<AppState>, Args(args): Args<ClassDelArgs>) -> Result<Done<()>> {
    let id = class_id(&args.class_id)?;
    let deleted = sqlx::query("delete from time_period_classes where id = $1").bind(id).execute(&state.db).await?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("时段归纳不存在".into()));
    }
    Ok(Done("删除成功", ()))
}
