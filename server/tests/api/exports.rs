//! Exports: the download and who may make it, formula-like text kept as it is (quote-prefix
//! style) through an export and a re-import, every export by GET and by POST, an abandoned
//! export leaving nothing running or behind, and the purge of old exports and temp files.

use std::io::Read;
use std::time::{Duration, Instant, SystemTime};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use calamine::{Data, Reader, Xlsx};
use serde_json::{Value, json};
use tower::ServiceExt;

use adeval_server::export::{Cell, Maker, running_producers, save};
use adeval_server::routes::{Verb, endpoints};
use adeval_server::storage::purge;

use crate::helpers::exports::{download, read_back};
use crate::helpers::viewing::{seed, spots, workbook};
use crate::helpers::{Call, TestApp, spawn_app};
use crate::helpers::uploads::{customer, job_end, upload};

/// Rows of the first sheet of 评估结果 and 评估报告 on the master-data order, as read back
/// without the title's time line: the layout's rows, which a change of layout changes.
const EVALUATION_ROWS: usize = 12;
const REPORT_ROWS: usize = 10;

#[tokio::test]
async fn an_export_downloads_with_the_token_and_keeps_formula_like_text_as_text() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let rows = vec![vec![Cell::from("=HYPERLINK(\"x\")"), Cell::from(15i64), Cell::from("伊利")]];
    let maker = Maker { admin_id: 1, menu_id: None };
    let exported = save(&app.state.db, &app.state.store, &app.state.config, maker, "磁带号管理", &["名称", "秒数", "品牌"], rows).await.unwrap();
    assert!(exported.url.starts_with("/files/exports/"));
    // The sheet lives in the object store, and no temporary copy is left behind.
    let key = exported.url.trim_start_matches("/files/").replace("%E7%A3%81%E5%B8%A6%E5%8F%B7%E7%AE%A1%E7%90%86", "磁带号管理");
    assert!(app.state.store.get(&key).await.unwrap().is_some(), "{key}");
    let leftovers = std::fs::read_dir(app.data_dir.join("tmp").join("exports")).unwrap().count();
    assert_eq!(leftovers, 0);

    let sheet = read_back(&app, &exported.url, &token).await;
    assert_eq!(sheet[0], vec![Data::String("名称".into()), Data::String("秒数".into()), Data::String("品牌".into())]);
    assert_eq!(sheet[1][0], Data::String("=HYPERLINK(\"x\")".into()));
    assert_eq!(sheet[1][1], Data::Float(15.0));

    // Without a token, or with a path outside the exports, nothing is served.
    let anonymous = app.raw(Request::get(&exported.url).body(Body::empty()).unwrap()).await;
    assert_eq!(anonymous.code(), 2001);
    let escape = app.raw(Request::get(format!("/files/exports/../../etc/passwd?token={token}")).body(Body::empty()).unwrap()).await;
    assert_ne!(escape.status, StatusCode::OK);
}

