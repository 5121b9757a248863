//! The summary dialog's analysis (DESIGN §5.4; docs/api.md "Data analysis and the spot
//! curve"): viewing rows by air-time slot ([`slots`], dataAnalysis) and a spot's rating curve
//! ([`curve`], spotCurve). The engine does the work over the lake; this module turns ids into
//! the names the lake's rows carry and shapes the answers. The calls' arguments are read in
//! `routes::analysis`.

pub mod curve;
pub mod slots;

use sqlx::PgConnection;

/// The names of a media and an audience/city group, each `None` when there is no such record.
pub async fn names(
    conn: &mut PgConnection,
    media_id: Option<i64>,
    group_id: i64,
) -> sqlx::Result<(Option<String>, Option<String>)> {
    sqlx::query_as(
        "select (select media_name from media where id = $1), (select group_name from audience_groups where id = $2)",
    )
    .bind(media_id)
    .bind(group_id)
    .fetch_one(conn)
    .await
}

/// Seconds of a broadcast day as `HH:MM:SS`, hours past 23 after midnight.
pub fn day_time(secs: i64) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}
