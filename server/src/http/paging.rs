//! Page arguments (`page` 1-based, `limit`) and list filters shared by list calls.

use chrono::NaiveDate;

use super::{Checks, Text};

pub const MAX_LIMIT: i64 = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub limit: i64,
}

impl Paging {
    pub fn parse(page: &Option<Text>, limit: &Option<Text>, default_limit: i64, checks: &mut Checks) -> Self {
        let page = match Text::get(page).map(str::parse::<i64>) {
            None => 1,
            Some(Ok(p)) if p >= 1 => p,
            Some(_) => {
                checks.add("page", "页码必须是正整数");
                1
            }
        };
        let limit = match Text::get(limit).map(str::parse::<i64>) {
            None => default_limit,
            Some(Ok(l)) if (1..=MAX_LIMIT).contains(&l) => l,
            Some(_) => {
                checks.add("limit", format!("每页条数必须在 1 到 {MAX_LIMIT} 之间"));
                default_limit
            }
        };
        Self { page, limit }
    }

    pub fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.limit)
    }
}

/// A `YYYY-MM-DD` date filter; a bad one is a field error.
pub fn date(field: &str, value: &Option<Text>, checks: &mut Checks) -> Option<NaiveDate> {
    let text = Text::get(value)?;
    match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        Ok(d) => Some(d),
        Err(_) => {
            checks.add(field, "日期格式应为 YYYY-MM-DD");
            None
        }
    }
}

/// A trimmed text filter, `None` when blank.
pub fn text(value: &Option<Text>) -> Option<String> {
    Text::get(value).map(str::to_owned)
}

/// An optional small code (data category, source, status …) that must lie in `range`; a bad
/// one is a field error with `message`.
pub fn code(field: &str, value: &Option<Text>, range: std::ops::RangeInclusive<i16>, message: &str, checks: &mut Checks) -> Option<i16> {
    match Text::get(value)?.parse::<i16>() {
        Ok(n) if range.contains(&n) => Some(n),
        _ => {
            checks.add(field, message);
            None
        }
    }
}

/// A required positive id; a missing or bad one is a field error.
pub fn id(field: &str, value: &Option<Text>, message: &str, checks: &mut Checks) -> i64 {
    match Text::get(value).map(str::parse::<i64>) {
        Some(Ok(id)) if id > 0 => id,
        _ => {
            checks.add(field, message);
            0
        }
    }
}

/// The arguments of calls that take one record's id.
#[derive(Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct IdArgs {
    pub id: Option<Text>,
}

impl IdArgs {
    /// The id, or a 4000 with `message` on the `id` field.
    pub fn required(&self, message: &str) -> super::Result<i64> {
        let mut checks = Checks::default();
        let id = id("id", &self.id, message, &mut checks);
        checks.finish().map(|()| id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Option<Text> {
        Some(Text(s.into()))
    }

    #[test]
    fn paging_defaults_and_rejects_bad_values() {
        let mut checks = Checks::default();
        assert_eq!(Paging::parse(&None, &None, 10, &mut checks), Paging { page: 1, limit: 10 });
        assert_eq!(Paging::parse(&t("3"), &t("30"), 10, &mut checks).offset(), 60);
        assert!(checks.finish().is_ok());
        let mut checks = Checks::default();
        Paging::parse(&t("0"), &t("5000"), 10, &mut checks);
        assert!(checks.has("page") && checks.has("limit"));
    }
}
