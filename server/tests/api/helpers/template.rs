//! Each test's database is a copy of one migrated template (`create database … template`)
//! instead of a database migrated for the test.

use sqlx::PgPool;

use super::with_database;

/// The name of a database holding every migration and nothing else, made once per cluster and
/// migration set: each test's database is a copy of it (`create database … template`), which
/// costs Postgres a third of running the migrations. The name carries the migrations' checksums,
/// so a changed migration makes a new template. Test threads and test binaries starting at once
/// take turns through an advisory lock; the template appears under its name only when complete
/// (built under another name, then renamed), and nothing stays connected to it, which a copy
/// requires. `build_state` still runs the migrator on the copy and finds nothing to do.
pub(super) async fn migrated(admin: &PgPool, admin_url: &str) -> String {
    static NAME: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    NAME.get_or_init(|| async {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        for migration in adeval_server::db::MIGRATOR.iter() {
            hash.update(migration.version.to_le_bytes());
            hash.update(&*migration.checksum);
        }
        let name = format!("adeval_template_{}", &hex::encode(hash.finalize())[..16]);
        // One connection holds the lock from check to rename (a pool could answer from another).
        let mut conn = admin.acquire().await.expect("connect to the test cluster");
        sqlx::query("select pg_advisory_lock(hashtext('adeval test template'))").execute(&mut *conn).await.unwrap();
        let exists: bool = sqlx::query_scalar("select exists(select 1 from pg_database where datname = $1)")
            .bind(&name)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        if !exists {
            let building = format!("{name}_building");
            sqlx::query(&format!("drop database if exists {building}")).execute(&mut *conn).await.unwrap();
            sqlx::query(&format!("create database {building}")).execute(&mut *conn).await.unwrap();
            let pool = PgPool::connect(&with_database(admin_url, &building)).await.expect("connect to the template");
            adeval_server::db::migrate(&pool).await.expect("migrate the template");
            pool.close().await;
            sqlx::query(&format!("alter database {building} rename to {name}")).execute(&mut *conn).await.unwrap();
        }
        sqlx::query("select pg_advisory_unlock(hashtext('adeval test template'))").execute(&mut *conn).await.unwrap();
        name
    })
    .await
    .clone()
}

/// The rows the migrations seed (the menus, the lake's manifest, the migrations' own record)
/// carry the template's time in their `default now()` columns, where a database migrated for the
/// test would carry the test's: they are stamped again on each copy, so every read shows the time
/// it would (the `times` tests check each is of the run). Which columns, found once per run from
/// the first copy: every `timestamptz … default now()` of a table the migrations left rows in.
pub(super) async fn restamp(url: &str) {
    static SQL: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    let mut conn: sqlx::PgConnection = sqlx::Connection::connect(url).await.expect("connect to the test database");
    let sql = SQL
        .get_or_init(|| async {
            let columns: Vec<(String, String)> = sqlx::query_as(
                "select table_name::text, string_agg(format('%I = now()', column_name), ', ' order by column_name)
                 from information_schema.columns
                 where table_schema = 'public' and data_type = 'timestamp with time zone'
                   and column_default ilike 'now()%'
                 group by table_name order by table_name",
            )
            .fetch_all(&mut conn)
            .await
            .unwrap();
            let mut sql = String::new();
            for (table, sets) in columns {
                let seeded: bool = sqlx::query_scalar(&format!("select exists(select 1 from {table:?})"))
                    .fetch_one(&mut conn)
                    .await
                    .unwrap();
                if seeded {
                    sql.push_str(&format!("update {table:?} set {sets};\n"));
                }
            }
            sql
        })
        .await;
    sqlx::raw_sql(sql).execute(&mut conn).await.expect("stamp the seeded rows");
    sqlx::Connection::close(conn).await.unwrap();
}
