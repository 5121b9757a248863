//! The API under load: the release `adeval serve` on a fresh database of a running cluster
//! (`DATABASE_URL`, the admin URL of that cluster), seeded with the demo master data plus
//! products and orders, and many keep-alive connections (closed loop: each sends its next
//! request when the answer is in) on productIndex, orderList and, as the peer, /healthz; then
//! orderList again while `adeval import` brings a customer-data workbook into the same lake
//! (the import's stretch and the seconds after it commits measured apart).
//!
//! Every call is signed with a fresh nonce and timestamp (docs/api.md, "Signing"), as the web client signs.
//! Traffic goes to 127.0.0.1 only; each run is bounded in time and in requests. The generator
//! runs on the same machine as the server and Postgres, and takes its share of the cores.
//!
//! Settings: ADEVAL_BENCH_API_CONNECTIONS (200), ADEVAL_BENCH_API_SECONDS (10 per run),
//! ADEVAL_BENCH_API_RUNS (3), ADEVAL_BENCH_API_WARMUP (3 s), ADEVAL_BENCH_API_PRODUCTS (500),
//! ADEVAL_BENCH_API_ORDERS (200), ADEVAL_BENCH_API_VIEWING_ROWS (2,000,000 in the lake),
//! ADEVAL_BENCH_API_IMPORT_RUNS (2), ADEVAL_BENCH_API_IMPORT_ROWS (20,000 a workbook),
//! ADEVAL_BIN (the adeval binary; default: beside this one).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::Request;
use hyper_util::rt::TokioIo;

use adeval_benches::load::{Run, SECRET, Target, run, run_samples};
use adeval_benches::{env_u64, report};
use adeval_server::http::sign;

const PASSWORD: &str = "bench-admin-pass";


const TARGETS: [Target; 3] = [
    Target {
        name: "productIndex",
        what: "productIndex, page 1 of 10 (signed, session + menu check; the answer kept until the next write, at most 1 s)",
        call: "productIndex",
        fields: &[("limit", "10"), ("page", "1")],
    },
    Target {
        name: "orderList",
        what: "orderList, page 1 of 10 (signed; each order's customer and media figures from the lake; the page kept while the lake, the list's tables and the day are unchanged)",
        call: "orderList",
        fields: &[("limit", "10"), ("page", "1")],
    },
    Target {
        name: "/healthz",
        what: "peer: /healthz (unsigned, no session: one `select 1` and a lake ping through the same HTTP stack)",
        call: "",
        fields: &[],
    },
];

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn adeval_bin() -> anyhow::Result<PathBuf> {
    if let Some(bin) = std::env::var_os("ADEVAL_BIN") {
        return Ok(PathBuf::from(bin));
    }
    let me = std::env::current_exe()?;
    let bin = me.with_file_name("adeval");
    if !bin.exists() {
        bail!("{} is missing: cargo build --release --bin adeval (or set ADEVAL_BIN)", bin.display());
    }
    Ok(bin)
}

async fn start_server(url: &str, data: &std::path::Path) -> anyhow::Result<Server> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let child = Command::new(adeval_bin()?)
        .arg("serve")
        .env("DATABASE_URL", url)
        .env("ADEVAL_DATA_DIR", data)
        .env("ADEVAL_ADDR", format!("127.0.0.1:{port}"))
        .env("ADEVAL_SIGN_SECRET", SECRET)
        .env("ADEVAL_ADMIN_PASSWORD", PASSWORD)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(data.join("serve.log"))?)
        .spawn()
        .context("starting adeval serve")?;
    let mut server = Server { child, port };
    let started = Instant::now();
    loop {
        if let Some(status) = server.child.try_wait()? {
            bail!("adeval serve exited ({status}); see {}", data.join("serve.log").display());
        }
        if let Ok((200, _)) = get(port, "/healthz", &[]).await {
            return Ok(server);
        }
        if started.elapsed() > Duration::from_secs(120) {
            bail!("adeval serve did not answer within 120 s");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Products and orders beyond the demo set, so the list pages and their counts are real.
async fn seed(db: &sqlx::PgPool, products: u64, orders: u64) -> anyhow::Result<()> {
    sqlx::query(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
                               upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per,
                               jack_requirements)
         select p.brand_id, p.media_id, p.product_name || '-' || n, p.seconds, p.default_audience_group_id,
                p.upside_down_three_per, p.prime_time, p.prime_time_per, p.prime_upside_down_three_per, p.jack_requirements
         from generate_series(1, $1::int) n
         cross join lateral (select * from products order by id offset (n % (select count(*) from products)) limit 1) p",
    )
    .bind(products as i32)
    .execute(db)
    .await
    .context("seeding products")?;
    sqlx::query(
        "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
                             customer_free_calc, media_free_calc, customer_metrics, media_metrics, created_by)
         select coalesce(p.media_id, (select min(id) from media)), p.id, p.default_audience_group_id, p.seconds,
                current_date - 20 + (n % 10), current_date + 10 + (n % 10), current_date, 1, 1, 100, 100, 1
         from generate_series(1, $1::int) n
         cross join lateral (select * from products order by id offset (n % (select count(*) from products)) limit 1) p",
    )
    .bind(orders as i32)
    .execute(db)
    .await
    .context("seeding orders")?;
    Ok(())
}

