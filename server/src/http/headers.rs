//! Security headers on every answer: API calls, downloads, the web app and errors alike.

use axum::http::{HeaderName, HeaderValue, header};
use axum::response::Response;

/// What the built web app needs: its own scripts, styles and fonts; inline styles (Radix UI
/// injects `<style>` elements for scroll locking); `data:` images (the favicon); fetches and
/// the realtime socket to this origin. Nothing may frame it.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";

/// `axum::middleware::map_response` adds these to whatever answer passes.
pub async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let set: [(HeaderName, &'static str); 5] = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
