//! The summary dialog through the served system: the release `adeval serve` on a fresh database
//! of a running cluster (`DATABASE_URL`, its admin URL) with the demo master data and the bench
//! channel (benches/src/channel.rs).
//!
//! - Grid: `orderSummaryGrpList` of an order of 300 lines over January to June 2026 (50 a
//!   month: three tapes × seventeen periods less one, 14 cells a line, an operation record on
//!   every tenth cell), with ADEVAL_BENCH_SUMMARY_VIEWING viewing rows (500,000) in the lake of
//!   which a good share match the order (its media, group, titles and cycle), so the averages
//!   read a dense viewing set. The peer is one plain Postgres statement building the same lines,
//!   cells and records as JSON (no viewing averages): what the grid costs a back end that only
//!   asks its database.
//! - Move: `orderSummaryGrpYmdYdY` typeY 2 of one missing spot of a short cell to another
//!   day, each after its typeY 1 (not timed). The peer is the same change as plain SQL in one
//!   transaction (lock the order, take the spot off the source, add it to the destination, two
//!   operation records and an order log entry), with no checks and no preview.
//!
//! - Scrolling: web/e2e/bench/summary-scroll.mjs in Debian's Chromium scrolls the month grid of
//!   an order of 1,000 lines (web/dist must be built) against the same lines drawn as one plain
//!   HTML table in the same page; frames per second from the animation frames' timestamps.
//!
//! Settings: ADEVAL_BENCH_SUMMARY_VIEWING (500,000), ADEVAL_BENCH_SUMMARY_RUNS (50), ADEVAL_BIN;
//! ADEVAL_BENCH_SUMMARY_KEEP leaves the database and files in place.

use std::time::Instant;

use anyhow::{Context, bail};
use sqlx::PgPool;

mod moves;
mod scroll;

use adeval_benches::channel::{self, Channel, DAYS, first_day};
use adeval_benches::serve::{Server, time};
use adeval_benches::{Runs, env_u64, report, secs, thousands, verdict};
use moves::{move_peer, move_schedule, time_moves};
use scroll::{Frames, Scrolled, fps_median, scroll, scroll_schedule};


#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let viewing = env_u64("ADEVAL_BENCH_SUMMARY_VIEWING", 500_000);
    let runs = env_u64("ADEVAL_BENCH_SUMMARY_RUNS", 50) as usize;
    let admin_url = std::env::var("DATABASE_URL").context("DATABASE_URL: the admin URL of a running Postgres cluster")?;
    let name = format!("adeval_bench_summary_{}", std::process::id());
    let admin = PgPool::connect(&admin_url).await.context("connecting to DATABASE_URL")?;
    sqlx::query(&format!("drop database if exists {name}")).execute(&admin).await?;
    sqlx::query(&format!("create database {name}")).execute(&admin).await?;
    let url = adeval_benches::serve::with_database(&admin_url, &name);
    let data = adeval_benches::fresh_dir("summary")?;
    let outcome = async {
        let server = Server::start(&url, &data, &[]).await?;
        let db = PgPool::connect(&url).await?;
        let seed = channel::seed(&db, 3).await?;
        let (grid_order, move_order, scroll_order) = (seed.orders[0], seed.orders[1], seed.orders[2]);
        let token = server.login().await?;

        // Grid.
        let shape = schedule(&db, &seed, grid_order).await?;
        let written = adeval_benches::viewing::fill_lake(&db, &data.join("lake"), viewing, 0, first_day(), DAYS).await?;
        // The planner's statistics, as autovacuum keeps them on a database in use: without them
        // it guesses two lines for the order and walks every cell for its operation records.
        sqlx::query("analyze").execute(&db).await?;
        let grid_args = || vec![("belongingTo", "1".to_owned()), ("orderId", grid_order.to_string())];
        let cold = Instant::now();
        let answer = server.call("orderSummaryGrpList", grid_args(), &token).await?;
        let cold = cold.elapsed().as_secs_f64();
        let answered = Answered::of(&answer);
        if answered.lines != shape.lines || answered.cells != shape.cells {
            bail!("the grid answered {} lines and {} cells, not {} and {}", answered.lines, answered.cells, shape.lines, shape.cells);
        }
        println!(
            "grid: {} lines, {} cells, {} aired spots averaged, {} KB; first call {}",
            answered.lines,
            answered.cells,
            answered.placed,
            answered.bytes / 1000,
            secs(cold)
        );
        let grid = time(runs, || server.call("orderSummaryGrpList", grid_args(), &token)).await?;
        let peer = grid_peer(&db, grid_order, runs).await?;

        // Move.
        let moves = move_schedule(&db, &seed, move_order).await?;
        let moved = time_moves(&server, &db, &token, move_order, &moves, runs).await?;
        let move_peer = move_peer(&db, move_order, &moves, runs).await?;

        // Scrolling, in Chromium.
        // The web client is built with the development signing secret: a second server of the
        // same build on the same database answers it.
        drop(server);
        let scrolled = match scroll_schedule(&db, &seed, scroll_order).await {
            Ok(lines) => match Server::start(&url, &data, &[("ADEVAL_SIGN_SECRET", "adeval-dev-sign-secret"), ("ADEVAL_DEV", "1")]).await {
                Ok(browser_server) => scroll(&browser_server, scroll_order, lines),
                Err(e) => Err(format!("{e:#}")),
            },
            Err(e) => Err(format!("{e:#}")),
        };
        write_report(&shape, written, &answered, cold, &grid, &peer, &moved, &move_peer, &scrolled)
    }
    .await;
    if std::env::var_os("ADEVAL_BENCH_SUMMARY_KEEP").is_some() {
        println!("kept database {name} and {}", data.display());
        return outcome;
    }
    let _ = sqlx::query(&format!("drop database if exists {name} with (force)")).execute(&admin).await;
    let _ = std::fs::remove_dir_all(&data);
    outcome
}

