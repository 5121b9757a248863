//! The engine's one integration test binary: the lake through its public API.

mod helpers;
mod viewing;
