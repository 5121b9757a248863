//! The product form (docs/screens.md "Master-data validation" Product, product form): its arguments and their
//! validation into a [`ProductForm`], with the spec's Chinese messages.

use serde::Deserialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::error::{Checks, Result};
use crate::http::args::{Arg, Ids};
use crate::http::Text;

/// productAdd / productUp.
#[derive(Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProductArgs {
    /// Required for productUp.
    pub id: Option<Text>,
    pub brand_id: Option<Text>,
    /// Optional.
    pub media_id: Option<Text>,
    pub product_name: Option<Text>,
    /// productUp: the product's (new) name; wins over productName when both are sent.
    pub product_name_up: Option<Text>,
    /// Spot length in seconds (the screen offers 5, 10, 15, 20, 30, 60, 120).
    pub seconds: Option<Text>,
    /// Comma-joined audience/city group ids of the product's brand, in the order chosen.
    pub audience_city_group_id: Option<Text>,
    /// One of audienceCityGroupId.
    pub default_audience_city_group_id: Option<Text>,
    /// 正负三 %, 0–100.
    pub upside_down_three_per: Option<Text>,
    /// Prime time range, `HH:MM:SS-HH:MM:SS` (up to 29:59:59, the broadcast day).
    pub prime_time: Option<Text>,
    /// Prime time %, 0–100.
    pub prime_time_per: Option<Text>,
    /// Prime time 正负三 %, 0–100.
    pub prime_upside_down_three_per: Option<Text>,
    /// Non-prime 正负三 %, 0–100; optional.
    pub false_prime_upside_down_three_per: Option<Text>,
    pub jack_requirements: Option<Text>,
    pub note_one: Option<Text>,
    pub note_two: Option<Text>,
}

/// A product form that passed validation.
pub struct ProductForm {
    pub brand_id: i64,
    pub media_id: Option<i64>,
    pub product_name: String,
    pub seconds: i32,
    pub groups: Vec<i64>,
    pub default_group: i64,
    pub upside_down_three_per: f64,
    pub prime_time: String,
    pub prime_time_per: f64,
    pub prime_upside_down_three_per: f64,
    pub false_prime_upside_down_three_per: Option<f64>,
    pub jack_requirements: String,
    pub note_one: String,
    pub note_two: String,
}

const MAX_SECONDS: i32 = 3600;

fn required_text(field: &str, value: &Option<Text>, empty: &str, max: usize, checks: &mut Checks) -> String {
    let text = Text::get(value).unwrap_or("").to_owned();
    if text.is_empty() {
        checks.add(field, empty);
    } else if text.chars().count() > max {
        checks.add(field, format!("不能超过{max}个字符"));
    }
    text
}

fn optional_text(field: &str, value: &Option<Text>, max: usize, checks: &mut Checks) -> String {
    let text = Text::get(value).unwrap_or("").to_owned();
    if text.chars().count() > max {
        checks.add(field, format!("不能超过{max}个字符"));
    }
    text
}

fn id_of(field: &str, value: &Option<Text>, empty: &str, bad: &str, checks: &mut Checks) -> Option<i64> {
    match Text::get(value).map(str::parse::<i64>) {
        None => {
            checks.add(field, empty);
            None
        }
        Some(Ok(id)) if id > 0 => Some(id),
        Some(_) => {
            checks.add(field, bad);
            None
        }
    }
}

/// A percentage: a number from 0 to 100. `empty` is `None` for the optional one.
fn percent(field: &str, value: &Option<Text>, empty: Option<&str>, checks: &mut Checks) -> Option<f64> {
    let Some(text) = Text::get(value) else {
        if let Some(message) = empty {
            checks.add(field, message);
        }
        return None;
    };
    match text.parse::<f64>() {
        Ok(n) if (0.0..=100.0).contains(&n) => Some(n),
        Ok(n) if n.is_finite() && n > 100.0 => {
            checks.add(field, "不能大于100");
            None
        }
        _ => {
            checks.add(field, "只可输入大于等于0的数字");
            None
        }
    }
}

/// Seconds of the broadcast day from `HH:MM[:SS]`, hours up to 29.
fn clock(text: &str) -> Option<u32> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.len() != 2 || !p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let n: Vec<u32> = parts.iter().map(|p| p.parse().unwrap_or(99)).collect();
    let (h, m, s) = (n[0], n[1], n.get(2).copied().unwrap_or(0));
    (h <= 29 && m <= 59 && s <= 59).then_some(h * 3600 + m * 60 + s)
}