/// The parts of an xlsx file: (cell reference → style index) of the first sheet, and the
/// `quotePrefix` flag of each cell format.
fn cell_styles(bytes: &[u8]) -> (std::collections::HashMap<String, usize>, Vec<bool>) {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut part = |name: &str| {
        let mut text = String::new();
        zip.by_name(name).unwrap().read_to_string(&mut text).unwrap();
        text
    };
    let (sheet, styles) = (part("xl/worksheets/sheet1.xml"), part("xl/styles.xml"));
    let attr = |tag: &str, name: &str| -> Option<String> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(tag[start..start + tag[start..].find('"')?].to_owned())
    };
    let cells = sheet
        .split("<c ")
        .skip(1)
        .map(|c| {
            let tag = format!(" {}", &c[..c.find('>').unwrap()]);
            (attr(&tag, "r").unwrap(), attr(&tag, "s").map_or(0, |s| s.parse().unwrap()))
        })
        .collect();
    let xfs = &styles[styles.find("<cellXfs").unwrap()..styles.find("</cellXfs>").unwrap()];
    let quoted = xfs.split("<xf ").skip(1).map(|xf| xf[..xf.find('>').unwrap()].contains(r#"quotePrefix="1""#)).collect();
    (cells, quoted)
}

const FORMULA_LIKE: [&str; 4] = ["-春节版", "=1+1", "+x", "@x"];

/// Titles of the customer rows whose title contains `part`.
async fn titles(app: &TestApp, token: &str, part: &str) -> Vec<String> {
    let page = app.send(Call::get("customerIndex", json!({ "title": part, "limit": 1000 })).token(token)).await;
    page.ok()["data"].as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn formula_like_titles_export_exactly_as_imported_with_the_quote_prefix_and_import_back_unchanged() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed(&app).await;
    let mut rows = spots(FORMULA_LIKE.len(), "");
    for (row, title) in rows.iter_mut().zip(FORMULA_LIKE) {
        row.4 = title.to_owned();
    }
    let answer = upload(&app, &token, "customerData", "公式样标题.xlsx", customer(), &workbook(&rows, false)).await;
    let (status, message) = job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");

    let exported = app.send(Call::get("customerIndexExport", json!({})).token(&token)).await;
    let bytes = download(&app, exported.ok()["url"].as_str().unwrap(), &token).await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.clone())).unwrap();
    let sheet: Vec<Vec<Data>> = book.worksheet_range_at(0).unwrap().unwrap().rows().map(<[Data]>::to_vec).collect();
    let title_column = sheet[0].iter().position(|h| *h == Data::String("标题".into())).unwrap();
    let (styles, quoted) = cell_styles(&bytes);
    let mut seen = Vec::new();
    for (i, row) in sheet.iter().enumerate().skip(1) {
        let Data::String(title) = &row[title_column] else { panic!("row {i}: {:?}", row[title_column]) };
        seen.push(title.clone());
        let reference = format!("{}{}", (b'A' + title_column as u8) as char, i + 1);
        let style = styles[&reference];
        assert!(quoted[style], "{reference} ({title}) has format {style}, which is not quote-prefixed");
    }
    seen.sort();
    let mut want: Vec<String> = FORMULA_LIKE.iter().map(|t| (*t).to_owned()).collect();
    want.sort();
    assert_eq!(seen, want, "the cells hold exactly the imported titles");
    // Plain text keeps the default format.
    let channel_column = sheet[0].iter().position(|h| *h == Data::String("频道".into())).unwrap();
    assert!(!quoted[styles[&format!("{}2", (b'A' + channel_column as u8) as char)]]);

    // The exported workbook imports back as customer data with the same titles.
    let again = upload(&app, &token, "customerData", "再导入.xlsx", customer(), &bytes).await;
    let (status, message) = job_end(&app, again.ok()["jobId"].as_i64().unwrap()).await;
    assert_eq!(status, "done", "{message}");
    for title in FORMULA_LIKE {
        assert_eq!(titles(&app, &token, title).await, [title, title], "{title}");
    }
}

/// A media, brand, group, product, tape (formula-like names), suit and order with that tape,
/// straight into the database; answers the order's id.
async fn master_data(app: &TestApp) -> i64 {
    let one = |sql: &'static str, binds: Vec<i64>| async move {
        let mut query = sqlx::query_scalar::<_, i64>(sql);
        for b in binds {
            query = query.bind(b);
        }
        query.fetch_one(&app.db).await.unwrap()
    };
    let media = one("insert into media (media_name) values ('导出卫视') returning id", vec![]).await;
    let brand = one("insert into brands (brand_name) values ('导出品牌') returning id", vec![]).await;
    let group = one("insert into audience_groups (brand_id, group_name) values ($1, '全国4+') returning id", vec![brand]).await;
    let product = one(
        "insert into products (brand_id, media_id, product_name, seconds, default_audience_group_id,
            upside_down_three_per, prime_time, prime_time_per, prime_upside_down_three_per, jack_requirements)
         values ($1, $2, '测试牛奶', 15, $3, 30, '19:00:00-22:00:00', 60, 20, '') returning id",
        vec![brand, media, group],
    )
    .await;
    let tape = one(
        "insert into product_tapes (brand_id, media_id, product_id, cycle, customer_version_name,
            media_file_name, media_tape_number, customer_title, seconds)
         values ($1, $2, $3, '2026', '-春节版', 'a.mp4', 'T-1', '=1+1', 15) returning id",
        vec![brand, media, product],
    )
    .await;
    one(
        "insert into suits (media_id, brand_id, suit_name, customer_metrics, media_metrics, seconds, suit_month)
         values ($1, $2, '+套装', 1, 1, 15, '2026-03-01') returning id",
        vec![media, brand],
    )
    .await;
    let order = one(
        "insert into orders (media_id, product_id, default_group_id, seconds, cycle_start, cycle_end, follow_date,
            customer_free_calc, media_free_calc, notes)
         values ($1, $2, $3, 15, '2026-03-01', '2026-03-31', '2026-03-05', 1, 1, '@备注') returning id",
        vec![media, product, group],
    )
    .await;
    one(
        "insert into order_tapes (order_id, product_id, tape_id, position) values ($1, $2, $3, 1) returning order_id",
        vec![order, product, tape],
    )
    .await;
    order
}

