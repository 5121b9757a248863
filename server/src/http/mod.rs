//! The HTTP contract: envelope, error catalogue, payload parsing and request signing.

pub mod args;
pub mod call;
pub mod envelope;
pub mod error;
pub mod headers;
pub mod payload;
pub mod read_cache;
pub mod replay;
pub mod sign;

pub use envelope::{Done, Page};
pub use error::{AppError, Checks, FieldErrors, Result};
pub use payload::{Args, Payload, Text};
