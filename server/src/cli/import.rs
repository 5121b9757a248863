//! `adeval import …`: batch import from the shell with a progress bar, a summary (rows, seconds,
//! rows/s) and a non-zero exit with the row errors when a file is refused. Each file is one
//! batch: all or nothing.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::Config;
use crate::imports::customer::{self, ImportOptions, Origin};
use crate::imports::{ImportError, Report};

#[derive(Subcommand)]
pub enum ImportCommand {
    /// Customer viewing data (客户数据): xlsx, xls, csv or Parquet, docs/import-formats.md. csv
    /// and Parquet files of any size are streamed in bounded memory.
    CustomerData {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Data category: 1 初始数据, 2 客户数据, 3 公司数据, 4 其他.
        #[arg(long, value_parser = clap::value_parser!(i16).range(1..=4))]
        category: i16,
        /// Data source: 1 收视设置, 2 快数据, 3 实际播出.
        #[arg(long, value_parser = clap::value_parser!(i16).range(1..=3))]
        source: i16,
        /// Data ownership: 1 客户, 2 媒体.
        #[arg(long, value_parser = clap::value_parser!(i16).range(1..=2))]
        ownership: i16,
        /// Audience/city group of every row, for files without that column.
        #[arg(long = "audience-group")]
        audience_group: Option<String>,
        /// Rows read, resolved and written at a time (tests lower it to see memory stay bounded).
        #[arg(long = "chunk-rows", hide = true, default_value_t = customer::CHUNK_ROWS)]
        chunk_rows: usize,
    },
    /// Rating series: csv (UTF-8, header channel,audience_group,ts,rating) or Parquet with
    /// those columns; one value per minute or second.
    Ratings {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// The bar of one file: by percent through the stages, and by bytes while the file is read.
struct Bar(ProgressBar, AtomicBool);

impl Report for Bar {
    async fn stage(&self, percent: i64, text: &str) {
        if !self.1.load(Ordering::Relaxed) {
            self.0.set_position(percent.clamp(0, 100) as u64);
        }
        self.0.set_message(text.to_owned());
    }

    async fn read(&self, done: u64, total: u64) {
        if !self.1.swap(true, Ordering::Relaxed) {
            self.0.set_style(style("{prefix} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} {msg}"));
            self.0.set_length(total);
            self.0.set_message("读取并校验文件");
        }
        self.0.set_position(done.min(total));
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()).progress_chars("=> ")
}

fn bar(name: &str) -> ProgressBar {
    let bar = ProgressBar::new(100);
    bar.set_style(style("{prefix} [{bar:30}] {pos:>3}% {msg}"));
    bar.set_prefix(name.to_owned());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

pub async fn run(config: Config, command: ImportCommand) -> anyhow::Result<()> {
    let state = crate::build_state(config).await?;
    match command {
        ImportCommand::CustomerData { files, category, source, ownership, audience_group, chunk_rows } => {
            let opts = ImportOptions { category, source, belonging_to: ownership, audience_group };
            let started = Instant::now();
            let (mut rows, mut refused) = (0u64, 0usize);
            for file in &files {
                let name = file.file_name().map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into_owned());
                let progress = Bar(bar(&name), AtomicBool::new(false));
                let origin = Origin { cli: true, ..Origin::default() };
                let outcome = customer::import_file_in_chunks(&state.db, &state.reads.lake, file, &opts, &origin, &progress, chunk_rows.max(1)).await;
                progress.0.finish_and_clear();
                match outcome {
                    Ok(done) => {
                        rows += done.rows;
                        println!(
                            "{name}: {} 行，{:.2} 秒，{:.0} 行/秒（批次 {}）",
                            done.rows,
                            done.seconds,
                            done.rows as f64 / done.seconds.max(1e-9),
                            done.batch_id
                        );
                    }
                    Err(ImportError::Refused(text)) => {
                        refused += 1;
                        eprintln!("{name}: 已拒绝\n{text}");
                    }
                    Err(ImportError::Internal(e)) => return Err(e.context(format!("importing {name}"))),
                }
            }
            if rows > 0 {
                crate::orders::evaluation::alerts::after_data_change(&state.db, &state.reads).await;
            }
            let seconds = started.elapsed().as_secs_f64();
            println!("合计：{} 个文件，导入 {rows} 行，{seconds:.2} 秒，{:.0} 行/秒", files.len() - refused, rows as f64 / seconds.max(1e-9));
            if refused > 0 {
                anyhow::bail!("{refused} 个文件被拒绝，未导入");
            }
            Ok(())
        }
        ImportCommand::Ratings { files } => {
            let progress = bar("收视率");
            progress.set_message(format!("正在导入 {} 个文件", files.len()));
            let started = Instant::now();
            let outcome = crate::imports::ratings::import(&state.db, &state.reads.lake, files, "cli").await?;
            progress.finish_and_clear();
            let seconds = started.elapsed().as_secs_f64();
            match outcome {
                Ok((batch, rows)) => {
                    // New history moves the orders' default estimates.
                    crate::orders::evaluation::alerts::after_data_change(&state.db, &state.reads).await;
                    println!("收视率：{rows} 行，{seconds:.2} 秒，{:.0} 行/秒（批次 {batch}）", rows as f64 / seconds.max(1e-9));
                    Ok(())
                }
                Err(refusal) => {
                    eprintln!("收视率：已拒绝");
                    for line in &refusal {
                        eprintln!("{line}");
                    }
                    anyhow::bail!("收视率文件被拒绝，未导入")
                }
            }
        }
    }
}