fn hms(secs: u32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The prime time range normalised to `HH:MM:SS-HH:MM:SS`.
pub fn prime_time(value: &Option<Text>, checks: &mut Checks) -> String {
    let Some(text) = Text::get(value) else {
        checks.add("primeTime", "黄金时段范围不能为空");
        return String::new();
    };
    let range = text.split_once('-').and_then(|(a, b)| Some((clock(a)?, clock(b)?)));
    match range {
        Some((start, end)) if end > start => format!("{}-{}", hms(start), hms(end)),
        Some(_) => {
            checks.add("primeTime", "黄金时段结束时间必须晚于开始时间");
            String::new()
        }
        None => {
            checks.add("primeTime", "黄金时段范围格式应为 HH:MM:SS-HH:MM:SS");
            String::new()
        }
    }
}

/// Validates the form, the referenced brand, media and groups included: the groups must be
/// the brand's, and the default one of them. Every problem is reported at once.
pub async fn validate(conn: &mut PgConnection, args: &ProductArgs) -> Result<ProductForm> {
    let mut checks = Checks::default();
    let name_value = if Text::get(&args.product_name_up).is_some() { &args.product_name_up } else { &args.product_name };
    let product_name = required_text("productName", name_value, "产品名称不能为空", 100, &mut checks);
    let brand_id = id_of("brandId", &args.brand_id, "品牌ID不能为空", "品牌不存在", &mut checks);
    let media_id = match Text::get(&args.media_id).map(str::parse::<i64>) {
        None => None,
        Some(Ok(id)) if id > 0 => Some(id),
        Some(_) => {
            checks.add("mediaId", "媒体不存在");
            None
        }
    };
    let seconds = match Text::get(&args.seconds).map(str::parse::<i32>) {
        None => {
            checks.add("seconds", "秒数不能为空");
            0
        }
        Some(Ok(n)) if (1..=MAX_SECONDS).contains(&n) => n,
        Some(_) => {
            checks.add("seconds", format!("秒数必须是 1 到 {MAX_SECONDS} 之间的整数"));
            0
        }
    };
    let groups = match Text::get(&args.audience_city_group_id).map(Ids::read) {
        Some(Some(Ids(ids))) if !ids.is_empty() => ids,
        Some(None) => {
            checks.add("audienceCityGroupId", "受众/城市组不存在");
            Vec::new()
        }
        _ => {
            checks.add("audienceCityGroupId", "受众/城市组不能为空");
            Vec::new()
        }
    };
    let default_group = id_of(
        "defaultAudienceCityGroupId",
        &args.default_audience_city_group_id,
        "默认受众/城市组不能为空",
        "默认受众/城市组不存在",
        &mut checks,
    );
    let udt = percent("upsideDownThreePer", &args.upside_down_three_per, Some("正负三不能为空"), &mut checks);
    let prime_time = prime_time(&args.prime_time, &mut checks);
    let prime_per = percent("primeTimePer", &args.prime_time_per, Some("黄金时段占比不能为空"), &mut checks);
    let prime_udt =
        percent("primeUpsideDownThreePer", &args.prime_upside_down_three_per, Some("黄金时段正负三占比不能为空"), &mut checks);
    let false_prime_udt = percent("falsePrimeUpsideDownThreePer", &args.false_prime_upside_down_three_per, None, &mut checks);
    let jack_requirements = required_text("jackRequirements", &args.jack_requirements, "插播要求不能为空", 1000, &mut checks);
    let note_one = optional_text("noteOne", &args.note_one, 500, &mut checks);
    let note_two = optional_text("noteTwo", &args.note_two, 500, &mut checks);

    if let Some(brand) = brand_id {
        crate::master::brands::check(&mut *conn, brand, &mut checks).await?;
    }
    if let Some(media) = media_id {
        crate::master::media::check(&mut *conn, media, &mut checks).await?;
    }
    check_groups(conn, brand_id, &groups, &mut checks).await?;
    if let Some(default) = default_group
        && !groups.is_empty()
        && !groups.contains(&default)
    {
        checks.add("defaultAudienceCityGroupId", "默认受众/城市组必须是已选的受众/城市组之一");
    }
    checks.finish()?;
    Ok(ProductForm {
        brand_id: brand_id.unwrap_or_default(),
        media_id,
        product_name,
        seconds,
        groups,
        default_group: default_group.unwrap_or_default(),
        upside_down_three_per: udt.unwrap_or_default(),
        prime_time,
        prime_time_per: prime_per.unwrap_or_default(),
        prime_upside_down_three_per: prime_udt.unwrap_or_default(),
        false_prime_upside_down_three_per: false_prime_udt,
        jack_requirements,
        note_one,
        note_two,
    })
}

/// Every chosen group exists and belongs to the product's brand.
async fn check_groups(conn: &mut PgConnection, brand: Option<i64>, groups: &[i64], checks: &mut Checks) -> Result<()> {
    if groups.is_empty() {
        return Ok(());
    }
    let rows: Vec<(i64, Option<i64>)> = sqlx::query_as("select id, brand_id from audience_groups where id = any($1)")
        .bind(groups)
        .fetch_all(conn)
        .await?;
    for id in groups {
        match rows.iter().find(|(found, _)| found == id) {
            None => checks.add("audienceCityGroupId", format!("受众/城市组不存在：{id}")),
            Some((_, owner)) if brand.is_some() && *owner != brand => {
                checks.add("audienceCityGroupId", "受众/城市组必须属于所选品牌");
                break;
            }
            Some(_) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_time_is_normalised_and_checked() {
        let mut checks = Checks::default();
        assert_eq!(prime_time(&Some(Text("19:00 - 22:30".into())), &mut checks), "19:00:00-22:30:00");
        assert_eq!(prime_time(&Some(Text("23:00:00-25:30:00".into())), &mut checks), "23:00:00-25:30:00");
        assert!(checks.finish().is_ok());
        for bad in ["22:00-19:00", "7pm-10pm", "19:00", "30:00-31:00"] {
            let mut checks = Checks::default();
            prime_time(&Some(Text(bad.into())), &mut checks);
            assert!(checks.has("primeTime"), "{bad}");
        }
    }
}
