//! Csv sources on the streaming path: the file is cut into stretches of whole lines, which
//! the workers parse side by side. A line in anything but the plain form (quotes around a
//! line break, a missing field, a value form [`super::text`] leaves alone) declines the
//! stream.

use std::borrow::Cow;
use std::io::Read;

use rustc_hash::FxHashMap;

use super::text::{name, rating, timestamp};
use super::{Chunk, Stop};
use crate::Error;
use crate::ratings::COLUMNS;
use crate::ratings::source::Source;

/// Bytes read per stretch; a stretch ends at the last line break in it.
const STRETCH: usize = 4 << 20;

/// The longest line the streaming path reads; DuckDB's reader decides about longer ones.
const MAX_LINE: usize = 1 << 20;

/// A csv source being cut into stretches of whole lines, header skipped.
pub(super) struct CsvStretches {
    file: std::fs::File,
    path: std::path::PathBuf,
    /// Where in a line each of [`COLUMNS`] is.
    pub fields: [usize; 4],
    carry: Vec<u8>,
    header_left: bool,
    done: bool,
}

impl CsvStretches {
    /// `order` is the header's columns in file order, as checked by `csv_header`.
    pub fn open(source: &Source, order: &[&str]) -> Result<CsvStretches, Stop> {
        let file = std::fs::File::open(&source.path).map_err(|e| Stop::Failed(Error::io(&source.path)(e)))?;
        let mut fields = [0; 4];
        for (i, column) in COLUMNS.iter().enumerate() {
            fields[i] = order.iter().position(|c| c == column).ok_or(Stop::Decline("csv header"))?;
        }
        Ok(CsvStretches { file, path: source.path.clone(), fields, carry: Vec::new(), header_left: true, done: false })
    }

    /// The next stretch of whole lines, `None` at the end of the file.
    pub fn next_stretch(&mut self) -> Result<Option<Vec<u8>>, Stop> {
        if self.done {
            return Ok(None);
        }
        let mut buf = std::mem::take(&mut self.carry);
        loop {
            let have = buf.len();
            buf.resize(have + STRETCH, 0);
            let n = read_full(&mut self.file, &mut buf[have..]).map_err(|e| Stop::Failed(Error::io(&self.path)(e)))?;
            buf.truncate(have + n);
            if self.header_left {
                let Some(end) = memchr::memchr(b'\n', &buf) else {
                    return Err(Stop::Decline("csv header without data"));
                };
                buf.drain(..=end);
                self.header_left = false;
            }
            if n == 0 {
                self.done = true;
                return Ok((!buf.is_empty()).then_some(buf));
            }
            match memchr::memrchr(b'\n', &buf) {
                Some(at) => {
                    let cut = at + 1;
                    self.carry = buf[cut..].to_vec();
                    buf.truncate(cut);
                    return Ok(Some(buf));
                }
                None if buf.len() > MAX_LINE => return Err(Stop::Decline("a very long csv line")),
                None => continue,
            }
        }
    }
}

