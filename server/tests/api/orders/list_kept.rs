//! orderList's pages kept whole (docs/decisions.md "The order list's pages kept"): a repeated
//! call is served from memory, and every kind of write that changes what the list shows —
//! through a call, a job or straight into Postgres as another process would — shows in the
//! next call.

use serde_json::{Value, json};

use crate::helpers::Call;
use crate::helpers::orders::{Fixture, close, fixture};
use crate::helpers::uploads::{customer, job_end, upload};
use crate::helpers::viewing::{spots, workbook};

/// The tables whose writes cannot change the list, so have no trigger moving its generation:
/// accounts and sessions, the operation log, files, jobs, messages, exports, the previews
/// reads store, goal alerts, order logs, the lake's own tables (its version is in the page's
/// key) and the generation's own.
const UNMARKED: &[&str] = &[
    "_sqlx_migrations", "admin_logs", "admin_sessions", "admins", "auth_rules", "auth_tickets",
    "cell_move_previews", "certificate_previews", "exports", "files", "jobs", "lake_deletions",
    "lake_files", "lake_manifest", "login_attempts", "messages", "order_customer_previews",
    "order_goal_alerts", "order_list_generation", "order_list_writes", "order_logs",
    "server_secrets", "upload_parts", "uploads",
];

async fn generation(f: &Fixture) -> i64 {
    sqlx::query_scalar("select sum(generation)::int8 from order_list_generation").fetch_one(&f.app.db).await.unwrap()
}

async fn sql(f: &Fixture, statement: &str, id: i64) {
    sqlx::query(statement).bind(id).execute(&f.app.db).await.unwrap();
}

/// The first row of orderList's first page (a kept page when nothing changed).
async fn first(f: &Fixture) -> Value {
    f.list(json!({})).await["data"][0].clone()
}

#[tokio::test]
async fn every_table_but_the_bookkeeping_marks_the_order_list() {
    // A table added later must either move the generation or be named here with its reason.
    let f = fixture().await;
    let unmarked: Vec<String> = sqlx::query_scalar(
        "select t.tablename::text from pg_tables t
         where t.schemaname = current_schema()
           and not exists (select 1 from pg_trigger g where g.tgrelid = (quote_ident(t.tablename))::regclass
                           and g.tgname = t.tablename || '_marks_order_list')
         order by 1",
    )
    .fetch_all(&f.app.db)
    .await
    .unwrap();
    assert_eq!(unmarked, UNMARKED);
}

