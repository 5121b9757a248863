//! Integration tests: the real router over a fresh Postgres database per test.
//! Run through `make test`, which starts a throwaway cluster and sets DATABASE_URL.

mod accounts;
mod analysis;
mod demo;
mod customers;
mod dashboard;
mod dashboard_months;
mod exports;
mod faults;
mod lake_snapshots;
mod helpers;
mod hostile;
mod logins;
mod logs;
mod menus;
mod online_viewing;
mod orders;
mod openapi;
mod permissions;
mod products;
mod profile;
mod security;
mod session_cache;
mod sessions;
mod settings;
mod shell;
mod shell_streaming;
mod signin_rush;
mod signing;
mod suits;
mod tapes;
mod tickets;
mod uploads;
mod messages;
mod realtime;
mod time_periods;
