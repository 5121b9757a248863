//! How audience/city group names compare, in Rust and in SQL: a row whose group the import
//! could not tell apart by id (group id 0) matches every group of its name.

/// A group name as names are compared when customer data is imported: without whitespace,
/// lower case. Several brands' groups may share a name (`全国4+` under each brand); a row
/// naming such a group is stored with group id 0 and the name, and matches every group of
/// that name.
pub fn group_key(name: &str) -> String {
    name.split_whitespace().collect::<String>().to_lowercase()
}

/// [`group_key`] in SQL, of the stored name `column`: `\t`–`\r`, U+0085 and the Unicode
/// separators are exactly Rust's whitespace.
pub(crate) fn group_key_sql(column: &str) -> String {
    format!("lower(regexp_replace({column}, '[\\t-\\r\\x{{85}}\\p{{Z}}]+', '', 'g'))")
}
