//! Why lines of a ratings source are bad, in Chinese, with the line numbers a user finds in
//! the file.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::Path;

use duckdb::Connection;

use super::MAX_REASONS;
use super::source::REJECTS_KEPT;
use crate::{Error, Result};

/// The lines DuckDB's CSV reader rejected for one scan.
pub(crate) struct CsvRejects {
    /// The first [`MAX_REASONS`] in line order, each with its reasons (a line that does not
    /// split into its fields is one problem, whatever DuckDB says of it).
    pub first: Vec<(u64, String)>,
    /// Every rejected line DuckDB kept.
    pub lines: BTreeSet<u64>,
    /// Whether it stopped keeping them at [`REJECTS_KEPT`].
    pub stopped: bool,
}

/// The lines DuckDB's CSV reader rejected for one scan (`rejects_<tag>`).
pub(crate) fn csv_rejects(conn: &Connection, tag: &str) -> Result<CsvRejects> {
    let sql = format!(
        "select line, column_idx, column_name, error_type::varchar, csv_line \
         from rejects_{tag} where line in (select distinct line from rejects_{tag} order by line limit {MAX_REASONS}) \
         order by line, column_idx nulls last"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, u64>(0)?,
            r.get::<_, Option<u64>>(1)?,
            r.get::<_, Option<String>>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, Option<String>>(4)?,
        ))
    })?;
    let mut out: Vec<(u64, String)> = Vec::new();
    for row in rows {
        let (line, idx, column, kind, text) = row?;
        let column = column.unwrap_or_default();
        let reason = match kind.as_str() {
            "CAST" => {
                let value =
                    idx.and_then(|i| csv_field(text.as_deref().unwrap_or_default(), i as usize)).unwrap_or_default();
                match (value.trim().is_empty(), column.as_str()) {
                    (true, _) => format!("{column} 为空"),
                    (false, "ts") => format!("ts「{}」不是有效时间", shorten(&value)),
                    (false, _) => format!("{column}「{}」不是数字", shorten(&value)),
                }
            }
            "MISSING COLUMNS" => "列数不足（应为 4 列）".into(),
            "TOO MANY COLUMNS" => "列数过多（应为 4 列）".into(),
            "UNQUOTED VALUE" => "引号不成对".into(),
            "LINE SIZE OVER MAXIMUM" => "行过长".into(),
            "INVALID ENCODING" | "INVALID UNICODE" => "不是 UTF-8 编码（请另存为 UTF-8）".into(),
            _ => "无法解析".into(),
        };
        match out.last_mut() {
            Some((last, reasons)) if *last == line => {
                if !reasons.split('；').any(|r| r == reason) {
                    reasons.push('；');
                    reasons.push_str(&reason);
                }
            }
            _ => out.push((line, reason)),
        }
    }
    let mut stmt = conn.prepare(&format!("select distinct line from rejects_{tag}"))?;
    let lines: BTreeSet<u64> = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    let kept: u64 = conn.query_row(&format!("select count(*) from rejects_{tag}"), [], |r| r.get(0))?;
    Ok(CsvRejects { first: out, lines, stopped: kept >= REJECTS_KEPT })
}

/// The reasons of a located row from its results of `checks` (one flag per check), a `{ts}`
/// or `{rating}` in a reason standing for the value as written.
pub(crate) fn row_reasons<'a>(
    checks: &'a [(&str, &str)],
    failed: &'a [bool],
    (ts, rating): (&'a str, &'a str),
) -> impl Iterator<Item = String> + 'a {
    checks
        .iter()
        .zip(failed)
        .filter(|(_, f)| **f)
        .map(move |((_, why), _)| why.replace("{ts}", &shorten(ts.trim())).replace("{rating}", &shorten(rating.trim())))
}

/// Field `idx` (1-based) of a CSV line, honouring double quotes.
fn csv_field(line: &str, idx: usize) -> Option<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut()?.push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut()?.push(c),
        }
    }
    fields.into_iter().nth(idx.checked_sub(1)?)
}

fn shorten(value: &str) -> String {
    let mut s: String = value.chars().take(40).collect();
    if s.len() < value.len() {
        s.push('…');
    }
    s
}

/// The line numbers of data records `ordinals` (1-based, as DuckDB's `with ordinality`
/// counts them: header, blank and rejected lines left out) of a CSV file. Only used when a
/// row fails a value check, to name the line the user sees in an editor.
pub(crate) fn record_lines(path: &Path, rejected: &BTreeSet<u64>, ordinals: &[u64]) -> Result<Vec<u64>> {
    let wanted: BTreeSet<u64> = ordinals.iter().copied().collect();
    let mut found = Vec::with_capacity(wanted.len());
    let (mut record, mut done) = (0u64, false);
    records(path, &mut |line_no| {
        if rejected.contains(&line_no) {
            return !done;
        }
        record += 1;
        if wanted.contains(&record) {
            found.push(line_no);
        }
        done = found.len() == wanted.len();
        !done
    })?;
    Ok(found)
}

/// How many data records (lines that start a record, header and blank lines left out) a CSV
/// file has: with the rows DuckDB read, how many it rejected when it stopped keeping them.
pub(crate) fn count_records(path: &Path) -> Result<u64> {
    let mut n = 0;
    records(path, &mut |_| {
        n += 1;
        true
    })?;
    Ok(n)
}

/// Calls `each` with the line number of every data record of a CSV file, in order, while it
/// answers true: a quoted field's line breaks stay in its record.
fn records(path: &Path, each: &mut dyn FnMut(u64) -> bool) -> Result<()> {
    let mut reader = BufReader::new(std::fs::File::open(path).map_err(Error::io(path))?);
    let (mut line_no, mut quoted, mut header_seen) = (0u64, false, false);
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(Error::io(path))? == 0 {
            return Ok(());
        }
        line_no += 1;
        let starts_record = !quoted;
        quoted ^= line.iter().filter(|&&b| b == b'"').count() % 2 == 1;
        let blank = line.iter().all(|b| matches!(b, b'\r' | b'\n'));
        if !starts_record || blank {
            continue;
        }
        if !header_seen {
            header_seen = true;
            continue;
        }
        if !each(line_no) {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_honour_quotes() {
        assert_eq!(csv_field("a,\"b,c\",d", 2).as_deref(), Some("b,c"));
        assert_eq!(csv_field("a,\"x\"\"y\",", 2).as_deref(), Some("x\"y"));
        assert_eq!(csv_field("a,,b", 2).as_deref(), Some(""));
        assert_eq!(csv_field("a", 3), None);
    }

    #[test]
    fn record_numbers_map_to_lines_past_blank_quoted_and_rejected_lines() {
        let path = std::env::temp_dir().join(format!("adeval-record-lines-{}.csv", std::process::id()));
        let text = "h1,h2\nr1,x\n\n\"multi\nline\",y\nrejected,z,z\nr4,w\n";
        std::fs::write(&path, text).unwrap();

        let lines = record_lines(&path, &BTreeSet::from([6]), &[1, 2, 3]).unwrap();

        assert_eq!(lines, [2, 4, 7]);
        std::fs::remove_file(path).ok();
    }
}
