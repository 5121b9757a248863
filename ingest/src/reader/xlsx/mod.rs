//! xlsx: our own single-pass reader. The archive's central directory is checked first
//! (entries, declared sizes, compression ratios, encryption); then the small parts (package
//! and workbook relationships, the workbook, styles, shared strings) are read, every other XML
//! part is inflated and scanned for markup declarations, and each worksheet is inflated once,
//! in chunks, straight into a byte-level tokenizer (`xml`) and the sheet grammar (`sheet`),
//! whose cells go to the `Assembler` one by one. Every byte inflated counts against
//! `max_inflated_bytes`; any `<!DOCTYPE` (or other declaration) refuses the file.

mod formats;
mod parts;
mod sheet;
mod text;
mod xml;

use std::collections::HashMap;
use std::io::{Cursor, Read};

use memchr::memmem;
use zip::ZipArchive;
use zip::read::ZipFile;
use zip::result::ZipError;

use super::Assembler;
use crate::limits::Clock;
use crate::{FileError, Limits};
use parts::RelKind;
use sheet::Book;
use xml::Xml;

pub(super) fn read(bytes: &[u8], rows: &mut Assembler<'_>) -> Result<(), FileError> {
    let limits = rows.limits().clone();
    let clock = *rows.clock();
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(zip_error)?;
    check_directory(&mut zip, &limits)?;
    let mut pkg = Package::new(zip, limits.max_inflated_bytes, clock)?;
    let (sheets, book) = open_book(&mut pkg, &limits)?;
    for (_, path) in &sheets {
        pkg.claim(path);
    }
    scan_other_parts(&mut pkg, &clock)?;
    for (name, path) in &sheets {
        rows.check_clock()?;
        pkg.with_part(path, |xml, _| sheet::read(xml, name, &book, rows))?
            .ok_or_else(|| FileError::corrupt(format!("{path} is missing")))?;
    }
    Ok(())
}

/// The workbook's worksheets (name and part, in tab order; chart and dialog sheets hold no
/// cells) and what their cells refer to.
fn open_book(
    pkg: &mut Package<'_>,
    limits: &Limits,
) -> Result<(Vec<(String, String)>, Book), FileError> {
    // The workbook part, from the package relationships (`xl/workbook.xml` without them).
    let workbook = pkg
        .with_part("_rels/.rels", |xml, _| parts::rels(xml, "", limits.max_zip_entries))?
        .and_then(|rels| rels.into_iter().find(|r| r.kind == RelKind::OfficeDocument))
        .map_or_else(|| "xl/workbook.xml".to_owned(), |r| r.target);
    let dir = parts::dir_of(&workbook);
    let rels_path = format!("{dir}_rels/{}.rels", &workbook[dir.len()..]);
    let rels = pkg
        .with_part(&rels_path, |xml, _| parts::rels(xml, dir, limits.max_zip_entries))?
        .ok_or_else(|| FileError::corrupt(format!("{rels_path} is missing")))?;
    let entries = pkg
        .with_part(&workbook, |xml, _| parts::workbook(xml, limits.max_sheets))?
        .ok_or_else(|| FileError::corrupt(format!("{workbook} is missing")))?;
    let mut sheets: Vec<(String, String)> = Vec::with_capacity(entries.sheets.len());
    let mut parts: HashMap<String, usize> = HashMap::with_capacity(entries.sheets.len());
    for entry in entries.sheets {
        let rel = rels
            .iter()
            .find(|r| r.id == entry.rel)
            .ok_or_else(|| FileError::corrupt(format!("no relationship {}", entry.rel)))?;
        if rel.kind == RelKind::Worksheet {
            // Excel gives every sheet its own part; several naming one would read it again
            // for each (a few KB asking for gigabytes).
            if let Some(&first) = parts.get(&key(&rel.target)) {
                let first = sheets[first].0.clone();
                return Err(FileError::SharedSheetPart { sheet: entry.name, first });
            }
            parts.insert(key(&rel.target), sheets.len());
            sheets.push((entry.name, rel.target.clone()));
        }
    }
    // Styles and shared strings by relationship, else where Excel puts them.
    let part = |kind: RelKind, name: &str| {
        rels.iter()
            .find(|r| r.kind == kind)
            .map_or_else(|| format!("{dir}{name}"), |r| r.target.clone())
    };
    let formats = pkg
        .with_part(&part(RelKind::Styles, "styles.xml"), |xml, _| parts::styles(xml))?
        .unwrap_or_default();
    let cap = sheet::text_cap(limits);
    let shared = pkg
        .with_part(&part(RelKind::SharedStrings, "sharedStrings.xml"), |xml, declared| {
            parts::shared_strings(xml, declared, cap)
        })?
        .unwrap_or_default();
    Ok((sheets, Book { shared, formats, date1904: entries.date1904 }))
}

type Part<'a, 'b> = Xml<ZipFile<'a, Cursor<&'b [u8]>>>;

/// The archive, its part names (as calamine finds them: without case, `\` read as `/`) and
/// what may still be inflated.
struct Package<'b> {
    zip: ZipArchive<Cursor<&'b [u8]>>,
    names: HashMap<String, usize>,
    /// Entries already read (or to be streamed) through the tokenizer.
    parsed: Vec<bool>,
    left: u64,
    clock: Clock,
}

fn key(path: &str) -> String {
    path.trim_start_matches('/').replace('\\', "/").to_ascii_lowercase()
}

