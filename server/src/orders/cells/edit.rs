//! orderSummaryGrpYmdUp (docs/screens.md "Summary dialog" "Point modify", "Batch edit"): one call sets a cell's
//! spots, type, withdrawal and reason; with `ids` it sets the same on every cell named, all or
//! nothing. A cell id ≤ 0 with a line and a day creates the cell. A withdrawal (or its undoing)
//! may leave the spots and type out: each cell keeps its own (批量撤掉 asks for neither).
//!
//! A verified cell (isHe 2) is locked: the call may record or clear its reason and nothing
//! else — its spots, type and withdrawal sent as they are — else 4009. A cell the certificate
//! found short keeps at least the spots that aired. No cell is created in a month whose
//! certificate is confirmed ([`CLOSED_MONTH`]).

use chrono::{Datelike, NaiveDate};
use sqlx::PgConnection;

use super::{
    CLOSED_MONTH, LINE_COLUMNS, LOCKED, Line, NO_CELL, OrderFacts, SHORT, WITHDRAWN, cell_name, drop_if_empty, line_of_type, lock_order,
    month_confirmed, record,
};
use crate::auth::session::Admin;
use crate::error::{AppError, Result};
use crate::orders::{log, status};

/// A reason to set: reasonType '1' clears it, '2' records the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    Clear,
    Record(String),
}

/// A cell's type and spots as a call sets them.
#[derive(Clone, Debug)]
pub struct Spots {
    pub point_type: String,
    pub num: i32,
}

/// What the call sets; `None` keeps the cell's own (a field the call leaves out).
#[derive(Clone, Debug)]
pub struct Edit {
    /// Required to create a cell.
    pub spots: Option<Spots>,
    /// `""` or [`WITHDRAWN`].
    pub value: Option<String>,
    pub reason: Option<Reason>,
}

/// The cells a call writes.
pub enum Target {
    /// Existing cells of the order (one, or a batch).
    Cells(Vec<i64>),
    /// A new cell on line `line` at `ymd`.
    New { line: i64, ymd: NaiveDate },
}

#[derive(sqlx::FromRow)]
struct Cell {
    id: i64,
    line_id: i64,
    ymd: NaiveDate,
    point: i32,
    is_he: i16,
    value: String,
    reason_type: i16,
    reason_value: String,
    aired: i32,
    moved: i32,
    reason_disappearance: i16,
    point_type: String,
}

/// Applies `edit` to `target` of `order`; answers the ids of the cells written.
pub async fn up(tx: &mut PgConnection, admin: &Admin, order: i64, target: Target, edit: &Edit) -> Result<Vec<i64>> {
    let facts = lock_order(tx, order).await?;
    match target {
        Target::New { line, ymd } => {
            let Some(spots) = &edit.spots else { return Err(AppError::field("type", "请选择点位类型")) };
            create(tx, admin, order, &facts, (line, ymd), spots, edit).await.map(|id| vec![id])
        }
        Target::Cells(ids) => modify(tx, admin, order, &facts, &ids, edit).await,
    }
}

async fn modify(tx: &mut PgConnection, admin: &Admin, order: i64, facts: &OrderFacts, ids: &[i64], edit: &Edit) -> Result<Vec<i64>> {
    let mut cells: Vec<Cell> = sqlx::query_as(
        "select c.id, c.line_id, c.ymd, c.point, c.is_he, c.value, c.reason_type, c.reason_value, c.aired, c.moved,
                c.reason_disappearance, l.point_type
         from order_cells c join order_lines l on l.id = c.line_id
         where c.id = any($1) and l.order_id = $2 for update of c",
    )
    .bind(ids)
    .bind(order)
    .fetch_all(&mut *tx)
    .await?;
    if cells.len() != ids.len() {
        return Err(AppError::NotFound(NO_CELL.into()));
    }
    cells.sort_by_key(|c| ids.iter().position(|id| *id == c.id));
    // Every cell is checked before any is written: a batch is all or nothing.
    for cell in &cells {
        let value = edit.value.as_deref().unwrap_or(&cell.value);
        let (point_type, num) = spots_of(cell, edit);
        if cell.is_he == 2 && (point_type != cell.point_type || num != cell.point || value != cell.value) {
            return Err(AppError::conflict(LOCKED));
        }
        if num < cell.aired {
            return Err(AppError::field("num", format!("点位数量不能小于已播出的{}", cell.aired)));
        }
        // A short cell's missing spots were counted by the certificate and some may have moved:
        // it may drop spots that will not air (down to what aired and what moved), never gain
        // spots no certificate compared (that would owe make-goods for nothing).
        if cell.reason_disappearance == 1 {
            if num < cell.aired + cell.moved {
                return Err(AppError::field("num", format!("点位数量不能小于已播出与已移出的{}", cell.aired + cell.moved)));
            }
            if num > cell.point {
                return Err(AppError::conflict(SHORT));
            }
        }
    }
    let mut logged = Vec::new();
    for cell in &cells {
        let changes = describe(cell, edit);
        if changes.is_empty() {
            continue;
        }
        let name = cell_name(tx, cell.line_id, cell.ymd).await?;
        let (point_type, num) = spots_of(cell, edit);
        let mut line_id = cell.line_id;
        if point_type != cell.point_type {
            line_id = move_to_type(tx, order, facts, cell, point_type).await?;
        }
        let (reason_type, reason_value) = match &edit.reason {
            None => (cell.reason_type, cell.reason_value.clone()),
            Some(Reason::Clear) => (1, String::new()),
            Some(Reason::Record(text)) => (2, text.clone()),
        };
        sqlx::query("update order_cells set line_id = $2, point = $3, value = $4, reason_type = $5, reason_value = $6 where id = $1")
            .bind(cell.id)
            .bind(line_id)
            .bind(num)
            .bind(edit.value.as_deref().unwrap_or(&cell.value))
            .bind(reason_type)
            .bind(reason_value)
            .execute(&mut *tx)
            .await?;
        if line_id != cell.line_id {
            drop_if_empty(tx, cell.line_id).await?;
        }
        record(tx, cell.id, admin, &changes).await?;
        logged.push(format!("{name}：{changes}"));
    }
    if !logged.is_empty() {
        let head = if ids.len() > 1 { "批量修改点位" } else { "修改点位" };
        log::record(tx, order, admin, format!("{head}：{}", logged.join("；")), None).await?;
        status::refresh(tx, Some(order)).await?;
    }
    Ok(cells.iter().map(|c| c.id).collect())
}

