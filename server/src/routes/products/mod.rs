//! Products (docs/screens.md "Master-data screens" product management, "Master-data validation" Product, product form, docs/api.md "Paths"
//! productIndex … productCopy), and the productList lookup other screens pick products from.

pub mod form;
pub mod rows;

use axum::extract::State;
use axum::routing::{get, post};
use serde::Deserialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::auth::menu::MENU_PRODUCT;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{self, Id, IdArgs, Paging, Seconds, Timestamp};
use crate::http::call::Call;
use crate::http::{Args, Done, Page, Text};
use crate::sql::Where;
use crate::state::AppState;

use self::form::{ProductArgs, ProductForm, validate};
use self::rows::{ProductOption, ProductRow, SELECT_ROW, fetch};
use super::Endpoint;

pub static INDEX: Call = Call::get("productIndex", "产品列表")
    .menu(MENU_PRODUCT)
    .takes::<ListArgs>()
    .answers_with::<Page<ProductRow>, ProductRow>();
pub static ADD: Call = Call::post("productAdd", "添加产品")
    .menu(MENU_PRODUCT)
    .writes()
    .takes::<ProductArgs>()
    .answers_with::<ProductRow, ProductRow>();
pub static UP: Call = Call::post("productUp", "修改产品")
    .menu(MENU_PRODUCT)
    .writes()
    .takes::<ProductArgs>()
    .answers_with::<ProductRow, ProductRow>();
pub static DEL: Call = Call::post("productDel", "删除产品").menu(MENU_PRODUCT).writes().takes::<IdArgs>();
pub static COPY: Call = Call::post("productCopy", "复制产品")
    .menu(MENU_PRODUCT)
    .writes()
    .takes::<IdArgs>()
    .answers_with::<ProductRow, ProductRow>();
pub static LIST: Call = Call::get("productList", "产品选项")
    .takes::<OptionArgs>()
    .answers_with::<Vec<ProductOption>, ProductOption>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index) },
        Endpoint { call: &ADD, handler: post(add) },
        Endpoint { call: &UP, handler: post(up) },
        Endpoint { call: &DEL, handler: post(del) },
        Endpoint { call: &COPY, handler: post(copy) },
        Endpoint { call: &LIST, handler: get(list) },
    ]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ListArgs {
    page: Option<Text>,
    /// Default 10.
    limit: Option<Text>,
    /// Brand id.
    #[serde(rename = "brandIdi")]
    brand_idi: Option<Text>,
    /// Part of the product name.
    #[serde(rename = "productNamei")]
    product_namei: Option<Text>,
    /// Seconds at least.
    #[serde(rename = "secondsGt")]
    seconds_gt: Option<Text>,
    /// Seconds at most.
    secondslt: Option<Text>,
    /// Products that include this audience/city group.
    #[serde(rename = "audienceCityGroupIdi")]
    audience_city_group_idi: Option<Text>,
    /// Updated at or after: unix seconds (or milliseconds).
    #[serde(rename = "updatetimeGt")]
    updatetime_gt: Option<Text>,
    /// Updated at or before: unix seconds (or milliseconds).
    #[serde(rename = "updatetimeLt")]
    updatetime_lt: Option<Text>,
    /// Created at or after: unix seconds (or milliseconds).
    #[serde(rename = "createtimeGt")]
    createtime_gt: Option<Text>,
    /// Created at or before: unix seconds (or milliseconds).
    createtimelt: Option<Text>,
}

/// The productIndex filters that were given; bounds are inclusive.
struct ListFilter {
    brand: Option<i64>,
    name: Option<String>,
    seconds_from: Option<i32>,
    seconds_to: Option<i32>,
    group: Option<i64>,
    updated_from: Option<chrono::DateTime<chrono::Utc>>,
    updated_to: Option<chrono::DateTime<chrono::Utc>>,
    created_from: Option<chrono::DateTime<chrono::Utc>>,
    created_to: Option<chrono::DateTime<chrono::Utc>>,
}

impl ListFilter {
    /// ` where …` over `products p`, binding only the filters given.
    fn push(&self, q: &mut sqlx::QueryBuilder<'_, sqlx::Postgres>) {
        Where::new(q)
            .eq("p.brand_id", self.brand)
            .contains("p.product_name", self.name.clone())
            .and("p.seconds >= ", self.seconds_from, "")
            .and("p.seconds <= ", self.seconds_to, "")
            .and(
                "exists (select 1 from product_audience_groups x where x.product_id = p.id and x.audience_group_id = ",
                self.group,
                ")",
            )
            .and("p.updated_at >= ", self.updated_from, "")
            .and("p.updated_at <= ", self.updated_to, "")
            .and("p.created_at >= ", self.created_from, "")
            .and("p.created_at <= ", self.created_to, "");
    }
}

/// A list row with the count of every row that passes the filters.
#[derive(sqlx::FromRow)]
struct Counted {
    #[sqlx(flatten)]
    row: ProductRow,
    total: i64,
}

