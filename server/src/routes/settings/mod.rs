//! System settings (docs/screens.md "Master-data screens" /system/systemIndex, menu 28): media, brands and
//! audience/city groups — the reference data every other master-data screen picks from.
//! The `…List` calls are lookups any signed-in account may make; the rest belong to menu 28.

mod brands;
mod groups;
mod media;

use crate::error::{AppError, Checks};
use crate::http::Text;

use super::Endpoint;

pub fn endpoints() -> Vec<Endpoint> {
    [media::endpoints(), brands::endpoints(), groups::endpoints()].into_iter().flatten().collect()
}

/// Names are short labels shown in pickers and tables.
pub const NAME_MAX: usize = 50;

/// A required name: trimmed, at most [`NAME_MAX`] characters.
pub(crate) fn name(field: &str, value: &Option<Text>, required: &str, what: &str, checks: &mut Checks) -> String {
    match Text::get(value) {
        None => {
            checks.add(field, required);
            String::new()
        }
        Some(s) if s.chars().count() > NAME_MAX => {
            checks.add(field, format!("{what}不能超过{NAME_MAX}个字符"));
            String::new()
        }
        Some(s) => s.to_owned(),
    }
}

/// The `…Up` calls carry the new name in `xNameUp`; a client that only sends `xName` is
/// understood too.
pub(crate) fn new_name<'a>(up: &'a Option<Text>, plain: &'a Option<Text>) -> &'a Option<Text> {
    if Text::get(up).is_some() { up } else { plain }
}

/// 4009 naming what still uses a record, e.g. `该媒体已被 3 个产品、1 个套装使用，无法删除`;
/// `None` when nothing does.
pub(crate) fn in_use(what: &str, uses: &[(i64, &str)]) -> Option<AppError> {
    let parts: Vec<String> =
        uses.iter().filter(|(n, _)| *n > 0).map(|(n, label)| format!("{n} 个{label}")).collect();
    (!parts.is_empty()).then(|| AppError::conflict(format!("{what}已被 {}使用，无法删除", parts.join("、"))))
}

/// A delete that raced with a new use, or a use by a table this module does not count
/// (orders, customer data …): the foreign key refuses it and the user gets a 4009.
pub(crate) fn on_delete(e: sqlx::Error, what: &str) -> AppError {
    match &e {
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => {
            AppError::conflict(format!("{what}仍被其他数据使用，无法删除"))
        }
        _ => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_use_names_every_user_and_skips_zero_counts() {
        let err = in_use("该媒体", &[(3, "产品"), (0, "磁带"), (1, "套装")]).unwrap();
        assert_eq!(err.to_string(), "该媒体已被 3 个产品、1 个套装使用，无法删除");
        assert!(in_use("该品牌", &[(0, "产品")]).is_none());
    }

    #[test]
    fn names_are_required_and_bounded() {
        let mut checks = Checks::default();
        assert_eq!(name("a", &Some(Text(" 伊利 ".into())), "请输入品牌", "品牌", &mut checks), "伊利");
        name("b", &Some(Text("  ".into())), "请输入品牌", "品牌", &mut checks);
        name("c", &Some(Text("长".repeat(NAME_MAX + 1))), "请输入品牌", "品牌", &mut checks);
        assert!(!checks.has("a") && checks.has("b") && checks.has("c"));
    }
}
