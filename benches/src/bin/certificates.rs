//! Broadcast certificates through the served system: the release `adeval serve` on a fresh
//! database of a running cluster (`DATABASE_URL`, its admin URL) with the demo master data and
//! a bench channel of its own (37 half-hour periods in two classes, three tapes).
//!
//! - Import: a certificate workbook of ADEVAL_BENCH_CERT_ROWS rows (100,000) uploaded as the
//!   browser uploads it, timed from the upload's first byte to the job's end (read, resolved
//!   against the order, written to the lake, committed). Half the rows name their period, the
//!   other half are placed by air time. The peer is python-calamine → pandas reading and typing
//!   the same workbook and writing it to Parquet (benches/python/peers.py).
//! - Comparison: an order of one spot a day in every period of every tape over January to June
//!   2026 (20,091 planned cells) with a certificate of about as many rows (every 50th spot
//!   missing, every 50th day-period aired twice), asked for `broadcastingCertificate`. The
//!   peer is plain DuckDB answering the same per-month, version and period differences from the
//!   certificate's Parquet file and the cells copied into it.
//!
//! Settings: ADEVAL_BENCH_CERT_ROWS (100,000), ADEVAL_BENCH_CERT_IMPORT_RUNS (3),
//! ADEVAL_BENCH_CERT_COMPARE_RUNS (50), ADEVAL_BIN; ADEVAL_BENCH_CERT_KEEP leaves the database
//! and files in place.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use chrono::{Days, NaiveDate};
use sqlx::PgPool;

use adeval_benches::channel::{self, Channel, DAYS, TAPES, first_day};
use adeval_benches::serve::{Server, time};
use adeval_benches::{Runs, env_u64, peers, report, secs, thousands, verdict};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_CERT_ROWS", 100_000);
    let import_runs = env_u64("ADEVAL_BENCH_CERT_IMPORT_RUNS", 3) as usize;
    let compare_runs = env_u64("ADEVAL_BENCH_CERT_COMPARE_RUNS", 50) as usize;
    let bench = adeval_benches::serve::BenchDatabase::create("certificates").await?;
    let (url, data) = (bench.url.clone(), bench.data.clone());
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = PgPool::connect(&url).await?;
        let seed = channel::seed(&db, 2).await?;
        let (import_order, compare_order) = (seed.orders[0], seed.orders[1]);
        let token = server.login().await?;

        // Import.
        let lines = import_rows(&seed, rows as usize);
        let book = workbook(&seed, &lines, "播出证明")?;
        let path = data.join(format!("播出证明-{rows}.xlsx"));
        std::fs::write(&path, &book)?;
        println!("certificate workbook: {rows} rows, {} MB", book.len() / 1_000_000);
        let mut import = Vec::with_capacity(import_runs);
        for run in 0..import_runs {
            // Each run's file differs by its title row: the same bytes twice are refused as a
            // duplicate upload. A re-import replaces the order's unconfirmed certificate.
            let book = workbook(&seed, &lines, &format!("播出证明（第 {} 次导入）", run + 1))?;
            let start = Instant::now();
            let message = import_certificate(&server, &db, &token, import_order, &book).await?;
            import.push(start.elapsed().as_secs_f64());
            println!("  import: {} — {message}", secs(import[import.len() - 1]));
        }
        let import = Runs(import);
        let peer_out = data.join("peer");
        let peer = peers::run(&["certificate-ingest", &path.display().to_string(), &peer_out.display().to_string(), "3"]);

        // Comparison.
        let (cells, aired_rows) = schedule(&db, &seed, compare_order).await?;
        let book = workbook(&seed, &compare_rows(&seed), "播出证明")?;
        import_certificate(&server, &db, &token, compare_order, &book).await?;
        let answer = server.call("broadcastingCertificate", vec![("orderId", compare_order.to_string())], &token).await?;
        let summary = &answer["dataValue"];
        let (planned, aired) = (summary["planned"].as_i64().unwrap_or(-1), summary["aired"].as_i64().unwrap_or(-1));
        if planned != cells || aired != aired_rows {
            bail!("the comparison counted {planned} planned and {aired} aired spots, not {cells} and {aired_rows}: {summary}");
        }
        let (added, missing) = (summary["added"].as_i64().unwrap_or(0), summary["missing"].as_i64().unwrap_or(0));
        let compare = time(compare_runs, || server.call("broadcastingCertificate", vec![("orderId", compare_order.to_string())], &token)).await?;
        let duck = duckdb_peer(&db, compare_order, &data, compare_runs).await?;
        write_report(rows, &import, &peer, (cells, aired_rows, added, missing), &compare, &duck)
    }
    .await;
    bench.finish(Some("ADEVAL_BENCH_CERT_KEEP"), outcome).await
}

/// One certificate row: day, tape index, period index, seconds into the broadcast day, whether
/// the period is named.
type Row = (NaiveDate, usize, usize, i32, bool);

