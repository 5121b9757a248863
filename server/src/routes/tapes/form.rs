//! The tape form (docs/screens.md "Master-data validation" Product magnetic tape, product tape): arguments,
//! where productMagneticTapeUp's `…Up` variants win over the plain names, and validation.

use serde::Deserialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::error::{Checks, Result};
use crate::http::args::Id;
use crate::http::Text;

/// productMagneticTapeAdd / productMagneticTapeUp. Every field may also come as its `…Up`
/// variant (brandIdUp, mediaTapeNumberUp …), which wins when both are sent; field errors name
/// the plain field.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TapeArgs {
    /// Required for productMagneticTapeUp.
    pub id: Option<Text>,
    pub brand_id: Option<Text>,
    pub media_id: Option<Text>,
    /// A product of the brand, and of the media when the product has one.
    pub product_id: Option<Text>,
    /// Annual cycle (年度周期), e.g. `2026`.
    pub cycle: Option<Text>,
    pub customer_version_name: Option<Text>,
    pub media_file_name: Option<Text>,
    /// Unique per media.
    pub media_tape_number: Option<Text>,
    pub customer_title: Option<Text>,
    /// Positive integer; the screen's default is 15.
    pub seconds: Option<Text>,
    pub brand_id_up: Option<Text>,
    pub media_id_up: Option<Text>,
    pub product_id_up: Option<Text>,
    pub cycle_up: Option<Text>,
    pub customer_version_name_up: Option<Text>,
    pub media_file_name_up: Option<Text>,
    pub media_tape_number_up: Option<Text>,
    pub customer_title_up: Option<Text>,
    pub seconds_up: Option<Text>,
}

/// A tape form that passed validation.
pub struct TapeForm {
    pub brand_id: i64,
    pub media_id: i64,
    pub product_id: i64,
    pub cycle: String,
    pub customer_version_name: String,
    pub media_file_name: String,
    pub media_tape_number: String,
    pub customer_title: String,
    pub seconds: i32,
}

const MAX_TEXT: usize = 200;

/// The `…Up` variant when it holds a value, else the plain field.
fn pick<'a>(plain: &'a Option<Text>, up: &'a Option<Text>) -> &'a Option<Text> {
    if Text::get(up).is_some() { up } else { plain }
}

fn text(field: &str, value: &Option<Text>, empty: &str, checks: &mut Checks) -> String {
    let text = Text::get(value).unwrap_or("").to_owned();
    if text.is_empty() {
        checks.add(field, empty);
    } else if text.chars().count() > MAX_TEXT {
        checks.add(field, format!("不能超过{MAX_TEXT}个字符"));
    }
    text
}

/// A picked record; `empty` for a blank or bad id.
fn id(field: &str, value: &Option<Text>, empty: &str, checks: &mut Checks) -> Option<i64> {
    Some(Id::picked(field, value, empty, checks)).filter(|id| *id > 0)
}

/// Validates the form, including that the brand and media exist and that the product is the
/// brand's (and the media's, when the product has a media).
pub async fn validate(conn: &mut PgConnection, a: &TapeArgs) -> Result<TapeForm> {
    let mut checks = Checks::default();
    let brand = id("brandId", pick(&a.brand_id, &a.brand_id_up), "请选择品牌名称", &mut checks);
    let media = id("mediaId", pick(&a.media_id, &a.media_id_up), "请选择媒体名称", &mut checks);
    let product = id("productId", pick(&a.product_id, &a.product_id_up), "请选择产品名称", &mut checks);
    let cycle = text("cycle", pick(&a.cycle, &a.cycle_up), "请输入年度周期", &mut checks);
    let customer_version_name =
        text("customerVersionName", pick(&a.customer_version_name, &a.customer_version_name_up), "请输入客户版本名称", &mut checks);
    let media_file_name = text("mediaFileName", pick(&a.media_file_name, &a.media_file_name_up), "请输入媒体文件名", &mut checks);
    let media_tape_number =
        text("mediaTapeNumber", pick(&a.media_tape_number, &a.media_tape_number_up), "请输入媒体磁带号", &mut checks);
    let customer_title = text("customerTitle", pick(&a.customer_title, &a.customer_title_up), "请输入客户标题", &mut checks);
    let seconds = match Text::get(pick(&a.seconds, &a.seconds_up)).map(str::parse::<i32>) {
        None => {
            checks.add("seconds", "请输入秒数");
            0
        }
        Some(Ok(n)) if (1..=3600).contains(&n) => n,
        Some(_) => {
            checks.add("seconds", "秒数必须是 1 到 3600 之间的正整数");
            0
        }
    };

    if let Some(b) = brand {
        crate::master::brands::check(&mut *conn, b, &mut checks).await?;
    }
    if let Some(m) = media {
        crate::master::media::check(&mut *conn, m, &mut checks).await?;
    }
    if let Some(p) = product {
        let owner: Option<(i64, Option<i64>)> = sqlx::query_as("select brand_id, media_id from products where id = $1")
            .bind(p)
            .fetch_optional(&mut *conn)
            .await?;
        match owner {
            None => checks.add("productId", "产品不存在"),
            Some((b, _)) if brand.is_some_and(|chosen| chosen != b) => checks.add("productId", "产品不属于所选品牌"),
            Some((_, Some(m))) if media.is_some_and(|chosen| chosen != m) => checks.add("productId", "产品不属于所选媒体"),
            Some(_) => {}
        }
    }
    checks.finish()?;
    Ok(TapeForm {
        brand_id: brand.unwrap_or_default(),
        media_id: media.unwrap_or_default(),
        product_id: product.unwrap_or_default(),
        cycle,
        customer_version_name,
        media_file_name,
        media_tape_number,
        customer_title,
        seconds,
    })
}
