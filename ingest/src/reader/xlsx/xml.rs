//! A pull tokenizer for the XML of xlsx parts, reading an inflating stream in chunks.
//!
//! It knows only what SpreadsheetML needs: start, empty and end tags (by local name, so
//! `<x:c>` is `c`), attributes as raw slices, character data with the five predefined entities
//! and numeric character references, CDATA sections, comments and processing instructions
//! (skipped). Markup declarations (`<!DOCTYPE`, `<!ENTITY` ...) refuse the part: nothing here
//! expands entities or reads a DTD, and no spreadsheet needs one. Every inflated byte is
//! counted against the archive's budget and the deadline is checked on every read. A tag must
//! fit the buffer; character data streams through, and the caller caps what it keeps.

use std::io::{ErrorKind, Read};

use memchr::{memchr, memchr2, memmem};

use super::text::decode;
use crate::FileError;
use crate::limits::Clock;

/// The buffer: bytes asked of the inflater per read, and the longest tag a part may hold.
pub(super) const BUF_BYTES: usize = 128 * 1024;

/// What `Xml::next` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tok {
    Start,
    /// A self-closing tag: a start and its end.
    Empty,
    End,
    Eof,
}

pub(super) struct Xml<R> {
    src: R,
    /// The part's name, for error details.
    part: String,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    /// Bytes the archive may still inflate.
    left: u64,
    clock: Clock,
    /// The last tag's qualified and local name, and its attributes (name and value ranges),
    /// in `buf`.
    qname: (usize, usize),
    name: (usize, usize),
    attrs: Vec<[usize; 4]>,
}

impl<R: Read> Xml<R> {
    pub(super) fn new(src: R, part: &str, left: u64, clock: Clock) -> Self {
        Self::with_buffer(src, part, left, clock, BUF_BYTES)
    }

    pub(super) fn with_buffer(src: R, part: &str, left: u64, clock: Clock, size: usize) -> Self {
        Xml {
            src,
            part: part.to_owned(),
            buf: vec![0; size].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            left,
            clock,
            qname: (0, 0),
            name: (0, 0),
            attrs: Vec::new(),
        }
    }

    /// What the archive may still inflate once this part is done.
    pub(super) fn left(&self) -> u64 {
        self.left
    }

    pub(super) fn corrupt(&self, what: &str) -> FileError {
        FileError::corrupt(format!("{}: {what}", self.part))
    }

    /// The last tag's local name (after any namespace prefix).
    pub(super) fn name(&self) -> &[u8] {
        &self.buf[self.name.0..self.name.1]
    }

    pub(super) fn is(&self, local: &[u8]) -> bool {
        self.name() == local
    }

    /// The last start or empty tag's attributes: qualified names and raw values (entities
    /// not decoded, see `text::decode_value`).
    pub(super) fn attrs(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.attrs.iter().map(|&[n0, n1, v0, v1]| (&self.buf[n0..n1], &self.buf[v0..v1]))
    }

    /// The raw value of the attribute with this qualified name.
    pub(super) fn attr(&self, name: &[u8]) -> Option<&[u8]> {
        self.attrs().find(|&(k, _)| k == name).map(|(_, v)| v)
    }

    /// The next tag, skipping character data.
    pub(super) fn next(&mut self) -> Result<Tok, FileError> {
        self.advance(None, 0)
    }

    /// After a start tag: its character data appended to `out` (entities decoded, line ends
    /// normalised, CDATA included) up to its end tag. Appending stops once `out` is longer
    /// than `cap` bytes, so the caller sees an overlong text by its length. A child element
    /// is malformed here.
    pub(super) fn text(&mut self, out: &mut Vec<u8>, cap: usize) -> Result<(), FileError> {
        // Mostly plain text and the end tag, both in the buffer.
        let avail = &self.buf[self.pos..self.end];
        if let Some(i) = find_special(avail, &TEXT_SPECIAL)
            && avail[i] == b'<'
            && avail.get(i + 1) == Some(&b'/')
            && out.len() + i <= cap
        {
            out.extend_from_slice(&avail[..i]);
            // The start tag is still in the buffer: its end tag is the same name and '>'.
            let qname = &self.buf[self.qname.0..self.qname.1];
            let end = &self.buf[self.pos + i + 2..self.end];
            if end.len() > qname.len() && end.starts_with(qname) && end[qname.len()] == b'>' {
                self.pos += i + 3 + qname.len();
                return Ok(());
            }
            self.pos += i;
            return match self.tag()? {
                Tok::End => Ok(()),
                _ => Err(self.corrupt("an element inside a text")),
            };
        }
        match self.advance(Some(out), cap)? {
            Tok::End => Ok(()),
            Tok::Eof => Err(self.corrupt("the part ends inside a text")),
            Tok::Start | Tok::Empty => Err(self.corrupt("an element inside a text")),
        }
    }

