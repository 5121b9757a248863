//! Fault points for the crash tests: `ADEVAL_FAULT=<name>` makes the process stop at the named
//! point, say so on stderr and wait there for its kill. Unset (always, outside tests) a point
//! costs one environment read.

/// The job's rows are committed to the lake and the job is not yet marked done.
pub const CUSTOMER_BATCH_COMMITTED: &str = "customer-batch-committed";

pub async fn point(name: &str) {
    if std::env::var("ADEVAL_FAULT").is_ok_and(|v| v == name) {
        eprintln!("fault point reached: {name}");
        std::future::pending::<()>().await;
    }
}