/// Moves `cell` to its line's sibling of type `point_type`; 4009 when that line has a cell
/// on the day already (the caller modifies that one instead).
async fn move_to_type(tx: &mut PgConnection, order: i64, facts: &OrderFacts, cell: &Cell, point_type: &str) -> Result<i64> {
    let line: Line = sqlx::query_as(&format!("select {LINE_COLUMNS} from order_lines l where l.id = $1"))
        .bind(cell.line_id)
        .fetch_one(&mut *tx)
        .await?;
    let target = line_of_type(tx, order, facts.media, &line, point_type).await?;
    let taken: bool = sqlx::query_scalar("select exists(select 1 from order_cells where line_id = $1 and ymd = $2)")
        .bind(target.id)
        .bind(cell.ymd)
        .fetch_one(&mut *tx)
        .await?;
    if taken {
        return Err(AppError::conflict(format!("{} 已有{point_type}类点位，请直接修改该点位", cell.ymd)));
    }
    Ok(target.id)
}

/// The type and spots `edit` gives `cell`: its own where the call left them out.
fn spots_of<'a>(cell: &'a Cell, edit: &'a Edit) -> (&'a str, i32) {
    edit.spots.as_ref().map_or((cell.point_type.as_str(), cell.point), |s| (s.point_type.as_str(), s.num))
}

/// What `edit` changes on `cell`, in words (the operation record); empty when nothing.
fn describe(cell: &Cell, edit: &Edit) -> String {
    let mut parts = Vec::new();
    let (point_type, num) = spots_of(cell, edit);
    if point_type != cell.point_type {
        parts.push(format!("类型 {} → {point_type}", cell.point_type));
    }
    if num != cell.point {
        parts.push(format!("点位 {} → {num}", cell.point));
    }
    if let Some(value) = &edit.value
        && *value != cell.value
    {
        parts.push(if value == WITHDRAWN { "撤掉".to_owned() } else { "取消撤掉".to_owned() });
    }
    match &edit.reason {
        Some(Reason::Record(text)) if cell.reason_type != 2 || *text != cell.reason_value => parts.push(format!("原因：{text}")),
        Some(Reason::Clear) if cell.reason_type == 2 => parts.push("清除原因".to_owned()),
        _ => {}
    }
    parts.join("，")
}

async fn create(tx: &mut PgConnection, admin: &Admin, order: i64, facts: &OrderFacts, (line, ymd): (i64, NaiveDate), spots: &Spots, edit: &Edit) -> Result<i64> {
    let found: Option<Line> = sqlx::query_as(&format!("select {LINE_COLUMNS} from order_lines l where l.id = $1 and l.order_id = $2"))
        .bind(line)
        .bind(order)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(line) = found else { return Err(AppError::NotFound("排期行不存在".into())) };
    if ymd.with_day(1) != Some(line.month) {
        return Err(AppError::field("ymd", "日期须在该行的月份内"));
    }
    if ymd < facts.cycle.0 || ymd > facts.cycle.1 {
        return Err(AppError::field("ymd", "日期须在订单周期内"));
    }
    if month_confirmed(tx, order, line.month).await? {
        return Err(AppError::field("ymd", CLOSED_MONTH));
    }
    let target = if spots.point_type == line.point_type { line } else { line_of_type(tx, order, facts.media, &line, &spots.point_type).await? };
    let (reason_type, reason_value) = match &edit.reason {
        Some(Reason::Record(text)) => (2i16, text.clone()),
        _ => (1, String::new()),
    };
    let value = edit.value.clone().unwrap_or_default();
    let id: Option<i64> = sqlx::query_scalar(
        "insert into order_cells (line_id, ymd, point, value, reason_type, reason_value, make_good) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict on constraint order_cells_key do nothing returning id",
    )
    .bind(target.id)
    .bind(ymd)
    .bind(spots.num)
    .bind(&value)
    .bind(reason_type)
    .bind(&reason_value)
    .bind(super::make_goods(&spots.point_type, spots.num))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(id) = id else { return Err(AppError::conflict("该日已有点位，请刷新后修改该点位")) };
    let mut content = format!("新建点位：{} 个，类型 {}", spots.num, spots.point_type);
    if value == WITHDRAWN {
        content.push_str("，撤掉");
    }
    if reason_type == 2 {
        content.push_str(&format!("，原因：{reason_value}"));
    }
    record(tx, id, admin, &content).await?;
    let name = cell_name(tx, target.id, ymd).await?;
    log::record(tx, order, admin, format!("新建点位：{name}：{} 个", spots.num), None).await?;
    status::refresh(tx, Some(order)).await?;
    Ok(id)
}
