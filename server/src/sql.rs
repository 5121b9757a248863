//! Optional list filters as SQL. A list call's filters are each either set or not; only the
//! set ones become conditions, each with its value bound next to its text, so no query counts
//! `$n` placeholders by hand or binds a null just to switch a condition off.

use sqlx::postgres::PgRow;
use sqlx::{Encode, FromRow, PgPool, Postgres, QueryBuilder, Type};

/// The `where` clause of a list query under construction.
pub struct Where<'q, 'args> {
    query: &'q mut QueryBuilder<'args, Postgres>,
    empty: bool,
}

impl<'q, 'args> Where<'q, 'args> {
    /// Starts a `where` clause at the end of `query` (nothing is written until a filter is set).
    pub fn new(query: &'q mut QueryBuilder<'args, Postgres>) -> Self {
        Where { query, empty: true }
    }

    /// Adds `before $n after` when `value` is set, e.g. `and("t.seconds >= ", Some(15), "")`.
    pub fn and<T>(&mut self, before: &str, value: Option<T>, after: &str) -> &mut Self
    where
        T: 'args + Encode<'args, Postgres> + Type<Postgres>,
    {
        if let Some(value) = value {
            self.query.push(if self.empty { " where " } else { " and " });
            self.empty = false;
            self.query.push(before).push_bind(value).push(after);
        }
        self
    }

    /// Adds `column = $n` when `value` is set.
    pub fn eq<T>(&mut self, column: &str, value: Option<T>) -> &mut Self
    where
        T: 'args + Encode<'args, Postgres> + Type<Postgres>,
    {
        self.and(&format!("{column} = "), value, "")
    }

    /// Adds a case-insensitive "contains" on `column` when `text` is set.
    pub fn contains(&mut self, column: &str, text: Option<String>) -> &mut Self {
        self.and(&format!("strpos(lower({column}), lower("), text, ")) > 0")
    }

    /// Adds a condition with no value (a fixed part of the query).
    pub fn always(&mut self, condition: &str) -> &mut Self {
        self.query.push(if self.empty { " where " } else { " and " });
        self.empty = false;
        self.query.push(condition);
        self
    }
}

/// Appends ` limit … offset …` as literals: they are validated integers, and a list whose
/// filters are all unset then has no parameter at all, so Postgres plans it once per
/// connection (see docs/decisions.md "The API under load").
pub fn push_page(query: &mut QueryBuilder<'_, Postgres>, (limit, offset): (i64, i64)) {
    query.push(format_args!(" limit {limit} offset {offset}"));
}

/// One page of a filtered list and the count of every row that passes: `count` and `select`
/// are the two heads (`select count(*) from t`, `select … from t`), `filter` writes the
/// conditions once for both, `order` follows them.
pub async fn page<R>(
    db: &PgPool,
    (count, select): (&str, &str),
    order: &str,
    (limit, offset): (i64, i64),
    filter: impl Fn(&mut Where<'_, 'static>),
) -> sqlx::Result<(Vec<R>, i64)>
where
    R: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    let mut query = QueryBuilder::new(count);
    filter(&mut Where::new(&mut query));
    let total: i64 = query.build_query_scalar().fetch_one(db).await?;
    let mut query = QueryBuilder::new(select);
    filter(&mut Where::new(&mut query));
    query.push(order);
    push_page(&mut query, (limit, offset));
    let rows = query.build_query_as().fetch_all(db).await?;
    Ok((rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_set_filters_become_conditions_each_with_its_own_placeholder() {
        let mut query = QueryBuilder::new("select * from t");
        Where::new(&mut query)
            .eq("a", None::<i64>)
            .eq("b", Some(2_i64))
            .contains("c", Some("x".to_owned()))
            .and("d >= ", Some("2026-01-01".to_owned()), "::timestamptz");
        assert_eq!(
            query.sql(),
            "select * from t where b = $1 and strpos(lower(c), lower($2)) > 0 and d >= $3::timestamptz"
        );
        let mut query = QueryBuilder::new("select * from t");
        Where::new(&mut query).eq("a", None::<i64>);
        assert_eq!(query.sql(), "select * from t");
    }
}
