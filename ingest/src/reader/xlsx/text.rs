//! Character data as the xlsx parts write it: XML's entities and line ends, and Excel's own
//! `_xHHHH_` escapes.

use super::xml::{find, find2};

/// Appends character data to `out`: line ends normalised (`\r\n` and a lone `\r` become
/// `\n`) and, in text outside CDATA, entities decoded. Returns how much of `raw` it consumed:
/// all of it when `complete`, else perhaps not a trailing `\r` or entity that needs the next
/// bytes. Past `cap` bytes of output it consumes without appending.
pub(super) fn decode(
    raw: &[u8],
    complete: bool,
    entities: bool,
    out: &mut Vec<u8>,
    cap: usize,
) -> Result<usize, &'static str> {
    let mut i = 0;
    loop {
        if out.len() > cap {
            return Ok(raw.len());
        }
        let rest = &raw[i..];
        let special = if entities { find2(rest, b'&', b'\r') } else { find(rest, b'\r') };
        let Some(j) = special else {
            out.extend_from_slice(rest);
            return Ok(raw.len());
        };
        out.extend_from_slice(&rest[..j]);
        let at = i + j;
        if raw[at] == b'\r' {
            match raw.get(at + 1) {
                Some(b'\n') => i = at + 2,
                Some(_) => i = at + 1,
                None if complete => i = at + 1,
                None => return Ok(at),
            }
            out.push(b'\n');
        } else {
            match entity(&raw[at..])? {
                Some((c, len)) => {
                    let mut utf8 = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
                    i = at + len;
                }
                None if complete => return Err("a truncated entity"),
                None => return Ok(at),
            }
        }
    }
}

/// The longest entity reference this reader decodes: `&#x10FFFF;`, `&#1114111;`, `&quot;`.
const MAX_ENTITY: usize = 12;

/// The entity reference at the start of `s` (which starts with '&') and its length; `None`
/// when `s` ends before its ';' could.
fn entity(s: &[u8]) -> Result<Option<(char, usize)>, &'static str> {
    let Some(semi) = find(&s[..s.len().min(MAX_ENTITY)], b';') else {
        return if s.len() < MAX_ENTITY { Ok(None) } else { Err("an unknown entity") };
    };
    let c = match &s[1..semi] {
        b"amp" => '&',
        b"lt" => '<',
        b"gt" => '>',
        b"quot" => '"',
        b"apos" => '\'',
        [b'#', b'x' | b'X', hex @ ..] => char_ref(hex, 16)?,
        [b'#', dec @ ..] => char_ref(dec, 10)?,
        _ => return Err("an unknown entity"),
    };
    Ok(Some((c, semi + 1)))
}

fn char_ref(digits: &[u8], radix: u32) -> Result<char, &'static str> {
    let text = std::str::from_utf8(digits).map_err(|_| "a bad character reference")?;
    if text.is_empty() || text.starts_with('+') {
        return Err("a bad character reference");
    }
    u32::from_str_radix(text, radix)
        .ok()
        .filter(|&n| n != 0)
        .and_then(char::from_u32)
        .ok_or("a bad character reference")
}

/// An attribute value with its entities decoded.
pub(super) fn decode_value(raw: &[u8]) -> Result<String, &'static str> {
    let mut out = Vec::with_capacity(raw.len());
    decode(raw, true, true, &mut out, usize::MAX)?;
    String::from_utf8(out).map_err(|_| "an attribute that is not UTF-8")
}

/// Excel's own escapes in text: `_xHHHH_` is the UTF-16 code unit HHHH (a pair of them a
/// character beyond the BMP; a lone surrogate becomes U+FFFD). `_x005F_` escapes the `_` of a
/// literal `_x...`. Applied to `out[from..]`, which must be UTF-8.
pub(super) fn unescape_excel(out: &mut Vec<u8>, from: usize) {
    // Where the first `_x` starts, from `from`.
    let mut at = from;
    let first = loop {
        match find(&out[at..], b'_') {
            None => return,
            Some(i) if out.get(at + i + 1) == Some(&b'x') => break at + i - from,
            Some(i) => at += i + 1,
        }
    };
    let piece = out.split_off(from);
    out.extend_from_slice(&piece[..first]);
    let mut i = first;
    while i < piece.len() {
        let Some(unit) = escape_at(&piece, i) else {
            out.push(piece[i]);
            i += 1;
            continue;
        };
        i += 7;
        let c = match unit {
            0xD800..=0xDBFF => match escape_at(&piece, i) {
                Some(low @ 0xDC00..=0xDFFF) => {
                    i += 7;
                    char::from_u32(
                        0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00),
                    )
                }
                _ => None,
            },
            unit => char::from_u32(u32::from(unit)),
        };
        let mut utf8 = [0u8; 4];
        out.extend_from_slice(
            c.unwrap_or(char::REPLACEMENT_CHARACTER).encode_utf8(&mut utf8).as_bytes(),
        );
    }
}

/// The code unit of an `_xHHHH_` escape at `at`.
fn escape_at(s: &[u8], at: usize) -> Option<u16> {
    let e = s.get(at..at + 7)?;
    if e[0] != b'_' || e[1] != b'x' || e[6] != b'_' || !e[2..6].iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(&e[2..6]).ok()?, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excel_escapes_decode_like_calamine() {
        let cases = [
            ("plain", "plain"),
            ("a_x000D_b", "a\rb"),
            ("_x005F_x000D_", "_x000D_"),
            ("_xD83D__xDE00_", "😀"),
            ("_xD83D_x", "\u{FFFD}x"),
            ("_xDE00_", "\u{FFFD}"),
            ("_x00e9_t_x", "ét_x"),
            ("_x12G4_", "_x12G4_"),
        ];
        for (escaped, text) in cases {
            let mut out = b"keep".to_vec();
            out.extend_from_slice(escaped.as_bytes());
            unescape_excel(&mut out, 4);
            assert_eq!(String::from_utf8(out).unwrap(), format!("keep{text}"), "{escaped}");
        }
    }
}