#[tokio::test]
async fn every_export_answers_get_with_the_query_and_post_with_the_body_alike() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    seed(&app).await;
    let answer = upload(&app, &token, "customerData", "十行.xlsx", customer(), &workbook(&spots(10, "伊利"), false)).await;
    assert_eq!(job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await.0, "done");
    let order = master_data(&app).await;
    // The certificate export needs a certificate: one spot in a period of the order's media.
    sqlx::query(
        "insert into time_periods (media_id, time_period_name, start_secs, end_secs) select media_id, '晚间', 68400, 79199 from orders where id = $1",
    )
    .bind(order)
    .execute(&app.db)
    .await
    .unwrap();
    let certificate = crate::helpers::orders::certificate_workbook(&[("2026-03-02", "19:10:00", "", "a.mp4", 1)]);
    let answer = upload(&app, &token, "broadcastingCertificate", "播出证明.xlsx", json!({ "orderId": order }), &certificate).await;
    assert_eq!(job_end(&app, answer.ok()["jobId"].as_i64().unwrap()).await.0, "done");

    let exports: Vec<_> = endpoints().into_iter().map(|e| e.call).filter(|c| c.name.ends_with("Export")).collect();
    let mut names: Vec<&str> = exports.iter().map(|c| c.name).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "customerIndexExport",
            "figureRowsExport",
            "importTemplateExport",
            "orderBroadcastingCertificateExport",
            "orderIndexExport",
            "orderSummaryGrpIndexExport",
            "orderSummaryGrpReportIndexExport",
            "orderTemplateExport",
            "productMagneticTapeIndexExport",
            "suitIndexExport"
        ]
    );
    for call in exports {
        assert_eq!(call.verb, Verb::GetOrPost, "{}", call.name);
        // A filter each, so reading the wrong half of the request would show.
        let (args, rows): (Value, usize) = match call.name {
            "customerIndexExport" => (json!({ "title": "版本A" }), 4),
            "orderIndexExport" => (json!({ "seconds": 15 }), 1),
            "orderTemplateExport" => (json!({ "orderId": order }), 1),
            // The headers and one example row, that imports as it is.
            "importTemplateExport" => (json!({ "tags": "customerData" }), 1),
            // The target's rows, metrics and free broadcast, then the sum.
            "figureRowsExport" => (json!({ "orderId": order, "figure": "target" }), 3),
            // One period, then the 合计 row.
            "orderBroadcastingCertificateExport" => (json!({ "orderId": order }), 2),
            // The evaluation workbooks: a laid-out first sheet (title, legend, grid, figures).
            "orderSummaryGrpIndexExport" => (json!({ "orderId": order, "belongingTo": 2 }), EVALUATION_ROWS),
            "orderSummaryGrpReportIndexExport" => (json!({ "orderId": order, "belongingTo": 2 }), REPORT_ROWS),
            "productMagneticTapeIndexExport" => (json!({ "cycle": "2026" }), 1),
            "suitIndexExport" => (json!({ "secondslt": 15 }), 1),
            other => panic!("no arguments for {other}"),
        };
        let mut sheets = Vec::new();
        for request in [Call::get(call.name, args.clone()), Call::post(call.name, args.clone()), Call::post(call.name, args.clone()).form()] {
            let answer = app.send(request.token(&token)).await;
            assert_eq!(answer.code(), 200, "{}: {:#}", call.name, answer.body);
            let mut sheet = read_back(&app, answer.data()["url"].as_str().unwrap(), &token).await;
            if call.name.starts_with("orderSummaryGrp") {
                // Their title's second line says when the file was made, to the second.
                sheet.remove(1);
            }
            sheets.push(sheet);
        }
        assert_eq!(sheets[0].len(), rows + 1, "{}: {:?}", call.name, sheets[0]);
        assert!(sheets.iter().all(|s| *s == sheets[0]), "{}: GET and POST export alike", call.name);
    }
}

