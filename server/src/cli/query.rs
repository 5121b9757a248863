//! `adeval query "SQL"`: read-only SQL for analysts over the lake's live data, as views named
//! `viewing`, `ratings`, `ratings_daily` and `certificates` (every imported certificate row,
//! current or replaced; deleted rows left out). One SELECT only.

use std::io::Write;
use std::path::PathBuf;

use adeval_engine::{Dataset, QueryResult};
use clap::{Args, ValueEnum};

use crate::config::Config;

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// Aligned columns for reading.
    Table,
    Csv,
    /// Zstd Parquet; needs --output.
    Parquet,
}

#[derive(Args)]
pub struct QueryArgs {
    /// One SELECT statement over viewing, ratings, ratings_daily and certificates.
    sql: String,
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Write here instead of standard output (required for parquet).
    #[arg(long)]
    output: Option<PathBuf>,
    /// At most this many rows (table and csv).
    #[arg(long, default_value_t = 10_000)]
    limit: usize,
}

pub async fn run(config: Config, args: QueryArgs) -> anyhow::Result<()> {
    let state = crate::build_state(config).await?;
    let mut snapshots = Vec::new();
    for dataset in Dataset::ALL {
        snapshots.push((dataset, crate::lake::snapshot(&state.db, dataset).await?));
    }
    let lake = state.reads.lake.clone();
    let zone = state.config.timezone.name();
    let sql = args.sql.clone();
    match args.format {
        Format::Parquet => {
            let output = args.output.ok_or_else(|| anyhow::anyhow!("--format parquet needs --output FILE"))?;
            let name = format!("query-{}", std::process::id());
            let written = crate::lake::blocking(move || {
                let views: Vec<(Dataset, &adeval_engine::Snapshot)> = snapshots.iter().map(|(d, s)| (*d, s)).collect();
                lake.analyst_query_to_parquet(&views, zone, &sql, &name)
            })
            .await??;
            std::fs::copy(&written, &output)?;
            std::fs::remove_file(&written)?;
            eprintln!("wrote {}", output.display());
            Ok(())
        }
        format => {
            let limit = args.limit;
            let result = crate::lake::blocking(move || {
                let views: Vec<(Dataset, &adeval_engine::Snapshot)> = snapshots.iter().map(|(d, s)| (*d, s)).collect();
                lake.analyst_query(&views, zone, &sql, limit)
            })
            .await??;
            let mut out: Box<dyn Write> = match &args.output {
                Some(path) => Box::new(std::io::BufWriter::new(std::fs::File::create(path)?)),
                None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
            };
            match format {
                Format::Csv => csv(&mut out, &result)?,
                _ => table(&mut out, &result)?,
            }
            out.flush()?;
            if result.truncated {
                eprintln!("(只显示前 {limit} 行；用 --limit 调整)");
            }
            Ok(())
        }
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_owned() }
}

fn csv(out: &mut dyn Write, r: &QueryResult) -> std::io::Result<()> {
    writeln!(out, "{}", r.columns.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","))?;
    for row in &r.rows {
        writeln!(out, "{}", row.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","))?;
    }
    Ok(())
}

/// Display width: CJK characters take two columns.
fn width(text: &str) -> usize {
    text.chars().map(|c| if (c as u32) >= 0x1100 { 2 } else { 1 }).sum()
}

fn table(out: &mut dyn Write, r: &QueryResult) -> std::io::Result<()> {
    let mut widths: Vec<usize> = r.columns.iter().map(|c| width(c)).collect();
    for row in &r.rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(width(cell));
        }
    }
    let line = |cells: &[String]| {
        cells.iter().zip(&widths).map(|(c, w)| format!("{c}{}", " ".repeat(w - width(c)))).collect::<Vec<_>>().join("  ")
    };
    writeln!(out, "{}", line(&r.columns))?;
    writeln!(out, "{}", widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().join("  "))?;
    for row in &r.rows {
        writeln!(out, "{}", line(row))?;
    }
    writeln!(out, "({} 行)", r.rows.len())?;
    Ok(())
}
