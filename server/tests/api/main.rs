//! Integration tests: the real router over a fresh Postgres database per test.
//! Run through `make test`, which starts a throwaway cluster and sets DATABASE_URL.

mod accounts;
mod exports;
mod helpers;
mod logins;
mod logs;
mod menus;
mod openapi;
mod permissions;
mod profile;
mod sessions;
mod signing;
