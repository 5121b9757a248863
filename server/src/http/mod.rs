//! The HTTP contract: the envelope and how errors are answered in it, payload parsing and
//! request signing. The error type and the field checks are the crate's (`crate::error`).

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
pub use payload::{Args, Payload, Text};