/// One request on a fresh connection (set-up calls).
async fn get(port: u16, path: &str, headers: &[(&str, String)]) -> anyhow::Result<(u16, Bytes)> {
    let stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(conn);
    let mut req = Request::get(path).header("host", "127.0.0.1");
    for (k, v) in headers {
        req = req.header(*k, v);
    }
    let answer = sender.send_request(req.body(Empty::<Bytes>::new())?).await?;
    let status = answer.status().as_u16();
    Ok((status, answer.into_body().collect().await?.to_bytes()))
}

/// orderList under load through an import: after `warmup`, `adeval import` of a customer-data
/// workbook runs beside the load (the same server's database and lake); answers the stretch
/// of the import itself and the `measure` after it committed (the lake's version moved: every
/// order's figures are computed again), and how long the import took.
async fn run_through_import(
    port: u16,
    token: Arc<String>,
    connections: u64,
    warmup: Duration,
    measure: Duration,
    import: Vec<String>,
    (url, data): (&str, &std::path::Path),
) -> anyhow::Result<(Run, Run, f64)> {
    let bin = adeval_bin()?;
    let (url, data) = (url.to_owned(), data.to_owned());
    let began = Arc::new(std::sync::Mutex::new(None));
    let importing = began.clone();
    let window = async move {
        tokio::time::sleep(Duration::from_millis(200) + warmup).await;
        let start = Instant::now();
        *importing.lock().expect("import start") = Some(start);
        let out = tokio::task::spawn_blocking(move || {
            Command::new(bin).arg("import").args(&import).env("DATABASE_URL", &url).env("ADEVAL_DATA_DIR", &data).env("ADEVAL_SIGN_SECRET", SECRET).stdin(Stdio::null()).output()
        })
        .await?
        .context("running adeval import")?;
        if !out.status.success() {
            bail!("adeval import failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        let done = Instant::now();
        Ok((done, done + measure))
    };
    let (samples, (done, until)) = run_samples(port, &TARGETS[1], token, connections, window).await?;
    let start = began.lock().expect("import start").expect("the import started");
    Ok((samples.within((start, done)), samples.within((done, until)), (done - start).as_secs_f64()))
}

fn median(v: Vec<f64>) -> f64 {
    adeval_benches::median(&v)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let connections = env_u64("ADEVAL_BENCH_API_CONNECTIONS", 200);
    let seconds = env_u64("ADEVAL_BENCH_API_SECONDS", 10);
    let runs = env_u64("ADEVAL_BENCH_API_RUNS", 3);
    let warmup = Duration::from_secs(env_u64("ADEVAL_BENCH_API_WARMUP", 3));
    let products = env_u64("ADEVAL_BENCH_API_PRODUCTS", 500);
    let orders = env_u64("ADEVAL_BENCH_API_ORDERS", 200);
    let viewing_rows = env_u64("ADEVAL_BENCH_API_VIEWING_ROWS", 2_000_000);
    let import_runs = env_u64("ADEVAL_BENCH_API_IMPORT_RUNS", 2);
    let import_rows = env_u64("ADEVAL_BENCH_API_IMPORT_ROWS", 20_000);
    let bench = adeval_benches::serve::BenchDatabase::create("api").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = start_server(&url, &data).await?;
        let db = sqlx::PgPool::connect(&url).await?;
        seed(&db, products, orders).await?;
        // The orders' viewing rows (and others), so their figures are the lake's work.
        let today = chrono::Local::now().date_naive();
        let first = today - chrono::Days::new(35);
        let written = adeval_benches::viewing::fill_lake(&db, &data.join("lake"), viewing_rows, viewing_rows / 1000, first, 70).await?;
        println!("lake: {written} viewing rows from {first}");
        let products_total: i64 = sqlx::query_scalar("select count(*) from products").fetch_one(&db).await?;
        let orders_total: i64 = sqlx::query_scalar("select count(*) from orders").fetch_one(&db).await?;
        db.close().await;
        let token = Arc::new(login(server.port).await?);
        let mut rows = Vec::new();
        for target in &TARGETS {
            let mut measured = Vec::new();
            for n in 0..runs {
                // The first run's warm-up warms this target; later runs start warm.
                let warm = if n == 0 { warmup } else { Duration::from_secs(1) };
                let r = run(server.port, target, token.clone(), connections, warm, Duration::from_secs(seconds)).await?;
                println!("{:<13} run {}: {r}", target.name, n + 1);
                measured.push(r);
            }
            rows.push((target, measured));
        }
        // orderList through an import: the lake's version moves while 200 connections ask.
        let workbook = adeval_benches::customer::workbook(import_rows)?;
        let import: Vec<String> = ["customer-data", &workbook.display().to_string(), "--category", "2", "--source", "3", "--ownership", "1"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let mut imports = Vec::new();
        for n in 0..import_runs {
            let measure = Duration::from_secs(seconds);
            let (during, after, took) =
                run_through_import(server.port, token.clone(), connections, Duration::from_secs(2), measure, import.clone(), (&url, &data)).await?;
            for (what, r) in [("during", &during), ("after", &after)] {
                println!("orderList import {} {what:<6}: {r} (import {took:.1} s)", n + 1);
            }
            imports.push((during, after, took));
        }
        drop(server);
        let setup = Setup { connections, seconds, runs, warmup, products: products_total, orders: orders_total, viewing_rows: written, import_rows };
        write_report(&rows, &imports, &setup)
    }
    .await;
    bench.finish(None, outcome).await
}

async fn login(port: u16) -> anyhow::Result<String> {
    let stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(conn);
    let fields = format!("acc=admin&pwd={PASSWORD}");
    let timestamp = chrono::Utc::now().timestamp().to_string();
    let nonce = format!("login{}", adeval_server::storage::random_name(16));
    let signature = sign::sign(&sign::canonical(&fields, &timestamp, &nonce, SECRET));
    let req = Request::post("/background/v1/adminUserLogin")
        .header("host", "127.0.0.1")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("timestamp", timestamp)
        .header("nonce", nonce)
        .header("sign", signature)
        .body(http_body_util::Full::new(Bytes::from(fields)))?;
    let answer = sender.send_request(req).await?;
    let body: serde_json::Value = serde_json::from_slice(&answer.into_body().collect().await?.to_bytes())?;
    body["data"]["token"].as_str().map(str::to_owned).with_context(|| format!("sign-in failed: {body}"))
}

/// What a report says the load ran on.
struct Setup {
    connections: u64,
    seconds: u64,
    runs: u64,
    warmup: Duration,
    products: i64,
    orders: i64,
    viewing_rows: u64,
    import_rows: u64,
}

fn write_report(rows: &[(&Target, Vec<Run>)], imports: &[(Run, Run, f64)], setup: &Setup) -> anyhow::Result<()> {
    let Setup { connections, seconds, runs, warmup, products, orders, viewing_rows, import_rows } = *setup;
    let mut md = String::new();
    md.push_str("## API under load\n\n");
    md.push_str(&format!(
        "The release `adeval serve` (pool of 16 Postgres connections) on a fresh database: the demo master data plus \
         copies, {products} products and {orders} orders, and {} viewing rows in the lake (the orders' and others, \
         0.1 % deleted). {connections} keep-alive HTTP/1.1 connections in a closed loop \
         (a connection sends its next request when the answer is in), every call signed with a fresh nonce and \
         timestamp and checked for `\"code\":200`. Per target: a {}-s warm-up, then {runs} runs of {seconds} s; \
         figures are the medians of the runs. **The load generator (`benches/src/load.rs`, hyper) runs on the \
         same 2-core machine** as the server and Postgres and takes its share of the cores.\n\n",
        adeval_benches::thousands(viewing_rows as f64),
        warmup.as_secs()
    ));
    md.push_str("| target | runs | requests/s (median) | min–max | p50 | p99 | errors | peer req/s ÷ target req/s |\n");
    md.push_str("|---|---|---|---|---|---|---|---|\n");
    let peer = rows.iter().find(|(t, _)| t.call.is_empty()).map(|(_, r)| median(r.iter().map(|x| x.rps).collect()));
    let mut goals = Vec::new();
    for (target, measured) in rows {
        let rps = median(measured.iter().map(|r| r.rps).collect());
        let min = measured.iter().map(|r| r.rps).fold(f64::INFINITY, f64::min);
        let max = measured.iter().map(|r| r.rps).fold(0.0, f64::max);
        let p50 = median(measured.iter().map(|r| r.p50_ms).collect());
        let p99 = median(measured.iter().map(|r| r.p99_ms).collect());
        let errors: u64 = measured.iter().map(|r| r.errors).sum();
        let ratio = match peer {
            Some(p) if !target.call.is_empty() => format!("{:.2}×", p / rps),
            _ => "—".into(),
        };
        md.push_str(&format!(
            "| {} | {} | {:.0} | {:.0}–{:.0} | {:.1} ms | {:.1} ms | {} | {} |\n",
            target.what,
            measured.len(),
            rps,
            min,
            max,
            p50,
            p99,
            errors,
            ratio
        ));
        if target.name == "orderList" {
            goals.push((format!("≥ 2,000 req/s on orderList ({connections} connections)"), format!("{rps:.0} req/s"), rps >= 2000.0));
            goals.push(("p99 ≤ 100 ms on orderList".to_owned(), format!("{p99:.1} ms"), p99 <= 100.0));
        }
        if target.name == "productIndex" {
            goals.push((format!("≥ 5,000 req/s on productIndex ({connections} connections)"), format!("{rps:.0} req/s"), rps >= 5000.0));
            goals.push(("p99 ≤ 50 ms on productIndex".to_owned(), format!("{p99:.1} ms"), p99 <= 50.0));
        }
        if !target.call.is_empty() {
            goals.push((format!("no errors on {}", target.name), errors.to_string(), errors == 0));
        }
    }
    if !imports.is_empty() {
        md.push_str(&format!(
            "\norderList through an import: after 2 s of load, `adeval import customer-data` of a {} -row workbook \
             runs beside it on the same database and lake; when it commits the lake's version moves and every order's \
             figures are computed again (once, whoever asks; the list answers the previous ones marked `recomputing` \
             meanwhile). Measured: the import's own stretch, and the {seconds} s after it committed.\n\n",
            adeval_benches::thousands(import_rows as f64)
        ));
        md.push_str("| stretch | runs | requests/s (median) | min–max | p50 | p99 | errors |\n|---|---|---|---|---|---|---|\n");
        let took = adeval_benches::median(&imports.iter().map(|i| i.2).collect::<Vec<_>>());
        let during: Vec<&Run> = imports.iter().map(|i| &i.0).collect();
        let after: Vec<&Run> = imports.iter().map(|i| &i.1).collect();
        for (what, measured) in [(format!("during the import ({took:.1} s median)"), &during), (format!("the {seconds} s after the import committed"), &after)] {
            let rps = median(measured.iter().map(|r| r.rps).collect());
            let min = measured.iter().map(|r| r.rps).fold(f64::INFINITY, f64::min);
            let max = measured.iter().map(|r| r.rps).fold(0.0, f64::max);
            let p50 = median(measured.iter().map(|r| r.p50_ms).collect());
            let p99 = median(measured.iter().map(|r| r.p99_ms).collect());
            let errors: u64 = measured.iter().map(|r| r.errors).sum();
            md.push_str(&format!("| {what} | {} | {rps:.0} | {min:.0}–{max:.0} | {p50:.1} ms | {p99:.1} ms | {errors} |\n", measured.len()));
        }
        let rps = median(after.iter().map(|r| r.rps).collect());
        let p99 = median(after.iter().map(|r| r.p99_ms).collect());
        let errors: u64 = imports.iter().map(|i| i.0.errors + i.1.errors).sum();
        goals.push((format!("≥ 2,000 req/s on orderList, the {seconds} s after an import"), format!("{rps:.0} req/s"), rps >= 2000.0));
        goals.push((format!("p99 ≤ 100 ms on orderList, the {seconds} s after an import"), format!("{p99:.1} ms"), p99 <= 100.0));
        goals.push(("no errors on orderList through an import".to_owned(), errors.to_string(), errors == 0));
    }
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    for (goal, measured, met) in goals {
        md.push_str(&format!("| {goal} | {measured} | {} |\n", if met { "**met**" } else { "**not met**" }));
    }
    md.push('\n');
    report(&md)
}