/// What the grid order holds.
struct Shape {
    lines: usize,
    cells: usize,
    records: usize,
}

/// The grid order's schedule straight into Postgres: 50 lines a month (tape k mod 3, period
/// k div 3), a cell on every other day from the 1st to the 27th with one or two spots, and an
/// operation record on every tenth cell.
async fn schedule(db: &PgPool, seed: &Channel, order: i64) -> anyhow::Result<Shape> {
    let lines = seed.grid_lines(db, order).await?;
    let cells = sqlx::query(
        "insert into order_cells (line_id, ymd, point)
         select l.id, l.month + d, 1 + (l.id + d) % 2 from order_lines l cross join generate_series(0, 26, 2) d
         where l.order_id = $1",
    )
    .bind(order)
    .execute(db)
    .await?
    .rows_affected();
    let records = sqlx::query(
        "insert into order_cell_operations (cell_id, admin_name, content)
         select c.id, '超级管理员', '修改点位：' || c.point || ' 点' from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.id % 10 = 0",
    )
    .bind(order)
    .execute(db)
    .await?
    .rows_affected();
    Ok(Shape { lines: lines as usize, cells: cells as usize, records: records as usize })
}

/// What one grid answer held.
struct Answered {
    lines: usize,
    cells: usize,
    /// Lines with an average (some viewing row placed on them).
    placed: usize,
    bytes: usize,
}

impl Answered {
    fn of(answer: &serde_json::Value) -> Answered {
        let rows = || answer.as_array().into_iter().flatten().flat_map(|m| m["data"].as_array().into_iter().flatten());
        Answered {
            lines: rows().count(),
            cells: rows().map(|r| r["order_summary_grp_ymd"].as_array().map_or(0, Vec::len)).sum(),
            placed: rows().filter(|r| r["averageViewershipThisMonth"].as_f64().unwrap_or(0.0) > 0.0).count(),
            bytes: answer.to_string().len(),
        }
    }
}

/// One Postgres statement answering the grid's lines, cells and records as JSON.
async fn grid_peer(db: &PgPool, order: i64, n: usize) -> anyhow::Result<Runs> {
    let sql = "select json_agg(m order by m.ym) from (
                 select to_char(l.month, 'YYYY-MM') ym, json_agg(json_build_object(
                   'id', l.id, 'contractNumber', l.contract_number, 'type', l.point_type, 'position', l.position,
                   'length', t.seconds, 'product_magnetic_tape', json_build_object('id', t.id, 'mediaFileName', t.media_file_name),
                   'time_period', json_build_object('id', p.id, 'timePeriodName', p.time_period_name),
                   'order_summary_grp_ymd', (select json_agg(json_build_object(
                       'id', c.id, 'ymd', c.ymd, 'point', c.point, 'value', c.value, 'isHe', c.is_he,
                       'reasonType', c.reason_type, 'reasonValue', c.reason_value, 'mdp', c.manual_grp,
                       'order_summary_grp_ymd_operation', (select coalesce(json_agg(json_build_object(
                           'adminName', o.admin_name, 'content', o.content, 'updateTime', o.created_at) order by o.created_at desc), '[]')
                         from order_cell_operations o where o.cell_id = c.id)) order by c.ymd)
                     from order_cells c where c.line_id = l.id),
                   'totalTimes', (select coalesce(sum(c.point), 0) from order_cells c where c.line_id = l.id and c.value <> '撤掉'))
                   order by p.start_secs, l.id) as data
                 from order_lines l join product_tapes t on t.id = l.tape_id join time_periods p on p.id = l.time_period_id
                 where l.order_id = $1 group by l.month) m";
    let mut runs = Vec::with_capacity(n);
    for i in 0..=n {
        let start = Instant::now();
        let text: Option<serde_json::Value> = sqlx::query_scalar(sql).bind(order).fetch_one(db).await?;
        let bytes = text.map_or(0, |t| t.to_string().len());
        if i > 0 {
            runs.push(start.elapsed().as_secs_f64());
        } else {
            println!("  postgres peer answer: {} KB", bytes / 1000);
        }
    }
    let runs = Runs(runs);
    println!("  postgres peer: median {} ({})", secs(runs.median()), runs.spread());
    Ok(runs)
}

