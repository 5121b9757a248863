//! Faults: the real `adeval serve` process killed mid-import, Postgres restarted under a running
//! server, and job leases lost or held.

mod kill;
mod leases;
mod postgres_restart;
