//! The order domain (no HTTP here): what orders are and what they add up to.

pub mod figures;
