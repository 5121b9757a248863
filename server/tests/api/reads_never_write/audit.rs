//! Every statement that writes, whether or not it changes a row: a statement-level trigger on
//! each table of the public schema records the table, the operation and the statement into a
//! schema of its own (outside the checksum). A conditional upsert that finds nothing to flip,
//! or a status "refresh" that stores the status already stored, changes no row, so the
//! checksum can't see it; the trigger still fires, since statement-level triggers fire for
//! statements that affect no row. Each is recorded with the session's `application_name`, so
//! the reads' own statements (sent over a pool of that name) are told from the background
//! tasks' (job workers polling, housekeeping).

use sqlx::PgPool;

/// One write statement: table, operation, the client's statement.
pub type Statement = (String, String, String);

/// Installs the triggers; from now on every INSERT, UPDATE and DELETE on a public table is
/// recorded.
pub async fn install(db: &PgPool) {
    sqlx::raw_sql(
        "create schema reads_audit;
         create table reads_audit.statements (tbl text not null, op text not null, query text not null, app text not null);
         create function reads_audit.record() returns trigger language plpgsql as $$
         begin
             insert into reads_audit.statements values (tg_table_name, tg_op, current_query(), current_setting('application_name'));
             return null;
         end $$;",
    )
    .execute(db)
    .await
    .unwrap();
    let tables: Vec<String> =
        sqlx::query_scalar("select tablename::text from pg_tables where schemaname = 'public'").fetch_all(db).await.unwrap();
    for table in tables {
        // Names from the catalogue, quoted; nothing here is input.
        let sql = format!(
            "create trigger reads_audit after insert or update or delete on public.\"{table}\"
             for each statement execute function reads_audit.record()"
        );
        sqlx::query(&sql).execute(db).await.unwrap();
    }
}

/// The statements sessions named `app` ran since [`install`] or the last call.
pub async fn take(db: &PgPool, app: &str) -> Vec<Statement> {
    sqlx::query_as("delete from reads_audit.statements where app = $1 returning tbl, op, query").bind(app).fetch_all(db).await.unwrap()
}
