//! Who is calling and what they may do: passwords, sessions, throttling, permissions and the
//! guard that every call passes.

pub mod account;
pub mod guard;
pub mod menu;
pub mod password;
pub mod permission;
pub mod session;
pub mod throttle;
pub mod ticket;

pub use session::Admin;
