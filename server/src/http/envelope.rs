//! The answer envelope `{"code", "message", "data"}` shared by every call.

use axum::Json;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Value, json};

pub fn envelope(code: i64, message: &str, data: Value) -> Json<Value> {
    Json(json!({ "code": code, "message": message, "data": data }))
}

/// A successful answer: code 200 with a message and data.
pub struct Done<T>(pub &'static str, pub T);

impl<T: Serialize> IntoResponse for Done<T> {
    fn into_response(self) -> Response {
        match serde_json::to_value(self.1) {
            Ok(data) => envelope(200, self.0, data).into_response(),
            Err(e) => crate::error::AppError::Internal(e.into()).into_response(),
        }
    }
}

/// A page of a list: `data: {"data": [...], "total": N}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub total: i64,
}
