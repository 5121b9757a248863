//! The evaluation figures per month (orderSummaryList, docs/evaluation.md
//! "Figures per month"): for the side chosen, one row per month of the cycle and a total row,
//! each with the side's target share, the issued GRP, aired spots and 正负三 of the month's
//! aired spots ([`spots`]), the planned, remaining and unestimated spots of its schedule
//! ([`schedule`]) and the expected completion, difference, overplay and theatres in the three
//! scenarios from the class estimates ([`crate::orders::estimates`]). The formulas are the
//! engine's ([`adeval_engine::orders::months`]); the total row is the order's own figures, the
//! same the order list answers for that side. Computing them writes nothing; the goal alerts
//! ([`alerts`]) are checked where figures move.

pub mod alerts;
pub mod ledger;
pub mod placement;
pub mod schedule;
pub mod spots;

use adeval_engine::Side;
use adeval_engine::grp::Units;
use adeval_engine::orders::Triple;
use adeval_engine::orders::months::{MonthFacts, MonthFigures, month_figures};
use adeval_engine::grp::of_units;
use adeval_engine::orders::{FreeCalc, target_units};
use chrono::{Months, NaiveDate};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::reads::Reads;
use self::spots::ViewingScope;
use crate::orders::estimates::{self, EstimateScope};
use crate::orders::{month_of, ym};

/// Whose viewing data the figures read.
#[derive(Debug, Clone, Copy)]
pub struct SummaryFilter {
    /// 1 customer, 2 media.
    pub belonging_to: i16,
    /// `None`: the order's own (which may be any).
    pub category: Option<i16>,
    pub source: Option<i16>,
}

/// One month of the cycle, or the total (`month` 合计).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    pub product_name: String,
    /// `YYYY-MM-DD ~ YYYY-MM-DD`.
    pub cycle_time: String,
    /// `YYYY-MM`, or `合计` on the total row.
    pub month: String,
    /// The order's spot length, seconds.
    pub seconds: i32,
    /// The side's target, GRP (4 decimals): the month's share (target × the month's planned spots ÷ the cycle's, in ten-thousandths that add up to the target), the whole on the total row.
    pub grp: f64,
    /// Σ GRP of the aired spots on the side's viewing data, a verified cell's manual GRP in place of its spots (4 decimals, exact).
    #[serde(rename = "IssuedGrp")]
    pub issued_grp: f64,
    pub aired_spots: u64,
    /// Aired spots in positions 1–3 from either end of their break.
    pub already_upside_down_three: u64,
    /// Aired spots whose position is known.
    pub positioned_spots: u64,
    /// alreadyUpsideDownThree ÷ positionedSpots × 100 (2 decimals); null without a known position.
    pub already_upside_down_three_per: Option<f64>,
    /// Spots planned, withdrawn ones excepted.
    pub planned_spots: u64,
    /// Planned spots from the assessment date on.
    pub remaining_spots: u64,
    /// Remaining spots whose time-period class has no estimate: they add 0.
    pub unestimated_spots: u64,
    /// Expected completion, GRP (4 decimals): issued + Σ remaining × the class estimate, normal; null when the order has nothing to expect from (no aired spot, no remaining spot with an estimate).
    pub estimated_routine: Option<f64>,
    pub estimated_low: Option<f64>,
    pub estimated_high: Option<f64>,
    /// Expected completion − target, GRP; negative shows red; null with the expected completion.
    pub customer_differences_routine: Option<f64>,
    pub customer_differences_low: Option<f64>,
    pub customer_differences_high: Option<f64>,
    /// Difference ÷ target × 100 (2 decimals); null without a target.
    pub overbroadcast_routine: Option<f64>,
    pub overbroadcast_low: Option<f64>,
    pub overbroadcast_high: Option<f64>,
    /// Difference ÷ the order's average GRP per aired spot, truncated; null before a spot with GRP aired.
    pub number_of_theaters_routine: Option<i64>,
    pub number_of_theaters_low: Option<i64>,
    pub number_of_theaters_high: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct OrderRow {
    media_id: i64,
    default_group_id: i64,
    group_name: String,
    product_name: String,
    seconds: i32,
    cycle_start: NaiveDate,
    cycle_end: NaiveDate,
    category: Option<i16>,
    source: Option<i16>,
    free_calc: i16,
    free_value: f64,
    metrics: f64,
}

