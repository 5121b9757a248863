//! Reads never write (docs/api.md "Reads never write"): every read of the catalogue — each
//! GET of the OpenAPI document, the reads the spec sends as POST, and each two-step update's
//! typeY 1 — asked one after another, then twice all at once, on a populated database with an
//! order in each status, leaves every table of Postgres and every file of the lake and the
//! object store as it was.
//!
//! What a read may leave behind, and nothing more:
//! - a session's last-seen time ([`checksum::IGNORED_COLUMNS`]);
//! - a typeY 1's stored preview (docs/api.md "Reads never write": the preview is the call's output, no change to an
//!   order), in the preview tables only ([`PREVIEW_TABLES`]);
//! - an export's file and its download record (the export's output: the `{url}` it answers),
//!   exactly one of each per export asked.

mod audit;
mod checksum;

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::Request;
use serde_json::Value;

use self::checksum::Snapshot;
use crate::helpers::populate::{self, World};
use crate::helpers::reads::{self, Kind, LEFT_OUT, POST_READS, Read};
use crate::helpers::{Answer, Call, TestApp, spawn_app};

/// Where a typeY 1 stores its preview.
const PREVIEW_TABLES: &[&str] = &["certificate_previews", "cell_move_previews", "order_customer_previews"];

async fn document(app: &TestApp) -> Value {
    app.raw(Request::get("/background/v1/openapi.json").body(Body::empty()).unwrap()).await.body
}

fn names(reads: &[Read], kind: Kind) -> Vec<String> {
    let set: BTreeSet<String> = reads.iter().filter(|r| r.kind == kind).map(|r| r.name.to_owned()).collect();
    set.into_iter().collect()
}

#[tokio::test]
async fn the_catalogue_of_reads_is_every_get_and_every_preview_of_the_document() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    // Names only: one order, with a certificate, stands for all.
    let world = World { orders: vec![0], certified: vec![0], cycles: vec![Default::default()], ..Default::default() };
    let reads = reads::reads(&world);
    same(names(&reads, Kind::Get), reads::document_gets(&doc), "GET");
    same(names(&reads, Kind::Preview), reads::document_previews(&doc), "typeY 1");
    // The reads the spec sends as POST are the POST calls the operation log does not record,
    // but for sign-in, sign-out and the ticket, which are the session's own bookkeeping.
    let mut unlogged: Vec<&str> = adeval_server::routes::endpoints()
        .iter()
        .filter(|e| e.call.verb == adeval_server::routes::Verb::Post && !e.call.writes)
        .map(|e| e.call.name)
        .filter(|n| !["adminUserLogin", "adminUserLoginout", "ticket"].contains(n))
        .collect();
    unlogged.sort_unstable();
    assert_eq!(unlogged, POST_READS, "a POST call that is neither logged as a write nor listed as a read");
    assert_eq!(names(&reads, Kind::PostRead), POST_READS);
}

/// The listed reads of a kind are the document's: names what is missing on either side.
#[track_caller]
fn same(listed: Vec<String>, document: Vec<String>, what: &str) {
    let missing: Vec<&String> = document.iter().filter(|n| !listed.contains(n)).collect();
    let gone: Vec<&String> = listed.iter().filter(|n| !document.contains(n)).collect();
    assert!(missing.is_empty() && gone.is_empty(), "{what} calls of the document not in the reads: {missing:?}; listed but not in the document: {gone:?}");
}

async fn ask(app: &TestApp, token: &str, read: &Read) -> Answer {
    let call = match read.kind {
        Kind::Get => Call::get(read.name, read.fields.clone()),
        Kind::PostRead | Kind::Preview => Call::post(read.name, read.fields.clone()),
    };
    app.send(call.token(token)).await
}

/// Every read once, checked to answer; the urls the exports answered.
async fn each_once(app: &TestApp, token: &str, reads: &[&Read]) -> Vec<String> {
    let answers = futures_util::future::join_all(reads.iter().map(|r| ask(app, token, r))).await;
    let mut urls = Vec::new();
    for (read, answer) in reads.iter().zip(answers) {
        assert_eq!(answer.code(), 200, "{} {}: {}", read.name, read.fields, answer.body);
        if let Some(url) = answer.data()["url"].as_str() {
            urls.push(url.to_owned());
        }
    }
    urls
}