#[tokio::test]
async fn a_committed_write_moves_the_generation_once_and_a_rolled_back_one_or_a_read_not_at_all() {
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    let start = generation(&f).await;
    f.list(json!({})).await;
    f.info(id).await;
    assert_eq!(generation(&f).await, start, "reads write nothing");
    let mut tx = f.app.db.begin().await.unwrap();
    sqlx::query("update orders set notes = '撤回' where id = $1").bind(id).execute(&mut *tx).await.unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(generation(&f).await, start, "a rolled-back write");
    // Three statements on two tables: one bump, at commit.
    let mut tx = f.app.db.begin().await.unwrap();
    for statement in ["update orders set notes = '一' where id = $1", "update orders set notes = '二' where id = $1", "update order_suits set order_id = order_id where order_id = $1"] {
        sqlx::query(statement).bind(id).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    assert_eq!(generation(&f).await, start + 1);
}

#[tokio::test]
async fn a_repeated_call_is_served_from_memory_and_master_data_renames_show_in_the_next_call() {
    let f = fixture().await;
    f.add(f.form()).await;
    let made = f.app.state.reads.pages.made();
    let row = first(&f).await;
    assert_eq!(first(&f).await, row);
    assert_eq!(f.app.state.reads.pages.made() - made, 1, "the second call is the kept page");
    let other = f.list(json!({ "page": 2 })).await;
    assert_eq!((other["total"].as_i64(), f.app.state.reads.pages.made() - made), (Some(1), 2), "other arguments, another page");

    // Renames through the calls of their screens.
    let renamed = f.app.send(Call::post("mediaUp", json!({ "id": f.media, "mediaNameUp": "测试卫视HD" })).token(&f.token)).await;
    renamed.ok();
    assert_eq!(first(&f).await["mediaName"], "测试卫视HD");
    let brand = row["brandId"].as_i64().unwrap();
    let renamed = f.app.send(Call::post("brandUp", json!({ "id": brand, "brandName": "测试品牌", "brandNameUp": "新品牌" })).token(&f.token)).await;
    renamed.ok();
    assert_eq!(first(&f).await["brandName"], "新品牌");
    // Renames straight in Postgres, as another server process or a hand-written fix makes them.
    sql(&f, "update products set product_name = '新牛奶' where id = $1", f.product).await;
    assert_eq!(first(&f).await["productName"], "新牛奶");
    sql(&f, "update audience_groups set group_name = '全国15+' where id = $1", f.group).await;
    assert_eq!(first(&f).await["defaultName"], "全国15+");
    sql(&f, "update product_tapes set media_file_name = '新版本A' where id = $1", f.tapes[0]).await;
    assert_eq!(first(&f).await["tapes"][0]["mediaFileName"], "新版本A");
    sql(&f, "update suits set suit_name = '新春套装', customer_metrics = 121.5 where id = $1", f.suits[0]).await;
    let row = first(&f).await;
    let suit = row["suit"].as_array().unwrap().iter().find(|s| s["id"] == f.suits[0]).unwrap().clone();
    assert_eq!(suit["suitName"], "新春套装");
    assert!(close(&suit["customerMetrics"], 121.5), "{suit}");
}

#[tokio::test]
async fn order_schedule_estimate_and_lake_writes_show_in_the_next_call() {
    // Arrange: an order assessed from 11 March with 2 spots a day on the 10th, 11th and 12th
    // in a period of a class without an estimate: 4 spots remain, unestimated.
    let f = fixture().await;
    let id = f.add(f.form()).await["id"].as_i64().unwrap();
    let line = f.schedule(id, f.tapes[0], &[10, 11, 12]).await;
    sql(&f, "update orders set estimate_date = '2026-03-11' where id = $1", id).await;
    let row = first(&f).await;
    assert_eq!((row["estimateTime"].as_str(), row["customerUnestimatedSpots"].as_i64()), (Some("2026-03-11"), Some(4)));
    first(&f).await;

    // An order edit and a status.
    let mut form = f.form();
    form["orderId"] = json!(id);
    form["notes"] = json!("改过");
    f.app.send(Call::post("orderUp", form).token(&f.token)).await.ok();
    assert_eq!(first(&f).await["notes"], "改过");
    sql(&f, "update orders set status = 3 where id = $1", id).await;
    assert_eq!(first(&f).await["status"], 3);

    // A cell write: the 12th's 2 spots become 5, so 7 remain.
    let cell: i64 = sqlx::query_scalar("select id from order_cells where line_id = $1 and ymd = '2026-03-12'")
        .bind(line)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    let up = json!({ "orderId": id, "id": cell, "type": "A", "num": 5 });
    f.app.send(Call::post("orderSummaryGrpYmdUp", up).token(&f.token)).await.ok();
    assert_eq!(first(&f).await["customerUnestimatedSpots"], 7);

    // The period gets a class and the class an estimate edit of 2.5 a spot: 7 × 2.5 = 17.5
    // expected, nothing aired.
    let class: i64 = sqlx::query_scalar("insert into time_period_classes (media_id, class_name) values ($1, '黄金') returning id")
        .bind(f.media)
        .fetch_one(&f.app.db)
        .await
        .unwrap();
    sqlx::query("update time_periods set class_id = $1 where media_id = $2").bind(class).bind(f.media).execute(&f.app.db).await.unwrap();
    assert_eq!(first(&f).await["customerUnestimatedSpots"], 7, "a class without an estimate");
    let edit = json!({ "orderId": id, "timePeriodClassId": class, "estimated": 2.5, "estimatedLow": 2, "estimatedHigh": 3 });
    f.app.send(Call::post("orderViewingUp", edit).token(&f.token)).await.ok();
    let row = first(&f).await;
    assert_eq!(row["customerUnestimatedSpots"], 0);
    assert!(close(&row["customerExpectedCompletion"], 17.5), "{}", row["customerExpectedCompletion"]);

    // Customer data imported, then two of its rows deleted: the lake's version moves.
    let spots = spots(600, "伊利");
    let answer = upload(&f.app, &f.token, "customerData", "客户数据.xlsx", customer(), &workbook(&spots, false)).await;
    let (status, message) = job_end(&f.app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    // The order's rows: 测试卫视 (even rows), 伊利版本A (i % 3 == 0): GRP (i % 50) / 10 summed
    // over i % 6 == 0 of 600 = 240.
    assert!(close(&first(&f).await["customerIssuedGrp"], 240.0));
    let rows = f.app.send(Call::get("customerIndex", json!({ "title": "伊利版本A", "mediaId": f.media, "limit": 1000 })).token(&f.token)).await;
    let rows = rows.ok()["data"].as_array().unwrap().clone();
    let gone: f64 = rows[..2].iter().map(|r| r["maoDianPing"].as_f64().unwrap()).sum();
    let ids = format!("{},{}", rows[0]["id"], rows[1]["id"]);
    f.app.send(Call::post("customerDel", json!({ "ids": ids })).token(&f.token)).await.ok();
    assert!(close(&first(&f).await["customerIssuedGrp"], 240.0 - gone));

    // Deleted: the page no longer holds it.
    f.app.send(Call::post("orderDel", json!({ "orderId": id })).token(&f.token)).await.ok();
    assert_eq!(f.list(json!({})).await["total"], 0);
}
