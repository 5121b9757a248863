//! Every time a screen or an export shows is in the server's zone (`ADEVAL_TIMEZONE`): on a
//! database populated through the demo and the calls staff make (`helpers::populate`), every
//! read of the catalogue (`helpers::reads`, which its own test holds to the served document)
//! is asked, every export downloaded, and each value that looks like a date-time
//! (`\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?`) is checked: a creation or change time is the
//! local time of this test's run, in two zones neither UTC nor China's — New York with its
//! daylight saving, Kolkata half an hour off the hour — worked out here by hand, not by the
//! server's clock. A time-looking value under a name this test does not know fails it, and
//! so does a call whose answer has a time field but answered none, so a new list cannot slip
//! by. (The customer-data list showed 01:00:29, UTC, for an import the bell put at 09:00:29.)
//! The shell's analyst queries and the web page (which names the zone) are checked too.

use std::collections::{BTreeMap, BTreeSet};

use axum::body::Body;
use axum::http::Request;
use calamine::Data;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Timelike, Utc, Weekday};
use serde_json::Value;

use crate::helpers::exports::Book;
use crate::helpers::populate::populate;
use crate::helpers::reads::{self, Kind, Read};
use crate::helpers::{Call, TestApp, spawn_app_in};

/// Names of instants made by this test's run (creation, change, sign-in, generation): their
/// time must be the run's. JSON keys, and the labels of export columns and headings.
const MADE_NOW: &[&str] = &[
    "createTime", "updateTime", "lastLoginTime", "generatedAt", "创建时间", "更新时间", "提出时间", "生成时间",
];

/// Names of calendar times, shown as they were written or entered, not instants of the run: an
/// air time, a rating sample, a spot's start and end, a network-viewing moment.
const AS_WRITTEN: &[&str] = &["addTime", "ts", "spotStart", "spotEnd", "onlineViewingTime", "播出时间"];

/// The exports with a time column (or heading): each must show at least one.
const TIMED_EXPORTS: &[&str] =
    &["customerIndexExport", "suitIndexExport", "productMagneticTapeIndexExport", "orderIndexExport", "orderSummaryGrpReportIndexExport"];

#[tokio::test]
async fn every_time_of_every_read_and_export_is_new_york_time() {
    sweep("America/New_York", new_york).await;
}

#[tokio::test]
async fn every_time_of_every_read_and_export_is_kolkata_time() {
    sweep("Asia/Kolkata", |_| Duration::minutes(5 * 60 + 30)).await;
}

/// New York's offset from UTC at `t`: UTC-4 from the second Sunday of March, 2:00 local
/// (07:00 UTC), to the first Sunday of November, 2:00 local (06:00 UTC); UTC-5 otherwise.
fn new_york(t: DateTime<Utc>) -> Duration {
    let sunday = |month: u32, nth: u32| {
        let first = NaiveDate::from_ymd_opt(t.year(), month, 1).unwrap();
        let to_sunday = (7 - first.weekday().num_days_from_sunday()) % 7;
        first + Duration::days(i64::from(to_sunday + 7 * (nth - 1)))
    };
    let starts = sunday(3, 2).and_hms_opt(7, 0, 0).unwrap().and_utc();
    let ends = sunday(11, 1).and_hms_opt(6, 0, 0).unwrap().and_utc();
    assert_eq!(sunday(3, 2).weekday(), Weekday::Sun);
    Duration::hours(if t >= starts && t < ends { -4 } else { -5 })
}

#[test]
fn new_york_s_clock_changes_when_the_united_states_change_it() {
    let at = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap().and_utc();
    // 2026: from 8 March 07:00 UTC to 1 November 06:00 UTC.
    assert_eq!(new_york(at("2026-03-08 06:59")), Duration::hours(-5));
    assert_eq!(new_york(at("2026-03-08 07:00")), Duration::hours(-4));
    assert_eq!(new_york(at("2026-11-01 05:59")), Duration::hours(-4));
    assert_eq!(new_york(at("2026-11-01 06:00")), Duration::hours(-5));
    assert_eq!(new_york(at("2026-12-07 01:00")), Duration::hours(-5));
}

/// One date-time found in an answer or an export: which call, under what name, the text.
#[derive(Debug)]
struct Found {
    call: String,
    name: String,
    text: String,
}

