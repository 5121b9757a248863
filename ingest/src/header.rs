//! Finding the header row of a sheet and mapping its columns to fields (docs/import-formats.md).

use crate::reader::Raw;
use crate::values::cut_short;

/// How many rows from the top of a sheet may hold the header.
pub const HEADER_SEARCH_ROWS: u32 = 20;
/// Known headers a row needs to count as the header row.
const MIN_KNOWN_HEADERS: usize = 3;

/// A column an import understands: its Chinese name (used in messages and as a template's
/// header), whether a file must have it, the names it goes by (as people write them; compared
/// as `normalise` leaves them), and the value of a template's example row. The header help and
/// the template of each format are made from these tables (`crate::layout`), so what a
/// template shows is what the reader takes.
#[derive(Debug)]
pub struct Field {
    pub label: &'static str,
    pub required: bool,
    pub aliases: &'static [&'static str],
    pub example: Sample,
}

/// A cell of a template's example row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sample {
    Text(&'static str),
    Number(f64),
    Empty,
}

impl Field {
    /// Whether a normalised header text names this field.
    pub fn matches(&self, key: &str) -> bool {
        self.aliases.iter().any(|alias| key_chars(alias).eq(key.chars()))
    }
}

/// The characters a header compares by: no white space, `_`, `-` or `*`, lower case.
fn key_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|c| !c.is_whitespace() && !matches!(c, '_' | '-' | '*')).flat_map(char::to_lowercase)
}

/// A sheet's header row: for each field (by index into the field table) the column that holds
/// it and the header text as written.
#[derive(Debug, Clone)]
pub struct Header {
    pub row: u32,
    pub columns: Vec<Option<(usize, String)>>,
}

/// What a row says about being the header.
pub enum Verdict {
    /// Fewer than three known headers: a title row, or not a data sheet.
    NotHeader,
    Header(Header),
    /// Two columns name the same field: (field, first header, second header).
    Duplicate(String, String),
}

/// Compares header texts ignoring case, whitespace (full-width too), `_`, `-`, a `*` marking a
/// required column and a trailing note in brackets such as `时长(秒)` or `时长（秒）`.
pub fn normalise(text: &str) -> String {
    let mut t = text.trim();
    for (open, close) in [('(', ')'), ('（', '）'), ('[', ']'), ('【', '】')] {
        if let Some(stripped) = t.strip_suffix(close)
            && let Some(at) = stripped.rfind(open)
            && at > 0
        {
            t = &stripped[..at];
        }
    }
    key_chars(t).collect()
}

/// Judges one row against a field table.
pub fn judge(row: u32, cells: &[Raw], fields: &[Field]) -> Verdict {
    let mut columns: Vec<Option<(usize, String)>> = vec![None; fields.len()];
    let mut known = 0;
    let mut duplicate = None;
    for (col, cell) in cells.iter().enumerate() {
        // Day columns (1 … 31) are often typed as numbers.
        let text = match cell {
            Raw::Text(text) => text.to_string(),
            Raw::Number(n) if n.fract() == 0.0 && (0.0..1e6).contains(n) => format!("{n}"),
            _ => continue,
        };
        let text = &text;
        let key = normalise(text);
        let Some(field) = fields.iter().position(|f| f.matches(&key)) else {
            continue;
        };
        match &columns[field] {
            Some((_, first)) => {
                duplicate.get_or_insert_with(|| (first.clone(), cut_short(text.trim())));
            }
            None => {
                // Copied into every row error of the column: kept short.
                columns[field] = Some((col, cut_short(text.trim())));
                known += 1;
            }
        }
    }
    if known < MIN_KNOWN_HEADERS {
        return Verdict::NotHeader;
    }
    match duplicate {
        Some((first, second)) => Verdict::Duplicate(first, second),
        None => Verdict::Header(Header { row, columns }),
    }
}

/// The labels of required fields a header lacks, joined for a message.
pub fn missing(header: &Header, fields: &[Field], optional: &[usize]) -> Option<String> {
    let missing: Vec<&str> = fields
        .iter()
        .enumerate()
        .filter(|(i, f)| f.required && !optional.contains(i) && header.columns[*i].is_none())
        .map(|(_, f)| f.label)
        .collect();
    (!missing.is_empty()).then(|| missing.join("、"))
}

/// The labels of all required fields, for the "no header" message.
pub fn required_labels(fields: &[Field], optional: &[usize]) -> String {
    let labels: Vec<&str> = fields
        .iter()
        .enumerate()
        .filter(|(i, f)| f.required && !optional.contains(i))
        .map(|(_, f)| f.label)
        .collect();
    labels.join("、")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_compare_without_case_spaces_or_notes() {
        assert_eq!(normalise(" Air Time "), "airtime");
        assert_eq!(normalise("air_time"), "airtime");
        assert_eq!(normalise("时长（秒）"), "时长");
        assert_eq!(normalise("时长(秒)"), "时长");
        assert_eq!(normalise("日\u{3000}期"), "日期");
        assert_eq!(normalise("*GRP"), "grp");
        assert_eq!(normalise("受众/城市组"), "受众/城市组");
        // A bracket that is the whole text is not a note.
        assert_eq!(normalise("(备注)"), "(备注)");
    }
}