#[tokio::test]
async fn no_read_of_the_catalogue_changes_postgres_or_the_lake() {
    let app = spawn_app().await;
    let world = populate::populate(&app).await;
    settle(&app).await;
    let reads = reads::reads(&world);
    let reads: Vec<&Read> = reads.iter().filter(|r| !LEFT_OUT.contains(&r.name)).collect();
    audit::install(&app.db).await;
    let reader = app.on_named_pool(READER).await;
    let before = checksum::take(&app.db, &app.data_dir).await;

    // One read at a time (the statements each ran named by it), then all of them at once,
    // twice.
    let mut urls = Vec::new();
    let mut tried = Vec::new();
    for read in &reads {
        urls.extend(each_once(&reader, &world.token, std::slice::from_ref(read)).await);
        tried.extend(writes(&app, read.name).await);
    }
    for _ in 0..2 {
        urls.extend(each_once(&reader, &world.token, &reads).await);
    }
    settle(&app).await;
    tried.extend(writes(&app, "a later round").await);
    let after = checksum::take(&app.db, &app.data_dir).await;

    // Nothing changed but the previews and the exports' own output ...
    let exports = exports_made(&before, &after, &urls);
    let changed: Vec<String> = checksum::diff(&before, &after)
        .into_iter()
        .filter(|line| !PREVIEW_TABLES.iter().any(|t| line.starts_with(&format!("{t}: "))))
        .filter(|line| !exports.iter().any(|id| is_export(line, id)))
        .collect();
    // ... and no read even tried to write anything else, changed or not.
    let tried: Vec<String> = tried.into_iter().collect::<BTreeSet<_>>().into_iter().collect();
    assert!(changed.is_empty() && tried.is_empty(), "reads changed:\n{}\nreads wrote:\n{}", summary(&changed), tried.join("\n"));
}

/// The changes by table (or file, or sequence): how many, and the first few.
fn summary(lines: &[String]) -> String {
    let mut by: std::collections::BTreeMap<&str, Vec<&String>> = std::collections::BTreeMap::new();
    for line in lines {
        by.entry(line.split(": ").next().unwrap_or("")).or_default().push(line);
    }
    let mut out = String::new();
    for (what, lines) in by {
        out.push_str(&format!("{what}: {} change(s)\n", lines.len()));
        for line in lines.iter().take(3) {
            out.push_str(&format!("    {}\n", line.chars().take(400).collect::<String>()));
        }
    }
    out
}

/// The statements the reads ran since the last call that they may not: `{read} → {op} {table}: {statement}`.
async fn writes(app: &TestApp, read: &str) -> Vec<String> {
    let mut out: Vec<String> = audit::take(&app.db, READER)
        .await
        .into_iter()
        .filter(|(table, op, _)| !allowed(table, op))
        .map(|(table, op, query)| {
            let query: String = query.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(160).collect();
            format!("{read} → {op} {table}: {query}")
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The `application_name` of the reads' sessions.
const READER: &str = "reads";

/// The writes a read may make: its session's last-seen time, a typeY 1's preview, an export's
/// download record.
fn allowed(table: &str, op: &str) -> bool {
    (table == "admin_sessions" && op == "UPDATE") || PREVIEW_TABLES.contains(&table) || (table == "exports" && op == "INSERT")
}

/// The ids of the exports the reads made: one record and one file each, all of them answered.
fn exports_made(before: &Snapshot, after: &Snapshot, urls: &[String]) -> Vec<String> {
    let rows = |s: &Snapshot| s.tables.get("exports").cloned().unwrap_or_default();
    let new: Vec<Value> = rows(after).difference(&rows(before)).map(|r| serde_json::from_str(r).unwrap()).collect();
    assert_eq!(new.len(), urls.len(), "one download record per export answered");
    let mut ids = Vec::new();
    for row in new {
        let (id, key) = (row["id"].as_str().unwrap(), row["object_key"].as_str().unwrap());
        assert!(urls.iter().any(|u| u.starts_with(&format!("/files/exports/{id}/"))), "an export record no answer named: {row}");
        assert!(after.files.contains_key(&format!("files/{key}")), "the export's file: {key}");
        ids.push(id.to_owned());
    }
    ids
}

/// Whether a line of the difference is export `id`'s record or file.
fn is_export(line: &str, id: &str) -> bool {
    line.starts_with(&format!("exports: + {{\"id\": \"{id}\"")) || line.starts_with(&format!("file files/exports/{id}/"))
}

/// Waits until no job is queued or running, so the snapshots see a database at rest.
async fn settle(app: &TestApp) {
    for _ in 0..400 {
        let busy: i64 = sqlx::query_scalar("select count(*) from jobs where status not in ('done', 'failed')").fetch_one(&app.db).await.unwrap();
        if busy == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("jobs still running");
}