async fn sweep(zone: &str, offset: fn(DateTime<Utc>) -> Duration) {
    let started = Utc::now();
    let app = spawn_app_in(zone).await;
    let world = populate(&app).await;
    let doc = app.raw(Request::get("/background/v1/openapi.json").body(Body::empty()).unwrap()).await.body;
    let mut found = Vec::new();
    let mut asked = BTreeSet::new();
    for read in reads::reads(&world) {
        asked.insert(read.name);
        found.extend(ask(&app, &world.token, &read).await);
    }
    let ended = Utc::now();
    let local = |t: DateTime<Utc>| (t + offset(t)).naive_utc();
    let second = |t: NaiveDateTime| t.with_nanosecond(0).unwrap();
    let (from, to) = (second(local(started) - Duration::minutes(1)), second(local(ended) + Duration::minutes(1)));

    // Per call and name: how many were wrong, and the first.
    let mut wrong: BTreeMap<(String, String), (usize, String)> = BTreeMap::new();
    let mut add = |f: &Found, why: String| wrong.entry((f.call.clone(), f.name.clone())).or_insert((0, why)).0 += 1;
    for f in &found {
        if MADE_NOW.contains(&f.name.as_str()) {
            let at = NaiveDateTime::parse_from_str(&f.text, "%Y-%m-%d %H:%M:%S")
                .or_else(|_| NaiveDateTime::parse_from_str(&f.text, "%Y-%m-%d %H:%M"));
            if !at.is_ok_and(|at| from <= at && at <= to) {
                add(f, format!("{} (the run was {from} … {to} in {zone})", f.text));
            }
        } else if !AS_WRITTEN.contains(&f.name.as_str()) {
            add(f, format!("{} is a time under a name this test does not know", f.text));
        }
    }
    let wrong: Vec<String> = wrong.iter().map(|((call, name), (n, first))| format!("{call} {name}: {n} wrong, the first {first}")).collect();
    assert!(wrong.is_empty(), "times not in {zone}:\n{}", wrong.join("\n"));

    // Every call whose answer has a time field, and every export with a time column, showed one.
    let timed: BTreeSet<String> = timed_calls(&doc).into_iter().chain(TIMED_EXPORTS.iter().map(|s| s.to_string())).collect();
    let shown: BTreeSet<&str> = found.iter().map(|f| f.call.as_str()).collect();
    let unasked: Vec<&String> = timed.iter().filter(|c| !asked.contains(c.as_str())).collect();
    let silent: Vec<&String> = timed.iter().filter(|c| asked.contains(c.as_str()) && !shown.contains(c.as_str())).collect();
    assert!(unasked.is_empty(), "calls answering times that the sweep does not ask: {unasked:?}");
    assert!(silent.is_empty(), "calls answering times that showed none (populate them): {silent:?}");
    let made_now = found.iter().filter(|f| MADE_NOW.contains(&f.name.as_str())).count();
    assert!(made_now > 50, "only {made_now} creation and change times were checked");
}

/// The date-times of one read's answer, or of the workbook an export answered.
async fn ask(app: &TestApp, token: &str, read: &Read) -> Vec<Found> {
    let call = match read.kind {
        Kind::Get => Call::get(read.name, read.fields.clone()),
        Kind::PostRead | Kind::Preview => Call::post(read.name, read.fields.clone()),
    };
    let answer = app.send(call.token(token)).await;
    assert_eq!(answer.code(), 200, "{} {}: {}", read.name, read.fields, answer.body);
    let mut out = Vec::new();
    match answer.data()["url"].as_str().filter(|_| read.name.ends_with("Export")) {
        Some(url) => {
            let book = Book::download(app, url, token).await;
            for (_, rows) in &book.sheets {
                in_sheet(read.name, rows, &mut out);
            }
        }
        None => in_json(read.name, "data", answer.data(), &mut out),
    }
    out
}

