//! A strict walk of an OLE compound file, done before calamine opens an .xls.
//!
//! calamine 0.38 follows the compound file's sector chains without looking for cycles and
//! trusts the lengths they declare: a few kilobytes can make it loop or allocate without
//! bound (an abort, which `catch_unwind` can't stop). This walk follows the same chains the
//! same way calamine does — header, DIFAT, FAT, directory, mini stream, then the Workbook
//! stream — but refuses cycles, sectors outside the file and anything else calamine would
//! read loosely. A file that passes is walked by calamine within the file's own size, and the
//! stream returned here is the one calamine will parse.

use crate::FileError;

const SIGNATURE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
/// Sector ids from here up are markers, not sectors.
const MAX_REGULAR: u32 = 0xFFFF_FFFA;
const DIFSECT: u32 = 0xFFFF_FFFC;
const END_OF_CHAIN: u32 = 0xFFFF_FFFE;
/// Streams shorter than this live in the mini stream (64-byte sectors).
const MINI_CUTOFF: u64 = 4096;
const MINI_SECTOR: usize = 64;

/// The Workbook (or BIFF5 "Book") stream of an .xls, read as calamine will read it.
pub(super) fn workbook_stream(file: &[u8]) -> Result<Vec<u8>, FileError> {
    let bad = || FileError::Malformed;
    if file.len() < 512 || !file.starts_with(SIGNATURE) {
        return Err(FileError::corrupt("not a compound file"));
    }
    let sector = match u16_at(file, 30) {
        9 => 512,
        12 => 4096,
        _ => return Err(FileError::corrupt("bad sector size")),
    };
    if file.len() < sector || u16_at(file, 32) != 6 {
        return Err(FileError::corrupt("bad compound file header"));
    }
    let version = u16_at(file, 26);
    let sectors = Sectors { data: &file[sector..], size: sector };

    // The DIFAT: 109 ids in the header, then a chain whose sectors end with the next link.
    let mut difat: Vec<u32> = u32s(&file[76..512]).collect();
    let mut next = u32_at(file, 68);
    let mut links = 0usize;
    while next < MAX_REGULAR {
        links += 1;
        if links > sectors.count() {
            return Err(bad());
        }
        difat.extend(u32s(sectors.get(next).ok_or_else(bad)?));
        next = difat.pop().ok_or_else(bad)?;
    }
    let fat_sectors: Vec<u32> = difat.into_iter().filter(|&id| id < DIFSECT).collect();
    if fat_sectors.len() > sectors.count() {
        return Err(bad());
    }
    let mut fat = Vec::with_capacity(fat_sectors.len() * sector / 4);
    for id in fat_sectors {
        fat.extend(u32s(sectors.get(id).ok_or_else(bad)?));
    }

    let directory = sectors.chain(u32_at(file, 48), &fat, u64::MAX)?;
    let entries: Vec<Entry> =
        directory.chunks_exact(128).map(|e| Entry::parse(e, sector)).collect();
    let Some(root) = entries.first() else {
        return Err(FileError::corrupt("empty directory"));
    };
    if version != 3 && root.start == END_OF_CHAIN {
        return Err(FileError::corrupt("empty root"));
    }
    if entries.iter().any(|e| e.name.eq_ignore_ascii_case("EncryptedPackage")) {
        return Err(FileError::Encrypted);
    }

    let mini_fat_sectors = u32_at(file, 64) as u64;
    let (mini_stream, mini_fat) = if mini_fat_sectors > 0 {
        let stream = sectors.chain(root.start, &fat, root.len)?;
        let mini_fat_len = mini_fat_sectors.saturating_mul(sector as u64);
        let mini_fat = sectors.chain(u32_at(file, 60), &fat, mini_fat_len)?;
        (stream, u32s(&mini_fat).collect())
    } else {
        (Vec::new(), Vec::new())
    };

    let find = |name: &str| entries.iter().find(|e| e.name.eq_ignore_ascii_case(name));
    let Some(book) = find("Workbook").or_else(|| find("Book")) else {
        return Err(FileError::corrupt("no Workbook stream"));
    };
    if book.len < MINI_CUTOFF {
        let minis = Sectors { data: &mini_stream, size: MINI_SECTOR };
        minis.chain(book.start, &mini_fat, book.len)
    } else {
        sectors.chain(book.start, &fat, book.len)
    }
}

/// The sectors after the header; only whole sectors count.
struct Sectors<'a> {
    data: &'a [u8],
    size: usize,
}

impl Sectors<'_> {
    fn count(&self) -> usize {
        self.data.len() / self.size
    }

    fn get(&self, id: u32) -> Option<&[u8]> {
        let start = (id as usize).checked_mul(self.size)?;
        self.data.get(start..start.checked_add(self.size)?)
    }

    /// Follows a chain until its end or until `len` bytes are read, as calamine does, but
    /// refuses a chain that visits a sector twice or leaves the file.
    fn chain(&self, start: u32, fat: &[u32], len: u64) -> Result<Vec<u8>, FileError> {
        let mut seen = vec![false; self.count()];
        let mut out = Vec::new();
        let mut id = start;
        while id != END_OF_CHAIN {
            let sector = self.get(id).ok_or(FileError::Malformed)?;
            let visited = &mut seen[id as usize];
            if *visited {
                return Err(FileError::Malformed);
            }
            *visited = true;
            let remaining = len - out.len() as u64;
            out.extend_from_slice(&sector[..(sector.len() as u64).min(remaining) as usize]);
            if out.len() as u64 >= len {
                break;
            }
            id = *fat.get(id as usize).ok_or(FileError::Malformed)?;
        }
        Ok(out)
    }
}

struct Entry {
    name: String,
    start: u32,
    len: u64,
}

impl Entry {
    fn parse(raw: &[u8], sector: usize) -> Entry {
        let units: Vec<u16> =
            raw[..64].chunks_exact(2).map(|u| u16::from_le_bytes([u[0], u[1]])).collect();
        let end = units.iter().position(|&u| u == 0).unwrap_or(units.len());
        let name = String::from_utf16_lossy(&units[..end]);
        let len = if sector == 512 {
            u32_at(raw, 120) as u64
        } else {
            u64::from_le_bytes(raw[120..128].try_into().expect("8 bytes"))
        };
        Entry { name, start: u32_at(raw, 116), len }
    }
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u32s(b: &[u8]) -> impl Iterator<Item = u32> + '_ {
    b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
}