impl<'b> Package<'b> {
    fn new(zip: ZipArchive<Cursor<&'b [u8]>>, left: u64, clock: Clock) -> Result<Self, FileError> {
        let mut names = HashMap::with_capacity(zip.len());
        for (i, name) in zip.file_names().enumerate() {
            names.entry(key(&name.map_err(zip_error)?)).or_insert(i);
        }
        let parsed = vec![false; zip.len()];
        Ok(Package { zip, names, parsed, left, clock })
    }

    fn index(&self, path: &str) -> Option<usize> {
        self.names.get(&key(path)).copied()
    }

    /// Marks the part at `path` as one the tokenizer will read, so no other scan needs to.
    fn claim(&mut self, path: &str) {
        if let Some(i) = self.index(path) {
            self.parsed[i] = true;
        }
    }

    /// Runs `f` over the part at `path` (`None` when there is none), then books the bytes
    /// it inflated.
    fn with_part<T>(
        &mut self,
        path: &str,
        f: impl FnOnce(&mut Part<'_, 'b>, u64) -> Result<T, FileError>,
    ) -> Result<Option<T>, FileError> {
        let Some(index) = self.index(path) else { return Ok(None) };
        self.parsed[index] = true;
        let entry = self.zip.by_index(index).map_err(zip_error)?;
        let declared = entry.size();
        let mut xml = Xml::new(entry, path, self.left, self.clock);
        let out = f(&mut xml, declared)?;
        self.left = xml.left();
        Ok(Some(out))
    }
}

/// The central directory: entry count, encryption, declared sizes and compression ratios.
fn check_directory(zip: &mut ZipArchive<Cursor<&[u8]>>, limits: &Limits) -> Result<(), FileError> {
    if zip.len() > limits.max_zip_entries {
        return Err(FileError::TooLarge);
    }
    let mut declared = 0u64;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(zip_error)?;
        if entry.encrypted() {
            return Err(FileError::Encrypted);
        }
        let size = entry.size();
        declared = declared.saturating_add(size);
        let ratio = size / entry.compressed_size().max(1);
        if declared > limits.max_inflated_bytes
            || (size > limits.ratio_floor_bytes && ratio > limits.max_compression_ratio)
        {
            return Err(FileError::TooLarge);
        }
    }
    Ok(())
}

/// Every XML part not read above (content types, themes, document properties, drawings ...)
/// is inflated for real, never trusting its declared size, and scanned for declarations.
fn scan_other_parts(pkg: &mut Package<'_>, clock: &Clock) -> Result<(), FileError> {
    let mut buf = vec![0u8; 64 * 1024];
    for i in 0..pkg.parsed.len() {
        if pkg.parsed[i] {
            continue;
        }
        clock.check()?;
        let left = pkg.left;
        let mut entry = pkg.zip.by_index(i).map_err(zip_error)?;
        let name = entry.name().map_err(zip_error)?.to_ascii_lowercase();
        if entry.is_dir() || !(name.ends_with(".xml") || name.ends_with(".rels")) {
            continue;
        }
        let declared = entry.size();
        let mut part = (&mut entry).take(left.saturating_add(1));
        let scan = scan_part(&mut part, &mut buf, clock).map_err(|e| inflate_error(&e))?;
        if scan.bytes > left || scan.bytes > declared {
            return Err(FileError::TooLarge);
        }
        if scan.doctype {
            return Err(FileError::UnsafeXml);
        }
        drop(entry);
        pkg.left = left - scan.bytes;
    }
    Ok(())
}

struct PartScan {
    bytes: u64,
    doctype: bool,
}

/// Inflates one part in chunks, looking for `<!D` (a `<!DOCTYPE` in any case).
fn scan_part(part: &mut impl Read, buf: &mut [u8], clock: &Clock) -> std::io::Result<PartScan> {
    let finder = memmem::Finder::new(b"<!");
    let mut scan = PartScan { bytes: 0, doctype: false };
    // The last two bytes of the previous chunk, so a `<!D` split across chunks is seen.
    let mut carry = [0u8; 2];
    let mut chunks = 0u32;
    loop {
        let n = part.read(&mut buf[2..])?;
        if n == 0 {
            return Ok(scan);
        }
        buf[..2].copy_from_slice(&carry);
        let window = &buf[..2 + n];
        for at in finder.find_iter(window) {
            if matches!(window.get(at + 2), Some(b'D' | b'd')) {
                scan.doctype = true;
                return Ok(scan);
            }
        }
        carry.copy_from_slice(&window[window.len() - 2..]);
        scan.bytes += n as u64;
        chunks += 1;
        if chunks.is_multiple_of(64) && clock.check().is_err() {
            return Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "deadline"));
        }
    }
}

fn zip_error(e: ZipError) -> FileError {
    match e {
        ZipError::UnsupportedArchive(m) if m.contains("assword") => FileError::Encrypted,
        e => FileError::corrupt(e),
    }
}

/// The zip crate stops an entry that inflates past its declared size; that is a bomb, not
/// damage. The deadline surfaces here too, as a timed-out read.
fn inflate_error(e: &std::io::Error) -> FileError {
    if e.kind() == std::io::ErrorKind::TimedOut {
        FileError::Timeout
    } else if e.to_string().contains("declared") {
        FileError::TooLarge
    } else {
        FileError::corrupt(e)
    }
}

#[cfg(test)]
mod tests;
