//! Export: every viewing row of a 200,000-row batch streamed by `Lake::viewing_for_each`
//! into `adeval_server::export::write_sheet` (streaming xlsx), the way the customer-data
//! export runs (a producer thread, a bounded channel, the writer and its deflating thread), against pandas reading the
//! same Parquet files and writing the same columns with openpyxl.
//!
//! ADEVAL_BENCH_EXPORT_ROWS (200,000), ADEVAL_BENCH_RUNS (5), ADEVAL_BENCH_PANDAS_RUNS (3).

use adeval_benches::customer;
use adeval_server::routes::customers::rows::{HEADERS, cells};
use adeval_benches::{Runs, env_u64, fresh_dir, measure, peers, report, secs, thousands, verdict};
use adeval_engine::{Lake, LakeOptions, Snapshot, ViewingFilter};
use adeval_server::clock::Zone;
use adeval_server::export::{row_channel, write_sheet};

fn main() -> anyhow::Result<()> {
    let rows = env_u64("ADEVAL_BENCH_EXPORT_ROWS", 200_000);
    let runs = env_u64("ADEVAL_BENCH_RUNS", 5) as usize;
    let pandas_runs = env_u64("ADEVAL_BENCH_PANDAS_RUNS", 3);
    println!("== export: {rows} rows");

    let workbook = adeval_benches::customer::workbook(rows)?;
    let master = customer::master_data(&customer::read(&workbook)?);
    let dir = fresh_dir("export")?;
    let lake = Lake::open(&dir.join("lake"), LakeOptions::default())?;
    let (n, files, _) = customer::import(&lake, &workbook, 1, &master)?;
    anyhow::ensure!(n as u64 == rows, "imported {n} rows of {rows}");
    let snapshot = Snapshot::new(files.iter().map(|f| f.path.as_str()));
    let out = dir.join("客户数据.xlsx");

    let adeval = measure(
        "adeval",
        runs,
        |_| Ok(()),
        |()| {
            let (mut tx, rx) = row_channel();
            let written = std::thread::scope(|s| {
                let (lake, snapshot) = (&lake, &snapshot);
                // The sender moves into the producer, so the writer's iterator ends with it.
                let producer = s.spawn(move || {
                    lake.viewing_for_each(&snapshot, &ViewingFilter::default(), |row| -> Result<(), adeval_engine::Error> {
                        // False: the writer failed (it reports that itself), so the query stops.
                        if tx.send(cells(row, Zone::default())) { Ok(()) } else { Err(adeval_engine::Error::Caller("the sheet writer stopped".into())) }
                    })
                });
                let written = write_sheet(&out, "客户数据", &HEADERS, rx);
                let produced = producer.join().expect("the producer does not panic");
                // The writer's own error explains a stopped producer, so it goes first.
                let written = written?;
                produced?;
                anyhow::Ok(written)
            })?;
            anyhow::ensure!(written == rows, "exported {written} rows of {rows}");
            Ok(())
        },
    )?;
    let bytes = std::fs::metadata(&out)?.len();

    let peer_out = dir.join("pandas.xlsx");
    let mut args = vec!["xlsx-export".to_owned(), peer_out.display().to_string(), pandas_runs.to_string()];
    args.extend(files.iter().map(|f| lake.root().join(&f.path).display().to_string()));
    let peers = peers::run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    drop(lake);
    std::fs::remove_dir_all(&dir).ok();

    let rate = |r: &Runs| rows as f64 / r.median();
    let mut md = format!(
        "## Export\n\n\
         {} viewing rows of one batch ({} month files) to one xlsx sheet of 13 columns ({:.1} MiB), newest spot first.\n\n\
         | pipeline | runs | median | min–max | rows/s | peer time ÷ adeval time |\n|---|---|---|---|---|---|\n\
         | adeval: `Lake::viewing_for_each` → bounded channel of row batches → `export::write_sheet` (streaming sheet XML, deflated on a second thread) | {} | {} | {} | {} | — |\n",
        thousands(rows as f64),
        files.len(),
        bytes as f64 / (1 << 20) as f64,
        adeval.len(),
        secs(adeval.median()),
        adeval.spread(),
        thousands(rate(&adeval)),
    );
    match &peers {
        Err(why) => md.push_str(&format!("| Python peer | — | — | — | — | not run: {why} |\n")),
        Ok(peers) => {
            for p in peers {
                match &p.runs {
                    Ok(r) => md.push_str(&format!(
                        "| {} ({}) | {} | {} | {} | {} | {:.1}× |\n",
                        p.name,
                        p.note,
                        r.len(),
                        secs(r.median()),
                        r.spread(),
                        thousands(rate(r)),
                        r.median() / adeval.median()
                    )),
                    Err(why) => md.push_str(&format!("| {} | — | — | — | — | failed: {why} |\n", p.name)),
                }
            }
        }
    }
    md.push_str(&format!(
        "\n| goal | measured | verdict |\n|---|---|---|\n| ≥ 100,000 rows/s | {} rows/s | {} |\n",
        thousands(rate(&adeval)),
        verdict(rate(&adeval) >= 100_000.0)
    ));
    report(&md)
}