/// orderSummaryList: month rows then the total row; `None` when the order does not exist.
pub async fn summary_list(db: &PgPool, reads: &Reads, order: i64, filter: &SummaryFilter) -> anyhow::Result<Option<Vec<SummaryRow>>> {
    let db = db;
    let media = filter.belonging_to == 2;
    let terms = if media { "o.media_free_calc, o.media_free_value, o.media_metrics" } else { "o.customer_free_calc, o.customer_free_value, o.customer_metrics" };
    let sql = format!(
        "select o.media_id, o.default_group_id, g.group_name, p.product_name, o.seconds, o.cycle_start, o.cycle_end,
                o.category, o.source, x.free_calc, x.free_value::float8 as free_value, x.metrics::float8 as metrics
         from orders o join products p on p.id = o.product_id join audience_groups g on g.id = o.default_group_id,
              lateral (select {terms}) as x(free_calc, free_value, metrics)
         where o.id = $1"
    );
    let Some(o) = sqlx::query_as::<_, OrderRow>(&sql).bind(order).fetch_optional(db).await? else { return Ok(None) };
    let tapes = crate::orders::summary::stored::tapes(db, order).await?;
    let (category, source) = (filter.category.or(o.category), filter.source.or(o.source));
    let scope = ViewingScope {
        order_id: order,
        media_id: o.media_id,
        group_id: o.default_group_id,
        group_name: &o.group_name,
        tapes: &tapes,
        product_name: &o.product_name,
        cycle: (o.cycle_start, o.cycle_end),
        side: if media { Side::Media } else { Side::Customer },
        category,
        source,
    };
    let estimate_scope = EstimateScope { belonging_to: filter.belonging_to, category, source };
    let (ledger, counts, classes) = tokio::try_join!(
        async {
            let schedule = ledger::schedule_for_tally(db, order).await?;
            ledger::of_order(db, reads, &scope, &schedule).await
        },
        async { Ok(schedule::class_spots(db, &[order]).await?) },
        estimates::of_order(db, reads, order, &estimate_scope),
    )?;
    let estimates: std::collections::HashMap<i64, _> =
        classes.unwrap_or_default().into_iter().filter_map(|c| Some((c.class_id, c.estimate?))).collect();

    // The months of the cycle, each with its facts.
    let mut months: Vec<(NaiveDate, MonthFacts)> = Vec::new();
    let mut month = month_of(o.cycle_start);
    while month <= o.cycle_end {
        let last = (month + Months::new(1)).pred_opt().expect("a day before the next month");
        let days = (last.min(o.cycle_end) - month.max(o.cycle_start)).num_days() + 1;
        let here: Vec<&schedule::ClassSpots> = counts.iter().filter(|c| c.month == month).collect();
        let facts = MonthFacts {
            planned: here.iter().map(|c| c.planned.max(0) as u64).sum(),
            days: days as u64,
            remaining: schedule::remaining(here.iter().copied(), Some(&estimates)),
            ..MonthFacts::default()
        };
        months.push((month, facts));
        month = month + Months::new(1);
    }
    for (first, m) in &mut months {
        let t = ledger.tally(|e| month_of(e.ymd) == *first);
        (m.issued, m.aired_spots, m.positioned_spots, m.top_or_bottom_three) = (t.grp, t.spots, t.positioned, t.top_or_bottom_three);
    }
    let calc = FreeCalc::from_code(i64::from(o.free_calc)).unwrap_or(FreeCalc::None);
    let (_, target) = target_units(calc, o.metrics, o.free_value);
    let facts: Vec<MonthFacts> = months.iter().map(|(_, f)| f.clone()).collect();
    let (rows, total) = month_figures(target, &facts);

    let cycle_time = format!("{} ~ {}", o.cycle_start, o.cycle_end);
    let row = |month: String, f: &MonthFigures| summary_row(&o, &cycle_time, month, f);
    let mut answer: Vec<SummaryRow> = months.iter().zip(&rows).map(|((m, _), f)| row(ym(*m), f)).collect();
    answer.push(row("合计".into(), &total));
    Ok(Some(answer))
}

fn summary_row(o: &OrderRow, cycle_time: &str, month: String, f: &MonthFigures) -> SummaryRow {
    let s = &f.scenarios;
    let expected = |pick: fn(&Triple<Units>) -> Units| s.expected.as_ref().map(|e| of_units(pick(e)));
    let difference = |pick: fn(&Triple<Units>) -> Units| s.difference.as_ref().map(|d| of_units(pick(d)));
    SummaryRow {
        product_name: o.product_name.clone(),
        cycle_time: cycle_time.to_owned(),
        month,
        seconds: o.seconds,
        grp: of_units(f.target),
        issued_grp: of_units(f.issued),
        aired_spots: f.aired_spots,
        already_upside_down_three: f.top_or_bottom_three,
        positioned_spots: f.positioned_spots,
        already_upside_down_three_per: f.top_or_bottom_three_pct,
        planned_spots: f.planned,
        remaining_spots: s.remaining_spots,
        unestimated_spots: s.unestimated_spots,
        estimated_routine: expected(|t| t.normal),
        estimated_low: expected(|t| t.low),
        estimated_high: expected(|t| t.high),
        customer_differences_routine: difference(|t| t.normal),
        customer_differences_low: difference(|t| t.low),
        customer_differences_high: difference(|t| t.high),
        overbroadcast_routine: s.overplay_pct.normal,
        overbroadcast_low: s.overplay_pct.low,
        overbroadcast_high: s.overplay_pct.high,
        number_of_theaters_routine: s.theatres.normal,
        number_of_theaters_low: s.theatres.low,
        number_of_theaters_high: s.theatres.high,
    }
}