fn read_full(file: &mut std::fs::File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Parses a stretch of whole lines; `fields` says where each of [`COLUMNS`] is in a line.
pub(super) fn parse(stretch: &[u8], fields: [usize; 4]) -> Result<Chunk, Stop> {
    let lines = memchr::memchr_iter(b'\n', stretch).count() + usize::from(!stretch.ends_with(b"\n"));
    let mut rows = Rows {
        chunk: Chunk::with_capacity(lines),
        ids: FxHashMap::default(),
        last: [(&[], u32::MAX); 2],
        last_ts: (&[], 0),
        fields,
    };
    if memchr::memchr(b'"', stretch).is_some() {
        for line in stretch.split(|&b| b == b'\n') {
            rows.quoted_line(line)?;
        }
        // The split's last piece is the empty one after the final line break.
        return Ok(rows.chunk);
    }
    // Without quotes every comma and line break separates fields: one scan finds them all.
    let mut parts: [&[u8]; 4] = [&[]; 4];
    let (mut n, mut start) = (0, 0);
    for at in memchr::memchr2_iter(b',', b'\n', stretch) {
        if stretch[at] == b',' {
            if n == 3 {
                return Err(Stop::Decline("csv field count"));
            }
            parts[n] = &stretch[start..at];
            n += 1;
        } else {
            if n != 3 {
                return Err(Stop::Decline("csv field count"));
            }
            parts[3] = without_cr(&stretch[start..at]);
            rows.push(parts)?;
            n = 0;
        }
        start = at + 1;
    }
    if start < stretch.len() || n > 0 {
        if n != 3 {
            return Err(Stop::Decline("csv field count"));
        }
        parts[3] = without_cr(&stretch[start..]);
        rows.push(parts)?;
    }
    Ok(rows.chunk)
}

fn without_cr(field: &[u8]) -> &[u8] {
    field.strip_suffix(b"\r").unwrap_or(field)
}

/// The rows of a stretch being parsed, with what consecutive lines usually share: the names
/// of the line before and its time.
struct Rows<'a> {
    chunk: Chunk,
    ids: FxHashMap<Cow<'a, [u8]>, u32>,
    last: [(&'a [u8], u32); 2],
    last_ts: (&'a [u8], i64),
    fields: [usize; 4],
}

impl<'a> Rows<'a> {
    /// Adds the line of fields `parts`, in file order.
    fn push(&mut self, parts: [&'a [u8]; 4]) -> Result<(), Stop> {
        let mut ids = [0; 2];
        for (c, id) in ids.iter_mut().enumerate() {
            let text = parts[self.fields[c]];
            *id = if self.last[c].1 != u32::MAX && self.last[c].0 == text {
                self.last[c].1
            } else {
                let found = intern(&mut self.ids, &mut self.chunk.names, Cow::Borrowed(text))?;
                self.last[c] = (text, found);
                found
            };
        }
        let ts_text = parts[self.fields[2]];
        let ts = if !self.last_ts.0.is_empty() && self.last_ts.0 == ts_text {
            self.last_ts.1
        } else {
            let ts = timestamp(ts_text).ok_or(Stop::Decline("ts form"))?;
            self.last_ts = (ts_text, ts);
            ts
        };
        self.add(ids, ts, parts[self.fields[3]])
    }

    /// Adds a line that has double quotes somewhere; the empty piece after the last line
    /// break adds nothing.
    fn quoted_line(&mut self, line: &'a [u8]) -> Result<(), Stop> {
        if line.is_empty() {
            return Ok(());
        }
        let parts = quoted_fields(without_cr(line)).ok_or(Stop::Decline("csv quoting"))?;
        let [channel, group, ts, value] = self.fields.map(|f| &parts[f]);
        let ids = [
            intern(&mut self.ids, &mut self.chunk.names, Cow::Owned(channel.clone()))?,
            intern(&mut self.ids, &mut self.chunk.names, Cow::Owned(group.clone()))?,
        ];
        self.add(ids, timestamp(ts).ok_or(Stop::Decline("ts form"))?, value)
    }

    fn add(&mut self, [channel, group]: [u32; 2], ts: i64, value: &[u8]) -> Result<(), Stop> {
        self.chunk.channel.push(channel);
        self.chunk.group.push(group);
        self.chunk.ts.push(ts);
        self.chunk.rating.push(rating(value).ok_or(Stop::Decline("rating form"))?);
        Ok(())
    }
}

/// The chunk's id of a name, checking it the first time it is seen.
fn intern<'a>(
    ids: &mut FxHashMap<Cow<'a, [u8]>, u32>,
    names: &mut Vec<String>,
    text: Cow<'a, [u8]>,
) -> Result<u32, Stop> {
    if let Some(&id) = ids.get(text.as_ref()) {
        return Ok(id);
    }
    let checked = name(&text).ok_or(Stop::Decline("name form"))?;
    let id = names.len() as u32;
    names.push(checked.to_owned());
    ids.insert(text, id);
    Ok(id)
}

/// The four fields of a line with double quotes (`""` inside quotes is one quote), or
/// `None` when the line is not four well-formed fields.
fn quoted_fields(line: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut fields = vec![Vec::new()];
    let mut i = 0;
    while i < line.len() {
        let field = fields.last_mut()?;
        match line[i] {
            b'"' if field.is_empty() => {
                // A quoted field: up to the closing quote, then a comma or the end.
                i += 1;
                loop {
                    match line.get(i)? {
                        b'"' if line.get(i + 1) == Some(&b'"') => {
                            field.push(b'"');
                            i += 2;
                        }
                        b'"' => {
                            i += 1;
                            break;
                        }
                        &b => {
                            field.push(b);
                            i += 1;
                        }
                    }
                }
                match line.get(i) {
                    None => {}
                    Some(b',') => {
                        fields.push(Vec::new());
                        i += 1;
                    }
                    Some(_) => return None,
                }
            }
            b'"' => return None,
            b',' => {
                fields.push(Vec::new());
                i += 1;
            }
            b => {
                field.push(b);
                i += 1;
            }
        }
    }
    (fields.len() == 4).then_some(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_quoted_lines_parse_alike() {
        let text = "CCTV-1 综合,全国4+,2026-01-29 00:00:00,0.0575\r\n\"CCTV-1 综合\",\"全国4+\",2026-01-29 00:01:00,\"1.5\"\nCCTV-2,全国4+,2026-01-29 00:02:00,0\n";
        let chunk = parse(text.as_bytes(), [0, 1, 2, 3]).unwrap_or_else(|_| panic!("parses"));
        assert_eq!(chunk.names, ["CCTV-1 综合", "全国4+", "CCTV-2"]);
        assert_eq!(chunk.channel, [0, 0, 2]);
        assert_eq!(chunk.group, [1, 1, 1]);
        assert_eq!(chunk.rating, [0.0575, 1.5, 0.0]);
        assert_eq!(chunk.ts[1] - chunk.ts[0], 60_000_000);
    }

    #[test]
    fn lines_without_quotes_share_names_and_times_and_may_lack_the_last_break() {
        let text = "c,g,2026-01-29 00:00:00,1\r\nc,h,2026-01-29 00:00:00,2\nd,g,2026-01-29 00:00:01,3";
        let chunk = parse(text.as_bytes(), [0, 1, 2, 3]).unwrap_or_else(|_| panic!("parses"));
        assert_eq!(chunk.names, ["c", "g", "h", "d"]);
        assert_eq!((chunk.channel, chunk.group), (vec![0, 0, 3], vec![1, 2, 1]));
        assert_eq!((chunk.ts[1] - chunk.ts[0], chunk.ts[2] - chunk.ts[1]), (0, 1_000_000));
        assert_eq!(chunk.rating, [1.0, 2.0, 3.0]);
    }

    #[test]
    fn columns_follow_the_header_order() {
        let chunk = parse(b"2026-01-29 00:00:00,0.5,g,c", [3, 2, 0, 1]).unwrap_or_else(|_| panic!("parses"));
        assert_eq!((chunk.names[chunk.channel[0] as usize].as_str(), chunk.rating[0]), ("c", 0.5));
        assert_eq!(chunk.names[chunk.group[0] as usize], "g");
    }

    #[test]
    fn anything_unusual_declines() {
        for line in [
            "c,g,2026-01-29 00:00:00",
            "c,g,2026-01-29 00:00:00,1,2",
            "c, g,2026-01-29 00:00:00,1",
            ",g,2026-01-29 00:00:00,1",
            "c,g,2026-01-29,1",
            "c,g,2026-01-29 00:00:00,-1",
            "c,g,2026-01-29 00:00:00,1e2",
            "\"c,g,2026-01-29 00:00:00,1",
            "c\"x,g,2026-01-29 00:00:00,1",
            "c,g,2026-01-29 00:00:00,1\n\nc,g,2026-01-29 00:00:00,1",
        ] {
            assert!(matches!(parse(line.as_bytes(), [0, 1, 2, 3]), Err(Stop::Decline(_))), "{line:?}");
        }
        assert_eq!(
            quoted_fields(b"\"a,b\",\"c\"\"d\",e,f"),
            Some(vec![b"a,b".to_vec(), b"c\"d".to_vec(), b"e".to_vec(), b"f".to_vec()])
        );
    }
}