/// `n` rows spread over the cycle, tapes and periods; every other row leaves its period to
/// its air time.
fn import_rows(seed: &Channel, n: usize) -> Vec<Row> {
    (0..n)
        .map(|i| {
            let day = first_day() + Days::new((i as u64 * 7) % DAYS);
            let period = (i / TAPES) % seed.periods.len();
            let (_, start, end) = seed.periods[period];
            let at = start + (i as i32 * 7_919) % (end - start + 1);
            (day, i % TAPES, period, at, i % 2 == 0)
        })
        .collect()
}

/// A row for every planned spot of the compare order except every 50th, and a second row for
/// every 50th day and period.
fn compare_rows(seed: &Channel) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut n = 0usize;
    for d in 0..DAYS {
        for tape in 0..TAPES {
            for (period, (_, start, _)) in seed.periods.iter().enumerate() {
                n += 1;
                let day = first_day() + Days::new(d);
                if !n.is_multiple_of(50) {
                    rows.push((day, tape, period, start + 600, true));
                }
                if n % 50 == 25 {
                    rows.push((day, tape, period, start + 1200, false));
                }
            }
        }
    }
    rows
}

/// The compare order's schedule straight into Postgres: a line per month, tape and period,
/// one spot a day. Answers the planned spots and the aired rows its certificate will hold.
async fn schedule(db: &PgPool, seed: &Channel, compare_order: i64) -> anyhow::Result<(i64, i64)> {
    sqlx::query(
        "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type)
         select o.id, o.media_id, m::date, t.tape_id, p.id, 'A'
         from orders o join order_tapes t on t.order_id = o.id join time_periods p on p.media_id = o.media_id
         cross join generate_series(date '2026-01-01', date '2026-06-01', interval '1 month') m
         where o.id = $1",
    )
    .bind(compare_order)
    .execute(db)
    .await?;
    let cells = sqlx::query(
        "insert into order_cells (line_id, ymd, point)
         select l.id, d::date, 1 from order_lines l
         cross join generate_series(l.month, (l.month + interval '1 month' - interval '1 day'), interval '1 day') d
         where l.order_id = $1",
    )
    .bind(compare_order)
    .execute(db)
    .await?
    .rows_affected();
    Ok((cells as i64, compare_rows(seed).len() as i64))
}

/// The rows as a certificate workbook: a title row, then 日期, 播出时间, 时段, 版本, 时长, 位置, 次数.
fn workbook(seed: &Channel, rows: &[Row], title: &str) -> anyhow::Result<Vec<u8>> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, title)?;
    for (c, header) in ["日期", "播出时间", "时段", "版本", "时长", "位置", "次数"].into_iter().enumerate() {
        sheet.write_string(1, c as u16, header)?;
    }
    for (r, &(day, tape, period, at, named)) in rows.iter().enumerate() {
        let r = r as u32 + 2;
        sheet.write_string(r, 0, day.format("%Y-%m-%d").to_string())?;
        sheet.write_string(r, 1, format!("{:02}:{:02}:{:02}", at / 3600, at / 60 % 60, at % 60))?;
        if named {
            sheet.write_string(r, 2, &seed.periods[period].0)?;
        }
        sheet.write_string(r, 3, &seed.tapes[tape])?;
        sheet.write_number(r, 4, 15)?;
        if r.is_multiple_of(3) {
            sheet.write_string(r, 5, "正一")?;
        }
        sheet.write_number(r, 6, 1)?;
    }
    Ok(book.save_to_buffer()?)
}