    /// After a start tag: everything up to and including its end tag.
    pub(super) fn skip_element(&mut self) -> Result<(), FileError> {
        let mut depth = 0u32;
        loop {
            match self.next()? {
                Tok::Start => depth += 1,
                Tok::End if depth == 0 => return Ok(()),
                Tok::End => depth -= 1,
                Tok::Empty => {}
                Tok::Eof => return Err(self.corrupt("the part ends inside an element")),
            }
        }
    }

    /// The rest of the part, read for its checks (markup declarations, sizes, checksum).
    pub(super) fn drain(&mut self) -> Result<(), FileError> {
        while self.next()? != Tok::Eof {}
        Ok(())
    }

    #[inline]
    fn advance(&mut self, mut out: Option<&mut Vec<u8>>, cap: usize) -> Result<Tok, FileError> {
        loop {
            // Tags mostly follow each other directly.
            let at_tag = self.pos < self.end && self.buf[self.pos] == b'<';
            if !at_tag && !self.char_data(out.as_deref_mut(), cap)? {
                return Ok(Tok::Eof);
            }
            // At '<'.
            if self.end - self.pos < 2 && !self.ensure(2)? {
                return Err(self.corrupt("the part ends inside a tag"));
            }
            match self.buf[self.pos + 1] {
                b'?' => self.skip_past(2, b"?>", "a processing instruction")?,
                b'!' => self.markup(out.as_deref_mut(), cap)?,
                _ => return self.tag(),
            }
        }
    }

    /// Reads more of the part after what is still unread; false at its end.
    fn fill(&mut self) -> Result<bool, FileError> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        if self.end == self.buf.len() {
            return Err(self.corrupt(&format!("a tag longer than {} bytes", self.buf.len())));
        }
        self.clock.check()?;
        loop {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    if n as u64 > self.left {
                        return Err(FileError::TooLarge);
                    }
                    self.left -= n as u64;
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(super::inflate_error(&e)),
            }
        }
    }

    /// Whether `n` bytes from `pos` are (or can be made) available.
    fn ensure(&mut self, n: usize) -> Result<bool, FileError> {
        while self.end - self.pos < n {
            if !self.fill()? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Character data up to the next '<', appended to `out` when given; false at the end of
    /// the part (all of it consumed).
    fn char_data(&mut self, mut out: Option<&mut Vec<u8>>, cap: usize) -> Result<bool, FileError> {
        loop {
            let avail = &self.buf[self.pos..self.end];
            let lt = find(avail, b'<');
            let len = lt.unwrap_or(avail.len());
            let used = match out.as_deref_mut() {
                None => len,
                Some(out) => {
                    let complete = lt.is_some() || self.eof;
                    decode(&avail[..len], complete, true, out, cap)
                        .map_err(|what| self.corrupt(what))?
                }
            };
            self.pos += used;
            if lt.is_some() && used == len {
                return Ok(true);
            }
            if self.eof {
                return Ok(false);
            }
            self.fill()?;
        }
    }

    /// `<!`: a comment, a CDATA section (character data) or a refused declaration.
    fn markup(&mut self, out: Option<&mut Vec<u8>>, cap: usize) -> Result<(), FileError> {
        self.ensure(9)?;
        let head = &self.buf[self.pos..self.end];
        if head.starts_with(b"<!--") {
            self.skip_past(4, b"-->", "a comment")
        } else if head.starts_with(b"<![CDATA[") {
            self.pos += 9;
            self.cdata(out, cap)
        } else if head.len() < 9 && (b"<!--".starts_with(head) || b"<![CDATA[".starts_with(head)) {
            Err(self.corrupt("the part ends inside a tag"))
        } else {
            // <!DOCTYPE (any case), <!ENTITY, <!ELEMENT ...
            Err(FileError::UnsafeXml)
        }
    }

    /// The body of a CDATA section, through its `]]>`.
    fn cdata(&mut self, mut out: Option<&mut Vec<u8>>, cap: usize) -> Result<(), FileError> {
        let finder = memmem::Finder::new(b"]]>");
        loop {
            let avail = &self.buf[self.pos..self.end];
            let close = finder.find(avail);
            // Without the terminator, keep two bytes back: it may start there.
            let len = close.unwrap_or(avail.len().saturating_sub(2));
            let used = match out.as_deref_mut() {
                None => len,
                Some(out) => decode(&avail[..len], close.is_some(), false, out, cap)
                    .map_err(|what| self.corrupt(what))?,
            };
            self.pos += used;
            if close.is_some() && used == len {
                self.pos += 3;
                return Ok(());
            }
            if !self.fill()? {
                return Err(self.corrupt("the part ends inside a CDATA section"));
            }
        }
    }

    /// Skips from `pos + from` through the next `term`.
    fn skip_past(&mut self, from: usize, term: &[u8], what: &str) -> Result<(), FileError> {
        let finder = memmem::Finder::new(term);
        let mut from = from;
        loop {
            if let Some(i) = finder.find(&self.buf[self.pos + from..self.end]) {
                self.pos += from + i + term.len();
                return Ok(());
            }
            // The terminator may start in the last bytes.
            self.pos = (self.end + 1).saturating_sub(term.len()).max(self.pos + from);
            from = 0;
            if !self.fill()? {
                return Err(self.corrupt(&format!("the part ends inside {what}")));
            }
        }
    }

    /// A start, empty or end tag from '<' at `pos` through its '>'.
    fn tag(&mut self) -> Result<Tok, FileError> {
        loop {
            match self.scan_tag() {
                Ok(Some(tok)) => return Ok(tok),
                // The tag runs past the buffer: read on and scan it again.
                Ok(None) => {
                    if !self.fill()? {
                        return Err(self.corrupt("the part ends inside a tag"));
                    }
                }
                Err(what) => return Err(self.corrupt(what)),
            }
        }
    }

    /// One pass over a tag: its name (the local part noted), then each attribute's name and
    /// quoted value; `None` when the buffer ends first.
    fn scan_tag(&mut self) -> Result<Option<Tok>, &'static str> {
        let b = &self.buf[..self.end];
        let mut k = self.pos + 1;
        let end_tag = b[k] == b'/';
        k += usize::from(end_tag);
        let name = k;
        let Some(len) = b[k..].iter().position(|&c| ENDS_NAME[usize::from(c)]) else {
            return Ok(None);
        };
        if len == 0 {
            return Err("a tag without a name");
        }
        k += len;
        self.qname = (name, k);
        let local =
            b[name..k].iter().rposition(|&c| c == b':').map_or(name, |colon| name + colon + 1);
        self.name = (local, k);
        self.attrs.clear();
        loop {
            while b.get(k).is_some_and(|&c| is_space(c)) {
                k += 1;
            }
            match b.get(k) {
                None => return Ok(None),
                Some(b'>') => {
                    self.pos = k + 1;
                    return Ok(Some(if end_tag { Tok::End } else { Tok::Start }));
                }
                Some(b'/') if !end_tag => {
                    return match b.get(k + 1) {
                        None => Ok(None),
                        Some(b'>') => {
                            self.pos = k + 2;
                            Ok(Some(Tok::Empty))
                        }
                        Some(_) => Err("a malformed tag"),
                    };
                }
                Some(_) if end_tag => return Err("a malformed end tag"),
                Some(_) => {}
            }
            // name="value" or name='value'
            let key = k;
            k += b[k..].iter().position(|&c| ENDS_KEY[usize::from(c)]).unwrap_or(b.len() - k);
            let key_end = k;
            while b.get(k).is_some_and(|&c| is_space(c)) {
                k += 1;
            }
            match b.get(k) {
                None => return Ok(None),
                Some(b'=') if key_end > key => k += 1,
                Some(_) => return Err("a malformed attribute"),
            }
            while b.get(k).is_some_and(|&c| is_space(c)) {
                k += 1;
            }
            let quote = match b.get(k) {
                None => return Ok(None),
                Some(&q @ (b'"' | b'\'')) => q,
                Some(_) => return Err("a malformed attribute"),
            };
            let Some(len) = find(&b[k + 1..], quote) else { return Ok(None) };
            self.attrs.push([key, key_end, k + 1, k + 1 + len]);
            k += len + 2;
        }
    }
}

