//! Many sign-ins at once, and requests over a pool of one connection: no request holds a pool
//! connection while it waits for another, and password hashing does not starve other calls.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::{ADMIN_PASSWORD, Call, spawn_app, spawn_app_with_pool};
use crate::helpers::uploads::{MIB, customer, key_in, post, sign, xlsx, zip_like};

const ACCOUNTS: usize = 40;
const SIGN_INS_EACH: usize = 3;
/// The slowest answer another call may give while the sign-ins run.
const OTHER_CALLS_WITHIN: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_accounts_signing_in_three_times_at_once_all_succeed_while_other_calls_stay_quick() {
    let app = Arc::new(spawn_app().await);
    let token = app.admin_token().await;
    for n in 0..ACCOUNTS {
        app.create_account(&format!("staff{n}"), "112").await;
    }

    // Another signed-in account keeps listing products until the rush is over.
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let other_calls = tokio::spawn({
        let (app, done) = (app.clone(), done.clone());
        async move {
            let (mut calls, mut slowest, mut failed) = (0, Duration::ZERO, Vec::new());
            while !done.load(std::sync::atomic::Ordering::Relaxed) || calls < 5 {
                let started = Instant::now();
                let answer = app.send(Call::get("productIndex", json!({ "page": 1, "limit": 10 })).token(&token)).await;
                slowest = slowest.max(started.elapsed());
                if answer.code() != 200 {
                    failed.push(answer.code());
                }
                calls += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            (calls, slowest, failed)
        }
    });

    let started = Instant::now();
    let sign_ins: Vec<_> = (0..ACCOUNTS * SIGN_INS_EACH)
        .map(|i| {
            let app = app.clone();
            tokio::spawn(async move { app.login(&format!("staff{}", i % ACCOUNTS), "secret-123").await })
        })
        .collect();
    let mut failed = Vec::new();
    for sign_in in sign_ins {
        let answer = sign_in.await.unwrap();
        if answer.code() != 200 {
            failed.push(answer.code());
        }
    }
    let rush = started.elapsed();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let (calls, slowest, others_failed) = other_calls.await.unwrap();
    println!("{} sign-ins in {rush:?}; {calls} productIndex calls meanwhile, slowest {slowest:?}", ACCOUNTS * SIGN_INS_EACH);

    assert!(failed.is_empty(), "{} of {} sign-ins failed: {failed:?}", failed.len(), ACCOUNTS * SIGN_INS_EACH);
    assert!(others_failed.is_empty(), "productIndex calls failed during the sign-ins: {others_failed:?}");
    assert!(slowest < OTHER_CALLS_WITHIN, "a productIndex call took {slowest:?} during the sign-ins");
    // Every success was recorded as one, so none counts towards the lock.
    let failures: i64 = sqlx::query_scalar("select count(*) from login_attempts where not succeeded")
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(failures, 0);
    assert_eq!(app.login("staff0", "secret-123").await.code(), 200, "the rush locked an account");
}

/// Runs one call against the one-connection app, failing instead of hanging.
async fn within<T>(what: &str, call: impl std::future::Future<Output = T>) -> T {
    // Below the pool's 10 s acquire timeout, so a self-deadlock fails here, by name.
    tokio::time::timeout(Duration::from_secs(8), call).await.unwrap_or_else(|_| panic!("{what} stalled"))
}

#[tokio::test]
async fn sign_in_and_upload_completion_work_over_a_pool_of_one_connection() {
    let app = spawn_app_with_pool(1).await;
    let signed_in = within("sign-in", app.login("admin", ADMIN_PASSWORD)).await;
    let token = signed_in.ok()["token"].as_str().unwrap().to_owned();

    // A wrong password is recorded as a failure without a second connection either.
    assert_eq!(within("a refused sign-in", app.login("admin", "wrong-pass-1")).await.code(), 4000);

    // A single-part upload.
    let policy = within("a policy", sign(&app, &token, "customerData", "单个.xlsx", customer())).await.ok().clone();
    let key = key_in(&policy, "xlsx");
    within("a single-part upload", post(&app, &token, &policy, &key, None, &xlsx("one connection"))).await.ok();

    // A chunked upload, completed by its last chunk.
    let bytes = zip_like(10 * MIB + 777, 3);
    let policy = within("a policy", sign(&app, &token, "customerData", "分片.xlsx", customer())).await.ok().clone();
    let key = key_in(&policy, "xlsx");
    let first = within("the first chunk", post(&app, &token, &policy, &key, Some((0, 2)), &bytes[..10 * MIB])).await;
    assert_eq!(first.ok()["received"], 1);
    let last = within("the completing chunk", post(&app, &token, &policy, &key, Some((1, 2)), &bytes[10 * MIB..])).await;
    assert_eq!(last.ok()["file"]["size"], bytes.len() as i64);

    // The same content again is refused at completion, and the refusal cleans up on one connection too.
    let policy = within("a policy", sign(&app, &token, "customerData", "分片重复.xlsx", customer())).await.ok().clone();
    let key = key_in(&policy, "xlsx");
    within("a repeated first chunk", post(&app, &token, &policy, &key, Some((0, 2)), &bytes[..10 * MIB])).await.ok();
    let again = within("a refused completion", post(&app, &token, &policy, &key, Some((1, 2)), &bytes[10 * MIB..])).await;
    assert_eq!(again.code(), -602, "{:#}", again.body);

    let files: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.db).await.unwrap();
    assert_eq!(files, 2);
    let uploads: i64 = sqlx::query_scalar("select count(*) from uploads where completed_at is null").fetch_one(&app.db).await.unwrap();
    assert_eq!(uploads, 0, "the refused upload was left behind");

    // Adding and editing an account (both hash a password) need one connection at a time too.
    let form = json!({
        "name": "单连接", "account": "single", "password": "secret-456",
        "password_confirmation": "secret-456", "status": "1", "rule_id": "112"
    });
    let added = within("adding an account", app.send(Call::post("adminUserAdd", form.clone()).token(&token))).await;
    let id = added.ok()["id"].as_i64().unwrap();
    let mut edit = form;
    edit["id"] = json!(id);
    edit["password"] = json!("secret-789");
    edit["password_confirmation"] = json!("secret-789");
    within("editing an account", app.send(Call::post("adminUserUp", edit).token(&token))).await.ok();
    within("signing in with the new password", app.login("single", "secret-789")).await.ok();
}
