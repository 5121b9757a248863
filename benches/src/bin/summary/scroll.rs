//! The scrolling part of the summary bench: a 1,000-line order and the browser measurement
//! (web/e2e/bench/summary-scroll.mjs) against the server.

use sqlx::PgPool;

use adeval_benches::channel::Channel;
use adeval_benches::serve::Server;

/// The scroll order: 1,000 lines in February 2026 (periods × tapes × types A–D × three
/// positions, the first thousand), a spot every fourth day.
pub async fn scroll_schedule(db: &PgPool, seed: &Channel, order: i64) -> anyhow::Result<usize> {
    let lines = sqlx::query(
        "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type, position, contract_number)
         select $1, $2, date '2026-02-01', t, p, k, pos, 'HT-' || p || '-' || t
         from unnest($3::bigint[]) p cross join unnest($4::bigint[]) t cross join unnest(array['A', 'B', 'C', 'D']) k
              cross join unnest(array['', '正一', '倒一']) pos
         order by p, t, k, pos limit 1000",
    )
    .bind(order)
    .bind(seed.media)
    .bind(&seed.period_ids)
    .bind(&seed.tape_ids)
    .execute(db)
    .await?
    .rows_affected();
    sqlx::query(
        "insert into order_cells (line_id, ymd, point)
         select l.id, l.month + d, 1 from order_lines l cross join generate_series(0, 27, 4) d where l.order_id = $1",
    )
    .bind(order)
    .execute(db)
    .await?;
    sqlx::query("analyze").execute(db).await?;
    Ok(lines as usize)
}

/// What the browser measured (web/e2e/bench/summary-scroll.mjs), or why it did not run.
pub struct Scrolled {
    pub lines: usize,
    pub adeval: Vec<Frames>,
    pub peer: Vec<Frames>,
}

pub struct Frames {
    pub fps: f64,
    pub slow: u64,
    pub worst: f64,
    pub cells: u64,
}

impl Frames {
    fn of(v: &serde_json::Value) -> Frames {
        Frames {
            fps: v["fps"].as_f64().unwrap_or(0.0),
            slow: v["slow"].as_u64().unwrap_or(0),
            worst: v["worst"].as_f64().unwrap_or(0.0),
            cells: v["cells"].as_u64().unwrap_or(0),
        }
    }
}

/// Runs the browser measurement against `server`; needs node, web/dist and Debian's chromium.
pub fn scroll(server: &Server, order: i64, lines: usize) -> Result<Scrolled, String> {
    if !std::path::Path::new("web/dist/index.html").exists() {
        return Err("web/dist is not built (cd web && npm run build)".into());
    }
    let out = std::process::Command::new("node")
        .arg("web/e2e/bench/summary-scroll.mjs")
        .env("ADEVAL_E2E_URL", format!("http://127.0.0.1:{}", server.port))
        .env("ADEVAL_ADMIN_PASSWORD", adeval_benches::serve::PASSWORD)
        .env("ADEVAL_BENCH_ORDER", order.to_string())
        .env("ADEVAL_BENCH_MONTH", "2026-02")
        .output()
        .map_err(|e| format!("node: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let Some(line) = text.lines().rev().find(|l| l.starts_with('{')) else {
        return Err(format!("the browser measurement answered nothing: {}", String::from_utf8_lossy(&out.stderr).trim()));
    };
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
    let frames = |k: &str| v[k].as_array().map(|a| a.iter().map(Frames::of).collect::<Vec<_>>()).unwrap_or_default();
    let scrolled = Scrolled { lines: v["drawn"].as_u64().map_or(lines, |n| n as usize), adeval: frames("adeval"), peer: frames("peer") };
    if scrolled.adeval.is_empty() || scrolled.peer.is_empty() {
        return Err(format!("the browser measurement answered no runs: {line}"));
    }
    for (way, runs) in [("adeval", &scrolled.adeval), ("plain table", &scrolled.peer)] {
        for r in runs {
            println!("  scroll, {way}: {:.1} frames/s, {} frames over 25 ms, worst {:.1} ms, {} cells in the page", r.fps, r.slow, r.worst, r.cells);
        }
    }
    Ok(scrolled)
}

pub fn fps_median(runs: &[Frames]) -> f64 {
    adeval_benches::median(&runs.iter().map(|r| r.fps).collect::<Vec<_>>())
}