fn in_json(call: &str, key: &str, value: &Value, out: &mut Vec<Found>) {
    match value {
        Value::String(text) => in_text(call, key, text, out),
        Value::Array(items) => items.iter().for_each(|v| in_json(call, key, v, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| in_json(call, k, v, out)),
        _ => {}
    }
}

/// Each cell's times, named by its column's header: the nearest text above it that is no time.
fn in_sheet(call: &str, rows: &[Vec<Data>], out: &mut Vec<Found>) {
    let text = |r: usize, c: usize| match rows[r].get(c) {
        Some(Data::String(s)) => Some(s.as_str()),
        _ => None,
    };
    for (r, row) in rows.iter().enumerate() {
        for c in 0..row.len() {
            let Some(cell) = text(r, c) else { continue };
            if times(cell).is_empty() {
                continue;
            }
            let header = (0..r).rev().filter_map(|up| text(up, c)).find(|t| times(t).is_empty()).unwrap_or_default();
            in_text(call, header, cell, out);
        }
    }
}

/// The times in `text`: a value that is one time is named `name`; a time inside longer text
/// (a heading's `生成时间 2026-…`) by the word before it.
fn in_text(call: &str, name: &str, text: &str, out: &mut Vec<Found>) {
    for (at, time) in times(text) {
        let name = if time.len() == text.trim().len() {
            name.to_owned()
        } else {
            text[..at].split_whitespace().last().unwrap_or_default().to_owned()
        };
        out.push(Found { call: call.to_owned(), name, text: time.to_owned() });
    }
}

/// Where `\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?` matches in `text`, and what.
fn times(text: &str) -> Vec<(usize, &str)> {
    const SHAPE: &[u8] = b"dddd-dd-dd dd:dd";
    let b = text.as_bytes();
    let fits = |at: usize, shape: &[u8]| {
        b.len() >= at + shape.len()
            && shape.iter().zip(&b[at..]).all(|(s, c)| if *s == b'd' { c.is_ascii_digit() } else { s == c })
    };
    let mut out = Vec::new();
    let mut at = 0;
    while at < b.len() {
        if fits(at, SHAPE) {
            let len = if fits(at + SHAPE.len(), b":dd") { SHAPE.len() + 3 } else { SHAPE.len() };
            out.push((at, &text[at..at + len]));
            at += len;
        } else {
            at += 1;
        }
    }
    out
}

#[test]
fn times_are_found_whole_inside_text_and_not_in_dates() {
    assert_eq!(times("2026-12-07 09:00:29"), [(0, "2026-12-07 09:00:29")]);
    assert_eq!(times("生成时间 2026-12-07 09:00"), [(13, "2026-12-07 09:00")]);
    assert!(times("2026-12-07 ~ 2026-12-31").is_empty());
    let mut out = Vec::new();
    in_text("c", "x", "评估时间 2026-12-01　生成时间 2026-12-07 09:00:29", &mut out);
    assert_eq!((out[0].name.as_str(), out[0].text.as_str()), ("生成时间", "2026-12-07 09:00:29"));
}

/// The reads of the document (its GETs and the reads the spec sends as POST) whose answer
/// refers to a `LocalTime`, at any depth.
fn timed_calls(doc: &Value) -> Vec<String> {
    let schemas = &doc["components"]["schemas"];
    fn mentions(v: &Value, schemas: &Value, seen: &mut BTreeMap<String, bool>) -> bool {
        match v {
            Value::Object(map) => map.iter().any(|(k, v)| match (k.as_str(), v.as_str()) {
                ("$ref", Some(target)) => {
                    let name = target.trim_start_matches("#/components/schemas/");
                    if name == "LocalTime" {
                        return true;
                    }
                    if let Some(known) = seen.get(name) {
                        return *known;
                    }
                    seen.insert(name.to_owned(), false);
                    let found = mentions(&schemas[name], schemas, seen);
                    seen.insert(name.to_owned(), found);
                    found
                }
                _ => mentions(v, schemas, seen),
            }),
            Value::Array(items) => items.iter().any(|v| mentions(v, schemas, seen)),
            _ => false,
        }
    }
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let name = path.rsplit('/').next().unwrap();
        for op in ["get", "post"] {
            if op == "post" && !reads::POST_READS.contains(&name) {
                continue;
            }
            let answer = &item[op]["responses"]["200"]["content"]["application/json"]["schema"];
            if !answer.is_null() && mentions(answer, schemas, &mut BTreeMap::new()) {
                out.push(name.to_owned());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[tokio::test]
async fn the_web_page_names_the_server_s_zone_for_the_times_the_browser_makes() {
    let app = spawn_app_in("America/New_York").await;
    std::fs::create_dir_all(app.data_dir.join("web")).unwrap();
    std::fs::write(app.data_dir.join("web").join("index.html"), "<!doctype html><html><head><title>数据评估</title></head></html>").unwrap();
    let named = r#"<head><meta name="adeval-time-zone" content="America/New_York"><title>"#;
    for (path, status) in [("/", 200), ("/index.html", 200), ("/some/screen", 404)] {
        let answer = app.raw(Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(answer.status.as_u16(), status, "{path}");
        let page = answer.body["raw"].as_str().unwrap_or_default();
        assert!(page.contains(named), "{path}: {page}");
    }
}

#[tokio::test]
async fn the_shell_s_queries_show_an_import_s_time_in_the_server_s_zone() {
    let started = Utc::now();
    let app = spawn_app_in("America/New_York").await;
    assert!(adeval_server::demo::load_if_empty(&app.db).await.unwrap());
    adeval_server::demo::lake::customer_data(&app.state.db, &app.state.reads.lake, &app.state.config).await.unwrap();
    let out = app.cli(&["query", "select min(created_at) as first, max(created_at) as last from viewing", "--format", "csv"]);
    let ended = Utc::now();
    let csv = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{csv}{}", String::from_utf8_lossy(&out.stderr));
    let local = |t: DateTime<Utc>| (t + new_york(t)).naive_utc().with_nanosecond(0).unwrap();
    let (from, to) = (local(started), local(ended) + Duration::seconds(1));
    let line = csv.lines().nth(1).unwrap_or_default();
    for text in line.split(',') {
        let at = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f").unwrap_or_else(|e| panic!("{text:?}: {e} in {csv}"));
        assert!(from <= at && at <= to, "{text} is not New York's {from} … {to}");
    }
}