/// Bytes that end an element or attribute name.
static ENDS_NAME: [bool; 256] = table(b" \t\r\n/>");

/// Bytes that end an attribute name.
static ENDS_KEY: [bool; 256] = table(b" \t\r\n/>=");

/// Bytes that interrupt plain character data.
static TEXT_SPECIAL: [bool; 256] = table(b"<&\r");

const fn table(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
}

/// The first byte of `hay` marked in `table`.
#[inline]
fn find_special(hay: &[u8], table: &[bool; 256]) -> Option<usize> {
    hay.iter().position(|&b| table[usize::from(b)])
}

/// Where `b` first occurs in `hay`. Sheet XML is short tags and short texts, so the first
/// bytes are looked at one by one before memchr's vector search takes over.
#[inline]
pub(super) fn find(hay: &[u8], b: u8) -> Option<usize> {
    const NEAR: usize = 16;
    let near = &hay[..hay.len().min(NEAR)];
    if let Some(i) = near.iter().position(|&x| x == b) {
        return Some(i);
    }
    if hay.len() > NEAR { memchr(b, &hay[NEAR..]).map(|i| i + NEAR) } else { None }
}

/// `find` for either of two bytes.
#[inline]
pub(super) fn find2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    const NEAR: usize = 16;
    let near = &hay[..hay.len().min(NEAR)];
    if let Some(i) = near.iter().position(|&x| x == a || x == b) {
        return Some(i);
    }
    if hay.len() > NEAR { memchr2(a, b, &hay[NEAR..]).map(|i| i + NEAR) } else { None }
}

/// XML whitespace (which is also what calamine trims off an unpreserved `<t>`).
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}
