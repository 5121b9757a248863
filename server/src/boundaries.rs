//! The server's module boundaries, checked on the source tree (docs/decisions.md "Module
//! boundaries"). The domain — the folders and files below — answers the crate's own errors
//! (`crate::error`) and takes plain values: the pool, the lake's reads (`crate::reads`), the
//! store or the configuration it uses. It never names the HTTP layer (`http/`, axum), the
//! HTTP state (`AppState`, `crate::state`), the call catalogue and handlers (`routes/`), the
//! request guard, the socket endpoint or the command line. Those sit above it and call down
//! into it, so a rule can be read, tested and reused without a request.

use std::path::{Path, PathBuf};

/// Folders and files of `server/src` that hold the domain.
const DOMAIN: &[&str] = &[
    "analysis", "dashboard", "demo", "export", "imports", "jobs", "lake", "master", "orders", "storage", "clock.rs", "db.rs",
    "error.rs", "messages.rs", "reads.rs", "sql.rs", "uploads.rs", "viewing.rs",
];

/// What the domain must not name: the HTTP layer, the HTTP state, the routes, the command line.
const ABOVE: &[&str] = &["http", "state", "routes", "cli"];

/// The HTTP edges of modules the domain does use: the request guard beside accounts and
/// sessions, the socket endpoint beside the realtime events.
const EDGES: &[&str] = &["crate::auth::guard", "crate::realtime::ws"];

/// Every `.rs` file under `path` (the file itself when it is one).
fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path).expect("a source folder").map(|e| e.expect("an entry").path()).collect();
        entries.sort();
        for entry in entries {
            sources(&entry, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_owned());
    }
}

/// The code of a line without its `//` comment (a `//` inside a string cuts it short too,
/// which can only hide text after it, never invent a finding).
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at])
}

/// The reasons `text` (one file's code) breaks the boundary, with line numbers.
fn findings(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // A `use crate::{…}` group may span lines: its members are read once the statement ends.
    let mut group: Option<(usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        let line = code(line);
        // Paths as written (`crate::http::args::Day`, `super::super::http`): a layer above
        // named right after `crate` or `super`.
        for path in line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            let parts: Vec<&str> = path.split("::").collect();
            for pair in parts.windows(2) {
                if matches!(pair[0], "crate" | "super") && ABOVE.contains(&pair[1]) {
                    found.push(format!("line {}: names `crate::{}`", n + 1, pair[1]));
                }
            }
        }
        let words = line.replace(char::is_whitespace, "");
        for edge in EDGES {
            if words.contains(edge) {
                found.push(format!("line {}: names the HTTP edge `{edge}`", n + 1));
            }
        }
        for word in line.split(|c: char| !c.is_alphanumeric() && c != '_') {
            if word == "axum" || word == "AppState" {
                found.push(format!("line {}: names `{word}`", n + 1));
            }
        }
        if let Some(start) = words.find("crate::{") {
            group = Some((n, String::new()));
            group.as_mut().unwrap().1.push_str(&words[start + "crate::{".len()..]);
        } else if let Some((_, members)) = group.as_mut() {
            members.push_str(&words);
        }
        if let Some((first, members)) = group.take_if(|(_, m)| m.contains(';')) {
            for member in members.split(',') {
                let head = member.trim_start_matches('{').split([':', '}', ';']).next().unwrap_or_default();
                if ABOVE.contains(&head) {
                    found.push(format!("line {}: names `crate::{head}` in a `use crate::{{…}}` group", first + 1));
                }
            }
        }
    }
    found.dedup();
    found
}

#[test]
fn the_domain_names_neither_http_nor_routes() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for place in DOMAIN {
        let path = src.join(place);
        assert!(path.exists(), "the domain lists {place}, which is not under server/src: update DOMAIN");
        sources(&path, &mut files);
    }
    // The list reaches the domain's files, so an empty pass means something.
    assert!(files.len() > 80, "only {} domain files found under {}", files.len(), src.display());
    let broken: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).expect("a readable source file");
            let shown = file.strip_prefix(&src).unwrap_or(file).display().to_string();
            findings(&text).into_iter().map(move |f| format!("server/src/{shown} {f}"))
        })
        .collect();
    assert!(broken.is_empty(), "the domain must not depend on the HTTP layer, its state, the routes or the command line:\n{}", broken.join("\n"));
}

#[test]
fn every_form_of_naming_the_layers_above_is_found() {
    // One finding each: a path, a nested group, a grouped import over lines, axum, `super::`.
    assert_eq!(findings("use crate::http::{AppError, Result};").len(), 1);
    assert_eq!(findings("    checks.add(\"ymd\", <crate::http::args::Day as Arg>::BAD);").len(), 1);
    assert_eq!(findings("use crate::{\n    error::Result,\n    routes::Endpoint,\n};").len(), 1);
    assert_eq!(findings("use crate::{cli, lake};").len(), 1);
    assert_eq!(findings("use axum::http::HeaderMap;").len(), 1);
    assert_eq!(findings("use super::super::http::Text;").len(), 1);
    assert_eq!(findings("use crate::auth::guard::Guard;").len(), 1);
    assert_eq!(findings("crate::realtime::ws::serve(socket);").len(), 1);
    assert_eq!(findings("use crate::http as wire;").len(), 1);
    assert_eq!(findings("pub async fn issued(state: &AppState) {").len(), 1);
    assert_eq!(findings("pub async fn issued(state: &crate::AppState) {").len(), 1);
    assert_eq!(findings("use crate::state::AppState;").len(), 2);
    assert_eq!(findings("use crate::{reads::Reads, state};").len(), 1);
    // What the domain may name, and what only looks alike.
    assert!(findings("use crate::error::{AppError, Checks, Result};").is_empty());
    assert!(findings("use crate::{lake, orders::figures};").is_empty());
    assert!(findings("use crate::realtime::{self, Event};").is_empty());
    assert!(findings("// crate::http::AppError answers it").is_empty());
    assert!(findings("let url = format!(\"https://example.com/{path}\");").is_empty());
    assert!(findings("use crate::orders::http_like::Thing;").is_empty());
    assert!(findings("use crate::reads::Reads;").is_empty());
    assert!(findings("let state = CertificateMonthState { month };").is_empty());
    assert!(findings("use crate::orders::status::refresh;").is_empty());
}