/// Uploads a certificate for `order` and waits for its job; answers the job's summary.
async fn import_certificate(server: &Server, db: &PgPool, token: &str, order: i64, book: &[u8]) -> anyhow::Result<String> {
    let tag = format!("{{\"orderId\":{order}}}");
    let answer = server.upload(token, "broadcastingCertificate", "播出证明.xlsx", &tag, book.to_vec()).await?;
    let job = answer["jobId"].as_i64().with_context(|| format!("the upload started no job: {answer}"))?;
    let started = Instant::now();
    loop {
        let (status, message): (String, String) =
            sqlx::query_as("select status, message from jobs where id = $1").bind(job).fetch_one(db).await?;
        match status.as_str() {
            "done" => return Ok(message),
            "failed" => bail!("the certificate import failed: {message}"),
            _ if started.elapsed() > Duration::from_secs(600) => bail!("the certificate import did not end in 10 minutes"),
            _ => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
}

/// Plain DuckDB answering the same differences: the cells (copied in once, not timed) joined
/// to the certificate's Parquet file, per month, version and period. Answers its runs.
async fn duckdb_peer(db: &PgPool, order: i64, data: &std::path::Path, n: usize) -> anyhow::Result<Runs> {
    let files: Vec<String> = sqlx::query_scalar(
        "select f.path from lake_files f join order_certificate_months m on m.batch_id = f.batch_id
         where m.order_id = $1 and f.live order by f.path",
    )
    .bind(order)
    .fetch_all(db)
    .await?;
    let cells: Vec<(NaiveDate, i64, i64, i32)> = sqlx::query_as(
        "select c.ymd, l.tape_id, l.time_period_id, c.point from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.value <> '撤掉'",
    )
    .bind(order)
    .fetch_all(db)
    .await?;
    let lake = data.join("lake");
    let conn = duckdb::Connection::open_in_memory()?;
    conn.execute_batch("create table cells (ymd date, tape_id bigint, period_id bigint, point integer)")?;
    {
        let mut app = conn.appender("cells")?;
        for (ymd, tape, period, point) in &cells {
            app.append_row(duckdb::params![ymd.format("%Y-%m-%d").to_string(), tape, period, point])?;
        }
    }
    let list: Vec<String> = files.iter().map(|f| format!("'{}'", lake.join(f).display())).collect();
    let sql = format!(
        "with planned as (select date_trunc('month', ymd) m, tape_id, period_id, sum(point) n from cells group by all),
              aired as (select date_trunc('month', ymd) m, tape_id, time_period_id period_id, sum(num) n
                        from read_parquet([{}]) where time_period_id is not null group by all)
         select count(*) filter (where coalesce(a.n, 0) > coalesce(p.n, 0)), count(*) filter (where coalesce(p.n, 0) > coalesce(a.n, 0))
         from planned p full join aired a using (m, tape_id, period_id)",
        list.join(", ")
    );
    let mut runs = Vec::with_capacity(n);
    for i in 0..=n {
        let start = Instant::now();
        let _: (i64, i64) = conn.query_row(&sql, [], |r| Ok((r.get(0)?, r.get(1)?)))?;
        if i > 0 {
            runs.push(start.elapsed().as_secs_f64());
        }
    }
    let runs = Runs(runs);
    println!("  duckdb peer: median {} ({})", secs(runs.median()), runs.spread());
    Ok(runs)
}

fn write_report(
    rows: u64,
    import: &Runs,
    peer: &Result<Vec<peers::Peer>, String>,
    (cells, aired, added, missing): (i64, i64, i64, i64),
    compare: &Runs,
    duck: &Runs,
) -> anyhow::Result<()> {
    let rate = rows as f64 / import.median();
    let mut md = String::from("## Broadcast certificates\n\n");
    md.push_str(&format!(
        "The release `adeval serve` on a fresh database with the demo master data and a bench channel of 37 half-hour \
         periods in two classes. **Import**: a certificate workbook of {} rows uploaded as the browser uploads it, timed \
         from the upload's first byte to the job's end (read, every row resolved against the order's tapes and the \
         channel's periods — half by name, half by air time — written to the lake as one batch, committed with the \
         order's certificate months). **Comparison**: `broadcastingCertificate` of an order with {cells} planned cells \
         and a certificate of {aired} rows ({added} spots added, {missing} missing), one signed request at a time after \
         one unmeasured call. The DuckDB peer answers only the two counts of differing periods, from the cells already \
         loaded into its memory; the served call reads the cells from Postgres and the rows from the lake on every \
         request, checks the session and signature, and answers every named row and month.\n\n",
        thousands(rows as f64)
    ));
    md.push_str("| measure | way | runs | median | min–max | rows/s | peer time ÷ adeval time |\n|---|---|---|---|---|---|---|\n");
    md.push_str(&format!(
        "| certificate import, {} rows | upload → job done | {} | {} | {} | {} | — |\n",
        thousands(rows as f64),
        import.len(),
        secs(import.median()),
        import.spread(),
        thousands(rate)
    ));
    match peer {
        Ok(peers) => {
            for p in peers {
                match &p.runs {
                    Ok(r) => md.push_str(&format!(
                        "| certificate workbook read, typed, written to Parquet | peer: {} ({}) | {} | {} | {} | {} | {:.1}× |\n",
                        p.name,
                        p.note,
                        r.len(),
                        secs(r.median()),
                        r.spread(),
                        thousands(p.rows as f64 / r.median()),
                        r.median() / import.median()
                    )),
                    Err(e) => md.push_str(&format!("| certificate workbook read | peer: {} | 0 | did not run: {e} | — | — | — |\n", p.name)),
                }
            }
        }
        Err(e) => md.push_str(&format!("| certificate workbook read | peers | 0 | not run: {e} | — | — | — |\n")),
    }
    md.push_str(&format!(
        "| broadcastingCertificate, {cells} cells × {aired} rows | served call | {} | {} | {} | — | {:.2}× |\n",
        compare.len(),
        secs(compare.median()),
        compare.spread(),
        duck.median() / compare.median()
    ));
    md.push_str(&format!(
        "| the same differences | peer: plain DuckDB query, cells in memory | {} | {} | {} | — | — |\n",
        duck.len(),
        secs(duck.median()),
        duck.spread()
    ));
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!("| certificate import ≥ 100,000 rows/s end to end | {} rows/s | {} |\n", thousands(rate), verdict(rate >= 100_000.0)));
    md.push_str(&format!(
        "| comparison of 20,000 cells × 20,000 rows ≤ 100 ms p50 | {} | {} |\n",
        secs(compare.median()),
        verdict(compare.median() <= 0.1)
    ));
    md.push('\n');
    report(&md)
}
