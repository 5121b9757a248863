//! Downloads under `/files/...`, with the token in a header or the `token` query parameter
//! (a browser download can't set headers). Exports live under `exports/<id>/<name>.xlsx`.

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::auth::session;
use crate::export::exports_dir;
use crate::http::{AppError, Result};
use crate::state::AppState;

#[derive(Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

/// RFC 6266 attachment header, safe for Chinese names.
pub fn attachment(name: &str) -> HeaderValue {
    let ascii: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
    let encoded: String = form_urlencoded::byte_serialize(name.as_bytes()).collect::<String>().replace('+', "%20");
    HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

pub async fn download(
    State(state): State<AppState>,
    Path(path): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Response> {
    let mut auth = headers.clone();
    if let Some(token) = query.token.filter(|t| !t.is_empty()) {
        auth.insert("token", HeaderValue::from_str(&token).map_err(|_| AppError::Unauthenticated("请先登录"))?);
    }
    let mut conn = state.db.acquire().await?;
    session::authenticate(&mut conn, &auth).await?;
    drop(conn);

    let parts: Vec<&str> = path.split('/').collect();
    let not_found = || AppError::NotFound("文件不存在".into());
    let [kind, id, name] = parts.as_slice() else { return Err(not_found()) };
    let valid_id = id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
    if *kind != "exports" || !valid_id || name.contains("..") || name.contains('\\') || !name.ends_with(".xlsx") {
        return Err(not_found());
    }
    let file = exports_dir(&state.config.data_dir).join(id).join(name);
    let bytes = tokio::fs::read(&file).await.map_err(|_| not_found())?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
            (header::CONTENT_DISPOSITION, attachment(name)),
        ],
        Body::from(bytes),
    )
        .into_response())
}
