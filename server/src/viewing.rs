//! What the dashboard and the data analysis both read: a product's titles as its orders match
//! viewing rows, and the longest range of broadcast days one of their reads takes.

use adeval_engine::OrderMatch;

/// The most broadcast days a dashboard or analysis read spans (ten years and a bit).
pub const MAX_DAYS: i64 = 3_660;

/// A product as the viewing reads count it.
pub struct Product {
    pub id: i64,
    pub name: String,
    /// Its name and its tapes' media file names, tape numbers and customer titles, trimmed and
    /// de-duplicated by the orders' own rule ([`OrderMatch::new`]).
    pub titles: Vec<String>,
    /// Its default audience group `(id, name)`.
    pub default_group: (i64, String),
}

/// The products of `ids`, by id, in one query.
pub async fn products_of(db: &sqlx::PgPool, ids: &[i64]) -> sqlx::Result<Vec<Product>> {
    let rows: Vec<(i64, String, Vec<String>, i64, String)> = sqlx::query_as(
        "select p.id, p.product_name,
                array(select x from product_tapes t, unnest(array[t.media_file_name, t.media_tape_number, t.customer_title]) x
                      where t.product_id = p.id),
                g.id, g.group_name
         from products p join audience_groups g on g.id = p.default_audience_group_id
         where p.id = any($1) order by p.id",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, tapes, group, group_name)| {
            let titles = OrderMatch::new(0, 0, tapes.iter().map(String::as_str).chain([name.as_str()])).titles().to_vec();
            Product { id, name, titles, default_group: (group, group_name) }
        })
        .collect())
}

/// Each product's id, name and titles (its name and its tapes' media file names, tape numbers
/// and customer titles), by id. The titles are trimmed and de-duplicated by the orders' own
/// rule ([`OrderMatch::new`]), so a product's rows here are those its orders count.
pub async fn product_titles(db: &sqlx::PgPool, ids: &[i64]) -> sqlx::Result<Vec<(i64, String, Vec<String>)>> {
    Ok(products_of(db, ids).await?.into_iter().map(|p| (p.id, p.name, p.titles)).collect())
}