async fn index(State(state): State<AppState>, Args(args): Args<ListArgs>) -> Result<Done<Page<ProductRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 10, &mut checks);
    let brand = Id::filter("brandIdi", &args.brand_idi, &mut checks);
    let seconds_from = Seconds::filter("secondsGt", &args.seconds_gt, &mut checks);
    let seconds_to = Seconds::filter("secondslt", &args.secondslt, &mut checks);
    let group = Id::filter("audienceCityGroupIdi", &args.audience_city_group_idi, &mut checks);
    let updated_from = Timestamp::filter("updatetimeGt", &args.updatetime_gt, &mut checks);
    let updated_to = Timestamp::filter("updatetimeLt", &args.updatetime_lt, &mut checks);
    let created_from = Timestamp::filter("createtimeGt", &args.createtime_gt, &mut checks);
    let created_to = Timestamp::filter("createtimelt", &args.createtimelt, &mut checks);
    checks.finish()?;
    let filter = ListFilter {
        brand,
        name: args::text(&args.product_namei),
        seconds_from,
        seconds_to,
        group,
        updated_from,
        updated_to,
        created_from,
        created_to,
    };
    // The page and the count in one statement: one round trip (and one snapshot) per list. Only
    // the filters given are in the SQL, and the page bounds are literals, so the plain first page
    // has no parameter and Postgres plans it once per connection instead of on every call
    // (planning cost more than running it). A page past the end has no row to carry the count,
    // so only then is it asked for alone.
    let mut query = sqlx::QueryBuilder::new("select t.*, (select count(*) from products p");
    filter.push(&mut query);
    query.push(format_args!(") as total from ({SELECT_ROW}"));
    filter.push(&mut query);
    query.push(format_args!(" order by p.id desc limit {} offset {}) t order by t.id desc", paging.limit, paging.offset()));
    let page: Vec<Counted> = query.build_query_as().fetch_all(&state.db).await?;
    let total = match page.first() {
        Some(first) => first.total,
        None => {
            let mut count = sqlx::QueryBuilder::new("select count(*) from products p");
            filter.push(&mut count);
            count.build_query_scalar().fetch_one(&state.db).await?
        }
    };
    let data = page.into_iter().map(|c| c.row).collect();
    Ok(Done("获取成功", Page { data, total }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OptionArgs {
    /// Products of this brand.
    brand_id: Option<Text>,
    /// Products usable on this media: theirs, or with no media.
    media_id: Option<Text>,
    /// Part of the product name.
    product_name: Option<Text>,
}

async fn list(State(state): State<AppState>, Args(args): Args<OptionArgs>) -> Result<Done<Vec<ProductOption>>> {
    let mut checks = Checks::default();
    let brand = Id::filter("brandId", &args.brand_id, &mut checks);
    let media = Id::filter("mediaId", &args.media_id, &mut checks);
    checks.finish()?;
    let mut conn = state.db.acquire().await?;
    Ok(Done("获取成功", rows::options(&mut conn, brand, media, args::text(&args.product_name)).await?))
}

fn on_duplicate(e: sqlx::Error) -> AppError {
    AppError::on_unique(e, "products_brand_name_key", "productName", "该品牌下已有同名产品")
}

async fn write_groups(conn: &mut PgConnection, product: i64, groups: &[i64]) -> Result<()> {
    sqlx::query("delete from product_audience_groups where product_id = $1").bind(product).execute(&mut *conn).await?;
    sqlx::query(
        "insert into product_audience_groups (product_id, audience_group_id, position)
         select $1, g, n from unnest($2::bigint[]) with ordinality as t(g, n)",
    )
    .bind(product)
    .bind(groups)
    .execute(conn)
    .await?;
    Ok(())
}

async fn add(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<ProductRow>> {
    let mut tx = state.db.begin().await?;
    let form = validate(&mut tx, &args).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
                               upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per,
                               false_prime_upside_down_three_per, jack_requirements, note_one, note_two)
         values ($1, $2, $3, $4, $5, $6::numeric, $7, $8::numeric, $9::numeric, $10::numeric, $11, $12, $13)
         returning id",
    )
    .bind(form.brand_id)
    .bind(form.media_id)
    .bind(&form.product_name)
    .bind(form.seconds)
    .bind(form.default_group)
    .bind(form.upside_down_three_per)
    .bind(&form.prime_time)
    .bind(form.prime_time_per)
    .bind(form.prime_upside_down_three_per)
    .bind(form.false_prime_upside_down_three_per)
    .bind(&form.jack_requirements)
    .bind(&form.note_one)
    .bind(&form.note_two)
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    write_groups(&mut tx, id, &form.groups).await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("添加成功", row))
}

const PICK_PRODUCT: &str = "请选择产品";

