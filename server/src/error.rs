//! The crate's one error type, answered by every layer: the domain's rules refuse with it,
//! the HTTP layer turns it into the envelope (`http::error`, docs/api.md "The envelope"), the
//! jobs and the command line log it. Each variant is one code of the catalogue; internal
//! errors carry their cause for the log, never for the client.

use std::collections::BTreeMap;

/// Field name → Chinese messages, answered as `data.fields`.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

pub type Result<T, E = AppError> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 4000: the payload failed validation.
    #[error("validation failed")]
    Validation(FieldErrors),
    /// 2001: no token, an unknown, expired or revoked token.
    #[error("{0}")]
    Unauthenticated(&'static str),
    /// 2002: the account is disabled or signed in elsewhere.
    #[error("{0}")]
    SessionEnded(&'static str),
    /// 2003: missing or bad signature, stale timestamp, replayed nonce.
    #[error("{0}")]
    BadSignature(&'static str),
    /// 4003: the call lies outside the caller's menus.
    #[error("无权限访问")]
    Forbidden,
    /// 4004
    #[error("{0}")]
    NotFound(String),
    /// 4009: duplicate, protected record, stale preview.
    #[error("{message}")]
    Conflict { message: String, fields: Option<FieldErrors> },
    /// 4013
    #[error("请求内容过大")]
    TooLarge,
    /// 4029
    #[error("{0}")]
    RateLimited(&'static str),
    /// The storage host's refusals of docs/screens.md "Master-data validation": -600 too large, -601 wrong type, -602 already
    /// uploaded.
    #[error("{message}")]
    Upload { code: i64, message: &'static str },
    /// 5000: details go to the log, never to the client.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn field(name: &str, message: impl Into<String>) -> Self {
        let mut fields = FieldErrors::new();
        fields.insert(name.to_owned(), vec![message.into()]);
        AppError::Validation(fields)
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        AppError::Conflict { message: message.into(), fields: None }
    }

    /// A duplicate value of a unique field: 4009 with the field named, so forms can show it.
    pub fn duplicate(field: &str, message: &str) -> Self {
        let mut fields = FieldErrors::new();
        fields.insert(field.to_owned(), vec![message.to_owned()]);
        AppError::Conflict { message: message.to_owned(), fields: Some(fields) }
    }

    /// A violation of the unique `constraint` as a 4009 naming `field`; any other database
    /// error passes through as internal.
    pub fn on_unique(e: sqlx::Error, constraint: &str, field: &str, message: &str) -> Self {
        match &e {
            sqlx::Error::Database(db) if db.constraint() == Some(constraint) => Self::duplicate(field, message),
            _ => e.into(),
        }
    }

    /// -600: the file is over 50 MB.
    pub const FILE_TOO_LARGE: AppError = AppError::Upload { code: -600, message: "文件大小不能超过 50MB" };
    /// -601: not an xls, xlsx or csv file (by name or by content).
    pub const FILE_WRONG_TYPE: AppError = AppError::Upload { code: -601, message: "只能上传 xls、xlsx 或 csv 文件" };
    /// -602: the same content was already uploaded for the same purpose.
    pub const FILE_DUPLICATE: AppError = AppError::Upload { code: -602, message: "该文件已上传过，请勿重复上传" };

    /// The envelope code of the catalogue (docs/api.md, "The envelope").
    pub fn code(&self) -> i64 {
        match self {
            AppError::Validation(_) => 4000,
            AppError::Unauthenticated(_) => 2001,
            AppError::SessionEnded(_) => 2002,
            AppError::BadSignature(_) => 2003,
            AppError::Forbidden => 4003,
            AppError::NotFound(_) => 4004,
            AppError::Conflict { .. } => 4009,
            AppError::TooLarge => 4013,
            AppError::RateLimited(_) => 4029,
            AppError::Upload { code, .. } => *code,
            AppError::Internal(_) => 5000,
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        AppError::Internal(e.into())
    }
}

/// Collects field errors while validating a payload, then fails once with all of them.
#[derive(Default)]
pub struct Checks(FieldErrors);

impl Checks {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_default().push(message.into());
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    pub fn finish(self) -> Result<()> {
        if self.0.is_empty() { Ok(()) } else { Err(AppError::Validation(self.0)) }
    }
}
