//! The move's part of the summary bench: an order of short cells, the timed second steps and
//! the plain-SQL peer.

use std::time::Instant;

use anyhow::bail;
use sqlx::PgPool;

use adeval_benches::channel::Channel;
use adeval_benches::serve::Server;
use adeval_benches::{Runs, secs};

/// The source and destination of each timed move.
pub struct Moves {
    tape: i64,
    period: i64,
    suit: i64,
    /// Cells with missing spots: (cell id, its day).
    sources: Vec<(i64, chrono::NaiveDate)>,
}

/// The move order: a suit holding every period, lines of January to June on the first tape,
/// March's cells short by three of their four spots (as a confirmed certificate leaves them),
/// the rest not yet compared.
pub async fn move_schedule(db: &PgPool, seed: &Channel, order: i64) -> anyhow::Result<Moves> {
    let (tape, period) = (seed.tape_ids[0], seed.period_ids[0]);
    let suit: i64 = sqlx::query_scalar(
        "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
         select $1, brand_id, '测评套装', 100, 100, 15, date '2026-03-01' from products where id = (select product_id from orders where id = $2)
         returning id",
    )
    .bind(seed.media)
    .bind(order)
    .fetch_one(db)
    .await?;
    sqlx::query("insert into suit_time_periods (suit_id, entry_no, time_period_id, number_of_times) select $1, 1, unnest($2::bigint[]), 1000")
        .bind(suit)
        .bind(&seed.period_ids)
        .execute(db)
        .await?;
    sqlx::query("insert into order_suits (order_id, media_id, suit_id) values ($1, $2, $3)").bind(order).bind(seed.media).bind(suit).execute(db).await?;
    sqlx::query(
        "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type)
         select $1, $2, m::date, $3, p, 'A' from generate_series(date '2026-01-01', date '2026-06-01', interval '1 month') m
         cross join unnest($4::bigint[]) p",
    )
    .bind(order)
    .bind(seed.media)
    .bind(tape)
    .bind(&seed.period_ids)
    .execute(db)
    .await?;
    sqlx::query(
        "insert into order_cells (line_id, ymd, point, aired, reason_disappearance)
         select l.id, d::date, 4, case when l.month = date '2026-03-01' then 1 else 0 end,
                case when l.month = date '2026-03-01' then 1 else 0 end
         from order_lines l cross join generate_series(l.month, l.month + interval '1 month' - interval '1 day', interval '1 day') d
         where l.order_id = $1",
    )
    .bind(order)
    .execute(db)
    .await?;
    let sources = sqlx::query_as(
        "select c.id, c.ymd from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and c.reason_disappearance = 1 and l.time_period_id <> $2 order by c.id",
    )
    .bind(order)
    .bind(period)
    .fetch_all(db)
    .await?;
    Ok(Moves { tape, period, suit, sources })
}

/// The move's fields: one spot of `source` to the first period's type B line on `day`.
fn move_fields(order: i64, moves: &Moves, source: i64, day: chrono::NaiveDate, step: u8, basis: &str) -> Vec<(&'static str, String)> {
    let mut fields = vec![
        ("id", source.to_string()),
        ("num", "1".to_owned()),
        ("orderId", order.to_string()),
        ("suitId", moves.suit.to_string()),
        ("timePeriodId", moves.period.to_string()),
        ("type", "B".to_owned()),
        ("typeY", step.to_string()),
        ("upTapeId", moves.tape.to_string()),
        ("ymd", day.format("%Y-%m-%d").to_string()),
    ];
    if !basis.is_empty() {
        fields.insert(0, ("basis", basis.to_owned()));
    }
    fields
}

/// A destination day for move `k`: a day of May.
fn destination(k: usize) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(2026, 5, 1 + (k % 31) as u32).expect("a day of May")
}

/// Times `n` moves' typeY 2, each after its typeY 1, after one unmeasured pair.
pub async fn time_moves(server: &Server, db: &PgPool, token: &str, order: i64, moves: &Moves, n: usize) -> anyhow::Result<Runs> {
    if moves.sources.len() < 2 * n + 2 {
        bail!("only {} short cells to move from", moves.sources.len());
    }
    let mut runs = Vec::with_capacity(n);
    for k in 0..=n {
        let (source, _) = moves.sources[k];
        let check = server.post("orderSummaryGrpYmdYdY", move_fields(order, moves, source, destination(k), 1, ""), token).await?;
        if check["code"] != 200 {
            bail!("the move's check answered {check}");
        }
        let basis = check["data"]["basis"].as_str().unwrap_or_default().to_owned();
        let start = Instant::now();
        let applied = server.post("orderSummaryGrpYmdYdY", move_fields(order, moves, source, destination(k), 2, &basis), token).await?;
        let took = start.elapsed().as_secs_f64();
        if applied["code"] != 200 {
            bail!("the move answered {applied}");
        }
        if k > 0 {
            runs.push(took);
        }
    }
    let moved: i64 = sqlx::query_scalar(
        "select coalesce(sum(c.point), 0) from order_cells c join order_lines l on l.id = c.line_id
         where l.order_id = $1 and l.point_type = 'B'",
    )
    .bind(order)
    .fetch_one(db)
    .await?;
    if moved != n as i64 + 1 {
        bail!("{moved} spots reached the make-good line, not {}", n + 1);
    }
    let runs = Runs(runs);
    println!("  {} moves: median {} ({})", runs.len(), secs(runs.median()), runs.spread());
    Ok(runs)
}

/// The same change in plain SQL, on other source cells: one spot off the source, onto the type
/// B line's cell of the day, two records and a log entry, in one transaction.
pub async fn move_peer(db: &PgPool, order: i64, moves: &Moves, n: usize) -> anyhow::Result<Runs> {
    let mut runs = Vec::with_capacity(n);
    for k in 0..=n {
        let (source, _) = moves.sources[n + 1 + k];
        let day = destination(k);
        let start = Instant::now();
        let mut tx = db.begin().await?;
        sqlx::query("select id from orders where id = $1 for update").bind(order).execute(&mut *tx).await?;
        sqlx::query("update order_cells set moved = moved + 1 where id = $1").bind(source).execute(&mut *tx).await?;
        let line: i64 = sqlx::query_scalar(
            "insert into order_lines (order_id, media_id, month, tape_id, time_period_id, point_type)
             select $1, media_id, date_trunc('month', $2::date)::date, $3, $4, 'B' from orders where id = $1
             on conflict on constraint order_lines_key do update set point_type = excluded.point_type returning id",
        )
        .bind(order)
        .bind(day)
        .bind(moves.tape)
        .bind(moves.period)
        .fetch_one(&mut *tx)
        .await?;
        let cell: i64 = sqlx::query_scalar(
            "insert into order_cells (line_id, ymd, point, make_good) values ($1, $2, 1, 1)
             on conflict on constraint order_cells_key do update
             set point = order_cells.point + 1, make_good = order_cells.make_good + 1 returning id",
        )
        .bind(line)
        .bind(day)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query("insert into order_cell_operations (cell_id, admin_name, content) values ($1, 'peer', '移出 1 点'), ($2, 'peer', '移入 1 点')")
            .bind(source)
            .bind(cell)
            .execute(&mut *tx)
            .await?;
        sqlx::query("insert into order_logs (order_id, admin_name, content) values ($1, 'peer', '移动点位')").bind(order).execute(&mut *tx).await?;
        tx.commit().await?;
        if k > 0 {
            runs.push(start.elapsed().as_secs_f64());
        }
    }
    let runs = Runs(runs);
    println!("  plain SQL move: median {} ({})", secs(runs.median()), runs.spread());
    Ok(runs)
}