#[allow(clippy::too_many_arguments)]
fn write_report(
    shape: &Shape,
    viewing: u64,
    answered: &Answered,
    cold: f64,
    grid: &Runs,
    peer: &Runs,
    moved: &Runs,
    move_peer: &Runs,
    scrolled: &Result<Scrolled, String>,
) -> anyhow::Result<()> {
    let mut md = String::from("## The summary dialog\n\n");
    md.push_str(&format!(
        "The release `adeval serve` on a fresh database with the demo master data and the bench channel. **Grid**: \
         `orderSummaryGrpList` of an order of {} lines over six months ({} cells, {} operation records, a {} KB answer) \
         with {} viewing rows in the lake, {} of the lines averaging the rows placed on them; one signed GET at a time \
         after one unmeasured call (that first call, which reads the lake, took {}). The peer is one Postgres statement \
         answering the same lines, cells and records as JSON without the viewing averages. **Move**: \
         `orderSummaryGrpYmdYdY` typeY 2 of one missing spot of a short March cell to a day of May, each after its \
         typeY 1 (not timed); the peer is the same change as plain SQL in one transaction, without checks, preview or \
         status.\n\n",
        shape.lines,
        shape.cells,
        shape.records,
        answered.bytes / 1000,
        thousands(viewing as f64),
        answered.placed,
        secs(cold)
    ));
    md.push_str("| measure | way | runs | median | min–max | peer time ÷ adeval time |\n|---|---|---|---|---|---|\n");
    md.push_str(&format!(
        "| month grid, {} lines × 6 months | orderSummaryGrpList | {} | {} | {} | {:.2}× |\n",
        shape.lines,
        grid.len(),
        secs(grid.median()),
        grid.spread(),
        peer.median() / grid.median()
    ));
    md.push_str(&format!(
        "| the same lines, cells and records | peer: one Postgres JSON statement | {} | {} | {} | — |\n",
        peer.len(),
        secs(peer.median()),
        peer.spread()
    ));
    md.push_str(&format!(
        "| point move, typeY 2 | orderSummaryGrpYmdYdY | {} | {} | {} | {:.2}× |\n",
        moved.len(),
        secs(moved.median()),
        moved.spread(),
        move_peer.median() / moved.median()
    ));
    md.push_str(&format!(
        "| the same change | peer: plain SQL transaction | {} | {} | {} | — |\n",
        move_peer.len(),
        secs(move_peer.median()),
        move_peer.spread()
    ));
    match scrolled {
        Ok(s) => {
            let (ours, theirs) = (fps_median(&s.adeval), fps_median(&s.peer));
            let most = |runs: &[Frames]| runs.iter().map(|r| r.cells).max().unwrap_or(0);
            md.push_str(&format!(
                "| scrolling the month grid of {} lines, 3 s down and across, Chromium | the virtualised grid | {} | {:.1} frames/s | {} frames over 25 ms in all, {} cells in the page | {:.2}× (frames/s, adeval ÷ peer) |\n",
                thousands(s.lines as f64),
                s.adeval.len(),
                ours,
                s.adeval.iter().map(|r| r.slow).sum::<u64>(),
                most(&s.adeval),
                ours / theirs
            ));
            md.push_str(&format!(
                "| the same lines | peer: one plain HTML table of every row | {} | {:.1} frames/s | {} frames over 25 ms in all, {} cells in the page | — |\n",
                s.peer.len(),
                theirs,
                s.peer.iter().map(|r| r.slow).sum::<u64>(),
                most(&s.peer)
            ));
        }
        Err(e) => md.push_str(&format!("| scrolling the month grid of 1,000 lines | browser | 0 | not run: {e} | — | — |\n")),
    }
    md.push_str("\n| goal | measured | verdict |\n|---|---|---|\n");
    md.push_str(&format!(
        "| orderSummaryGrpList of 300 lines over 6 months ≤ 50 ms p50 | {} | {} |\n",
        secs(grid.median()),
        verdict(grid.median() <= 0.05)
    ));
    md.push_str(&format!("| a move's typeY 2 ≤ 30 ms p50 | {} | {} |\n", secs(moved.median()), verdict(moved.median() <= 0.03)));
    match scrolled {
        Ok(s) => {
            let fps = fps_median(&s.adeval);
            md.push_str(&format!("| the 1,000-line grid scrolls at ≥ 50 frames/s in Chromium | {fps:.1} frames/s | {} |\n", verdict(fps >= 50.0)));
        }
        Err(_) => md.push_str("| the 1,000-line grid scrolls at ≥ 50 frames/s in Chromium | not measured | **not met** |\n"),
    }
    md.push('\n');
    report(&md)
}
