//! How the crate's error ([`crate::error::AppError`]) is answered: its HTTP status and the
//! envelope (docs/api.md, "The envelope"). Internal errors are logged and answered as a bare
//! 5000.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::envelope::envelope;
use crate::error::AppError;

/// The HTTP status of an envelope code.
fn status(code: i64) -> StatusCode {
    match code {
        2001..=2003 => StatusCode::UNAUTHORIZED,
        4000 => StatusCode::BAD_REQUEST,
        4003 => StatusCode::FORBIDDEN,
        4004 => StatusCode::NOT_FOUND,
        4009 => StatusCode::CONFLICT,
        4013 => StatusCode::PAYLOAD_TOO_LARGE,
        4029 => StatusCode::TOO_MANY_REQUESTS,
        -600 => StatusCode::PAYLOAD_TOO_LARGE,
        -601 => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        -602 => StatusCode::CONFLICT,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (message, data) = match &self {
            AppError::Validation(fields) => {
                let first = fields.values().flatten().next().cloned();
                (first.unwrap_or_else(|| "参数错误".into()), json!({ "fields": fields }))
            }
            AppError::Conflict { message, fields: Some(fields) } => {
                (message.clone(), json!({ "fields": fields }))
            }
            AppError::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                ("服务器内部错误".into(), serde_json::Value::Null)
            }
            other => (other.to_string(), serde_json::Value::Null),
        };
        (status(self.code()), envelope(self.code(), &message, data)).into_response()
    }
}