/// A product's tapes must keep matching it: its brand can't change under them, nor its media
/// move away from theirs.
async fn check_tapes(conn: &mut PgConnection, id: i64, form: &ProductForm) -> Result<()> {
    let (other_brand, other_media): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where brand_id <> $2),
                count(*) filter (where $3::bigint is not null and media_id <> $3)
         from product_tapes where product_id = $1",
    )
    .bind(id)
    .bind(form.brand_id)
    .bind(form.media_id)
    .fetch_one(conn)
    .await?;
    if other_brand > 0 {
        let message = format!("该产品已有 {other_brand} 个磁带属于原品牌，不能修改品牌");
        return Err(AppError::duplicate("brandId", &message));
    }
    if other_media > 0 {
        let message = format!("该产品已有 {other_media} 个磁带属于其他媒体，不能修改媒体");
        return Err(AppError::duplicate("mediaId", &message));
    }
    Ok(())
}

async fn up(State(state): State<AppState>, Args(args): Args<ProductArgs>) -> Result<Done<ProductRow>> {
    let id = IdArgs { id: args.id.clone() }.required(PICK_PRODUCT)?;
    let mut tx = state.db.begin().await?;
    sqlx::query("select id from products where id = $1 for update")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| AppError::NotFound("产品不存在".into()))?;
    let form = validate(&mut tx, &args).await?;
    check_tapes(&mut tx, id, &form).await?;
    sqlx::query(
        "update products set brand_id = $2, media_id = $3, product_name = $4, seconds = $5,
                default_audience_group_id = $6, upside_down_three_per = $7::numeric, prime_time = $8,
                prime_time_per = $9::numeric, prime_upside_down_three_per = $10::numeric,
                false_prime_upside_down_three_per = $11::numeric, jack_requirements = $12,
                note_one = $13, note_two = $14
         where id = $1",
    )
    .bind(id)
    .bind(form.brand_id)
    .bind(form.media_id)
    .bind(&form.product_name)
    .bind(form.seconds)
    .bind(form.default_group)
    .bind(form.upside_down_three_per)
    .bind(&form.prime_time)
    .bind(form.prime_time_per)
    .bind(form.prime_upside_down_three_per)
    .bind(form.false_prime_upside_down_three_per)
    .bind(&form.jack_requirements)
    .bind(&form.note_one)
    .bind(&form.note_two)
    .execute(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    write_groups(&mut tx, id, &form.groups).await?;
    let row = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Done("修改成功", row))
}

async fn del(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<()>> {
    let id = args.required(PICK_PRODUCT)?;
    let mut tx = state.db.begin().await?;
    let tapes: i64 = sqlx::query_scalar("select count(*) from product_tapes where product_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if tapes > 0 {
        return Err(AppError::conflict(format!("该产品已被 {tapes} 个磁带使用，无法删除")));
    }
    let deleted = sqlx::query("delete from products where id = $1").bind(id).execute(&mut *tx).await.map_err(|e| {
        // Records added by later areas (orders) refer to products too.
        match &e {
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => AppError::conflict("该产品已被订单等数据使用，无法删除"),
            _ => e.into(),
        }
    })?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::NotFound("产品不存在".into()));
    }
    tx.commit().await?;
    Ok(Done("删除成功", ()))
}

/// `name - 副本`, then `name - 副本2`, … : the first not yet taken within the brand.
async fn copy_name(conn: &mut PgConnection, brand: i64, name: &str) -> Result<String> {
    let taken: Vec<String> = sqlx::query_scalar(
        "select product_name from products where brand_id = $1 and starts_with(product_name, $2)",
    )
    .bind(brand)
    .bind(format!("{name} - 副本"))
    .fetch_all(conn)
    .await?;
    let candidate = |n: usize| if n == 1 { format!("{name} - 副本") } else { format!("{name} - 副本{n}") };
    Ok((1..).map(candidate).find(|c| !taken.contains(c)).unwrap_or_default())
}

async fn copy(State(state): State<AppState>, Args(args): Args<IdArgs>) -> Result<Done<ProductRow>> {
    let id = args.required(PICK_PRODUCT)?;
    let mut tx = state.db.begin().await?;
    let source: Option<(i64, String)> = sqlx::query_as("select brand_id, product_name from products where id = $1 for update")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    let (brand, name) = source.ok_or_else(|| AppError::NotFound("产品不存在".into()))?;
    let new_name = copy_name(&mut tx, brand, &name).await?;
    let new_id: i64 = sqlx::query_scalar(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
                               upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per,
                               false_prime_upside_down_three_per, jack_requirements, note_one, note_two)
         select brand_id, media_id, $2, seconds, default_audience_group_id, upside_down_three_per, prime_time,
                prime_time_per, prime_upside_down_three_per, false_prime_upside_down_three_per,
                jack_requirements, note_one, note_two
         from products where id = $1
         returning id",
    )
    .bind(id)
    .bind(&new_name)
    .fetch_one(&mut *tx)
    .await
    .map_err(on_duplicate)?;
    sqlx::query(
        "insert into product_audience_groups (product_id, audience_group_id, position)
         select $2, audience_group_id, position from product_audience_groups where product_id = $1",
    )
    .bind(id)
    .bind(new_id)
    .execute(&mut *tx)
    .await?;
    let row = fetch(&mut tx, new_id).await?;
    tx.commit().await?;
    Ok(Done("复制成功", row))
}
