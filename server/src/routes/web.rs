//! The web app's page: its `index.html` with the server's time zone named in a meta tag
//! (`<meta name="adeval-time-zone" content="Asia/Shanghai">`), so the browser shows and reads
//! the date-times it makes itself (a picker's value, a progress entry's clock, today) in the
//! zone the server answers every other time in, whatever the zone of the machine it runs on.

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::CACHE_CONTROL;
use axum::response::{Html, IntoResponse, Response};

use crate::clock::Zone;
use crate::state::AppState;

/// `index.html` with the zone; 404 when the app is not built.
pub async fn page(State(state): State<AppState>) -> Response {
    match tokio::fs::read_to_string(state.config.web_dir.join("index.html")).await {
        // Never cached: a restart with another zone must reach open browsers' next load.
        Ok(html) => ([(CACHE_CONTROL, "no-cache")], Html(with_zone(&html, state.config.timezone))).into_response(),
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The page with the zone's meta tag first in its head.
fn with_zone(html: &str, zone: Zone) -> String {
    // An IANA name is letters, digits, `/`, `_`, `+` and `-`: nothing to escape.
    let meta = format!(r#"<meta name="adeval-time-zone" content="{zone}">"#);
    match html.find("<head>") {
        Some(at) => format!("{}{meta}{}", &html[..at + "<head>".len()], &html[at + "<head>".len()..]),
        None => format!("{meta}{html}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zone_goes_first_in_the_head() {
        let zone: Zone = "America/New_York".parse().unwrap();
        let page = with_zone("<!doctype html><html><head><title>x</title></head></html>", zone);
        assert_eq!(page, r#"<!doctype html><html><head><meta name="adeval-time-zone" content="America/New_York"><title>x</title></head></html>"#);
        assert!(with_zone("<div id=root></div>", zone).starts_with(r#"<meta name="adeval-time-zone""#));
    }
}