#[tokio::test]
async fn an_export_downloads_for_its_maker_and_holders_of_its_menu_only_until_purged() {
    let app = spawn_app().await;
    master_data(&app).await;
    let maker = app.create_account("maker", "89").await;
    let colleague = app.create_account("colleague", "89").await;
    let stranger = app.create_account("stranger", "112,145").await;
    let (maker, colleague, stranger) = (app.session(maker).await, app.session(colleague).await, app.session(stranger).await);

    let exported = app.send(Call::get("productMagneticTapeIndexExport", json!({})).token(&maker)).await;
    let url = exported.ok()["url"].as_str().unwrap().to_owned();
    download(&app, &url, &maker).await;
    download(&app, &url, &colleague).await;
    let get = |token: &str| app.raw(Request::get(&url).header("token", token).body(Body::empty()).unwrap());
    let refused = get(&stranger).await;
    assert_eq!((refused.status, refused.code()), (StatusCode::FORBIDDEN, 4003), "{:?}", refused.body);
    let id = url.split('/').nth(3).unwrap().to_owned();
    let unknown = url.replace(&id, &"0".repeat(32));
    let missing = app.raw(Request::get(&unknown).header("token", &maker).body(Body::empty()).unwrap()).await;
    assert_eq!((missing.status, missing.code()), (StatusCode::NOT_FOUND, 4004));

    // The purge takes the record with the file.
    let records = || async { sqlx::query_scalar::<_, i64>("select count(*) from exports").fetch_one(&app.db).await.unwrap() };
    assert_eq!(purge::old_exports(&app.state.db, &app.state.store, purge::EXPORTS_KEPT).await.unwrap(), 0);
    assert_eq!(records().await, 1);
    assert_eq!(purge::old_exports(&app.state.db, &app.state.store, Duration::ZERO).await.unwrap(), 1);
    assert_eq!(records().await, 0);
    assert!(stored_exports(&app).is_empty());
    assert_eq!(get(&maker).await.code(), 4004);
}

/// Files under the store's `exports/`.
fn stored_exports(app: &TestApp) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), out);
            } else {
                out.push(entry.path());
            }
        }
    }
    let mut out = Vec::new();
    walk(&app.data_dir.join("files").join("exports"), &mut out);
    out
}

fn temp_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    let dir = app.data_dir.join("tmp").join("exports");
    std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect()
}

/// `n` customer rows straight into the lake, as one live batch.
async fn lake_rows(app: &TestApp, n: usize) {
    use adeval_server::lake::commit_batch;
    let (batch, files) = crate::helpers::viewing::lake_batch(&app.state, 1, n, |i| format!("版本{i}"), Some("晚间新闻")).await;
    let mut tx = app.db.begin().await.unwrap();
    commit_batch(&mut tx, batch, None, &files, n as u64).await.unwrap();
    tx.commit().await.unwrap();
}

/// Polls `done` every 20 ms for up to `limit`; answers whether it came true.
async fn within(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    done()
}

#[tokio::test]
async fn an_abandoned_export_stops_its_producer_and_leaves_no_file() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    lake_rows(&app, ABANDONED_ROWS).await;

    let request = Call::get("customerIndexExport", json!({})).token(&token).request();
    let router = app.router.clone();
    let client = tokio::spawn(async move { router.oneshot(request).await });
    assert!(within(Duration::from_secs(60), || !temp_files(&app).is_empty()).await, "the export started writing");
    assert!(running_producers() > 0, "the lake query is producing rows");
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The client goes away.
    client.abort();
    let started = Instant::now();
    assert!(within(Duration::from_secs(5), || temp_files(&app).is_empty()).await, "temp file left: {:?}", temp_files(&app));
    assert!(within(Duration::from_secs(5), || running_producers() == 0).await, "the producer still runs");
    println!("stopped {:?} after the client went away", started.elapsed());
    // Nothing is stored or recorded, then or later.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(stored_exports(&app).is_empty(), "{:?}", stored_exports(&app));
    assert!(temp_files(&app).is_empty());
    let records: i64 = sqlx::query_scalar("select count(*) from exports").fetch_one(&app.db).await.unwrap();
    assert_eq!(records, 0);
}

/// Enough customer rows that their export runs well beyond the few seconds the abandoned
/// export is given to stop.
const ABANDONED_ROWS: usize = 300_000;

#[tokio::test]
async fn housekeeping_sweeps_export_temp_files_older_than_an_hour() {
    let app = spawn_app().await;
    let dir = adeval_server::export::temp_dir(&app.state.config);
    std::fs::create_dir_all(&dir).unwrap();
    let old = dir.join("0123456789abcdef0123456789abcdef.xlsx");
    let fresh = dir.join("fedcba9876543210fedcba9876543210.xlsx");
    std::fs::write(&old, b"left by a crash").unwrap();
    std::fs::write(&fresh, b"being written").unwrap();
    let two_hours_ago = SystemTime::now() - Duration::from_secs(2 * 60 * 60);
    std::fs::File::options().write(true).open(&old).unwrap().set_modified(two_hours_ago).unwrap();

    assert_eq!(purge::export_temps(&app.state.config, purge::EXPORT_TEMP_KEPT), 1);
    assert!(!old.exists());
    assert!(fresh.exists(), "a file being written stays");
}
