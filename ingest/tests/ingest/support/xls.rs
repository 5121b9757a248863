//! .xls files built by hand: BIFF8 records in a compound file. No .xls writer is available
//! without LibreOffice, so the tests write the format directly — enough of it for calamine to
//! read labels and numbers, and enough control to craft the hostile variants.

/// A BIFF8 record.
pub fn record(typ: u16, data: &[u8]) -> Vec<u8> {
    let mut r = typ.to_le_bytes().to_vec();
    r.extend((data.len() as u16).to_le_bytes());
    r.extend(data);
    r
}

fn bof(kind: u16) -> Vec<u8> {
    let mut d = 0x0600u16.to_le_bytes().to_vec();
    d.extend(kind.to_le_bytes());
    d.extend([0u8; 12]);
    record(0x0809, &d)
}

pub fn eof() -> Vec<u8> {
    record(0x000A, &[])
}

/// DIMENSIONS: first row, one past the last row, first column, one past the last column.
pub fn dimensions(first_row: u32, end_row: u32, first_col: u16, end_col: u16) -> Vec<u8> {
    let mut d = first_row.to_le_bytes().to_vec();
    d.extend(end_row.to_le_bytes());
    d.extend(first_col.to_le_bytes());
    d.extend(end_col.to_le_bytes());
    d.extend([0u8; 2]);
    record(0x0200, &d)
}

/// LABEL: a UTF-16 string cell.
pub fn label(row: u16, col: u16, text: &str) -> Vec<u8> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut d = row.to_le_bytes().to_vec();
    d.extend(col.to_le_bytes());
    d.extend(0u16.to_le_bytes());
    d.extend((units.len() as u16).to_le_bytes());
    d.push(1);
    for u in units {
        d.extend(u.to_le_bytes());
    }
    record(0x0204, &d)
}

/// NUMBER: a floating-point cell.
pub fn number(row: u16, col: u16, value: f64) -> Vec<u8> {
    let mut d = row.to_le_bytes().to_vec();
    d.extend(col.to_le_bytes());
    d.extend(0u16.to_le_bytes());
    d.extend(value.to_le_bytes());
    record(0x0203, &d)
}

/// A Workbook stream with one worksheet holding `sheet_records` (between its BOF and EOF).
pub fn workbook_stream(name: &str, globals_extra: &[u8], sheet_records: &[u8]) -> Vec<u8> {
    let mut globals = bof(0x0005);
    globals.extend(globals_extra);
    let bound_sheet_len = 4 + 8 + 2 * name.encode_utf16().count();
    let sheet_pos = globals.len() + bound_sheet_len + 4;
    let mut d = (sheet_pos as u32).to_le_bytes().to_vec();
    d.extend([0u8, 0u8]);
    d.push(name.encode_utf16().count() as u8);
    d.push(1);
    for u in name.encode_utf16() {
        d.extend(u.to_le_bytes());
    }
    globals.extend(record(0x0085, &d));
    globals.extend(eof());
    assert_eq!(globals.len(), sheet_pos);
    let mut stream = globals;
    stream.extend(bof(0x0010));
    stream.extend(sheet_records);
    stream.extend(eof());
    stream
}

const FREE: u32 = 0xFFFF_FFFF;
const END: u32 = 0xFFFF_FFFE;
const FAT_SECTOR: u32 = 0xFFFF_FFFD;

/// How to damage the compound file, for the hostile tests.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    None,
    /// The directory sector's FAT entry points back at itself.
    DirectoryCycle,
    /// The stream's last sector links back to its first, and its size is declared huge.
    StreamCycle,
}

/// A compound file (512-byte sectors) holding `stream` as "Workbook". The stream is padded to
/// at least 4096 bytes so it lives in regular sectors.
pub fn compound(stream: &[u8], damage: Damage) -> Vec<u8> {
    let mut stream = stream.to_vec();
    let padded = stream.len().max(4096).div_ceil(512) * 512;
    let declared = stream.len().max(4096) as u32;
    stream.resize(padded, 0);
    let stream_sectors = padded / 512;
    // FAT sectors come first, then the directory, then the stream.
    let mut fat_sectors = 1;
    while fat_sectors * 128 < fat_sectors + 1 + stream_sectors {
        fat_sectors += 1;
    }
    assert!(fat_sectors <= 109, "test streams stay small");
    let dir = fat_sectors as u32;
    let first = dir + 1;
    let mut fat = vec![FREE; fat_sectors * 128];
    fat[..fat_sectors].fill(FAT_SECTOR);
    fat[dir as usize] = if damage == Damage::DirectoryCycle { dir } else { END };
    for i in 0..stream_sectors as u32 {
        let last = i + 1 == stream_sectors as u32;
        fat[(first + i) as usize] = match (last, damage) {
            (true, Damage::StreamCycle) => first,
            (true, _) => END,
            (false, _) => first + i + 1,
        };
    }

    let mut header = vec![0u8; 512];
    header[..8].copy_from_slice(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1");
    header[24..26].copy_from_slice(&0x003Eu16.to_le_bytes());
    header[26..28].copy_from_slice(&3u16.to_le_bytes());
    header[28..30].copy_from_slice(&0xFFFEu16.to_le_bytes());
    header[30..32].copy_from_slice(&9u16.to_le_bytes());
    header[32..34].copy_from_slice(&6u16.to_le_bytes());
    header[44..48].copy_from_slice(&(fat_sectors as u32).to_le_bytes());
    header[48..52].copy_from_slice(&dir.to_le_bytes());
    header[56..60].copy_from_slice(&4096u32.to_le_bytes());
    header[60..64].copy_from_slice(&END.to_le_bytes());
    header[68..72].copy_from_slice(&END.to_le_bytes());
    for i in 0..109 {
        let id = if i < fat_sectors { i as u32 } else { FREE };
        header[76 + i * 4..80 + i * 4].copy_from_slice(&id.to_le_bytes());
    }

    let mut directory = vec![0u8; 512];
    let size = if damage == Damage::StreamCycle { u32::MAX } else { declared };
    entry(&mut directory[..128], "Root Entry", 5, END, 0, 1);
    entry(&mut directory[128..256], "Workbook", 2, first, size, FREE);

    let mut file = header;
    for v in fat {
        file.extend(v.to_le_bytes());
    }
    file.extend(directory);
    file.extend(stream);
    file
}

fn entry(e: &mut [u8], name: &str, kind: u8, start: u32, size: u32, child: u32) {
    let units: Vec<u16> = name.encode_utf16().collect();
    for (i, u) in units.iter().enumerate() {
        e[i * 2..i * 2 + 2].copy_from_slice(&u.to_le_bytes());
    }
    e[64..66].copy_from_slice(&(((units.len() + 1) * 2) as u16).to_le_bytes());
    e[66] = kind;
    e[67] = 1;
    e[68..72].copy_from_slice(&FREE.to_le_bytes());
    e[72..76].copy_from_slice(&FREE.to_le_bytes());
    e[76..80].copy_from_slice(&child.to_le_bytes());
    e[116..120].copy_from_slice(&start.to_le_bytes());
    e[120..124].copy_from_slice(&size.to_le_bytes());
}

/// A sheet of text and number cells, rows from A1; `None` leaves a cell blank.
pub fn cells(rows: &[Vec<Option<Cell<'_>>>]) -> Vec<u8> {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = dimensions(0, rows.len() as u32, 0, width as u16);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            match cell {
                Some(Cell::Text(t)) => out.extend(label(r as u16, c as u16, t)),
                Some(Cell::Number(n)) => out.extend(number(r as u16, c as u16, *n)),
                None => {}
            }
        }
    }
    out
}

pub enum Cell<'a> {
    Text(&'a str),
    Number(f64),
}

/// One SST string: character count, flags (8-bit when ASCII, else UTF-16), characters.
fn sst_string(s: &str) -> Vec<u8> {
    let mut d = Vec::new();
    if s.is_ascii() {
        d.extend((s.len() as u16).to_le_bytes());
        d.push(0);
        d.extend(s.as_bytes());
    } else {
        let units: Vec<u16> = s.encode_utf16().collect();
        d.extend((units.len() as u16).to_le_bytes());
        d.push(1);
        d.extend(units.iter().flat_map(|u| u.to_le_bytes()));
    }
    d
}

fn sst_head(count: usize) -> Vec<u8> {
    let count = (count as u32).to_le_bytes();
    [count, count].concat()
}

/// SST: the shared-string table in one record.
#[allow(dead_code)] // used by the memory test binary
pub fn sst(strings: &[&str]) -> Vec<u8> {
    let mut d = sst_head(strings.len());
    d.extend(strings.iter().flat_map(|s| sst_string(s)));
    record(0x00FC, &d)
}

/// SST whose ASCII string `long` (after `before`) is cut after `split` characters: the rest
/// goes on in a CONTINUE record, which starts with its own flags byte, followed by `after`.
pub fn sst_continued(before: &[&str], long: &str, split: usize, after: &[&str]) -> Vec<u8> {
    assert!(long.is_ascii());
    let mut first = sst_head(before.len() + 1 + after.len());
    first.extend(before.iter().flat_map(|s| sst_string(s)));
    first.extend((long.len() as u16).to_le_bytes());
    first.push(0);
    first.extend(&long.as_bytes()[..split]);
    let mut next = vec![0u8];
    next.extend(&long.as_bytes()[split..]);
    next.extend(after.iter().flat_map(|s| sst_string(s)));
    [record(0x00FC, &first), record(0x003C, &next)].concat()
}

/// LABELSST: a cell showing shared string `index`.
pub fn label_sst(row: u16, col: u16, index: u32) -> Vec<u8> {
    let mut d = row.to_le_bytes().to_vec();
    d.extend(col.to_le_bytes());
    d.extend(0u16.to_le_bytes());
    d.extend(index.to_le_bytes());
    record(0x00FD, &d)
}

/// BOUNDSHEET: a worksheet named `name` (UTF-16) whose substream starts at `pos`.
pub fn bound_sheet(pos: u32, name: &str) -> Vec<u8> {
    let mut d = pos.to_le_bytes().to_vec();
    d.extend([0u8, 0u8]);
    d.push(name.encode_utf16().count() as u8);
    d.push(1);
    d.extend(name.encode_utf16().flat_map(|u| u.to_le_bytes()));
    record(0x0085, &d)
}
